package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// TestFindingsPerTool measures what a person reads per tool: the findings
// the engine reports (the JSON report, every code), the entries the text
// report shows (one per fact: restating pairs folded, target-wide facts
// once) and the lines of the text report. It runs on the bundled
// real-world sets and, when present beside the repository, on
// ../shared/realworld/tools (third-party data, read in place). The numbers
// are logged (go test -v -run TestFindingsPerTool ./internal/report); what
// is asserted is that an entry never stands for less than one finding and
// that folding and once-per-target facts do cut entries.
func TestFindingsPerTool(t *testing.T) {
	sets := []struct{ name, dir string }{
		{"testdata/realworld/v1", filepath.Join("..", "..", "testdata", "realworld", "v1")},
		{"../shared/realworld/tools", filepath.Join("..", "..", "..", "shared", "realworld", "tools")},
	}
	for _, set := range sets {
		dir, err := filepath.Abs(set.dir)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(dir); err != nil {
			t.Logf("%s: absent, skipped", set.name)
			continue
		}
		loaded := tool.Load([]string{dir}, tool.Options{Cwd: dir})
		if len(loaded.Tools) == 0 {
			t.Fatalf("%s: no tools (%d load errors)", set.name, len(loaded.Errors))
		}
		for _, targets := range [][]string{check.DefaultTargets(), {"openai", "anthropic", "gemini", "mcp", "anthropic-strict"}} {
			res := check.Run(loaded.Tools, targets)
			findings := res.Errors + res.Warnings + res.Infos
			var text, compact bytes.Buffer
			if err := CheckText(&text, res, TextOptions{}); err != nil {
				t.Fatal(err)
			}
			if err := CheckTextWith(&compact, res, CheckTextOptions{Compact: true}); err != nil {
				t.Fatal(err)
			}
			entries := strings.Count(compact.String(), "\n")
			lines := strings.Count(text.String(), "\n")
			n := float64(len(loaded.Tools))
			t.Logf("%s [%s]: %d tools, %.1f findings/tool (JSON), %.1f entries/tool (text), %.1f text lines/tool",
				set.name, strings.Join(targets, ","), len(loaded.Tools), float64(findings)/n, float64(entries)/n, float64(lines)/n)
			if entries > findings || entries == findings && findings > 0 {
				t.Errorf("%s: %d entries for %d findings: nothing was folded", set.name, entries, findings)
			}
		}
	}
}
