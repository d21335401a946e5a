package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// foldFixture checks n real tools, each with one optional property, for
// OpenAI (strict-optional-property and its restatement
// nullable-instead-of-omitted on the same key) and Anthropic
// (schema-not-enforced for every tool), and applies the policy.
func foldFixture(t *testing.T, n int, pol finding.Policy) *finding.Result {
	t.Helper()
	dir := t.TempDir()
	var tools []string
	for i := 0; i < n; i++ {
		tools = append(tools, fmt.Sprintf(`{"name": "tool_%02d", "description": "Does %d.", "inputSchema": {"type": "object", "properties": {"note": {"type": "string"}}, "additionalProperties": false}}`, i, i))
	}
	file := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(file, []byte(`{"tools": [`+strings.Join(tools, ",\n")+`]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	loaded := tool.Load([]string{file}, tool.Options{Cwd: dir})
	if len(loaded.Errors) > 0 {
		t.Fatalf("load errors: %+v", loaded.Errors)
	}
	return finding.Apply(pol, finding.FromCheck(check.Run(loaded.Tools, []string{"openai", "anthropic"})), nil)
}

func countCode(res *finding.Result, code string) int {
	n := 0
	for i := range res.Findings {
		if res.Findings[i].Code == code {
			n++
		}
	}
	return n
}

func TestPolicyAnnotationsSayEachFactOnce(t *testing.T) {
	res := foldFixture(t, 12, finding.Policy{FailOn: finding.FailOnError})
	// The model keeps every finding: the counts, JSON and SARIF see both codes.
	for code, want := range map[string]int{"openai/strict-optional-property": 12, "openai/nullable-instead-of-omitted": 12, "anthropic/schema-not-enforced": 12} {
		if got := countCode(res, code); got != want {
			t.Fatalf("%d %s findings, want %d", got, code, want)
		}
	}
	anns := PolicyAnnotations(res, nil)
	byCode := map[string]int{}
	for _, a := range anns {
		if strings.Contains(a.Message, "Code: openai/nullable-instead-of-omitted") {
			t.Errorf("a restating finding has its own annotation: %+v", a)
		}
		_, code, _ := strings.Cut(a.Message, "\nCode: ")
		code, _, _ = strings.Cut(code, "\n")
		byCode[code]++
	}
	if got := byCode["openai/strict-optional-property, openai/nullable-instead-of-omitted"]; got != 12 {
		t.Errorf("%d annotations carry both codes, want 12: %v", got, byCode)
	}
	if got := byCode["anthropic/schema-not-enforced"]; got != 1 {
		t.Errorf("%d schema-not-enforced annotations, want 1: %v", got, byCode)
	}
	for _, a := range anns {
		switch {
		case strings.Contains(a.Message, "Code: anthropic/schema-not-enforced"):
			if a.Level != LevelNotice || a.File != "" || a.Title != "Anthropic: Anthropic's default tool use shows this schema to the model but does not validate arguments against it (12 tools)" ||
				!strings.Contains(a.Message, "Tools (12): tool_00, tool_01, tool_02, tool_03, tool_04, tool_05, tool_06, tool_07, tool_08, tool_09 and 2 more.") {
				t.Errorf("target-wide annotation: %+v", a)
			}
		case strings.HasPrefix(a.Title, "OpenAI:"):
			// The consequence is part of the message.
			if a.Level != LevelError || !strings.Contains(a.Message, "optional") || strings.Count(a.Message, "\nPath: ") != 1 ||
				!strings.Contains(a.Message, "After compiling, the model sends `note: null` instead of leaving it out") {
				t.Errorf("folded annotation: %+v", a)
			}
		}
	}
}

func TestPolicySummarySaysEachFactOnce(t *testing.T) {
	res := foldFixture(t, 12, finding.Policy{FailOn: finding.FailOnError})
	var buf bytes.Buffer
	if err := Summary(&buf, SummaryInput{Policy: res, Check: &check.Result{Tools: make([]check.ToolResult, 12)}}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	assertWellFormed(t, out)
	// Totals still count every finding.
	if !strings.Contains(out, "**Check:** 12 tools, 12 errors, 24 warnings, 0 infos.") {
		t.Errorf("counts changed:\n%s", out)
	}
	if n := strings.Count(out, "<code>anthropic/schema-not-enforced</code>"); n != 1 {
		t.Errorf("%d schema-not-enforced rows, want 1:\n%s", n, out)
	}
	if !strings.Contains(out, "| 12 tools | – |") || !strings.Contains(out, "Tools &#40;12&#41;: tool&#95;00, tool&#95;01, tool&#95;02, tool&#95;03, tool&#95;04, tool&#95;05, tool&#95;06, tool&#95;07, tool&#95;08, tool&#95;09 and 2 more. |\n\n") {
		t.Errorf("target-wide row does not name its tools:\n%s", out)
	}
	if n := strings.Count(out, "<code>openai/nullable-instead-of-omitted</code>"); n != 0 {
		t.Errorf("%d rows of a restating code, want 0:\n%s", n, out)
	}
	if n := strings.Count(out, "<code>openai/strict-optional-property</code>"); n != 12 {
		t.Errorf("%d strict-optional-property rows, want 12:\n%s", n, out)
	}
}

// A restatement is folded only into an entry that says all it would: when
// the team turns the primary off, the consequence is shown on its own.
func TestPolicyFoldNeedsTheSameState(t *testing.T) {
	rules, err := finding.NewRules([]finding.RuleSetting{{Key: "openai/strict-optional-property", Level: finding.LevelOff}})
	if err != nil {
		t.Fatal(err)
	}
	res := foldFixture(t, 2, finding.Policy{FailOn: finding.FailOnError, Rules: rules})
	n := 0
	for _, a := range PolicyAnnotations(res, nil) {
		if strings.Contains(a.Message, "Code: openai/nullable-instead-of-omitted") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d annotations of nullable-instead-of-omitted with its primary off, want 2", n)
	}
}

// The run log renders PolicyCheckView: a restatement whose main finding is
// turned off by `rules` (or left out of the view) is shown as an entry of
// its own, never hidden behind an entry that is not there; with both kept,
// the pair is one entry.
func TestPolicyCheckViewFoldsOnlyWhatItShows(t *testing.T) {
	newOnly := func(f *finding.Finding) bool { return f.State == finding.StateNew }
	render := func(res *finding.Result) string {
		var b bytes.Buffer
		if err := CheckText(&b, PolicyCheckView(res, newOnly), TextOptions{}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}

	both := render(foldFixture(t, 1, finding.Policy{FailOn: finding.FailOnError}))
	if strings.Contains(both, "openai/nullable-instead-of-omitted\n") || !strings.Contains(both, "openai/strict-optional-property") || !strings.Contains(both, "instead of leaving it out") {
		t.Errorf("with both findings shown, the pair is not one entry:\n%s", both)
	}

	rules, err := finding.NewRules([]finding.RuleSetting{{Key: "openai/strict-optional-property", Level: finding.LevelOff}})
	if err != nil {
		t.Fatal(err)
	}
	alone := render(foldFixture(t, 1, finding.Policy{FailOn: finding.FailOnError, Rules: rules}))
	// An entry's first line ends with its code; the totals name it too, so
	// look for the entry itself.
	if strings.Contains(alone, "openai/strict-optional-property") || !strings.Contains(alone, "tools.json:1:") || !strings.Contains(alone, " openai/nullable-instead-of-omitted\n") {
		t.Errorf("the restatement of a finding turned off is not shown on its own:\n%s", alone)
	}
}
