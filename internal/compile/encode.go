package compile

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Encode serialises a compiled file: JSON.stringify with two-space
// indentation and one final newline (no HTML escaping, U+2028/U+2029 raw),
// numbers in their exact shortest form (NumberText).
func Encode(v *jsonvalue.Value) []byte {
	buf := make([]byte, 0, 256)
	buf = appendValue(buf, v, 0)
	return append(buf, '\n')
}

const indentSpaces = "                                                                "

func appendIndent(buf []byte, depth int) []byte {
	buf = append(buf, '\n')
	for n := depth * 2; n > 0; {
		k := min(n, len(indentSpaces))
		buf = append(buf, indentSpaces[:k]...)
		n -= k
	}
	return buf
}

func appendValue(buf []byte, v *jsonvalue.Value, depth int) []byte {
	switch v.Kind {
	case jsonvalue.Null, jsonvalue.Absent:
		return append(buf, "null"...)
	case jsonvalue.Bool:
		return append(buf, v.Text...)
	case jsonvalue.Number:
		return append(buf, NumberText(v.Text)...)
	case jsonvalue.String:
		return appendString(buf, v.Text)
	case jsonvalue.Array:
		if len(v.Items) == 0 {
			return append(buf, "[]"...)
		}
		buf = append(buf, '[')
		for i := range v.Items {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendIndent(buf, depth+1)
			buf = appendValue(buf, &v.Items[i], depth+1)
		}
		buf = appendIndent(buf, depth)
		return append(buf, ']')
	}
	if len(v.Members) == 0 {
		return append(buf, "{}"...)
	}
	buf = append(buf, '{')
	for i := range v.Members {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendIndent(buf, depth+1)
		buf = appendString(buf, v.Members[i].Key)
		buf = append(buf, ':', ' ')
		buf = appendValue(buf, &v.Members[i].Value, depth+1)
	}
	buf = appendIndent(buf, depth)
	return append(buf, '}')
}

// appendString writes s as JSON.stringify does; text that needs no escape
// (the common case) is copied in one go.
func appendString(buf []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return append(buf, jsonvalue.Quote(s)...)
		}
	}
	buf = append(buf, '"')
	buf = append(buf, s...)
	return append(buf, '"')
}

// NumberText is how a compiled file writes the number literal lit: the
// ECMAScript shortest form of the nearest float64 when that denotes the
// same decimal value (1.0 → 1, 1E3 → 1000, 1e21 → 1e+21), otherwise the
// literal itself, so no value is ever rounded (18446744073709551615 stays).
func NumberText(lit string) string {
	if plainInteger(lit) {
		return lit
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil {
		return lit
	}
	js := JSNumber(f)
	if jsonvalue.CompareNumbers(js, lit) == 0 {
		return js
	}
	return lit
}

// plainInteger: an integer literal JavaScript prints as written (no sign
// issue, no leading zero, at most 15 digits, so exactly representable).
func plainInteger(lit string) bool {
	digits := strings.TrimPrefix(lit, "-")
	if digits == "" || len(digits) > 15 || (digits[0] == '0' && (len(digits) > 1 || lit[0] == '-')) {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// JSNumber is ECMAScript Number::toString(f) for a finite f.
func JSNumber(f float64) string {
	if f == 0 {
		return "0"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±xx
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	k, n := len(digits), x+1
	var s string
	switch {
	case k <= n && n <= 21:
		s = digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		s = digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		s = "0." + strings.Repeat("0", -n) + digits
	default:
		es := "+"
		if n-1 < 0 {
			es = "-"
		}
		ex := strconv.Itoa(abs(n - 1))
		if k == 1 {
			s = digits + "e" + es + ex
		} else {
			s = digits[:1] + "." + digits[1:] + "e" + es + ex
		}
	}
	return sign + s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
