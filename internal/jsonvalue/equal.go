package jsonvalue

import (
	"sort"
	"strings"
)

// Equal reports whether a and b are the same JSON value: numbers compare
// exactly (1 equals 1.0), object key order does not matter. nil equals only
// nil (an absent value).
func Equal(a, b *Value) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Number:
		return a.Text == b.Text || CompareNumbers(a.Text, b.Text) == 0
	case String, Bool:
		return a.Text == b.Text
	case Array:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !Equal(&a.Items[i], &b.Items[i]) {
				return false
			}
		}
		return true
	case Object:
		if len(a.Members) != len(b.Members) {
			return false
		}
		for i := range a.Members {
			o := b.Get(a.Members[i].Key)
			if o == nil || !Equal(&a.Members[i].Value, o) {
				return false
			}
		}
		return true
	}
	return true
}

// Canonical renders v as compact JSON with sorted keys and normalised
// numbers: two values are Equal exactly when their canonical forms match, so
// it serves as a set key for enum members.
func Canonical(v *Value) string {
	var b strings.Builder
	writeCanonical(&b, v)
	return b.String()
}

func writeCanonical(b *strings.Builder, v *Value) {
	if v == nil {
		return
	}
	switch v.Kind {
	case Null:
		b.WriteString("null")
	case Bool:
		b.WriteString(v.Text)
	case Number:
		if d, ok := ParseDecimal(v.Text); ok {
			b.WriteString(d.String())
		} else {
			b.WriteString(v.Text)
		}
	case String:
		writeString(b, v.Text)
	case Array:
		b.WriteByte('[')
		for i := range v.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCanonical(b, &v.Items[i])
		}
		b.WriteByte(']')
	case Object:
		idx := make([]int, len(v.Members))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(i, j int) bool { return v.Members[idx[i]].Key < v.Members[idx[j]].Key })
		b.WriteByte('{')
		for n, i := range idx {
			if n > 0 {
				b.WriteByte(',')
			}
			writeString(b, v.Members[i].Key)
			b.WriteByte(':')
			writeCanonical(b, &v.Members[i].Value)
		}
		b.WriteByte('}')
	}
}
