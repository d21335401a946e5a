package diff

import "testing"

func TestDefinitionsFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"reached definition reported once, at the definition",
			`{"type":"object","$defs":{"A":{"type":"string"}},"properties":{"v":{"$ref":"#/$defs/A"}}}`,
			`{"type":"object","$defs":{"A":{"type":"integer"}},"properties":{"v":{"$ref":"#/$defs/A"}}}`,
			[]want{{"type-changed", Breaking, "inputSchema.$defs.A.type"}}},
		{"partly reached definition is skipped",
			`{"type":"object","$defs":{"A":{"properties":{"x":{"type":"string"}}}},"properties":{"v":{"$ref":"#/$defs/A/properties/x"}}}`,
			`{"type":"object","$defs":{"A":{"properties":{"x":{"type":"string"}},"required":["x"]}},"properties":{"v":{"$ref":"#/$defs/A/properties/x"}}}`,
			nil},
		{"nested unreachable", `{"type":"object","$defs":{"A":{"$defs":{"B":{"type":"string"}}}}}`, `{"type":"object","$defs":{"A":{"$defs":{"B":{"type":"number"}}}}}`,
			[]want{{"type-changed", Informational, "inputSchema.$defs.A.$defs.B.type"}}},
		{"malformed $defs is capped", `{"type":"object","$defs":[]}`, `{"type":"object","$defs":{}}`, []want{{"keyword-changed", Informational, "inputSchema.$defs"}}},
		{"definition referenced only from an unreached one", `{"type":"object","$defs":{"A":{"$ref":"#/$defs/B"},"B":{"type":"string"}}}`,
			`{"type":"object","$defs":{"A":{"$ref":"#/$defs/B"},"B":{"type":"integer"}}}`,
			[]want{{"type-changed", Informational, "inputSchema.$defs.B.type"}}},
	})
}
