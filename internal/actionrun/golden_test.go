package actionrun

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/testfiles"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// What users see of a run, pinned on the bundled refund-order example
// (v1 as the base, v2 as the head; the base has findings of its own, so
// only-new tells existing from new): the log with its annotations and
// verdict, the job summary, and the same with the approval label.
// Changing a message, a level or a layout fails here; review the diff
// and rewrite with `go test ./internal/actionrun -run TestRunGolden
// -update`.
func TestRunGolden(t *testing.T) {
	localEnv(t)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"refund-order", nil},
		{"refund-order-only-new", []string{"--only-new"}},
		{"refund-order-approved", []string{"--label", "breaking-change-approved"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := refundDirs(t)
			args := append([]string{"--path", "v2", "--base-path", "v1", "--annotations", "--summary-file", "summary.md"}, c.args...)
			_, log, stderr := runIn(t, dir, args...)
			summary, err := os.ReadFile(filepath.Join(dir, "summary.md"))
			if err != nil {
				t.Fatal(err)
			}
			golden(t, c.name+".log", log+stderr)
			golden(t, c.name+".md", string(summary))
		})
	}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	// Absolute: the run changed into its temp directory.
	testfiles.Golden(t, filepath.Join(testfiles.Root(), "internal", "actionrun", "testdata", name), got, *update)
}

// The JSON report carries what the log and the annotations say about the
// run beyond the findings: every note (here "Job summary not written":
// the summary file is nearly full), the files that could not be written
// (the SARIF file is a directory: exit 2, result `error`, as the step's),
// the context cost's change and the compiled-path check. Pinned are the
// report's fields other than the documents pinned elsewhere (findings,
// check, diff, input errors).
func TestRunGoldenReportNotes(t *testing.T) {
	localEnv(t)
	defer func(today func() string) { finding.Today = today }(finding.Today)
	finding.Today = func() string { return "2026-01-15" }
	dir := refundDirs(t)
	if err := os.Mkdir(filepath.Join(dir, "not-a-file.sarif"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A step before this one filled the summary file to 10 bytes short of
	// GitHub's limit.
	testfiles.Write(t, filepath.Join(dir, "summary.md"), strings.Repeat("x", report.MaxSummaryBytes-10))
	code, log, stderr := runIn(t, dir, "--path", "v2", "--base-path", "v1", "--summary-file", "summary.md",
		"--report-file", "report.json", "--sarif-file", "not-a-file.sarif", "--compiled-path", "gen", "--targets", "openai")
	if code != 2 {
		t.Fatalf("exit %d, want 2 (the SARIF file cannot be written)\n%s%s", code, log, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep map[string]json.RawMessage
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, k := range []string{"result", "exitCode", "baseFrom", "notes", "problems", "cost", "compiled"} {
		var v any
		if err := json.Unmarshal(rep[k], &v); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		out, _ := json.MarshalIndent(v, "", "  ")
		b.WriteString(k + ": " + strings.ReplaceAll(string(out), dir, "$DIR") + "\n")
	}
	// Every note the log ends with is in the report.
	for _, want := range []string{"so the job summary was not written", "Compared with the base tool set in v1."} {
		if !strings.Contains(log, want) || !strings.Contains(b.String(), want) {
			t.Errorf("%q is not in both the log and the report", want)
		}
	}
	golden(t, "report-notes.txt", b.String())
}
