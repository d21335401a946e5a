package diff

import "testing"

func TestRefsFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"ref to true", `{"type":"object","$defs":{"T":true},"properties":{"v":{"$ref":"#/$defs/T"}}}`, obj(`{}`), nil},
		{"ref to false", `{"type":"object","$defs":{"F":false},"properties":{"v":{"$ref":"#/$defs/F"}}}`, obj(`{}`), []want{{"schema-opened", NonBreaking, p}}},
		{"non-string $ref", obj(`{"$ref":1}`), obj(`{}`), []want{{"keyword-changed", Breaking, p + ".$ref"}}},
		{"same unresolvable ref", obj(`{"$ref":"other.json"}`), obj(`{"$ref":"other.json"}`), nil},
		// A $ref target's unevaluated* sees only what its own schema object
		// evaluates, not the keywords beside the $ref: moving
		// unevaluatedItems into the target rejects the arrays the sibling
		// contains used to evaluate (`[1]`). The siblings stay a separate
		// conjunct, so the move is compared as written.
		{"unevaluatedItems moved into a ref target away from contains",
			`{"type":"object","properties":{"v":{"contains":{"const":1},"unevaluatedItems":false}}}`,
			`{"type":"object","$defs":{"E":{"unevaluatedItems":false}},"properties":{"v":{"$ref":"#/$defs/E","contains":{"const":1}}}}`,
			[]want{{"contains-added", Breaking, p + ".contains"}, {"contains-removed", Breaking, p + ".contains"}}},
	})
}
