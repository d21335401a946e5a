package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// `check --format cost` is the context cost table: per tool and target,
// costliest first, with the set's totals (refund-order v1's figures are
// pinned against the tokenizer in internal/cost) and their share of the
// context window; --cost adds the same figures to the JSON document.
func TestCheckCost(t *testing.T) {
	root := repoRoot(t)
	_, out, stderr := runCLI(t, root, "check", "testdata/refund-order/v1", "--format", "cost", "--context-window", "200000")
	for _, want := range []string{
		"Tool                     openai  anthropic  gemini   mcp   where (openai)\n",
		"\nTotal                       529        391     403   391\n",
		"\nShare of 200,000 tokens    0.3%       0.2%    0.2%  0.2%\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s%s", want, out, stderr)
		}
	}
	_, js, _ := runCLI(t, root, "check", "testdata/refund-order/v1", "--cost", "--format", "json")
	var doc struct {
		Tools []struct {
			Targets map[string]struct{ Cost struct{ Tokens int } }
		}
		Cost struct {
			Totals []struct {
				Target string
				Tokens int
				Exact  bool
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, tl := range doc.Tools {
		sum += tl.Targets["openai"].Cost.Tokens
	}
	if len(doc.Cost.Totals) != 4 || doc.Cost.Totals[0].Target != "openai" || doc.Cost.Totals[0].Tokens != 529 || sum != 529 || !doc.Cost.Totals[0].Exact || doc.Cost.Totals[1].Exact {
		t.Errorf("totals %+v, openai tools sum %d", doc.Cost.Totals, sum)
	}
	if _, plain, _ := runCLI(t, root, "check", "testdata/refund-order/v1", "--format", "json"); strings.Contains(plain, `"cost"`) {
		t.Error("the figures are counted without --cost")
	}
	if code, _, stderr := runCLI(t, root, "check", "testdata/refund-order/v1", "--format", "cost", "--context-window", "lots"); code != 2 || !strings.Contains(stderr, "`--context-window` takes a number of tokens") {
		t.Errorf("a bad window: exit %d, %s", code, stderr)
	}
}

// A context budget exceeded is a finding like any other: it fails check
// and run, a rule changes its level, and run's accept entries accept it.
func TestContextBudgets(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	config := func(extra string) {
		writeE2EFile(t, filepath.Join(dir, "schemaport.config.json"), `{"budgets": {"tool": {"openai": 300}}`+extra+`}`)
	}
	config("")
	code, out, _ := runCLI(t, dir, "check", "v1", "--targets", "openai", "--fail-on", "error", "--format", "compact")
	if code != 1 || !strings.Contains(out, "cost/tool-over-budget") {
		t.Fatalf("check: exit %d\n%s", code, out)
	}
	// Every tool over its budget carries the finding in its own entry of
	// the JSON report, on its description line (it used to reach only
	// the tool checked last).
	writeE2EFile(t, filepath.Join(dir, "schemaport.config.json"), `{"budgets": {"tool": {"openai": 200}}}`)
	_, js, _ := runCLI(t, dir, "check", "v1", "--targets", "openai", "--format", "json")
	var doc checkDocument
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	var over []string
	for _, tl := range doc.Tools {
		for _, tg := range tl.Targets {
			for _, d := range tg.Diagnostics {
				if d.Code == "cost/tool-over-budget" {
					over = append(over, fmt.Sprintf("%s %s:%d:%d", tl.Name, d.File, d.Line, d.Column))
				}
			}
		}
	}
	if want := []string{"refund_order v1/refund-order.json:3:3", "search_orders v1/search-orders.json:3:3"}; !slices.Equal(over, want) {
		t.Errorf("budget findings in the JSON report: %q, want %q", over, want)
	}
	config(`, "rules": {"openai/*": "info", "cost/tool-over-budget": "warning"}`)
	if code, out, _ := runCLI(t, dir, "check", "v1", "--targets", "openai"); code != 0 || !strings.Contains(out, "cost/tool-over-budget") {
		t.Errorf("check with the budget a warning: exit %d\n%s", code, out)
	}
	config(`, "rules": {"openai/*": "info"}`)
	code, log, _ := runIn(t, dir, "--path", "v1", "--targets", "openai")
	if code != 1 || !strings.Contains(log, "cost/tool-over-budget") {
		t.Fatalf("run: exit %d\n%s", code, tail(log, 20))
	}
	config(`, "rules": {"openai/*": "info"}, "accept": [{"tool": "*", "code": "cost/tool-over-budget", "reason": "one big tool on purpose", "until": "2099-12-31"}]`)
	if code, log, _ := runIn(t, dir, "--path", "v1", "--targets", "openai"); code != 0 || !strings.Contains(log, "one big tool on purpose") {
		t.Errorf("run with an accept entry: exit %d\n%s", code, tail(log, 20))
	}
}
