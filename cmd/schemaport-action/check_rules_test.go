package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// checkRulesTool has two OpenAI errors: an object without
// additionalProperties and an optional property (which folds a
// nullable-instead-of-omitted warning into it).
const checkRulesTool = `{"name":"a","description":"d","inputSchema":{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"string"}},"required":["x"]}}`

// TestCheckAppliesConfigRules: `check` applies the config's rules in every
// output: a code turned off is gone, a lowered level changes the counts
// and the exit status, and folding is redone on what is left.
func TestCheckAppliesConfigRules(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"tools/a.json":  checkRulesTool,
		"plain.json":    `{}`,
		"lowered.json":  `{"rules": {"openai/strict-optional-property": "off", "openai/*": "warning"}}`,
		"broken/a.json": checkRulesTool,
		"broken/b.json": `{"name": "b",`,
	})
	tools := filepath.Join(dir, "tools")
	check := func(config string, args ...string) (int, string, string) {
		t.Helper()
		return runCLI(t, "", append([]string{"check", tools, "--targets", "openai", "--config", filepath.Join(dir, config)}, args...)...)
	}
	const off = "openai/strict-optional-property"

	// Without rules: both errors, exit 1.
	code, stdout, stderr := check("plain.json", "--format", "compact")
	if code != 1 || !strings.Contains(stdout, "error "+off) || !strings.Contains(stdout, "error openai/object-missing-additional-properties") {
		t.Fatalf("without rules: exit %d\n%s%s", code, stdout, stderr)
	}

	for _, format := range []string{"text", "compact", "json", "sarif"} {
		code, stdout, stderr := check("lowered.json", "--format", format, "--fail-on", "error")
		if code != 0 {
			t.Errorf("%s: exit %d with openai/* lowered to warning, want 0\n%s%s", format, code, stdout, stderr)
		}
		if code, _, _ := check("lowered.json", "--format", format, "--fail-on", "warning"); code != 1 {
			t.Errorf("%s: --fail-on warning exits %d, want 1", format, code)
		}
		switch format {
		case "text":
			if !strings.Contains(stdout, "Result: 0 errors, 2 warnings, 0 infos") || strings.Contains(stdout, off) {
				t.Errorf("text:\n%s", stdout)
			}
		case "compact":
			// The warning that folded into the turned-off error stands alone.
			want := []string{"warning openai/object-missing-additional-properties", "warning openai/nullable-instead-of-omitted"}
			for _, w := range want {
				if !strings.Contains(stdout, w) {
					t.Errorf("compact lacks %q:\n%s", w, stdout)
				}
			}
			if strings.Contains(stdout, off) || strings.Contains(stdout, "error ") {
				t.Errorf("compact:\n%s", stdout)
			}
		case "json":
			var doc struct {
				Summary struct{ Errors, Warnings, Infos int } `json:"summary"`
				Tools   []struct {
					Targets map[string]struct {
						Diagnostics []struct{ Code, Severity string } `json:"diagnostics"`
						Summary     struct{ Error, Warning int }      `json:"summary"`
					} `json:"targets"`
				} `json:"tools"`
			}
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatalf("json: %v\n%s", err, stdout)
			}
			o := doc.Tools[0].Targets["openai"]
			if doc.Summary.Errors != 0 || doc.Summary.Warnings != 2 || o.Summary.Error != 0 || o.Summary.Warning != 2 || len(o.Diagnostics) != 2 {
				t.Errorf("json: %s", stdout)
			}
			for _, d := range o.Diagnostics {
				if d.Code == off || d.Severity != "warning" {
					t.Errorf("json diagnostic %s %s", d.Code, d.Severity)
				}
			}
		case "sarif":
			log := validateSARIF(t, []byte(stdout))
			results := log["runs"].([]any)[0].(map[string]any)["results"].([]any)
			if len(results) != 2 {
				t.Errorf("sarif: %d results, want 2", len(results))
			}
			for _, x := range results {
				r := x.(map[string]any)
				if r["ruleId"] == off || r["level"] != "warning" {
					t.Errorf("sarif result %v %v", r["ruleId"], r["level"])
				}
			}
		}
	}

	// A partial load still applies the rules (and still exits 2).
	code, stdout, _ = runCLI(t, "", "check", filepath.Join(dir, "broken"), "--targets", "openai", "--config", filepath.Join(dir, "lowered.json"), "--format", "json")
	if code != 2 || strings.Contains(stdout, off) || !strings.Contains(stdout, `"errors": 0`) {
		t.Errorf("partial: exit %d\n%s", code, stdout)
	}
}

func TestCheckUnknownRuleCode(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"tools/a.json":           checkRulesTool,
		"schemaport.config.json": `{"rules": {"openai/strict-optional-propert": "off"}}`,
	})
	code, stdout, stderr := runCLI(t, dir, "check", "tools")
	if code != 2 || !strings.Contains(stderr, "schemaport.config.json:1:12: Unknown rule code `openai/strict-optional-propert`. Did you mean `openai/strict-optional-property`?") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}
