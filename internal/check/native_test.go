package check

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

var nativeDir = filepath.Join("..", "..", "testdata", "native")

// targetLines renders a result as "tool target-id (target name): codes".
func targetLines(res *Result) []string {
	var out []string
	for _, tr := range res.Tools {
		if len(tr.Targets) == 0 {
			out = append(out, tr.Tool.Name+" -")
		}
		for _, t := range tr.Targets {
			var codes []string
			for _, d := range t.Diagnostics {
				codes = append(codes, d.Severity+" "+d.Code+" @"+d.Path)
			}
			sort.Strings(codes)
			out = append(out, tr.Tool.Name+" "+t.ID+" ("+t.Name+"): "+strings.Join(codes, ", "))
		}
	}
	return out
}

// A native tool set written to its provider's rules passes with
// fail-on error, each tool checked by its own mode's target only.
func TestNativeSetsPass(t *testing.T) {
	cases := map[string][]string{
		"openai-chat.json": {
			"get_weather openai (OpenAI): ",
			"list_alerts openai (OpenAI): ",
		},
		"openai-responses.json":  {"create_ticket openai (OpenAI): "},
		"openai-chat-loose.json": {"search_docs openai (OpenAI (non-strict)): "},
		"anthropic-strict.json":  {"get_stock_price anthropic-strict (Anthropic (strict)): "},
		"gemini.json": {
			"set_light gemini (Gemini): warning gemini/format-not-enforced @inputSchema.properties.color.format",
		},
		"gemini-jsonschema.json": {
			"plan_route gemini (Gemini (parametersJsonSchema)): warning gemini/constraint-not-enforced @inputSchema.properties.stops",
		},
	}
	for file, want := range cases {
		t.Run(file, func(t *testing.T) {
			res := Run(loadTools(t, filepath.Join(nativeDir, file)), DefaultTargets())
			if got := targetLines(res); !reflect.DeepEqual(got, want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if res.Errors > 0 {
				t.Error("fails with fail-on error")
			}
		})
	}
}

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The same schema, sent in each mode, meets each mode's rules (a Gemini
// finding inside the definition sits on the definition's path): strict
// OpenAI has the Structured Outputs subset, non-strict only the name, root
// and size rules; Anthropic strict and not; Gemini parameters against
// parametersJsonSchema.
func TestNativeModes(t *testing.T) {
	schema := `{"type": "object", "properties": {"q": {"type": "string", "format": "regex"}, "next": {"$ref": "#/$defs/n"}}, "$defs": {"n": {"type": "object", "additionalProperties": false, "properties": {"k": {"type": "integer", "enum": [1, 2]}}, "oneOf": [{"required": ["k"]}, {}]}}}`
	dir := writeFiles(t, map[string]string{
		"strict.json":    `{"type": "function", "function": {"name": "o.strict", "description": "d", "strict": true, "parameters": ` + schema + `}}`,
		"loose.json":     `{"type": "function", "function": {"name": "o.loose", "description": "d", "parameters": ` + schema + `}}`,
		"a-strict.json":  `{"name": "a_strict", "description": "d", "strict": true, "input_schema": ` + schema + `}`,
		"a.json":         `{"name": "a_loose", "description": "d", "input_schema": ` + schema + `}`,
		"g.json":         `{"functionDeclarations": [{"name": "g_params", "description": "d", "parameters": ` + schema + `}]}`,
		"g-json.json":    `{"functionDeclarations": [{"name": "g_json", "description": "d", "parametersJsonSchema": ` + schema + `}]}`,
		"canonical.json": `{"name": "c", "description": "d", "inputSchema": ` + schema + `}`,
	})
	tools := loadTools(t, dir)
	got := targetLines(Run(tools, DefaultTargets()))
	want := []string{
		"a_loose anthropic (Anthropic): warning anthropic/keyword-not-documented @inputSchema.$defs.n.oneOf, warning anthropic/schema-not-enforced @inputSchema, warning anthropic/undocumented-string-format @inputSchema.properties.q.format",
		"a_strict anthropic-strict (Anthropic (strict)): error anthropic/strict-missing-additional-properties @inputSchema.additionalProperties, error anthropic/strict-unsupported-string-format @inputSchema.properties.q.format, warning anthropic/strict-keyword-undocumented @inputSchema.$defs.n.oneOf",
		"c openai (OpenAI): error openai/object-missing-additional-properties @inputSchema.$defs.n.oneOf[0].additionalProperties, error openai/object-missing-additional-properties @inputSchema.additionalProperties, error openai/one-of-converted-to-any-of @inputSchema.$defs.n.oneOf, error openai/schema-missing-type @inputSchema.$defs.n.oneOf[0], error openai/schema-missing-type @inputSchema.$defs.n.oneOf[1], error openai/strict-optional-property @inputSchema.$defs.n.properties.k, error openai/strict-optional-property @inputSchema.properties.next, error openai/strict-optional-property @inputSchema.properties.q, error openai/unsupported-string-format @inputSchema.properties.q.format, warning openai/nullable-instead-of-omitted @inputSchema.$defs.n.properties.k, warning openai/nullable-instead-of-omitted @inputSchema.properties.next, warning openai/nullable-instead-of-omitted @inputSchema.properties.q",
		"c anthropic (Anthropic): warning anthropic/keyword-not-documented @inputSchema.$defs.n.oneOf, warning anthropic/schema-not-enforced @inputSchema, warning anthropic/undocumented-string-format @inputSchema.properties.q.format",
		"c gemini (Gemini): error gemini/non-string-enum-values @inputSchema.$defs.n.properties.k.enum, error gemini/type-with-any-of @inputSchema.$defs.n.type, error gemini/unsupported-additional-properties @inputSchema.$defs.n.additionalProperties, error gemini/unsupported-one-of @inputSchema.$defs.n.oneOf, error gemini/unsupported-schema-reference @inputSchema.properties.next.$ref, error gemini/unsupported-string-format @inputSchema.properties.q.format",
		"c mcp (MCP): ",
		"g_json gemini (Gemini (parametersJsonSchema)): error gemini/unsupported-one-of @inputSchema.$defs.n.oneOf, warning gemini/format-not-enforced @inputSchema.properties.q.format",
		"g_params gemini (Gemini): error gemini/non-string-enum-values @inputSchema.$defs.n.properties.k.enum, error gemini/type-with-any-of @inputSchema.$defs.n.type, error gemini/unsupported-additional-properties @inputSchema.$defs.n.additionalProperties, error gemini/unsupported-one-of @inputSchema.$defs.n.oneOf, error gemini/unsupported-schema-reference @inputSchema.properties.next.$ref, error gemini/unsupported-string-format @inputSchema.properties.q.format",
		"o.loose openai (OpenAI (non-strict)): error openai/tool-name-invalid-characters @name",
		"o.strict openai (OpenAI): error openai/object-missing-additional-properties @inputSchema.$defs.n.oneOf[0].additionalProperties, error openai/object-missing-additional-properties @inputSchema.additionalProperties, error openai/one-of-converted-to-any-of @inputSchema.$defs.n.oneOf, error openai/schema-missing-type @inputSchema.$defs.n.oneOf[0], error openai/schema-missing-type @inputSchema.$defs.n.oneOf[1], error openai/strict-optional-property @inputSchema.$defs.n.properties.k, error openai/strict-optional-property @inputSchema.properties.next, error openai/strict-optional-property @inputSchema.properties.q, error openai/tool-name-invalid-characters @name, error openai/unsupported-string-format @inputSchema.properties.q.format, warning openai/nullable-instead-of-omitted @inputSchema.$defs.n.properties.k, warning openai/nullable-instead-of-omitted @inputSchema.properties.next, warning openai/nullable-instead-of-omitted @inputSchema.properties.q",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// --targets narrows a native tool's checks but never widens them: an
// OpenAI file is not checked against Gemini's rules; naming the provider
// selects its strict target; an MCP tools/list result takes the selection.
func TestNativeTargetsNarrow(t *testing.T) {
	paths := []string{
		filepath.Join(nativeDir, "openai-chat-loose.json"),
		filepath.Join(nativeDir, "anthropic-strict.json"),
		filepath.Join(nativeDir, "anthropic.json"),
		filepath.Join(nativeDir, "gemini.json"),
		filepath.Join(nativeDir, "mcp-tools-list.json"),
	}
	tools := loadTools(t, paths...)
	only := func(res *Result) []string {
		var out []string
		for _, tr := range res.Tools {
			var ids []string
			for _, t := range tr.Targets {
				ids = append(ids, t.ID)
			}
			out = append(out, tr.Tool.Name+":"+strings.Join(ids, ","))
		}
		return out
	}
	cases := []struct {
		targets []string
		want    []string
	}{
		{[]string{"gemini"}, []string{"get_stock_price:", "lookup_order:", "read_file:gemini", "search_docs:", "set_light:gemini"}},
		{[]string{"anthropic"}, []string{"get_stock_price:anthropic-strict", "lookup_order:anthropic", "read_file:anthropic", "search_docs:", "set_light:"}},
		{[]string{"anthropic-strict"}, []string{"get_stock_price:anthropic-strict", "lookup_order:", "read_file:anthropic-strict", "search_docs:", "set_light:"}},
		{[]string{"mcp", "openai"}, []string{"get_stock_price:", "lookup_order:", "read_file:mcp,openai", "search_docs:openai", "set_light:"}},
	}
	for _, c := range cases {
		if got := only(Run(tools, c.targets)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("--targets %v:\n got %v\nwant %v", c.targets, got, c.want)
		}
	}
}

// What only the OpenAPI-subset `parameters` rejects (issue #24) is no
// finding for `parametersJsonSchema`, which takes JSON Schema: type lists,
// untyped enums, a root without properties; an annotation is an info.
func TestGeminiJSONSchemaTakesJSONSchema(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"g.json": `{"functionDeclarations": [` +
			`{"name": "g_json", "description": "d", "parametersJsonSchema": {"$schema": "x", "type": "object", "properties": {"a": {"type": ["string", "null"]}, "e": {"enum": ["x", "y"]}}}},` +
			`{"name": "g_none", "description": "d", "parametersJsonSchema": {"type": "object", "properties": {}}},` +
			`{"name": "g_params", "description": "d", "parameters": {"$schema": "x", "type": "object", "properties": {"a": {"type": ["string", "null"]}, "e": {"enum": ["x", "y"]}}}}]}`,
	})
	got := targetLines(Run(loadTools(t, dir), DefaultTargets()))
	want := []string{
		"g_json gemini (Gemini (parametersJsonSchema)): info gemini/dropped-annotation-keyword @inputSchema.$schema",
		"g_none gemini (Gemini (parametersJsonSchema)): ",
		"g_params gemini (Gemini): error gemini/dropped-annotation-keyword @inputSchema.$schema, error gemini/enum-without-string-type @inputSchema.properties.e.enum, error gemini/type-list @inputSchema.properties.a.type",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
