package initrepo

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/config"
)

const canonical = `{"name": "%s", "description": "d", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": false}}`

func toolText(name string) string { return strings.Replace(canonical, "%s", name, 1) }

func write(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestDiscoverPaths(t *testing.T) {
	dir := write(t, map[string]string{
		"root_tool.json":                 toolText("root_tool"), // the root is never a path
		"agents/search/tools/find.json":  toolText("find"),
		"agents/search/tools/fetch.json": toolText("fetch"),
		"agents/search/config.json":      `{"model": "x"}`,
		"mixed/ok.json":                  toolText("ok"),
		"mixed/not.json":                 `[1, 2]`,
		"node_modules/pkg/tool.json":     toolText("dep"), // skipped as the loader skips it
		".hidden/tool.json":              toolText("hidden"),
		"generated/manifest.json":        `{"schemaPortVersion": "0.1.0", "targets": ["openai"], "tools": []}`,
		"generated/openai/find.json":     `{"type": "function", "name": "find", "parameters": {"type": "object"}}`,
		"odd/${{ secrets.X }}.json":      toolText("odd"),
	})
	d, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"agents/search/tools", "mixed/ok.json", "root_tool.json"}
	if got := d.Paths(); !slices.Equal(got, want) {
		t.Errorf("Paths = %v, want %v", got, want)
	}
	if !slices.Equal(d.Compiled, []string{"generated"}) {
		t.Errorf("Compiled = %v", d.Compiled)
	}
	if !slices.Equal(d.Unsafe, []string{"odd/${{ secrets.X }}.json"}) {
		t.Errorf("Unsafe = %v", d.Unsafe)
	}
	r, err := Plan(Options{Root: dir, Today: "2026-01-15"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Output != "generated" || !strings.Contains(string(r.Config.Data), `"output": "generated"`) {
		t.Errorf("output %q\n%s", r.Output, r.Config.Data)
	}
	if strings.Contains(string(r.Work.Data), "${{ secrets") {
		t.Errorf("an untrusted file name reached the workflow:\n%s", r.Work.Data)
	}
}

// Native files only: their providers are the targets.
func TestTargetsOfNativeFiles(t *testing.T) {
	dir := write(t, map[string]string{
		"tools/gemini.json": `{"functionDeclarations": [{"name": "g", "description": "d", "parameters": {"type": "OBJECT", "properties": {"a": {"type": "STRING"}}}}]}`,
		"tools/claude.json": `[{"name": "c", "description": "d", "input_schema": {"type": "object"}}]`,
	})
	d, err := Discover(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Targets(); !slices.Equal(got, []string{"anthropic", "gemini"}) {
		t.Errorf("Targets = %v (formats %v)", got, d.Formats)
	}
}

func TestAppendAcceptKeepsMembers(t *testing.T) {
	in := []byte(`{"schemas": "tools", "rules": {"b": "off", "a": "info"}, "maxFileSize": 1000}`)
	out, err := appendAccept(in, []config.AcceptEntry{{Tool: "t", Code: "c", Reason: "r", Until: "2026-01-01"}})
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "schemas": "tools",
  "rules": {
    "b": "off",
    "a": "info"
  },
  "maxFileSize": 1000,
  "accept": [
    {
      "tool": "t",
      "code": "c",
      "reason": "r",
      "until": "2026-01-01"
    }
  ]
}
`
	if string(out) != want {
		t.Errorf("got:\n%s", out)
	}
	if _, err := config.Parse("x", out); err != nil {
		t.Errorf("the result is not a valid config: %v", err)
	}
}
