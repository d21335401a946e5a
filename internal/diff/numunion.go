package diff

import (
	"math/big"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Unions of number ranges, decided exactly. A number schema (type integer
// or number, its own bounds) whose anyOf/oneOf branches hold nothing but
// bounds accepts a union of intervals: under anyOf the numbers one branch
// holds, under oneOf those exactly one branch holds (branches may
// overlap: `oneOf [{maximum: 10}, {minimum: 5}]` over integers is
// "at most 4, or at least 11"). Comparing branch by branch calls a
// respelling of that union breaking; here the two unions are compared as
// sets. Every bound of either side cuts the number line into pieces on
// each of which both schemas decide alike, so judging one integer and one
// non-integer of every piece (and each cut point) decides inclusion
// exactly.

// interval is one range; nil ends are unbounded.
type interval struct {
	lo, hi         *big.Rat
	loOpen, hiOpen bool
}

func (iv interval) holds(r *big.Rat) bool {
	if iv.lo != nil {
		if c := r.Cmp(iv.lo); c < 0 || (c == 0 && iv.loOpen) {
			return false
		}
	}
	if iv.hi != nil {
		if c := r.Cmp(iv.hi); c > 0 || (c == 0 && iv.hiOpen) {
			return false
		}
	}
	return true
}

// tighten applies one bound keyword; false when it is not a number.
func (iv *interval) tighten(key string, v *jsonvalue.Value) bool {
	if v.Kind != jsonvalue.Number {
		return false
	}
	r, ok := new(big.Rat).SetString(v.Text)
	if !ok {
		return false
	}
	switch key {
	case "minimum", "exclusiveMinimum":
		open := key == "exclusiveMinimum"
		if iv.lo == nil || r.Cmp(iv.lo) > 0 || (r.Cmp(iv.lo) == 0 && open) {
			iv.lo, iv.loOpen = r, open
		}
	case "maximum", "exclusiveMaximum":
		open := key == "exclusiveMaximum"
		if iv.hi == nil || r.Cmp(iv.hi) < 0 || (r.Cmp(iv.hi) == 0 && open) {
			iv.hi, iv.hiOpen = r, open
		}
	default:
		return false
	}
	return true
}

func (iv interval) ends() []*big.Rat {
	var out []*big.Rat
	for _, e := range [2]*big.Rat{iv.lo, iv.hi} {
		if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// numUnion is a number schema read as a union of intervals.
type numUnion struct {
	integer  bool
	own      interval
	branches []interval
	key      string // "anyOf", "oneOf" or "" (no branches)
}

func (u numUnion) accepts(r *big.Rat) bool {
	if (u.integer && !r.IsInt()) || !u.own.holds(r) {
		return false
	}
	if u.key == "" {
		return true
	}
	n := 0
	for _, b := range u.branches {
		if b.holds(r) {
			n++
		}
	}
	if u.key == "oneOf" {
		return n == 1
	}
	return n >= 1
}

// boundKey: the keywords an interval is made of.
func boundKey(key string) bool {
	switch key {
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		return true
	}
	return false
}

// numUnionOf reads x as a number union: a single type integer or number,
// bounds, annotations, and at most one anyOf/oneOf whose branches are
// objects of bounds alone (annotations in a branch would go unreported).
func numUnionOf(x *node) (numUnion, bool) {
	var u numUnion
	if x == nil || x.conj != nil || x.v == nil || x.v.Kind != jsonvalue.Object {
		return u, false
	}
	typed := false
	for i := range x.v.Members {
		m := &x.v.Members[i]
		switch {
		case m.Key == "type":
			if m.Value.Kind != jsonvalue.String || (m.Value.Text != "integer" && m.Value.Text != "number") {
				return u, false
			}
			u.integer, typed = m.Value.Text == "integer", true
		case boundKey(m.Key):
			if !u.own.tighten(m.Key, &m.Value) {
				return u, false
			}
		case m.Key == "anyOf" || m.Key == "oneOf":
			if u.key != "" || m.Value.Kind != jsonvalue.Array || len(m.Value.Items) == 0 || len(m.Value.Items) > maxPartChecks {
				return u, false
			}
			u.key = m.Key
			for j := range m.Value.Items {
				b := &m.Value.Items[j]
				if b.Kind != jsonvalue.Object {
					return u, false
				}
				var iv interval
				for k := range b.Members {
					if !boundKey(b.Members[k].Key) || !iv.tighten(b.Members[k].Key, &b.Members[k].Value) {
						return u, false
					}
				}
				u.branches = append(u.branches, iv)
			}
		case annotationOnly(m.Key):
		default:
			return u, false
		}
	}
	return u, typed
}

// numUnionWithin compares o and n as number unions: ok when both read as
// such and n accepts every number o does; same when they accept the same.
func numUnionWithin(o, n *node) (same, ok bool) {
	ou, ok1 := numUnionOf(o)
	nu, ok2 := numUnionOf(n)
	if !ok1 || !ok2 || (ou.key == "" && nu.key == "") {
		return false, false
	}
	var cuts []*big.Rat
	for _, u := range [2]numUnion{ou, nu} {
		cuts = append(cuts, u.own.ends()...)
		for _, b := range u.branches {
			cuts = append(cuts, b.ends()...)
		}
	}
	sortRats(&cuts)
	same = true
	for _, r := range representatives(cuts) {
		a, b := ou.accepts(r), nu.accepts(r)
		if a && !b {
			return false, false
		}
		if a != b {
			same = false
		}
	}
	return same, true
}

// sortRats sorts and drops repeats.
func sortRats(rs *[]*big.Rat) {
	s := *rs
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].Cmp(s[j-1]) < 0; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	out := s[:0]
	for i, r := range s {
		if i == 0 || r.Cmp(out[len(out)-1]) != 0 {
			out = append(out, r)
		}
	}
	*rs = out
}

// representatives returns, for the pieces sorted distinct cuts make of
// the number line, each cut and, in each open piece, an integer (when it
// holds one) and a non-integer.
func representatives(cuts []*big.Rat) []*big.Rat {
	half := big.NewRat(1, 2)
	one := big.NewRat(1, 1)
	if len(cuts) == 0 {
		return []*big.Rat{new(big.Rat), half}
	}
	out := append([]*big.Rat(nil), cuts...)
	// Below the first cut: the largest integer under it, and that less
	// a half.
	below := new(big.Rat).Sub(jsonvalue.CeilRat(cuts[0]), one)
	out = append(out, below, new(big.Rat).Sub(below, half))
	above := new(big.Rat).Add(jsonvalue.FloorRat(cuts[len(cuts)-1]), one)
	out = append(out, above, new(big.Rat).Add(above, half))
	for i := 0; i+1 < len(cuts); i++ {
		a, b := cuts[i], cuts[i+1]
		t := new(big.Rat).Add(jsonvalue.FloorRat(a), one) // the least integer above a
		end := b
		if t.Cmp(b) < 0 {
			out = append(out, t)
			end = t
		}
		// (a, end) holds no integer: its midpoint is not one.
		mid := new(big.Rat).Add(a, end)
		out = append(out, mid.Quo(mid, big.NewRat(2, 1)))
	}
	return out
}
