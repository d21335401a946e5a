package gemini

import (
	"testing"

	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
)

// prop puts a schema at inputSchema.properties.p of a tool Gemini takes.
func prop(s string) string {
	return `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":` + s + `},"required":["p"]}}`
}

// TestMessagesNameAFixThatWorks: each message names the edit, and the tool
// with that edit made draws no finding of that code and no error.
func TestMessagesNameAFixThatWorks(t *testing.T) {
	cases := []struct{ code, before, says, after string }{
		{"gemini/type-with-any-of", prop(`{"type":"string","anyOf":[{"type":"string","enum":["a"]},{"type":"string","enum":["b"]}]}`), "Remove `type` here", prop(`{"anyOf":[{"type":"string","enum":["a"]},{"type":"string","enum":["b"]}]}`)},
		{"gemini/unsupported-exclusive-minimum", prop(`{"type":"integer","exclusiveMinimum":0}`), "Write `minimum` instead", prop(`{"type":"integer","minimum":1}`)},
		{"gemini/unsupported-exclusive-maximum", prop(`{"type":"integer","exclusiveMaximum":10}`), "Write `maximum` instead", prop(`{"type":"integer","maximum":9}`)},
		{"gemini/unsupported-multiple-of", prop(`{"type":"integer","multipleOf":5}`), "Remove it", prop(`{"type":"integer","description":"A multiple of 5."}`)},
		{"gemini/unsupported-all-of", prop(`{"type":"string","allOf":[{"maxLength":3}]}`), "merge its branches' keywords into this schema", prop(`{"type":"string","maxLength":3}`)},
		{"gemini/unsupported-string-format", prop(`{"type":"string","format":"uri"}`), "Remove `format`", prop(`{"type":"string","description":"A URI."}`)},
		{"gemini/non-string-enum-values", prop(`{"type":"integer","enum":[1,2]}`), "Write the values as strings with `\"type\": \"string\"`", prop(`{"type":"string","enum":["1","2"]}`)},
		{"gemini/unsupported-additional-properties", prop(`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`), "or remove it", prop(`{"type":"object","properties":{"a":{"type":"string"}}}`)},
	}
	for _, c := range cases {
		pt.CheckFix(t, Check, c.code, c.before, c.says, c.after)
	}
}
