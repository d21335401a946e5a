package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// summaryOf renders in; an input without a policy gets policyOf's verdict
// on its check, diff and load errors, made here so that a test may change
// the fixtures first.
func summaryOf(t *testing.T, in SummaryInput) string {
	t.Helper()
	in = withPolicy(in)
	return string(render(t, func(b *bytes.Buffer) error { return Summary(b, in) }))
}

// withPolicy sets in.Policy, when unset, to policyOf's verdict on in,
// with in's approval label as the action passes it to both.
func withPolicy(in SummaryInput) SummaryInput {
	if in.Policy == nil {
		p := finding.Policy{FailOn: finding.FailOnError, BreakingFailOn: finding.BreakingFailOnBreaking,
			ApprovalLabel: in.ApprovalLabel, Approved: in.BreakingApproved}
		in.Policy = policyWith(p, in.Check, in.Diff, in.LoadErrors)
	}
	return in
}

func fullSummaryInput(t *testing.T) SummaryInput {
	return SummaryInput{
		Check:          checkFixture(t),
		Diff:           diffFixture(t),
		BaseLoadErrors: loadErrorsFixture()[:1],
		ApprovalLabel:  "breaking-change-approved",
		BaseSHA:        "0123456789abcdef0123456789abcdef01234567",
		HeadSHA:        "fedcba9876543210fedcba9876543210fedcba98",
		Notes:          []string{"Compared against the merge commit's first parent."},
		Paths:          RepoRelative("/repo", "/repo"),
	}
}

func TestSummaryGolden(t *testing.T) {
	out := summaryOf(t, fullSummaryInput(t))
	golden(t, "summary.md", []byte(out))
	if again := summaryOf(t, fullSummaryInput(t)); again != out {
		t.Error("two renders differ")
	}
	if !strings.Contains(out, "## ✗ SchemaPort: failed") || !strings.Contains(out, "| OpenAI | 0 of 2 | 1 | 2 | 2 | 0 |") ||
		!strings.Contains(out, "| Anthropic | 2 of 2 | 0 | 0 | 0 | 0 |") || !strings.Contains(out, "### Breaking changes") ||
		!strings.Contains(out, "  -   \"store_credit\"\n") {
		t.Errorf("summary lacks verdict, counts or excerpt:\n%s", out)
	}
	assertWellFormed(t, out)
}

// assertWellFormed checks what could break the page: every <details> is
// closed, every table row has as many cells as its header, and no raw tag
// from a tool file got through.
func assertWellFormed(t *testing.T, out string) {
	t.Helper()
	if strings.Contains(out, "\x1b") {
		t.Errorf("raw ESC in the summary")
	}
	cells, open := -1, 0
	inFence := ""
	for _, line := range strings.Split(out, "\n") {
		trimmed := strings.TrimSpace(line)
		if inFence != "" {
			// Code block content is shown as text, whatever it holds.
			if trimmed == inFence {
				inFence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") {
			inFence = strings.TrimSuffix(trimmed, "diff")
			continue
		}
		if strings.Contains(line, "<script") {
			t.Errorf("raw tag from a tool file: %s", line)
		}
		open += strings.Count(line, "<details>") - strings.Count(line, "</details>")
		if open < 0 || open > 1 {
			t.Errorf("details nesting %d at %s", open, line)
		}
		if !strings.HasPrefix(line, "|") {
			cells = -1
			continue
		}
		n := strings.Count(line, "|") - strings.Count(line, `\|`)
		if cells < 0 {
			cells = n
		} else if n != cells {
			t.Errorf("row has %d pipes, header %d: %s", n, cells, line)
		}
	}
	if open != 0 || inFence != "" {
		t.Errorf("unclosed details (%d) or fence (%q)", open, inFence)
	}
}

func TestSummaryEscapesToolText(t *testing.T) {
	in := fullSummaryInput(t)
	d := &in.Check.Tools[1].Targets[0].Diagnostics[0]
	d.Message = "Bad <script>alert(1)</script> | cell | [link](javascript:alert(1)) $x$ @team\nsecond line"
	d.Path = `inputSchema.properties["a|b<i>"]`
	in.Check.Tools[1].Tool.Name = "tool|<b>x</b>"
	in.Diff.Changes[2].Message = "Enum value ``` </details> removed."
	in.Diff.Changes[2].After = literal(t, `["a","`+"```"+`\n</details>"]`)
	out := summaryOf(t, in)
	assertWellFormed(t, out)
	if !strings.Contains(out, "Bad &lt;script&gt;alert&#40;1&#41;&lt;/script&gt; &#124; cell &#124; &#91;link&#93;&#40;javascript:alert&#40;1&#41;&#41; &#36;x&#36; &#64;team<br>second line") {
		t.Errorf("message not escaped as expected:\n%s", out)
	}
	// The hostile excerpt stays inside a fence longer than its backticks.
	if !strings.Contains(out, "````diff") {
		t.Errorf("fence not lengthened:\n%s", out)
	}
}

func TestSummarySizeCap(t *testing.T) {
	res := manyDiagnostics(t, 3000, 30) // 90,000 findings, far over 1 MiB
	out := summaryOf(t, SummaryInput{Check: res})
	if len(out) > MaxSummaryBytes {
		t.Fatalf("summary is %d bytes", len(out))
	}
	if !strings.Contains(out, "This summary was cut to stay under GitHub's size limit") {
		t.Errorf("no cut note")
	}
	m := regexp.MustCompile(`: (\d+) more findings not shown`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("cut note does not count the findings left out")
	}
	// One row per finding: the errors fail, the rest are new.
	shown := strings.Count(out, "\n| ✗ fails |") + strings.Count(out, "\n| new |")
	if shown+atoi(t, m[1]) != 90000 {
		t.Errorf("%d shown + %s left out != 90000", shown, m[1])
	}
	assertWellFormed(t, out)

	small := summaryOf(t, SummaryInput{Check: res, Diff: diffFixture(t), MaxBytes: 8 << 10})
	if len(small) > 8<<10 {
		t.Errorf("small summary is %d bytes", len(small))
	}
	assertWellFormed(t, small)
	// The files hold the findings the summary had no room for, not
	// "everything": past the run's caps a finding is in no output.
	if !strings.Contains(small, "The SARIF report and the JSON report have them.") || strings.Contains(small, "everything") {
		t.Errorf("the cut note overclaims:\n%s", small[len(small)-300:])
	}

	// Under the limit nothing is cut.
	if out := summaryOf(t, fullSummaryInput(t)); strings.Contains(out, "was cut") {
		t.Error("small summary was cut")
	}
}

func atoi(t *testing.T, s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

func TestSummaryVerdicts(t *testing.T) {
	// Approved breaking changes and no check: the run passes.
	in := fullSummaryInput(t)
	in.Check, in.BreakingApproved = nil, true
	out := summaryOf(t, in)
	if !strings.Contains(out, "## ✓ SchemaPort: passed") || !strings.Contains(out, "**Passed: tolerated 5 approved by the label, 3 below the thresholds.**") ||
		!strings.Contains(out, "5 changes approved with the <code>breaking-change-approved</code> label") ||
		!strings.Contains(out, "### Breaking changes (approved)") {
		t.Errorf("approved summary:\n%s", out[:min(len(out), 800)])
	}
	out = summaryOf(t, SummaryInput{LoadErrors: loadErrorsFixture()})
	if !strings.Contains(out, "## ✗ SchemaPort: failed") ||
		!strings.Contains(out, "**Failed: 3 input errors &#40;a file that does not load cannot be checked&#41;.") || !strings.Contains(out, "### Input errors") ||
		!strings.Contains(out, "<code>tools/bad.json:12:9</code>") {
		t.Errorf("load error summary:\n%s", out)
	}
	out = summaryOf(t, SummaryInput{Check: &check.Result{Tools: []check.ToolResult{{Tool: &tool.Tool{Name: "t"}, Targets: []check.TargetResult{{ID: "openai", Name: "OpenAI"}}}}}})
	if !strings.Contains(out, "## ✓ SchemaPort: passed\n\n**Passed.**") || strings.Contains(out, "What this change introduces") ||
		!strings.Contains(out, "| OpenAI | 1 of 1 | 0 | 0 | 0 | 0 |") {
		t.Errorf("clean summary:\n%s", out)
	}
}

func TestSummaryWithoutBase(t *testing.T) {
	out := summaryOf(t, SummaryInput{HeadSHA: "fedcba9876543210fedcba9876543210fedcba98", Notes: []string{"No breaking-change diff: a new branch."}})
	if !strings.Contains(out, "Checked <code>fedcba987654</code>; no base to compare with.") || strings.Contains(out, "(none)") {
		t.Errorf("summary without a base:\n%s", out)
	}
	// A local run against --base-path has a diff but no base commit: it must
	// not claim there was nothing to compare with.
	out = summaryOf(t, SummaryInput{HeadSHA: "fedcba9876543210fedcba9876543210fedcba98", Diff: &diff.Result{}, Notes: []string{"Compared with the base tool set in v1."}})
	if strings.Contains(out, "no base to compare with") || !strings.Contains(out, "Checked <code>fedcba987654</code>.") {
		t.Errorf("summary with a directory base:\n%s", out)
	}
}

// The core target appears on a tool's result only when it found something,
// so a tool without a Core entry is clean for Core. A tool is counted as
// compatible only with zero findings of any severity, as the text output's
// "✓ Compatible".
func TestSummaryCountsCleanToolsPerTarget(t *testing.T) {
	tl := func(name string) *tool.Tool { return &tool.Tool{Name: name} }
	d := func(code, sev string) provider.Diagnostic {
		return provider.Diagnostic{Code: code, Severity: sev, Path: "inputSchema"}
	}
	res := finish(&check.Result{Tools: []check.ToolResult{
		{Tool: tl("a"), Targets: []check.TargetResult{target("openai", "OpenAI")}},
		{Tool: tl("b"), Targets: []check.TargetResult{
			target("core", "Core", d("core/invalid-default", "error")),
			target("openai", "OpenAI", d("openai/annotation-keyword-dropped", "info")),
		}},
		{Tool: tl("c"), Targets: []check.TargetResult{
			target("core", "Core", d("core/invalid-example", "warning")),
			target("openai", "OpenAI"),
		}},
	}})
	out := summaryOf(t, SummaryInput{Check: res})
	header := "| Target | Compatible tools (no findings) | Tools with errors | Errors | Warnings | Infos |\n|---|--:|--:|--:|--:|--:|\n"
	rows := "| Core | 1 of 3 | 1 | 1 | 1 | 0 |\n| OpenAI | 2 of 3 | 0 | 0 | 0 | 1 |\n"
	if !strings.Contains(out, header+rows) {
		t.Errorf("per-target table wrong:\n%s", out)
	}
	if !strings.Contains(out, "not even an info") {
		t.Errorf("the table does not say what compatible means:\n%s", out)
	}
	assertWellFormed(t, out)
}

func TestFailedCommentStaysWithinItsLimit(t *testing.T) {
	reason := strings.Repeat("config <bad> & \"wrong\" ", 500)
	full := FailedComment(reason, "https://github.example/o/r/actions/runs/1", "", 0)
	if !strings.Contains(full, "&lt;bad&gt;") || strings.Contains(full, "<bad>") {
		t.Fatalf("the reason is not escaped:\n%s", full[:200])
	}
	for _, limit := range []int{1000, 1001, 1002, 1003, 1004, 1005} {
		got := FailedComment(reason, "https://github.example/o/r/actions/runs/1", "", limit)
		if len(got) > limit || !strings.HasSuffix(got, "[the job summary](https://github.example/o/r/actions/runs/1).\n") || !strings.Contains(got, "…") {
			t.Fatalf("limit %d: %d bytes\n%s", limit, len(got), got)
		}
		body := strings.TrimSuffix(got[:strings.Index(got, "…")], "…")
		if i := strings.LastIndexByte(body, '&'); i >= 0 && !strings.Contains(body[i:], ";") {
			t.Errorf("limit %d: an entity is cut: %q", limit, body[max(0, i-10):])
		}
	}
}
