package diff

import (
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Merging conjuncts: a value matches allOf [A, B] beside siblings S exactly
// when it matches one schema holding the keywords of S, A and B, provided
// every keyword either appears once or combines exactly:
//
//   - type: the intersection (integer is a number); an empty one is left
//     alone;
//   - required: the union;
//   - properties, patternProperties: the union of entries under distinct
//     names (the same name twice only with equal schemas), and only where
//     no additionalProperties on either side would then see other names;
//   - a lower bound (minimum, minLength, ...): the larger; an upper bound:
//     the smaller; uniqueItems: true if either says so;
//   - annotations: the first one's stands.
//
// Anything else written twice with different values, or a keyword that
// depends on others (additionalProperties, items, then, ...) brought
// beside ones it was not written with, makes the merge inexact: the
// schema is then compared as written.

// maxConjuncts bounds the schemas one merge flattens (nested allOf through
// $refs can repeat without end).
const maxConjuncts = 64

// conjunct is one schema to merge and where the file writes it, relative to
// the node being rewritten.
type conjunct struct {
	v  *jsonvalue.Value
	at []seg
}

// mergeConjuncts returns x without key, merged with the conjuncts (each
// one's nested allOf flattened into the list); nil when that is not exact.
func (c *comparer) mergeConjuncts(s *side, x *node, key string, queue []conjunct) *node {
	out := rewritten(x, key, without(x, key))
	for count := 0; len(queue) > 0; count++ {
		if count >= maxConjuncts {
			return nil
		}
		w := queue[0]
		queue = queue[1:]
		bn, accepts := c.branchNode(s, w.v)
		if accepts {
			continue
		}
		if bn == nil {
			return nil
		}
		members := bn.v.Members
		if nested := bn.v.Get("allOf"); nested != nil {
			if nested.Kind != jsonvalue.Array || len(nested.Items) == 0 {
				return nil
			}
			for j := range nested.Items {
				queue = append(queue, conjunct{&nested.Items[j], appendSegs(w.at, k("allOf"), ix(j))})
			}
			members = withoutMember(members, "allOf")
		}
		if splitsDependents(out.v.Members, members) {
			if !c.widenOld || !widensOnly(out.v.Members, members) {
				return nil
			}
			c.widened = key
		}
		if !mergeMembers(out, members, w.at) {
			return nil
		}
	}
	return out
}

// widensOnly reports whether the only keyword the merge would pair with
// ones it was not written beside is additionalProperties, written on one
// side with no properties or patternProperties of its own, joining the
// other side's properties or patternProperties (that side has no
// additionalProperties). Apart, it held every property to its schema;
// beside them it holds only the undeclared ones, so the merge accepts
// every value the two did together, and more.
func widensOnly(a, b []jsonvalue.Member) bool {
	alone := func(x []jsonvalue.Member) bool {
		return memberIndex(x, "additionalProperties") >= 0 && memberIndex(x, "properties") < 0 && memberIndex(x, "patternProperties") < 0
	}
	declares := func(x []jsonvalue.Member) bool {
		return memberIndex(x, "additionalProperties") < 0 && (memberIndex(x, "properties") >= 0 || memberIndex(x, "patternProperties") >= 0)
	}
	switch {
	case alone(a) && declares(b):
		return !splitsDependents(withoutMember(a, "additionalProperties"), b)
	case alone(b) && declares(a):
		return !splitsDependents(a, withoutMember(b, "additionalProperties"))
	}
	return false
}

func appendSegs(base []seg, more ...seg) []seg {
	return append(append(make([]seg, 0, len(base)+len(more)), base...), more...)
}

func withoutMember(ms []jsonvalue.Member, key string) []jsonvalue.Member {
	out := make([]jsonvalue.Member, 0, len(ms))
	for _, m := range ms {
		if m.Key != key {
			out = append(out, m)
		}
	}
	return out
}

// mergeMembers adds members written at `at` (relative to out) to out's,
// combining a keyword both have as the package comment says; false when a
// combination is not exact.
func mergeMembers(out *node, members []jsonvalue.Member, at []seg) bool {
	for _, m := range members {
		i := memberIndex(out.v.Members, m.Key)
		if i < 0 {
			out.v.Members = append(out.v.Members, m)
			if at != nil {
				out.moved[m.Key] = appendSegs(at, k(m.Key))
			}
			continue
		}
		cur := &out.v.Members[i]
		if annotationOnly(m.Key) || refAnnotation(m.Key) || jsonvalue.Equal(&cur.Value, &m.Value) {
			continue
		}
		switch m.Key {
		case "type":
			t, ok := intersectTypes(&cur.Value, &m.Value)
			if !ok {
				return false
			}
			cur.Value = t
		case "required":
			if cur.Value.Kind != jsonvalue.Array || m.Value.Kind != jsonvalue.Array {
				return false
			}
			items := append([]jsonvalue.Value(nil), cur.Value.Items...)
			for j := range m.Value.Items {
				if !containsValue(items, &m.Value.Items[j]) {
					items = append(items, m.Value.Items[j])
				}
			}
			cur.Value = jsonvalue.NewArray(items...)
		case "properties", "patternProperties":
			if memberIndex(out.v.Members, "additionalProperties") >= 0 || memberIndex(members, "additionalProperties") >= 0 {
				return false
			}
			if !mergeMap(out, cur, &m, at) {
				return false
			}
		case "uniqueItems":
			if cur.Value.Kind != jsonvalue.Bool || m.Value.Kind != jsonvalue.Bool {
				return false
			}
			if m.Value.IsTrue() {
				takeMember(out, cur, m, at)
			}
		default:
			lower, isBound := mergeableBound(m.Key)
			if !isBound || cur.Value.Kind != jsonvalue.Number || m.Value.Kind != jsonvalue.Number {
				return false
			}
			cmp := jsonvalue.CompareNumbers(m.Value.Text, cur.Value.Text)
			if (lower && cmp > 0) || (!lower && cmp < 0) {
				takeMember(out, cur, m, at)
			}
		}
	}
	return true
}

// takeMember replaces cur with m, written at `at`.
func takeMember(out *node, cur *jsonvalue.Member, m jsonvalue.Member, at []seg) {
	*cur = m
	if at != nil {
		out.moved[m.Key] = appendSegs(at, k(m.Key))
	} else {
		delete(out.moved, m.Key)
	}
	delete(out.spelled, m.Key)
}

// mergeMap unites two maps of subschemas with distinct names (equal
// schemas under one name are fine). The entries m brings are reported
// where the file writes them.
func mergeMap(out *node, cur, m *jsonvalue.Member, at []seg) bool {
	if cur.Value.Kind != jsonvalue.Object || m.Value.Kind != jsonvalue.Object {
		return false
	}
	members := append([]jsonvalue.Member(nil), cur.Value.Members...)
	for _, e := range m.Value.Members {
		if j := memberIndex(members, e.Key); j >= 0 {
			if !jsonvalue.Equal(&members[j].Value, &e.Value) {
				return false
			}
			continue
		}
		members = append(members, e)
		if at != nil {
			out.moved[m.Key+"\x00"+e.Key] = appendSegs(at, k(m.Key), k(e.Key))
		}
	}
	v := cur.Value
	v.Members = members
	cur.Value = v
	return true
}

// mergeableBound reports whether key is a bound two conjuncts combine into
// the stricter one, and whether it is a lower bound.
func mergeableBound(key string) (lower, ok bool) {
	switch key {
	case "minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties":
		return true, true
	case "maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties":
		return false, true
	}
	return false, false
}

// intersectTypes returns the types both values allow (integer is a
// number); ok is false for a malformed type or an empty intersection.
func intersectTypes(a, b *jsonvalue.Value) (jsonvalue.Value, bool) {
	sa, okA := typeSet(a)
	sb, okB := typeSet(b)
	if !okA || !okB || len(sa) == 0 || len(sb) == 0 {
		return jsonvalue.Value{}, false
	}
	var out []string
	add := func(t string) {
		for _, x := range out {
			if x == t {
				return
			}
		}
		out = append(out, t)
	}
	for _, t := range sa {
		switch {
		case hasType(sb, t):
			add(t)
		case t == "integer" && hasType(sb, "number"), t == "number" && hasType(sb, "integer"):
			add("integer")
		}
	}
	return typeValue(out)
}

// typeValue spells a type set as a string (one type) or an array; ok is
// false for an empty set.
func typeValue(set []string) (jsonvalue.Value, bool) {
	switch len(set) {
	case 0:
		return jsonvalue.Value{}, false
	case 1:
		return jsonvalue.NewString(set[0]), true
	}
	items := make([]jsonvalue.Value, len(set))
	for i, t := range set {
		items[i] = jsonvalue.NewString(t)
	}
	return jsonvalue.NewArray(items...), true
}

func hasType(set []string, t string) bool {
	for _, x := range set {
		if x == t {
			return true
		}
	}
	return false
}
