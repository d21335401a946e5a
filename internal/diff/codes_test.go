package diff

import (
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// codeExample triggers one code in isolation; together they cover Codes.
type codeExample struct {
	code     string
	old, new string // inputSchema texts
	want     []want
}

const p = "inputSchema.properties.v"

func obj(v string) string { return `{"type":"object","properties":{"v":` + v + `}}` }

var codeExamples = []codeExample{
	{"ref-added", obj(`{"type":"string"}`), obj(`{"$ref":"https://example.com/s.json"}`),
		[]want{{"ref-added", Breaking, p + ".$ref"}, {"type-widened", NonBreaking, p + ".type"}}},
	{"ref-removed", obj(`{"$ref":"#nope"}`), obj(`{}`),
		[]want{{"ref-removed", Breaking, p + ".$ref"}}},
	{"ref-changed", obj(`{"$ref":"#/$defs/A"}`), obj(`{"$ref":"#/$defs/B"}`),
		[]want{{"ref-changed", Breaking, p + ".$ref"}}},
	{"type-widened", obj(`{"type":"integer"}`), obj(`{"type":"number"}`),
		[]want{{"type-widened", NonBreaking, p + ".type"}}},
	{"type-narrowed", obj(`{"type":"number"}`), obj(`{"type":"integer"}`),
		[]want{{"type-narrowed", Breaking, p + ".type"}}},
	{"type-changed", obj(`{"type":"string"}`), obj(`{"type":"boolean"}`),
		[]want{{"type-changed", Breaking, p + ".type"}}},
	{"enum-added", obj(`{}`), obj(`{"enum":["a"]}`), []want{{"enum-added", Breaking, p + ".enum"}}},
	{"enum-removed", obj(`{"enum":["a"]}`), obj(`{}`), []want{{"enum-removed", NonBreaking, p + ".enum"}}},
	{"enum-narrowed", obj(`{"enum":["a","b"]}`), obj(`{"enum":["a"]}`), []want{{"enum-narrowed", Breaking, p + ".enum"}}},
	{"enum-expanded", obj(`{"enum":["a"]}`), obj(`{"enum":["a","b"]}`), []want{{"enum-expanded", NonBreaking, p + ".enum"}}},
	{"const-added", obj(`{}`), obj(`{"const":null}`), []want{{"const-added", Breaking, p + ".const"}}},
	{"const-removed", obj(`{"const":1}`), obj(`{}`), []want{{"const-removed", NonBreaking, p + ".const"}}},
	{"const-changed", obj(`{"const":1}`), obj(`{"const":2}`), []want{{"const-changed", Breaking, p + ".const"}}},
	{"constraint-added", obj(`{}`), obj(`{"maximum":18446744073709551615}`), []want{{"constraint-added", Breaking, p + ".maximum"}}},
	{"constraint-removed", obj(`{"maxLength":3}`), obj(`{}`), []want{{"constraint-removed", NonBreaking, p + ".maxLength"}}},
	{"constraint-narrowed", obj(`{"maximum":18446744073709551615}`), obj(`{"maximum":18446744073709551614}`),
		[]want{{"constraint-narrowed", Breaking, p + ".maximum"}}},
	{"constraint-relaxed", obj(`{"minimum":18446744073709551615}`), obj(`{"minimum":18446744073709551614}`),
		[]want{{"constraint-relaxed", NonBreaking, p + ".minimum"}}},
	{"pattern-added", obj(`{}`), obj(`{"pattern":"^a"}`), []want{{"pattern-added", Breaking, p + ".pattern"}}},
	{"pattern-removed", obj(`{"pattern":"^a"}`), obj(`{}`), []want{{"pattern-removed", NonBreaking, p + ".pattern"}}},
	{"pattern-changed", obj(`{"pattern":"^a"}`), obj(`{"pattern":"^a|b"}`), []want{{"pattern-changed", Breaking, p + ".pattern"}}},
	{"array-items-added", obj(`{"type":"array"}`), obj(`{"type":"array","items":{"type":"string"}}`),
		[]want{{"array-items-added", Breaking, p + ".items"}}},
	{"array-items-removed", obj(`{"type":"array","items":{"type":"string"}}`), obj(`{"type":"array"}`),
		[]want{{"array-items-removed", NonBreaking, p + ".items"}}},
	// Closed: an open object would still accept it (exact_test.go).
	{"property-removed", `{"type":"object","properties":{"v":{}},"additionalProperties":false}`, `{"type":"object","properties":{},"additionalProperties":false}`,
		[]want{{"property-removed", Breaking, p}}},
	{"required-property-added", `{"type":"object"}`, `{"type":"object","properties":{"v":{}},"required":["v"]}`,
		[]want{{"required-property-added", Breaking, p}}},
	{"optional-property-added", `{"type":"object"}`, obj(`{}`), []want{{"optional-property-added", NonBreaking, p}}},
	{"property-made-required", obj(`{}`), `{"type":"object","properties":{"v":{}},"required":["v"]}`,
		[]want{{"property-made-required", Breaking, "inputSchema.required"}}},
	{"property-made-optional", `{"type":"object","properties":{"v":{}},"required":["v"]}`, obj(`{}`),
		[]want{{"property-made-optional", NonBreaking, "inputSchema.required"}}},
	{"additional-properties-restricted", obj(`{"type":"object"}`), obj(`{"type":"object","additionalProperties":false}`),
		[]want{{"additional-properties-restricted", Breaking, p + ".additionalProperties"}}},
	{"additional-properties-relaxed", obj(`{"additionalProperties":{"type":"string"}}`), obj(`{"additionalProperties":true}`),
		[]want{{"additional-properties-relaxed", NonBreaking, p + ".additionalProperties"}}},
	{"composition-added", obj(`{}`), obj(`{"anyOf":[{"minLength":1},{"maximum":3}]}`), []want{{"composition-added", Breaking, p + ".anyOf"}}},
	{"composition-removed", obj(`{"allOf":[{"type":"string"},{"pattern":"a"},{"pattern":"b"}]}`), obj(`{}`), []want{{"composition-removed", NonBreaking, p + ".allOf"}}},
	{"composition-widened", obj(`{"anyOf":[{"type":"string"}]}`), obj(`{"anyOf":[{"type":"string"},{"type":"null"}]}`),
		[]want{{"composition-widened", NonBreaking, p + ".anyOf"}}},
	{"composition-narrowed", obj(`{"allOf":[{"minimum":1}]}`), obj(`{"allOf":[{"minimum":1},{"maximum":5}]}`),
		[]want{{"composition-narrowed", Breaking, p + ".allOf"}}},
	{"composition-changed", obj(`{"anyOf":[{"type":"string"}]}`), obj(`{"anyOf":{"type":"string"}}`),
		[]want{{"composition-changed", Breaking, p + ".anyOf"}}},
	{"description-changed", obj(`{"description":"a"}`), obj(`{"description":"b"}`), []want{{"description-changed", Informational, p + ".description"}}},
	{"hidden-characters-added", obj(`{"description":"a"}`), obj(`{"description":"a\u200b"}`), []want{{"hidden-characters-added", Breaking, p + ".description"}}},
	{"title-changed", obj(`{}`), obj(`{"title":"V"}`), []want{{"title-changed", Informational, p + ".title"}}},
	{"default-changed", obj(`{"default":1}`), obj(`{"default":2}`), []want{{"default-changed", Informational, p + ".default"}}},
	{"examples-changed", obj(`{"examples":[1]}`), obj(`{}`), []want{{"examples-changed", Informational, p + ".examples"}}},
	{"format-changed", obj(`{"format":"date"}`), obj(`{"format":"date-time"}`), []want{{"format-changed", Informational, p + ".format"}}},
	{"nullable-added", obj(`{}`), obj(`{"nullable":true}`), []want{{"nullable-added", NonBreaking, p + ".nullable"}}},
	{"nullable-removed", obj(`{"nullable":true}`), obj(`{"nullable":false}`), []want{{"nullable-removed", Breaking, p + ".nullable"}}},

	{"keyword-changed", obj(`{"dependencies":{"a":["b"]}}`), obj(`{"dependencies":{"a":["c"]}}`),
		[]want{{"keyword-changed", Breaking, p + ".dependencies"}}},
	{"annotation-changed", obj(`{}`), obj(`{"deprecated":true}`), []want{{"annotation-changed", Informational, p + ".deprecated"}}},
	{"extension-changed", obj(`{"x-order":1}`), obj(`{"x-order":2}`), []want{{"extension-changed", Informational, p + `["x-order"]`}}},
	{"schema-closed", obj(`{"type":"array","items":{"type":"string"}}`), obj(`{"type":"array","items":false}`),
		[]want{{"schema-closed", Breaking, p + ".items"}}},
	{"schema-opened", `{"type":"object","properties":{"v":false}}`, obj(`{"type":"string"}`),
		[]want{{"schema-opened", NonBreaking, p}}},
	{"prefix-item-added", obj(`{"prefixItems":[{"type":"string"}]}`), obj(`{"prefixItems":[{"type":"string"},{"type":"number"}]}`),
		[]want{{"prefix-item-added", Breaking, p + ".prefixItems[1]"}}},
	{"prefix-item-removed", obj(`{"prefixItems":[{"type":"string"},{"type":"number"}]}`), obj(`{"prefixItems":[{"type":"string"}]}`),
		[]want{{"prefix-item-removed", NonBreaking, p + ".prefixItems[1]"}}},
	{"contains-added", obj(`{}`), obj(`{"contains":{"const":1}}`), []want{{"contains-added", Breaking, p + ".contains"}}},
	{"contains-removed", obj(`{"contains":{}}`), obj(`{}`), []want{{"contains-removed", NonBreaking, p + ".contains"}}},
	{"unevaluated-items-restricted", obj(`{}`), obj(`{"unevaluatedItems":false}`), []want{{"unevaluated-items-restricted", Breaking, p + ".unevaluatedItems"}}},
	{"unevaluated-items-relaxed", obj(`{"unevaluatedItems":{"type":"string"}}`), obj(`{}`), []want{{"unevaluated-items-relaxed", NonBreaking, p + ".unevaluatedItems"}}},
	{"unevaluated-properties-restricted", obj(`{}`), obj(`{"unevaluatedProperties":false}`), []want{{"unevaluated-properties-restricted", Breaking, p + ".unevaluatedProperties"}}},
	{"unevaluated-properties-relaxed", obj(`{"unevaluatedProperties":false}`), obj(`{"unevaluatedProperties":true}`), []want{{"unevaluated-properties-relaxed", NonBreaking, p + ".unevaluatedProperties"}}},
	{"pattern-property-added", obj(`{}`), obj(`{"patternProperties":{"^x":{"type":"string"}}}`),
		[]want{{"pattern-property-added", Breaking, p + `.patternProperties["^x"]`}}},
	{"pattern-property-removed", obj(`{"patternProperties":{"^x":{"type":"string"}}}`), obj(`{}`),
		[]want{{"pattern-property-removed", NonBreaking, p + `.patternProperties["^x"]`}}},
	{"property-names-added", obj(`{}`), obj(`{"propertyNames":{"maxLength":8}}`), []want{{"property-names-added", Breaking, p + ".propertyNames"}}},
	{"property-names-removed", obj(`{"propertyNames":{"maxLength":8}}`), obj(`{}`), []want{{"property-names-removed", NonBreaking, p + ".propertyNames"}}},
	{"dependent-required-added", obj(`{}`), obj(`{"dependentRequired":{"a":["b"]}}`), []want{{"dependent-required-added", Breaking, p + ".dependentRequired.a"}}},
	{"dependent-required-removed", obj(`{"dependentRequired":{"a":["b","c"]}}`), obj(`{"dependentRequired":{"a":["b"]}}`),
		[]want{{"dependent-required-removed", NonBreaking, p + ".dependentRequired.a"}}},
	{"dependent-schema-added", obj(`{}`), obj(`{"dependentSchemas":{"a":{"required":["b"]}}}`), []want{{"dependent-schema-added", Breaking, p + ".dependentSchemas.a"}}},
	{"dependent-schema-removed", obj(`{"dependentSchemas":{"a":{"required":["b"]}}}`), obj(`{}`), []want{{"dependent-schema-removed", NonBreaking, p + ".dependentSchemas.a"}}},
	{"not-added", obj(`{}`), obj(`{"not":{"const":0}}`), []want{{"not-added", Breaking, p + ".not"}}},
	{"not-removed", obj(`{"not":{"const":0}}`), obj(`{}`), []want{{"not-removed", NonBreaking, p + ".not"}}},
	{"conditional-added", obj(`{}`), obj(`{"if":{"required":["a"]},"then":{"required":["b"]}}`),
		[]want{{"conditional-added", Breaking, p + ".if"}, {"conditional-added", Breaking, p + ".then"}}},
	{"conditional-removed", obj(`{"if":{"required":["a"]},"then":{"required":["b"]}}`), obj(`{"if":{"required":["a"]}}`),
		[]want{{"conditional-removed", NonBreaking, p + ".then"}}},
	{"one-of-branch-added", obj(`{"oneOf":[{"type":"string"}]}`), obj(`{"oneOf":[{"type":"string"},{"maxLength":3}]}`),
		[]want{{"one-of-branch-added", Breaking, p + ".oneOf[1]"}}},
	{"keyword-regrouped-with-ref", obj(`{"contains":{"const":1},"unevaluatedItems":false}`),
		`{"type":"object","$defs":{"E":{"unevaluatedItems":false}},"properties":{"v":{"$ref":"#/$defs/E","contains":{"const":1}}}}`,
		[]want{{"keyword-regrouped-with-ref", Breaking, p + ".contains"}}},
	{"schema-dialect-changed", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}`, `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"}`,
		[]want{{"schema-dialect-changed", Informational, "inputSchema.$schema"}}},
	{"definition-added", `{"type":"object","$defs":{}}`, `{"type":"object","$defs":{"A":{"type":"string"}}}`,
		[]want{{"definition-added", Informational, "inputSchema.$defs.A"}}},
	{"definition-removed", `{"type":"object","$defs":{"A":{"type":"string"}}}`, `{"type":"object"}`,
		[]want{{"definition-removed", Informational, "inputSchema.$defs.A"}}},
}

// toolLevelCodes are exercised by tools_test.go (they need tool sets).
var toolLevelCodes = map[string]bool{
	"tool-removed": true, "tool-added": true, "tool-renamed": true, "tool-description-changed": true,
	"schema-too-complex": true, // resolve_test.go
	"schema-narrowed":    true, // witness_test.go: the safety net fires only where the engine misses a break
}

func TestEveryCode(t *testing.T) {
	covered := map[string]bool{}
	for _, ex := range codeExamples {
		covered[ex.code] = true
		t.Run(ex.code, func(t *testing.T) {
			got := diffSchemas(t, ex.old, ex.new)
			checkChanges(t, got, ex.want...)
			found := false
			for _, g := range got {
				found = found || g.Code == ex.code
				if g.Message == "" || strings.HasPrefix(g.Message, " ") {
					t.Errorf("%s: bad message %q", g.Code, g.Message)
				}
			}
			if !found {
				t.Errorf("example does not produce %s", ex.code)
			}
			// The reverse edit is never silently nothing.
			if back := diffSchemas(t, ex.new, ex.old); len(back) == 0 {
				t.Errorf("reverse of %s reports nothing", ex.code)
			}
		})
	}
	seen := map[string]bool{}
	for _, c := range Codes {
		if seen[c.ID] {
			t.Errorf("code %s listed twice", c.ID)
		}
		seen[c.ID] = true
		if !covered[c.ID] && !toolLevelCodes[c.ID] {
			t.Errorf("code %s has no example", c.ID)
		}
		if c.Class != Breaking && c.Class != NonBreaking && c.Class != Informational {
			t.Errorf("code %s: bad class %q", c.ID, c.Class)
		}
		if c.Trigger == "" {
			t.Errorf("code %s: no trigger text", c.ID)
		}
	}
	if n := len(Codes); n < 45+20 {
		t.Errorf("only %d codes", n)
	}
}

// TestDefaultClassIsUsed: outside special contexts a change carries its
// code's default classification.
func TestDefaultClassIsUsed(t *testing.T) {
	for _, ex := range codeExamples {
		for _, g := range diffSchemas(t, ex.old, ex.new) {
			if g.Classification != DefaultClass(g.Code) && g.Code != "pattern-property-removed" {
				t.Errorf("%s classified %s, default %s", g.Code, g.Classification, DefaultClass(g.Code))
			}
		}
	}
}

func TestBeforeAfterNullVsAbsent(t *testing.T) {
	got := diffSchemas(t, obj(`{}`), obj(`{"const":null}`))
	if len(got) != 1 || got[0].Before != nil || got[0].After == nil || got[0].After.Kind != jsonvalue.Null {
		t.Fatalf("const null added: %s", describe(got))
	}
}
