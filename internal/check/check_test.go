package check

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

func loadTools(t testing.TB, paths ...string) []*tool.Tool {
	t.Helper()
	res := tool.Load(paths, tool.Options{Cwd: "."})
	if len(res.Errors) > 0 {
		t.Fatalf("load errors: %+v", res.Errors)
	}
	return res.Tools
}

// expectedDoc is SchemaPort's documented `check --format json` output for
// examples/refund-order/v1 on the four default targets.
type expectedDoc struct {
	Summary struct{ Tools, Errors, Warnings, Infos int }
	Tools   []struct {
		Name    string
		Targets map[string]struct {
			Diagnostics []provider.Diagnostic
			Summary     Summary
		}
	}
}

// The refund-order example totals exactly 10 errors and 14 warnings, and
// every diagnostic matches SchemaPort's in code, severity, path, compile
// ability, docs URL and order (messages are ours).
func TestRefundOrderExample(t *testing.T) {
	data, err := os.ReadFile("testdata/refund-order-check.json")
	if err != nil {
		t.Fatal(err)
	}
	var want expectedDoc
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	res := Run(loadTools(t, "testdata/refund-order/v1"), DefaultTargets())
	if res.Errors != 10 || res.Warnings != 14 || res.Infos != 0 {
		t.Errorf("totals: %d errors, %d warnings, %d infos; want 10, 14, 0", res.Errors, res.Warnings, res.Infos)
	}
	if res.Errors != want.Summary.Errors || res.Warnings != want.Summary.Warnings || len(res.Tools) != want.Summary.Tools {
		t.Errorf("summary differs from the expected document")
	}
	if len(res.Tools) != len(want.Tools) {
		t.Fatalf("got %d tools, want %d", len(res.Tools), len(want.Tools))
	}
	for i, tr := range res.Tools {
		wt := want.Tools[i]
		if tr.Tool.Name != wt.Name {
			t.Fatalf("tool %d: got %s, want %s", i, tr.Tool.Name, wt.Name)
		}
		var ids []string
		for _, target := range tr.Targets {
			ids = append(ids, target.ID)
			w := wt.Targets[target.ID]
			if target.Summary != w.Summary {
				t.Errorf("%s/%s summary: got %+v, want %+v", wt.Name, target.ID, target.Summary, w.Summary)
			}
			if got, exp := contract(target.Diagnostics), contract(w.Diagnostics); got != exp {
				t.Errorf("%s/%s:\n got:\n%s\nwant:\n%s", wt.Name, target.ID, got, exp)
			}
			for _, d := range target.Diagnostics {
				if d.File == "" || d.Line == 0 || d.Column == 0 || !strings.HasPrefix(d.File, "testdata/refund-order/v1/") {
					t.Errorf("%s: no position: %+v", d.Code, d)
				}
			}
		}
		if strings.Join(ids, ",") != "openai,anthropic,gemini,mcp" {
			t.Errorf("targets %v", ids)
		}
	}
}

// contract renders the stable fields of diagnostics, one per line.
func contract(ds []provider.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%s %s %s %s %s %v %v %q %s\n", d.ProviderID, d.ToolName, d.Severity, d.Code, d.Path,
			d.Compile.Supported, d.Compile.Lossy, d.Compile.Detail, d.DocsURL)
	}
	return b.String()
}

// Positions come from the file: search_orders' missing root
// additionalProperties points at the "inputSchema" key.
func TestPositionsFromFile(t *testing.T) {
	res := Run(loadTools(t, "testdata/refund-order/v1/search-orders.json"), []string{"openai"})
	d := res.Tools[0].Targets[0].Diagnostics[0]
	if d.Path != "inputSchema.additionalProperties" || d.Line != 4 || d.Column != 3 || d.EndLine != 4 || d.EndColumn != 16 {
		t.Errorf("got %s at %d:%d-%d:%d", d.Path, d.Line, d.Column, d.EndLine, d.EndColumn)
	}
}

// Core findings come first, only for tools that have them, and count in
// the totals; other tools keep SchemaPort's exact set of targets.
func TestCoreTarget(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.json", `{"name":"a_tool","description":"d","inputSchema":{"type":"object","properties":{"n":{"type":"integer","minimum":1,"default":0}},"required":["n"],"additionalProperties":false}}`)
	write(t, dir, "b.json", `{"name":"b_tool","description":"d","inputSchema":{"type":"object","properties":{},"additionalProperties":false}}`)
	res := Run(loadTools(t, dir), []string{"mcp"})
	if len(res.Tools) != 2 {
		t.Fatalf("tools: %d", len(res.Tools))
	}
	a, b := res.Tools[0], res.Tools[1]
	if len(a.Targets) != 2 || a.Targets[0].ID != "core" || a.Targets[0].Summary.Error != 1 || a.Targets[1].ID != "mcp" {
		t.Errorf("a_tool targets: %+v", a.Targets)
	}
	if d := a.Targets[0].Diagnostics[0]; d.Code != "core/invalid-default" || d.Path != "inputSchema.properties.n.default" || d.ProviderID != "core" {
		t.Errorf("core diagnostic: %+v", d)
	}
	if len(b.Targets) != 1 || b.Targets[0].ID != "mcp" {
		t.Errorf("b_tool targets: %+v", b.Targets)
	}
	if res.Errors != 1 {
		t.Errorf("totals %d errors", res.Errors)
	}
}

func write(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Targets run in the order asked, each once; anthropic-strict is opt-in.
func TestTargets(t *testing.T) {
	var ids []string
	for _, target := range Targets() {
		ids = append(ids, target.ID)
		if target.Name == "" || len(target.Rules) == 0 || target.RulesReviewedAt == "" || target.Check == nil {
			t.Errorf("incomplete target %+v", target.ID)
		}
	}
	if strings.Join(ids, ",") != "openai,anthropic,gemini,mcp,anthropic-strict" {
		t.Errorf("registry order %v", ids)
	}
	if got := strings.Join(DefaultTargets(), ","); got != "openai,anthropic,gemini,mcp" {
		t.Errorf("defaults %s", got)
	}
	got, err := ResolveTargets([]string{"mcp", "anthropic-strict", "mcp"})
	if err != nil || strings.Join(got, ",") != "mcp,anthropic-strict" {
		t.Errorf("resolve: %v %v", got, err)
	}
	if _, err := ResolveTargets([]string{"openai", "bedrock"}); err == nil ||
		err.Error() != "Unknown target `bedrock`. Valid targets are: openai, anthropic, gemini, mcp, anthropic-strict, all." {
		t.Errorf("unknown target error: %v", err)
	}
	for _, id := range []string{"core", "OpenAI", "all"} {
		if _, ok := Lookup(id); ok {
			t.Errorf("%s must not be selectable", id)
		}
	}
	res := Run(loadTools(t, "testdata/refund-order/v1/refund-order.json"), []string{"mcp", "anthropic-strict", "openai", "mcp"})
	var order []string
	for _, tr := range res.Tools[0].Targets {
		order = append(order, tr.ID+":"+tr.Name)
	}
	if strings.Join(order, ",") != "mcp:MCP,anthropic-strict:Anthropic (strict),openai:OpenAI" {
		t.Errorf("run order %v", order)
	}
}

// Parallel checking gives the same result as checking on one thread, and
// the same on every run.
func TestRunIsDeterministic(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i < 300; i++ {
		write(t, dir, fmt.Sprintf("t%03d.json", i), fmt.Sprintf(`{"name":"tool_%03d","inputSchema":{"type":"object","properties":{"a%d":{"type":"string","minLength":%d,"default":%d},"b":{"oneOf":[{"type":"string"}]}}}}`, i, i, i%3, i%2))
	}
	tools := loadTools(t, dir)
	all := []string{"openai", "anthropic", "gemini", "mcp", "anthropic-strict"}
	first := Run(tools, all)
	prev := runtime.GOMAXPROCS(1)
	serial := Run(tools, all)
	runtime.GOMAXPROCS(prev)
	again := Run(tools, all)
	if !reflect.DeepEqual(first, serial) || !reflect.DeepEqual(first, again) {
		t.Error("results differ between runs")
	}
	if len(first.Tools) != 300 || first.Tools[0].Tool.Name != "tool_000" || first.Tools[299].Tool.Name != "tool_299" {
		t.Error("tool order")
	}
	var n int
	Stream(tools, all, func(tr ToolResult) {
		if tr.Tool != first.Tools[n].Tool || !reflect.DeepEqual(tr.Targets, first.Tools[n].Targets) {
			t.Errorf("stream result %d differs", n)
		}
		n++
	})
	if n != 300 {
		t.Errorf("stream delivered %d results", n)
	}
}
