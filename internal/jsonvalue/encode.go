package jsonvalue

import (
	"encoding/json"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// Encode renders v as JSON the way JavaScript's JSON.stringify does
// (no HTML escaping, U+2028/U+2029 literal), keeping key order and number
// literals. indent "" gives compact output.
func Encode(v *Value, indent string) string {
	var b strings.Builder
	encode(&b, v, indent, "")
	return b.String()
}

// EncodeIndented renders v for embedding in an already indented document:
// nested lines start with prefix.
func EncodeIndented(v *Value, prefix, indent string) string {
	var b strings.Builder
	encode(&b, v, indent, prefix)
	return b.String()
}

func encode(b *strings.Builder, v *Value, indent, cur string) {
	if v == nil {
		b.WriteString("null")
		return
	}
	switch v.Kind {
	case Null, Absent:
		b.WriteString("null")
	case Bool, Number:
		b.WriteString(v.Text)
	case String:
		writeString(b, v.Text)
	case Array:
		if len(v.Items) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		next := cur + indent
		for i := range v.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			if indent != "" {
				b.WriteByte('\n')
				b.WriteString(next)
			}
			encode(b, &v.Items[i], indent, next)
		}
		if indent != "" {
			b.WriteByte('\n')
			b.WriteString(cur)
		}
		b.WriteByte(']')
	case Object:
		if len(v.Members) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		next := cur + indent
		for i := range v.Members {
			if i > 0 {
				b.WriteByte(',')
			}
			if indent != "" {
				b.WriteByte('\n')
				b.WriteString(next)
			}
			writeString(b, v.Members[i].Key)
			b.WriteByte(':')
			if indent != "" {
				b.WriteByte(' ')
			}
			encode(b, &v.Members[i].Value, indent, next)
		}
		if indent != "" {
			b.WriteByte('\n')
			b.WriteString(cur)
		}
		b.WriteByte('}')
	}
}

// Quote returns s as a JSON string literal with JSON.stringify escaping.
func Quote(s string) string {
	return string(AppendQuote(make([]byte, 0, len(s)+2), s))
}

func writeString(b *strings.Builder, s string) {
	// Short strings are quoted on the stack; AppendQuote only returns
	// the buffer it was given (grown if needed).
	var small [128]byte
	b.Write(AppendQuote(small[:0], s))
}

const hexDigits = "0123456789abcdef"

// AppendQuote appends s as a JSON string literal with JSON.stringify's
// escaping: the escapes of ", \ and control characters, \ufffd for each
// byte that is not UTF-8, every other character as it is (U+2028, <, >
// and & included). Runs of plain bytes are skipped eight at a time
// (specialMask) and copied whole, so reports that quote millions of
// strings stay cheap; only the bytes that need a look (escapes and
// non-ASCII characters) take the byte-by-byte path.
func AppendQuote(buf []byte, s string) []byte {
	return append(AppendEscaped(append(buf, '"'), s), '"')
}

// AppendEscaped appends what AppendQuote puts between the quotes: s with
// JSON.stringify's escaping. A renderer that writes the quotes as part of
// the constant text around s (check's JSON report) saves two appends per
// string. Most strings need no escape at all: they are found so by one
// scan (plainPrefix) and copied in one append.
func AppendEscaped(buf []byte, s string) []byte {
	i := plainPrefix(s)
	if i == len(s) {
		return append(buf, s...)
	}
	start := 0
	for i < len(s) {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				buf = append(buf, s[start:i]...)
				buf = append(buf, `\ufffd`...)
				i++
				start = i
				continue
			}
			i += size
			continue
		}
		if c >= 0x20 && c != '"' && c != '\\' {
			// A plain byte: skip the run it starts, sixteen and then
			// eight bytes at a time, the last few one by one.
			for i++; i+16 <= len(s); i += 16 {
				m := specialMask(load64(s[i : i+8]))
				if m == 0 {
					if m = specialMask(load64(s[i+8 : i+16])); m == 0 {
						continue
					}
					i += 8
				}
				i += bits.TrailingZeros64(m) / 8
				goto next
			}
			for ; i+8 <= len(s); i += 8 {
				if m := specialMask(load64(s[i : i+8])); m != 0 {
					i += bits.TrailingZeros64(m) / 8
					goto next
				}
			}
			for ; i < len(s); i++ {
				if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
					break
				}
			}
		next:
			continue
		}
		buf = append(buf, s[start:i]...)
		switch c {
		case '"':
			buf = append(buf, '\\', '"')
		case '\\':
			buf = append(buf, '\\', '\\')
		case '\b':
			buf = append(buf, '\\', 'b')
		case '\f':
			buf = append(buf, '\\', 'f')
		case '\n':
			buf = append(buf, '\\', 'n')
		case '\r':
			buf = append(buf, '\\', 'r')
		case '\t':
			buf = append(buf, '\\', 't')
		default:
			buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	return append(buf, s[start:]...)
}

// plainPrefix is the length of s's longest prefix of plain bytes: no
// control character, '"', '\\' or non-ASCII byte, which AppendEscaped
// copies as they are. It tests eight bytes at a time (specialMask); the
// last few bytes of a string of eight or more are tested as the word
// that ends the string, which overlaps bytes already found plain: those
// set no bit, so the lowest set bit is still the first special byte.
func plainPrefix(s string) int {
	n := len(s)
	if n < 8 {
		for i := 0; i < n; i++ {
			if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
				return i
			}
		}
		return n
	}
	i := 0
	for ; i+8 <= n; i += 8 {
		if m := specialMask(load64(s[i : i+8])); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	if i < n {
		if m := specialMask(load64(s[n-8:])); m != 0 {
			return n - 8 + bits.TrailingZeros64(m)/8
		}
	}
	return n
}

// Masks for testing eight bytes at once (SWAR): lo has 1 in every byte,
// hi 0x80 in every byte.
const (
	lo = 0x0101010101010101
	hi = 0x8080808080808080
)

// load64 reads the eight bytes of w (len(w) == 8) as a little-endian
// word: byte k of w is byte k of the word. The compiler makes it one load.
func load64(w string) uint64 {
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// specialMask tests the eight bytes of x (load64) for the ones
// AppendQuote must look at: control characters, '"', '\\' and the bytes
// of non-ASCII characters. It returns a word with bit 7 set in the byte
// of every such byte, 0 when all eight are plain.
//
// The < 0x20 and equality tests subtract per byte, and a borrow can set
// bits only in bytes above the first true one, so the lowest set bit
// always marks the first byte that needs a look (higher ones may be
// false, and are never used).
func specialMask(x uint64) uint64 {
	q := x ^ ('"' * lo)
	b := x ^ ('\\' * lo)
	return (x | (x - 0x20*lo) | (q-lo)&^q | (b-lo)&^b) & hi
}

// ToAny converts v into the plain Go values a JSON Schema validator expects,
// with numbers as json.Number so no precision is lost.
func ToAny(v *Value) any {
	if v == nil {
		return nil
	}
	switch v.Kind {
	case Bool:
		return v.Text == "true"
	case Number:
		return json.Number(v.Text)
	case String:
		return v.Text
	case Array:
		out := make([]any, len(v.Items))
		for i := range v.Items {
			out[i] = ToAny(&v.Items[i])
		}
		return out
	case Object:
		out := make(map[string]any, len(v.Members))
		for i := range v.Members {
			out[v.Members[i].Key] = ToAny(&v.Members[i].Value)
		}
		return out
	}
	return nil
}
