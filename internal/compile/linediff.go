package compile

import (
	"strconv"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// LineDiff is a short line diff of old against new: changed lines marked
// `-` and `+`, one line of context around each change, `…` between
// hunks, at most maxLines lines (then a line saying how many more).
func LineDiff(old, new string, maxLines int) string {
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(old, new)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	type line struct {
		op   byte
		text string
	}
	var all []line
	for _, d := range diffs {
		op := byte(' ')
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		text := strings.TrimSuffix(d.Text, "\n")
		for _, l := range strings.Split(text, "\n") {
			all = append(all, line{op, l})
		}
	}
	keep := make([]bool, len(all))
	for i, l := range all {
		if l.op != ' ' {
			for j := max(0, i-1); j <= min(len(all)-1, i+1); j++ {
				keep[j] = true
			}
		}
	}
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
		out = append(out, string(l.op)+" "+l.text)
	}
	if len(out) > maxLines {
		more := len(out) - maxLines
		out = append(out[:maxLines], "… ("+strconv.Itoa(more)+" more lines)")
	}
	return strings.Join(out, "\n")
}
