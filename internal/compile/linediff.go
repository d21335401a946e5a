package compile

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/linediff"
)

// LineDiff is a short line diff of old against new: changed lines marked
// `-` and `+`, one line of context around each change, `…` between
// hunks, at most maxLines lines (then a line saying how many more).
func LineDiff(old, new string, maxLines int) string {
	all := linediff.Lines(old, new)
	keep := linediff.Keep(all, 1)
	var out []string
	gap := false
	for i, l := range all {
		if !keep[i] {
			gap = len(out) > 0
			continue
		}
		if gap {
			out = append(out, "…")
			gap = false
		}
		out = append(out, string(l.Op)+" "+l.Text)
	}
	if len(out) > maxLines {
		more := len(out) - maxLines
		out = append(out[:maxLines], "… ("+strconv.Itoa(more)+" more lines)")
	}
	return strings.Join(out, "\n")
}
