package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
