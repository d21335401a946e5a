package diff

import (
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

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
			[]want{{"keyword-regrouped-with-ref", Breaking, p + ".contains"}}},
		{"contains moved out of a ref target's scope, reverse",
			`{"type":"object","$defs":{"E":{"unevaluatedItems":false}},"properties":{"v":{"$ref":"#/$defs/E","contains":{"const":1}}}}`,
			`{"type":"object","properties":{"v":{"contains":{"const":1},"unevaluatedItems":false}}}`,
			[]want{{"keyword-regrouped-with-ref", Breaking, p + ".contains"}}},
		// A keyword nothing reads asserts the same in either conjunct.
		{"minItems moved beside a ref with contains",
			`{"type":"object","properties":{"v":{"contains":{"const":1},"minItems":2,"unevaluatedItems":false}}}`,
			`{"type":"object","$defs":{"E":{"unevaluatedItems":false}},"properties":{"v":{"$ref":"#/$defs/E","contains":{"const":1},"minItems":2}}}`,
			[]want{{"keyword-regrouped-with-ref", Breaking, p + ".contains"}}},
	})
}

// TestRegroupedWithRefSaysWhat: a keyword moved out of the schema object
// holding unevaluatedItems to beside a $ref to it is one breaking change
// naming what no longer sees it (and the reverse, what now does), with a
// verified call where the validator finds one.
func TestRegroupedWithRefSaysWhat(t *testing.T) {
	together := `{"type":"object","properties":{"v":{"contains":{"const":1},"unevaluatedItems":false}}}`
	apart := `{"type":"object","$defs":{"E":{"unevaluatedItems":false}},"properties":{"v":{"$ref":"#/$defs/E","contains":{"const":1}}}}`
	for _, tc := range []struct {
		old, new, msg, witness string
	}{
		{together, apart, "`contains` now sits beside a `$ref` instead of in one schema object with the keywords of its target; the target's `unevaluatedItems` no longer sees what `contains` evaluates. Values accepted before may be rejected now.", `{"v":[1]}`},
		{apart, together, "`contains` was written beside a `$ref`, apart from the keywords of its target, and now sits in one schema object with them; `unevaluatedItems` now sees what `contains` evaluates. The engine cannot prove that nothing accepted before is rejected, so treat it as breaking.", ""},
		// additionalProperties beside the $ref no longer sees the
		// target's properties.
		{`{"type":"object","properties":{"v":{"properties":{"a":{"type":"string"}},"additionalProperties":false}}}`,
			`{"type":"object","$defs":{"E":{"properties":{"a":{"type":"string"}}}},"properties":{"v":{"$ref":"#/$defs/E","additionalProperties":false}}}`,
			"`additionalProperties` now sits beside a `$ref` instead of in one schema object with the keywords of its target; it no longer sees the target's `properties`, which it depends on. Values accepted before may be rejected now.", `{"v":{"a":"a"}}`},
	} {
		got := diffSchemas(t, tc.old, tc.new)
		if len(got) != 1 || got[0].Code != "keyword-regrouped-with-ref" || got[0].Classification != Breaking {
			t.Fatalf("want one breaking keyword-regrouped-with-ref:%s", describe(got))
		}
		if got[0].Message != tc.msg {
			t.Errorf("message %q\nwant %q", got[0].Message, tc.msg)
		}
		if tc.witness == "" {
			if got[0].Witness == nil || got[0].Witness.Arguments != nil {
				t.Errorf("witness %+v, want none", got[0].Witness)
			}
			continue
		}
		verifyWitness(t, tc.old, tc.new, got[0].Witness)
		if enc := jsonvalue.Encode(got[0].Witness.Arguments, ""); enc != tc.witness {
			t.Errorf("witness %s, want %s", enc, tc.witness)
		}
	}
}
