package core

import (
	"strings"
	"testing"

	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// catastrophic needs backtracking (the lookahead keeps it off the linear
// engine) and takes exponential time on a run of a's that ends badly.
const catastrophic = `^(?!b)(a+)+$`

var badValue = strings.Repeat("a", 40) + "!"

func codesAndPaths(ds []string) string { return strings.Join(ds, "\n") }

func diagLines(t *testing.T, tool string) []string {
	t.Helper()
	var out []string
	for _, d := range Check(pt.Tool(t, tool)) {
		out = append(out, d.Severity+" "+d.Code+" @"+d.Path+": "+d.Message)
	}
	return out
}

// A default repeating one catastrophic value: the match runs once (memo,
// and the value stops at its first timeout), and a timed-out match is not
// an invalid default but a value that was not evaluated.
func TestTimedOutMatchIsNotEvaluatedNotInvalid(t *testing.T) {
	defer tool.SetRegexBudget(tool.DefaultRegexBudget)()
	items := strings.TrimSuffix(strings.Repeat(`"`+badValue+`",`, 200), ",")
	got := diagLines(t, wrap(`{"type":"array","items":{"type":"string","pattern":"`+catastrophic+`"},"default":[`+items+`],"examples":[[`+items+`]]}`))
	want := []string{
		"info core/value-not-evaluated @inputSchema.properties.p.default: This `default` was not checked against its schema: matching a `pattern` that needs backtracking took longer than allowed (250 ms per match, 10 s per run). Check the value by hand, or simplify the pattern.",
		"info core/value-not-evaluated @inputSchema.properties.p.examples[0]: Example 1 was not checked against its schema: matching a `pattern` that needs backtracking took longer than allowed (250 ms per match, 10 s per run). Check the value by hand, or simplify the pattern.",
	}
	if codesAndPaths(got) != codesAndPaths(want) {
		t.Fatalf("got:\n%s\nwant:\n%s", codesAndPaths(got), codesAndPaths(want))
	}
	if n := tool.BacktrackingMatches(); n != 1 {
		t.Errorf("%d backtracking matches, want 1 (memoised per pattern and value)", n)
	}
}

// Once the run's budget is spent, values needing backtracking are not
// evaluated at all.
func TestSpentBudgetLeavesValuesNotEvaluated(t *testing.T) {
	defer tool.SetRegexBudget(0)()
	got := diagLines(t, wrap(`{"type":"string","pattern":"^(?=a)abc$","default":"abc","examples":["x"]}`))
	if len(got) != 2 || !strings.HasPrefix(got[0], "info core/value-not-evaluated @inputSchema.properties.p.default") ||
		!strings.HasPrefix(got[1], "info core/value-not-evaluated @inputSchema.properties.p.examples[0]") {
		t.Fatalf("got:\n%s", codesAndPaths(got))
	}
	if n := tool.BacktrackingMatches(); n != 0 {
		t.Errorf("%d backtracking matches with no budget", n)
	}
}

// A pattern without lookaround or backreferences runs on the linear
// engine: the catastrophic shape is judged, and correctly.
func TestLinearPatternsAreJudged(t *testing.T) {
	defer tool.SetRegexBudget(tool.DefaultRegexBudget)()
	long := strings.Repeat("a", 10000) + "!"
	got := diagLines(t, wrap(`{"type":"string","pattern":"^(a+)+$","default":"`+long+`","examples":["aaa"]}`))
	if len(got) != 1 || !strings.HasPrefix(got[0], "error core/invalid-default @inputSchema.properties.p.default") {
		t.Fatalf("got:\n%s", codesAndPaths(got))
	}
	if n := tool.BacktrackingMatches(); n != 0 {
		t.Errorf("%d backtracking matches, want 0", n)
	}
}
