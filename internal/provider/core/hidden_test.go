package core

import (
	"strings"
	"testing"

	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
)

var hiddenTriggers = []pt.Trigger{
	pt.Fire(ruleHiddenCharacters, `{"name":"t\u200b","description":"d","inputSchema":{"type":"object"}}`, "name"),
	pt.Fire(ruleHiddenCharacters, `{"name":"t","description":"Refunds\u202e","inputSchema":{"type":"object"}}`, "description"),
	pt.Fire(ruleHiddenCharacters, `{"name":"t","title":"T\u2060","description":"d","inputSchema":{"type":"object"}}`, "title"),
	pt.Fire(ruleHiddenCharacters, `{"name":"t","description":"d","annotations":{"title":"T\ufeff"},"inputSchema":{"type":"object"}}`, "annotations.title"),
	pt.Fire(ruleHiddenCharacters, wrap(`{"type":"string","description":"x\udb40\udc41"}`), "inputSchema.properties.p.description"),
	pt.Fire(ruleHiddenCharacters, wrap(`{"type":"string","title":"x\u2066y\u2069"}`), "inputSchema.properties.p.title"),
	pt.Fire(ruleHiddenCharacters, wrap(`{"type":"string","enum":["a","b\ufe0f"]}`), "inputSchema.properties.p.enum[1]"),
	pt.Fire(ruleHiddenCharacters, wrap(`{"type":"string","const":"\u200d"}`), "inputSchema.properties.p.const"),
	pt.Fire(ruleHiddenCharacters, wrap(`{"type":"object","default":{"k\u200c":"v"}}`), "inputSchema.properties.p.default[\"k\u200c\"]"),
	pt.Fire(ruleHiddenCharacters, wrap(`{"type":"array","examples":[["a",{"b":"\udb40\udd00"}]]}`), `inputSchema.properties.p.examples[0][1].b`),
	pt.Fire(ruleHiddenCharacters, `{"name":"t","description":"d","inputSchema":{"type":"object","$defs":{"D":{"properties":{"a\u200eb":{}}}}}}`, "inputSchema.$defs.D.properties[\"a\u200eb\"]"),
}

func TestHiddenCharactersCleanText(t *testing.T) {
	pt.CheckSilent(t, `{"name":"t","description":"注文を検索 👩‍💻 ❤️ Café 🏳️‍🌈 1️⃣","inputSchema":{"type":"object","properties":{"名前":{"type":"string","description":"می‌خواهم","enum":["✔️","🇫🇷"]}}}}`, Check)
}

// The position is the first hidden character's, where the file has it: a
// raw character or a \u escape (one escape or a surrogate pair), on the
// right line, its column counted in characters.
func TestHiddenCharactersPosition(t *testing.T) {
	for _, c := range []struct {
		text                string
		line, col, endCol   int
		code, message, path string
	}{
		{text: "{\"name\":\"t\",\n\"description\":\"héllo\u200bwörld\u200b\",\"inputSchema\":{\"type\":\"object\"}}",
			line: 2, col: 21, endCol: 22, path: "description",
			message: "The tool description has 2 hidden characters (2 × U+200B ZERO WIDTH SPACE): the model reads them, a reviewer does not see them. Remove them, or write visibly what they stand for."},
		{text: "{\"name\":\"t\",\n\"description\":\"héllo\\u200Bwörld\",\"inputSchema\":{\"type\":\"object\"}}",
			line: 2, col: 21, endCol: 27, path: "description",
			message: "The tool description has 1 hidden character (1 × U+200B ZERO WIDTH SPACE): the model reads it, a reviewer does not see it. Remove it, or write visibly what it stands for."},
		{text: "{\"name\":\"t\",\"description\":\"d\",\"inputSchema\":{\"type\":\"object\",\n  \"properties\":{\"p\":{\"description\":\"\\\"q\\\" \\udb40\\udc69\\udb40\\udc67\U000E006E\"}}}}",
			line: 2, col: 43, endCol: 55, path: "inputSchema.properties.p.description",
			message: `This description has 3 hidden characters (3 × tag characters (U+E0000–U+E007F) spelling "ign")`},
		{text: "{\"name\":\"t\",\"description\":\"d\",\"inputSchema\":{\"type\":\"object\",\n  \"properties\":{\"a\u202eb\":{}}}}",
			line: 2, col: 19, endCol: 20, path: `inputSchema.properties["a` + "\u202e" + `b"]`,
			message: "The property name has 1 hidden character (1 × U+202E RIGHT-TO-LEFT OVERRIDE)"},
		// A variation selector after a letter (raw), one after a CJK
		// character (escaped), each in its own value.
		{text: "{\"name\":\"t\",\"description\":\"d\",\"inputSchema\":{\"type\":\"object\",\n\"properties\":{\"p\":{\"enum\":[\"ok\",\"né\ufe0f\"]}}}}",
			line: 2, col: 36, endCol: 37, path: "inputSchema.properties.p.enum[1]",
			message: "An enum value has 1 hidden character (1 × U+FE0F VARIATION SELECTOR-16)"},
		{text: "{\"name\":\"t\",\"description\":\"d\",\"inputSchema\":{\"type\":\"object\",\n\"properties\":{\"p\":{\"default\":{\"k\":\"漢\\udb40\\udd00\"}}}}}",
			line: 2, col: 37, endCol: 49, path: "inputSchema.properties.p.default.k",
			message: "The default has 1 hidden character (1 × U+E0100 VARIATION SELECTOR-17)"},
	} {
		ds := Check(pt.Tool(t, c.text))
		if len(ds) != 1 {
			t.Fatalf("want 1 diagnostic, got %d for %s", len(ds), c.text)
		}
		d := ds[0]
		if d.Code != "core/hidden-characters" || d.Path != c.path || d.Line != c.line || d.Column != c.col || d.EndLine != c.line || d.EndColumn != c.endCol {
			t.Errorf("%s @%s %d:%d-%d:%d, want @%s %d:%d-%d:%d", d.Code, d.Path, d.Line, d.Column, d.EndLine, d.EndColumn, c.path, c.line, c.col, c.line, c.endCol)
		}
		if !strings.HasPrefix(d.Message, c.message) {
			t.Errorf("message %q\nwant prefix %q", d.Message, c.message)
		}
	}
}
