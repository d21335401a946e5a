package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/provider"
)

// manyFindings is a check result of one tool with n infos and one error
// (last), and a diff with n informational changes and one breaking change
// (last), through the policy.
func manyFindings(t *testing.T, n int) (*check.Result, *diff.Result, *finding.Result) {
	t.Helper()
	tl := singleTool(t, "tools/refund-order.json")
	var ds []provider.Diagnostic
	for i := 0; i < n; i++ {
		ds = append(ds, diag(tl, "mcp", provider.SeverityInfo, "mcp/x", fmt.Sprintf("inputSchema.properties.p%d", i), "note", provider.Compile{}, ""))
	}
	ds = append(ds, diag(tl, "mcp", provider.SeverityError, "mcp/y", "inputSchema", "the error", provider.Compile{}, ""))
	res := finish(&check.Result{Tools: []check.ToolResult{{Tool: tl, Targets: []check.TargetResult{target("mcp", "MCP", ds...)}}}})
	d := &diff.Result{}
	for i := 0; i < n; i++ {
		d.Changes = append(d.Changes, diff.Change{Classification: diff.Informational, Code: "description-changed", ToolName: "refund_order", Path: fmt.Sprintf("p%d", i), Message: "m"})
	}
	d.Changes = append(d.Changes, diff.Change{Classification: diff.Breaking, Code: "type-changed", ToolName: "refund_order", Path: "inputSchema.type", Message: "broke"})
	d.Summary = diff.Summary{Breaking: 1, Informational: n}
	findings := append(finding.FromCheck(res), finding.FromDiff(d)...)
	pol := finding.Apply(finding.Policy{FailOn: "error", BreakingFailOn: "breaking"}, findings, nil)
	return res, d, pol
}

// Capping keeps the most important findings (an error and a breaking
// change are never dropped for notes), per tool and per run, in every
// view, and says how many it left out; the counts stay whole.
func TestCapKeepsTheMostImportantFindings(t *testing.T) {
	res, d, pol := manyFindings(t, 300)
	c := Cap(pol, res, d, Limits{PerTool: 50, PerRun: 80})
	if c.Omitted.Total != len(pol.Findings)-50 {
		t.Fatalf("omitted %d of %d, want all but 50 (one tool)", c.Omitted.Total, len(pol.Findings))
	}
	if got := c.Omitted.PerTool["refund_order"]; got != c.Omitted.Total {
		t.Errorf("per tool omitted %d", got)
	}
	if len(c.Policy.Findings) != 50 || c.Policy.Counts != pol.Counts || c.Policy.Exit != pol.Exit {
		t.Fatalf("capped policy: %d findings, counts %+v", len(c.Policy.Findings), c.Policy.Counts)
	}
	kept := map[string]int{}
	for _, f := range c.Policy.Findings {
		kept[f.Code]++
	}
	if kept["mcp/y"] != 1 || kept["type-changed"] != 1 {
		t.Errorf("kept: %v, want the error and the breaking change among them", kept)
	}
	n := 0
	for _, tr := range c.Check.Tools {
		for _, tg := range tr.Targets {
			n += len(tg.Diagnostics)
		}
	}
	if n+len(c.Diff.Changes) != 50 {
		t.Errorf("check and diff views hold %d+%d findings, want 50 in all", n, len(c.Diff.Changes))
	}
	if c.Check.Errors != res.Errors || c.Check.Infos != res.Infos || c.Diff.Summary != d.Summary {
		t.Errorf("totals changed")
	}
	if !strings.Contains(c.Diff.Changes[len(c.Diff.Changes)-1].Code, "type-changed") {
		t.Errorf("breaking change not kept in the diff view")
	}
	// Under the limits nothing changes.
	c = Cap(pol, res, d, Limits{PerTool: 1000, PerRun: 1000})
	if c.Omitted.Total != 0 || c.Check != res || c.Diff != d || c.Policy != pol {
		t.Errorf("under the limits: %+v", c.Omitted)
	}
}

func TestCapNoteNamesTools(t *testing.T) {
	o := Omitted{Total: 12, PerTool: map[string]int{"b": 2, "a": 10}, Limits: Limits{PerTool: 200, PerRun: 5000}}
	want := "12 more findings are not shown in any output (at most 200 per tool and 5000 per run): `a` 10, `b` 2. The counts include them; fix the findings shown and run again."
	if got := o.Note(); got != want {
		t.Errorf("note:\n got %s\nwant %s", got, want)
	}
}

func TestAbbreviatePath(t *testing.T) {
	short := "inputSchema.properties.a"
	if AbbreviatePath(short) != short {
		t.Errorf("short path changed")
	}
	long := "inputSchema" + strings.Repeat(".properties.field", 500) + ".type"
	got := AbbreviatePath(long)
	if len([]rune(got)) > MaxPathChars || !strings.HasPrefix(got, "inputSchema.properties.field") || !strings.HasSuffix(got, ".properties.field.type") || !strings.Contains(got, "…") {
		t.Errorf("abbreviated: %d chars: %s", len([]rune(got)), got)
	}
	if !strings.Contains(got, "characters") {
		t.Errorf("the abbreviation does not say how much it left out: %s", got)
	}
}
