package cost

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/config"
)

var defaultTargets = []string{"openai", "anthropic", "gemini", "mcp"}

func refundOrder(t *testing.T, v string) *Set {
	return Count(load(t, filepath.Join("..", "..", "testdata", "refund-order", v)), defaultTargets, nil)
}

// refund-order v1 → v2 (search_orders removed, refund_order grown): the
// deltas are the pinned figures' differences (TestRefundOrderFigures and
// the v2 files' figures, each compared with the library).
func TestCompareRefundOrder(t *testing.T) {
	v1, v2 := refundOrder(t, "v1"), refundOrder(t, "v2")
	var got []string
	for _, d := range Compare(v1, v2, 3) {
		line := d.Target + ": " + itoa(d.Before) + " → " + itoa(d.After) + " " + Signed(d.Delta)
		for _, l := range d.Largest {
			line += "; " + l.Tool + " " + Signed(l.Delta) + " " + l.Part + " " + Signed(l.PartDelta)
			if l.Removed {
				line += " removed"
			}
		}
		got = append(got, line)
		got = append(got, d.Sentence(d.Target))
	}
	pinned := []string{
		"openai: 529 → 614 +85; refund_order +85 schemaStructure +59",
		"+85 tokens per request for openai (+16.1%); largest: `refund_order` +85 (schema structure)",
		"anthropic: 391 → 464 +73; refund_order +73 schemaStructure +47",
		"+73 tokens per request for anthropic (+18.7%), estimated; largest: `refund_order` +73 (schema structure)",
		"gemini: 403 → 483 +80; refund_order +80 schemaStructure +54",
		"+80 tokens per request for gemini (+19.9%), estimated; largest: `refund_order` +80 (schema structure)",
		"mcp: 391 → 464 +73; refund_order +73 schemaStructure +47",
		"+73 tokens per request for mcp (+18.7%), estimated; largest: `refund_order` +73 (schema structure)",
	}
	if strings.Join(got, "\n") != strings.Join(pinned, "\n") {
		t.Errorf("deltas:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(pinned, "\n"))
	}
	for _, d := range Compare(v1, v2, 3) {
		if sum := toolDeltaSum(d); sum != d.Delta {
			t.Errorf("%s: tool deltas add up to %d, total %d", d.Target, sum, d.Delta)
		}
	}
	// Nothing before: every tool is new, percent 0.
	for _, d := range Compare(nil, v1, 1) {
		if d.Before != 0 || d.Percent != 0 || len(d.Largest) != 1 || !d.Largest[0].Added {
			t.Errorf("from nothing: %+v", d)
		}
	}
	// Two tools of one name (a load error, both still counted) count
	// together: the tools' deltas still add up to the set's.
	dup := &Set{Targets: v2.Targets, Tools: append(append([][]Figure(nil), v2.Tools...), v2.Tools[0])}
	dup.Totals = totals(dup)
	for _, d := range Compare(v1, dup, 5) {
		if sum := toolDeltaSum(d); sum != d.Delta {
			t.Errorf("%s with a duplicated name: tool deltas add up to %d, total %d", d.Target, sum, d.Delta)
		}
	}
	if d := Compare(v1, v1, 5); d[0].Delta != 0 || len(d[0].Largest) != 0 || d[0].Sentence("OpenAI") != "0 tokens per request for OpenAI (0%)" {
		t.Errorf("no change: %+v %q", d[0], d[0].Sentence("OpenAI"))
	}
}

func TestSentence(t *testing.T) {
	d := TargetDelta{Target: "openai", Before: 15500, After: 16740, Delta: 1240, Percent: 8, Exact: true,
		Largest: []ToolDelta{{Tool: "search_issues", Delta: 610, Part: PartParameters, PartDelta: 580}}}
	if got, want := d.Sentence("OpenAI"), "+1,240 tokens per request for OpenAI (+8%); largest: `search_issues` +610 (parameter descriptions)"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	d.Exact, d.Delta, d.Percent = false, -1234567, -7.96
	if got, want := d.Sentence("Gemini"), "-1,234,567 tokens per request for Gemini (-8%), estimated; largest: `search_issues` +610 (parameter descriptions)"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func parseBudgets(t *testing.T, text string) *config.Budgets {
	t.Helper()
	c, err := config.Parse("schemaport.config.json", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return c.Budgets
}

func TestCheckBudgets(t *testing.T) {
	v1, v2 := refundOrder(t, "v1"), refundOrder(t, "v2")
	b := parseBudgets(t, `{"budgets": {"tool": {"openai": 300, "*": 1000}, "set": {"*": "0.2%"}, "growth": {"openai": "10%", "*": 100000}, "contextWindow": {"*": 200000}}}`)
	var got []string
	for _, v := range CheckBudgets(b, v2, v1) {
		got = append(got, v.Code+" "+v.Target+" "+v.Tool+" "+itoa(v.Tokens)+">"+itoa(v.Limit))
	}
	// Both v2 tools cost more than 300 for OpenAI; every set is above
	// 0.2% of 200,000 = 400 (its costliest tool named); OpenAI grew 85
	// tokens, over 10% of 529.
	pinned := []string{
		"cost/tool-over-budget openai refund_order 301>300",
		"cost/tool-over-budget openai search_orders 313>300",
		"cost/set-over-budget openai search_orders 614>400",
		"cost/growth-over-budget openai refund_order 85>52",
		"cost/set-over-budget anthropic refund_order 464>400",
		"cost/set-over-budget gemini refund_order 483>400",
		"cost/set-over-budget mcp refund_order 464>400",
	}
	if strings.Join(got, "\n") != strings.Join(pinned, "\n") {
		t.Errorf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(pinned, "\n"))
	}
	want := CheckBudgets(b, v2, v1)
	for _, v := range want {
		if v.Tokens <= v.Limit || v.Tool == "" {
			t.Errorf("violation %+v", v)
		}
		if v.Code == CodeToolOverBudget && (v.Target != "openai" || v.Limit != 300) {
			t.Errorf("tool budget: %+v", v)
		}
		if v.Code == CodeSetOverBudget && v.Limit != 400 {
			t.Errorf("set budget: %+v", v)
		}
	}
	// Outside a pull request no growth budget applies.
	for _, v := range CheckBudgets(b, v2, nil) {
		if v.Code == CodeGrowthOverBudget {
			t.Errorf("growth without a base: %+v", v)
		}
	}
	if CheckBudgets(nil, v2, v1) != nil {
		t.Error("no budgets: violations")
	}
}

func TestViolationMessages(t *testing.T) {
	bd := config.Budget{Kind: "tool", Target: "openai", Tokens: 1500, Where: "schemaport.config.json:3:26"}
	v := Violation{Code: CodeToolOverBudget, Target: "openai", Tool: "t", Tokens: 1640, Limit: 1500, Budget: bd, Exact: true,
		Parts: Parts{NameDescription: 220, Parameters: 610, Structure: 810}}
	if got, want := v.Message("OpenAI"), "This tool's definition costs 1,640 tokens for OpenAI (exact o200k_base count), over its budget of 1,500 tokens (over by 140): name and description 220, parameter descriptions 610, schema structure 810. Shorten its descriptions or schema, or raise `budgets.tool` (schemaport.config.json:3:26)."; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	g := Violation{Code: CodeGrowthOverBudget, Target: "gemini", Tool: "t", Tokens: 1240, Limit: 775,
		Budget: config.Budget{Kind: "growth", Target: "*", Percent: 5, Where: "c.json:4:30"}, Parts: Parts{NameDescription: 30, Parameters: 1250, Structure: -40}}
	if got, want := g.Message("Gemini"), "This change adds +1,240 tokens per request for Gemini (an o200k_base estimate), over the growth budget of 775 tokens (5%) (over by 465): name and description +30, parameter descriptions +1,250, schema structure -40; this tool grew most. Trim the additions, or raise `budgets.growth` (c.json:4:30)."; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// toolDeltaSum is what the tools' deltas of d add up to.
func toolDeltaSum(d TargetDelta) int {
	sum := 0
	for _, l := range d.Largest {
		sum += l.Delta
	}
	return sum
}
