package main

import (
	"regexp"
	"strings"
	"testing"
)

const formatFixture = `{"tools":[
{"name":"a","description":"d","inputSchema":{"type":"object","properties":{"x":{"type":"string","minLength":1},"y":{"type":"integer"}},"required":["x"]}},
{"name":"b","description":"d","inputSchema":{"type":"object","properties":{"z":{"type":"string"}},"required":["z"],"additionalProperties":false}}
]}`

// --format compact prints one line per entry of the text report, actionlint -oneline style,
// and nothing else; a pair that states one fact is one line, and a fact
// true of every tool of a target is one line for the target.
func TestCheckCompactFormat(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tools/a.json": formatFixture})
	code, stdout, stderr := runCLI(t, dir, "check", "tools", "--format", "compact")
	if code != 1 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	line := regexp.MustCompile(`^tools/a\.json:\d+:\d+: (error|warning|info) [a-z-]+/[a-z-]+ .+ \[[a-z-]+\]$`)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	for _, l := range lines {
		if !line.MatchString(l) {
			t.Errorf("not a compact line: %q", l)
		}
	}
	if n := strings.Count(stdout, "openai/nullable-instead-of-omitted"); n != 0 {
		t.Errorf("the folded consequence has a line of its own:\n%s", stdout)
	}
	if !strings.Contains(stdout, "error openai/strict-optional-property `y` is optional") || !strings.Contains(stdout, "the model sends `y: null` instead of leaving it out") {
		t.Errorf("the pair is not one line with both messages:\n%s", stdout)
	}
	if n := strings.Count(stdout, "anthropic/schema-not-enforced"); n != 1 || !strings.Contains(stdout, "Tools (2): a, b.") {
		t.Errorf("schema-not-enforced said %d times, want once naming both tools:\n%s", n, stdout)
	}
}

// --min-severity hides what is below it in the text report (counts
// included), and --fail-on still sees everything.
func TestCheckMinSeverity(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tools/a.json": formatFixture})
	code, stdout, _ := runCLI(t, dir, "check", "tools", "--min-severity", "error", "--fail-on", "warning")
	if code != 1 {
		t.Errorf("exit %d, want 1 (warnings still fail)", code)
	}
	if strings.Contains(stdout, "⚠") || strings.Contains(stdout, "(warning)") || !strings.HasSuffix(stdout, "Result: 3 errors, 0 warnings, 0 infos\n") {
		t.Errorf("warnings shown or counted:\n%s", stdout)
	}
	_, compact, _ := runCLI(t, dir, "check", "tools", "--format", "compact", "--min-severity", "warning")
	if strings.Contains(compact, ": info ") {
		t.Errorf("infos shown:\n%s", compact)
	}
}

// The Docs line comes once per code per run, pointing at the catalogue.
func TestCheckDocsOncePerCode(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tools/a.json": formatFixture})
	_, stdout, _ := runCLI(t, dir, "check", "tools")
	if n := strings.Count(stdout, "Docs: https://github.com/schemaport/schemaport-action/blob/main/docs/rules.md#openaiobject-missing-additional-properties"); n != 1 {
		t.Errorf("docs line for object-missing-additional-properties %d times, want 1:\n%s", n, stdout)
	}
	if !strings.Contains(stdout, "Totals by code:\n") {
		t.Errorf("no per-code totals:\n%s", stdout)
	}
}

// With a broken file beside a good one, compact output still lists the
// good file's findings one per line (the load error goes to stderr).
func TestCheckCompactWithALoadError(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tools/a.json": formatFixture, "tools/broken.json": `{"name":`})
	code, stdout, stderr := runCLI(t, dir, "check", "tools", "--format", "compact", "--min-severity", "error")
	if code != 2 || !strings.Contains(stderr, "tools/broken.json") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if strings.Contains(stdout, "Tool:") || strings.Contains(stdout, ": warning ") || !strings.Contains(stdout, "tools/a.json:") {
		t.Errorf("not compact, or warnings shown:\n%s", stdout)
	}
}
