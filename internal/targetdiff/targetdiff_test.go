package targetdiff

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The cases of SchemaPort's test/target-diff.test.ts @dc8e39b4, on the
// real compile engine.

// mk is a tool as the spec's cases build it: a closed object with a
// description, loaded through the real loader.
func mk(t *testing.T, name string, props map[string]any, required ...string) *tool.Tool {
	t.Helper()
	if required == nil {
		required = []string{}
	}
	src, err := json.Marshal(map[string]any{"name": name, "description": "The " + name + " tool",
		"inputSchema": map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, name+".json"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	res := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(res.Errors) > 0 || len(res.Tools) != 1 {
		t.Fatalf("load %s: %v", name, res.Errors)
	}
	return res.Tools[0]
}

var oneOf = map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}}}
var str = map[string]any{"type": "string"}

func base(t *testing.T) *tool.Tool {
	return mk(t, "create_ticket", map[string]any{"title": str}, "title")
}
func withOneOf(t *testing.T) *tool.Tool {
	return mk(t, "create_ticket", map[string]any{"title": str, "assignee": oneOf}, "title")
}

func targets(t *testing.T, ids ...string) []Target {
	t.Helper()
	ts, err := Targets(ids)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func openaiTools(t *testing.T, before, after []*tool.Tool) []ToolChange {
	return Diff(before, after, targets(t, "openai")).Reports[0].Tools
}

func codes(cs []Cause) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Code)
	}
	return out
}

func TestRegression(t *testing.T) {
	res := Diff([]*tool.Tool{base(t)}, []*tool.Tool{withOneOf(t)}, targets(t, "openai"))
	if res.Regressions != 1 || len(res.Reports[0].Tools) != 1 {
		t.Fatalf("%+v", res)
	}
	c := res.Reports[0].Tools[0]
	if c.Verdict != Regressed || !c.Before || c.After {
		t.Errorf("%+v", c)
	}
	// The lossy transformation, not the generic refusal, at its own path.
	if got := codes(c.RefusedBy); !reflect.DeepEqual(got, []string{"converted-one-of-to-any-of"}) {
		t.Errorf("refusedBy %v", got)
	}
	if c.RefusedBy[0].Path != "inputSchema.properties.assignee.oneOf" {
		t.Errorf("path %s", c.RefusedBy[0].Path)
	}
	want := "`create_ticket` no longer compiles for OpenAI: `oneOf` at inputSchema.properties.assignee would be widened to `anyOf`"
	if got := c.Sentence("OpenAI"); got != want {
		t.Errorf("sentence %q", got)
	}
}

func TestRegressionsCountAcrossTargets(t *testing.T) {
	res := Diff([]*tool.Tool{base(t)}, []*tool.Tool{withOneOf(t)}, targets(t, "openai", "anthropic", "gemini"))
	if len(res.Reports) != 3 {
		t.Fatal(len(res.Reports))
	}
	sum := 0
	for _, r := range res.Reports {
		sum += r.Regressed
	}
	// OpenAI writes oneOf as anyOf; Anthropic keeps it as written; Gemini
	// refused both versions (it cannot close an object).
	if res.Regressions != sum || sum != 1 || res.Reports[0].Regressed != 1 {
		t.Errorf("regressions %d, per target %d/%d/%d", res.Regressions, res.Reports[0].Regressed, res.Reports[1].Regressed, res.Reports[2].Regressed)
	}
}

func TestFixed(t *testing.T) {
	res := Diff([]*tool.Tool{withOneOf(t)}, []*tool.Tool{base(t)}, targets(t, "openai"))
	c := res.Reports[0].Tools[0]
	if c.Verdict != Fixed || res.Regressions != 0 || res.Reports[0].Fixed != 1 || len(c.RefusedBy) != 0 {
		t.Errorf("%+v", c)
	}
}

func TestQuietCases(t *testing.T) {
	if got := openaiTools(t, []*tool.Tool{base(t)}, []*tool.Tool{base(t)}); len(got) != 0 {
		t.Errorf("nothing changed: %+v", got)
	}
	added := mk(t, "brand_new", map[string]any{"a": str}, "a")
	if got := openaiTools(t, []*tool.Tool{base(t)}, []*tool.Tool{base(t), added}); len(got) != 0 {
		t.Errorf("added tool: %+v", got)
	}
	gone := mk(t, "retired", map[string]any{"x": oneOf})
	if got := openaiTools(t, []*tool.Tool{base(t), gone}, []*tool.Tool{base(t)}); len(got) != 0 {
		t.Errorf("removed tool: %+v", got)
	}
}

func TestFindingsChanged(t *testing.T) {
	before := mk(t, "t", map[string]any{"a": str}, "a")
	after := mk(t, "t", map[string]any{"a": str, "b": str}, "a")
	got := openaiTools(t, []*tool.Tool{before}, []*tool.Tool{after})
	if len(got) != 1 || got[0].Verdict != Unchanged || len(got[0].Added) == 0 || !got[0].After {
		t.Fatalf("added: %+v", got)
	}
	after2 := mk(t, "t", map[string]any{"a": str, "b": str}, "a", "b")
	got = openaiTools(t, []*tool.Tool{after}, []*tool.Tool{after2})
	if len(got) != 1 || got[0].Verdict != Unchanged || len(got[0].Resolved) == 0 {
		t.Fatalf("resolved: %+v", got)
	}
}

func TestDeterminism(t *testing.T) {
	a := Diff([]*tool.Tool{base(t)}, []*tool.Tool{withOneOf(t)}, targets(t, "openai", "gemini"))
	b := Diff([]*tool.Tool{base(t)}, []*tool.Tool{withOneOf(t)}, targets(t, "openai", "gemini"))
	ja, _ := json.Marshal(a.Reports)
	jb, _ := json.Marshal(b.Reports)
	if string(ja) != string(jb) {
		t.Error("two runs differ")
	}
	plain := []*tool.Tool{mk(t, "aaa", map[string]any{}), mk(t, "zzz", map[string]any{})}
	x, z := mk(t, "aaa", map[string]any{"x": oneOf}), mk(t, "zzz", map[string]any{"x": oneOf})
	names := func(cs []ToolChange) (out []string) {
		for _, c := range cs {
			out = append(out, c.ToolName)
		}
		return out
	}
	fwd, rev := names(openaiTools(t, plain, []*tool.Tool{x, z})), names(openaiTools(t, plain, []*tool.Tool{z, x}))
	if !reflect.DeepEqual(fwd, []string{"aaa", "zzz"}) || !reflect.DeepEqual(rev, fwd) {
		t.Errorf("%v %v", fwd, rev)
	}
	// Causes by path, then code; the generic lossy refusal unwrapped.
	r := compile.Result{
		Diagnostics: []provider.Diagnostic{
			{Severity: "error", Code: compile.LossyRefusedCode, Path: "inputSchema"},
			{Severity: "error", Code: "openai/x", Path: "inputSchema.properties.b"},
			{Severity: "warning", Code: "openai/w", Path: "inputSchema.properties.a"},
		},
		Transformations: []compile.Transformation{
			{Code: "dropped-const", Path: "inputSchema.properties.c.const", Lossy: true},
			{Code: "converted-one-of-to-any-of", Path: "inputSchema.properties.a.oneOf", Lossy: true},
			{Code: "renamed-input-schema-to-parameters", Path: "inputSchema"},
		},
	}
	got := causes(&r)
	want := []Cause{
		{Code: "converted-one-of-to-any-of", Path: "inputSchema.properties.a.oneOf", Reason: "`oneOf` at inputSchema.properties.a would be widened to `anyOf`"},
		{Code: "openai/x", Path: "inputSchema.properties.b"},
		{Code: "dropped-const", Path: "inputSchema.properties.c.const", Reason: "`const` at inputSchema.properties.c would be dropped"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("causes %+v", got)
	}
}

// An adapter that panics is a refusal, and the other targets are still
// analysed.
func TestAdapterPanicIsARefusal(t *testing.T) {
	boom := Target{ID: "boom", Name: "Boom", Compile: func(x *tool.Tool) compile.Result {
		if strings.Contains(string(x.Source.Data), "assignee") {
			panic("adapter exploded")
		}
		return compile.Result{OK: true}
	}}
	res := Diff([]*tool.Tool{base(t)}, []*tool.Tool{withOneOf(t)}, append([]Target{boom}, targets(t, "openai")...))
	if len(res.Reports) != 2 || res.Reports[0].TargetID != "boom" || res.Reports[1].TargetID != "openai" {
		t.Fatalf("%+v", res.Reports)
	}
	c := res.Reports[0].Tools[0]
	if c.After || !reflect.DeepEqual(codes(c.RefusedBy), []string{"boom/adapter-threw"}) ||
		!strings.Contains(c.RefusedBy[0].Reason, "The Boom adapter threw while compiling: adapter exploded") {
		t.Errorf("%+v", c)
	}
}

// A tool written with the same bytes on both sides is not compiled at all.
func TestUnchangedToolsAreNotCompiled(t *testing.T) {
	compiled := 0
	counting := Target{ID: "count", Name: "Count", Compile: func(x *tool.Tool) compile.Result {
		compiled++
		return compile.Result{OK: true}
	}}
	res := Diff([]*tool.Tool{base(t)}, []*tool.Tool{base(t)}, []Target{counting})
	if compiled != 0 || len(res.Reports[0].Tools) != 0 {
		t.Errorf("compiled %d times, reported %+v", compiled, res.Reports[0].Tools)
	}
	Diff([]*tool.Tool{base(t)}, []*tool.Tool{withOneOf(t)}, []Target{counting})
	if compiled != 2 {
		t.Errorf("a changed tool compiled %d times, want 2 (both sides)", compiled)
	}
}
