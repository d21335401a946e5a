package cost

import (
	"testing"

	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// FuzzFiguresMatchEncode holds every target's figure to the library's
// count of the definition compile would send (compile.Render, laid out by
// compile.Encode), for any input schema: through the pooled counters whose
// content caches every earlier input warmed, and the renderer's reused
// memory.
func FuzzFiguresMatchEncode(f *testing.F) {
	for _, d := range []string{
		`{"type": "object", "properties": {"x": {"type": "string", "enum": ["a", "b"]}, "y": {"type": ["integer", "null"]}}, "required": ["x"]}`,
		`{"type": "object", "properties": {"d": {"description": "café 日本語 🙂 \u200b", "anyOf": [{"type": "string"}, {"type": "number"}]}}}`,
		`{"type": "object", "$defs": {"n": {"type": "object", "properties": {"next": {"$ref": "#/$defs/n"}}}}, "properties": {"root": {"$ref": "#/$defs/n"}}}`,
		`{"type": "object", "properties": {"a": {"type": "array", "items": {"type": "object", "properties": {"b": {"const": 1}}}, "minItems": 1}}, "additionalProperties": false}`,
	} {
		f.Add("tool_a", "Does a thing.", []byte(d))
	}
	f.Fuzz(func(t *testing.T, name, description string, schema []byte) {
		in, err := jsonvalue.Parse(schema)
		if err != nil || in.Kind != jsonvalue.Object {
			return
		}
		tl := &tool.Tool{Name: name, Value: &jsonvalue.Value{Kind: jsonvalue.Object, Members: []jsonvalue.Member{
			{Key: "name", Value: jsonvalue.Value{Kind: jsonvalue.String, Text: name}},
			{Key: "description", Value: jsonvalue.Value{Kind: jsonvalue.String, Text: description}},
			{Key: "inputSchema", Value: *in},
		}}}
		set := Count([]*tool.Tool{tl, tl}, allTargets, nil)
		for j, target := range allTargets {
			out := compile.Render(tl, target, nil)
			want := 0
			if out != nil {
				want = libraryCount(string(compile.Encode(out)))
			}
			for i := range 2 {
				if got := set.Tools[i][j].Tokens; got != want {
					t.Fatalf("%s (tool %d): %d tokens, the library counts %d of\n%s", target, i, got, want, compile.Encode(out))
				}
			}
		}
	})
}
