package actionrun

import (
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/pipeline"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// runCost counts a run's context cost without checking anything twice:
// the head's tools as the run checks them (from the check's own
// findings), and the base's own tools (those no head tool has byte for
// byte: the pull request's change) once the diff is made. The base's
// other tools are the head's, with the head's figures. What it says: the
// change per target against the base, and the findings of the budgets
// the head exceeds (with the base's, for only-new).
type runCost struct {
	targets []string
	budgets *config.Budgets
	onlyNew bool
	head    *pipeline.Counting
	// withBase: there is a base to compare with. baseRows are the base's
	// own tools' figures, shared the names of its tools the head has byte
	// for byte, baseTools its own tools a base budget finding is located
	// on (kept for only-new only).
	withBase  bool
	baseRows  [][]cost.Figure
	shared    map[string]bool
	baseTools []*tool.Tool
	// headOver, baseOver: a side has too many tools to count.
	headOver, baseOver bool
	deltas             []report.CostDelta
}

// maxDeltaTools is the largest tool set whose context cost a run counts
// without budgets, for the change alone: counting compiles every tool for
// every target and tokenizes it, which adds about half to a check's CPU
// (on the 10,000-tool corpus, a run against the same files took 3.2 s
// instead of 2.1). With budgets configured the set is always counted.
var maxDeltaTools = 2000 // a test lowers it

// newRunCost is the run's counting: when budgets are configured, or there
// is a base to compare with (nil: nothing is counted).
func (r *actionRun) newRunCost(o runOptions, side *baseSide) *runCost {
	if (o.budgets == nil && !side.loaded) || len(o.targets) == 0 {
		return nil
	}
	rc := &runCost{targets: o.targets, budgets: o.budgets, onlyNew: o.onlyNew, withBase: side.loaded}
	switch {
	case o.budgets != nil:
		rc.head = pipeline.NewCounting(o.targets)
	case tool.WalkFiles(o.paths, r.loadOptions(r.workdir, r.root)).Files() > maxDeltaTools:
		// A file holds a tool or more: a walk (no file read) tells a set
		// too large before any is counted.
		rc.headOver = true
	default:
		rc.head = pipeline.NewCountingUpTo(o.targets, maxDeltaTools)
	}
	return rc
}

// over reports whether a side is too large to count (no budgets, and
// more than maxDeltaTools tools).
func (rc *runCost) over(tools int) bool { return rc.budgets == nil && tools > maxDeltaTools }

// hook counts each head tool on the check's workers (nil: not counting).
func (rc *runCost) hook() check.Adjust {
	if rc == nil {
		return nil
	}
	return rc.head.Hook()
}

// take files the figures hook counted for t.
func (rc *runCost) take(t *tool.Tool) {
	if rc != nil {
		rc.head.Take(t)
	}
}

// tool counts a head tool now, on the caller's goroutine.
func (rc *runCost) tool(tr *check.ToolResult) {
	if rc != nil {
		rc.head.Tool(tr)
	}
}

// countBase counts the base's own tools (own: no head tool has them byte
// for byte) and notes the names of the others (shared), whose figures
// are the head's. It checks what it counts: the base's findings are
// never reported, only its figures are needed.
func (rc *runCost) countBase(own []*tool.Tool, shared map[string]bool) {
	if rc == nil || !rc.withBase || rc.headOver {
		return
	}
	if rc.over(len(own) + len(shared)) {
		rc.baseOver = true
		return
	}
	rc.baseRows = cost.Count(own, rc.targets, nil).Tools
	// A name is a slice of its file's text: copied, the figures keep no
	// base file in memory.
	for _, row := range rc.baseRows {
		name := strings.Clone(row[0].Tool)
		for j := range row {
			row[j].Tool = name
		}
	}
	rc.shared = shared
	if rc.budgets != nil && rc.onlyNew {
		rc.baseTools = own
	}
}

// splitBase tells the base's tools the head has byte for byte (a tool of
// the same name, tool.SameText) from the base's own.
func splitBase(base, head []*tool.Tool) (own []*tool.Tool, shared map[string]bool) {
	byName := make(map[string]*tool.Tool, len(head))
	for _, t := range head {
		byName[t.Name] = t
	}
	shared = map[string]bool{}
	for _, t := range base {
		if h, ok := byName[t.Name]; ok && tool.SameText(t, h) {
			shared[t.Name] = true
			continue
		}
		own = append(own, t)
	}
	return own, shared
}

// finish makes the sets once the head is checked, the change per target,
// and the budgets' findings: the head's (located on headTools' tools of
// the names asked for) and the base's for only-new. tooLarge: a side had
// too many tools to count.
func (rc *runCost) finish(headTools func(names map[string]bool) []*tool.Tool) (head, base []finding.Finding, tooLarge bool) {
	if rc.headOver || rc.head.Over() || rc.baseOver {
		return nil, nil, true
	}
	headRows := rc.head.Rows()
	headSet := cost.NewSet(rc.targets, headRows)
	var baseSet *cost.Set
	if rc.withBase {
		rows := slices.Clone(rc.baseRows)
		for _, row := range headRows {
			if rc.shared[row[0].Tool] {
				rows = append(rows, row)
			}
		}
		slices.SortStableFunc(rows, func(a, b []cost.Figure) int { return tool.CompareNames(a[0].Tool, b[0].Tool) })
		baseSet = cost.NewSet(rc.targets, rows)
		for _, d := range cost.Compare(baseSet, headSet, 3) {
			name := d.Target
			if t, ok := check.Lookup(d.Target); ok {
				name = t.Name
			}
			rc.deltas = append(rc.deltas, report.CostDelta{TargetDelta: d, TargetName: name})
		}
	}
	if rc.budgets == nil {
		return nil, nil, false
	}
	if vs := cost.CheckBudgets(rc.budgets, headSet, baseSet); len(vs) > 0 {
		head = finding.FromCost(vs, headTools(violators(vs)))
	}
	if rc.onlyNew && baseSet != nil {
		if vs := cost.CheckBudgets(rc.budgets, baseSet, nil); len(vs) > 0 {
			// A base tool the head shares is the head's tool.
			names := violators(vs)
			tools := slices.Clone(rc.baseTools)
			sharedNames := map[string]bool{}
			for n := range names {
				if rc.shared[n] {
					sharedNames[n] = true
				}
			}
			if len(sharedNames) > 0 {
				tools = append(tools, headTools(sharedNames)...)
			}
			base = finding.FromCost(vs, tools)
		}
	}
	return head, base, false
}

// violators are the names of the tools budget violations are on.
func violators(vs []cost.Violation) map[string]bool {
	names := map[string]bool{}
	for _, v := range vs {
		names[v.Tool] = true
	}
	return names
}

// costDeltas are the context cost's changes for the summary and the
// comment (nil: not counted).
func (r *actionRun) costDeltas() []report.CostDelta {
	if r.cost == nil {
		return nil
	}
	return r.cost.deltas
}
