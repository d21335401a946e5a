package diff

import "testing"

func TestBoundsFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"draft-04 boolean exclusiveMinimum", obj(`{"minimum":1,"exclusiveMinimum":true}`), obj(`{"minimum":1}`),
			[]want{{"keyword-changed", Breaking, p + ".exclusiveMinimum"}}},
		{"string bound", obj(`{"maxLength":"5"}`), obj(`{"maxLength":5}`), []want{{"keyword-changed", Breaking, p + ".maxLength"}}},
		{"minItems 0 to 2", obj(`{"minItems":0}`), obj(`{"minItems":2}`), []want{{"constraint-narrowed", Breaking, p + ".minItems"}}},
		{"minItems 2 to default", obj(`{"minItems":2}`), obj(`{}`), []want{{"constraint-removed", NonBreaking, p + ".minItems"}}},
		{"minContains 0 to default 1", obj(`{"contains":{"type":"string"},"minContains":0}`), obj(`{"contains":{"type":"string"}}`),
			[]want{{"constraint-narrowed", Breaking, p + ".minContains"}}},
		{"exponent forms compare exactly", obj(`{"maximum":1e2}`), obj(`{"maximum":100.0}`), nil},
		{"multipleOf with a huge exponent is not proven", obj(`{"multipleOf":1e5000}`), obj(`{"multipleOf":1e4999}`),
			[]want{{"constraint-narrowed", Breaking, p + ".multipleOf"}}},
		{"uniqueItems true to absent", obj(`{"uniqueItems":true}`), obj(`{}`), []want{{"constraint-removed", NonBreaking, p + ".uniqueItems"}}},
		{"uniqueItems malformed", obj(`{"uniqueItems":1}`), obj(`{}`), []want{{"keyword-changed", Breaking, p + ".uniqueItems"}}},
	})
}
