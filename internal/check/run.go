package check

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Run checks every tool against the targets named in targetIDs (in the
// order given, each once), after the core target. Tools are checked in parallel; the result is the same, byte for
// byte, on every run.
func Run(tools []*tool.Tool, targetIDs []string) *Result {
	res := &Result{Tools: make([]ToolResult, 0, len(tools))}
	Stream(tools, targetIDs, func(tr ToolResult) {
		res.Tools = append(res.Tools, tr)
		res.add(tr)
	})
	return res
}

// Stream is Run without holding every result: fn receives each tool's
// result in tool order, so a report writer can emit and drop it. Only a
// bounded window of tools is in flight at a time.
func Stream(tools []*tool.Tool, targetIDs []string, fn func(ToolResult)) {
	targets := selected(targetIDs)
	workers := runtime.GOMAXPROCS(0)
	window := 64 * workers
	buf := make([]ToolResult, min(window, len(tools)))
	for start := 0; start < len(tools); start += window {
		chunk := tools[start:min(start+window, len(tools))]
		out := buf[:len(chunk)]
		var next atomic.Int64
		var wg sync.WaitGroup
		for w := 0; w < min(workers, len(chunk)); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1)) - 1
					if i >= len(chunk) {
						return
					}
					out[i] = checkTool(chunk[i], targets)
				}
			}()
		}
		wg.Wait()
		for i := range out {
			fn(out[i])
			out[i] = ToolResult{}
		}
	}
}

func checkTool(t *tool.Tool, targets []TargetInfo) ToolResult {
	tr := ToolResult{Tool: t, Targets: make([]TargetResult, 0, len(targets)+1)}
	if ds := coreTarget.Check(t); len(ds) > 0 {
		tr.Targets = append(tr.Targets, targetResult(coreTarget, ds))
	}
	for _, target := range targets {
		tr.Targets = append(tr.Targets, targetResult(target, target.Check(t)))
	}
	return tr
}

func targetResult(target TargetInfo, ds []provider.Diagnostic) TargetResult {
	r := TargetResult{ID: target.ID, Name: target.Name, Diagnostics: ds}
	for i := range ds {
		switch ds[i].Severity {
		case provider.SeverityError:
			r.Summary.Error++
		case provider.SeverityWarning:
			r.Summary.Warning++
		default:
			r.Summary.Info++
		}
	}
	return r
}

func (r *Result) add(tr ToolResult) {
	for _, t := range tr.Targets {
		r.Errors += t.Summary.Error
		r.Warnings += t.Summary.Warning
		r.Infos += t.Summary.Info
	}
}

// ValidFailOn reports whether s is a --fail-on threshold.
func ValidFailOn(s string) bool {
	switch s {
	case FailOnError, FailOnLossy, FailOnWarning, FailOnNever:
		return true
	}
	return false
}

// Fail-on thresholds.
const (
	FailOnError   = "error"
	FailOnLossy   = "lossy"
	FailOnWarning = "warning"
	FailOnNever   = "never"
)

// FailOn reports whether result has a finding at or above threshold:
//   - "error": any error;
//   - "warning": any error or warning;
//   - "lossy": any error or warning that compiling cannot fix without loss
//     (compile.supported false, or compile.lossy true). Infos never count:
//     they describe changes, not problems;
//   - "never": nothing fails.
//
// An unknown threshold is treated as "error".
func FailOn(result *Result, threshold string) bool {
	if threshold == FailOnNever || result == nil {
		return false
	}
	for _, tr := range result.Tools {
		for _, t := range tr.Targets {
			if Fails(t.Diagnostics, threshold) {
				return true
			}
		}
	}
	return false
}

// Fails applies a FailOn threshold to a list of diagnostics, for callers
// that stream results instead of holding a Result.
func Fails(ds []provider.Diagnostic, threshold string) bool {
	for i := range ds {
		d := &ds[i]
		switch threshold {
		case FailOnNever:
			return false
		case FailOnWarning:
			if d.Severity == provider.SeverityError || d.Severity == provider.SeverityWarning {
				return true
			}
		case FailOnLossy:
			if d.Severity != provider.SeverityInfo && d.Compile.IsLossy() {
				return true
			}
		default:
			if d.Severity == provider.SeverityError {
				return true
			}
		}
	}
	return false
}
