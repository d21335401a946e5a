package finding

import (
	"cmp"
	"slices"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/provider"
)

// TestApplyToCheckMatchesThePolicy: the rules give `check` the verdict
// they give `run`: the codes the policy disables are gone, the rest carry
// the policy's level, in canonical order, folded again and recounted.
func TestApplyToCheckMatchesThePolicy(t *testing.T) {
	res := load(t, map[string]string{"t.json": openTool})
	targets := []string{"openai", "anthropic", "gemini", "mcp"}
	rules, err := NewRules([]RuleSetting{
		{Key: "openai/strict-optional-property", Level: LevelOff, Where: "c.json:2"},
		{Key: "openai/*", Level: LevelInfo, Where: "c.json:3"},
		{Key: "openai/object-missing-additional-properties", Level: LevelWarning, Where: "c.json:4"},
	})
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ target, code, path, level string }
	var want []key
	for _, f := range Apply(Policy{Rules: rules, FailOn: FailOnNever, BreakingFailOn: BreakingFailOnNever}, FromCheck(check.Run(res.Tools, targets)), nil).Findings {
		if f.State != StateDisabled {
			want = append(want, key{f.Target, f.Code, f.Path, f.Level})
		}
	}
	got := check.RunAdjusted(res.Tools, targets, rules.Adjust())
	var have []key
	var total check.Summary
	for _, tr := range got.Tools {
		for _, tg := range tr.Targets {
			if !slices.IsSortedFunc(tg.Diagnostics, func(a, b provider.Diagnostic) int {
				return provider.SeverityRank(a.Severity) - provider.SeverityRank(b.Severity)
			}) {
				t.Errorf("%s: not in canonical order", tg.ID)
			}
			if s := check.Summarize(tg.Diagnostics); s != tg.Summary {
				t.Errorf("%s: summary %+v, counted %+v", tg.ID, tg.Summary, s)
			}
			for _, d := range tg.Diagnostics {
				have = append(have, key{tg.ID, d.Code, d.Path, d.Severity})
				if d.Code == "openai/nullable-instead-of-omitted" && d.FoldedInto != "" {
					t.Errorf("still folded into %s, which is off", d.FoldedInto)
				}
			}
			total.Error += tg.Summary.Error
			total.Warning += tg.Summary.Warning
			total.Info += tg.Summary.Info
		}
	}
	sortKeys := func(ks []key) {
		slices.SortFunc(ks, func(a, b key) int {
			return cmp.Compare(a.target+" "+a.code+" "+a.path, b.target+" "+b.code+" "+b.path)
		})
	}
	sortKeys(want)
	sortKeys(have)
	if !slices.Equal(want, have) {
		t.Errorf("check after rules:\n%v\npolicy:\n%v", have, want)
	}
	if got.Errors != total.Error || got.Warnings != total.Warning || got.Infos != total.Info {
		t.Errorf("totals %d/%d/%d, targets say %+v", got.Errors, got.Warnings, got.Infos, total)
	}
	// The exact code beats the wildcard; the wildcard reaches the rest.
	for _, k := range have {
		switch {
		case k.code == "openai/strict-optional-property":
			t.Errorf("a code turned off is still there")
		case k.code == "openai/object-missing-additional-properties" && k.level != LevelWarning,
			k.target == "openai" && k.code != "openai/object-missing-additional-properties" && k.level != LevelInfo:
			t.Errorf("%s has level %s", k.code, k.level)
		}
	}
	if !slices.ContainsFunc(have, func(k key) bool { return k.code == "openai/nullable-instead-of-omitted" }) {
		t.Errorf("fixture: no openai/nullable-instead-of-omitted to unfold: %v", have)
	}

	// Nil rules change nothing.
	if a, b := check.Run(res.Tools, targets), check.RunAdjusted(res.Tools, targets, (*Rules)(nil).Adjust()); a.Errors != b.Errors || a.Warnings != b.Warnings || a.Infos != b.Infos {
		t.Errorf("nil rules changed the totals")
	}
}
