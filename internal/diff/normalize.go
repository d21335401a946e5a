package diff

import "github.com/schemaport/schemaport-action/internal/jsonvalue"

// Generators spell one schema in several ways, and switching generator (or
// its version) switches spelling. Where one side of a pair uses an
// applicator the other side lacks, that side is rewritten into an
// equivalent schema without it before comparing:
//
//   - a single-branch allOf, anyOf or oneOf is its branch ($refs followed)
//     merged with the sibling keywords, when no keyword conflicts:
//     {"allOf":[{"$ref":X}]} is {"$ref":X};
//   - an anyOf or oneOf whose branches are each a single type plus keywords
//     that only constrain values of that type (maxLength for a string,
//     properties for an object, ...) is a type union with those keywords
//     beside it, when no two branches constrain values of one kind (integer
//     and number are one kind) and, for oneOf, no two branches overlap:
//     {"anyOf":[{"type":"string","maxLength":5},{"type":"null"}]} (Pydantic's
//     Optional) is {"type":["string","null"],"maxLength":5}.
//
// Anything else is left alone and compared as written, which can only be
// more conservative. Rewritten keywords keep their place in the file:
// changes are reported at the path the file writes them at
// (`...anyOf[0].maxLength`; the type union at `...anyOf`).

// maxNormalizeRounds bounds rewriting nested spellings (an allOf around an
// anyOf of types ...).
const maxNormalizeRounds = 8

var applicators = [...]struct {
	id  kw
	key string
}{{kwAllOf, "allOf"}, {kwAnyOf, "anyOf"}, {kwOneOf, "oneOf"}}

// normalize rewrites either node of a pair where it uses an applicator
// the other lacks; it returns the nodes to compare.
func (c *comparer) normalize(o, n *node) (*node, *node) {
	if x := dropInert(o, n); x != nil {
		o = x
	}
	if x := dropInert(n, o); x != nil {
		n = x
	}
	// A oneOf whose branches cannot overlap is an anyOf: read it as one
	// when the other side spells it so.
	if x := c.oneOfAsAnyOf(c.o, o, n); x != nil {
		o, c.rewrote = x, true
	}
	if x := c.oneOfAsAnyOf(c.n, n, o); x != nil {
		n, c.rewrote = x, true
	}
	for round := 0; round < maxNormalizeRounds; round++ {
		changed := false
		for _, sd := range [2]struct {
			s, os *side
			x, y  **node
		}{{c.o, c.n, &o, &n}, {c.n, c.o, &n, &o}} {
			x := c.negation(sd.s, *sd.x, *sd.y)
			if x == nil {
				x = c.canonical(sd.s, sd.os, *sd.x, *sd.y)
			}
			if x != nil {
				x.index()
				*sd.x, changed = x, true
			}
		}
		for _, a := range applicators {
			ov, nv := o.get(a.id), n.get(a.id)
			switch {
			case ov == nil && nv != nil:
				if x := c.unwrap(c.n, n, a.id, a.key); x != nil {
					x.index()
					n, changed = x, true
				}
			case nv == nil && ov != nil:
				if x := c.unwrap(c.o, o, a.id, a.key); x != nil {
					x.index()
					o, changed = x, true
				}
			}
		}
		if !changed {
			break
		}
		c.rewrote = true
	}
	return o, n
}

// oneOfAsAnyOf returns x with its oneOf renamed anyOf when other uses
// anyOf and not oneOf, x does the reverse, and x's branches are pairwise
// disjoint (disjoint.go); nil otherwise.
func (c *comparer) oneOfAsAnyOf(s *side, x, other *node) *node {
	one := x.kw[kwOneOf]
	if one == nil || x.get(kwAnyOf) != nil || other.get(kwAnyOf) == nil || other.get(kwOneOf) != nil {
		return nil
	}
	// oneOf accepts no more than anyOf over the same branches: the old
	// side may be read as anyOf (what that comparison proves safe is
	// safe) where accepting more can only hide a widening, not inside
	// not, if or an overlapping oneOf, where widening can reject; the new
	// side only when no two branches overlap.
	if (s != c.o || c.unsafe > 0) && !pairwiseDisjoint(c.branchSchemas(s, &one.Value)) {
		return nil
	}
	members := without(x, "oneOf")
	renamed := *one
	renamed.Key = "anyOf"
	out := rewritten(x, "oneOf", append(members, renamed))
	base := []seg{k("oneOf")}
	if to, ok := x.moved["oneOf"]; ok {
		base = to
	}
	out.moved["anyOf"] = base
	out.index()
	return out
}

// unwrap returns x rewritten without the applicator, or nil when that is
// not proven equivalent.
func (c *comparer) unwrap(s *side, x *node, id kw, key string) *node {
	list := x.get(id)
	if x.conj != nil || list.Kind != jsonvalue.Array || len(list.Items) == 0 {
		return nil
	}
	base := []seg{k(key)}
	if to, ok := x.moved[key]; ok {
		base = to
	}
	if len(list.Items) == 1 || id == kwAllOf {
		queue := make([]conjunct, len(list.Items))
		for i := range list.Items {
			queue[i] = conjunct{&list.Items[i], appendSegs(base, ix(i))}
		}
		// The old side of an allOf may be read wider (merge.go,
		// widensOnly) where accepting more can only hide a widening:
		// what the comparison then proves safe is safe. Not inside not,
		// if or an overlapping oneOf, where widening can reject.
		c.widenOld = c.mayWiden(s) && id == kwAllOf
		widened := c.widened
		out := c.mergeConjuncts(s, x, key, queue)
		c.widenOld = false
		if out == nil {
			c.widened = widened // no merge, nothing widened
		}
		return out
	}
	return c.typeUnion(s, x, id, key, base)
}

// mayWiden: s is the old side, where accepting more can only hide a
// widening (what the comparison then proves safe is safe): not inside
// not, if or an overlapping oneOf, where widening can reject.
func (c *comparer) mayWiden(s *side) bool {
	return s == c.o && c.unsafe == 0 && c.neg == 0 && c.capInfo == 0
}

// rewritten starts a copy of x whose members are replaced.
func rewritten(x *node, key string, members []jsonvalue.Member) *node {
	out := &node{v: &jsonvalue.Value{Kind: jsonvalue.Object, Start: x.v.Start, End: x.v.End, Members: members},
		at: x.at, real: x.real, id: x.id, viaRef: x.viaRef, merged: x.merged, constrained: x.constrained, feeds: x.feeds,
		moved: map[string][]seg{}, spelled: map[string]*jsonvalue.Value{}}
	for k, v := range x.moved {
		if k != key {
			out.moved[k] = v
		}
	}
	for k, v := range x.spelled {
		if k != key {
			out.spelled[k] = v
		}
	}
	return out
}

// without returns x's members except key.
func without(x *node, key string) []jsonvalue.Member {
	out := make([]jsonvalue.Member, 0, len(x.v.Members)+4)
	for _, m := range x.v.Members {
		if m.Key != key {
			out = append(out, m)
		}
	}
	return out
}

// branchOnly lists keywords that cannot leave their branch: they change the
// base URI or the dialect, or evaluate only what their own schema object
// evaluated.
func branchOnly(key string) bool {
	switch key {
	case "$id", "$schema", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "unevaluatedProperties", "unevaluatedItems":
		return true
	}
	return false
}

// branchNode resolves one branch; nil unless it is an object schema (or
// true, reported by accepts) with nothing that must stay in it.
func (c *comparer) branchNode(s *side, b *jsonvalue.Value) (bn *node, accepts bool) {
	bn, bk := c.child(s, b, valueSpan(b))
	switch {
	case bk == kTrue:
		return nil, true
	case bk != kSchema || bn.conj != nil:
		return nil, false
	}
	for i := range bn.v.Members {
		if branchOnly(bn.v.Members[i].Key) {
			return nil, false
		}
	}
	return bn, false
}

// dependents lists, for each keyword whose meaning depends on others
// written beside it, those others: additionalProperties applies to the
// names properties and patternProperties do not cover, items to the
// positions after prefixItems, then and else to what if decided,
// minContains and maxContains count what contains matches. Moving such a
// keyword away from the keywords it depends on (or bringing new ones next
// to it) changes what the schema accepts.
var dependents = map[string][]string{
	"additionalProperties": {"properties", "patternProperties"},
	"items":                {"prefixItems"},
	"additionalItems":      {"items"},
	"then":                 {"if"},
	"else":                 {"if"},
	"minContains":          {"contains"},
	"maxContains":          {"contains"},
}

// evaluators lists, for each unevaluated* keyword, the keywords whose
// evaluations it sees when they sit in the same schema object (directly or
// through in-place applicators).
var evaluators = map[string][]string{
	"unevaluatedProperties": {"properties", "patternProperties", "additionalProperties", "dependentSchemas",
		"allOf", "anyOf", "oneOf", "if", "then", "else", "$ref", "$dynamicRef"},
	"unevaluatedItems": {"prefixItems", "items", "additionalItems", "contains",
		"allOf", "anyOf", "oneOf", "if", "then", "else", "$ref", "$dynamicRef"},
}

// hidesEvaluations reports whether target holds an unevaluated* keyword
// that would see evaluations by sib's keywords if they were merged beside
// it. A $ref's target sees only what its own schema object evaluates, not
// the keywords written beside the $ref: merging them would let
// `{"$ref": "#/$defs/E", "contains": …}` with E `{"unevaluatedItems": false}`
// accept the arrays E alone rejects.
func hidesEvaluations(target, sib []jsonvalue.Member) bool {
	for key, evs := range evaluators {
		if memberIndex(target, key) < 0 {
			continue
		}
		for _, e := range evs {
			if memberIndex(sib, e) >= 0 {
				return true
			}
		}
	}
	return false
}

// splitsDependents reports whether putting the members of a and b side by
// side would pair a keyword with ones it depends on that it was not
// written beside (in either direction).
func splitsDependents(a, b []jsonvalue.Member) bool {
	has := func(ms []jsonvalue.Member, key string) bool { return memberIndex(ms, key) >= 0 }
	for _, pair := range [2][2][]jsonvalue.Member{{a, b}, {b, a}} {
		x, y := pair[0], pair[1]
		for key, deps := range dependents {
			if !has(x, key) {
				continue
			}
			for _, d := range deps {
				if has(y, d) && !has(x, d) {
					return true
				}
			}
		}
	}
	return false
}

// typeKind groups the JSON types whose values the type-specific keywords
// constrain together.
func typeKind(t string) string {
	switch t {
	case "integer", "number":
		return "number"
	case "null", "boolean", "string", "array", "object":
		return t
	}
	return ""
}

// kindOf returns the kind of values a keyword constrains ("" for one that
// constrains every value).
func kindOf(key string) string {
	switch key {
	case "minLength", "maxLength", "pattern", "contentEncoding", "contentMediaType", "contentSchema":
		return "string"
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
		return "number"
	case "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains":
		return "array"
	case "properties", "required", "additionalProperties", "patternProperties", "propertyNames",
		"minProperties", "maxProperties", "dependentRequired", "dependentSchemas":
		return "object"
	}
	return ""
}

// typeUnion rewrites an anyOf/oneOf of single-type branches as a type union
// with the branches' type-specific keywords beside it. For a value of one
// kind only the branches of that kind can match, so a keyword of that kind
// moved beside the union constrains exactly the values it did in its
// branch, provided it is the only branch of its kind with such keywords.
func (c *comparer) typeUnion(s *side, x *node, id kw, key string, base []seg) *node {
	if x.get(kwType) != nil {
		return nil
	}
	list := x.get(id)
	var types []jsonvalue.Value
	kinds := map[string]int{}        // branches per kind
	constrained := map[string]bool{} // kinds with type-specific keywords
	var hoisted []jsonvalue.Member
	var from []int
	for i := range list.Items {
		bn, _ := c.branchNode(s, &list.Items[i])
		if bn == nil {
			return nil
		}
		tv := bn.v.Get("type")
		if tv == nil || tv.Kind != jsonvalue.String || typeKind(tv.Text) == "" {
			return nil
		}
		kind := typeKind(tv.Text)
		kinds[kind]++
		if !containsValue(types, tv) {
			types = append(types, jsonvalue.NewString(tv.Text))
		}
		for _, m := range bn.v.Members {
			switch {
			case m.Key == "type" || annotationOnly(m.Key):
			case m.Key == "format" || kindOf(m.Key) == kind:
				if m.Key != "format" {
					constrained[kind] = true
				}
				if x.v.Has(m.Key) || memberIndex(hoisted, m.Key) >= 0 {
					return nil
				}
				hoisted = append(hoisted, m)
				from = append(from, i)
			default:
				return nil
			}
		}
	}
	for kind, count := range kinds {
		// oneOf rejects a value two branches match; anyOf unites the
		// branches, which a keyword moved beside them would not.
		if count > 1 && (id == kwOneOf || constrained[kind]) {
			return nil
		}
	}
	if splitsDependents(without(x, key), hoisted) {
		// The old side may be read wider (merge.go, widensOnly).
		if !c.mayWiden(s) || !widensOnly(without(x, key), hoisted) {
			return nil
		}
		c.widened = key
	}
	km := x.kw[id]
	out := rewritten(x, key, without(x, key))
	out.v.Members = append(out.v.Members, jsonvalue.Member{Key: "type", KeyStart: km.KeyStart, KeyEnd: km.KeyEnd,
		Value: jsonvalue.NewArray(types...)})
	out.moved["type"] = base
	out.spelled["type"] = list
	for i, m := range hoisted {
		out.v.Members = append(out.v.Members, m)
		out.moved[m.Key] = append(append([]seg(nil), base...), ix(from[i]), k(m.Key))
	}
	return out
}

func containsValue(list []jsonvalue.Value, v *jsonvalue.Value) bool {
	for i := range list {
		if jsonvalue.Equal(&list[i], v) {
			return true
		}
	}
	return false
}

// relocate rewrites a path relative to the current pair so that a keyword
// moved by normalize is reported where the file writes it: where the new
// file does, else (for something gone) where the old file did.
func (c *comparer) relocate(rel []seg) []seg {
	if len(rel) == 0 || rel[0].isIndex {
		return rel
	}
	if to := movedTo(c.curN, rel); to != nil {
		return to
	}
	if c.curN == nil || !hasPath(c.curN, rel) {
		if to := movedTo(c.curO, rel); to != nil {
			return to
		}
	}
	return rel
}

// movedTo returns where x's file writes what rel names, when normalize
// moved it (an entry merged into a map, or a whole keyword); nil otherwise.
func movedTo(x *node, rel []seg) []seg {
	if x == nil || x.moved == nil || len(rel) == 0 || rel[0].isIndex {
		return nil
	}
	if len(rel) > 1 && !rel[1].isIndex {
		if to, ok := x.moved[rel[0].key+"\x00"+rel[1].key]; ok {
			return appendSegs(to, rel[2:]...)
		}
	}
	if to, ok := x.moved[rel[0].key]; ok {
		return appendSegs(to, rel[1:]...)
	}
	return nil
}

// hasPath reports whether x has the keyword rel names (and, for a map
// entry moved on its own, that entry).
func hasPath(x *node, rel []seg) bool {
	v := x.v.Get(rel[0].key)
	if v == nil {
		return false
	}
	if len(rel) > 1 && !rel[1].isIndex {
		if _, ok := x.moved[rel[0].key+"\x00"+rel[1].key]; ok {
			return v.Has(rel[1].key)
		}
	}
	return true
}

// relocateOld is relocate for the old file alone.
func (c *comparer) relocateOld(rel []seg) []seg {
	if to := movedTo(c.curO, rel); to != nil {
		return to
	}
	return rel
}

// spelledAs returns what the file has where a keyword is reported: the
// keyword's value, or for a synthesised one the value it stands for.
func (x *node) spelledAs(key string, v *jsonvalue.Value) *jsonvalue.Value {
	if sv, ok := x.spelled[key]; ok {
		return sv
	}
	return v
}

// dropInert returns x without the keywords its own type makes inert (a
// minimum beside type string, items beside type object: they constrain
// only values of a kind the type rejects), where other lacks the keyword or
// finds it inert too; nil when there is none. Dropping such a keyword is a
// refactor, not a change: it is compared as if never written.
func dropInert(x, other *node) *node {
	t := x.get(kwType)
	if t == nil {
		return nil
	}
	kinds := typeKinds(t)
	if kinds == 0 {
		return nil
	}
	var otherKinds kindSet
	otherRead := false
	var keep []jsonvalue.Member
	dropped := false
	for i := range x.v.Members {
		m := &x.v.Members[i]
		kd := kindBit(kindOf(m.Key))
		inert := kd != 0 && kinds&kd == 0
		if inert && other.v.Has(m.Key) {
			if !otherRead {
				otherRead = true
				if ot := other.v.Get("type"); ot != nil {
					otherKinds = typeKinds(ot)
				}
			}
			inert = otherKinds != 0 && otherKinds&kd == 0
		}
		switch {
		case inert && !dropped:
			dropped = true
			keep = append(make([]jsonvalue.Member, 0, len(x.v.Members)-1), x.v.Members[:i]...)
		case !inert && dropped:
			keep = append(keep, *m)
		}
	}
	if !dropped {
		return nil
	}
	out := rewritten(x, "", keep)
	out.conj, out.def, out.cut = x.conj, x.def, x.cut
	out.index()
	return out
}

// kindSet is a set of typeKind values, one bit each.
type kindSet uint8

func kindBit(kd string) kindSet {
	switch kd {
	case "null":
		return 1
	case "boolean":
		return 2
	case "number":
		return 4
	case "string":
		return 8
	case "array":
		return 16
	case "object":
		return 32
	}
	return 0
}

// typeKinds returns the kinds of value a `type` value allows, 0 when it is
// malformed or names an unknown type.
func typeKinds(t *jsonvalue.Value) kindSet {
	switch t.Kind {
	case jsonvalue.String:
		return kindBit(typeKind(t.Text))
	case jsonvalue.Array:
		var out kindSet
		for i := range t.Items {
			if t.Items[i].Kind != jsonvalue.String {
				return 0
			}
			b := kindBit(typeKind(t.Items[i].Text))
			if b == 0 {
				return 0
			}
			out |= b
		}
		return out
	}
	return 0
}
