package anthropicstrict

import (
	"testing"

	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
)

// prop puts a schema at inputSchema.properties.p of a clean strict tool.
func prop(s string) string {
	return `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":` + s + `},"required":["p"],"additionalProperties":false}}`
}

// TestMessagesNameAFixThatWorks: each message names the edit, and the tool
// with that edit made draws no finding of that code and no error.
func TestMessagesNameAFixThatWorks(t *testing.T) {
	cases := []struct{ code, before, says, after string }{
		{"anthropic/strict-drops-numeric-constraint", prop(`{"type":"integer","minimum":1}`), "Remove it, state the rule in `description`", prop(`{"type":"integer","description":"At least 1."}`)},
		{"anthropic/strict-drops-string-constraint", prop(`{"type":"string","maxLength":9}`), "Remove it", prop(`{"type":"string","description":"At most 9 characters."}`)},
		{"anthropic/strict-drops-array-constraint", prop(`{"type":"array","items":{"type":"string"},"minItems":2}`), "Set it to 1", prop(`{"type":"array","items":{"type":"string"},"minItems":1,"description":"At least 2."}`)},
		{"anthropic/strict-keyword-undocumented", prop(`{"oneOf":[{"type":"string"},{"type":"integer"}]}`), "Write it as `anyOf`", prop(`{"anyOf":[{"type":"string"},{"type":"integer"}]}`)},
		{"anthropic/strict-keyword-undocumented", prop(`{"type":"object","properties":{},"additionalProperties":false,"maxProperties":1}`), "Remove it", prop(`{"type":"object","properties":{},"additionalProperties":false}`)},
		{"anthropic/strict-unsupported-string-format", prop(`{"type":"string","format":"iri"}`), "Remove `format`, or use one it takes", prop(`{"type":"string","format":"uri"}`)},
		{"anthropic/strict-missing-additional-properties", `{"name":"t","description":"d","inputSchema":{"type":"object"}}`, "Add `\"additionalProperties\": false` to the root", `{"name":"t","description":"d","inputSchema":{"type":"object","additionalProperties":false}}`},
		{"anthropic/strict-missing-additional-properties", prop(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`), "add `\"additionalProperties\": false` here", prop(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`)},
		{"anthropic/strict-drops-additional-properties", prop(`{"type":"object","additionalProperties":{"type":"string"}}`), "array of key/value objects", prop(`{"type":"array","items":{"type":"object","properties":{"key":{"type":"string"},"value":{"type":"string"}},"required":["key","value"],"additionalProperties":false}}`)},
	}
	for _, c := range cases {
		pt.CheckFix(t, Check, c.code, c.before, c.says, c.after)
	}
}
