package diff

import (
	"strings"
	"testing"
)

func TestObjectsFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"required without properties", `{"type":"object"}`, `{"type":"object","required":["a"]}`, []want{{"property-made-required", Breaking, "inputSchema.required"}}},
		{"property schema true equals {}", `{"type":"object","properties":{"v":true}}`, obj(`{}`), nil},
		{"property forbidden", obj(`{}`), `{"type":"object","properties":{"v":false}}`, []want{{"schema-closed", Breaking, p}}},
		{"additionalProperties null is absent", obj(`{"additionalProperties":null}`), obj(`{}`), nil},
		{"additionalProperties {} to a schema", obj(`{"additionalProperties":{}}`), obj(`{"additionalProperties":{"type":"string"}}`),
			[]want{{"additional-properties-restricted", Breaking, p + ".additionalProperties"}}},
		{"additionalProperties false to a schema", obj(`{"additionalProperties":false}`), obj(`{"additionalProperties":{"type":"string"}}`),
			[]want{{"additional-properties-relaxed", NonBreaking, p + ".additionalProperties"}}},
		{"dependentRequired malformed", obj(`{"dependentRequired":{"a":"b"}}`), obj(`{}`), []want{{"keyword-changed", Breaking, p + ".dependentRequired"}}},
		// A number that is a multiple of 1 is an integer.
		{"number multipleOf 1 is integer", obj(`{"properties":{"x":{"type":"integer"}}}`), obj(`{"properties":{"x":{"type":"number","multipleOf":1}}}`), nil},
		{"integer is number multipleOf 1.0", obj(`{"properties":{"x":{"type":"number","multipleOf":1.0}}}`), obj(`{"properties":{"x":{"type":"integer"}}}`), nil},
		{"number multipleOf 2 is not integer", obj(`{"properties":{"x":{"type":"integer"}}}`), obj(`{"properties":{"x":{"type":"number","multipleOf":2}}}`),
			[]want{{"constraint-added", Breaking, p + ".properties.x.multipleOf"}, {"type-widened", NonBreaking, p + ".properties.x.type"}}},
		// A dependentSchemas entry that only requires names is that
		// dependentRequired entry, both ways.
		{"dependentRequired as dependentSchemas", obj(`{"dependentRequired":{"a":["b"]}}`), obj(`{"dependentSchemas":{"a":{"required":["b"]}}}`), nil},
		{"dependentSchemas as dependentRequired", obj(`{"dependentSchemas":{"a":{"required":["b"]},"c":{"maxProperties":3}}}`),
			obj(`{"dependentSchemas":{"c":{"maxProperties":3}},"dependentRequired":{"a":["b"]}}`), nil},
		{"dependentSchemas as dependentRequired, narrowed", obj(`{"dependentRequired":{"a":["b"]}}`), obj(`{"dependentSchemas":{"a":{"required":["b","c"]}}}`),
			[]want{{"dependent-required-added", Breaking, p + ".dependentSchemas.a"}}},
	})
	// Ties keep JavaScript key order: integer-like keys first, ascending.
	got := diffSchemas(t, `{"type":"object","properties":{"b":{},"10":{},"2":{}}}`, `{"type":"object","properties":{"b":{},"10":{},"2":{}},"required":["b","10","2"]}`)
	order := ""
	for _, g := range got {
		order += strings.SplitN(g.Message, "`", 3)[1] + " "
	}
	if order != "2 10 b " {
		t.Errorf("tie order %q", order)
	}
}
