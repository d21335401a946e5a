package check

import (
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
