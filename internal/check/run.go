package check

import (
	"runtime"
	"slices"
	"sync"

	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropicstrict"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/workers"
)

// Run checks every tool against the targets named in targetIDs (in the
// order given, each once), after the core target. Tools are checked in
// parallel; the result is the same, byte for byte, on every run.
func Run(tools []*tool.Tool, targetIDs []string) *Result {
	return RunAdjusted(tools, targetIDs, nil)
}

// Adjust changes a tool's result before anything sees it (the config's
// `rules`: codes turned off, levels changed). It runs on the worker that
// checked the tool and must leave the result in canonical order, folded,
// with its summaries recounted.
type Adjust func(tr *ToolResult)

// RunAdjusted is Run with adjust applied to every tool's result (nil:
// none), before the totals are counted.
func RunAdjusted(tools []*tool.Tool, targetIDs []string, adjust Adjust) *Result {
	res := &Result{Tools: make([]ToolResult, 0, len(tools))}
	stream(tools, selected(targetIDs), adjust, nil, func(tr ToolResult, _ []byte) bool {
		res.Tools = append(res.Tools, tr)
		res.add(tr)
		return false
	}, false)
	return res
}

// Stream is Run without holding every result: fn receives each tool's
// result in tool order, so a report writer can emit it and move on, and
// memory stays bounded whatever the number of findings. Checking runs
// ahead of fn, on GOMAXPROCS workers, by a bounded window of tools.
//
// The result is fn's only until it returns: its diagnostic lists are then
// reused for later tools. A caller that keeps anything (a Diagnostic, a
// list) must copy it; the strings inside may be kept.
func Stream(tools []*tool.Tool, targetIDs []string, fn func(ToolResult)) {
	StreamAdjusted(tools, targetIDs, nil, fn)
}

// StreamAdjusted is Stream with adjust applied to every tool's result
// (nil: none) before fn sees it.
func StreamAdjusted(tools []*tool.Tool, targetIDs []string, adjust Adjust, fn func(ToolResult)) {
	stream(tools, selected(targetIDs), adjust, nil, func(tr ToolResult, _ []byte) bool { fn(tr); return false }, true)
}

// StreamEncoded is Stream for a writer whose rendering of a tool costs
// more than checking it (a JSON report): encode runs on the worker that
// checked the tool, right after, appending the tool's rendering to buf (a
// recycled buffer, empty); fn then receives the result and the rendering
// in tool order, and only has to write it. encode must not keep tr. The
// rendering is fn's only until it returns, unless fn returns keep = true:
// then it is fn's for good and never reused.
func StreamEncoded(tools []*tool.Tool, targetIDs []string, encode func(tr *ToolResult, buf []byte) []byte, fn func(tr ToolResult, encoded []byte) (keep bool)) {
	StreamEncodedAdjusted(tools, targetIDs, nil, encode, fn)
}

// StreamEncodedAdjusted is StreamEncoded with adjust applied to every
// tool's result (nil: none) before encode and fn see it.
func StreamEncodedAdjusted(tools []*tool.Tool, targetIDs []string, adjust Adjust, encode func(tr *ToolResult, buf []byte) []byte, fn func(tr ToolResult, encoded []byte) (keep bool)) {
	stream(tools, selected(targetIDs), adjust, encode, fn, true)
}

// maxRecycledEncoding caps the buffers kept for reuse: one huge tool's
// rendering is not held for the rest of the run.
const maxRecycledEncoding = 4 << 20

// aheadPerWorker is how many tools each worker may check ahead of fn:
// enough that a worker never waits on one slow tool, few enough that the
// results in flight stay small. Each is a tool's findings and, for a
// report, its rendering (146 KB on average in the corpus's JSON report):
// at 64 a worker, the second pass of a corpus check held 40 MB of them
// and its heap grew to 160 MB, three times what it needs; fresh memory is
// not free: on the 2-core VM this was measured on, the first touch of a
// page costs about 10 µs, and the check took 48,000-58,000 page faults
// and 2.7-3.0 s of system time at 64 a worker against 14,000-15,000 and
// 1.8-2.2 s at 4 (both under the same load).
const aheadPerWorker = 4

// stream checks tools on workers that stay at most a window of tools
// ahead of fn, which is called in tool order on the calling goroutine.
func stream(tools []*tool.Tool, targets []TargetInfo, adjust Adjust, encode func(*ToolResult, []byte) []byte, fn func(ToolResult, []byte) bool, recycle bool) {
	// Per-request limits are facts about the whole set, counted first, in
	// tool order, so that the tool crossing a limit carries the finding
	// (before a worker renders it).
	sets := setFindings(tools, targets)
	src := toolSource{n: len(tools), get: func(i int) *tool.Tool { return tools[i] }}
	streamFrom(src, targets, sets, adjust, encode, fn, recycle)
}

// toolSource gives stream the tools to check, by index in report order:
// get is called once per tool, on the worker that checks it; done (if
// set) once fn is through with it.
type toolSource struct {
	n    int
	get  func(i int) *tool.Tool
	done func(i int)
}

// streamFrom is stream over tools from src, with the set-level findings
// (by tool index) computed beforehand.
func streamFrom(src toolSource, targets []TargetInfo, sets map[int][]provider.Diagnostic, adjust Adjust, encode func(*ToolResult, []byte) []byte, fn func(ToolResult, []byte) bool, recycle bool) {
	n := src.n
	if n == 0 {
		return
	}
	if recycle {
		defer provider.Recycler()()
	}
	pool := min(runtime.GOMAXPROCS(0), n)
	window := min(aheadPerWorker*pool, n)
	var (
		mu       sync.Mutex
		ready    = sync.NewCond(&mu) // a result was stored (fn waits)
		space    = sync.NewCond(&mu) // fn consumed one (workers wait)
		next     int                 // the next tool to claim
		consumed int                 // tools fn is done with
		out      = make([]ToolResult, window)
		encoded  = make([][]byte, window)
		done     = make([]bool, window)
		panics   = make([]*workers.Panic, window) // a worker's, for the loop to raise
		free     [][]byte                         // renderings written, for reuse (at most window+pool exist)
	)
	defer func() {
		// Normally a no-op; if fn panics, it lets the workers go.
		mu.Lock()
		next = n
		space.Broadcast()
		mu.Unlock()
	}()
	for w := 0; w < pool; w++ {
		go func() {
			mu.Lock()
			defer mu.Unlock()
			for {
				for next < n && next >= consumed+window {
					space.Wait()
				}
				if next >= n {
					return
				}
				i := next
				next++
				mu.Unlock()
				var r ToolResult
				var enc []byte
				var failed *workers.Panic
				func() {
					// A panic is raised again by the loop below, on the
					// caller's goroutine, where the command's guard
					// reports it.
					defer workers.Catch(func(p *workers.Panic) { failed = p })
					r = checkTool(src.get(i), targets)
					if extra := sets[i]; len(extra) > 0 {
						addSetFindings(&r, anthropicstrict.ID, extra)
					}
					if adjust != nil {
						adjust(&r)
					}
					if encode != nil {
						mu.Lock()
						var buf []byte
						if k := len(free); k > 0 {
							buf, free = free[k-1], free[:k-1]
						}
						mu.Unlock()
						enc = encode(&r, buf[:0])
					}
				}()
				mu.Lock()
				out[i%window], encoded[i%window], done[i%window], panics[i%window] = r, enc, true, failed
				ready.Signal()
			}
		}()
	}
	for i := 0; i < n; i++ {
		mu.Lock()
		for !done[i%window] {
			ready.Wait()
		}
		r, enc, failed := out[i%window], encoded[i%window], panics[i%window]
		out[i%window], encoded[i%window], done[i%window], panics[i%window] = ToolResult{}, nil, false, nil
		mu.Unlock()
		if failed != nil {
			panic(failed.Value)
		}

		keep := fn(r, enc)
		if recycle {
			for _, t := range r.Targets {
				provider.Recycle(t.Diagnostics)
			}
		}
		if src.done != nil {
			src.done(i)
		}

		mu.Lock()
		if !keep && cap(enc) > 0 && cap(enc) <= maxRecycledEncoding {
			free = append(free, enc[:0])
		}
		consumed++
		space.Signal()
		mu.Unlock()
	}
}

func checkTool(t *tool.Tool, targets []TargetInfo) ToolResult {
	tr := ToolResult{Tool: t, Targets: make([]TargetResult, 0, len(targets)+1)}
	if ds := coreTarget.Check(t); len(ds) > 0 {
		tr.Targets = append(tr.Targets, targetResult(coreTarget, ds))
	}
	for _, target := range targetsFor(t, targets) {
		tr.Targets = append(tr.Targets, targetResult(target, target.Check(t)))
	}
	return tr
}

// setFindings are the findings about the set as a whole, by tool index:
// strict tool use's budget, when it is a target.
func setFindings(tools []*tool.Tool, targets []TargetInfo) map[int][]provider.Diagnostic {
	if slices.ContainsFunc(targets, func(t TargetInfo) bool { return t.ID == anthropicstrict.ID }) {
		return strictBudget(tools)
	}
	return nil
}

// strictBudget runs strict tool use's per-request budget over the set and
// returns the findings by tool index (at most one tool per limit).
func strictBudget(tools []*tool.Tool) map[int][]provider.Diagnostic {
	var budget anthropicstrict.Budget
	var out map[int][]provider.Diagnostic
	for i, t := range tools {
		if ds := budget.Add(t); len(ds) > 0 {
			if out == nil {
				out = map[int][]provider.Diagnostic{}
			}
			out[i] = ds
		}
	}
	return out
}

// addSetFindings adds set-level findings to r's result for target.
func addSetFindings(r *ToolResult, target string, extra []provider.Diagnostic) {
	for i := range r.Targets {
		t := &r.Targets[i]
		if t.ID != target {
			continue
		}
		ds := append(t.Diagnostics, extra...)
		provider.SortDiagnostics(ds)
		*t = targetResult(TargetInfo{ID: t.ID, Name: t.Name}, ds)
		return
	}
}

func targetResult(target TargetInfo, ds []provider.Diagnostic) TargetResult {
	provider.Fold(ds)
	return TargetResult{ID: target.ID, Name: target.Name, Diagnostics: ds, Summary: Summarize(ds)}
}

// Summarize counts ds by severity.
func Summarize(ds []provider.Diagnostic) Summary {
	var s Summary
	for i := range ds {
		switch ds[i].Severity {
		case provider.SeverityError:
			s.Error++
		case provider.SeverityWarning:
			s.Warning++
		default:
			s.Info++
		}
	}
	return s
}

func (r *Result) add(tr ToolResult) {
	for _, t := range tr.Targets {
		r.Errors += t.Summary.Error
		r.Warnings += t.Summary.Warning
		r.Infos += t.Summary.Info
	}
}
