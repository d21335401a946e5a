package cost

import (
	"slices"

	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// CountReusing is Count that takes a tool's figures from prev (a set
// counted for prevTools, such as a pull request's base) when prev has a
// tool of the same name written with the same bytes (and read as the
// same format): compiling is a function of the tool, so its figures are
// the same, and a pull request that edits few files counts few tools
// twice. Targets prev did not count are counted.
func CountReusing(tools []*tool.Tool, targets []string, diags Diagnostics, prev *Set, prevTools []*tool.Tool) *Set {
	if prev == nil || len(prevTools) != len(prev.Tools) {
		return Count(tools, targets, diags)
	}
	cols := make([]int, len(targets))
	for j, target := range targets {
		cols[j] = slices.Index(prev.Targets, target)
		if cols[j] < 0 {
			return Count(tools, targets, diags)
		}
	}
	byName := make(map[string]int, len(prevTools))
	for i, t := range prevTools {
		byName[t.Name] = i
	}
	var todo []*tool.Tool
	var todoAt []int
	rows := make([][]Figure, len(tools))
	for i, t := range tools {
		if k, ok := byName[t.Name]; ok && tool.SameText(t, prevTools[k]) {
			row := make([]Figure, len(targets))
			for j, c := range cols {
				row[j] = prev.Tools[k][c]
			}
			rows[i] = row
			continue
		}
		todo = append(todo, t)
		todoAt = append(todoAt, i)
	}
	if len(todo) > 0 {
		var d Diagnostics
		if diags != nil {
			d = func(k int, target string) []provider.Diagnostic { return diags(todoAt[k], target) }
		}
		fresh := Count(todo, targets, d)
		for k, i := range todoAt {
			rows[i] = fresh.Tools[k]
		}
	}
	return NewSet(targets, rows)
}
