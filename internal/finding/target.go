package finding

import (
	"slices"

	"github.com/schemaport/schemaport-action/internal/targetdiff"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// CodeTargetRegressed is the code of a compile regression: a tool that
// compiled for a target on the base and is refused on the head.
const CodeTargetRegressed = "target-regressed"

// FromTargetDiff makes one finding per regressed tool and target, in the
// report's order (targets as asked, tools by name). It sits at the first
// cause of the refusal in the head's file (the tool's name when the path
// does not lead anywhere), and its message names what refuses: "`create_ticket`
// no longer compiles for OpenAI: `oneOf` at
// inputSchema.properties.assignee would be widened to `anyOf`". Only-new
// is in the verdict itself: a tool the base could not compile either has
// not regressed.
func FromTargetDiff(td *targetdiff.Result) []Finding {
	if td == nil {
		return nil
	}
	var out []Finding
	for _, r := range td.Reports {
		for i := range r.Tools {
			c := &r.Tools[i]
			if c.Verdict != targetdiff.Regressed {
				continue
			}
			path := ""
			if len(c.RefusedBy) > 0 {
				path = c.RefusedBy[0].Path
			}
			out = append(out, Finding{
				Kind: KindTarget, Code: CodeTargetRegressed, DefaultLevel: LevelError, Level: LevelError,
				Tool: c.ToolName, Target: r.TargetID, TargetName: r.DisplayName, Path: path,
				Location: locateIn(c.New, path),
				Message:  c.Sentence(r.DisplayName) + ". " + RegressionFix(r.DisplayName),
				// The cause is not part of the identity: an accept entry
				// or the base's verdict stays with the tool and target
				// when the refusal moves.
				Fingerprint: Fingerprint(KindTarget, c.ToolName, r.TargetID, CodeTargetRegressed, "", ""),
				State:       StateNew,
			})
		}
	}
	return out
}

// RegressionFix says how a compile regression clears: what refuses is
// named before it, so the edit is to write that part so the target takes
// it as it is; a team that wants the weaker schema accepts the regression.
func RegressionFix(targetName string) string {
	return "Change the schema so it compiles for " + targetName + " again, or accept the regression (an `accept` entry for `target-regressed`, or the approval label)."
}

// locateIn is where path is in t's file: the path, or the nearest part of
// the schema enclosing it that the file has (compile's paths may end at
// a keyword it adds), else the tool itself.
func locateIn(t *tool.Tool, path string) Location {
	if t == nil {
		return Location{}
	}
	sp, _ := t.Locate(path)
	return Location{File: t.File(), Line: sp.Line, Column: sp.Column, EndLine: sp.EndLine, EndColumn: sp.EndColumn}
}

// targetReason adds the reason of n failing compile regressions, after
// the breaking changes' (reasons has run; the exit follows).
func (r *Result) targetReason(n int) {
	if n == 0 {
		return
	}
	p := &r.Policy
	it := "them"
	if n == 1 {
		it = "it"
	}
	way := "To accept " + it + ", add the label " + p.ApprovalLabel + " or an accept entry for " + CodeTargetRegressed + "; fail-on-target-regression: false reports them without failing."
	if p.ApprovalLabel == "" {
		way = "To accept " + it + ", add an accept entry for " + CodeTargetRegressed + " (approval by label is off: allow-breaking-label is empty); fail-on-target-regression: false reports them without failing."
	}
	reason := Reason{Kind: "target", Count: n, Text: "Failed: " + plural(n, "compile regression") +
		" not approved (a tool that compiled for a target on the base is refused now). " + way}
	at := len(r.Reasons)
	for i, x := range r.Reasons {
		if x.Kind != "load" && x.Kind != "breaking" {
			at = i
			break
		}
	}
	r.Reasons = slices.Insert(r.Reasons, at, reason)
	if r.Exit == 0 {
		r.Exit = 1
	}
}
