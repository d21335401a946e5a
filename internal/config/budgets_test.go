package config

import (
	"strings"
	"testing"
)

func TestBudgetsParse(t *testing.T) {
	c, err := Parse("cfg.json", []byte(`{"budgets": {
  "tool": {"openai": 1500, "*": 2000},
  "set": {"*": "10%"},
  "growth": {"*": "2.5%", "gemini": 300},
  "contextWindow": {"*": 200000, "gemini": 1000000}
}}`))
	if err != nil {
		t.Fatal(err)
	}
	b := c.Budgets
	for _, tc := range []struct {
		kind, target, want string
		base, limit        int
	}{
		{"tool", "openai", "1500 tokens", 0, 1500},
		{"tool", "anthropic", "2000 tokens", 0, 2000},
		{"set", "gemini", "10%", 1000000, 100000},
		{"growth", "openai", "2.5%", 4000, 100},
		{"growth", "gemini", "300 tokens", 4000, 300},
		{"contextWindow", "gemini", "1000000 tokens", 0, 1000000},
	} {
		got, ok := b.For(tc.kind, tc.target)
		if !ok || got.String() != tc.want {
			t.Errorf("%s/%s: %v %v, want %s", tc.kind, tc.target, got, ok, tc.want)
			continue
		}
		if n, ok := got.Limit(tc.base); !ok || n != tc.limit {
			t.Errorf("%s/%s: limit %d %v, want %d", tc.kind, tc.target, n, ok, tc.limit)
		}
	}
	if got, _ := b.For("tool", "openai"); got.Where != "cfg.json:2:22" {
		t.Errorf("where %q", got.Where)
	}
	if err := b.ValidateTargets([]string{"openai", "anthropic", "gemini", "mcp"}); err != nil {
		t.Error(err)
	}
	if _, ok := (&Budgets{}).For("tool", "openai"); ok {
		t.Error("no budgets: a limit")
	}
}

func TestBudgetsErrors(t *testing.T) {
	for text, want := range map[string]string{
		`{"budgets": 5}`:                                    "cfg.json:1:13: `budgets` must be an object",
		`{"budgets": {"tools": {}}}`:                        "cfg.json:1:14: unknown key `tools` in `budgets`. Valid keys are: tool, set, growth, contextWindow.",
		`{"budgets": {"tool": 5}}`:                          "cfg.json:1:22: `budgets.tool` must be an object",
		`{"budgets": {"tool": {"openai": 0}}}`:              "cfg.json:1:33: `budgets.tool` for `openai` is 0; write a whole number of tokens",
		`{"budgets": {"tool": {"openai": 1.5}}}`:            "cfg.json:1:33: `budgets.tool` for `openai` is 1.5;",
		`{"budgets": {"growth": {"*": "five"}}}`:            "cfg.json:1:30: `budgets.growth` for `*` is `five`; write a percent",
		`{"budgets": {"growth": {"*": "-5%"}}}`:             "is `-5%`; write a percent",
		`{"budgets": {"growth": {"*": true}}}`:              "must be a whole number of tokens or a percent",
		`{"budgets": {"set": {"*": "5%"}}}`:                 "cfg.json:1:27: `budgets.set` for `*` is a percent of the context window, and `budgets.contextWindow` gives none",
		`{"budgets": {"contextWindow": {"*": "5%"}}}`:       "must be a whole number of tokens (a context window is not a percent)",
		`{"budgets": {"tool": {"": 5}}}`:                    "cfg.json:1:23: an empty target id",
		"{\n  \"budgets\": {\"tool\": {\"openai\": -3}}\n}": "cfg.json:2:34: `budgets.tool` for `openai` is -3;",
	} {
		_, err := Parse("cfg.json", []byte(text))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s:\n got  %v\n want %s", text, err, want)
		}
	}
	c, err := Parse("cfg.json", []byte("{\"budgets\": {\n \"tool\": {\"opnai\": 5}}}"))
	if err != nil {
		t.Fatal(err)
	}
	err = c.Budgets.ValidateTargets([]string{"openai", "gemini"})
	if err == nil || err.Error() != "cfg.json:2:20: unknown target `opnai` in `budgets.tool`. Valid targets are: openai, gemini, or * for every target." {
		t.Errorf("unknown target: %v", err)
	}
}
