package main

import (
	"fmt"
	"strings"
	"testing"
)

// foldTools is a tool file whose every tool has one optional property:
// for OpenAI strict-optional-property and its restatement
// nullable-instead-of-omitted on the same key, for Anthropic
// schema-not-enforced.
func foldTools(names ...string) string {
	var tools []string
	for _, n := range names {
		tools = append(tools, fmt.Sprintf(`{"name": %q, "description": "Does %s.", "inputSchema": {"type": "object", "properties": {"note": {"type": "string"}}, "additionalProperties": false}}`, n, n))
	}
	return "[\n" + strings.Join(tools, ",\n") + "\n]\n"
}

// One finding per fact (issue 9): the action's annotations and job summary
// say a restating pair once and a target-wide fact once per target, while
// SARIF, the JSON report and the counts keep every finding.
func TestE2EOneFindingPerFact(t *testing.T) {
	t.Parallel()
	b := foldTools("delta", "echo")
	r := buildRepo(t, history{Base: map[string]string{"tools/a.json": foldTools("alpha", "bravo", "charlie")}, Feature: map[string]*string{"tools/b.json": &b}})
	res := runAction(t, r.checkout("refs/heads/feature"), "workflow_dispatch", map[string]any{}, map[string]string{"fail-on": "never", "targets": "openai,anthropic"})
	res.wantCode(t, 0)
	res.wantOutputs(t, map[string]string{"error-count": "5", "warning-count": "10"})

	wide := res.find("notice", "anthropic/schema-not-enforced")
	if len(wide) != 1 || wide[0].Properties["file"] != "" || !strings.Contains(wide[0].Message, "Tools (5): alpha, bravo, charlie, delta, echo.") {
		t.Errorf("schema-not-enforced annotations %v, want one notice naming the five tools\n%s", wide, res.dump())
	}
	pairs := 0
	for _, a := range res.annotations() {
		if strings.Contains(a.Message, "Code: openai/nullable-instead-of-omitted") {
			t.Errorf("the restating finding has its own annotation: %v", a)
		}
		if strings.HasSuffix(a.Message, "Code: openai/strict-optional-property, openai/nullable-instead-of-omitted") &&
			strings.Contains(a.Message, "the model sends `note: null` instead of leaving it out") {
			pairs++
		}
		if strings.Contains(a.Message, "Code: anthropic/schema-not-enforced") && a.Name != "notice" {
			t.Errorf("schema-not-enforced annotated per tool: %v", a)
		}
	}
	if pairs != 5 {
		t.Errorf("%d annotations carry the pair as one entry, want 5\n%s", pairs, res.dump())
	}

	if n := strings.Count(res.summary, "<code>anthropic/schema-not-enforced</code>"); n != 1 || !strings.Contains(res.summary, "| 5 tools | – |") {
		t.Errorf("summary has %d schema-not-enforced rows, want one for 5 tools:\n%s", n, res.summary)
	}
	if n := strings.Count(res.summary, "<code>openai/nullable-instead-of-omitted</code>"); n != 0 {
		t.Errorf("summary has %d rows of the restating code:\n%s", n, res.summary)
	}
	if !strings.Contains(res.summary, "5 errors, 10 warnings") {
		t.Errorf("summary counts do not count every finding:\n%s", res.summary)
	}

	// SARIF keeps both codes and every tool.
	for _, code := range []string{"openai/strict-optional-property", "openai/nullable-instead-of-omitted", "anthropic/schema-not-enforced"} {
		if n := len(sarifByRule(t, res.sarif, code)); n != 5 {
			t.Errorf("%d SARIF results for %s, want 5", n, code)
		}
	}
	if n := strings.Count(string(res.report), `"openai/nullable-instead-of-omitted"`); n < 5 {
		t.Errorf("the JSON report has %d nullable-instead-of-omitted findings, want 5", n)
	}
}
