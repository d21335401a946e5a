package report

import (
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/tool"
)

func matrixOf(tools map[string][2]check.Summary, side int) Matrix {
	res := &check.Result{}
	for _, name := range []string{"a|b", "create_ticket", "gone"} {
		s, ok := tools[name]
		if !ok || (name == "gone" && side == 1) {
			continue
		}
		res.Tools = append(res.Tools, check.ToolResult{Tool: &tool.Tool{Name: name}, Targets: []check.TargetResult{
			{ID: "openai", Name: "OpenAI", Summary: s[side]},
			{ID: "mcp", Name: "MCP"},
		}})
	}
	return BuildMatrix(res, "")
}

// Before → after per cell, a tool gone on one side, names escaped.
func TestTargetMatrixSummary(t *testing.T) {
	tools := map[string][2]check.Summary{
		"create_ticket": {{}, {Error: 1}},
		"a|b":           {{Warning: 1}, {Warning: 2}},
		"gone":          {{Info: 1}, {}},
	}
	md := TargetMatrixSummary(matrixOf(tools, 0), matrixOf(tools, 1), 1)
	for _, want := range []string{
		"| Tool | OpenAI | MCP |\n|---|---|---|\n",
		"| <code>a&#124;b</code> | &#33; | ✓ |\n",
		"| <code>create&#95;ticket</code> | ✓ → ✗ | ✓ |\n",
		"| <code>gone</code> | i → – | ✓ → – |\n",
		"✗ 1 compile regression",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("no %q in\n%s", want, md)
		}
	}
	if TargetMatrixSummary(Matrix{}, Matrix{}, 0) != "" {
		t.Error("an empty matrix has a section")
	}
}

func TestTargetRegressionsText(t *testing.T) {
	res := &finding.Result{Findings: []finding.Finding{
		{Kind: finding.KindTarget, Code: finding.CodeTargetRegressed, TargetName: "OpenAI", Fails: true, State: finding.StateNew,
			Location: finding.Location{File: "t.json", Line: 3, Column: 5}, Path: "inputSchema.properties.a.oneOf", Message: "`t` no longer compiles for OpenAI: x\x1b[31m."},
		{Kind: finding.KindTarget, Code: finding.CodeTargetRegressed, TargetName: "Gemini", State: finding.StateDisabled},
	}}
	want := "✗ t.json:3:5 target-regressed (OpenAI)\n  `t` no longer compiles for OpenAI: x\\u001b[31m.\n  Path: inputSchema.properties.a.oneOf\n"
	if got := TargetRegressionsText(res); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	if got := TargetRegressionsText(&finding.Result{}); !strings.HasPrefix(got, "No compile regressions") {
		t.Error(got)
	}
}
