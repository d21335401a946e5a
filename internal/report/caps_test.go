package report

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
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
	d.Changes = append(d.Changes, diff.Change{Classification: diff.Breaking, Code: "type-changed", ToolName: "refund_order", Path: "inputSchema.type", Message: "broke", New: diff.Location{File: "tools/refund-order.json", Line: 1, Column: 1}})
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

// A long description reaches no output whole: strings in a change's
// before/after values and long messages are cut before encoding.
func TestCapTruncatesLongValues(t *testing.T) {
	res, d, _ := manyFindings(t, 1)
	long := strings.Repeat("é", 100000)
	d.Changes[0].Before = literal(t, `{"description": "`+long+`", "n": 1}`)
	d.Changes[0].After = literal(t, `"`+long+`"`)
	d.Changes[0].Message = long
	pol := finding.Apply(finding.Policy{FailOn: "error", BreakingFailOn: "breaking"}, append(finding.FromCheck(res), finding.FromDiff(d)...), nil)
	c := Cap(pol, res, d, RunLimits)
	ch := c.Diff.Changes[0]
	after := ch.After.Text
	if n := len([]rune(after)); n > MaxValueChars+40 || !strings.HasSuffix(after, "…[98000 more characters]") {
		t.Errorf("after: %d characters, ends %q", n, after[len(after)-40:])
	}
	if n := len([]rune(ch.Before.Get("description").Text)); n > MaxValueChars+40 || ch.Before.Get("n").Text != "1" {
		t.Errorf("before.description: %d characters", n)
	}
	if n := len([]rune(ch.Message)); n > MaxValueChars+40 {
		t.Errorf("message: %d characters", n)
	}
	if d.Changes[0].After.Text != long {
		t.Errorf("the run's own result was changed")
	}
	for _, f := range c.Policy.Findings {
		if f.Change != nil && f.Change.After != nil && f.Change.After.Text != after {
			t.Errorf("the policy view does not point at the truncated copy")
		}
	}
}

// Code scanning refuses a SARIF file over 10 MB gzipped: results are left
// out until it fits, notes first, and the run says so.
func TestSARIFStaysUnderTheGzipLimit(t *testing.T) {
	res, d, _ := manyFindings(t, 3000)
	rng := uint64(1)
	for i := range res.Tools[0].Targets[0].Diagnostics {
		// Incompressible messages (a fixed pseudo-random sequence).
		var b strings.Builder
		for j := 0; j < 200; j++ {
			rng = rng*6364136223846793005 + 1442695040888963407
			b.WriteByte(byte('!' + rng>>58))
		}
		if res.Tools[0].Targets[0].Diagnostics[i].Severity == provider.SeverityInfo {
			res.Tools[0].Targets[0].Diagnostics[i].Message = b.String()
		}
	}
	pol := finding.Apply(finding.Policy{FailOn: "error", BreakingFailOn: "breaking"}, append(finding.FromCheck(res), finding.FromDiff(d)...), nil)
	const limit = 100 << 10
	var out bytes.Buffer
	if err := SARIF(&out, SARIFInput{Policy: pol, MaxGzipBytes: limit}); err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(out.Bytes())
	zw.Close()
	if gz.Len() > limit {
		t.Fatalf("gzipped SARIF is %d bytes, over %d", gz.Len(), limit)
	}
	var doc struct {
		Runs []struct {
			Results     []struct{ RuleID, Level string }
			Invocations []struct {
				ToolExecutionNotifications []struct{ Message struct{ Text string } }
			}
		}
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	levels := map[string]int{}
	for _, r := range doc.Runs[0].Results {
		levels[r.Level]++
	}
	if levels["error"] != 2 || len(doc.Runs[0].Results) < 100 || len(doc.Runs[0].Results) > 3000 {
		t.Errorf("results by level %v: the error and the breaking change must stay", levels)
	}
	if len(doc.Runs[0].Invocations) == 0 || !strings.Contains(doc.Runs[0].Invocations[0].ToolExecutionNotifications[0].Message.Text, "at most 10 MB of SARIF, gzipped") {
		t.Errorf("no notification of the cut: %+v", doc.Runs[0].Invocations)
	}
}

// A compile detail quotes the property it is about ("Emits `<name>` as
// required …"): four property names of 512 KB made check's text 2 MB and
// its JSON 4 MB. The detail is cut like a message, in both caps.
func TestCapTruncatesLongCompileDetails(t *testing.T) {
	tl := singleTool(t, "tools/refund-order.json")
	long := strings.Repeat("a", 100000)
	ds := []provider.Diagnostic{diag(tl, "openai", provider.SeverityError, "openai/strict-optional-property", "inputSchema.properties.x", "m",
		provider.Compile{Supported: true, Detail: "Emits `" + long + "` as required."}, "")}
	res := finish(&check.Result{Tools: []check.ToolResult{{Tool: tl, Targets: []check.TargetResult{target("openai", "OpenAI", ds...)}}}})
	pol := finding.Apply(finding.Policy{FailOn: "error"}, finding.FromCheck(res), nil)
	for name, c := range map[string]Capped{"Cap": Cap(pol, res, nil, RunLimits), "CapStream": streamCap(pol, res, nil, RunLimits)} {
		d := c.Check.Tools[0].Targets[0].Diagnostics[0]
		if n := len([]rune(d.Compile.Detail)); n > MaxValueChars+40 {
			t.Errorf("%s: the check view's detail has %d characters", name, n)
		}
		if f := c.Policy.Findings[0]; f.Diagnostic == nil || len(f.Diagnostic.Compile.Detail) != len(d.Compile.Detail) {
			t.Errorf("%s: the policy view does not point at the cut copy", name)
		}
	}
	if got := res.Tools[0].Targets[0].Diagnostics[0].Compile.Detail; len(got) < 100000 {
		t.Errorf("the run's own result was changed")
	}
}
