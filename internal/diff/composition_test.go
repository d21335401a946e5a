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
