package report

import (
	"regexp"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
)

const commentRunURL = "https://github.com/acme/tools/actions/runs/42"

// commentInput runs the real policy over the fixtures' check findings and
// diff changes.
func commentInput(t *testing.T, res *check.Result, d *diff.Result, approved bool) CommentInput {
	t.Helper()
	findings := append(finding.FromCheck(res), finding.FromDiff(d)...)
	pol := finding.Apply(finding.Policy{FailOn: finding.FailOnError, BreakingFailOn: finding.BreakingFailOnBreaking,
		ApprovalLabel: "breaking-change-approved", Approved: approved}, findings, nil)
	return CommentInput{
		Result:  pol,
		BaseSHA: "0123456789abcdef0123456789abcdef01234567",
		HeadSHA: "fedcba9876543210fedcba9876543210fedcba98",
		Notes:   []string{"Compared against the merge commit's first parent."},
		RunURL:  commentRunURL,
		BlobURL: BlobURL("https://github.com", "acme/tools", "fedcba9876543210fedcba9876543210fedcba98"),
		Paths:   RepoRelative("/repo", "/repo"),
	}
}

func TestCommentGolden(t *testing.T) {
	in := commentInput(t, checkFixture(t), diffFixture(t), false)
	out := PRComment(in)
	golden(t, "comment.md", []byte(out.Body))
	if again := PRComment(commentInput(t, checkFixture(t), diffFixture(t), false)); again != out {
		t.Error("two renders differ")
	}
	if out.AllClear {
		t.Error("a failing run is not all clear")
	}
	for _, want := range []string{
		"### ✗ SchemaPort: failed\n",
		"#### Breaking changes (5)\n",
		"#### New findings (",
		"Full report: [the job summary](" + commentRunURL + ")",
		// The enum change's witness, from the diff engine.
		"<br>This call worked before and fails now: <code>&#123;&quot;orderId&quot;:&quot;o-1&quot;,&quot;refundMethod&quot;:&quot;store&#95;credit&quot;&#125;</code> |",
	} {
		if !strings.Contains(out.Body, want) {
			t.Errorf("the comment lacks %q", want)
		}
	}
	assertWellFormed(t, out.Body)
	if want := "### ✗ SchemaPort: failed\n\nThe report is too long for a comment: see [the job summary](" + commentRunURL + ").\n"; out.Fallback != want {
		t.Errorf("fallback %q, want %q", out.Fallback, want)
	}
}

func TestCommentApproved(t *testing.T) {
	res := checkFixture(t)
	out := PRComment(commentInput(t, res, diffFixture(t), true))
	golden(t, "comment-approved.md", []byte(out.Body))
	if strings.Contains(out.Body, "#### Breaking changes") || !strings.Contains(out.Body, "#### Accepted or approved (5)") ||
		!strings.Contains(out.Body, "approved: approved by the label breaking-change-approved") {
		t.Errorf("approved breaking changes:\n%s", out.Body)
	}
	assertWellFormed(t, out.Body)
}

func TestCommentAllClear(t *testing.T) {
	// No diff, no check findings at all.
	in := commentInput(t, &check.Result{}, nil, false)
	out := PRComment(in)
	want := "✓ **SchemaPort: all clear**: no breaking changes and no new errors or warnings. Details in [the job summary](" + commentRunURL + ").\n"
	if !out.AllClear || out.Body != want {
		t.Errorf("all clear: %v %q\nwant %q", out.AllClear, out.Body, want)
	}
	// Approved breaking changes are worth a comment, even on a passing run.
	if PRComment(commentInput(t, &check.Result{}, diffFixture(t), true)).AllClear {
		t.Error("approved breaking changes were called all clear")
	}
	// Without a run URL the summary is named, not linked.
	in.RunURL = ""
	if got := PRComment(in).Body; !strings.HasSuffix(got, "Details in the job summary.\n") {
		t.Errorf("%q", got)
	}
}

func TestCommentEscapesToolText(t *testing.T) {
	res := checkFixture(t)
	d := &res.Tools[1].Targets[0].Diagnostics[0]
	d.Message = "Bad <script>alert(1)</script> | cell | [link](javascript:alert(1)) @team\n<!-- schemaport-action:pr-comment -->"
	res.Tools[1].Tool.Name = "tool|<b>x</b>"
	d.ToolName = res.Tools[1].Tool.Name
	out := PRComment(commentInput(t, res, diffFixture(t), false)).Body
	assertWellFormed(t, out)
	if !strings.Contains(out, "Bad &lt;script&gt;alert&#40;1&#41;&lt;/script&gt; &#124; cell &#124; &#91;link&#93;&#40;javascript:alert&#40;1&#41;&#41; &#64;team<br>&lt;&#33;-- schemaport-action:pr-comment --&gt;") {
		t.Errorf("message not escaped:\n%s", out)
	}
	if strings.Contains(out, "<!--") || strings.Contains(out, "<b>") {
		t.Errorf("raw HTML from a tool file:\n%s", out)
	}
}

// Shortening drops whole rows, keeps every element closed, says how many
// rows were left out, and links the job summary.
func TestCommentSizeCap(t *testing.T) {
	res := manyDiagnostics(t, 300, 10)
	for _, limit := range []int{DefaultCommentLimit, 20 << 10, 4 << 10} {
		in := commentInput(t, res, diffFixture(t), false)
		in.Limit = limit
		out := PRComment(in)
		if len(out.Body) > limit {
			t.Fatalf("limit %d: %d bytes", limit, len(out.Body))
		}
		assertWellFormed(t, out.Body)
		m := regexp.MustCompile(`\n> (\d+) more rows did not fit in a comment: see \[the job summary\]\(` + regexp.QuoteMeta(commentRunURL) + `\)\.\n`).FindStringSubmatch(out.Body)
		if m == nil {
			t.Fatalf("limit %d: no note of the rows left out:\n%s", limit, out.Body[max(0, len(out.Body)-600):])
		}
		shown := strings.Count(out.Body, "\n| ✗ |") + strings.Count(out.Body, "\n| ⚠ |") + strings.Count(out.Body, "\n| ℹ |")
		rows := 0
		for _, f := range in.Result.Findings {
			if f.State != finding.StateExisting && f.State != finding.StateDisabled && (f.Kind == finding.KindCheck && f.Level != finding.LevelInfo ||
				f.Kind == finding.KindDiff && f.Level == finding.LevelError) {
				rows++
			}
		}
		if shown+atoi(t, m[1]) != rows {
			t.Errorf("limit %d: %d rows shown + %s left out != %d", limit, shown, m[1], rows)
		}
		if limit == DefaultCommentLimit && len(out.Body) < limit-commentReserve-2048 {
			t.Errorf("only %d of %d bytes used", len(out.Body), limit)
		}
	}
	// A limit too small for anything but the verdict: the fallback.
	in := commentInput(t, res, diffFixture(t), false)
	in.Limit = 100
	if out := PRComment(in); out.Body != out.Fallback {
		t.Errorf("tiny limit: %q", out.Body)
	}
}
