package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Two files defining one tool name is a load error, and both tools are
// still checked: each tool's section of the text report holds its own
// findings. Keyed by name, every finding went to the last of the name and
// the first read "✓ Compatible" over its own errors.
func TestPolicyCheckViewKeepsDuplicateNamesApart(t *testing.T) {
	mk := func(file string) *tool.Tool {
		src, v := sourceFrom(t, file, []byte(`{"name": "same", "inputSchema": {"type": "object", "properties": {"`+strings.TrimSuffix(file, ".json")+`": {"type": "string"}}}}`))
		return &tool.Tool{Name: "same", Value: v, Source: src}
	}
	a, b := mk("a.json"), mk("b.json")
	chk := finish(&check.Result{Tools: []check.ToolResult{
		{Tool: a, Targets: []check.TargetResult{target("openai", "OpenAI",
			diag(a, "openai", provider.SeverityError, "openai/strict-optional-property", "inputSchema.properties.a", "`a` is optional.", provider.Compile{}, openaiDocs))}},
		{Tool: b, Targets: []check.TargetResult{target("openai", "OpenAI",
			diag(b, "openai", provider.SeverityError, "openai/strict-optional-property", "inputSchema.properties.b", "`b` is optional.", provider.Compile{}, openaiDocs))}},
	}})
	res := policyOf(chk, nil, nil, false)
	view := PolicyCheckViewOf(chk, res, func(*finding.Finding) bool { return true })
	if len(view.Tools) != 2 {
		t.Fatalf("%d tools in the view, want 2", len(view.Tools))
	}
	for i, want := range []string{"a.json", "b.json"} {
		ds := view.Tools[i].Targets[0].Diagnostics
		if len(ds) != 1 || ds[0].File != want {
			t.Errorf("tool %d (%s): %+v", i, want, ds)
		}
	}
	var out bytes.Buffer
	if err := CheckText(&out, view, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "✓ Compatible") {
		t.Errorf("a tool with an error reads compatible:\n%s", out.String())
	}
}
