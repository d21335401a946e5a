package diff

import "github.com/schemaport/schemaport-action/internal/jsonvalue"

// Disjoint oneOf branches: no value can match two of them, so oneOf over
// them means the same as anyOf, a branch added to them rejects nothing
// accepted before, and an edit inside one is judged as in anyOf. Two
// branches are proven disjoint by their types (no JSON type both allow;
// integer is a number) or, where both allow only objects, by a
// discriminator (a property both require whose const or single-value enum
// differs) or by a property one requires that the other, closed by
// additionalProperties: false without patternProperties, does not
// declare.

var allTypes = []string{"null", "boolean", "integer", "number", "string", "array", "object"}

// allowedTypes returns the JSON types a schema object's `type` allows (all of
// them when it has none, nil for a malformed one).
func allowedTypes(v *jsonvalue.Value) []string {
	t := v.Get("type")
	switch {
	case t == nil:
		return allTypes
	case t.Kind == jsonvalue.String:
		if t.Text == "number" {
			return []string{"integer", "number"}
		}
		return []string{t.Text}
	case t.Kind == jsonvalue.Array:
		var out []string
		for i := range t.Items {
			if t.Items[i].Kind != jsonvalue.String {
				return nil
			}
			out = append(out, t.Items[i].Text)
			if t.Items[i].Text == "number" {
				out = append(out, "integer")
			}
		}
		return out
	}
	return nil
}

// discriminator returns the value a schema requires property name to have
// (its const or single-value enum), or nil.
func discriminator(v *jsonvalue.Value, name string) *jsonvalue.Value {
	req := v.Get("required")
	if req == nil || req.Kind != jsonvalue.Array {
		return nil
	}
	found := false
	for i := range req.Items {
		found = found || (req.Items[i].Kind == jsonvalue.String && req.Items[i].Text == name)
	}
	if !found {
		return nil
	}
	p := v.Get("properties").Get(name)
	if p == nil || p.Kind != jsonvalue.Object {
		return nil
	}
	if c := p.Get("const"); c != nil {
		return c
	}
	if e := p.Get("enum"); e != nil && e.Kind == jsonvalue.Array && len(e.Items) == 1 {
		return &e.Items[0]
	}
	return nil
}

// disjointSchemas reports whether no value can satisfy both a and b (both
// resolved schema objects of one side).
func disjointSchemas(a, b *jsonvalue.Value) bool {
	ta, tb := allowedTypes(a), allowedTypes(b)
	if ta == nil || tb == nil {
		return false
	}
	var common []string
	for _, x := range ta {
		for _, y := range tb {
			if x == y {
				common = append(common, x)
				break
			}
		}
	}
	if len(common) == 0 {
		return true
	}
	if len(common) > 1 || common[0] != "object" {
		return false
	}
	// Only objects can satisfy both: a property one requires and the other
	// closes out, or a discriminator, tells them apart.
	if excludesRequired(a, b) || excludesRequired(b, a) {
		return true
	}
	props := a.Get("properties")
	if props == nil || props.Kind != jsonvalue.Object {
		return false
	}
	for i := range props.Members {
		name := props.Members[i].Key
		da, db := discriminator(a, name), discriminator(b, name)
		if da != nil && db != nil && !jsonvalue.Equal(da, db) {
			return true
		}
	}
	return false
}

// branchSchemas resolves the branches of a composition list on one side;
// nil when one is not an object schema (or true/false).
func (c *comparer) branchSchemas(s *side, list *jsonvalue.Value) []*jsonvalue.Value {
	if list == nil || list.Kind != jsonvalue.Array {
		return nil
	}
	out := make([]*jsonvalue.Value, 0, len(list.Items))
	for i := range list.Items {
		bn, k := c.child(s, &list.Items[i], valueSpan(&list.Items[i]))
		if k != kSchema || bn == nil || bn.conj != nil {
			return nil
		}
		out = append(out, bn.v)
	}
	return out
}

// pairwiseDisjoint: no two of the branches can match one value.
func pairwiseDisjoint(bs []*jsonvalue.Value) bool {
	if bs == nil {
		return false
	}
	for i := range bs {
		for j := i + 1; j < len(bs); j++ {
			if !disjointSchemas(bs[i], bs[j]) {
				return false
			}
		}
	}
	return true
}

// disjointFromOthers: branch j cannot match a value any other branch matches.
func disjointFromOthers(bs []*jsonvalue.Value, j int) bool {
	if bs == nil {
		return false
	}
	for i := range bs {
		if i != j && !disjointSchemas(bs[i], bs[j]) {
			return false
		}
	}
	return true
}

// excludesRequired reports whether a requires a property b cannot have: b
// is closed (additionalProperties: false, no patternProperties) and does
// not declare it.
func excludesRequired(a, b *jsonvalue.Value) bool {
	if !b.Get("additionalProperties").IsFalse() || b.Has("patternProperties") {
		return false
	}
	req, props := a.Get("required"), b.Get("properties")
	if req == nil || req.Kind != jsonvalue.Array || (props != nil && props.Kind != jsonvalue.Object) {
		return false
	}
	for i := range req.Items {
		if r := &req.Items[i]; r.Kind == jsonvalue.String && !props.Has(r.Text) {
			return true
		}
	}
	return false
}
