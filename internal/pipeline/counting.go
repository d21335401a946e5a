package pipeline

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Counting counts each tool's context cost from the check's own result
// (the compiled definitions are built from its findings: no second
// check), on whichever goroutine checked the tool, and keeps the figures
// only: a tool's tree can go once it is counted. A nil *Counting counts
// nothing.
type Counting struct {
	targets []string
	limit   int64        // the most tools counted (0: no limit)
	seen    atomic.Int64 // tools offered
	mu      sync.Mutex
	pending map[*tool.Tool][]cost.Figure
	rows    [][]cost.Figure
}

// NewCounting counts for targets.
func NewCounting(targets []string) *Counting {
	return &Counting{targets: targets, pending: map[*tool.Tool][]cost.Figure{}}
}

// NewCountingUpTo counts for targets up to limit tools: past it, Over
// says so and nothing more is counted (the figures are then of part of
// the set).
func NewCountingUpTo(targets []string, limit int) *Counting {
	k := NewCounting(targets)
	k.limit = int64(limit)
	return k
}

// Over reports whether more than the limit's tools were offered.
func (k *Counting) Over() bool { return k != nil && k.limit > 0 && k.seen.Load() > k.limit }

// counts says whether one more tool is counted.
func (k *Counting) counts() bool { return k.seen.Add(1) <= k.limit || k.limit == 0 }

// Hook is the check's hook (check.Adjust, called on its workers as each
// tool's result is made, before any config adjustment): it counts the
// tool, and Take files its figures as the stream delivers it. nil when
// k is.
func (k *Counting) Hook() check.Adjust {
	if k == nil {
		return nil
	}
	return func(tr *check.ToolResult) {
		if !k.counts() {
			return
		}
		row := cost.CountTool(tr.Tool, k.targets, asChecked(tr))
		k.mu.Lock()
		k.pending[tr.Tool] = row
		k.mu.Unlock()
	}
}

// Take files the figures Hook counted for t, if it did.
func (k *Counting) Take(t *tool.Tool) {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if row, ok := k.pending[t]; ok {
		k.rows = append(k.rows, row)
		delete(k.pending, t)
	}
}

// Tool counts tr's tool now, on the caller's goroutine: for a check that
// hands each result to a callback on its own workers. tr must be as the
// check made it (before the config's rules are applied).
func (k *Counting) Tool(tr *check.ToolResult) {
	if k == nil || !k.counts() {
		return
	}
	row := cost.CountTool(tr.Tool, k.targets, asChecked(tr))
	k.mu.Lock()
	k.rows = append(k.rows, row)
	k.mu.Unlock()
}

// Rows returns the figures counted, one row per tool, in report order
// (by name; tools of one name in the order they were filed). nil when k
// is.
func (k *Counting) Rows() [][]cost.Figure {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.targets) > 0 {
		slices.SortStableFunc(k.rows, func(a, b []cost.Figure) int { return tool.CompareNames(a[0].Tool, b[0].Tool) })
	}
	return k.rows
}

// asChecked gives a target's findings on a tool as check made them: read
// before the Collector applies the config's rules to the result.
func asChecked(tr *check.ToolResult) func(target string) []provider.Diagnostic {
	return func(target string) []provider.Diagnostic {
		for k := range tr.Targets {
			if tr.Targets[k].ID == target {
				return tr.Targets[k].Diagnostics
			}
		}
		return nil
	}
}
