package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/report"
)

// A pull request can commit the report files as links. The run must refuse
// to write through them: neither the link's target nor the terminal gets
// the report.
func TestRunRefusesToWriteThroughLinks(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	victim := filepath.Join(t.TempDir(), "victim")
	writeE2EFile(t, victim, "precious")
	for _, name := range []string{"schemaport.sarif", "schemaport-report.json", "summary.md"} {
		if err := os.Symlink(victim, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runIn(t, dir, "--path", "v2", "--base-path", "v1", "--fail-on", "never",
		"--sarif-file", "schemaport.sarif", "--report-file", "schemaport-report.json", "--summary-file", "summary.md")
	if code != 2 {
		t.Fatalf("exit %d, want 2 (cannot write results)\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"cannot write the SARIF file", "cannot write the JSON report", "cannot write the job summary", "is a symbolic link"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Fatalf("a link target was written: %q", b)
	}
}

// A report file whose directory resolves outside the workspace is refused.
func TestRunRefusesAReportDirectoryOutsideTheWorkspace(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	outside := t.TempDir()
	os.Symlink(outside, filepath.Join(dir, "out"))
	code, _, errOut := runIn(t, dir, "--path", "v2", "--base-path", "v1", "--fail-on", "never", "--report-file", "out/r.json")
	if code != 2 || !strings.Contains(errOut, "outside the workspace") {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(outside, "r.json")); err == nil {
		t.Fatal("the report was written through the directory link")
	}
}

// In a workflow, even an absolute report path must stay in the workspace.
func TestActionRefusesAnAbsoluteReportPathOutsideTheWorkspace(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	outside := t.TempDir()
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_WORKSPACE", dir)
	code, out, _ := runIn(t, dir, "--path", "v2", "--base-path", "v1", "--fail-on", "never", "--job-summary=false",
		"--sarif-file", "", "--report-file", filepath.Join(outside, "r.json"))
	if code != 2 || !strings.Contains(out, "outside the workspace") {
		t.Fatalf("exit %d\n%s", code, out)
	}
}

// `tools -> /` would walk the whole machine: a tool path that resolves
// outside the repository is an input error naming where it leads.
func TestRunRefusesAToolPathOutsideTheRepository(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	outside := t.TempDir()
	writeE2EFile(t, filepath.Join(outside, "x.json"), `{"name": "x", "description": "d", "inputSchema": {"type": "object"}}`)
	os.Symlink(outside, filepath.Join(dir, "tools"))
	code, out, _ := runIn(t, dir, "--path", "tools", "--fail-on", "never")
	if code != 2 || !strings.Contains(out, "tools: Path resolves to ") || !strings.Contains(out, "outside the repository") {
		t.Fatalf("exit %d\n%s", code, out)
	}
}

// A link loop as a tool path is reported as a loop, not as a path that
// does not exist (which, with a base, would count every tool as removed).
func TestRunReportsASymlinkLoop(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	os.Symlink("loop", filepath.Join(dir, "loop"))
	code, out, _ := runIn(t, dir, "--path", "loop", "--base-path", "v1", "--fail-on", "never")
	if code != 2 || !strings.Contains(out, "symbolic link loop") || strings.Contains(out, "does not exist") {
		t.Fatalf("exit %d\n%s", code, out)
	}
}

// A link inside a walked tool directory is named in a notice.
func TestRunNamesLinksItDidNotFollow(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	os.Symlink("refund-order.json", filepath.Join(dir, "v2", "alias.json"))
	code, out, _ := runIn(t, dir, "--path", "v2", "--fail-on", "never")
	if code != 0 || !strings.Contains(out, "1 symbolic link inside the tool directories was not loaded") || !strings.Contains(out, "`v2/alias.json`") {
		t.Fatalf("exit %d\n%s", code, out)
	}
}

// maxFileSize in the config file is the loader's limit, for run, check
// and compile (which ignored it, and its `formats`: the compiled-path
// check then compared with tools compile had read otherwise).
func TestConfigMaxFileSizeLimitsToolFiles(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	writeE2EFile(t, filepath.Join(dir, "schemaport.config.json"), `{"maxFileSize": 100}`)
	code, out, _ := runIn(t, dir, "--path", "v2", "--fail-on", "never")
	if code != 2 || !strings.Contains(out, "over the size limit of 100 bytes; it was not read") {
		t.Fatalf("run: exit %d\n%s", code, out)
	}
	t.Chdir(dir)
	var stdout, stderr strings.Builder
	code = checkCommand([]string{"v2"}, &stdout, &stderr)
	if code != 2 || !strings.Contains(stdout.String()+stderr.String(), "over the size limit of 100 bytes") {
		t.Fatalf("check: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	code = compileCommand([]string{"v2", "--out", "gen"}, &stdout, &stderr)
	if code != 2 || !strings.Contains(stdout.String()+stderr.String(), "over the size limit of 100 bytes") {
		t.Fatalf("compile: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}

// deepTool is one tool whose properties nest depth levels deep.
func deepTool(depth int) string {
	s := `{"type":"string"}`
	for i := 0; i < depth; i++ {
		s = `{"type":"object","properties":{"field":` + s + `}}`
	}
	return `{"name":"deep","description":"deep","inputSchema":` + s + `}`
}

// Deep nesting must not amplify into every output: findings are capped
// per tool with a note saying how many were left out, and long schema
// paths are abbreviated; the counts stay whole.
func TestRunOutputsAreBoundedForDeepNesting(t *testing.T) {
	localEnv(t)
	old := report.RunLimits
	report.RunLimits = report.Limits{PerTool: 40, PerRun: 100}
	defer func() { report.RunLimits = old }()
	dir := t.TempDir()
	writeE2EFile(t, filepath.Join(dir, "deep.json"), deepTool(150))
	code, out, _ := runIn(t, dir, "--path", "deep.json", "--report-file", "r.json", "--sarif-file", "s.sarif", "--summary-file", "sum.md")
	if code != 1 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	var rep struct {
		Findings []struct{ Path string }
		Verdict  struct {
			Counts struct{ Errors, Warnings, Infos int }
		}
		Notes []string
	}
	data, err := os.ReadFile(filepath.Join(dir, "r.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("%v\n%.2000s", err, data)
	}
	if len(rep.Findings) != 40 {
		t.Errorf("%d findings in the report, want 40", len(rep.Findings))
	}
	total := rep.Verdict.Counts.Errors + rep.Verdict.Counts.Warnings + rep.Verdict.Counts.Infos
	if total <= 40 {
		t.Errorf("counts %+v are not whole", rep.Verdict.Counts)
	}
	for _, f := range rep.Findings {
		if len([]rune(f.Path)) > report.MaxPathChars {
			t.Errorf("a path of %d characters", len([]rune(f.Path)))
			break
		}
	}
	note := fmt.Sprintf("%d more findings are not shown in any output (at most 40 per tool and 100 per run): `deep` %d.", total-40, total-40)
	if !strings.Contains(out, note) || !strings.Contains(strings.Join(rep.Notes, "\n"), note) {
		t.Errorf("the note %q is missing from the log or the report", note)
	}
	for _, f := range []string{"s.sarif", "sum.md"} {
		b, _ := os.ReadFile(filepath.Join(dir, f))
		if !strings.Contains(string(b), fmt.Sprintf("%d more findings are not shown", total-40)) {
			t.Errorf("%s lacks the note", f)
		}
	}
}
