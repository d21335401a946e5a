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
	var b strings.Builder
	writeString(&b, s)
	return b.String()
}

const hexDigits = "0123456789abcdef"

func writeString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case '"':
				b.WriteString(`\"`)
			case '\\':
				b.WriteString(`\\`)
			case '\b':
				b.WriteString(`\b`)
			case '\f':
				b.WriteString(`\f`)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			case '\t':
				b.WriteString(`\t`)
			default:
				if c < 0x20 {
					b.WriteString(`\u00`)
					b.WriteByte(hexDigits[c>>4])
					b.WriteByte(hexDigits[c&0xF])
				} else {
					b.WriteByte(c)
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString(`\ufffd`)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
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
