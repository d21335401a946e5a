package diff

import (
	"math/big"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// minimum and exclusiveMinimum together make one lower bound (maximum and
// exclusiveMaximum one upper bound): the stricter of the two. Compared one
// keyword at a time, a switch from one to the other looks like a bound
// added, so `exclusiveMinimum: 0` -> `minimum: 0` (which accepts 0 as
// well) would be breaking. Each keyword is still classified on its own;
// then the bound the pair makes decides:
//   - the same bound (integer `exclusiveMinimum: 0` and `minimum: 1`, or a
//     keyword the other makes redundant): no change;
//   - a looser bound that a keyword's own rule called narrowing: one
//     constraint-relaxed at the keyword that sets the new bound;
//   - a stricter bound: the per-keyword changes stand (one of them is
//     narrowing, since each keyword's bound only ever tightens the pair's).
//
// Where every number the schema accepts is an integer (its type includes
// integer but not number, on both sides), a bound is compared as the
// integer bound it amounts to: `exclusiveMinimum: 0` is `minimum: 1`.

// rangeEnd is one end of the numeric range.
type rangeEnd struct {
	lower      bool
	incl, excl bound
	name       string
}

var (
	lowerBound = rangeEnd{true, boundOrder[0], boundOrder[1], "lower bound"}
	upperBound = rangeEnd{false, boundOrder[6], boundOrder[7], "upper bound"}
)

// limit is the bound one side puts on numbers at one end of the range.
type limit struct {
	set    bool
	excl   bool   // exclusive (never after integer rounding)
	value  string // the bound compared: the keyword's literal, or the integer it amounts to
	key    string // the keyword that sets it
	member *jsonvalue.Member
}

func (c *comparer) numericBound(o, n *node, e rangeEnd) {
	mark := len(c.out)
	c.bound(o, n, e.incl)
	c.bound(o, n, e.excl)
	if len(c.out) == mark {
		return
	}
	integers := integerOnly(o) && integerOnly(n)
	ol, okO := effectiveLimit(o, e, integers)
	nl, okN := effectiveLimit(n, e, integers)
	if !okO || !okN {
		return // malformed or too large to round: the per-keyword verdicts stand
	}
	narrowing := false
	for _, ch := range c.out[mark:] {
		narrowing = narrowing || ch.Code == "constraint-added" || ch.Code == "constraint-narrowed"
	}
	switch cmp := stricterLimit(e.lower, nl, ol); {
	case cmp == 0:
		c.out = c.out[:mark]
	case cmp < 0 && narrowing:
		c.out = c.out[:mark]
		c.limitRelaxed(o, n, e, ol, nl, integers)
	}
}

// limitRelaxed reports a bound that became looser through a change of
// keyword, at the keyword that sets the new bound.
func (c *comparer) limitRelaxed(o, n *node, e rangeEnd, ol, nl limit, integers bool) {
	var oldAt span
	if o.real {
		oldAt = memberSpan(ol.member)
	}
	newAt, _ := walkSpan(n, []seg{k(nl.key)})
	msg := "The " + e.name + " changed from " + describeLimit(e, ol, integers) + " to " + describeLimit(e, nl, integers) +
		"; every value accepted before is still accepted."
	c.record("constraint-relaxed", "", msg, &ol.member.Value, &nl.member.Value, oldAt, newAt, []seg{k(nl.key)})
}

func describeLimit(e rangeEnd, l limit, integers bool) string {
	s := "`" + l.key + ": " + l.member.Value.Text + "` ("
	what := "values "
	if integers {
		what = "integers "
	}
	switch {
	case e.lower && l.excl:
		s += what + "above "
	case e.lower:
		s += what + "from "
	case l.excl:
		s += what + "below "
	default:
		s += what + "up to "
	}
	return s + l.value + ")"
}

// effectiveLimit returns the stricter of a side's two keywords for one end
// of the range; ok is false for a malformed value or one too large to
// round.
func effectiveLimit(x *node, e rangeEnd, integers bool) (best limit, ok bool) {
	for _, b := range [2]bound{e.incl, e.excl} {
		m := x.kw[b.id]
		if m == nil {
			continue
		}
		if m.Value.Kind != jsonvalue.Number {
			return limit{}, false
		}
		l := limit{set: true, excl: b.id == e.excl.id, value: m.Value.Text, key: b.key, member: m}
		if integers {
			v, ok := integerLimit(l.value, l.excl, e.lower)
			if !ok {
				return limit{}, false
			}
			l.value, l.excl = v, false
		}
		if stricterLimit(e.lower, l, best) > 0 {
			best = l
		}
	}
	return best, true
}

// stricterLimit is > 0 when a admits less than b, < 0 when more, 0 when
// they admit the same numbers (an unset limit admits everything).
func stricterLimit(lower bool, a, b limit) int {
	switch {
	case !a.set && !b.set:
		return 0
	case !b.set:
		return 1
	case !a.set:
		return -1
	}
	cmp := jsonvalue.CompareNumbers(a.value, b.value)
	if !lower {
		cmp = -cmp
	}
	if cmp != 0 || a.excl == b.excl {
		return cmp
	}
	if a.excl {
		return 1
	}
	return -1
}

// integerLimit returns the inclusive integer bound a bound amounts to for
// integers: a lower bound rounds up (exclusive: the next integer above),
// an upper bound rounds down (exclusive: the next integer below).
func integerLimit(lit string, excl, lower bool) (string, bool) {
	d, ok := jsonvalue.ParseDecimal(lit)
	if !ok {
		return "", false
	}
	r, ok := d.Rat()
	if !ok {
		return "", false
	}
	floor := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: the floor, as Denom > 0
	exact := r.IsInt()
	one := big.NewInt(1)
	v := new(big.Int).Set(floor)
	switch {
	case lower && excl:
		v.Add(v, one)
	case lower && !exact:
		v.Add(v, one) // ceiling
	case !lower && excl && exact:
		v.Sub(v, one)
	}
	return v.String(), true
}

// integerOnly reports whether every number a schema accepts is an integer:
// its type admits integer and not number.
func integerOnly(x *node) bool {
	set, ok := typeSet(x.get(kwType))
	if !ok || len(set) == 0 {
		return false
	}
	hasInt := false
	for _, t := range set {
		switch t {
		case "number":
			return false
		case "integer":
			hasInt = true
		}
	}
	return hasInt
}
