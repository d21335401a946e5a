package diff

import (
	"strconv"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// A schema that accepts nothing cannot be broken: no value at its place was
// valid before, so no call that worked can fail because of an edit there.
// unsatReason finds such schemas from their own keywords (exactly: every
// reason is a proof, and anything it cannot prove is "satisfiable"):
// contradicting bounds (min > max, exclusive bounds that meet, no integer
// in an integer range), a closed object that must have more properties
// than it allows or a required property it does not allow, an array that
// must have items none of which may exist, a const of a type not allowed,
// not of a schema accepting everything, allOf with a branch accepting
// nothing or with types that do not meet, anyOf/oneOf with no branch
// accepting anything, oneOf whose every branch is written twice.

// maxUnsatDepth bounds how deep the search looks into subschemas, and
// maxUnsatVisits how many it looks at in all (past it: not proven).
const (
	maxUnsatDepth  = 4
	maxUnsatVisits = 64
)

// acceptsNoValue returns why o accepts no value, or "" when not proven.
func (c *comparer) acceptsNoValue(s *side, o *node) string {
	budget := maxUnsatVisits
	c.unsatBudget = &budget
	defer func() { c.unsatBudget = nil }()
	return c.unsatNode(s, o, 0)
}

// unsatReason returns why schema value v (on side s) accepts no value, or
// "" when that is not proven.
func (c *comparer) unsatReason(s *side, v *jsonvalue.Value, depth int) string {
	if c.unsatBudget != nil {
		if *c.unsatBudget <= 0 {
			return ""
		}
		*c.unsatBudget--
	}
	bn, kind := c.child(s, v, valueSpan(v))
	switch {
	case kind == kFalse:
		return "it is false"
	case kind != kSchema:
		return ""
	}
	return c.unsatNode(s, bn, depth)
}

// unsatNode is unsatReason for a resolved node.
func (c *comparer) unsatNode(s *side, bn *node, depth int) string {
	if bn.conj != nil || depth > maxUnsatDepth {
		return ""
	}
	x := bn.v
	if nt := x.Get("not"); nt != nil {
		in, k := c.child(s, nt, valueSpan(nt))
		if k == kTrue || (k == kSchema && in.conj == nil && acceptsAll(in)) {
			return "`not` excludes every value"
		}
		if k == kSchema && in.conj == nil && c.notExcludesRest(s, bn, in) {
			return "`not` excludes every value the rest of it accepts"
		}
	}
	types := allowedTypes(x)
	if types == nil {
		return ""
	}
	if cv := x.Get("const"); cv != nil && !hasType(types, jsonType(cv)) && !(jsonType(cv) == "integer" && hasType(types, "number")) {
		return "its const is not of an allowed type"
	}
	if e := x.Get("enum"); e != nil && e.Kind == jsonvalue.Array && len(e.Items) == 0 {
		return "its enum is empty"
	}
	reason := ""
	for _, t := range types {
		r := c.kindUnsat(s, x, t, types)
		if r == "" {
			reason = ""
			break
		}
		if reason == "" && r != "-" {
			reason = r
		}
	}
	if reason == "" {
		reason = c.compositionUnsat(s, x, depth)
	}
	if reason == "" {
		reason = c.propertiesUnsat(s, x, types, depth)
	}
	if reason == "" {
		reason = c.closedAllOfUnsat(s, x, types)
	}
	return reason
}

// notExcludesRest reports whether the engine proves that x's keywords
// other than `not` accept only values its `not` schema (or one branch of
// that schema's anyOf) accepts: then x accepts nothing.
func (c *comparer) notExcludesRest(s *side, x, in *node) bool {
	if s != c.o {
		return false // subsumed compares old against new
	}
	rest := &node{v: &jsonvalue.Value{Kind: jsonvalue.Object, Start: x.v.Start, End: x.v.End, Members: withoutMember(x.v.Members, "not")},
		at: x.at, real: x.real, id: x.id}
	cands := []*node{in}
	if list := in.v.Get("anyOf"); list != nil && list.Kind == jsonvalue.Array && len(in.v.Members) == 1 && len(list.Items) <= maxPartChecks {
		cands = nil
		for i := range list.Items {
			bn, k := c.child(s, &list.Items[i], valueSpan(&list.Items[i]))
			if k == kSchema && bn.conj == nil {
				cands = append(cands, bn)
			}
		}
	}
	// Both sides of the fresh comparison are the old file's schemas.
	saved := c.n
	c.n = c.o
	defer func() { c.n = saved }()
	for _, cand := range cands {
		if c.subsumed(rest, cand) {
			return true
		}
	}
	return false
}

// closedAllOfUnsat: an object-only schema closed by additionalProperties:
// false (no patternProperties) whose allOf branch requires a property it
// does not declare.
func (c *comparer) closedAllOfUnsat(s *side, x *jsonvalue.Value, types []string) string {
	all := x.Get("allOf")
	if all == nil || all.Kind != jsonvalue.Array || len(types) != 1 || types[0] != "object" ||
		!x.Get("additionalProperties").IsFalse() || x.Has("patternProperties") {
		return ""
	}
	props := x.Get("properties")
	if props != nil && props.Kind != jsonvalue.Object {
		return ""
	}
	for i := range all.Items {
		bn, k := c.child(s, &all.Items[i], valueSpan(&all.Items[i]))
		if k != kSchema || bn.conj != nil {
			continue
		}
		if req := bn.v.Get("required"); req != nil && req.Kind == jsonvalue.Array {
			for j := range req.Items {
				if r := &req.Items[j]; r.Kind == jsonvalue.String && !props.Has(r.Text) {
					return "an allOf branch requires property `" + r.Text + "`, which its additionalProperties: false does not allow"
				}
			}
		}
	}
	return ""
}

// jsonType is the JSON type of a value (integer for an integral number).
func jsonType(v *jsonvalue.Value) string {
	switch v.Kind {
	case jsonvalue.Null:
		return "null"
	case jsonvalue.Bool:
		return "boolean"
	case jsonvalue.String:
		return "string"
	case jsonvalue.Array:
		return "array"
	case jsonvalue.Object:
		return "object"
	}
	if d, ok := jsonvalue.ParseDecimal(v.Text); ok {
		if r, ok := d.Rat(); ok && r.IsInt() {
			return "integer"
		}
	}
	return "number"
}

// kindUnsat says why no value of JSON type t satisfies x's keywords for
// that type ("" when some may).
func (c *comparer) kindUnsat(s *side, x *jsonvalue.Value, t string, types []string) string {
	switch t {
	case "string":
		if countsCross(x, "minLength", "maxLength") {
			return "minLength is above maxLength"
		}
	case "array":
		if countsCross(x, "minItems", "maxItems") {
			return "minItems is above maxItems"
		}
		if it := x.Get("items"); it != nil && x.Get("prefixItems") == nil && positive(x.Get("minItems")) && c.acceptsNothing(s, it) {
			return "it needs items but allows none"
		}
	case "object":
		if countsCross(x, "minProperties", "maxProperties") {
			return "minProperties is above maxProperties"
		}
		if x.Get("additionalProperties").IsFalse() && x.Get("patternProperties") == nil {
			props := x.Get("properties")
			declared := 0
			if props != nil && props.Kind == jsonvalue.Object {
				declared = len(props.Members)
			} else if props != nil {
				return ""
			}
			if mp := x.Get("minProperties"); mp != nil && mp.Kind == jsonvalue.Number && jsonvalue.CompareNumbers(mp.Text, strconv.Itoa(declared)) > 0 {
				return "minProperties is above the number of properties it allows"
			}
			if req := x.Get("required"); req != nil && req.Kind == jsonvalue.Array {
				for i := range req.Items {
					if r := &req.Items[i]; r.Kind == jsonvalue.String && !props.Has(r.Text) {
						return "it requires property `" + r.Text + "` but allows no such property"
					}
				}
			}
		}
	case "integer", "number":
		integers := t == "integer" && !hasType(types, "number")
		if t == "integer" && hasType(types, "number") {
			return "-" // covered by number
		}
		lo, okL := effectiveLimit(&node{v: x, kw: indexBounds(x)}, lowerBound, integers)
		hi, okH := effectiveLimit(&node{v: x, kw: indexBounds(x)}, upperBound, integers)
		if okL && okH && lo.set && hi.set {
			cmp := jsonvalue.CompareNumbers(lo.value, hi.value)
			if cmp > 0 || (cmp == 0 && (lo.excl || hi.excl)) {
				if integers {
					return "no integer lies within its bounds"
				}
				return "its lower bound is above its upper bound"
			}
		}
	}
	return ""
}

// indexBounds indexes the numeric bound keywords of x for effectiveLimit.
func indexBounds(x *jsonvalue.Value) (kws [numKW]*jsonvalue.Member) {
	for i := range x.Members {
		switch m := &x.Members[i]; m.Key {
		case "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum":
			kws[keywordIDs[m.Key]] = m
		}
	}
	return kws
}

// countsCross reports whether count bound lo exceeds hi.
func countsCross(x *jsonvalue.Value, lo, hi string) bool {
	l, h := x.Get(lo), x.Get(hi)
	return l != nil && h != nil && l.Kind == jsonvalue.Number && h.Kind == jsonvalue.Number && jsonvalue.CompareNumbers(l.Text, h.Text) > 0
}

func positive(v *jsonvalue.Value) bool {
	return v != nil && v.Kind == jsonvalue.Number && jsonvalue.CompareNumbers(v.Text, "0") > 0
}

// compositionUnsat: allOf with a branch accepting nothing or branch types
// that do not meet; anyOf/oneOf with no branch accepting anything; oneOf
// whose every branch appears twice.
func (c *comparer) compositionUnsat(s *side, x *jsonvalue.Value, depth int) string {
	if all := x.Get("allOf"); all != nil && all.Kind == jsonvalue.Array {
		types := allowedTypes(x)
		for i := range all.Items {
			b := &all.Items[i]
			if c.unsatReason(s, b, depth+1) != "" {
				return "an allOf branch accepts nothing"
			}
			if bn, k := c.child(s, b, valueSpan(b)); k == kSchema && bn.conj == nil && types != nil {
				bt := allowedTypes(bn.v)
				if bt == nil {
					types = nil
					continue
				}
				var meet []string
				for _, t := range types {
					if hasType(bt, t) {
						meet = append(meet, t)
					}
				}
				if len(meet) == 0 {
					return "its allOf branches allow no common type"
				}
				types = meet
			}
		}
	}
	for _, key := range [2]string{"anyOf", "oneOf"} {
		list := x.Get(key)
		if list == nil || list.Kind != jsonvalue.Array || len(list.Items) == 0 {
			continue
		}
		none := true
		for i := range list.Items {
			if c.unsatReason(s, &list.Items[i], depth+1) == "" {
				none = false
				break
			}
		}
		if none {
			return "no " + key + " branch accepts anything"
		}
	}
	if list := x.Get("oneOf"); list != nil && list.Kind == jsonvalue.Array && len(list.Items) > 1 && !c.o.hasRefs && !c.n.hasRefs {
		twice := true
		for i := range list.Items {
			dup := false
			for j := range list.Items {
				dup = dup || (i != j && jsonvalue.Equal(&list.Items[i], &list.Items[j]))
			}
			twice = twice && dup
		}
		if twice {
			return "every oneOf branch is written twice, so no value matches exactly one"
		}
	}
	return ""
}

// propertiesUnsat: an object-only schema that requires a property whose
// schema accepts nothing.
func (c *comparer) propertiesUnsat(s *side, x *jsonvalue.Value, types []string, depth int) string {
	if len(types) != 1 || types[0] != "object" {
		return ""
	}
	req, props := x.Get("required"), x.Get("properties")
	if req == nil || req.Kind != jsonvalue.Array || props == nil || props.Kind != jsonvalue.Object {
		return ""
	}
	for i := range req.Items {
		r := &req.Items[i]
		if r.Kind != jsonvalue.String {
			continue
		}
		if p := props.Get(r.Text); p != nil && c.unsatReason(s, p, depth+1) != "" {
			return "required property `" + r.Text + "` accepts no value"
		}
	}
	return ""
}
