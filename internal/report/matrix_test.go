package report

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/tool"
)

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

// Colour is applied after padding: without its escapes, the coloured
// matrix is the plain one, so columns line up either way.
func TestMatrixColourKeepsAlignment(t *testing.T) {
	res := &check.Result{Tools: []check.ToolResult{
		{Tool: &tool.Tool{Name: "a"}, Targets: []check.TargetResult{
			{ID: "openai", Name: "OpenAI", Summary: check.Summary{Info: 2}},
			{ID: "mcp", Name: "MCP"},
		}},
		{Tool: &tool.Tool{Name: "a_much_longer_name\x1b[31m"}, Targets: []check.TargetResult{
			{ID: "openai", Name: "OpenAI", Summary: check.Summary{Warning: 1, Info: 1}},
			{ID: "mcp", Name: "MCP", Summary: check.Summary{Error: 1}},
		}},
	}}
	var plain, colour bytes.Buffer
	if err := CheckMatrix(&plain, res, SummaryTextOptions{}); err != nil {
		t.Fatal(err)
	}
	CheckMatrix(&colour, res, SummaryTextOptions{Color: true})
	if colour.String() == plain.String() {
		t.Fatal("no colour")
	}
	if got := ansi.ReplaceAllString(colour.String(), ""); got != plain.String() {
		t.Errorf("coloured without escapes:\n%s\nplain:\n%s", got, plain.String())
	}
	// An info-only cell is not clean; the tool name's escape is cleaned.
	want := "Tool                          OpenAI  MCP\n" +
		"a                               i      ✓\n" +
		"a_much_longer_name\\u001b[31m    !      ✗\n"
	if got := plain.String(); len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("got\n%s", got)
	}
}

func TestMatrixNoTools(t *testing.T) {
	var b bytes.Buffer
	CheckMatrix(&b, &check.Result{}, SummaryTextOptions{})
	if b.String() != "No tools found.\n" {
		t.Errorf("%q", b.String())
	}
	m := BuildMatrix(nil, "")
	if len(m.Columns)+len(m.Rows) != 0 {
		t.Error("nil result")
	}
}
