package snapshot

import (
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// contextLines is how many unchanged lines an excerpt keeps around a change.
const contextLines = 2

// Excerpt shows what changed between the committed file (old) and what the
// server lists now (new), line by line: "-" committed, "+" listed, " "
// unchanged context; long unchanged runs are cut to "…". A nil side is a
// file that does not exist.
func Excerpt(old, new []byte) string {
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(string(old), string(new))
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
		for _, l := range strings.SplitAfter(d.Text, "\n") {
			if l == "" {
				continue
			}
			all = append(all, line{op, strings.TrimSuffix(l, "\n")})
		}
	}
	keep := make([]bool, len(all))
	for i, l := range all {
		if l.op == ' ' {
			continue
		}
		for j := max(0, i-contextLines); j <= min(len(all)-1, i+contextLines); j++ {
			keep[j] = true
		}
	}
	var out strings.Builder
	skipped := false
	for i, l := range all {
		if !keep[i] {
			skipped = true
			continue
		}
		if skipped {
			out.WriteString("  …\n")
			skipped = false
		}
		out.WriteByte(l.op)
		out.WriteByte(' ')
		out.WriteString(l.text)
		out.WriteByte('\n')
	}
	if skipped {
		out.WriteString("  …\n")
	}
	return out.String()
}
