package finding

import (
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/cost"
)

// A budget finding fails the run like a check error, sits on the tool's
// description line, and an accept entry, a rule or only-new settle it as
// they settle any finding.
func TestBudgetFindings(t *testing.T) {
	res := load(t, map[string]string{"t.json": movedTool})
	tools := res.Tools
	set := cost.Count(tools, []string{"openai"}, nil)
	cfg, err := config.Parse("schemaport.config.json", []byte("{\"budgets\": {\"tool\": {\"openai\": 10}, \"set\": {\"*\": 20}}}"))
	if err != nil {
		t.Fatal(err)
	}
	vs := cost.CheckBudgets(cfg.Budgets, set, nil)
	fs := FromCost(vs, tools)
	if len(fs) != 2 {
		t.Fatalf("want 2 findings, got %+v", fs)
	}
	f := fs[0]
	if f.Code != cost.CodeToolOverBudget || f.Kind != KindCheck || f.Target != "openai" || f.TargetName != "OpenAI" || f.Tool != "refund" ||
		f.Level != LevelError || f.Path != "description" || f.Location.File != "t.json" || f.Location.Line != 5 || f.Location.Column != 3 {
		t.Errorf("finding %+v at %+v", f, f.Location)
	}
	if !strings.HasPrefix(f.Message, "This tool's definition costs ") || !strings.Contains(f.Message, "over its budget of 10 tokens") {
		t.Errorf("message %q", f.Message)
	}
	if fs[1].Code != cost.CodeSetOverBudget || fs[1].Fingerprint != Fingerprint(KindCheck, "", "openai", cost.CodeSetOverBudget, "", "") {
		t.Errorf("set finding %+v", fs[1])
	}

	failed := Apply(Policy{FailOn: FailOnError}, fs, nil)
	if failed.Exit != 1 || failed.Counts.Failing != 2 {
		t.Errorf("not failing: exit %d %+v", failed.Exit, failed.Counts)
	}
	accepted := Apply(Policy{FailOn: FailOnError, Today: "2026-12-07", Accept: []Accept{
		{Tool: "refund", Code: cost.CodeToolOverBudget, Reason: "long on purpose", Until: "2027-01-31", Where: "c.json:3"},
		{Tool: "*", Code: cost.CodeSetOverBudget, Reason: "one tool", Until: "2027-01-31", Where: "c.json:4"},
	}}, fs, nil)
	if accepted.Exit != 0 || accepted.Counts.Accepted != 2 {
		t.Errorf("not accepted: exit %d %+v", accepted.Exit, accepted.Counts)
	}
	rules, err := NewRules([]RuleSetting{{Key: cost.CodeSetOverBudget, Level: LevelWarning, Where: "c.json:2"}})
	if err != nil {
		t.Fatal(err)
	}
	ruled := Apply(Policy{FailOn: FailOnError, Rules: rules}, FromCost(vs, tools), nil)
	if ruled.Counts.Failing != 1 || ruled.Findings[1].Level != LevelWarning {
		t.Errorf("rule: %+v", ruled.Counts)
	}
	// The base over the same budgets: nothing new.
	existing := Apply(Policy{FailOn: FailOnError, OnlyNew: true}, FromCost(vs, tools), FromCost(vs, tools))
	if existing.Exit != 0 || existing.Counts.Existing != 2 {
		t.Errorf("only-new: exit %d %+v", existing.Exit, existing.Counts)
	}
}
