// Package pipeline is the one flow every command's findings take: the
// engines' results (load errors, check diagnostics, diff changes) become
// finding.Findings, one policy step decides each of them (finding.Applier:
// the config's `rules` and the thresholds; for `run` also only-new, accept
// entries and the approval label), and one cap step bounds what reaches
// the outputs (report.CapStream: findings per tool and per run, long paths
// and strings). Every renderer reads the Outcome, so `check`, `diff` and
// `run` show a finding the same way, with the same identity and level, and
// exit alike under the same threshold.
package pipeline

import (
	"sync"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Outcome is what one command found, decided and bounded.
type Outcome struct {
	// Check is the capped check view: every tool checked, each target with
	// its whole summary, and the diagnostics the caps kept (nil: nothing
	// was checked).
	Check *check.Result
	// Diff is the capped diff (nil: nothing was diffed).
	Diff *diff.Result
	// Policy is the verdict: the kept findings, the whole counts, the
	// reasons and the exit status.
	Policy *finding.Result
	// Omitted is what the caps left out of every output.
	Omitted report.Omitted
	// LoadErrors are the input errors of the files checked.
	LoadErrors []tool.LoadError
	// Changed: a tool file changed while it was being checked, so what
	// the outputs would say is not known.
	Changed bool
	// Cost is the context cost of every tool and target (nil: not asked
	// for).
	Cost *cost.Set
}

// Exit is the command's exit status: 2 for input errors, 1 for findings
// at or above the threshold, else 0.
func (o *Outcome) Exit() int { return o.Policy.Exit }

// CheckView is the check as text shows it: every tool and target checked,
// with the findings the caps kept and `rules` left on, each at its
// effective level (run's log shows the same view of the new ones).
func (o *Outcome) CheckView() *check.Result {
	return report.PolicyCheckViewOf(o.Check, o.Policy, func(f *finding.Finding) bool { return f.State != finding.StateDisabled })
}

// DiffView is the diff as the outputs show it: the changes the caps kept
// and `rules` left on, each at its effective classification, with the
// whole counts as its summary.
func (o *Outcome) DiffView() *diff.Result {
	v := report.PolicyDiffView(o.Policy)
	c := o.Policy.Counts
	v.Summary = diff.Summary{Breaking: c.Breaking, NonBreaking: c.NonBreaking, Informational: c.Informational}
	return v
}

// OmittedNote is the sentence that says what the caps left out ("" when
// nothing was).
func (o *Outcome) OmittedNote() string { return o.Omitted.Note() }

// Collector is the policy and the cap step, fed one engine result at a
// time: load errors first, then each tool's check result in report order
// (or in any order with ByName), then the diff.
type Collector struct {
	pol   *finding.Applier
	view  *report.CapStream
	rules *finding.Rules
}

// NewCollector starts a collector for policy p; inBase holds the base's
// fingerprints for only-new (nil: none). byName takes the tools in any
// order, the report's order being by name.
func NewCollector(p finding.Policy, inBase *finding.Fingerprints, l report.Limits, byName bool) *Collector {
	c := &Collector{pol: finding.NewApplier(p, inBase), rules: p.Rules}
	if byName {
		c.view = report.NewCapStreamByName(l)
	} else {
		c.view = report.NewCapStream(l)
	}
	return c
}

// Load adds the input errors.
func (c *Collector) Load(errs []tool.LoadError) {
	for _, f := range finding.FromLoad(errs) {
		c.add(&f)
	}
}

// Tool adds one tool's check result, as the engine gave it: the policy's
// rules are applied to it here (a level changed, restatements folded
// again, a code turned off left out of the result but counted as turned
// off), so every command sees the same adjusted result. known says which
// of its findings the base has without a look-up (nil: none). tr is not
// kept.
func (c *Collector) Tool(tr *check.ToolResult, known func(target string, d *provider.Diagnostic) bool) {
	off := c.rules.ApplyToCheck(tr)
	c.view.Tool(tr)
	finding.EachCheckTarget(tr, func(t *check.TargetResult) {
		for j := range t.Diagnostics {
			d := &t.Diagnostics[j]
			f := finding.PartialCheckFinding(tr.Tool, t, d)
			if known != nil && known(t.ID, d) {
				c.pol.ApplyInBase(&f)
			} else {
				c.pol.Apply(&f)
			}
			c.view.Add(&f)
		}
	})
	for i := range off {
		f := finding.PartialCheckFinding(tr.Tool, &tr.Targets[off[i].Target], &off[i].Diagnostic)
		c.pol.Apply(&f)
		c.view.Add(&f)
	}
}

// Extra adds findings made apart from any tool's check (a budget's), and
// the same kind of findings of the base for only-new (base may be nil).
// Call it after the last Tool.
func (c *Collector) Extra(head, base []finding.Finding) {
	c.pol.AddBase(base)
	for i := range head {
		c.add(&head[i])
	}
}

// Finish adds the diff's changes (dif may be nil) and returns the
// outcome.
func (c *Collector) Finish(dif *diff.Result) Outcome {
	return c.FinishWith(dif, nil)
}

// FinishWith is Finish with more findings after the diff's: run's compile
// regressions (finding.FromTargetDiff).
func (c *Collector) FinishWith(dif *diff.Result, more []finding.Finding) Outcome {
	for _, f := range finding.FromDiff(dif) {
		c.add(&f)
	}
	for i := range more {
		c.add(&more[i])
	}
	capped := c.view.Finish(c.pol.Result(), dif)
	return Outcome{Check: capped.Check, Diff: capped.Diff, Policy: capped.Policy, Omitted: capped.Omitted}
}

func (c *Collector) add(f *finding.Finding) {
	c.pol.Apply(f)
	c.view.Add(f)
}

// CheckInput is what `check` checks, and how.
type CheckInput struct {
	Paths   []string
	Load    tool.Options
	Targets []string
	// Policy holds the config's rules, applied to each tool's result by
	// the Collector.
	Policy finding.Policy
	Limits report.Limits
	// Cost asks for the context cost of every tool and target (Outcome.Cost).
	Cost bool
	// Budgets are the config's context budgets: each one exceeded is a
	// finding (nil: none).
	Budgets *config.Budgets
}

// Check loads and checks the paths file by file (a few files' trees in
// memory at once, whatever the size of the set) and returns the outcome.
// A set with a load problem is loaded whole (tool.Load) for the problem's
// report; the tools that loaded are still checked.
//
// The context cost is counted only when asked for (Cost, Budgets): each
// tool as it is checked, from the check's own findings, before its
// file's trees go. Counting compiles every tool for every target and
// tokenizes the text, which costs about half the check's CPU
// (BenchmarkCountVsCheck).
func Check(in CheckInput) Outcome {
	if o, ok := scanCheck(in); ok {
		return o
	}
	// The whole set in memory: a set with a load problem is reported
	// from tool.Load.
	loaded := tool.Load(in.Paths, in.Load)
	c := NewCollector(in.Policy, nil, in.Limits, false)
	c.Load(loaded.Errors)
	k := in.counting()
	check.StreamAdjusted(loaded.Tools, in.Targets, k.Hook(), func(tr check.ToolResult) {
		k.Take(tr.Tool)
		c.Tool(&tr, nil)
	})
	o := finishCheck(in, c, k.Rows(), func(names map[string]bool) []*tool.Tool { return loaded.Tools })
	o.LoadErrors = loaded.Errors
	return o
}

// finishCheck adds the budgets' findings to a check counted into rows
// (one per tool in report order; nil when nothing was counted) and
// finishes it. toolsNamed returns the tools of those names, which the
// budget findings are located on.
func finishCheck(in CheckInput, c *Collector, rows [][]cost.Figure, toolsNamed func(names map[string]bool) []*tool.Tool) Outcome {
	if !in.Cost && in.Budgets == nil {
		return c.Finish(nil)
	}
	set := cost.NewSet(in.Targets, rows)
	if vs := cost.CheckBudgets(in.Budgets, set, nil); len(vs) > 0 {
		names := map[string]bool{}
		for _, v := range vs {
			names[v.Tool] = true
		}
		c.Extra(finding.FromCost(vs, toolsNamed(names)), nil)
	}
	o := c.Finish(nil)
	if in.Cost {
		o.Cost = set
	}
	return o
}

// scanCheck is Check for a set that loads without a problem: in one pass
// (each tool checked, and counted, on the loader's workers as its file
// loads) unless anthropic-strict is a target, whose per-request budget
// depends on the tools before each one in report order: then in two
// (check.Scanned's Stream).
func scanCheck(in CheckInput) (Outcome, bool) {
	k := in.counting()
	if check.HasSetFindings(in.Targets) {
		// Stream checks (and counts) on workers; the first pass only
		// loads.
		s, ok := check.Scan(in.Paths, in.Load, in.Targets, k.Hook(), check.ScanTo{})
		if !ok {
			return Outcome{}, false
		}
		c := NewCollector(in.Policy, nil, in.Limits, false)
		s.Stream(func(tr check.ToolResult) {
			k.Take(tr.Tool)
			c.Tool(&tr, nil)
		})
		o := finishCheck(in, c, k.Rows(), ScannedTools(s))
		o.Changed = s.Changed()
		return o, true
	}
	c := NewCollector(in.Policy, nil, in.Limits, true)
	var mu sync.Mutex // the policy and the view take one tool at a time
	s, ok := check.Scan(in.Paths, in.Load, in.Targets, nil, check.ScanTo{
		Each: func(key check.ToolKey, tr *check.ToolResult) {
			k.Tool(tr)
			mu.Lock()
			defer mu.Unlock()
			c.Tool(tr, nil)
		},
	})
	if !ok {
		return Outcome{}, false
	}
	o := finishCheck(in, c, k.Rows(), ScannedTools(s))
	o.Changed = s.Changed() || s.Loaded().Changed()
	return o, true
}

// counting is what counts the check's tools (nil: nothing is).
func (in CheckInput) counting() *Counting {
	if !in.Cost && in.Budgets == nil {
		return nil
	}
	return NewCounting(in.Targets)
}

// ScannedTools loads again the files of the tools named (a budget
// finding's tools: a few), in report order.
func ScannedTools(s *check.Scanned) func(names map[string]bool) []*tool.Tool {
	return func(names map[string]bool) []*tool.Tool {
		refs := s.Loaded().Refs
		var files []int
		seen := map[int]bool{}
		for _, r := range refs {
			if names[r.Name] && !seen[r.File] {
				seen[r.File] = true
				files = append(files, r.File)
			}
		}
		byFile, ok := s.Loaded().ToolsOfFiles(files)
		if !ok {
			return nil
		}
		var out []*tool.Tool
		for _, r := range refs {
			if names[r.Name] {
				out = append(out, byFile[r.File][r.Index])
			}
		}
		return out
	}
}

// Load is the outcome of a command whose inputs did not load at all:
// only the input errors, each failing (exit 2).
func Load(errs []tool.LoadError) Outcome {
	c := NewCollector(finding.Policy{}, nil, report.RunLimits, false)
	c.Load(errs)
	o := c.Finish(nil)
	o.Check, o.LoadErrors = nil, errs
	return o
}

// DiffInput is what `diff` compares.
type DiffInput struct {
	Result     *diff.Result
	LoadErrors []tool.LoadError
	// More are findings after the diff's: diff --targets' compile
	// regressions (finding.FromTargetDiff).
	More   []finding.Finding
	Policy finding.Policy
	Limits report.Limits
}

// Diff puts a diff's changes through the policy and the caps.
func Diff(in DiffInput) Outcome {
	c := NewCollector(in.Policy, nil, in.Limits, false)
	c.Load(in.LoadErrors)
	o := c.FinishWith(in.Result, in.More)
	o.Check = nil
	o.LoadErrors = in.LoadErrors
	return o
}
