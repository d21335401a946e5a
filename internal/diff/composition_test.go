package diff

import "testing"

func TestCompositionFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"allOf branch removed", obj(`{"allOf":[{"minimum":1},{"maximum":5}]}`), obj(`{"allOf":[{"maximum":5}]}`), []want{{"composition-widened", NonBreaking, p + ".allOf"}}},
		{"oneOf branch removed", obj(`{"oneOf":[{"type":"string"},{"type":"integer"}]}`), obj(`{"oneOf":[{"type":"string"}]}`), []want{{"composition-narrowed", Breaking, p + ".oneOf"}}},
		{"boolean branches", obj(`{"anyOf":[true,{"type":"string"}]}`), obj(`{"anyOf":[{"type":"string"},false]}`), []want{{"schema-closed", Breaking, p + ".anyOf[1]"}}},
		{"duplicate anyOf branch dropped", obj(`{"anyOf":[{"type":"string"},{"type":"string"}]}`), obj(`{"anyOf":[{"type":"string"}]}`), []want{{"composition-widened", NonBreaking, p + ".anyOf"}}},
		{"distinct anyOf branch dropped", obj(`{"anyOf":[{"type":"string"},{"type":"integer"}]}`), obj(`{"anyOf":[{"type":"string"}]}`), []want{{"composition-narrowed", Breaking, p + ".anyOf"}}},
		{"if removed", obj(`{"if":{"required":["a"]},"then":{"required":["b"]}}`), obj(`{"then":{"required":["b"]}}`), []want{{"conditional-removed", NonBreaking, p + ".if"}}},
		{"relaxation inside if is not proven safe", obj(`{"if":{"minimum":5}}`), obj(`{"if":{"minimum":1}}`), []want{{"constraint-relaxed", Breaking, p + ".if.minimum"}}},
	})
}

// TestAdditionalPropertiesOutOfAllOf: additionalProperties in a one-branch
// allOf of its own holds every property to its schema; beside properties
// it holds only the undeclared ones. Moving it there widens (the old side
// is read as the merge, which accepts more); moving it into the allOf
// narrows and stays breaking, with a verified call.
func TestAdditionalPropertiesOutOfAllOf(t *testing.T) {
	inAllOf := obj(`{"type":"object","properties":{"name":{"type":"string"}},"allOf":[{"additionalProperties":{"type":"integer"}}]}`)
	beside := obj(`{"type":"object","properties":{"name":{"type":"string"}},"additionalProperties":{"type":"integer"}}`)
	closedIn := obj(`{"type":"object","properties":{"id":{"type":"string"}},"allOf":[{"additionalProperties":false}]}`)
	closedBeside := obj(`{"type":"object","properties":{"id":{"type":"string"}},"additionalProperties":false}`)
	// Nullable and closed, with properties or additionalProperties in the
	// object branch of an anyOf: the old objects could hold no property.
	nullable := obj(`{"type":["object","null"],"properties":{"b":{"type":"string"}},"additionalProperties":false}`)
	propsInBranch := obj(`{"additionalProperties":false,"anyOf":[{"type":"object","properties":{"b":{"type":"string"}}},{"type":"null"}]}`)
	closedInBranch := obj(`{"properties":{"b":{"type":"string"}},"anyOf":[{"type":"object","additionalProperties":false},{"type":"null"}]}`)
	msg := func(key string) string {
		return "`additionalProperties` and `properties` were written apart (one of them in `" + key + "`) and now sit side by side: the declared properties are no longer held to `additionalProperties`, so more values are accepted."
	}
	for _, tc := range []struct{ old, new, key string }{{inAllOf, beside, "allOf"}, {closedIn, closedBeside, "allOf"},
		{propsInBranch, nullable, "anyOf"}, {closedInBranch, nullable, "anyOf"}} {
		got := diffSchemas(t, tc.old, tc.new)
		if len(got) != 1 || got[0].Code != "composition-widened" || got[0].Classification != NonBreaking ||
			got[0].Path != p+"."+tc.key || got[0].Message != msg(tc.key) {
			t.Errorf("%s -> %s:%s", tc.old, tc.new, describe(got))
		}
	}
	for _, tc := range []struct{ old, new string }{{beside, inAllOf}, {closedBeside, closedIn}, {nullable, propsInBranch}, {nullable, closedInBranch}} {
		got := diffSchemas(t, tc.old, tc.new)
		found := false
		for _, ch := range got {
			if ch.Classification == Breaking {
				found = true
				verifyWitness(t, tc.old, tc.new, ch.Witness)
			}
		}
		if !found {
			t.Errorf("%s -> %s: nothing breaking:%s", tc.old, tc.new, describe(got))
		}
	}
	// The new side is never read wider: an allOf the new schema adds
	// around additionalProperties beside other edits stays breaking.
	got := diffSchemas(t, beside, obj(`{"type":"object","properties":{"name":{"type":"string"}},"allOf":[{"additionalProperties":{"type":"integer"}}],"maxProperties":3}`))
	if !hasBreaking(got) {
		t.Errorf("allOf added in the new schema:%s", describe(got))
	}
}

func hasBreaking(cs []Change) bool {
	for _, c := range cs {
		if c.Classification == Breaking {
			return true
		}
	}
	return false
}

// TestNumberRangeUnions: anyOf/oneOf of bounds compared as sets of
// numbers. Over integers, oneOf [≤10, ≥5] is "≤4 or ≥11", the same as
// oneOf [≤4, ≥11]; over numbers it is not (4.5 is gone).
func TestNumberRangeUnions(t *testing.T) {
	overlap := obj(`{"type":"integer","oneOf":[{"maximum":10},{"minimum":5}]}`)
	disjoint := obj(`{"type":"integer","oneOf":[{"maximum":4},{"minimum":11}]}`)
	for _, tc := range [][2]string{{overlap, disjoint}, {disjoint, overlap},
		{obj(`{"type":"integer","anyOf":[{"maximum":4},{"minimum":11}]}`), disjoint}} {
		if got := diffSchemas(t, tc[0], tc[1]); len(got) != 0 {
			t.Errorf("%s -> %s: want no change:%s", tc[0], tc[1], describe(got))
		}
	}
	wider := obj(`{"type":"integer","oneOf":[{"maximum":5},{"exclusiveMinimum":10}]}`)
	got := diffSchemas(t, disjoint, wider)
	if len(got) != 1 || got[0].Code != "composition-widened" || got[0].Classification != NonBreaking || got[0].Path != p+".oneOf" ||
		got[0].Message != "The number ranges `oneOf` unites changed; every number accepted before is still accepted." {
		t.Errorf("widened:%s", describe(got))
	}
	for _, tc := range []struct{ old, new, witness string }{
		{wider, disjoint, `{"v":5}`},
		{obj(`{"type":"number","oneOf":[{"maximum":10},{"minimum":5}]}`), obj(`{"type":"number","oneOf":[{"maximum":4},{"minimum":11}]}`), ``},
	} {
		got := diffSchemas(t, tc.old, tc.new)
		if !hasBreaking(got) {
			t.Errorf("%s -> %s: nothing breaking:%s", tc.old, tc.new, describe(got))
		}
		for _, ch := range got {
			if ch.Classification == Breaking && ch.Witness != nil && ch.Witness.Arguments != nil {
				verifyWitness(t, tc.old, tc.new, ch.Witness)
			}
		}
	}
	// Inside a oneOf whose branches overlap a widening can reject: only
	// equal sets pass there.
	in := func(v string) string { return obj(`{"oneOf":[` + v + `,{"type":"integer","minimum":0}]}`) }
	if got := diffSchemas(t, in(`{"type":"integer","oneOf":[{"maximum":4},{"minimum":11}]}`),
		in(`{"type":"integer","oneOf":[{"maximum":5},{"exclusiveMinimum":10}]}`)); !hasBreaking(got) {
		t.Errorf("widened inside an overlapping oneOf:%s", describe(got))
	}
}
