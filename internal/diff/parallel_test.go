package diff

import (
	"fmt"
	"reflect"
	"runtime"
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/witness"
)

// TestParallelDiffIsSerial: diffing the pairs on several goroutines gives
// exactly what diffing them one after another does, also when the run's
// search budget runs out part way: the tools before that point carry
// their witnesses, the ones after it say the budget is spent.
func TestParallelDiffIsSerial(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	var jobs []pairJob
	for i := range 40 {
		oldS := `{"type":"object","properties":{"a":{"type":"string"},"n":{"type":"integer","maximum":10}}}`
		newS := `{"type":"object","properties":{"a":{"type":"integer"},"n":{"type":"integer","maximum":5}}}`
		if i%3 == 0 {
			// A search that judges its whole allowance and finds nothing.
			oldS, newS = budgetSchemas()
		}
		name := fmt.Sprintf("tool_%02d", i)
		jobs = append(jobs, pairJob{schemaTool(t, name+"/old.json", oldS), schemaTool(t, name+"/new.json", newS), name})
	}
	// One pair's worth of the budget is spent by the first few tools.
	opts := Options{compiled: witness.NewCache(), runBudget: 200}

	var want [][]Change
	before := 0
	for _, job := range jobs {
		ledger := &witness.Ledger{Before: before, Limit: opts.runBudget}
		want = append(want, diffTool(job.o, job.n, job.name, opts, ledger))
		before += ledger.Judged
	}
	witnessed, spent := 0, 0
	for _, changes := range want {
		for _, ch := range changes {
			switch {
			case ch.Witness != nil && ch.Witness.Arguments != nil:
				witnessed++
			case ch.Witness != nil && ch.Witness.Reason == reasonRunBudget:
				spent++
			}
		}
	}
	if witnessed == 0 || spent == 0 {
		t.Fatalf("the budget must run out part way: %d changes witnessed, %d past the budget", witnessed, spent)
	}
	for round := range 5 {
		if got := diffPairs(jobs, opts); !reflect.DeepEqual(got, want) {
			for i := range want {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("round %d: %s differs from the serial diff:\n got %+v\nwant %+v", round, jobs[i].name, got[i], want[i])
				}
			}
		}
	}
}

// TestAnnotationBesideRefIsNoRewrite: a $ref whose only siblings are
// annotations (a description) validates as its target does, so the
// comparison is trusted as for a plain $ref and the validator's safety
// net does not search; a sibling that constrains (maxLength) is a merged
// spelling the safety net double-checks.
func TestAnnotationBesideRefIsNoRewrite(t *testing.T) {
	schema := func(sibling, extra string) string {
		return `{"type":"object","$defs":{"S":{"type":"string"}},"properties":{"a":{` + sibling + `"$ref":"#/$defs/S"}` + extra + `}}`
	}
	for _, tc := range []struct {
		sibling  string
		searched bool
	}{
		{`"description":"Where to ship.",`, false},
		{`"description":"Where to ship.","title":"A","x-note":1,`, false},
		{`"maxLength":5,`, true},
	} {
		o := schemaTool(t, "old.json", schema(tc.sibling, ""))
		n := schemaTool(t, "new.json", schema(tc.sibling, `,"b":{"type":"integer"}`))
		ledger := &witness.Ledger{}
		got := diffTool(o, n, "demo_tool", Options{}, ledger)
		checkChanges(t, got, want{"optional-property-added", NonBreaking, "inputSchema.properties.b"})
		if searched := ledger.Judged > 0; searched != tc.searched {
			t.Errorf("sibling %s: safety net searched %v (%d judged), want %v", tc.sibling, searched, ledger.Judged, tc.searched)
		}
	}
}

// A panic while diffing one tool on a worker is raised again on the
// caller's goroutine, where the command's guard reports it, instead of
// ending the process from a goroutine nothing guards.
func TestParallelDiffPanicReachesTheCaller(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	defer func(f func(o, n *tool.Tool, name string, opts Options, ledger *witness.Ledger) []Change) { diffOne = f }(diffOne)
	diffOne = func(o, n *tool.Tool, name string, opts Options, ledger *witness.Ledger) []Change {
		if name == "tool_07" {
			panic("boom in " + name)
		}
		return nil
	}
	var jobs []pairJob
	for i := range 20 {
		name := fmt.Sprintf("tool_%02d", i)
		s := `{"type":"object"}`
		jobs = append(jobs, pairJob{schemaTool(t, name+"/old.json", s), schemaTool(t, name+"/new.json", s), name})
	}
	defer func() {
		if p := recover(); p != "boom in tool_07" {
			t.Errorf("recovered %v, want the worker's panic", p)
		}
	}()
	diffPairs(jobs, Options{})
	t.Error("no panic reached the caller")
}
