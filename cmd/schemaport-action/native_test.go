package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func readNative(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata", "native", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A native file and its canonical equivalent are the same tools: diffing
// one against the other finds nothing, in both directions.
func TestDiffNativeAgainstCanonical(t *testing.T) {
	canonical := `{"tools": [
  {"name": "get_weather", "description": "Current weather for a city.", "inputSchema": {"type": "object",
    "properties": {"city": {"type": "string", "description": "City name."}, "unit": {"type": ["string", "null"], "enum": ["celsius", "fahrenheit", null]}},
    "required": ["city", "unit"], "additionalProperties": false}},
  {"name": "list_alerts", "description": "Weather alerts for a region.", "inputSchema": {"type": "object",
    "properties": {"region": {"type": "string", "description": "Region code."}}, "required": ["region"], "additionalProperties": false}},
  {"name": "set_light", "description": "Set the brightness and colour of a light.", "inputSchema": {"type": "object",
    "properties": {"brightness": {"type": "integer", "description": "Brightness from 0 to 100."}, "color": {"type": "string", "enum": ["warm", "cool", "daylight"], "format": "enum"}},
    "required": ["brightness"]}},
  {"name": "lookup_order", "description": "Find an order by its number.", "inputSchema": {"type": "object",
    "properties": {"order_number": {"type": "string", "pattern": "^[A-Z]{2}-[0-9]{6}$"}, "include_items": {"type": "boolean", "default": false}},
    "required": ["order_number"]}}
]}`
	gemini := readNative(t, "gemini.json")
	dir := writeFiles(t, map[string]string{
		"canonical/tools.json":    canonical,
		"native/openai-chat.json": readNative(t, "openai-chat.json"),
		"native/gemini.json":      gemini,
		"native/anthropic.json":   readNative(t, "anthropic.json"),
		"schemaport.config.json":  `{}`,
	})
	for _, args := range [][]string{{"canonical", "native"}, {"native", "canonical"}} {
		code, stdout, stderr := runCLI(t, dir, "diff", args[0], args[1], "--fail-on", "any", "--format", "json")
		if code != 0 || stderr != "" || !strings.Contains(stdout, `"changes": []`) {
			t.Errorf("diff %v: exit %d\n%s%s", args, code, stdout, stderr)
		}
	}
	// An edit in the native file is found, at its place in the native file.
	edited := strings.Replace(gemini, `"required": ["brightness"]`, `"required": ["brightness", "color"]`, 1)
	if err := os.WriteFile(filepath.Join(dir, "native", "gemini.json"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runCLI(t, dir, "diff", "canonical", "native", "--format", "json")
	if code != 1 || !strings.Contains(stdout, `"code": "property-made-required"`) || !strings.Contains(stdout, `"file": "native/gemini.json"`) ||
		!strings.Contains(stdout, "\"line\": 14,\n      \"column\": 40") {
		t.Errorf("exit %d\n%s", code, stdout)
	}
}

// The config's `formats` settles an ambiguous file for check.
func TestCheckForcedFormat(t *testing.T) {
	files := map[string]string{
		"decls.json": `[{"name": "find", "description": "Find a thing.", "parameters": {"type": "OBJECT", "properties": {"q": {"type": "STRING"}}, "required": ["q"]}}]`,
	}
	dir := writeFiles(t, files)
	code, _, stderr := runCLI(t, dir, "check", "decls.json")
	if code != 2 || !strings.Contains(stderr, "could be a Gemini function declaration or an OpenAI function object") {
		t.Fatalf("without formats: exit %d %s", code, stderr)
	}
	if err := os.WriteFile(filepath.Join(dir, "schemaport.config.json"), []byte(`{"formats": {"decls.json": "gemini"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, dir, "check", "decls.json", "--format", "json")
	if code != 0 || stderr != "" || !strings.Contains(stdout, `"gemini": {`) || strings.Contains(stdout, `"openai"`) {
		t.Fatalf("with formats: exit %d\n%s%s", code, stdout, stderr)
	}
}

// Every example of the README's tool formats loads as what it says, and
// the provider examples pass their own provider's rules.
func TestREADMEFormatExamples(t *testing.T) {
	text := readme(t)
	start := strings.Index(text, "\n## Tool formats\n")
	end := strings.Index(text, "\n## Snapshots of live MCP servers\n")
	if start < 0 || end < start {
		t.Fatal("README lacks the Tool formats section")
	}
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllStringSubmatch(text[start:end], -1)
	files := map[string]string{}
	for i, b := range blocks {
		if strings.Contains(b[1], `"formats"`) {
			continue
		}
		files[fmt.Sprintf("ex%d.json", i)] = b[1]
	}
	if len(files) != 5 {
		t.Fatalf("%d examples, want 5", len(files))
	}
	dir := writeFiles(t, files)
	for name := range files {
		code, stdout, stderr := runCLI(t, dir, "check", name, "--format", "json")
		mcp := strings.Contains(files[name], "jsonrpc")
		if stderr != "" || (code != 0 && !mcp) || !strings.Contains(stdout, `"tools": [`) {
			t.Errorf("%s: exit %d\n%s%s\n%s", name, code, stdout, stderr, files[name])
		}
	}
}
