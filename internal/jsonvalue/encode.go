package jsonvalue

import (
	"encoding/json"
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
// and & included). Runs of plain bytes are copied whole, so reports that
// quote millions of strings stay cheap.
func AppendQuote(buf []byte, s string) []byte {
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
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
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, s[start:i]...)
			buf = append(buf, `\ufffd`...)
			i++
			start = i
			continue
		}
		i += size
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
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
