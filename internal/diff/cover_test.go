package diff

import "testing"

// Branches matched by what they accept (cover.go): an old anyOf/oneOf
// branch covered by a new one is diffed against it; only an old branch
// nothing covers is breaking, and carries a witness the validator checks.
func TestBranchCover(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		want     []want
	}{
		// The example: an integer matches `number` only.
		{"oneOf integer covered by number beside string", obj(`{"oneOf":[{"type":"integer"}]}`),
			obj(`{"oneOf":[{"type":"string"},{"type":"number"}]}`),
			[]want{{"one-of-branch-added", NonBreaking, p + ".oneOf[0]"}, {"type-widened", NonBreaking, p + ".oneOf[1].type"}}},
		{"anyOf branches moved and widened", obj(`{"anyOf":[{"type":"integer"},{"type":"string","maxLength":3}]}`),
			obj(`{"anyOf":[{"type":"string"},{"type":"number"}]}`),
			[]want{{"constraint-removed", NonBreaking, p + ".anyOf[0].maxLength"}, {"type-widened", NonBreaking, p + ".anyOf[1].type"}}},
		{"two old branches covered by one", obj(`{"anyOf":[{"type":"integer"},{"type":"string"}]}`),
			obj(`{"anyOf":[{"type":["integer","string"]}]}`),
			[]want{{"composition-widened", NonBreaking, p + ".anyOf"}, {"type-widened", NonBreaking, p + ".anyOf[0].type"}}},
		// number would cover integer, but 7 matches both new branches.
		{"oneOf branch no longer alone", obj(`{"oneOf":[{"type":"integer"}]}`),
			obj(`{"oneOf":[{"type":"number"},{"type":"integer","minimum":5}]}`),
			[]want{{"one-of-branch-added", Breaking, p + ".oneOf[0]"}, {"constraint-added", Breaking, p + ".oneOf[1].minimum"}}},
		// The first branch widens over the second's strings: a string
		// matched the second branch alone, it matches both now.
		{"oneOf branch widened over an unchanged one", obj(`{"oneOf":[{"type":"integer"},{"type":"string"}]}`),
			obj(`{"oneOf":[{"type":["integer","string"]},{"type":"string"}]}`),
			[]want{{"composition-narrowed", Breaking, p + ".oneOf"}, {"type-widened", NonBreaking, p + ".oneOf[0].type"}}},
		{"oneOf edit to a description only", obj(`{"oneOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","properties":{"b":{"type":"string"}}}]}`),
			obj(`{"oneOf":[{"type":"object","properties":{"a":{"type":"string","description":"x"}}},{"type":"object","properties":{"b":{"type":"string"}}}]}`),
			[]want{{"description-changed", Informational, p + ".oneOf[0].properties.a.description"}}},
		{"uncovered branch is breaking at its pair", obj(`{"anyOf":[{"type":"string","maxLength":9},{"type":"null"}]}`),
			obj(`{"anyOf":[{"type":"null"},{"type":"string","maxLength":5}]}`),
			[]want{{"constraint-narrowed", Breaking, p + ".anyOf[1].maxLength"}}},
		{"uncovered branch lost", obj(`{"anyOf":[{"type":"integer"},{"type":"boolean"}]}`),
			obj(`{"anyOf":[{"type":"number"}]}`),
			[]want{{"composition-narrowed", Breaking, p + ".anyOf"}, {"type-widened", NonBreaking, p + ".anyOf[0].type"}}},
		{"oneOf const branch lost into overlapping new branches", obj(`{"oneOf":[{"type":"string"},{"const":5}]}`),
			obj(`{"oneOf":[{"type":"string"},{"type":"integer"},{"type":"number"}]}`),
			[]want{{"composition-narrowed", Breaking, p + ".oneOf"}, {"one-of-branch-added", Breaking, p + ".oneOf[1]"}, {"one-of-branch-added", Breaking, p + ".oneOf[2]"}}},
		{"branch position swapped for a wider one", obj(`{"anyOf":[{"type":"integer"},{"type":"null"}]}`),
			obj(`{"anyOf":[{"type":"null"},{"type":"number"}]}`),
			[]want{{"type-widened", NonBreaking, p + ".anyOf[1].type"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := diffSchemas(t, tc.old, tc.new)
			checkChanges(t, got, tc.want...)
			for _, ch := range got {
				if ch.Classification == Breaking {
					verifyWitness(t, tc.old, tc.new, ch.Witness)
				}
			}
		})
	}
}
