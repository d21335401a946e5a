package jsonvalue

import (
	"math/big"
	"strconv"
	"strings"
)

// Decimal is a JSON number literal in normalised scientific form:
// value = sign * 0.Digits * 10^Exp, with Digits free of leading and trailing
// zeros. Zero has empty Digits. It allows exact comparison without floats.
type Decimal struct {
	Neg    bool
	Digits string
	Exp    int64
}

// ParseDecimal normalises a JSON number literal. ok is false for text that
// is not a JSON number.
func ParseDecimal(lit string) (d Decimal, ok bool) {
	s := lit
	if strings.HasPrefix(s, "-") {
		d.Neg = true
		s = s[1:]
	}
	mant, exp := s, int64(0)
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant = s[:i]
		e, err := strconv.ParseInt(strings.TrimPrefix(s[i+1:], "+"), 10, 64)
		if err != nil {
			// An exponent beyond int64 saturates; such numbers only compare.
			if strings.HasPrefix(s[i+1:], "-") {
				e = -1 << 40
			} else {
				e = 1 << 40
			}
		}
		if e > 1<<40 {
			e = 1 << 40
		} else if e < -(1 << 40) {
			e = -(1 << 40)
		}
		exp = e
	}
	intPart, frac := mant, ""
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		intPart, frac = mant[:i], mant[i+1:]
	}
	if intPart == "" {
		return Decimal{}, false
	}
	for _, c := range intPart + frac {
		if c < '0' || c > '9' {
			return Decimal{}, false
		}
	}
	digits := intPart + frac
	exp += int64(len(intPart))
	trimmed := strings.TrimLeft(digits, "0")
	exp -= int64(len(digits) - len(trimmed))
	trimmed = strings.TrimRight(trimmed, "0")
	if trimmed == "" {
		return Decimal{}, true // zero, sign dropped: -0 == 0
	}
	d.Digits, d.Exp = trimmed, exp
	return d, true
}

// IsZero reports whether d is zero.
func (d Decimal) IsZero() bool { return d.Digits == "" }

// IsInteger reports whether d has no fractional part.
func (d Decimal) IsInteger() bool { return d.Digits == "" || int64(len(d.Digits)) <= d.Exp }

// Cmp compares two decimals exactly: -1, 0 or +1.
func (d Decimal) Cmp(o Decimal) int {
	if d.IsZero() || o.IsZero() {
		switch {
		case d.IsZero() && o.IsZero():
			return 0
		case d.IsZero():
			if o.Neg {
				return 1
			}
			return -1
		default:
			if d.Neg {
				return -1
			}
			return 1
		}
	}
	if d.Neg != o.Neg {
		if d.Neg {
			return -1
		}
		return 1
	}
	c := cmpAbs(d, o)
	if d.Neg {
		return -c
	}
	return c
}

func cmpAbs(a, b Decimal) int {
	if a.Exp != b.Exp {
		if a.Exp < b.Exp {
			return -1
		}
		return 1
	}
	n := len(a.Digits)
	if len(b.Digits) > n {
		n = len(b.Digits)
	}
	for i := 0; i < n; i++ {
		var x, y byte = '0', '0'
		if i < len(a.Digits) {
			x = a.Digits[i]
		}
		if i < len(b.Digits) {
			y = b.Digits[i]
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// String renders the decimal in a canonical literal form (used as a map key
// and for messages where the literal is not at hand).
func (d Decimal) String() string {
	if d.IsZero() {
		return "0"
	}
	var b strings.Builder
	if d.Neg {
		b.WriteByte('-')
	}
	n := int64(len(d.Digits))
	switch {
	case d.Exp >= n && d.Exp <= 21:
		b.WriteString(d.Digits)
		b.WriteString(strings.Repeat("0", int(d.Exp-n)))
	case d.Exp > 0 && d.Exp < n:
		b.WriteString(d.Digits[:d.Exp])
		b.WriteByte('.')
		b.WriteString(d.Digits[d.Exp:])
	case d.Exp <= 0 && d.Exp > -6:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", int(-d.Exp)))
		b.WriteString(d.Digits)
	default:
		b.WriteString(d.Digits[:1])
		if n > 1 {
			b.WriteByte('.')
			b.WriteString(d.Digits[1:])
		}
		b.WriteString("e")
		e := d.Exp - 1
		if e > 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.FormatInt(e, 10))
	}
	return b.String()
}

// maxRatExp bounds the exponents handed to big.Rat: 1e1000000000 would
// otherwise allocate gigabytes.
const maxRatExp = 4096

// Rat returns the exact rational value, or ok=false when the exponent is too
// large to materialise safely.
func (d Decimal) Rat() (*big.Rat, bool) {
	if d.IsZero() {
		return new(big.Rat), true
	}
	if d.Exp > maxRatExp || d.Exp < -maxRatExp {
		return nil, false
	}
	num, ok := new(big.Int).SetString(d.Digits, 10)
	if !ok {
		return nil, false
	}
	if d.Neg {
		num.Neg(num)
	}
	shift := d.Exp - int64(len(d.Digits))
	r := new(big.Rat).SetInt(num)
	pow := new(big.Int).Exp(big.NewInt(10), big.NewInt(abs(shift)), nil)
	if shift >= 0 {
		r.Mul(r, new(big.Rat).SetInt(pow))
	} else {
		r.Quo(r, new(big.Rat).SetInt(pow))
	}
	return r, true
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// CompareNumbers compares two JSON number literals exactly. Invalid literals
// compare by text so that the order stays total.
func CompareNumbers(a, b string) int {
	da, oka := ParseDecimal(a)
	db, okb := ParseDecimal(b)
	if !oka || !okb {
		return strings.Compare(a, b)
	}
	return da.Cmp(db)
}

// IsMultiple reports whether x is an exact integer multiple of m (m > 0).
// known is false when the numbers are too extreme to decide.
func IsMultiple(x, m string) (multiple, known bool) {
	dx, ok1 := ParseDecimal(x)
	dm, ok2 := ParseDecimal(m)
	if !ok1 || !ok2 || dm.IsZero() {
		return false, false
	}
	if dx.IsZero() {
		return true, true
	}
	rx, ok1 := dx.Rat()
	rm, ok2 := dm.Rat()
	if !ok1 || !ok2 {
		return false, false
	}
	q := new(big.Rat).Quo(rx, rm)
	return q.IsInt(), true
}

// IsIntegerLiteral reports whether a JSON number literal has no fractional
// part (1.0 and 1e2 count as integers, as JSON Schema says).
func IsIntegerLiteral(lit string) bool {
	d, ok := ParseDecimal(lit)
	return ok && d.IsInteger()
}

// Float returns an approximation for places that only need magnitude
// (never for comparison or output).
func Float(lit string) float64 {
	f, _ := strconv.ParseFloat(lit, 64)
	return f
}

// FloorRat is the greatest integer not above r.
func FloorRat(r *big.Rat) *big.Rat {
	q := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: floors for a positive denominator
	return new(big.Rat).SetInt(q)
}

// CeilRat is the least integer not below r.
func CeilRat(r *big.Rat) *big.Rat {
	f := FloorRat(r)
	if f.Cmp(r) == 0 {
		return f
	}
	return f.Add(f, big.NewRat(1, 1))
}
