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
		{"property removed, a matching patternProperties covers it", `{"type":"object","properties":{"x_b":{"type":"string","maxLength":3}},"patternProperties":{"^x_":{"type":"string"}},"additionalProperties":false}`,
			`{"type":"object","patternProperties":{"^x_":{"type":"string"}},"additionalProperties":false}`,
			[]want{{"property-removed", NonBreaking, r + ".properties.x_b"}}},
		{"property removed, a matching patternProperties is narrower", `{"type":"object","properties":{"x_b":{"type":"integer"}},"patternProperties":{"^y_":{"type":"string"}}}`,
			`{"type":"object","patternProperties":{"^x_":{"type":"string"}}}`,
			[]want{{"pattern-property-added", Breaking, r + ".patternProperties[\"^x_\"]"}, {"property-removed", Breaking, r + ".properties.x_b"}, {"pattern-property-removed", NonBreaking, r + ".patternProperties[\"^y_\"]"}}},
		{"property removed, patternProperties not matching, object closed", `{"type":"object","properties":{"b":{"type":"string"}},"patternProperties":{"^x_":{"type":"string"}},"additionalProperties":false}`,
			`{"type":"object","patternProperties":{"^x_":{"type":"string"}},"additionalProperties":false}`,
			[]want{{"property-removed", Breaking, r + ".properties.b"}}},
		{"property that accepted nothing removed", `{"type":"object","properties":{"a":{"type":"string"},"b":false},"additionalProperties":false}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`,
			[]want{{"property-removed", NonBreaking, r + ".properties.b"}}},
		// A few scalar values accepted before, each judged against the new
		// schema (finite.go).
		{"enum replaced by the type of its values", obj(`{"enum":["a","b"]}`), obj(`{"type":"string"}`),
			[]want{{"enum-removed", NonBreaking, p + ".enum"}, {"type-narrowed", NonBreaking, p + ".type"}}},
		{"enum replaced by a type missing one value's", obj(`{"enum":["a",1]}`), obj(`{"type":"string"}`),
			[]want{{"type-narrowed", Breaking, p + ".type"}, {"enum-removed", NonBreaking, p + ".enum"}}},
		{"const within new bounds", obj(`{"const":"a"}`), obj(`{"type":"string","maxLength":3}`),
			[]want{{"const-removed", NonBreaking, p + ".const"}, {"constraint-added", NonBreaking, p + ".maxLength"}, {"type-narrowed", NonBreaking, p + ".type"}}},
		{"const outside new bounds", obj(`{"const":"abcd"}`), obj(`{"type":"string","maxLength":3}`),
			[]want{{"constraint-added", Breaking, p + ".maxLength"}, {"type-narrowed", Breaking, p + ".type"}, {"const-removed", NonBreaking, p + ".const"}}},
		{"boolean spelled as its enum", obj(`{"type":"boolean"}`), obj(`{"enum":[true,false]}`),
			[]want{{"enum-added", NonBreaking, p + ".enum"}, {"type-widened", NonBreaking, p + ".type"}}},
		{"small integer range spelled as an enum", obj(`{"type":"integer","minimum":1,"maximum":3}`), obj(`{"enum":[1,2,3]}`),
			[]want{{"enum-added", NonBreaking, p + ".enum"}, {"constraint-removed", NonBreaking, p + ".maximum"}, {"constraint-removed", NonBreaking, p + ".minimum"}, {"type-widened", NonBreaking, p + ".type"}}},
		{"small integer range, enum misses one", obj(`{"type":"integer","minimum":1,"maximum":3}`), obj(`{"enum":[1,3]}`),
			[]want{{"enum-added", Breaking, p + ".enum"}, {"constraint-removed", NonBreaking, p + ".maximum"}, {"constraint-removed", NonBreaking, p + ".minimum"}, {"type-widened", NonBreaking, p + ".type"}}},
		{"enum within a new pattern", obj(`{"type":"string","enum":["ab","ac"]}`), obj(`{"type":"string","pattern":"^a"}`),
			[]want{{"enum-removed", NonBreaking, p + ".enum"}, {"pattern-added", NonBreaking, p + ".pattern"}}},
		{"enum partly outside a new pattern", obj(`{"type":"string","enum":["ab","bc"]}`), obj(`{"type":"string","pattern":"^a"}`),
			[]want{{"pattern-added", Breaking, p + ".pattern"}, {"enum-removed", NonBreaking, p + ".enum"}}},
		// nullable is OpenAPI's: not judged here, the contract decides.
		{"enum with nullable is not decided", obj(`{"enum":["a"],"nullable":true}`), obj(`{"type":"string"}`),
			[]want{{"nullable-removed", Breaking, p + ".nullable"}, {"type-narrowed", Breaking, p + ".type"}, {"enum-removed", NonBreaking, p + ".enum"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := diffSchemas(t, tc.old, tc.new)
			checkChanges(t, got, tc.want...)
			for _, ch := range got {
				// nullable's break is the providers', not the validator's.
				if ch.Classification == Breaking && tc.name != "enum with nullable is not decided" {
					verifyWitness(t, tc.old, tc.new, ch.Witness)
				}
			}
		})
	}
}
