package report

import (
	"bytes"
	"io"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Renderers take whatever they are given: positions past the end of the
// file, backwards spans, missing tools and sources, empty strings, invalid
// UTF-8. None panics, and the machine formats stay valid.
func TestOddInputsDoNotBreakRenderers(t *testing.T) {
	src := &tool.Source{Path: "x.json", Data: []byte("{\n  \"name\": \"t\"\n}")}
	tl := &tool.Tool{Name: "t\xff", Source: src}
	odd := []provider.Diagnostic{
		{Severity: "error", Code: "a/b", Path: "x", File: "x.json", Line: 99, Column: 5, EndLine: 99, EndColumn: 9},
		{Severity: "warning", Code: "a/c", Path: "x", File: "x.json", Line: 2, Column: 50, EndLine: 1, EndColumn: 1},
		{Severity: "bogus", Code: "", Path: "", File: "", Line: -3, Column: -1},
		{Severity: "info", Code: "a/d", Path: "[", File: "x.json", Line: 2, Column: 3, EndLine: 2, EndColumn: 2},
	}
	res := &check.Result{Tools: []check.ToolResult{
		{Tool: tl, Targets: []check.TargetResult{{ID: "openai", Diagnostics: odd}, {ID: "openai"}}},
		{Tool: nil, Targets: []check.TargetResult{{ID: "mcp", Diagnostics: odd[2:]}}},
	}}
	d := &diff.Result{Changes: []diff.Change{
		{},
		{Classification: "weird", Code: "x", New: diff.Location{File: "/abs/file.json", Line: 3, Column: 9, EndLine: 1}},
		{Classification: diff.Breaking, Before: literal(t, `{"a":[1,2,{"b":null}]}`), Old: diff.Location{File: "o.json", Line: 1}},
	}}
	errs := []tool.LoadError{{}, {SourcePath: "\xff", Message: "\x00", Span: tool.Span{Line: 5, Column: 0, EndLine: 2}}}

	for _, opts := range []TextOptions{{}, {Color: true}} {
		if err := CheckText(io.Discard, res, opts); err != nil {
			t.Fatal(err)
		}
		if err := DiffText(io.Discard, d, opts); err != nil {
			t.Fatal(err)
		}
	}
	if err := LoadErrorsText(io.Discard, errs); err != nil {
		t.Fatal(err)
	}
	for _, f := range []func(*bytes.Buffer) error{
		func(b *bytes.Buffer) error { return CheckJSON(b, res, Omitted{}) },
		func(b *bytes.Buffer) error { return DiffJSON(b, d, Omitted{}) },
		func(b *bytes.Buffer) error { return LoadErrorsJSON(b, "check", errs) },
	} {
		reindent(t, render(t, f))
	}
	// A target listed twice is reported once.
	out := render(t, func(b *bytes.Buffer) error { return CheckJSON(b, res, Omitted{}) })
	if bytes.Count(out, []byte(`"openai": {`)) != 1 {
		t.Errorf("duplicate target key:\n%s", out)
	}
	validSARIF(t, sarifOf(t, SARIFInput{Policy: policyOf(res, d, errs[1:], false)}))
	assertWellFormed(t, summaryOf(t, SummaryInput{Check: res, Diff: d, LoadErrors: errs}))
	parseCommands(t, annotate(t, PolicyAnnotations(policyOf(res, d, errs, true), nil), MaxAnnotationsPerLevel))
}
