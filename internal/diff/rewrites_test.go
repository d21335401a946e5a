package diff

import "testing"

// Rewrites into an equivalent schema (merge.go, negation.go, equiv.go):
// each equivalent pair gives no change both ways; each near miss keeps the
// change that makes it breaking, reported where the file writes it.

func runSame(t *testing.T, same []struct{ name, old, new string }) {
	t.Helper()
	for _, tc := range same {
		t.Run(tc.name, func(t *testing.T) {
			checkChanges(t, diffSchemas(t, tc.old, tc.new))
			checkChanges(t, diffSchemas(t, tc.new, tc.old))
		})
	}
}

func TestAllOfFlattening(t *testing.T) {
	runSame(t, []struct{ name, old, new string }{
		{"properties split across branches", obj(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a","b"]}`),
			obj(`{"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"type":"object","properties":{"b":{"type":"integer"}},"required":["b"]}]}`)},
		{"type intersection with a sibling", obj(`{"type":"number"}`), obj(`{"allOf":[{"type":"number"}],"type":["number","string"]}`)},
		{"integer is the intersection of number and integer", obj(`{"type":"integer"}`), obj(`{"allOf":[{"type":"number"},{"type":["integer","string"]}]}`)},
		{"nested allOf", obj(`{"type":"string"}`), obj(`{"allOf":[{"allOf":[{"type":["number","string","boolean"]},{"type":["number","string"]}]},{"allOf":[{"type":["string","array"]},{"type":["string"]}]}]}`)},
		{"branches merged into one schema", obj(`{"type":"integer","minimum":0}`), obj(`{"allOf":[{"type":"integer"},{"minimum":0}]}`)},
		{"stricter bound wins", obj(`{"type":"string","minLength":3,"maxLength":5}`), obj(`{"allOf":[{"type":"string","minLength":1,"maxLength":5},{"minLength":3,"maxLength":9}]}`)},
		{"required united", obj(`{"type":"object","properties":{"a":{},"b":{}},"required":["a","b"]}`),
			obj(`{"type":"object","properties":{"a":{},"b":{}},"allOf":[{"required":["a"]},{"required":["b","a"]}]}`)},
	})
	runFamily(t, []familyCase{
		{"a change inside a branch is reported there", obj(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}}}`),
			obj(`{"allOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","properties":{"b":{"type":"string"}}}]}`),
			[]want{{"type-changed", Breaking, p + ".allOf[1].properties.b.type"}}},
		{"a property only the old schema has is reported there", obj(`{"allOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"b":{"type":"integer"}}}]}`),
			obj(`{"properties":{"a":{"type":"string"}}}`),
			[]want{{"property-removed", Breaking, p + ".allOf[1].properties.b"}}},
		// additionalProperties sees only the properties beside it: merging
		// another branch's properties would change what it closes.
		{"closed branch beside another branch's properties", obj(`{"type":"object","properties":{"a":{},"b":{}},"additionalProperties":false}`),
			obj(`{"allOf":[{"properties":{"a":{}},"additionalProperties":false},{"properties":{"b":{}}}]}`),
			[]want{{"composition-added", Breaking, p + ".allOf"}, {"property-removed", Breaking, p + ".properties.a"}, {"property-removed", Breaking, p + ".properties.b"},
				{"additional-properties-relaxed", NonBreaking, p + ".additionalProperties"}, {"type-widened", NonBreaking, p + ".type"}}},
		{"disjoint types are left alone", obj(`{"type":"string"}`), obj(`{"allOf":[{"type":"string"},{"type":"integer"}]}`),
			[]want{{"composition-added", Breaking, p + ".allOf"}, {"type-widened", NonBreaking, p + ".type"}}},
		{"the same property twice with different schemas is left alone", obj(`{"properties":{"a":{"type":"string"}}}`),
			obj(`{"allOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"a":{"maxLength":3}}}]}`),
			[]want{{"composition-added", Breaking, p + ".allOf"}, {"property-removed", Breaking, p + ".properties.a"}}},
		{"a tighter bound in a branch", obj(`{"type":"integer","minimum":0}`), obj(`{"allOf":[{"type":"integer","minimum":0},{"minimum":5}]}`),
			[]want{{"constraint-narrowed", Breaking, p + ".allOf[1].minimum"}}},
	})
}
