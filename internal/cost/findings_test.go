package cost

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
)

// Counting from the findings a streamed check leaves (Findings, what
// pipeline.Check does) gives the figures counting alone gives, and keeps
// only the few findings compile looks up.
func TestCountFromStreamedCheck(t *testing.T) {
	for _, dir := range []string{
		filepath.Join("..", "..", "testdata", "realworld", "v1"),
		filepath.Join("..", "..", "testdata", "realworld", "v2"),
		filepath.Join("..", "..", "..", "shared", "realworld", "tools"),
	} {
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		tools := load(t, dir)
		kept := NewFindings(len(tools), allTargets)
		i, all, consulted := 0, 0, 0
		check.Stream(tools, allTargets, func(tr check.ToolResult) {
			kept.Keep(i, &tr)
			for _, target := range tr.Targets {
				all += len(target.Diagnostics)
			}
			i++
		})
		for _, row := range kept.tools {
			for _, ds := range row {
				if ds == nil {
					t.Fatal("a target without findings must not ask Render to check")
				}
				consulted += len(ds)
			}
		}
		alone := Count(tools, allTargets, nil)
		reused := Count(tools, allTargets, kept.Diagnostics())
		for i := range tools {
			for j := range allTargets {
				if alone.Tools[i][j] != reused.Tools[i][j] {
					t.Errorf("%s: %+v alone, %+v from the streamed check", dir, alone.Tools[i][j], reused.Tools[i][j])
				}
			}
		}
		if consulted == 0 || consulted >= all {
			t.Errorf("%s: kept %d of %d findings", dir, consulted, all)
		}
		t.Logf("%s: %d tools, kept %d of %d findings", dir, len(tools), consulted, all)
	}
}
