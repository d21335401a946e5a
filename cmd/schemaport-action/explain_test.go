package main

import (
	"strings"
	"testing"
)

func TestExplainCommand(t *testing.T) {
	code, out, errOut := runCLI(t, "", "explain", "openai/strict-optional-property")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	for _, want := range []string{
		"openai/strict-optional-property (check)",
		"OpenAI (openai): error",
		"Compile fixes it: yes",
		"example.json:10:11: error openai/strict-optional-property",
		"Docs: https://github.com/schemaport/schemaport-action/blob/main/docs/rules.md#openaistrict-optional-property",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	code, out, errOut = runCLI(t, "", "explain", "required-property-add")
	if code != 2 || out != "" || !strings.Contains(errOut, "Unknown rule code \"required-property-add\". Nearest: required-property-added,") {
		t.Errorf("unknown code: exit %d, stdout %q, stderr %s", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "", "explain")
	if code != 2 || !strings.Contains(errOut, "explain takes one code (got 0)") {
		t.Errorf("no code: exit %d, stderr %s", code, errOut)
	}
	code, out, _ = runCLI(t, "", "help", "explain")
	if code != 0 || !strings.HasPrefix(out, "Usage: schemaport-action explain CODE") {
		t.Errorf("help: exit %d, %s", code, out)
	}
}
