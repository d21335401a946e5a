package report

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/finding"
)

// policyFolds says, for the annotations and the job summary, which of the
// policy's check findings are one fact said twice or said for every tool
// (the check text's "one finding per fact", from the marks provider.Fold
// left on the engine's diagnostics). Nothing is dropped from the counts,
// the JSON report or SARIF: only these two outputs for people show a
// group as one entry.
type policyFolds struct {
	// folded maps a finding to the ones folded into it: a consequence
	// (openai/nullable-instead-of-omitted) restating it at the same path
	// of the same tool and target, in the same state.
	folded map[*finding.Finding][]*finding.Finding
	// wide maps the first finding of a target-wide fact
	// (anthropic/schema-not-enforced) to all of its group: the findings of
	// that code for that target in the same state and verdict.
	wide map[*finding.Finding][]*finding.Finding
	// hidden are the findings shown inside another's entry.
	hidden map[*finding.Finding]bool
}

// foldKey identifies a check finding within a run.
type foldKey struct{ target, tool, path, code string }

// wideKey identifies a target-wide group: one per target, code, state and
// verdict, so a group never mixes a finding that fails with one that does
// not, nor one table of the summary with another.
type wideKey struct {
	target, code string
	state        finding.State
	fails        bool
}

// foldPolicy groups res's findings. Cost is one map entry per folded or
// target-wide finding; a run without them allocates nothing.
func foldPolicy(res *finding.Result) *policyFolds {
	pf := &policyFolds{}
	if res == nil {
		return pf
	}
	var want map[foldKey]*finding.Finding
	for i := range res.Findings {
		f := &res.Findings[i]
		if f.Kind != finding.KindCheck || f.Diagnostic == nil {
			continue
		}
		if f.Diagnostic.FoldedInto != "" {
			if want == nil {
				want = map[foldKey]*finding.Finding{}
			}
			want[foldKey{f.Target, f.Tool, f.Path, f.Diagnostic.FoldedInto}] = nil
		}
	}
	if want != nil {
		for i := range res.Findings {
			f := &res.Findings[i]
			k := foldKey{f.Target, f.Tool, f.Path, f.Code}
			if p, ok := want[k]; ok && p == nil && f.Kind == finding.KindCheck {
				want[k] = f
			}
		}
	}
	var wideFirst map[wideKey]*finding.Finding
	for i := range res.Findings {
		f := &res.Findings[i]
		if f.Kind != finding.KindCheck || f.Diagnostic == nil {
			continue
		}
		d := f.Diagnostic
		switch {
		case d.FoldedInto != "":
			p := want[foldKey{f.Target, f.Tool, f.Path, d.FoldedInto}]
			// Folded only where the primary's entry says everything this
			// one would: same state (so the same table and level) and it
			// fails whenever this one does.
			if p == nil || p.State != f.State || (f.Fails && !p.Fails) {
				continue
			}
			pf.hide(f)
			if pf.folded == nil {
				pf.folded = map[*finding.Finding][]*finding.Finding{}
			}
			pf.folded[p] = append(pf.folded[p], f)
		case d.TargetWide:
			k := wideKey{f.Target, f.Code, f.State, f.Fails}
			first := wideFirst[k]
			if first == nil {
				if wideFirst == nil {
					wideFirst = map[wideKey]*finding.Finding{}
					pf.wide = map[*finding.Finding][]*finding.Finding{}
				}
				wideFirst[k] = f
				first = f
			} else {
				pf.hide(f)
			}
			pf.wide[first] = append(pf.wide[first], f)
		}
	}
	return pf
}

func (pf *policyFolds) hide(f *finding.Finding) {
	if pf.hidden == nil {
		pf.hidden = map[*finding.Finding]bool{}
	}
	pf.hidden[f] = true
}

// wideTools names a target-wide group's tools: the first ten, then how
// many more (as the check text does).
func wideTools(group []*finding.Finding) string {
	const shown = 10
	names := make([]string, 0, min(len(group), shown))
	for _, f := range group[:min(len(group), shown)] {
		names = append(names, f.Tool)
	}
	s := "Tools (" + strconv.Itoa(len(group)) + "): " + strings.Join(names, ", ")
	if len(group) > shown {
		s += " and " + strconv.Itoa(len(group)-shown) + " more"
	}
	return s + "."
}

// foldedCodes is the Code line of an entry with the codes folded into it
// ("openai/strict-optional-property, openai/nullable-instead-of-omitted").
func foldedCodes(f *finding.Finding, folded []*finding.Finding) string {
	s := f.Code
	for _, g := range folded {
		s += ", " + g.Code
	}
	return s
}

// wideAnnotation is the one annotation of a target-wide group: a notice
// with no file (the fact is about the target, not a line), an error only
// if the group fails the run.
func wideAnnotation(group []*finding.Finding) Annotation {
	f := group[0]
	head := f.TargetName
	if head == "" {
		head = f.Target
	}
	a := Annotation{
		Title:    head + ": " + clause(f.Message) + " (" + plural(len(group), "tool") + ")",
		Message:  head + ": " + f.Diagnostic.Message + "\n" + wideTools(group) + "\n" + compileHint(f.Diagnostic.Compile),
		Level:    LevelNotice,
		Priority: PriorityRepeatedWarning,
	}
	if f.Diagnostic.DocsURL != "" {
		a.Message += "\nDocs: " + f.Diagnostic.DocsURL
	}
	a.Message += "\nCode: " + f.Code
	if note := stateNote(f); note != "" {
		a.Message += "\n" + note
	}
	if f.Fails {
		a.Level, a.Priority = LevelError, PriorityError
	}
	switch {
	case f.State != finding.StateNew:
		a.Priority += tierTolerated
	default:
		a.Priority += tierNew
	}
	return a
}
