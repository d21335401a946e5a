package tool

import (
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool/casefiles"
)

// nativeDir holds the native example files the README shows.
var nativeDir = filepath.Join("..", "..", "testdata", "native")

// spanOf finds the nth (0-based) occurrence of marker in the file and
// returns its span, the expected position of a key or value.
func spanOf(t *testing.T, src *Source, marker string, nth int) Span {
	t.Helper()
	off := -1
	for i := 0; i <= nth; i++ {
		j := strings.Index(string(src.Data[off+1:]), marker)
		if j < 0 {
			t.Fatalf("%s: marker %q #%d not found", src.Path, marker, nth)
		}
		off += j + 1
	}
	return src.Span(int32(off), int32(off+len(marker)))
}

// nativeCase is one native file: the tools it holds, how each is sent, and
// where some of their parts are.
type nativeCase struct {
	file  string
	tools []string // names, sorted
	// native: "<format> <provider> strict=<bool> json=<bool> base=<Base> schema=<SchemaPath>" per tool
	native []string
	// locate: tool name -> canonical path -> marker in the file (with
	// its occurrence index)
	locate map[string]map[string]marker
}

type marker struct {
	text string
	nth  int
}

func nativeLine(t *Tool) string {
	if t.Native == nil {
		return "canonical base=" + t.Base
	}
	n := t.Native
	return fmt.Sprintf("%s %s strict=%v json=%v base=%s schema=%s", n.Format, n.Provider, n.Strict, n.JSONSchema, t.Base, n.SchemaPath)
}

func TestLoadNativeShapes(t *testing.T) {
	cases := []nativeCase{
		{file: "openai-chat.json", tools: []string{"get_weather", "list_alerts"},
			native: []string{
				"openai-chat openai strict=true json=false base=tools[0] schema=function.parameters",
				"openai-chat openai strict=true json=false base=tools[1] schema=function.parameters",
			},
			locate: map[string]map[string]marker{
				"get_weather": {
					"name":                             {`"name"`, 0},
					"description":                      {`"description"`, 0},
					"inputSchema":                      {`"parameters"`, 0},
					"inputSchema.properties.unit":      {`"unit"`, 0},
					"inputSchema.required[1]":          {`"unit"`, 1},
					"inputSchema.properties.city.type": {`"type"`, 2},
				},
				"list_alerts": {"inputSchema.additionalProperties": {`"additionalProperties"`, 1}},
			}},
		{file: "openai-chat-loose.json", tools: []string{"search_docs"},
			native: []string{"openai-chat openai strict=false json=false base=[0] schema=function.parameters"},
			locate: map[string]map[string]marker{"search_docs": {"inputSchema.properties.limit.default": {`"default"`, 0}}}},
		{file: "openai-responses.json", tools: []string{"create_ticket"},
			native: []string{"openai-responses openai strict=true json=false base=[0] schema=parameters"},
			locate: map[string]map[string]marker{"create_ticket": {
				"name":                                 {`"name"`, 0},
				"inputSchema.properties.priority.enum": {`"enum"`, 0},
			}}},
		{file: "anthropic-strict.json", tools: []string{"get_stock_price"},
			native: []string{"anthropic anthropic strict=true json=false base=[0] schema=input_schema"},
			locate: map[string]map[string]marker{"get_stock_price": {
				"inputSchema":                   {`"input_schema"`, 0},
				"inputSchema.properties.ticker": {`"ticker"`, 0},
			}}},
		{file: "anthropic.json", tools: []string{"lookup_order"},
			native: []string{"anthropic anthropic strict=false json=false base= schema=input_schema"},
			locate: map[string]map[string]marker{"lookup_order": {"inputSchema.properties.order_number.pattern": {`"pattern"`, 0}}}},
		{file: "gemini.json", tools: []string{"set_light"},
			native: []string{"gemini gemini strict=false json=false base=tools[0].functionDeclarations[0] schema=parameters"},
			locate: map[string]map[string]marker{"set_light": {
				"inputSchema.type":                    {`"type"`, 0},
				"inputSchema.properties.color.format": {`"format"`, 0},
			}}},
		{file: "gemini-jsonschema.json", tools: []string{"plan_route"},
			native: []string{"gemini gemini strict=false json=true base=functionDeclarations[0] schema=parametersJsonSchema"},
			locate: map[string]map[string]marker{"plan_route": {
				"inputSchema":                     {`"parametersJsonSchema"`, 0},
				"inputSchema.$defs.stop.required": {`"required"`, 1},
			}}},
		{file: "mcp-tools-list.json", tools: []string{"read_file"},
			native: []string{"canonical base=result.tools[0]"},
			locate: map[string]map[string]marker{"read_file": {"inputSchema.properties.path": {`"path"`, 0}}}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			res := Load([]string{filepath.Join(nativeDir, c.file)}, Options{})
			if len(res.Errors) > 0 {
				t.Fatalf("errors: %v", errLines(res))
			}
			if got := toolNames(res); !reflect.DeepEqual(got, c.tools) {
				t.Fatalf("tools %v, want %v", got, c.tools)
			}
			var lines []string
			byName := map[string]*Tool{}
			for _, tl := range res.Tools {
				lines = append(lines, nativeLine(tl))
				byName[tl.Name] = tl
			}
			if !reflect.DeepEqual(lines, c.native) {
				t.Errorf("native\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(c.native, "\n"))
			}
			for name, paths := range c.locate {
				tl := byName[name]
				for path, m := range paths {
					got, exact := tl.Locate(path)
					if want := spanOf(t, tl.Source, m.text, m.nth); got != want || !exact {
						t.Errorf("%s %s: at %+v (exact %v), want %+v", name, path, got, exact, want)
					}
				}
			}
		})
	}
}

// The canonical view holds what a canonical file would: a native file and
// its canonical equivalent are the same tools, value for value.
func TestNativeCanonicalView(t *testing.T) {
	res := Load([]string{filepath.Join(nativeDir, "gemini.json"), filepath.Join(nativeDir, "openai-chat.json")}, Options{})
	if len(res.Errors) > 0 {
		t.Fatal(errLines(res))
	}
	got := map[string]string{}
	for _, tl := range res.Tools {
		got[tl.Name] = jsonvalue.Encode(tl.Value, "")
	}
	want := map[string]string{
		"set_light":   `{"name":"set_light","description":"Set the brightness and colour of a light.","inputSchema":{"type":"object","properties":{"brightness":{"type":"integer","description":"Brightness from 0 to 100."},"color":{"type":"string","enum":["warm","cool","daylight"],"format":"enum"}},"required":["brightness"]}}`,
		"get_weather": `{"name":"get_weather","description":"Current weather for a city.","inputSchema":{"type":"object","properties":{"city":{"type":"string","description":"City name."},"unit":{"type":["string","null"],"enum":["celsius","fahrenheit",null]}},"required":["city","unit"],"additionalProperties":false}}`,
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s:\n got %s\nwant %s", name, got[name], w)
		}
	}
}

func TestLoadNativeProblems(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"mixed.json": `[
  {"type": "function", "function": {"name": "a", "parameters": {"type": "object"}}},
  {"name": "b", "input_schema": {"type": "object"}}
]`,
		"ambiguous.json":        `[{"name": "a", "description": "x", "parameters": {"type": "object"}}]`,
		"rpc-error.json":        `{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}}`,
		"rpc-other.json":        `{"jsonrpc": "2.0", "id": 1, "result": {}}`,
		"both.json":             `{"functionDeclarations": [{"name": "a", "parameters": {"type": "OBJECT"}, "parametersJsonSchema": {"type": "object"}}]}`,
		"no-function.json":      `[{"type": "function", "function": "get_weather"}]`,
		"bad-strict.json":       `{"name": "a", "strict": "yes", "input_schema": {"type": "object"}}`,
		"no-schema.json":        `{"name": "a", "strict": true, "input_schema": 5}`,
		"anthropic-none.json":   `[{"name": "a", "input_schema": {"type": "object"}}, {"name": "b"}]`,
		"upper-canonical.json":  `{"name": "a", "inputSchema": {"type": "OBJECT"}}`,
		"upper-jsonschema.json": `{"functionDeclarations": [{"name": "a", "parametersJsonSchema": {"type": "OBJECT"}}]}`,
		"bad-schema.json":       `{"type": "function", "name": "a", "parameters": {"type": "object", "properties": {"n": {"minimum": "5"}}}}`,
	}
	casefiles.Write(t, dir, files, nil)
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	res := Load(names, Options{Cwd: dir})
	var got []string
	for _, e := range res.Errors {
		got = append(got, fmt.Sprintf("%s:%d:%d | %s | %s", e.SourcePath, e.Line, e.Column, e.Path, e.Message))
	}
	want := []string{
		"ambiguous.json:1:2 | [0] | This tool has `name` and `parameters` but no `inputSchema`, so it could be a Gemini function declaration or an OpenAI function object; wrap it as its provider expects ({\"functionDeclarations\": [...]} or {\"type\": \"function\", \"function\": {...}}), or name the file's format under `formats` in schemaport.config.json.",
		"anthropic-none.json:1:53 | [1] | An Anthropic tool needs `input_schema`, the JSON Schema of its input.",
		"bad-schema.json:1:89 | parameters.properties.n.minimum | `minimum` must be a number.",
		"bad-strict.json:1:15 | strict | `strict` must be true or false.",
		"both.json:1:75 | functionDeclarations[0].parametersJsonSchema | `parameters` and `parametersJsonSchema` are mutually exclusive; keep one.",
		"mixed.json:3:3 | [1] | This file mixes OpenAI Chat Completions tools ([0]) with Anthropic tools ([1]); keep one format per file.",
		"no-function.json:1:23 | [0].function | A Chat Completions tool keeps its definition in `function`, an object with `name`, `description` and `parameters`.",
		"no-schema.json:1:31 | input_schema | `input_schema` is required and must be a JSON Schema object.",
		"rpc-error.json:1:29 | error | This JSON-RPC response is an error, not a tools/list result; save the response of a successful tools/list call.",
		"rpc-other.json:1:29 | result | This JSON-RPC message is not a tools/list result: it has no `result.tools` array.",
		"upper-canonical.json:1:31 | inputSchema.type | Unknown JSON Schema type `OBJECT`.",
		"upper-canonical.json:1:31 | inputSchema.type | `inputSchema` must declare `\"type\": \"object\"`. Tool arguments are always a named set.",
		"upper-jsonschema.json:1:66 | functionDeclarations[0].parametersJsonSchema.type | Unknown JSON Schema type `OBJECT`.",
		"upper-jsonschema.json:1:66 | functionDeclarations[0].parametersJsonSchema.type | `parametersJsonSchema` must declare `\"type\": \"object\"`. Tool arguments are always a named set.",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A forced format settles an ambiguous file, for the file or everything
// under a directory; the longest matching rule wins.
func TestLoadForcedFormat(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{
		"gem/a.json":     `[{"name": "a", "description": "x", "parameters": {"type": "OBJECT", "properties": {"q": {"type": "STRING"}}}}]`,
		"gem/sub/b.json": `{"name": "b", "inputSchema": {"type": "object"}}`,
		"other/c.json":   `[{"name": "c", "parameters": {"type": "object"}}]`,
	}, nil)
	res := Load([]string{"gem", "other"}, Options{Cwd: dir, Formats: []FormatRule{
		{Path: "gem", Format: FormatGemini},
		{Path: "gem/sub", Format: FormatCanonical},
		{Path: filepath.Join(dir, "other", "c.json"), Format: FormatOpenAIResponses},
	}})
	got := errLines(res)
	want := []string{"other/c.json | [0].type | An OpenAI function tool needs `\"type\": \"function\"`."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("errors %q, want %q", got, want)
	}
	if names := toolNames(res); !reflect.DeepEqual(names, []string{"a", "b"}) {
		t.Fatalf("tools %v", names)
	}
	a := res.Tools[0]
	if a.Native == nil || a.Native.Format != FormatGemini || a.Base != "[0]" {
		t.Fatalf("a: %+v base %q", a.Native, a.Base)
	}
	if got := jsonvalue.Encode(a.InputSchema(), ""); got != `{"type":"object","properties":{"q":{"type":"string"}}}` {
		t.Errorf("a's schema %s", got)
	}
	if res.Tools[1].Native != nil {
		t.Errorf("b is canonical: %+v", res.Tools[1].Native)
	}
}

// A function without parameters takes none: its stand-in schema points at
// the tool, and names still collide across formats.
func TestLoadNativeNoParameters(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{
		"a.json": `{"type": "function", "function": {"name": "ping"}}`,
		"b.json": `{"name": "ping", "inputSchema": {"type": "object"}}`,
	}, nil)
	res := Load([]string{"a.json"}, Options{Cwd: dir})
	if len(res.Errors) > 0 || len(res.Tools) != 1 {
		t.Fatalf("%v %v", errLines(res), toolNames(res))
	}
	tl := res.Tools[0]
	if got := jsonvalue.Encode(tl.InputSchema(), ""); got != `{"type":"object","properties":{}}` {
		t.Errorf("schema %s", got)
	}
	if sp, _ := tl.Locate("inputSchema.type"); sp != spanOf(t, tl.Source, "{", 1) {
		t.Errorf("stand-in at %+v", sp)
	}
	if got := tl.FilePath("inputSchema.properties"); got != "function.parameters.properties" {
		t.Errorf("FilePath %q", got)
	}
	res = Load([]string{"a.json", "b.json"}, Options{Cwd: dir})
	if got := errLines(res); len(got) != 1 || !strings.Contains(got[0], "Duplicate tool name `ping`, already defined in a.json:1:43") {
		t.Errorf("%q", got)
	}
}

func TestValidFormat(t *testing.T) {
	for _, f := range Formats {
		if !ValidFormat(string(f)) {
			t.Errorf("%s", f)
		}
	}
	if ValidFormat("openai") {
		t.Error("openai is a provider, not a format")
	}
}

// Gemini's Schema types minLength, maxItems and the other counts int64,
// which proto3 JSON writes as decimal strings and compile writes that way:
// the canonical view reads them as the numbers they are.
func TestLoadGeminiInt64Strings(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{
		"g.json": `{"functionDeclarations": [{"name": "a", "description": "x", "parameters": {"type": "OBJECT",` +
			`"properties": {"s": {"type": "STRING", "minLength": "1", "maxLength": "5"},` +
			`"l": {"type": "ARRAY", "items": {"type": "STRING"}, "minItems": "2", "maxItems": "9007199254740993"},` +
			`"o": {"type": "OBJECT", "properties": {"k": {"type": "STRING", "default": "7"}}, "minProperties": "0", "maxProperties": "3"}}}}]}`,
		"bad.json": `{"functionDeclarations": [{"name": "c", "parameters": {"type": "OBJECT", "properties": {` +
			`"f": {"type": "STRING", "maxLength": "5.5"}, "z": {"type": "STRING", "maxLength": "007"}}}}]}`,
		"j.json": `{"functionDeclarations": [{"name": "b", "parametersJsonSchema": {"type": "object", "properties": {"s": {"type": "string", "maxLength": "5"}}}}]}`,
	}, nil)
	res := Load([]string{"g.json", "bad.json", "j.json"}, Options{Cwd: dir})
	want := []string{
		"bad.json | functionDeclarations[0].parameters.properties.f.maxLength | `maxLength` must be a number.",
		"bad.json | functionDeclarations[0].parameters.properties.z.maxLength | `maxLength` must be a number.",
		"j.json | functionDeclarations[0].parametersJsonSchema.properties.s.maxLength | `maxLength` must be a number.",
	}
	if got := errLines(res); !reflect.DeepEqual(got, want) {
		t.Fatalf("errors\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if names := toolNames(res); !reflect.DeepEqual(names, []string{"a"}) {
		t.Fatalf("tools %v", names)
	}
	s := res.Tools[0].InputSchema()
	got := jsonvalue.Encode(s.Get("properties"), "")
	for _, w := range []string{`"s":{"type":"string","minLength":1,"maxLength":5}`, `"maxItems":9007199254740993`, `"default":"7"`, `"minProperties":0`} {
		if !strings.Contains(got, w) {
			t.Errorf("properties %s, want %s in them", got, w)
		}
	}
}
