package diff

import (
	"strconv"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Equivalent spellings of "no constraint" and "nothing here", rewritten
// before comparing (each exact):
//
//   - a `type` listing every JSON type (integer may be left out beside
//     number) is no type constraint;
//   - an anyOf with a branch that accepts everything accepts everything
//     (unless a closed unevaluated* keyword sees what its branches
//     evaluate), read so where the other side has no anyOf;
//   - additionalProperties: false with no properties or patternProperties
//     beside it is maxProperties: 0, read so where the other side bounds
//     maxProperties and does not close the object that way;
//   - items that accepts nothing (false, {"not": {}}) with no prefixItems
//     is maxItems: 0, read so where the other side bounds maxItems and
//     its items accepts something;
//   - maxProperties at or above the number of declared properties of an
//     object closed by additionalProperties: false (no patternProperties)
//     says nothing, where the other side has no maxProperties;
//   - an anyOf or oneOf of two branches equal but for one pair of count
//     bounds (minItems/maxItems, minLength/maxLength,
//     minProperties/maxProperties) whose ranges join without a gap is one
//     branch with the joined range (for oneOf the ranges must not overlap
//     and the branches must allow only the bounded type, since a value of
//     another type would match both): [{minItems: 3}, {maxItems: 2}] is
//     every length;
//   - in an anyOf, a branch {..., not: B} beside a branch B is the branch
//     without the not: (A and not B) or B is A or B;
//   - `type: number` with `multipleOf: 1` is `type: integer` (2020-12: an
//     integer is a number with a zero fractional part), read so where the
//     other side says integer and has no multipleOf;
//   - a dependentSchemas entry that only lists `required` names is the
//     dependentRequired entry with those names, read so where the other
//     side has that dependentRequired entry and no such dependentSchemas
//     entry (a `required` evaluates no property, so no unevaluated*
//     keyword sees a difference).

// canonical returns x rewritten by the first rule that applies, or nil.
func (c *comparer) canonical(s, os *side, x, other *node) *node {
	if t := x.get(kwType); t != nil && allTypesListed(t) {
		return rewritten(x, "type", without(x, "type"))
	}
	if x.get(kwAnyOf) != nil && other.get(kwAnyOf) == nil && x.feeds == 0 && closedFeed(x) == 0 && c.hasOpenBranch(s, x.get(kwAnyOf)) {
		return rewritten(x, "anyOf", without(x, "anyOf"))
	}
	if ap := x.get(kwAdditionalProperties); ap.IsFalse() && x.get(kwProperties) == nil && x.get(kwPatternProperties) == nil &&
		other.get(kwMaxProperties) != nil && !other.get(kwAdditionalProperties).IsFalse() {
		return replaced(x, "additionalProperties", "maxProperties", ap)
	}
	if it := x.get(kwItems); it != nil && other.get(kwMaxItems) != nil && x.get(kwPrefixItems) == nil && c.acceptsNothing(s, it) {
		if ot := other.get(kwItems); ot == nil || !c.acceptsNothing(os, ot) {
			return replaced(x, "items", "maxItems", it)
		}
	}
	if mp := x.get(kwMaxProperties); mp != nil && other.get(kwMaxProperties) == nil && closedWithin(x, mp) {
		return rewritten(x, "maxProperties", without(x, "maxProperties"))
	}
	if x := dependentsAsRequired(x, other); x != nil {
		return x
	}
	if x := numberAsInteger(x, other); x != nil {
		return x
	}
	if c.o.hasRefs || c.n.hasRefs {
		return nil // the rewrites below synthesise branches
	}
	for _, a := range [2]struct {
		id  kw
		key string
	}{{kwAnyOf, "anyOf"}, {kwOneOf, "oneOf"}} {
		if list := x.get(a.id); list != nil {
			if joined := joinRanges(list, a.id == kwOneOf); joined != nil {
				return replacedList(x, a.key, []jsonvalue.Value{*joined})
			}
		}
	}
	if list := x.get(kwAnyOf); list != nil && x.feeds == 0 && closedFeed(x) == 0 {
		if items := dropExcludedNot(list); items != nil {
			return replacedList(x, "anyOf", items)
		}
	}
	return nil
}

// replacedList rewrites x's applicator key to hold items (reported where
// the file writes the applicator).
func replacedList(x *node, key string, items []jsonvalue.Value) *node {
	m := x.kw[keywordIDs[key]]
	out := rewritten(x, key, without(x, key))
	list := m.Value
	list.Items = items
	out.v.Members = append(out.v.Members, jsonvalue.Member{Key: key, KeyStart: m.KeyStart, KeyEnd: m.KeyEnd, Value: list})
	if to, ok := x.moved[key]; ok {
		out.moved[key] = to
	}
	return out
}

// countFamilies are the pairs of count bounds joinRanges joins.
var countFamilies = [][2]string{{"minItems", "maxItems"}, {"minLength", "maxLength"}, {"minProperties", "maxProperties"}}

// countTypes is the JSON type each count family bounds.
var countTypes = []string{"array", "string", "object"}

// joinRanges returns the one branch two branches of list amount to, or nil.
func joinRanges(list *jsonvalue.Value, disjoint bool) *jsonvalue.Value {
	if list.Kind != jsonvalue.Array || len(list.Items) != 2 {
		return nil
	}
	a, b := &list.Items[0], &list.Items[1]
	if a.Kind != jsonvalue.Object || b.Kind != jsonvalue.Object {
		return nil
	}
	for fi, fam := range countFamilies {
		if !equalExcept(a, b, fam[0], fam[1]) {
			continue
		}
		// A value of another type passes both ranges: anyOf accepts it
		// as the joined branch does, oneOf rejects it (it matches both),
		// so for oneOf the branches must allow only the bounded type.
		if disjoint {
			types := allowedTypes(a)
			if types == nil || len(types) != 1 || types[0] != countTypes[fi] {
				return nil
			}
		}
		la, ha, okA := countRange(a, fam)
		lb, hb, okB := countRange(b, fam)
		if !okA || !okB {
			return nil
		}
		if la > lb || (la == lb && (ha < 0 || (hb >= 0 && ha > hb))) {
			la, ha, lb, hb = lb, hb, la, ha
		}
		// a starts first: b must start no later than one past a's end.
		if ha >= 0 && lb > ha+1 {
			return nil
		}
		if disjoint && (ha < 0 || lb <= ha) {
			return nil
		}
		hi := ha
		if ha >= 0 && (hb < 0 || hb > ha) {
			hi = hb
		}
		out := jsonvalue.Value{Kind: jsonvalue.Object, Start: list.Items[0].Start, End: list.Items[0].End}
		for _, m := range list.Items[0].Members {
			if m.Key != fam[0] && m.Key != fam[1] {
				out.Members = append(out.Members, m)
			}
		}
		if la > 0 {
			out.Members = append(out.Members, jsonvalue.Member{Key: fam[0], Value: jsonvalue.NewNumber(strconv.FormatInt(la, 10))})
		}
		if hi >= 0 {
			out.Members = append(out.Members, jsonvalue.Member{Key: fam[1], Value: jsonvalue.NewNumber(strconv.FormatInt(hi, 10))})
		}
		return &out
	}
	return nil
}

// equalExcept reports whether two objects have equal members apart from
// the keys lo and hi, and differ in one of those.
func equalExcept(a, b *jsonvalue.Value, lo, hi string) bool {
	count := func(v *jsonvalue.Value) int {
		n := 0
		for _, m := range v.Members {
			if m.Key != lo && m.Key != hi {
				n++
			}
		}
		return n
	}
	if count(a) != count(b) {
		return false
	}
	for _, m := range a.Members {
		if m.Key == lo || m.Key == hi {
			continue
		}
		if o := b.Get(m.Key); o == nil || !jsonvalue.Equal(&m.Value, o) {
			return false
		}
	}
	return !jsonvalue.Equal(a.Get(lo), b.Get(lo)) || !jsonvalue.Equal(a.Get(hi), b.Get(hi))
}

// countRange returns a branch's count range [lo, hi] (hi -1: unbounded);
// ok is false for a bound that is not a small non-negative integer.
func countRange(v *jsonvalue.Value, fam [2]string) (lo, hi int64, ok bool) {
	hi = -1
	for i, key := range fam {
		b := v.Get(key)
		if b == nil {
			continue
		}
		if b.Kind != jsonvalue.Number {
			return 0, 0, false
		}
		n, err := strconv.ParseInt(b.Text, 10, 32)
		if err != nil || n < 0 {
			return 0, 0, false
		}
		if i == 0 {
			lo = n
		} else {
			hi = n
		}
	}
	if hi >= 0 && lo > hi {
		return 0, 0, false
	}
	return lo, hi, true
}

// dropExcludedNot returns the anyOf branches with `not: B` dropped from a
// branch where B is another branch; nil when there is none.
func dropExcludedNot(list *jsonvalue.Value) []jsonvalue.Value {
	if list.Kind != jsonvalue.Array {
		return nil
	}
	for i := range list.Items {
		bi := &list.Items[i]
		not := bi.Get("not")
		if not == nil || len(bi.Members) < 2 {
			continue
		}
		for j := range list.Items {
			if j == i || !jsonvalue.Equal(not, &list.Items[j]) {
				continue
			}
			items := append([]jsonvalue.Value(nil), list.Items...)
			b := *bi
			b.Members = withoutMember(bi.Members, "not")
			items[i] = b
			return items
		}
	}
	return nil
}

// replaced rewrites keyword from as `to: 0`, reported where from is.
func replaced(x *node, from, to string, was *jsonvalue.Value) *node {
	out := rewritten(x, from, without(x, from))
	m := x.kw[keywordIDs[from]]
	zero := jsonvalue.Member{Key: to, KeyStart: m.KeyStart, KeyEnd: m.KeyEnd, Value: jsonvalue.NewNumber("0")}
	if i := memberIndex(out.v.Members, to); i >= 0 {
		out.v.Members[i] = zero
	} else {
		out.v.Members = append(out.v.Members, zero)
	}
	base := []seg{k(from)}
	if at, ok := x.moved[from]; ok {
		base = at
	}
	out.moved[to] = base
	out.spelled[to] = was
	return out
}

// allTypesListed reports whether a type value admits every JSON value.
func allTypesListed(t *jsonvalue.Value) bool {
	set, ok := typeSet(t)
	if !ok {
		return false
	}
	for _, x := range allTypes {
		if !hasType(set, x) && !(x == "integer" && hasType(set, "number")) {
			return false
		}
	}
	return true
}

// hasOpenBranch reports whether a branch of a composition list accepts
// everything.
func (c *comparer) hasOpenBranch(s *side, list *jsonvalue.Value) bool {
	if list.Kind != jsonvalue.Array {
		return false
	}
	for i := range list.Items {
		bn, k := c.child(s, &list.Items[i], valueSpan(&list.Items[i]))
		if k == kTrue || (k == kSchema && bn.conj == nil && acceptsAll(bn)) {
			return true
		}
	}
	return false
}

// acceptsNothing reports whether a subschema is false or {"not": {}} (not
// of something that accepts everything).
func (c *comparer) acceptsNothing(s *side, v *jsonvalue.Value) bool {
	if v.Kind == jsonvalue.Object && !v.Has("not") && !v.Has("$ref") && !v.Has("$dynamicRef") {
		return false // the common case, without resolving anything
	}
	bn, k := c.child(s, v, valueSpan(v))
	switch {
	case k == kFalse:
		return true
	case k != kSchema || bn.conj != nil:
		return false
	}
	var not *jsonvalue.Value
	for i := range bn.v.Members {
		m := &bn.v.Members[i]
		switch {
		case m.Key == "not":
			not = &m.Value
		case annotationOnly(m.Key) || refAnnotation(m.Key):
		default:
			return false
		}
	}
	if not == nil {
		return false
	}
	in, k := c.child(s, not, valueSpan(not))
	return k == kTrue || (k == kSchema && in.conj == nil && acceptsAll(in))
}

// closedWithin reports whether an object closed by additionalProperties:
// false (no patternProperties) declares no more properties than
// maxProperties allows, so that the bound says nothing.
func closedWithin(x *node, mp *jsonvalue.Value) bool {
	props := x.get(kwProperties)
	if !x.get(kwAdditionalProperties).IsFalse() || x.get(kwPatternProperties) != nil || props == nil ||
		props.Kind != jsonvalue.Object || mp.Kind != jsonvalue.Number {
		return false
	}
	return jsonvalue.CompareNumbers(mp.Text, strconv.Itoa(len(props.Members))) >= 0
}

// dependentsAsRequired returns x with its dependentSchemas entries of the
// form {"required": [names]} moved into dependentRequired, for the
// properties other has under dependentRequired and not under
// dependentSchemas; nil when there is none.
func dependentsAsRequired(x, other *node) *node {
	ds, odr := x.get(kwDependentSchemas), other.get(kwDependentRequired)
	if ds == nil || ds.Kind != jsonvalue.Object || odr == nil || odr.Kind != jsonvalue.Object {
		return nil
	}
	dr := x.get(kwDependentRequired)
	if dr != nil && dr.Kind != jsonvalue.Object {
		return nil
	}
	ods := other.get(kwDependentSchemas)
	var keep, moved []jsonvalue.Member
	for _, m := range ds.Members {
		if odr.Get(m.Key) != nil && (ods == nil || ods.Get(m.Key) == nil) && requiredOnly(&m.Value) {
			moved = append(moved, m)
		} else {
			keep = append(keep, m)
		}
	}
	if len(moved) == 0 {
		return nil
	}
	dsm := x.kw[kwDependentSchemas]
	drm := jsonvalue.Member{Key: "dependentRequired", KeyStart: dsm.KeyStart, KeyEnd: dsm.KeyEnd, Value: jsonvalue.Value{Kind: jsonvalue.Object, Start: ds.Start, End: ds.End}}
	if dr != nil {
		drm = *x.kw[kwDependentRequired]
		drm.Value.Members = append([]jsonvalue.Member(nil), dr.Members...)
	}
	for _, m := range moved {
		names := *m.Value.Get("required")
		if i := memberIndex(drm.Value.Members, m.Key); i >= 0 {
			had := drm.Value.Members[i].Value
			items := append([]jsonvalue.Value(nil), had.Items...)
			for _, n := range names.Items {
				if !containsValue(items, &n) {
					items = append(items, n)
				}
			}
			had.Items = items
			drm.Value.Members[i].Value = had
			continue
		}
		drm.Value.Members = append(drm.Value.Members, jsonvalue.Member{Key: m.Key, KeyStart: m.KeyStart, KeyEnd: m.KeyEnd, Value: names})
	}
	members := without(x, "dependentSchemas")
	if i := memberIndex(members, "dependentRequired"); i >= 0 {
		members = append(members[:i:i], members[i+1:]...)
	}
	if len(keep) > 0 {
		kept := *dsm
		kept.Value.Members = keep
		members = append(members, kept)
	}
	members = append(members, drm)
	out := rewritten(x, "dependentSchemas", members)
	if dr == nil {
		// Changes to the new dependentRequired are where the file writes
		// the dependentSchemas it came from.
		base := []seg{k("dependentSchemas")}
		if at, ok := x.moved["dependentSchemas"]; ok {
			base = at
		}
		out.moved["dependentRequired"] = base
	}
	return out
}

// requiredOnly reports whether a schema only requires property names.
func requiredOnly(v *jsonvalue.Value) bool {
	if v.Kind != jsonvalue.Object || len(v.Members) != 1 || v.Members[0].Key != "required" {
		return false
	}
	r := &v.Members[0].Value
	if r.Kind != jsonvalue.Array {
		return false
	}
	for i := range r.Items {
		if r.Items[i].Kind != jsonvalue.String {
			return false
		}
	}
	return true
}

// numberAsInteger returns x with `type: number, multipleOf: 1` written as
// `type: integer` (reported where the file writes type), or nil.
func numberAsInteger(x, other *node) *node {
	t, ot, m := x.get(kwType), other.get(kwType), x.get(kwMultipleOf)
	if t == nil || t.Kind != jsonvalue.String || t.Text != "number" || ot == nil || ot.Kind != jsonvalue.String || ot.Text != "integer" ||
		m == nil || m.Kind != jsonvalue.Number || jsonvalue.CompareNumbers(m.Text, "1") != 0 || other.get(kwMultipleOf) != nil {
		return nil
	}
	members := without(x, "multipleOf")
	i := memberIndex(members, "type")
	integer := members[i].Value
	integer.Text = "integer"
	members[i].Value = integer
	out := rewritten(x, "multipleOf", members)
	out.spelled["type"] = t
	return out
}
