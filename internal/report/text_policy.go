package report

import (
	"bufio"
	"io"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// PolicyCheckView is a check result holding only the check findings keep
// selects, each at its effective level (after `rules`), so that the text
// renderer shows what the policy decided. Tools and targets without a kept
// finding are left out.
func PolicyCheckView(res *finding.Result, keep func(*finding.Finding) bool) *check.Result {
	return PolicyCheckViewOf(nil, res, keep)
}

// PolicyCheckViewOf is PolicyCheckView over the tools and targets of chk
// (the capped check view, nil: none): every tool and target checked is in
// it, in chk's order, those without a kept finding with none (so text
// says they are compatible). `check` and `run` render their check text
// through it, so a finding reads the same in both.
func PolicyCheckViewOf(chk *check.Result, res *finding.Result, keep func(*finding.Finding) bool) *check.Result {
	out := &check.Result{}
	type key struct{ tool, target string }
	at := map[key]*check.TargetResult{}
	// Two tools of one name (a duplicate, reported as a load error) are
	// both checked: a finding joins its own tool's view, found by the
	// tool itself, and by name only when it was made apart (a budget's).
	type defKey struct {
		tool   *tool.Tool
		target string
	}
	atDef := map[defKey]*check.TargetResult{}
	if chk != nil {
		out.Tools = make([]check.ToolResult, len(chk.Tools))
		for i := range chk.Tools {
			tr := &chk.Tools[i]
			o := &out.Tools[i]
			o.Tool = tr.Tool
			o.Targets = make([]check.TargetResult, len(tr.Targets))
			for j := range tr.Targets {
				o.Targets[j] = check.TargetResult{ID: tr.Targets[j].ID, Name: tr.Targets[j].Name}
				if tr.Tool != nil {
					at[key{tr.Tool.Name, tr.Targets[j].ID}] = &o.Targets[j]
					atDef[defKey{tr.Tool, tr.Targets[j].ID}] = &o.Targets[j]
				}
			}
		}
	}
	var tr *check.ToolResult
	var tg *check.TargetResult
	for i := range res.Findings {
		f := &res.Findings[i]
		if f.Kind != finding.KindCheck || f.Diagnostic == nil || !keep(f) {
			continue
		}
		if t, ok := atDef[defKey{f.ToolDef, f.Target}]; ok && f.ToolDef != nil {
			tr, tg = nil, t
		} else if t, ok := at[key{f.Tool, f.Target}]; ok {
			tr, tg = nil, t
		} else {
			if tr == nil || tr.Tool != f.ToolDef {
				out.Tools = append(out.Tools, check.ToolResult{Tool: f.ToolDef})
				tr, tg = &out.Tools[len(out.Tools)-1], nil
			}
			if tg == nil || tg.ID != f.Target {
				tr.Targets = append(tr.Targets, check.TargetResult{ID: f.Target, Name: f.TargetName})
				tg = &tr.Targets[len(tr.Targets)-1]
			}
		}
		d := *f.Diagnostic
		d.Severity = f.Level
		d.FoldedInto = "" // marked again below, on what the view keeps
		tg.Diagnostics = append(tg.Diagnostics, d)
		switch d.Severity {
		case provider.SeverityError:
			tg.Summary.Error++
			out.Errors++
		case provider.SeverityWarning:
			tg.Summary.Warning++
			out.Warnings++
		default:
			tg.Summary.Info++
			out.Infos++
		}
	}
	// The engine's fold marks hold for the engine's levels and for the
	// whole target; here `rules` may have changed a level and keep may have
	// left out the finding a restatement points at. Marking again on what
	// the view holds folds a pair only when both are shown at the levels
	// the marks expect, so no restatement is hidden without its entry.
	for i := range out.Tools {
		for j := range out.Tools[i].Targets {
			ds := out.Tools[i].Targets[j].Diagnostics
			provider.SortDiagnostics(ds)
			provider.Fold(ds)
		}
	}
	return out
}

// PolicyDiffView is the diff without the changes `rules` turned off, each
// at its effective classification.
func PolicyDiffView(res *finding.Result) *diff.Result {
	out := &diff.Result{}
	for i := range res.Findings {
		f := &res.Findings[i]
		if f.Kind != finding.KindDiff || f.Change == nil || f.State == finding.StateDisabled {
			continue
		}
		c := *f.Change
		c.Classification = f.Classification()
		out.Changes = append(out.Changes, c)
		switch c.Classification {
		case diff.Breaking:
			out.Summary.Breaking++
		case diff.NonBreaking:
			out.Summary.NonBreaking++
		default:
			out.Summary.Informational++
		}
	}
	return out
}

// ToleratedText lists, one line each, the findings that were found but do
// not count: existing on the base, accepted, approved, turned off.
//
//	existing  error    openai/strict-optional-property  search_orders  tools/s.json:12:7  `limit` is optional, …
func ToleratedText(w io.Writer, res *finding.Result) error {
	bw := bufio.NewWriter(w)
	for i := range res.Findings {
		f := &res.Findings[i]
		if f.State == finding.StateNew || f.Kind == finding.KindLoad {
			continue
		}
		why := ""
		switch f.State {
		case finding.StateAccepted:
			why = " (accepted until " + f.AcceptedUntil + ", " + f.AcceptedBy + ": " + f.Reason + ")"
		case finding.StateApproved, finding.StateDisabled:
			why = " (" + f.Reason + ")"
		}
		msg, _, _ := strings.Cut(f.Message, "\n")
		bw.WriteString(clean(strings.Join([]string{string(f.State), f.Level, f.Code, f.Tool,
			position(f.Location.File, f.Location.Line, f.Location.Column), msg + why}, "  ")) + "\n")
	}
	return bw.Flush()
}
