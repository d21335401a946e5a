package report

import (
	"strings"

	"github.com/schemaport/schemaport-action/internal/finding"
)

// How the renderers word a compile regression (finding.KindTarget): a tool
// the base compiled for a target and the head does not.

// targetTitle is an annotation title's head: "Compile regression (OpenAI)",
// "Approved compile regression (OpenAI)".
func targetTitle(f *finding.Finding) string {
	head := "Compile regression (" + f.TargetName + ")"
	if f.State == finding.StateApproved {
		head = "Approved compile regression (" + f.TargetName + ")"
	}
	return head
}

// targetText is the body of an annotation or SARIF result: the sentence,
// where the refusal is, and the ways out.
func targetText(f *finding.Finding) string {
	s := f.Message
	if f.Path != "" {
		s += "\nPath: " + f.Path
	}
	return s + "\nIt compiled for " + f.TargetName + " on the base. Fix the schema, or accept the regression (the approval label, or an accept entry for " + f.Code + ")."
}

// targetWhat is the summary table's "What" cell.
func targetWhat(f *finding.Finding) string {
	return mdText(f.TargetName) + " compile regression"
}

// targetRule describes the target-regressed rule in SARIF; the approval
// label makes it a warning, as it does a breaking change.
func targetRule(approved bool) (short, full, help, helpURI string, tags []string, level string) {
	level = "error"
	if approved {
		level = "warning"
	}
	return "Compile regression",
		"A tool that compiled for a target on the base is refused on the head: compiling it now would lose a constraint (or meets an error compile cannot fix).",
		"The result message names the transformation that refuses the tool and where. Change the schema so it compiles again, or accept the regression (the approval label, or an accept entry for target-regressed).",
		RuleDocsURL(finding.CodeTargetRegressed), []string{"schemaport", "target"}, level
}

// TargetRegressionsText is run's log section on compile regressions: one
// entry per regressed tool and target, with its place and state, or one
// line saying there is none.
//
//	✗ tools/create-ticket.json:10:9 target-regressed (OpenAI)
//	  `create_ticket` no longer compiles for OpenAI: `oneOf` at … would be widened to `anyOf`.
//	  Path: inputSchema.properties.assignee.oneOf
func TargetRegressionsText(res *finding.Result) string {
	var b strings.Builder
	for i := range res.Findings {
		f := &res.Findings[i]
		if f.Kind != finding.KindTarget || f.State == finding.StateDisabled {
			continue
		}
		mark := markError
		if !f.Fails {
			mark = markWarning
		}
		b.WriteString(mark + " " + clean(position(f.Location.File, f.Location.Line, f.Location.Column)) + " " + clean(f.Code) + " (" + clean(f.TargetName) + ")\n")
		b.WriteString("  " + clean(f.Message) + "\n")
		if f.Path != "" {
			b.WriteString("  Path: " + clean(f.Path) + "\n")
		}
		if note := stateNote(f); note != "" {
			b.WriteString("  " + clean(note) + "\n")
		}
	}
	if b.Len() == 0 {
		return "No compile regressions: every changed tool that compiled for a target on the base still does.\n"
	}
	return b.String()
}
