package actionrun

import (
	"github.com/schemaport/schemaport-action/internal/action"
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/targetdiff"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// A pull request can keep every caller working and still stop a tool
// compiling for a provider the team ships to (an optional property that
// uses `oneOf` cannot be written for OpenAI without widening it to
// `anyOf`). When the targets are named, run compiles both versions of
// every changed tool for each of them (internal/targetdiff), and each
// tool that compiled on the base and is refused on the head is a finding
// of its own kind (finding.KindTarget, target-regressed) that fails the
// run unless fail-on-target-regression is false; accept entries and the
// approval label accept it as they accept a breaking change.

// targetRun is what the comparison per target gives the outputs.
type targetRun struct {
	findings      []finding.Finding
	before, after report.Matrix
}

// targetSettings: whether the input or the config names the targets, and
// whether a compile regression fails the run (input, else config, else
// true but on push: as breaking-fail-on, the gate is the pull request,
// where the label and accept entries apply).
func targetSettings(s *action.Settings, cfg *config.Config, event string) (named, fail bool) {
	named = s.TargetsSet || cfg != nil && cfg.TargetsSet
	fail = event != "push"
	switch {
	case s.FailOnTargetRegressionSet:
		fail = s.FailOnTargetRegression
	case cfg != nil && cfg.FailOnTargetRegression != nil:
		fail = *cfg.FailOnTargetRegression
	}
	return named, fail
}

// compareTargets compiles the tools both sides have (before and after are
// the diff's sides: the tools that changed) for every target, and builds
// the matrices of the tools the diff names.
func (r *actionRun) compareTargets(o runOptions, before, after []*tool.Tool, dif *diff.Result) {
	if !o.targetsNamed || dif == nil {
		return
	}
	targets, err := targetdiff.Targets(o.targets)
	if err != nil {
		r.note("warning", "Targets not compared", err.Error())
		return
	}
	td := targetdiff.Diff(before, after, targets)
	tr := &targetRun{findings: finding.FromTargetDiff(&td)}
	touched := map[string]bool{}
	for i := range dif.Changes {
		touched[dif.Changes[i].ToolName] = true
	}
	adjust := o.rules.Adjust()
	tr.before = touchedMatrix(before, touched, o.targets, adjust)
	tr.after = touchedMatrix(after, touched, o.targets, adjust)
	r.targets = tr
}

// touchedMatrix is the check matrix (after `rules`) of the tools named in
// touched.
func touchedMatrix(tools []*tool.Tool, touched map[string]bool, targets []string, adjust check.Adjust) report.Matrix {
	var pick []*tool.Tool
	for _, t := range tools {
		if touched[t.Name] {
			pick = append(pick, t)
		}
	}
	res := &check.Result{}
	check.StreamAdjusted(pick, targets, adjust, func(tr check.ToolResult) {
		// Only the summaries are kept: the stream recycles its lists.
		out := check.ToolResult{Tool: tr.Tool, Targets: make([]check.TargetResult, len(tr.Targets))}
		for i, t := range tr.Targets {
			out.Targets[i] = check.TargetResult{ID: t.ID, Name: t.Name, Summary: t.Summary}
		}
		res.Tools = append(res.Tools, out)
	})
	return report.BuildMatrix(res, "")
}

// targetFindings are the compile regressions, for the policy.
func (r *actionRun) targetFindings() []finding.Finding {
	if r.targets == nil {
		return nil
	}
	return r.targets.findings
}

// targetSummary is the job summary's matrix section ("" without one).
func (r *actionRun) targetSummary() string {
	if r.targets == nil {
		return ""
	}
	return report.TargetMatrixSummary(r.targets.before, r.targets.after, len(r.targets.findings))
}
