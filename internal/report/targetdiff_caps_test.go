package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/targetdiff"
)

// deepTargetDiff is diff --targets' result for tools whose compile
// findings changed at every level of a deep schema: perTool entries each,
// paths growing with the level.
func deepTargetDiff(tools, perTool int) *targetdiff.Result {
	r := targetdiff.TargetReport{TargetID: "openai", DisplayName: "OpenAI"}
	for t := range tools {
		c := targetdiff.ToolChange{ToolName: fmt.Sprintf("t%03d", t), Verdict: targetdiff.Unchanged, Before: false, After: false, RefusedBy: []targetdiff.Cause{}, Resolved: []targetdiff.Ref{}}
		path := "inputSchema"
		for i := range perTool {
			path += ".properties.p"
			c.Added = append(c.Added, targetdiff.Ref{Code: "openai/nullable-instead-of-omitted", Path: path, Severity: "warning"})
			_ = i
		}
		r.Tools = append(r.Tools, c)
	}
	return &targetdiff.Result{Reports: []targetdiff.TargetReport{r}}
}

// The target section is capped like the findings: a 2,400-level schema
// listed a changed finding at every level with its whole path, 38 MB of
// text. At most RunLimits.PerTool entries per tool, paths abbreviated, and
// the rest counted, in text and JSON.
func TestTargetDiffCapsEntriesAndPaths(t *testing.T) {
	td := deepTargetDiff(1, 2000)
	var text bytes.Buffer
	if err := TargetDiffText(&text, td, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	listed := strings.Count(text.String(), "\n      + ")
	if listed != RunLimits.PerTool {
		t.Errorf("text lists %d entries, want %d", listed, RunLimits.PerTool)
	}
	if !strings.Contains(text.String(), "… 1500 more not shown") {
		t.Errorf("text does not count what it left out:\n%s", tailOf(text.String(), 300))
	}
	for _, line := range strings.Split(text.String(), "\n") {
		if n := utf8.RuneCountInString(line); n > MaxPathChars+60 {
			t.Fatalf("a line of %d characters: %.120s…", n, line)
		}
	}
	var doc bytes.Buffer
	if err := DiffJSONWithTargets(&doc, nil, Omitted{}, td); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Targets []struct {
			Tools []struct {
				Added    []targetdiff.Ref `json:"added"`
				Resolved []targetdiff.Ref `json:"resolved"`
				Omitted  int              `json:"omitted"`
			} `json:"tools"`
		} `json:"targets"`
	}
	if err := json.Unmarshal(doc.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	tool := got.Targets[0].Tools[0]
	if len(tool.Added) != RunLimits.PerTool || tool.Omitted != 1500 || tool.Resolved == nil {
		t.Errorf("JSON: %d added, omitted %d, resolved %v", len(tool.Added), tool.Omitted, tool.Resolved)
	}
	for _, a := range tool.Added {
		if utf8.RuneCountInString(a.Path) > MaxPathChars+30 {
			t.Fatalf("JSON path of %d characters", utf8.RuneCountInString(a.Path))
		}
	}
	if doc.Len() > 300_000 {
		t.Errorf("JSON of %d bytes for 500 entries", doc.Len())
	}
}

// Across tools the section lists at most RunLimits.PerRun entries.
func TestTargetDiffCapsEntriesPerRun(t *testing.T) {
	td := deepTargetDiff(30, RunLimits.PerTool)
	var text bytes.Buffer
	if err := TargetDiffText(&text, td, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if listed := strings.Count(text.String(), "\n      + "); listed != RunLimits.PerRun {
		t.Errorf("text lists %d entries, want %d", listed, RunLimits.PerRun)
	}
	if tools := strings.Count(text.String(), "findings changed."); tools != 30 {
		t.Errorf("%d tools shown, want all 30", tools)
	}
}

func tailOf(s string, n int) string { return s[max(0, len(s)-n):] }
