package diff

import "testing"

// Changes whose safety is decided exactly instead of defaulting to
// breaking: every breaking one carries a witness the validator checks, and
// every non-breaking one is held to the validator by the semantic tests.
func TestExactDecisions(t *testing.T) {
	const r = "inputSchema"
	cases := []struct {
		name     string
		old, new string
		want     []want
	}{
		// property-removed: the name falls to the undeclared-property rules.
		{"property removed from an open object", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}}}`,
			`{"type":"object","properties":{"a":{"type":"string"}}}`,
			[]want{{"property-removed", NonBreaking, r + ".properties.b"}}},
		{"property removed, additionalProperties accepts its values", `{"type":"object","properties":{"b":{"type":"string","maxLength":3}},"additionalProperties":{"type":"string"}}`,
			`{"type":"object","additionalProperties":{"type":"string"}}`,
			[]want{{"property-removed", NonBreaking, r + ".properties.b"}}},
		{"property removed, additionalProperties narrower", `{"type":"object","properties":{"b":{"type":"integer"}},"additionalProperties":{"type":"string"}}`,
			`{"type":"object","additionalProperties":{"type":"string"}}`,
			[]want{{"property-removed", Breaking, r + ".properties.b"}}},
		{"property removed from a closed object", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"additionalProperties":false}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`,
			[]want{{"property-removed", Breaking, r + ".properties.b"}}},
		{"property removed and required now", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}}}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"required":["b"]}`,
			[]want{{"property-removed", Breaking, r + ".properties.b"}}},
		{"property removed under a closed unevaluatedProperties", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"unevaluatedProperties":false}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"unevaluatedProperties":false}`,
			[]want{{"property-removed", Breaking, r + ".properties.b"}}},
		{"property removed in an anyOf branch beside a closed unevaluatedProperties", obj(`{"type":"object","anyOf":[{"properties":{"b":{"type":"integer"}}}],"unevaluatedProperties":false}`),
			obj(`{"type":"object","anyOf":[{"properties":{}}],"unevaluatedProperties":false}`),
			[]want{{"property-removed", Breaking, p + ".anyOf[0].properties.b"}}},
		{"property that accepted nothing removed", `{"type":"object","properties":{"a":{"type":"string"},"b":false},"additionalProperties":false}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`,
			[]want{{"property-removed", NonBreaking, r + ".properties.b"}}},
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
