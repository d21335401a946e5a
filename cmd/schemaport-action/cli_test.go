package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/tool/casefiles"
)

// runCLI runs one command in-process from dir and returns its exit status
// and output.
func runCLI(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	if dir != "" {
		t.Chdir(dir)
	}
	var out, errOut bytes.Buffer
	code := dispatch(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func repoRoot(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(wd, "..", "..")
}

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	casefiles.Write(t, dir, files, nil)
	return dir
}

func TestUsageErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"tools/a.json": `{"name":"a","inputSchema":{"type":"object","properties":{}}}`,
		"bad.json":     `{"targets": "openai"}`,
	})
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"lint"}, "Unknown command `lint`. Valid commands are: check, diff, compile, probe, run, snapshot, init, explain, version."},
		{[]string{"check", "tools", "--strict"}, "Unknown option `--strict`."},
		{[]string{"check", "tools", "--fail-on"}, "Option `--fail-on` needs a value."},
		{[]string{"check"}, "No input path given. Pass a file or directory, or set `schemas` in schemaport.config.json."},
		{[]string{"check", "tools", "--format", "yaml"}, "Unknown --format `yaml`. Valid formats are: text, compact, json, sarif, cost."},
		{[]string{"check", "tools", "--min-severity", "fatal"}, "Unknown --min-severity `fatal`. Valid values are: error, warning, info."},
		{[]string{"check", "tools", "--fail-on", "x"}, "Unknown --fail-on `x`. Valid values are: error, lossy, warning, never."},
		{[]string{"check", "tools", "--targets", ","}, "`--targets` needs at least one target id."},
		{[]string{"check", "tools", "--config", "missing.json"}, "Config file not found: missing.json"},
		{[]string{"check", "tools", "--config", "bad.json"}, "bad.json:1:13: `targets` must be an array of target ids, such as [\"openai\", \"gemini\"]."},
		{[]string{"diff", "tools"}, "diff takes exactly two paths: `schemaport-action diff <old> <new>`."},
		{[]string{"diff", "tools", "tools", "--fail-on", "warning"}, "Unknown --fail-on `warning`. Valid values are: breaking, any, never."},
	}
	for _, c := range cases {
		code, stdout, stderr := runCLI(t, dir, c.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", c.args, code)
		}
		if stdout != "" || !strings.Contains(stderr, "✗ "+c.msg+"\n") || !strings.Contains(stderr, "--help` for usage.") {
			t.Errorf("%v:\nstdout %q\nstderr %q\nwant   %q", c.args, stdout, stderr, c.msg)
		}
		// The same error as one JSON document on stdout when JSON was asked for.
		if last := c.args[len(c.args)-1]; last == "yaml" || last == "--fail-on" {
			continue // appending --format would change what is being tested
		}
		code, stdout, stderr = runCLI(t, dir, append(c.args, "--format=json")...)
		var doc struct {
			Errors []struct{ Message string } `json:"errors"`
		}
		if code != 2 || stderr != "" || json.Unmarshal([]byte(stdout), &doc) != nil || len(doc.Errors) != 1 || doc.Errors[0].Message != c.msg {
			t.Errorf("%v json: exit %d stdout %q stderr %q", c.args, code, stdout, stderr)
		}
	}
}

func TestUnknownTarget(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tools/a.json": `{"name":"a","inputSchema":{"type":"object","properties":{}}}`})
	code, _, stderr := runCLI(t, dir, "check", "tools", "--targets", "openai,bedrock")
	if code != 2 || !strings.Contains(stderr, "bedrock") {
		t.Fatalf("exit %d stderr %q", code, stderr)
	}
}

func TestHelpAndVersion(t *testing.T) {
	for _, args := range [][]string{{}, {"--help"}, {"-h"}, {"help"}, {"help", "check"}, {"check", "--help"}, {"diff", "-h"}, {"run", "--help"}, {"version"}, {"--version"}} {
		code, stdout, stderr := runCLI(t, "", args...)
		if code != 0 || stdout == "" || stderr != "" {
			t.Errorf("%v: exit %d stdout %q stderr %q", args, code, stdout, stderr)
		}
	}
	_, stdout, _ := runCLI(t, "", "help", "diff")
	if !strings.Contains(stdout, "--ignore-descriptions") {
		t.Errorf("help diff shows the diff options, got %q", stdout)
	}
}

func TestCheckRefundOrder(t *testing.T) {
	root := repoRoot(t)
	code, stdout, stderr := runCLI(t, root, "check", "testdata/refund-order/v1", "--targets", "openai,anthropic,gemini,mcp")
	if code != 1 {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	if !strings.Contains(stdout, "Result: 10 errors, 14 warnings") {
		t.Errorf("missing result line:\n%s", stdout)
	}
	if !strings.Contains(stdout, "testdata/refund-order/v1/refund-order.json:") || !strings.Contains(stdout, "^") {
		t.Errorf("findings need file:line:col and a caret:\n%s", stdout)
	}

	code, stdout, _ = runCLI(t, root, "check", "testdata/refund-order/v1", "--format", "json")
	var doc checkDocument
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, stdout)
	}
	if code != 1 || doc.Command != "check" || doc.Summary.Tools != 2 || doc.Summary.Errors != 10 || doc.Summary.Warnings != 14 {
		t.Errorf("exit %d summary %+v", code, doc.Summary)
	}
	for _, tl := range doc.Tools {
		for id, tg := range tl.Targets {
			for _, d := range tg.Diagnostics {
				if d.File == "" || d.Line < 1 {
					t.Errorf("%s/%s %s has no position", tl.Name, id, d.Code)
				}
			}
		}
	}

	if code, _, _ = runCLI(t, root, "check", "testdata/refund-order/v1", "--fail-on", "never"); code != 0 {
		t.Errorf("--fail-on never exits %d", code)
	}
}

func TestCheckBrokenFolderReportsEveryError(t *testing.T) {
	root := repoRoot(t)
	code, stdout, stderr := runCLI(t, root, "check", "testdata/broken", "--format", "json")
	if code != 2 || stderr != "" {
		t.Fatalf("exit %d stderr %q", code, stderr)
	}
	var doc struct {
		Command string `json:"command"`
		Errors  []struct {
			SourcePath string `json:"sourcePath"`
			File       string `json:"file"`
			Line       int    `json:"line"`
			Column     int    `json:"column"`
			Path       string `json:"path"`
			Message    string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, stdout)
	}
	files := map[string]bool{}
	for _, e := range doc.Errors {
		if e.File == "" || e.Line < 1 || e.Column < 1 {
			t.Errorf("error without a position: %+v", e)
		}
		files[e.File] = true
	}
	for _, f := range []string{"boolean-subschema.json", "trailing-comma.json", "wrong-types.json", "duplicate-key.json"} {
		if !files["testdata/broken/"+f] {
			t.Errorf("no error reported for %s (one broken file must not hide another): %v", f, files)
		}
	}
	// Text mode: stderr blocks and the Result line, nothing on stdout.
	code, stdout, stderr = runCLI(t, root, "check", "testdata/broken")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "input errors") || !strings.Contains(stderr, "testdata/broken/trailing-comma.json:") {
		t.Errorf("text: exit %d stdout %q stderr %q", code, stdout, stderr)
	}
}

func TestCheckNoTools(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tools/empty.json": `[]`})
	code, stdout, _ := runCLI(t, dir, "check", "tools")
	if code != 0 || !strings.Contains(stdout, "No tools found.") {
		t.Fatalf("exit %d stdout %q", code, stdout)
	}
}

func TestCheckConfigDefaults(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"schemaport.config.json": `{"schemas": "tools", "targets": ["mcp"], "failOn": "never"}`,
		"tools/a.json":           `{"name":"a","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}`,
	})
	code, stdout, stderr := runCLI(t, dir, "check", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d %s %s", code, stdout, stderr)
	}
	if strings.Contains(stdout, `"openai"`) || !strings.Contains(stdout, `"mcp"`) {
		t.Errorf("config targets not applied: %s", stdout)
	}
}

func TestDiffRefundOrder(t *testing.T) {
	root := repoRoot(t)
	code, stdout, stderr := runCLI(t, root, "diff", "testdata/refund-order/v1", "testdata/refund-order/v2")
	if code != 1 {
		t.Fatalf("exit %d stderr %s", code, stderr)
	}
	for _, want := range []string{"required-property-added", "enum-narrowed", "optional-property-added", "description-changed", "Result: 2 breaking, 1 non-breaking, 1 informational", "testdata/refund-order/v2/refund-order.json:"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("text output lacks %q:\n%s", want, stdout)
		}
	}
	if code, _, _ := runCLI(t, root, "diff", "testdata/refund-order/v1", "testdata/refund-order/v2", "--fail-on", "never"); code != 0 {
		t.Errorf("--fail-on never exits %d", code)
	}
	if code, _, _ := runCLI(t, root, "diff", "testdata/refund-order/v1", "testdata/refund-order/v1", "--fail-on", "any"); code != 0 {
		t.Errorf("identical sets exit %d with --fail-on any", code)
	}
	code, stdout, _ = runCLI(t, root, "diff", "testdata/refund-order/v1", "testdata/refund-order/v2", "--format", "json", "--ignore-descriptions")
	var doc struct {
		Summary struct{ Breaking, NonBreaking, Informational int } `json:"summary"`
		Changes []struct {
			Code string `json:"code"`
			File string `json:"file"`
			Line int    `json:"line"`
		} `json:"changes"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if code != 1 || doc.Summary.Breaking != 2 || doc.Summary.NonBreaking != 1 || doc.Summary.Informational != 0 {
		t.Errorf("exit %d summary %+v", code, doc.Summary)
	}
	for _, c := range doc.Changes {
		if c.File == "" || c.Line < 1 {
			t.Errorf("change without position: %+v", c)
		}
	}
}

func TestOutputIsDeterministic(t *testing.T) {
	root := repoRoot(t)
	for _, args := range [][]string{
		{"check", "testdata", "--format", "json", "--targets", "all"},
		{"check", "testdata/refund-order/v1", "--format", "sarif"},
		{"diff", "testdata/refund-order/v1", "testdata/refund-order/v2", "--format", "sarif"},
		{"diff", "testdata/refund-order/v1", "testdata/refund-order/v2"},
	} {
		_, first, _ := runCLI(t, root, args...)
		for i := 0; i < 3; i++ {
			if _, again, _ := runCLI(t, root, args...); again != first {
				t.Fatalf("%v: output differs between runs", args)
			}
		}
	}
}

func TestTargetsAll(t *testing.T) {
	root := repoRoot(t)
	code, stdout, stderr := runCLI(t, root, "check", "testdata/shapes", "--targets", "mcp,all", "--format", "json", "--fail-on", "never")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// Target keys appear in the order resolved: mcp first, then the rest in registry order.
	want := []string{`"mcp"`, `"openai"`, `"anthropic"`, `"gemini"`, `"anthropic-strict"`}
	last := -1
	for _, w := range want {
		i := strings.Index(stdout, w+": {")
		if i < 0 || i < last {
			t.Fatalf("target %s missing or out of order in:\n%s", w, stdout)
		}
		last = i
	}
}

// A bug that panics must still end as one clear line (or one JSON document),
// exit 2, and never a Go stack trace.
func TestPanicBecomesAnInputError(t *testing.T) {
	var out, errOut bytes.Buffer
	boom := func() int { panic("boom") }
	code := guarded([]string{"check", "x", "--format", "json"}, &out, &errOut, boom)
	if code != 2 || errOut.Len() != 0 || !strings.Contains(out.String(), `"message": "internal error: boom`) {
		t.Fatalf("json: exit %d stdout %q stderr %q", code, out.String(), errOut.String())
	}
	out.Reset()
	code = guarded([]string{"check", "x"}, &out, &errOut, boom)
	if code != 2 || out.Len() != 0 || strings.Contains(errOut.String(), "goroutine") || !strings.Contains(errOut.String(), "internal error: boom") {
		t.Fatalf("text: exit %d stdout %q stderr %q", code, out.String(), errOut.String())
	}
}

// The CLI streams the JSON check report; it must equal the document built
// from a whole in-memory result.
func TestStreamedCheckJSONEqualsWholeDocument(t *testing.T) {
	root := repoRoot(t)
	code, stdout, stderr := runCLI(t, root, "check", "testdata/realworld/v1", "--targets", "all", "--format", "json")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	loaded := tool.Load([]string{"testdata/realworld/v1"}, tool.Options{Cwd: root})
	if len(loaded.Errors) > 0 {
		t.Fatalf("load errors: %v", loaded.Errors)
	}
	targets, _ := check.ResolveTargets([]string{"all"})
	var want bytes.Buffer
	if err := report.CheckJSON(&want, check.Run(loaded.Tools, targets), report.Omitted{}); err != nil {
		t.Fatal(err)
	}
	if stdout != want.String() {
		t.Fatal("streamed JSON differs from the whole-result document")
	}
}

// checkDocument is what the tests read of check's JSON report.
type checkDocument struct {
	Command string `json:"command"`
	Summary struct {
		Tools, Errors, Warnings, Infos int
	} `json:"summary"`
	Tools []struct {
		Name    string `json:"name"`
		Targets map[string]struct {
			Diagnostics []struct {
				Code   string `json:"code"`
				File   string `json:"file"`
				Line   int    `json:"line"`
				Column int    `json:"column"`
			} `json:"diagnostics"`
		} `json:"targets"`
	} `json:"tools"`
}
