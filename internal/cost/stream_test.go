package cost

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/provider"
)

// Counting each tool as a check streams it (CountTool, from that check's
// findings, what pipeline.Check does) gives the figures counting the
// whole set gives, and keeps nothing of the tools it counted.
func TestCountToolAsTheCheckStreams(t *testing.T) {
	for _, dir := range []string{
		filepath.Join("..", "..", "testdata", "realworld", "v1"),
		filepath.Join("..", "..", "testdata", "realworld", "v2"),
		filepath.Join("..", "..", "..", "shared", "realworld", "tools"),
	} {
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		tools := load(t, dir)
		var rows [][]Figure
		check.Stream(tools, allTargets, func(tr check.ToolResult) {
			rows = append(rows, CountTool(tr.Tool, allTargets, func(target string) []provider.Diagnostic {
				for _, r := range tr.Targets {
					if r.ID == target {
						return r.Diagnostics
					}
				}
				return nil
			}))
		})
		c := counters.Get().(*counter)
		for _, e := range c.keys {
			if e.p != nil {
				t.Fatalf("%s: a counter keeps a key of a tool it counted", dir)
			}
		}
		for _, e := range c.values {
			if e.p != nil {
				t.Fatalf("%s: a counter keeps a value of a tool it counted", dir)
			}
		}
		for _, e := range c.blocks {
			if e.p != nil {
				t.Fatalf("%s: a counter keeps a block of a tool it counted", dir)
			}
		}
		counters.Put(c)
		streamed, alone := NewSet(allTargets, rows), Count(tools, allTargets, nil)
		for i := range tools {
			for j := range allTargets {
				if alone.Tools[i][j] != streamed.Tools[i][j] {
					t.Errorf("%s: %+v alone, %+v as the check streams", dir, alone.Tools[i][j], streamed.Tools[i][j])
				}
			}
		}
		for j := range alone.Totals {
			if alone.Totals[j] != streamed.Totals[j] {
				t.Errorf("%s: totals %+v alone, %+v streamed", dir, alone.Totals[j], streamed.Totals[j])
			}
		}
		t.Logf("%s: %d tools", dir, len(tools))
	}
}
