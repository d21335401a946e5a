package report

import (
	"bufio"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// classOrder is the order classifications are listed in.
var classOrder = []string{diff.Breaking, diff.NonBreaking, diff.Informational}

var classLabel = map[string]string{
	diff.Breaking:      "BREAKING",
	diff.NonBreaking:   "NON-BREAKING",
	diff.Informational: "INFORMATIONAL",
}

var classColor = map[string]string{
	diff.Breaking:      ansiRed,
	diff.NonBreaking:   ansiGreen,
	diff.Informational: ansiDim,
}

// DiffText writes a diff result for people, grouped by tool and then by
// classification (diff-rules.md §10.3), with each change's code, position
// and, for breaking changes, a before/after excerpt.
func DiffText(w io.Writer, res *diff.Result, opts TextOptions) error {
	bw := bufio.NewWriter(w)
	p := painter(opts.Color)
	var changes []diff.Change
	if res != nil {
		changes = res.Changes
	}
	sum := summarize(changes)
	shown := ""
	if note := opts.Omitted.Note(); note != "" && res != nil {
		shown = " (" + strconv.Itoa(len(changes)) + " shown)"
		sum = res.Summary
	}
	if len(changes) == 0 {
		bw.WriteString("No changes.\n\n")
	}
	for _, group := range byTool(changes) {
		bw.WriteString(p.paint(ansiBold, "Tool:") + " " + clean(changes[group[0]].ToolName) + "\n")
		for _, class := range classOrder {
			first := true
			for _, i := range group {
				c := &changes[i]
				if c.Classification != class {
					continue
				}
				if first {
					bw.WriteString("\n" + p.paint(classColor[class], classLabel[class]) + "\n")
					first = false
				}
				writeChange(bw, p, c)
			}
		}
		bw.WriteString("\n")
	}
	if note := opts.Omitted.Note(); note != "" {
		bw.WriteString(p.paint(ansiBold, "Not shown:") + " " + clean(note) + "\n\n")
	}
	bw.WriteString("Result: " + strconv.Itoa(sum.Breaking) + " breaking, " + strconv.Itoa(sum.NonBreaking) + " non-breaking, " + strconv.Itoa(sum.Informational) + " informational" + shown + "\n")
	return bw.Flush()
}

func writeChange(bw *bufio.Writer, p painter, c *diff.Change) {
	bw.WriteString("- " + clean(c.Code) + ": " + clean(c.Message) + "\n")
	bw.WriteString("  Path: " + clean(c.Path) + "\n")
	switch at, was := changeLocations(c); {
	case c.New.File == "" && c.Old.File != "":
		bw.WriteString("  Was at: " + clean(position(c.Old.File, c.Old.Line, c.Old.Column)) + " (gone from the new version)\n")
	case at.File != "" && was.File != "":
		bw.WriteString("  At: " + clean(position(at.File, at.Line, at.Column)) + " (was at " + clean(position(was.File, was.Line, was.Column)) + ")\n")
	case at.File != "":
		bw.WriteString("  At: " + clean(position(at.File, at.Line, at.Column)) + "\n")
	}
	if c.Classification != diff.Breaking {
		return
	}
	if line := WitnessLine(c); line != "" {
		bw.WriteString("  " + clean(line) + "\n")
	}
	for _, l := range changeExcerpt(c) {
		s := clean(l.String())
		switch l.op {
		case '-':
			s = p.paint(ansiRed, s)
		case '+':
			s = p.paint(ansiGreen, s)
		}
		bw.WriteString("    " + s + "\n")
	}
}

// changeLocations picks where a change is shown: its place in the new
// version, or for something whose file is gone entirely, its old place. was
// is set for removals, where the old place is what the reader looks for.
func changeLocations(c *diff.Change) (at, was diff.Location) {
	if c.New.File == "" {
		return c.Old, diff.Location{}
	}
	if c.After == nil && c.Old.File != "" {
		return c.New, c.Old
	}
	return c.New, diff.Location{}
}

// byTool groups change indexes by tool name: tools in the order they first
// appear (the engine sorts by tool name), changes in their original order.
func byTool(changes []diff.Change) [][]int {
	var groups [][]int
	at := map[string]int{}
	for i := range changes {
		g, ok := at[changes[i].ToolName]
		if !ok {
			g = len(groups)
			at[changes[i].ToolName] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}

func summarize(changes []diff.Change) diff.Summary {
	var s diff.Summary
	for i := range changes {
		switch changes[i].Classification {
		case diff.Breaking:
			s.Breaking++
		case diff.NonBreaking:
			s.NonBreaking++
		default:
			s.Informational++
		}
	}
	return s
}

// witnessShown bounds the witness call shown in one line of text; the JSON
// report always has it whole.
const witnessShown = 240

// WitnessLine says in one line what a breaking change's witness shows: the
// call that worked before and fails now (cut short past witnessShown
// characters), or why there is no such call. "" without a witness.
func WitnessLine(c *diff.Change) string {
	call, reason := WitnessCall(c)
	if call == "" {
		return reason
	}
	return witnessIntro + "`" + call + "`"
}

// witnessIntro leads the line that shows a witness call.
const witnessIntro = "This call worked before and fails now: "

// WitnessCall is a breaking change's witness call as compact JSON, cut
// short past witnessShown bytes (at a rune start, marked "…"), or, when
// there is none, the reason why. Both are "" without a witness. Renderers
// escape the call for their medium: it holds the tool's own (untrusted)
// property names and values.
func WitnessCall(c *diff.Change) (call, reason string) {
	w := c.Witness
	if w == nil {
		return "", ""
	}
	if w.Arguments == nil {
		return "", w.Reason
	}
	call = jsonvalue.Encode(w.Arguments, "")
	if len(call) > witnessShown {
		cut := witnessShown
		for cut > 0 && !utf8.RuneStart(call[cut]) {
			cut--
		}
		call = call[:cut] + "…"
	}
	return call, ""
}

// mdWitness is WitnessLine for Markdown: the call goes in <code> escaped
// whole, so a backtick or tag inside the tool's own text cannot end the
// code span or open HTML.
func mdWitness(c *diff.Change) string {
	call, reason := WitnessCall(c)
	if call == "" {
		return mdText(reason)
	}
	return mdText(witnessIntro) + mdCode(call)
}
