package diff

import "testing"

func TestArraysFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"items edited at depth", obj(`{"items":{"type":"string"}}`), obj(`{"items":{"type":"string","maxLength":3}}`),
			[]want{{"constraint-added", Breaking, p + ".items.maxLength"}}},
		{"tuple-form items", obj(`{"items":[{"type":"string"}]}`), obj(`{"items":[{"type":"number"}]}`), []want{{"keyword-changed", Breaking, p + ".items"}}},
		{"prefix shrinks onto items", obj(`{"prefixItems":[{"type":"string"},{"type":"string"}],"items":{"type":"string"}}`),
			obj(`{"prefixItems":[{"type":"string"}],"items":{"type":"string"}}`), nil},
		{"items false to true", obj(`{"items":false}`), obj(`{"items":true}`), []want{{"schema-opened", NonBreaking, p + ".items"}}},
		{"contains edited", obj(`{"contains":{"type":"string"}}`), obj(`{"contains":{"type":"integer"}}`), []want{{"type-changed", Breaking, p + ".contains.type"}}},
		{"contains {} is a constraint", obj(`{}`), obj(`{"contains":{}}`), []want{{"contains-added", Breaking, p + ".contains"}}},
	})
}
