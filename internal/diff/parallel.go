package diff

import (
	"runtime"
	"sync/atomic"

	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/witness"
	"github.com/schemaport/schemaport-action/internal/workers"
)

// pairJob is one tool present on both sides (or renamed), diffed on its
// own.
type pairJob struct {
	o, n *tool.Tool
	name string
}

// diffPairs diffs every pair, on GOMAXPROCS goroutines, and returns each
// pair's changes in job order, exactly as diffing them one after another
// would: the witness search is most of a diff's cost and each pair's is
// independent, but for the run's search budget, which a serial run
// spends in tool order.
//
// So each pair is first searched as if it were the run's first tool.
// Then, in job order, with what the pairs before it judged known: a pair
// whose searches stayed under the budget from there did exactly what it
// would have done in a serial run and is kept; one that crossed it (or
// was not started, because the pairs before it had spent the budget) is
// diffed again with its exact share. Pairs are started in job order and
// none is started once the first searches have spent the budget, so past
// the budget the parallel pass wastes at most one pair per goroutine.
func diffPairs(jobs []pairJob, opts Options) [][]Change {
	out := make([][]Change, len(jobs))
	judged := make([]int, len(jobs))
	started := make([]bool, len(jobs))
	var next, spent atomic.Int64
	limit := opts.runBudget
	if limit == 0 {
		limit = witness.RunBudget
	}
	// A panic on a worker is raised again here, where the command's
	// guard reports it (workers.Run).
	workers.Run(min(runtime.GOMAXPROCS(0), len(jobs)), func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= len(jobs) || (!opts.NoWitnesses && spent.Load() >= int64(limit)) {
				return
			}
			ledger := &witness.Ledger{Limit: limit}
			out[i] = diffOne(jobs[i].o, jobs[i].n, jobs[i].name, opts, ledger)
			judged[i], started[i] = ledger.Judged, true
			spent.Add(int64(ledger.Judged))
		}
	})
	before := 0
	for i, job := range jobs {
		if !started[i] || before+judged[i] >= limit {
			ledger := &witness.Ledger{Before: before, Limit: limit}
			out[i] = diffOne(job.o, job.n, job.name, opts, ledger)
			judged[i] = ledger.Judged
		}
		before += judged[i]
	}
	return out
}

// diffOne is diffTool; a test puts one that panics in its place.
var diffOne = diffTool
