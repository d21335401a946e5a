package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestE2EReportCarriesWhatTheLogSays: the JSON report is what a later step
// reads, so it carries what the run logged about itself. Before, it was
// written before the job summary: a summary left out for want of room was
// a warning in the log and not in the report's notes, and a SARIF file
// that could not be written left a report saying `fail`, exit 1, next to
// a step that exited 2 with `result: error`.
func TestE2EReportCarriesWhatTheLogSays(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))
	ws := r.checkout(prRef)
	sum := filepath.Join(t.TempDir(), "step_summary")
	if err := os.WriteFile(sum, []byte(strings.Repeat("x", 1<<20-100)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(ws, "out.sarif"), 0o755); err != nil {
		t.Fatal(err)
	}
	res := runActionIn(t, ws, ws, "pull_request", prPayload(r), map[string]string{"sarif-file": "out.sarif"}, "GITHUB_STEP_SUMMARY="+sum)
	res.wantCode(t, 2)
	res.wantOutputs(t, map[string]string{"result": "error"})
	if len(res.find("warning", "Job summary not written")) != 1 {
		t.Fatalf("no warning that the summary was not written\n%s", res.dump())
	}
	var rep struct {
		Result   string   `json:"result"`
		ExitCode int      `json:"exitCode"`
		Notes    []string `json:"notes"`
		Problems []string `json:"problems"`
		Cost     []struct {
			Target string `json:"target"`
			Delta  int    `json:"delta"`
		} `json:"cost"`
	}
	if err := json.Unmarshal(res.report, &rep); err != nil {
		t.Fatalf("report: %v\n%s", err, res.report)
	}
	if rep.Result != "error" || rep.ExitCode != 2 {
		t.Errorf("report result %q exit %d, want error 2 as the step's", rep.Result, rep.ExitCode)
	}
	if !containsPart(rep.Notes, "so the job summary was not written") {
		t.Errorf("report notes lack the summary warning: %q", rep.Notes)
	}
	if len(rep.Problems) != 1 || !strings.Contains(rep.Problems[0], "cannot write the SARIF file") {
		t.Errorf("report problems %q, want the SARIF file's", rep.Problems)
	}
	// The log's "Context cost: +85 tokens per request for OpenAI" lines.
	if len(rep.Cost) == 0 || rep.Cost[0].Target != "openai" || rep.Cost[0].Delta == 0 || !strings.Contains(res.stdout, "Context cost: +") {
		t.Errorf("report cost %+v; log:\n%s", rep.Cost, res.stdout)
	}
}

func containsPart(items []string, part string) bool {
	for _, it := range items {
		if strings.Contains(it, part) {
			return true
		}
	}
	return false
}
