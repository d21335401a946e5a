package finding

import (
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/targetdiff"
)

// regression is the spec's case as findings: create_ticket gains an
// optional `oneOf` property, which OpenAI can only widen to `anyOf`.
func regression(t *testing.T) []Finding {
	t.Helper()
	old := `{"name": "create_ticket", "description": "d", "inputSchema": {"type": "object",
  "properties": {"title": {"type": "string"}}, "required": ["title"], "additionalProperties": false}}`
	new := `{"name": "create_ticket", "description": "d", "inputSchema": {"type": "object",
  "properties": {"title": {"type": "string"},
    "assignee": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}, "required": ["title"], "additionalProperties": false}}`
	o := load(t, map[string]string{"t.json": old})
	n := load(t, map[string]string{"t.json": new})
	targets, err := targetdiff.Targets([]string{"openai", "mcp"})
	if err != nil {
		t.Fatal(err)
	}
	td := targetdiff.Diff(o.Tools, n.Tools, targets)
	return FromTargetDiff(&td)
}

func TestFromTargetDiff(t *testing.T) {
	fs := regression(t)
	if len(fs) != 1 {
		t.Fatalf("%d findings", len(fs))
	}
	f := fs[0]
	if f.Kind != KindTarget || f.Code != CodeTargetRegressed || f.Level != LevelError || f.Target != "openai" || f.TargetName != "OpenAI" ||
		f.Path != "inputSchema.properties.assignee.oneOf" || f.Location.Line != 3 || f.Location.Column != 18 ||
		f.Message != "`create_ticket` no longer compiles for OpenAI: `oneOf` at inputSchema.properties.assignee would be widened to `anyOf`. Change the schema so it compiles for OpenAI again, or accept the regression (an `accept` entry for `target-regressed`, or the approval label)." {
		t.Errorf("%+v", f)
	}
	if f.Fingerprint != Fingerprint(KindTarget, "create_ticket", "openai", CodeTargetRegressed, "", "") {
		t.Error("the fingerprint is not the tool's and target's")
	}
	if FromTargetDiff(nil) != nil {
		t.Error("nil result")
	}
}

// It fails by default, after the breaking changes' reason; the label and
// accept entries accept it; AllowTargetRegressions only reports it; a rule
// may lower or turn it off.
func TestTargetPolicy(t *testing.T) {
	p := Policy{FailOn: FailOnNever, BreakingFailOn: BreakingFailOnBreaking, ApprovalLabel: "ok-to-break"}
	res := Apply(p, regression(t), nil)
	if res.Exit != 1 || res.Counts.TargetRegressions != 1 || len(res.Reasons) != 1 || res.Reasons[0].Kind != "target" ||
		!strings.HasPrefix(res.Reasons[0].Text, "Failed: 1 compile regression not approved") || !strings.Contains(res.Reasons[0].Text, "add the label ok-to-break") {
		t.Fatalf("exit %d reasons %+v", res.Exit, res.Reasons)
	}
	p.Approved = true
	if res = Apply(p, regression(t), nil); res.Exit != 0 || res.Counts.Approved != 1 {
		t.Errorf("approved: %d %+v", res.Exit, res.Counts)
	}
	p.Approved = false
	p.Accept = []Accept{{Tool: "create_ticket", Code: CodeTargetRegressed, Path: "inputSchema.properties.assignee", Reason: "r", Until: "2099-01-01"}}
	if res = Apply(p, regression(t), nil); res.Exit != 0 || res.Counts.Accepted != 1 || len(res.Warnings) != 0 {
		t.Errorf("accepted: %d %+v %v", res.Exit, res.Counts, res.Warnings)
	}
	p.Accept = nil
	p.AllowTargetRegressions = true
	if res = Apply(p, regression(t), nil); res.Exit != 0 || res.Counts.BelowThreshold != 1 || res.Counts.TargetRegressions != 1 {
		t.Errorf("allowed: %d %+v", res.Exit, res.Counts)
	}
	p.AllowTargetRegressions = false
	for level, exit := range map[string]int{"warning": 0, "off": 0, "error": 1} {
		rules, err := NewRules([]RuleSetting{{Key: CodeTargetRegressed, Level: level, Where: "c.json:1"}})
		if err != nil {
			t.Fatal(err)
		}
		p.Rules = rules
		if res = Apply(p, regression(t), nil); res.Exit != exit {
			t.Errorf("rule %s: exit %d", level, res.Exit)
		}
	}
	// After a breaking change's reason, before a check's.
	res = &Result{Policy: p, Reasons: []Reason{{Kind: "breaking"}, {Kind: "check"}}, Exit: 1}
	res.targetReason(2)
	if res.Reasons[1].Kind != "target" || !strings.HasPrefix(res.Reasons[1].Text, "Failed: 2 compile regressions") {
		t.Errorf("%+v", res.Reasons)
	}
}
