package jsonvalue

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// Every character of a decoded string maps to where the literal writes
// it, raw or escaped (one \u escape, a surrogate pair, \n and friends),
// and a non-boundary or out-of-range offset is refused.
func TestStringOffset(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	chars := []rune{'a', 'é', '漢', '😀', 0x200B, 0x202E, 0xFE0F, 0xE0041, 0xE0100, '"', '\\', '\n', '/', 0x7F}
	for range 2000 {
		var raw strings.Builder
		raw.WriteByte('"')
		var want []int // raw offset of each character
		var text []rune
		for range rng.IntN(12) {
			r := chars[rng.IntN(len(chars))]
			text = append(text, r)
			want = append(want, raw.Len())
			switch {
			case r == '"' || r == '\\':
				raw.WriteString(`\` + string(r))
			case r == '\n':
				raw.WriteString(`\n`)
			case rng.IntN(2) == 0 && r > 0xFFFF:
				a, b := utf16.EncodeRune(r)
				fmt.Fprintf(&raw, `\u%04x\u%04X`, a, b)
			case rng.IntN(2) == 0:
				fmt.Fprintf(&raw, `\u%04x`, r)
				if r > 0xFFFF {
					// Not expressible in one escape: write it raw.
					s := raw.String()
					raw.Reset()
					raw.WriteString(s[:want[len(want)-1]])
					raw.WriteRune(r)
				}
			default:
				raw.WriteRune(r)
			}
		}
		raw.WriteByte('"')
		data := []byte(raw.String())
		v, err := Parse(data)
		if err != nil || v.Text != string(text) {
			t.Fatalf("%s: %v %q", data, err, v.Text)
		}
		d := 0
		for i, r := range text {
			off, size, ok := StringOffset(data, d)
			if !ok || off != want[i] {
				t.Fatalf("%s: char %d (%U) at decoded %d: got %d %v, want %d", data, i, r, d, off, ok, want[i])
			}
			if end := off + size; end > len(data)-1 || (i+1 < len(want) && end != want[i+1]) {
				t.Fatalf("%s: char %d size %d", data, i, size)
			}
			d += utf8.RuneLen(r)
			if utf8.RuneLen(r) > 1 {
				if _, _, ok := StringOffset(data, d-1); ok {
					t.Fatalf("%s: offset %d inside a character accepted", data, d-1)
				}
			}
		}
		if _, _, ok := StringOffset(data, d); ok {
			t.Fatalf("%s: offset past the end accepted", data)
		}
	}
	if _, _, ok := StringOffset([]byte("abc"), 0); ok {
		t.Error("not a literal accepted")
	}
}
