package check

import (
	"slices"

	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropicstrict"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// SetFindings are the findings about the tool set as a whole (strict tool
// use's per-request limits) that Run and Stream add to the results of
// tools, by tool index, exactly as they add them; nil when there are none.
// Every other finding of a tool depends on that tool alone, so a caller
// that has one tool's result from another set (the head's, for the same
// tool in the base) takes these out and puts in this set's.
func SetFindings(tools []*tool.Tool, targetIDs []string) map[int][]provider.Diagnostic {
	targets := selected(targetIDs)
	var out map[int][]provider.Diagnostic
	for i, ds := range setFindings(tools, targets) {
		for _, t := range targetsFor(tools[i], targets) {
			if t.ID == anthropicstrict.ID {
				if out == nil {
					out = map[int][]provider.Diagnostic{}
				}
				out[i] = ds
				break
			}
		}
	}
	return out
}

// SetFindingsOf is SetFindings over a set of n tools not all in memory:
// params gives tool i's strict budget counts (anthropicstrict.Parameters
// of its input schema), and get the tool itself, asked only for the few
// tools that cross a limit (at most one per limit). ok is false when get
// could not give a tool, and the findings are then unknown.
func SetFindingsOf(n int, targetIDs []string, params func(i int) (optional, unions int), get func(i int) (*tool.Tool, bool)) (out map[int][]provider.Diagnostic, ok bool) {
	targets := selected(targetIDs)
	if !slices.ContainsFunc(targets, isStrict) {
		return nil, true
	}
	var budget anthropicstrict.Budget
	for i := 0; i < n; i++ {
		before := budget
		if !budget.Crosses(params(i)) {
			continue
		}
		t, ok := get(i)
		if !ok {
			return nil, false
		}
		ds := before.Add(t)
		if len(ds) == 0 || !slices.ContainsFunc(targetsFor(t, targets), isStrict) {
			continue
		}
		if out == nil {
			out = map[int][]provider.Diagnostic{}
		}
		out[i] = ds
	}
	return out, true
}

func isStrict(t TargetInfo) bool { return t.ID == anthropicstrict.ID }

// HasSetFindings reports whether a check of targetIDs can find anything
// about the set as a whole (SetFindings): only with anthropic-strict.
// Without, every tool's findings depend on that tool alone, in whatever
// order the tools are checked.
func HasSetFindings(targetIDs []string) bool {
	return slices.ContainsFunc(selected(targetIDs), isStrict)
}
