package compile

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Encode serialises a compiled file: JSON.stringify with two-space
// indentation and one final newline, numbers in their exact shortest form.
func Encode(v *jsonvalue.Value) []byte {
	n := exactNumbers(v)
	return []byte(jsonvalue.Encode(&n, "  ") + "\n")
}

// exactNumbers copies v with every number literal in NumberText form.
func exactNumbers(v *jsonvalue.Value) jsonvalue.Value {
	out := jsonvalue.Value{Kind: v.Kind, Text: v.Text}
	if v.Kind == jsonvalue.Number {
		out.Text = NumberText(v.Text)
	}
	if v.Items != nil {
		out.Items = make([]jsonvalue.Value, len(v.Items))
		for i := range v.Items {
			out.Items[i] = exactNumbers(&v.Items[i])
		}
	}
	if v.Members != nil {
		out.Members = make([]jsonvalue.Member, len(v.Members))
		for i := range v.Members {
			out.Members[i] = jsonvalue.Member{Key: v.Members[i].Key, Value: exactNumbers(&v.Members[i].Value)}
		}
	}
	return out
}

// NumberText is how a compiled file writes the number literal lit: the
// ECMAScript shortest form of the nearest float64 when that denotes the
// same decimal value (1.0 → 1, 1E3 → 1000, 1e21 → 1e+21), otherwise the
// literal itself, so no value is ever rounded (18446744073709551615 stays).
func NumberText(lit string) string {
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
