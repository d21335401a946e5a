package openai

import (
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/provider"
	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
)

// optionalTool has p optional (q keeps required non-empty).
func optionalTool(prop string) string {
	return `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":` + prop +
		`,"q":{"type":"string"}},"required":["q"],"additionalProperties":false,"$defs":{"D":{"type":"string"}}}}`
}

// TestOptionalPropertyFixWorks: the fix strict-optional-property's message
// spells out for the property's schema, applied by hand, leaves no OpenAI
// finding on that property (neither the error nor its null warning).
func TestOptionalPropertyFixWorks(t *testing.T) {
	cases := []struct{ prop, says, fixed string }{
		{`{"type":"number"}`, "`\"type\": [\"number\", \"null\"]`", `{"type":["number","null"]}`},
		{`{"type":"string","enum":["a","b"]}`, "`\"type\": [\"string\", \"null\"]` and `null` in its `enum`", `{"type":["string","null"],"enum":["a","b",null]}`},
		{`{"type":["string","integer"]}`, "`\"type\": [\"string\", \"integer\", \"null\"]`", `{"type":["string","integer","null"]}`},
		{`{"type":["string","null"]}`, "it already allows null", `{"type":["string","null"]}`},
		{`{"anyOf":[{"type":"string"},{"type":"integer"}]}`, "a `{\"type\": \"null\"}` branch in its `anyOf`", `{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]}`},
		{`{"anyOf":[{"type":"string"},{"type":"null"}]}`, "it already allows null", `{"anyOf":[{"type":"string"},{"type":"null"}]}`},
		{`{"oneOf":[{"type":"string"},{"type":"integer"}]}`, "write its `oneOf` as `anyOf` with a `{\"type\": \"null\"}` branch", `{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]}`},
		{`{"const":"x"}`, "`\"enum\": [\"x\", null]` in place of `const`", `{"enum":["x",null]}`},
		{`{"$ref":"#/$defs/D"}`, "`\"anyOf\": [{\"$ref\": \"#/$defs/D\"}, {\"type\": \"null\"}]`", `{"anyOf":[{"$ref":"#/$defs/D"},{"type":"null"}]}`},
	}
	for _, c := range cases {
		ds := Check(pt.Tool(t, optionalTool(c.prop)))
		msg := ""
		for _, d := range ds {
			if d.Code == Rules[ruleOptionalProperty].Code {
				msg = d.Message
			}
		}
		if !strings.Contains(msg, c.says) || !strings.Contains(msg, "`required`") {
			t.Errorf("%s: message %q does not say %s", c.prop, msg, c.says)
		}
		fixed := strings.Replace(optionalTool(c.fixed), `"required":["q"]`, `"required":["q","p"]`, 1)
		for _, d := range Check(pt.Tool(t, fixed)) {
			if strings.HasPrefix(d.Path, "inputSchema.properties.p") || d.Severity == provider.SeverityError {
				t.Errorf("%s fixed as %s still draws %s %s at %s: %s", c.prop, c.fixed, d.Severity, d.Code, d.Path, d.Message)
			}
		}
	}
}

// TestMessagesNameAFixThatWorks: each message names the edit, and the tool
// with that edit made draws no finding of that code.
func TestMessagesNameAFixThatWorks(t *testing.T) {
	cases := []struct{ code, before, says, after string }{
		{"openai/unsupported-string-format", wrap(`{"type":"string","format":"uri"}`), "Remove `format`", wrap(`{"type":"string","description":"A URI."}`)},
		{"openai/default-keyword-dropped", wrap(`{"type":"integer","default":3}`), "remove `default`", wrap(`{"type":"integer","description":"Defaults to 3."}`)},
		{"openai/object-missing-additional-properties", `{"name":"t","description":"d","inputSchema":{"type":"object"}}`, "Add `\"additionalProperties\": false` to the root", `{"name":"t","description":"d","inputSchema":{"type":"object","additionalProperties":false}}`},
		{"openai/additional-properties-schema", wrap(`{"type":"object","additionalProperties":{"type":"string"}}`), "array of key/value objects",
			wrap(`{"type":"array","items":{"type":"object","properties":{"key":{"type":"string"},"value":{"type":"string"}},"required":["key","value"],"additionalProperties":false}}`)},
		{"openai/unknown-keyword", wrap(`{"type":"string","contentEncoding":"base64"}`), "Remove it", wrap(`{"type":"string"}`)},
		{"openai/undocumented-constraint-keyword", wrap(`{"type":"array","items":{"type":"string"},"uniqueItems":true}`), "Remove it", wrap(`{"type":"array","items":{"type":"string"}}`)},
		{"openai/unsupported-keyword", wrap(`{"type":"string","not":{"const":"x"}}`), "Remove it", wrap(`{"type":"string"}`)},
	}
	for _, c := range cases {
		pt.CheckFix(t, Check, c.code, c.before, c.says, c.after)
	}
}
