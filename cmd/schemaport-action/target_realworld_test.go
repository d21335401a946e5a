package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// run on testdata/realworld's v1 -> v2 as a pull request, every target
// named: its compile regressions are exactly what diff --targets reports
// as regressed (TestDiffTargetsRealWorld), one finding per tool and
// target, and they fail the run.
func TestRealworldRunTargetRegressions(t *testing.T) {
	localEnv(t)
	out := t.TempDir()
	report := filepath.Join(out, "report.json")
	code, stdout, stderr := runIn(t, rwRoot(t), "--path", rwV2, "--base-path", rwV1, "--targets", "all", "--report-file", report)
	if code != 1 {
		t.Fatalf("exit %d\n%.2000s\n%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Verdict struct {
			Reasons []struct{ Kind string } `json:"reasons"`
		} `json:"verdict"`
		Findings []struct {
			Kind, Code, Tool, Target, Path, Message, State string
			Fails                                          bool
			Location                                       struct{ File string }
		} `json:"findings"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Findings {
		if f.Kind == "target" {
			got = append(got, f.Target+" "+f.Tool+" "+f.Code+" "+f.Path+" "+f.Location.File)
			if !f.Fails || f.State != "new" || !strings.HasPrefix(f.Message, "`"+f.Tool+"` no longer compiles for ") {
				t.Errorf("%+v", f)
			}
		}
	}
	want := []string{
		"openai create_event target-regressed inputSchema.properties.attendees.items.properties.email.format testdata/realworld/v2/calendar.json",
		"anthropic-strict edit_file target-regressed inputSchema.properties.edits.items.properties.oldText.minLength testdata/realworld/v2/filesystem/edit_file.json",
	}
	if !slices.Equal(got, want) {
		t.Errorf("target findings\n%s", strings.Join(got, "\n"))
	}
	if !slices.ContainsFunc(rep.Verdict.Reasons, func(r struct{ Kind string }) bool { return r.Kind == "target" }) {
		t.Errorf("no target reason: %+v", rep.Verdict.Reasons)
	}
	if !strings.Contains(stdout, "`edit_file` no longer compiles for Anthropic (strict): `minLength` at inputSchema.properties.edits.items.properties.oldText would be dropped.") {
		t.Errorf("log:\n%.3000s", stdout)
	}
}
