package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The public diff cases marked cliLoadable:false are load errors for the
// CLI: nothing is diffed, exit 2, and the error names the file and line.
func TestDiffCasesNotLoadableThroughCLI(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "internal", "diff", "testdata", "diff-cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name        string          `json:"name"`
		Old         json.RawMessage `json:"old"`
		New         json.RawMessage `json:"new"`
		CLILoadable *bool           `json:"cliLoadable"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, c := range cases {
		if c.CLILoadable == nil || *c.CLILoadable {
			continue
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			dir := writeFiles(t, map[string]string{"old.json": string(c.Old), "new.json": string(c.New)})
			code, stdout, stderr := runCLI(t, dir, "diff", "old.json", "new.json", "--format", "json")
			if code != 2 || stderr != "" {
				t.Fatalf("exit %d stderr %q", code, stderr)
			}
			var doc struct {
				Errors []struct {
					File string `json:"file"`
					Line int    `json:"line"`
					Path string `json:"path"`
				} `json:"errors"`
			}
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil || len(doc.Errors) == 0 {
				t.Fatalf("want load errors, got %v %s", err, stdout)
			}
			for _, e := range doc.Errors {
				if (e.File != "old.json" && e.File != "new.json") || e.Line < 1 || !strings.Contains(e.Path, "$ref") {
					t.Errorf("error without a position at the $ref: %+v", e)
				}
			}
		})
	}
	if ran != 4 {
		t.Fatalf("ran %d not-loadable cases, want 4", ran)
	}
}
