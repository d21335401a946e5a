package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// witnessed is a breaking change whose witness call holds hostile text: a
// property name that tries to close the code span and open a tag, a value
// that tries to start a workflow command on a line of its own.
func witnessed(t *testing.T, args string) diff.Change {
	t.Helper()
	v, err := jsonvalue.Parse([]byte(args))
	if err != nil {
		t.Fatal(err)
	}
	c := change(diff.Breaking, "enum-narrowed", "t", "tools/t.json", 4, "Enum value `\"a\"` removed.")
	c.Witness = &diff.Witness{Arguments: v}
	return c
}

const hostileWitness = `{"x` + "`" + `</code><img src=x>":"a\n::error::pwned %0A"}`

func TestPolicySummaryShowsWitnessEscaped(t *testing.T) {
	noWitness := change(diff.Breaking, "keyword-changed", "u", "tools/u.json", 2, "`nullable` changed.")
	noWitness.Witness = &diff.Witness{Reason: "No example call: <b>none</b>."}
	res := finding.Apply(finding.Policy{BreakingFailOn: finding.BreakingFailOnBreaking},
		finding.FromDiff(&diff.Result{Changes: []diff.Change{witnessed(t, hostileWitness), noWitness}}), nil)
	var buf bytes.Buffer
	if err := Summary(&buf, SummaryInput{Policy: res, Diff: &diff.Result{Changes: []diff.Change{witnessed(t, hostileWitness)}}}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	call := "<code>&#123;&quot;x&#96;&lt;/code&gt;&lt;img src=x&gt;&quot;:&quot;a&#92;n::error::pwned %0A&quot;&#125;</code>"
	row := "Enum value <code>&quot;a&quot;</code> removed.<br>This call worked before and fails now: " + call + " |"
	if !strings.Contains(out, row) {
		t.Errorf("summary row lacks the escaped witness %q:\n%s", row, out)
	}
	if !strings.Contains(out, "  This call worked before and fails now: "+call+"\n") {
		t.Errorf("breaking section lacks the escaped witness:\n%s", out)
	}
	if !strings.Contains(out, "<br>No example call: &lt;b&gt;none&lt;/b&gt;. |") {
		t.Errorf("summary row lacks the reason there is no witness:\n%s", out)
	}
	if strings.Contains(out, "<img") || strings.Contains(out, "<b>") {
		t.Errorf("witness text got through as HTML:\n%s", out)
	}
	assertWellFormed(t, out)
}

func TestPolicyAnnotationShowsWitness(t *testing.T) {
	res := finding.Apply(finding.Policy{BreakingFailOn: finding.BreakingFailOnBreaking},
		finding.FromDiff(&diff.Result{Changes: []diff.Change{witnessed(t, hostileWitness)}}), nil)
	cmds := renderPolicyAnnotations(t, res, nil)
	if len(cmds) != 1 || cmds[0].Name != "error" {
		t.Fatalf("want one error annotation, got %+v", cmds)
	}
	want := "Breaking change in tool t: Enum value `\"a\"` removed.\nPath: inputSchema.properties.x\n" +
		"This call worked before and fails now: `{\"x`</code><img src=x>\":\"a\\n::error::pwned %0A\"}`\nCode: enum-narrowed"
	if cmds[0].Message != want {
		t.Errorf("annotation message\n got %q\nwant %q", cmds[0].Message, want)
	}
}

func TestWitnessCallIsCut(t *testing.T) {
	long := `{"q":"` + strings.Repeat("é", 400) + `"}`
	c := witnessed(t, long)
	call, reason := WitnessCall(&c)
	if reason != "" || !strings.HasSuffix(call, "…") || len(call) > witnessShown+len("…") || !strings.HasPrefix(call, `{"q":"éé`) {
		t.Errorf("WitnessCall = %q, %q; want the call cut at %d bytes on a rune start", call, reason, witnessShown)
	}
	res := finding.Apply(finding.Policy{BreakingFailOn: finding.BreakingFailOnBreaking},
		finding.FromDiff(&diff.Result{Changes: []diff.Change{c}}), nil)
	cmds := renderPolicyAnnotations(t, res, nil)
	if len(cmds) != 1 || !strings.Contains(cmds[0].Message, "This call worked before and fails now: `"+call+"`") {
		t.Errorf("annotation lacks the cut witness: %+v", cmds)
	}
}
