package tool

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// naivePosition is what Position computed before lines were indexed with
// character checkpoints: the line found by scanning, the column counted
// from the line start.
func naivePosition(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	line = bytes.Count(data[:off], []byte{'\n'}) + 1
	if start == 0 && hasBOM(data) && off >= 3 {
		start = 3
	}
	return line, utf8.RuneCount(data[start:off]) + 1
}

// naiveLineOffset is what the snippet window did: decode line n from its
// start, skipping chars characters.
func naiveLineOffset(line []byte, chars int) (int, bool) {
	n, i := 0, 0
	for i < len(line) && n < chars {
		_, size := utf8.DecodeRune(line[i:])
		i += size
		n++
	}
	return i, n >= chars
}

// positionTexts are files of every shape positions must handle: empty,
// ASCII, byte-order marks, CRLF, invalid UTF-8, lines far longer than the
// checkpoint spacing (one minified line), characters of every width
// straddling checkpoints, and random bytes.
func positionTexts() []string {
	rng := rand.New(rand.NewPCG(3, 4))
	texts := []string{
		"", "{}", "\n\n\n", "\ufeff", "\ufeff\n", "\ufeff\r\n{}",
		"\ufeff{\"a\": 1,\n \"é\": [\n\t\"😀\", 2]\n}\n",
		"{\r\n  \"k\": \"\xff\xfe bad\",\r\n  \"v\": \"ok\"\r\n}",
		strings.Repeat(`{"k":"vé",`, 3000) + "\n" + strings.Repeat("x", 5000),
		strings.Repeat("a", markEvery-1) + "é" + strings.Repeat("b", markEvery-2) + "😀\xe2\x82" + strings.Repeat("€", 700),
		"\ufeff" + strings.Repeat(`"注文":"😀",`, 2000),
		strings.Repeat(`{"name":"t","d":"plain ascii"},`, 500),
	}
	pieces := []string{"a", "\n", "\r\n", "é", "€", "😀", "\xff", "\xe2\x82", "\xf0\x9f", "\x80", "{\"k\":1}", strings.Repeat("z", 300)}
	for i := 0; i < 30; i++ {
		var b strings.Builder
		if i%5 == 0 {
			b.WriteString("\ufeff")
		}
		for b.Len() < 200+rng.IntN(6000) {
			p := pieces[rng.IntN(len(pieces))]
			if i%3 == 0 && p == "\n" {
				continue // some files are one line
			}
			b.WriteString(p)
		}
		texts = append(texts, b.String())
	}
	for i := 0; i < 10; i++ {
		raw := make([]byte, rng.IntN(3000))
		for j := range raw {
			raw[j] = byte(rng.IntN(256))
		}
		texts = append(texts, string(raw))
	}
	return texts
}

// Position agrees with counting from the line start at every offset (and
// out of range), and LineOffset with decoding the line from its start for
// every character count, on files of every shape.
func TestIndexedPositionsAgreeWithCounting(t *testing.T) {
	for ti, text := range positionTexts() {
		data := []byte(text)
		src := &Source{Path: "x.json", Data: data}
		step := max(1, len(data)/3000) // every offset of a small file, a spread of a large one
		for off := -2; off <= len(data)+2; off += step + ti%step {
			l, c := src.Position(int32(off))
			wl, wc := naivePosition(data, off)
			if l != wl || c != wc {
				t.Fatalf("text %d, offset %d: got %d:%d, counting gives %d:%d", ti, off, l, c, wl, wc)
			}
		}
		lines := bytes.Count(data, []byte{'\n'}) + 1
		for n := 0; n <= lines+1; n += 1 + lines/50 {
			line := src.LineBytes(n)
			count := utf8.RuneCount(line)
			for chars := -1; chars <= count+2; chars += 1 + count/500 {
				off, ok := src.LineOffset(n, chars)
				woff, wok := naiveLineOffset(line, chars)
				if ok != wok || (ok && off != woff) {
					t.Fatalf("text %d, line %d, %d characters: got %d,%v, decoding gives %d,%v", ti, n, chars, off, ok, woff, wok)
				}
			}
		}
	}
}

// A Positioner, which searches for each line from the previous one, gives
// Position's answer for offsets in any order: ascending, descending, near
// and far apart, out of range. The line index matches a plain scan for
// newlines, and the file's ASCII-ness a plain scan for bytes above 0x7F
// (wherever they sit in the eight-byte words lineStarts reads).
func TestPositionerAgreesWithPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	texts := append(positionTexts(), strings.Repeat("{\n  \"k\": 1,\n", 4000), strings.Repeat("\n", 100),
		"abcdefg\x80", "\x80bcdefgh\n", strings.Repeat("a\n", 20)+"é", "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\xff")
	for ti, text := range texts {
		data := []byte(text)
		src := &Source{Path: "x.json", Data: data}
		src.index()
		want := []int32{0}
		for i, b := range data {
			if b == '\n' {
				want = append(want, int32(i+1))
			}
		}
		if !slices.Equal(src.lines, want) {
			t.Fatalf("text %d: line starts %v, want %v", ti, src.lines, want)
		}
		ascii := !slices.ContainsFunc(data, func(b byte) bool { return b >= utf8.RuneSelf })
		if (src.marks == nil) != ascii {
			t.Fatalf("text %d: checkpoints %v for a file whose ASCII-ness is %v", ti, src.marks != nil, ascii)
		}
		var offs []int32
		for off := -2; off <= len(data)+2; off += 1 + len(data)/500 {
			offs = append(offs, int32(off))
		}
		walk := slices.Clone(offs)
		slices.Reverse(walk)
		offs = append(offs, walk...)
		for i := 0; i < 2000; i++ {
			switch last := offs[len(offs)-1]; i % 3 {
			case 0: // anywhere
				offs = append(offs, int32(rng.IntN(len(data)+5)-2))
			default: // near the last one
				offs = append(offs, last+int32(rng.IntN(200)-100))
			}
		}
		p := src.Positioner()
		for _, off := range offs {
			l, c := p.Position(off)
			wl, wc := src.Position(off)
			if l != wl || c != wc {
				t.Fatalf("text %d, offset %d: Positioner gives %d:%d, Position %d:%d", ti, off, l, c, wl, wc)
			}
		}
	}
}
