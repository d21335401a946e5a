package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/action/actiontest"
	"github.com/schemaport/schemaport-action/internal/textsafe"
)

// The CLI's text output runs in GitHub Actions too (the pre-commit hook in
// CI, `check` in a `run:` step after setup). Tool names, property names,
// descriptions and file names come from the repository, so no line of it
// may read as a workflow command: the runner reads `::` after leading
// whitespace (NO-BREAK SPACE included) and the legacy `##[` anywhere. Before,
// `check --format compact` began a line with a file named `::error::x.json`,
// the matrix and cost tables with a tool named `::error::pwned`, and a name
// holding `##[error]` passed everywhere.
func TestCLITextOutputCarriesNoWorkflowCommand(t *testing.T) {
	hostile := func(name string) string {
		return `{"name": "` + name + `", "description": "desc ##[error]legacy\u00a0::warning::x",
  "inputSchema": {"type": "object", "properties": {
    "::error::p": {"type": "string", "description": "##[add-mask]zz"},
    "##[error]q": {"type": "string", "enum": ["::error::e", "##[error]e"]}}}}`
	}
	dir := writeFiles(t, map[string]string{
		"new/::error::x.json":            hostile("::error::pwned"),
		"new/\u00a0::warning::nbsp.json": hostile("##[error]x"),
		"new/::notice::broken.json":      `{"name": "b", "inputSchema": {`,
		"old/t.json":                     "[" + hostile("::error::pwned") + "," + hostile("gone") + "]",
	})
	runs := [][]string{
		{"check", "new"}, {"check", "new", "--format", "compact"}, {"check", "new", "--format", "cost"},
		{"check", "new", "--matrix"}, {"check", "new", "--quiet"}, {"check", "new", "--cost"},
		{"check", "."}, {"check", "new", "--format", "compact", "--targets", "all"},
		{"diff", "old", "new"}, {"diff", "old", "new", "--targets", "all"},
		{"compile", "old", "--out", "out", "--allow-lossy"}, {"compile", "old", "--out", "out", "--check"},
		// Outside Actions (the binary in a container a step starts, which
		// does not pass GITHUB_ACTIONS on) run prints plain text.
		{"run", "--path", "new", "--base-path", "old"},
	}
	localEnv(t)
	t.Chdir(dir)
	for _, args := range runs {
		code, stdout, stderr := runCLI(t, "", args...)
		if code != 0 && code != 1 && code != 2 {
			t.Errorf("%v: exit %d", args, code)
		}
		if stdout+stderr == "" {
			t.Errorf("%v printed nothing to look at", args)
		}
		for _, stream := range []string{stdout, stderr} {
			if cmds := actiontest.Commands(stream); len(cmds) > 0 {
				t.Errorf("%v: the runner would act on %+v", args, cmds)
			}
		}
	}
	// A JSON or SARIF document printed to the log carries no command
	// either, and says the same: `##[` is written as an escape.
	for _, args := range [][]string{
		{"check", "new", "--format", "json"}, {"check", "new", "--format", "sarif"},
		{"diff", "old", "new", "--format", "json"}, {"diff", "old", "new", "--format", "sarif"},
		{"compile", "old", "--out", "out", "--allow-lossy", "--format", "json"},
	} {
		_, stdout, stderr := runCLI(t, "", args...)
		var doc any
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatalf("%v: not JSON: %v", args, err)
		}
		back, _ := json.Marshal(doc)
		if !strings.Contains(string(back), "##[error]") && args[0] != "compile" {
			t.Errorf("%v: the names changed", args)
		}
		for _, stream := range []string{stdout, stderr} {
			if cmds := actiontest.Commands(stream); len(cmds) > 0 {
				t.Errorf("%v: the runner would act on %+v", args, cmds)
			}
		}
	}
	// What is not a command passes as it was: the compact line of a
	// plain file keeps its place.
	_, stdout, _ := runCLI(t, "", "check", "old", "--format", "compact")
	if !strings.HasPrefix(stdout, "old/t.json:") {
		t.Errorf("compact output changed:\n%.300s", stdout)
	}
}

// `check --format sarif > x.sarif` followed by an upload: a usage or config
// error still leaves a valid SARIF log on stdout (no results, the run
// marked unsuccessful with the reason), as a load error does; it left an
// empty file. The message is on stderr as well, for the log.
func TestSARIFOnAUsageError(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"tools/a.json":           `{"name": "a", "inputSchema": {"type": "object"}}`,
		"schemaport.config.json": `{"bogus": 1}`,
	})
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"check", "tools", "--format", "sarif"},
		{"diff", "tools", "tools", "--format=sarif", "--sarif-category", "tools/x"},
		{"check", "tools", "--format", "sarif", "--config", "missing.json"},
	} {
		code, stdout, stderr := runCLI(t, dir, args...)
		t.Chdir(wd) // validateSARIF reads the schema from the repository
		if code != 2 || !strings.HasPrefix(stderr, "✗ ") {
			t.Fatalf("%v: exit %d stderr %q", args, code, stderr)
		}
		doc := validateSARIF(t, []byte(stdout))
		run := doc["runs"].([]any)[0].(map[string]any)
		inv := run["invocations"].([]any)[0].(map[string]any)
		note := inv["toolExecutionNotifications"].([]any)[0].(map[string]any)["message"].(map[string]any)["text"].(string)
		if inv["executionSuccessful"] != false || !strings.Contains(stderr, note) {
			t.Errorf("%v: %v %q", args, inv, stderr)
		}
	}
}

// Wrapping stdout for the log keeps colour on a terminal: colorOn looks
// through the LogWriter (/dev/null is a character device, as a terminal).
func TestColourThroughTheLogWriter(t *testing.T) {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Skip("no character device here")
	}
	t.Setenv("NO_COLOR", "")
	os.Unsetenv("NO_COLOR")
	if !colorOn(f) || !colorOn(textsafe.NewLogWriter(f)) {
		t.Errorf("colour: file %v, wrapped %v", colorOn(f), colorOn(textsafe.NewLogWriter(f)))
	}
}
