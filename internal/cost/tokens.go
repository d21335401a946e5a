package cost

import (
	"strings"
	"sync"

	"github.com/tiktoken-go/tokenizer/codec"
)

// o200k is OpenAI's o200k_base encoding (GPT-4o, GPT-4.1, GPT-5, o-series),
// from github.com/tiktoken-go/tokenizer's embedded vocabulary: no network.
// Its Count is safe for concurrent use (a read-only vocabulary and a
// compiled regexp).
var o200k = sync.OnceValue(codec.NewO200kBase)

// Encoding names the tokenizer the figures come from.
const Encoding = "o200k_base"

// counter counts o200k_base tokens of the lines of a compiled file. It is
// not safe for concurrent use: each worker has its own (pooled).
//
// Why lines, and why it is exact: o200k_base first splits text into
// pieces with a regular expression, then encodes each piece alone. In a
// file as compile writes it (two-space indentation, one member or item
// per line, no blank line, no line ending in a space, no raw line break
// inside a string), every line break ends a piece and the next piece
// starts the next line, so the file's count is the sum of its lines'
// counts. Inside a line, the indentation's spaces but the last are one
// piece (`\s+(?!\S)`) and the last space starts the next piece (` "key`),
// so a line of depth d > 0 counts as spaces(2d-1) plus " "+content+"\n",
// and the second part does not depend on the depth: lines repeat across
// depths, tools and targets (a tool's description is the same line for
// every provider), and their counts are cached. A line of printable
// ASCII is split into pieces by hand (splitASCII, the expression's
// alternatives in order), each piece encoded once per counter; any other
// line goes to the library whole. Tests compare every figure with the
// library's count of the whole file (compile.Encode's bytes).
type counter struct {
	lines   map[string]int32
	pieces  map[string]int32
	cached  int // bytes of keys held
	indent  []int32
	scratch []byte
	lineBuf []byte // layout's
}

const (
	maxCachedLine = 8 << 10 // longer lines are counted each time
	maxCacheBytes = 2 << 20 // per counter: small enough to stay in the processor's cache
)

var counters = newPool()

func newPool() *sync.Pool {
	return &sync.Pool{New: func() any {
		return &counter{lines: map[string]int32{}, pieces: map[string]int32{}}
	}}
}

// lineTokens counts one line: depth is its indentation level, content the
// text after the indentation, without the line break.
func (c *counter) lineTokens(depth int, content []byte) int {
	n := 0
	buf := c.scratch[:0]
	if depth > 0 {
		n = c.indentTokens(depth)
		buf = append(buf, ' ')
	}
	buf = append(buf, content...)
	buf = append(buf, '\n')
	c.scratch = buf
	if len(buf) <= maxCachedLine {
		if k, ok := c.lines[string(buf)]; ok {
			return n + int(k)
		}
	}
	k := c.count(buf)
	if len(buf) <= maxCachedLine {
		c.remember()
		c.lines[string(buf)] = int32(k)
		c.cached += len(buf)
	}
	return n + k
}

// remember makes room for one more cached count: a full cache starts
// over, keeping what recurs soon (the same tool's lines for the next
// target, the structure lines of the next tools) and bounding memory.
func (c *counter) remember() {
	if c.cached >= maxCacheBytes {
		clear(c.lines)
		clear(c.pieces)
		c.cached = 0
	}
}

func (c *counter) indentTokens(depth int) int {
	for len(c.indent) <= depth {
		d := len(c.indent)
		k := 0
		if d > 0 {
			k = libraryCount(strings.Repeat(" ", 2*d-1))
		}
		c.indent = append(c.indent, int32(k))
	}
	return int(c.indent[depth])
}

// count is the o200k_base count of s, a whole number of pieces.
func (c *counter) count(s []byte) int {
	if !printableASCII(s) {
		return libraryCount(string(s))
	}
	n := 0
	splitASCII(s, func(p []byte) {
		if k, ok := c.pieces[string(p)]; ok {
			n += int(k)
			return
		}
		k := libraryCount(string(p))
		c.remember()
		c.pieces[string(p)] = int32(k)
		c.cached += len(p)
		n += k
	})
	return n
}

func libraryCount(s string) int {
	n, err := o200k().Count(s)
	if err != nil {
		// The default error mode never fails on text; a failure would be
		// the library's bug: count bytes rather than nothing.
		return len(s)
	}
	return n
}

// printableASCII: bytes 0x20–0x7E and '\n' only, the classes splitASCII
// knows.
func printableASCII(s []byte) bool {
	for _, b := range s {
		if (b < 0x20 || b > 0x7E) && b != '\n' {
			return false
		}
	}
	return true
}

func isUpper(b byte) bool  { return b >= 'A' && b <= 'Z' }
func isLower(b byte) bool  { return b >= 'a' && b <= 'z' }
func isLetter(b byte) bool { return isUpper(b) || isLower(b) }
func isDigit(b byte) bool  { return b >= '0' && b <= '9' }
func isSpace(b byte) bool  { return b == ' ' || b == '\n' }
func isPunct(b byte) bool  { return !isSpace(b) && !isLetter(b) && !isDigit(b) }

// splitASCII splits s (printableASCII) into o200k_base's pieces, calling
// fn for each in order. The expression, alternative by alternative (the
// first that matches at a position wins):
//
//  1. [^\r\n\p{L}\p{N}]?[\p{Lu}…]*[\p{Ll}…]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//  2. [^\r\n\p{L}\p{N}]?[\p{Lu}…]+[\p{Ll}…]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//  3. \p{N}{1,3}
//  4. ?[^\s\p{L}\p{N}]+[\r\n/]*
//  5. \s*[\r\n]+
//  6. \s+(?!\S)
//  7. \s+
func splitASCII(s []byte, fn func([]byte)) {
	for i := 0; i < len(s); {
		end := pieceEnd(s, i)
		fn(s[i:end])
		i = end
	}
}

func pieceEnd(s []byte, i int) int {
	c := s[i]
	// 1 and 2: an optional prefix (anything but a line break, letter or
	// digit), then letters. The prefix and a letter at i exclude each
	// other, so there is no other way to try.
	j := i
	if c != '\n' && !isLetter(c) && !isDigit(c) {
		j = i + 1
	}
	u := j
	for u < len(s) && isUpper(s[u]) {
		u++
	}
	l := u
	for l < len(s) && isLower(s[l]) {
		l++
	}
	if l > u || u > j { // 1 (lower letters after the capitals) or 2 (capitals alone)
		return contraction(s, l)
	}
	// 3.
	if isDigit(c) {
		k := i + 1
		for k < len(s) && k < i+3 && isDigit(s[k]) {
			k++
		}
		return k
	}
	// 4.
	k := i
	if c == ' ' {
		k++
	}
	p := k
	for p < len(s) && isPunct(s[p]) {
		p++
	}
	if p > k {
		for p < len(s) && (s[p] == '\n' || s[p] == '/') {
			p++
		}
		return p
	}
	// 5, 6, 7: c is a space or a line break.
	w := i
	lastNL := -1
	for w < len(s) && isSpace(s[w]) {
		if s[w] == '\n' {
			lastNL = w
		}
		w++
	}
	switch {
	case lastNL >= 0:
		return lastNL + 1
	case w == len(s):
		return w
	case w-i >= 2:
		return w - 1
	}
	return w
}

// contraction extends a letters piece ending at e by an English
// contraction ('s 't 're 've 'm 'll 'd, any case).
func contraction(s []byte, e int) int {
	if e+1 >= len(s) || s[e] != '\'' {
		return e
	}
	lower := func(b byte) byte {
		if isUpper(b) {
			return b + 'a' - 'A'
		}
		return b
	}
	switch lower(s[e+1]) {
	case 's', 't', 'm', 'd':
		return e + 2
	case 'r':
		if e+2 < len(s) && lower(s[e+2]) == 'e' {
			return e + 3
		}
	case 'v':
		if e+2 < len(s) && lower(s[e+2]) == 'e' {
			return e + 3
		}
	case 'l':
		if e+2 < len(s) && lower(s[e+2]) == 'l' {
			return e + 3
		}
	}
	return e
}
