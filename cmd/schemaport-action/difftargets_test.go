package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

var targetsTestdata = filepath.Join(matrixTestdata, "targets")

// The spec's example (cli-extras.md §2): an optional `oneOf` property is
// non-breaking and stops the tool compiling for OpenAI.
func TestDiffTargetsSpecExample(t *testing.T) {
	code, out, errOut := runCLI(t, targetsTestdata, "diff", "old", "new", "--targets", "openai,gemini")
	want := `Result: 0 breaking, 1 non-breaking, 0 informational

Target compatibility

OpenAI
  ✗ create_ticket: compiled before, refused now (OpenAI).
      converted-one-of-to-any-of  inputSchema.properties.assignee.oneOf
        ` + "`oneOf` at inputSchema.properties.assignee would be widened to `anyOf`" + `

Gemini
  No compatibility change.

Target result: 1 compatibility regression
To clear a regression, change the schema so the target takes what refuses it as it is, or accept it with an ` + "`accept` entry for `target-regressed` (`schemaport-action explain target-regressed`)" + `.
`
	if code != 1 || !strings.HasSuffix(out, want) {
		t.Errorf("exit %d:\n%s%s", code, out, errOut)
	}
	checkGolden(t, "diff-targets.txt", out)
	// The reverse: fixed, and the canonical diff's breaking change fails.
	_, out, _ = runCLI(t, targetsTestdata, "diff", "new", "old", "--targets", "openai")
	if !strings.Contains(out, "  ✓ create_ticket: was refused, compiles now.\n") || !strings.HasSuffix(out, "Target result: no compatibility regressions\n") {
		t.Errorf("fixed:\n%s", out)
	}
	// Still compiles, a finding added.
	code, out, _ = runCLI(t, targetsTestdata, "diff", "old", "changed", "--targets", "openai")
	if code != 0 || !strings.Contains(out, "  ⚠ create_ticket: still compiles, findings changed.\n      + openai/nullable-instead-of-omitted  inputSchema.properties.note\n") {
		t.Errorf("changed, exit %d:\n%s", code, out)
	}
}

// A regression is breaking: exit 1 under breaking and any, 0 under never;
// a finding that changed fails only under any.
func TestDiffTargetsExit(t *testing.T) {
	for _, c := range []struct {
		new, failOn string
		want        int
	}{
		{"new", "breaking", 1}, {"new", "any", 1}, {"new", "never", 0},
		{"changed", "breaking", 0}, {"changed", "any", 1}, {"changed", "never", 0},
	} {
		code, _, errOut := runCLI(t, targetsTestdata, "diff", "old", c.new, "--targets", "openai", "--fail-on", c.failOn)
		if code != c.want {
			t.Errorf("%s --fail-on %s: exit %d, want %d %s", c.new, c.failOn, code, c.want, errOut)
		}
	}
	// Without --targets the non-breaking change passes, as before.
	if code, _, _ := runCLI(t, targetsTestdata, "diff", "old", "new"); code != 0 {
		t.Errorf("without --targets: exit %d", code)
	}
}

func TestDiffTargetsJSON(t *testing.T) {
	_, out, _ := runCLI(t, targetsTestdata, "diff", "old", "new", "--targets", "openai,gemini", "--format", "json")
	checkGolden(t, "diff-targets.json", out)
	var doc struct {
		Summary map[string]int `json:"summary"`
		Targets []struct {
			TargetID  string `json:"targetId"`
			Regressed int    `json:"regressed"`
			Tools     []struct {
				ToolName  string `json:"toolName"`
				Verdict   string `json:"verdict"`
				RefusedBy []struct{ Code, Path string }
			} `json:"tools"`
		} `json:"targets"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Summary["targetRegressions"] != 1 || len(doc.Targets) != 2 || doc.Targets[0].TargetID != "openai" ||
		doc.Targets[0].Tools[0].Verdict != "regressed" || doc.Targets[0].Tools[0].RefusedBy[0].Code != "converted-one-of-to-any-of" ||
		len(doc.Targets[1].Tools) != 0 {
		t.Errorf("%+v", doc)
	}
	// Opt-in: without --targets, no section and no key.
	_, plain, _ := runCLI(t, targetsTestdata, "diff", "old", "new", "--format", "json")
	if strings.Contains(plain, "targets") || strings.Contains(plain, "targetRegressions") {
		t.Errorf("without --targets:\n%s", plain)
	}
	if _, txt, _ := runCLI(t, targetsTestdata, "diff", "old", "new"); strings.Contains(txt, "Target compatibility") {
		t.Error("text without --targets has the section")
	}
}

// testdata/realworld's v1 -> v2 edits, on every target: exactly these
// tools regress and are fixed (the rest only change findings).
func TestDiffTargetsRealWorld(t *testing.T) {
	dir := filepath.Join(repoRoot(t), "testdata", "realworld")
	code, out, _ := runCLI(t, dir, "diff", "v1", "v2", "--targets", "all", "--format", "json")
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	var doc struct {
		Summary map[string]int `json:"summary"`
		Targets []struct {
			TargetID string `json:"targetId"`
			Tools    []struct {
				ToolName, Verdict string
				RefusedBy         []struct{ Code, Path string }
			} `json:"tools"`
		} `json:"targets"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range doc.Targets {
		for _, c := range r.Tools {
			if c.Verdict != "unchanged" {
				line := r.TargetID + " " + c.ToolName + " " + c.Verdict
				for _, cause := range c.RefusedBy {
					line += " " + cause.Code + "@" + cause.Path
				}
				got = append(got, line)
			}
		}
	}
	want := []string{
		// OpenAI keeps minLength since issue 24 (a warning, not dropped):
		// edit_file no longer regresses there; create_event's new email
		// format does.
		"openai create_event regressed dropped-unsupported-format@inputSchema.properties.attendees.items.properties.email.format",
		"openai resize_image fixed",
		"anthropic resize_image fixed",
		"gemini resize_image fixed",
		"mcp resize_image fixed",
		"anthropic-strict edit_file regressed dropped-string-constraint@inputSchema.properties.edits.items.properties.oldText.minLength",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || doc.Summary["targetRegressions"] != 2 {
		t.Errorf("got\n%s\nregressions %d", strings.Join(got, "\n"), doc.Summary["targetRegressions"])
	}
	_, text, _ := runCLI(t, dir, "diff", "v1", "v2", "--targets", "all")
	checkGolden(t, "diff-targets-realworld.txt", text[strings.Index(text, "\nTarget compatibility"):])
}

func TestDiffTargetsUsage(t *testing.T) {
	code, _, errOut := runCLI(t, targetsTestdata, "diff", "old", "new", "--targets", "opneai")
	if code != 2 || !strings.Contains(errOut, "Unknown target `opneai`") {
		t.Errorf("exit %d: %s", code, errOut)
	}
	code, _, errOut = runCLI(t, targetsTestdata, "diff", "old", "new", "--targets=")
	if code != 2 || !strings.Contains(errOut, "--targets") {
		t.Errorf("empty: exit %d: %s", code, errOut)
	}
}
