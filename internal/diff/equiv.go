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
//     says nothing, where the other side has no maxProperties.

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
