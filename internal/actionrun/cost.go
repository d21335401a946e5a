package actionrun

import (
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// maxDeltaTools is the largest tool set whose context cost a run counts
// without budgets: counting compiles every tool for every target and
// tokenizes it (most of a check's CPU), and the base's whole set is
// counted for the totals. With budgets configured it is always counted.
const maxDeltaTools = 2000

// contextCost is what the run says of the context cost: the change per
// target against the base, and the findings of the budgets the head
// exceeds (with the base's, for only-new).
type contextCost struct {
	deltas     []report.CostDelta
	head, base []finding.Finding
}

// countContextCost counts both sides' context cost when it is wanted:
// budgets are configured, or there is a base to compare with and the
// set is not larger than maxDeltaTools. The head's tools whose file is
// the base's byte for byte reuse the base's figures. nil: not counted.
func (r *actionRun) countContextCost(o runOptions, side *baseSide) *contextCost {
	if o.budgets == nil && !side.loaded {
		return nil
	}
	opts := r.loadOptions(r.workdir, r.root)
	// A file holds one tool or more: a walk (no file read) says first
	// whether the set is too large to count without budgets.
	if o.budgets == nil && tool.WalkFiles(o.paths, opts).Files() > maxDeltaTools {
		return nil
	}
	head := tool.Load(o.paths, opts)
	if o.budgets == nil && len(head.Tools) > maxDeltaTools {
		return nil
	}
	var baseTools []*tool.Tool
	if side.loaded && len(side.args) > 0 {
		opts.Cwd, opts.Root = side.cwd, side.root
		baseTools = tool.Load(side.args, opts).Tools
	}
	out := &contextCost{}
	// nil findings: the run counts before it checks (the budgets' findings
	// go through the check's collector), so Count checks what it compiles;
	// the head's unchanged tools take the base's figures.
	var baseSet, headSet *cost.Set
	if side.loaded {
		baseSet = cost.Count(baseTools, o.targets, nil)
		headSet = cost.CountReusing(head.Tools, o.targets, nil, baseSet, baseTools)
		for _, d := range cost.Compare(baseSet, headSet, 3) {
			name := d.Target
			if t, ok := check.Lookup(d.Target); ok {
				name = t.Name
			}
			out.deltas = append(out.deltas, report.CostDelta{TargetDelta: d, TargetName: name})
		}
	} else {
		headSet = cost.Count(head.Tools, o.targets, nil)
	}
	if o.budgets != nil {
		out.head = finding.FromCost(cost.CheckBudgets(o.budgets, headSet, baseSet), head.Tools)
		if o.onlyNew && baseSet != nil {
			out.base = finding.FromCost(cost.CheckBudgets(o.budgets, baseSet, nil), baseTools)
		}
	}
	return out
}

// costDeltas are the context cost's changes for the summary and the
// comment (nil: not counted).
func (r *actionRun) costDeltas() []report.CostDelta {
	if r.cost == nil {
		return nil
	}
	return r.cost.deltas
}
