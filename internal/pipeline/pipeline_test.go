package pipeline

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/testfiles"
	"github.com/schemaport/schemaport-action/internal/tool"
)

func rules(t *testing.T, settings ...finding.RuleSetting) *finding.Rules {
	t.Helper()
	r, err := finding.NewRules(settings)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func refund(t *testing.T, v string) []string {
	return []string{filepath.Join(testfiles.Root(), "testdata", "refund-order", v)}
}

func count(res *check.Result, code string) (n int, severities []string) {
	for _, tr := range res.Tools {
		for _, tg := range tr.Targets {
			for _, d := range tg.Diagnostics {
				if d.Code == code {
					n++
					severities = append(severities, d.Severity)
				}
			}
		}
	}
	return n, severities
}

// The config's rules are applied once, by the Collector, to what every
// output reads: a code turned off is gone from the check view and counted
// as turned off; a code given another level has it in the view, in the
// policy's counts and in the exit status.
func TestCheckAppliesTheRules(t *testing.T) {
	plain := Check(CheckInput{Paths: refund(t, "v2"), Targets: check.DefaultTargets(), Policy: finding.Policy{FailOn: "error"}, Limits: report.RunLimits})
	offBefore, _ := count(plain.Check, "anthropic/constraint-not-enforced")
	optional, _ := count(plain.Check, "openai/strict-optional-property")
	if offBefore == 0 || optional == 0 || plain.Exit() != 1 {
		t.Fatalf("the example must have both codes and fail: %d, %d, exit %d", offBefore, optional, plain.Exit())
	}
	r := rules(t,
		finding.RuleSetting{Key: "anthropic/constraint-not-enforced", Level: "off", Where: "test:1"},
		finding.RuleSetting{Key: "openai/*", Level: "info", Where: "test:2"},
	)
	o := Check(CheckInput{Paths: refund(t, "v2"), Targets: check.DefaultTargets(), Policy: finding.Policy{FailOn: "warning", Rules: r}, Limits: report.RunLimits})
	if n, _ := count(o.Check, "anthropic/constraint-not-enforced"); n != 0 {
		t.Errorf("%d findings of a code turned off are in the view", n)
	}
	if o.Policy.Counts.Disabled != offBefore {
		t.Errorf("%d counted as turned off, want %d", o.Policy.Counts.Disabled, offBefore)
	}
	n, sev := count(o.Check, "openai/strict-optional-property")
	if n != optional || strings.Trim(strings.Repeat("info ", n), " ") != strings.Join(sev, " ") {
		t.Errorf("openai/strict-optional-property at %v, want %d infos", sev, optional)
	}
	if o.Check.Errors != o.Policy.Counts.Errors || o.Check.Warnings != o.Policy.Counts.Warnings || o.Check.Infos != o.Policy.Counts.Infos {
		t.Errorf("view counts %d/%d/%d, policy counts %+v", o.Check.Errors, o.Check.Warnings, o.Check.Infos, o.Policy.Counts)
	}
	// What is left: Anthropic's and Gemini's warnings fail --fail-on warning.
	if o.Exit() != 1 || o.Policy.Counts.Warnings == 0 {
		t.Errorf("exit %d with %d warnings", o.Exit(), o.Policy.Counts.Warnings)
	}
	for _, f := range o.Policy.Findings {
		if f.State == finding.StateDisabled && f.Diagnostic == nil {
			t.Errorf("a finding turned off lost its diagnostic: %+v", f)
		}
	}
}

// The caps bound what every output gets and say so; the counts stay
// whole.
func TestCheckIsCapped(t *testing.T) {
	dir := t.TempDir()
	s := `{"type":"string"}`
	for i := 0; i < 60; i++ {
		s = `{"type":"object","properties":{"n":` + s + `}}`
	}
	testfiles.Write(t, filepath.Join(dir, "deep.json"), `{"name":"deep","description":"Deep.","inputSchema":`+s+`}`)
	o := Check(CheckInput{Paths: []string{dir}, Targets: []string{"openai"}, Policy: finding.Policy{FailOn: "error"}, Limits: report.Limits{PerTool: 5, PerRun: 100}})
	shown := 0
	for _, tr := range o.Check.Tools {
		for _, tg := range tr.Targets {
			shown += len(tg.Diagnostics)
		}
	}
	if shown != 5 || len(o.Policy.Findings) != 5 {
		t.Errorf("%d diagnostics and %d findings kept, want 5", shown, len(o.Policy.Findings))
	}
	if o.Omitted.Total != o.Check.Errors+o.Check.Warnings+o.Check.Infos-5 || o.Omitted.PerTool["deep"] != o.Omitted.Total {
		t.Errorf("omitted %+v of %d errors", o.Omitted, o.Check.Errors)
	}
	if !strings.Contains(o.OmittedNote(), "at most 5 per tool") {
		t.Errorf("note %q", o.OmittedNote())
	}
}

// A set with a file that does not load is still checked: the tools that
// loaded, and the input error, which fails with exit 2.
func TestCheckWithALoadError(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"refund-order.json", "search-orders.json"} {
		testfiles.Write(t, filepath.Join(dir, f), testfiles.Testdata(t, "refund-order/v2/"+f))
	}
	testfiles.Write(t, filepath.Join(dir, "broken.json"), `{"name": `)
	o := Check(CheckInput{Paths: []string{dir}, Targets: check.DefaultTargets(), Policy: finding.Policy{FailOn: "never"}, Limits: report.RunLimits})
	if len(o.LoadErrors) != 1 || len(o.Check.Tools) != 2 || o.Exit() != 2 {
		t.Errorf("%d load errors, %d tools, exit %d", len(o.LoadErrors), len(o.Check.Tools), o.Exit())
	}
	if o := Load(o.LoadErrors); o.Exit() != 2 || o.Policy.Counts.LoadErrors != 1 {
		t.Errorf("Load: exit %d, counts %+v", o.Exit(), o.Policy.Counts)
	}
}

// diff's changes go through the rules: a change turned off is left out of
// the view and its counts, one reclassified is shown and counted as such,
// and the threshold reads the classification after the rules.
func TestDiffAppliesTheRules(t *testing.T) {
	load := func(v string) []*tool.Tool {
		res := tool.Load(refund(t, v), tool.Options{Cwd: testfiles.Root()})
		if len(res.Errors) > 0 {
			t.Fatal(res.Errors)
		}
		return res.Tools
	}
	res := diff.ToolSets(load("v1"), load("v2"), diff.Options{})
	o := Diff(DiffInput{Result: res, Policy: finding.Policy{BreakingFailOn: "breaking"}, Limits: report.RunLimits})
	if v := o.DiffView(); v.Summary.Breaking != 2 || o.Exit() != 1 {
		t.Fatalf("plain: %+v, exit %d", v.Summary, o.Exit())
	}
	r := rules(t,
		finding.RuleSetting{Key: "required-property-added", Level: "info", Where: "test:1"},
		finding.RuleSetting{Key: "enum-narrowed", Level: "off", Where: "test:2"},
	)
	o = Diff(DiffInput{Result: res, Policy: finding.Policy{BreakingFailOn: "breaking", Rules: r}, Limits: report.RunLimits})
	v := o.DiffView()
	if v.Summary.Breaking != 0 || o.Exit() != 0 {
		t.Errorf("with rules: %+v, exit %d", v.Summary, o.Exit())
	}
	for _, c := range v.Changes {
		if c.Code == "enum-narrowed" {
			t.Error("a change turned off is in the view")
		}
		if c.Code == "required-property-added" && c.Classification != diff.Informational {
			t.Errorf("required-property-added is %s", c.Classification)
		}
	}
}

// Every way Check goes counts the same figures as counting the loaded set
// whole: in the scan's one pass, in the two passes anthropic-strict needs,
// and with the whole set loaded for a file that does not load; and a
// budget finding lands on its tool in each.
func TestCheckCountsAlike(t *testing.T) {
	clean := filepath.Join(testfiles.Root(), "testdata", "realworld", "v2")
	broken := t.TempDir()
	for _, f := range []string{"refund-order.json", "search-orders.json"} {
		testfiles.Write(t, filepath.Join(broken, f), testfiles.Testdata(t, "refund-order/v2/"+f))
	}
	testfiles.Write(t, filepath.Join(broken, "broken.json"), `{"name": `)
	budgets := &config.Budgets{Tool: []config.Budget{{Kind: "tool", Target: "*", Tokens: 150}}}
	for _, tc := range []struct {
		what    string
		dir     string
		targets []string
	}{
		{"one pass", clean, check.DefaultTargets()},
		{"two passes", clean, append(check.DefaultTargets(), "anthropic-strict")},
		{"a load error", broken, append(check.DefaultTargets(), "anthropic-strict")},
	} {
		o := Check(CheckInput{Paths: []string{tc.dir}, Targets: tc.targets, Policy: finding.Policy{FailOn: "never"}, Limits: report.RunLimits, Cost: true, Budgets: budgets})
		loaded := tool.Load([]string{tc.dir}, tool.Options{})
		want := cost.Count(loaded.Tools, tc.targets, nil)
		if o.Cost == nil || !reflect.DeepEqual(o.Cost.Tools, want.Tools) || !reflect.DeepEqual(o.Cost.Totals, want.Totals) {
			t.Errorf("%s: counted\n%+v\nwant\n%+v", tc.what, o.Cost, want)
		}
		over := 0
		for _, f := range o.Policy.Findings {
			if f.Code == cost.CodeToolOverBudget {
				over++
				if f.Diagnostic == nil || f.Diagnostic.Line == 0 {
					t.Errorf("%s: %s's budget finding is not located", tc.what, f.Tool)
				}
			}
		}
		if over == 0 {
			t.Errorf("%s: no tool over its budget", tc.what)
		}
	}
}
