package cost

import (
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/provider"
)

// Findings keeps, tool by tool, what Count needs of a check that has run
// on the same tools, so that counting after a check does not check again:
// per target, the findings compile looks up (compile.Consults), copied
// (a streamed check reuses its lists). Most tools keep none.
type Findings struct {
	targets []string
	tools   [][][]provider.Diagnostic // [tool][target]
}

// NewFindings is room for n tools' findings on targets (Count's order).
func NewFindings(n int, targets []string) *Findings {
	return &Findings{targets: targets, tools: make([][][]provider.Diagnostic, n)}
}

// none is a check that found nothing compile looks up: not nil, which
// would ask Render to check.
var none = []provider.Diagnostic{}

// Keep records tool i's check result, as check made it (before any
// config adjustment). Calls for different tools may run concurrently.
func (f *Findings) Keep(i int, tr *check.ToolResult) {
	row := make([][]provider.Diagnostic, len(f.targets))
	for j, target := range f.targets {
		row[j] = none
		for k := range tr.Targets {
			if tr.Targets[k].ID != target {
				continue
			}
			var kept []provider.Diagnostic
			for _, d := range tr.Targets[k].Diagnostics {
				if compile.Consults(target, d.Code) {
					kept = append(kept, d)
				}
			}
			if kept != nil {
				row[j] = kept
			}
		}
	}
	f.tools[i] = row
}

// Diagnostics gives Count the kept findings; a tool Keep never saw is
// checked.
func (f *Findings) Diagnostics() Diagnostics {
	return func(i int, target string) []provider.Diagnostic {
		row := f.tools[i]
		if row == nil {
			return nil
		}
		for j, t := range f.targets {
			if t == target {
				return row[j]
			}
		}
		return nil
	}
}
