package snapshot

import (
	"strings"

	"github.com/schemaport/schemaport-action/internal/linediff"
)

// contextLines is how many unchanged lines an excerpt keeps around a change.
const contextLines = 2

// Excerpt shows what changed between the committed file (old) and what the
// server lists now (new), line by line: "-" committed, "+" listed, " "
// unchanged context; long unchanged runs are cut to "…". A nil side is a
// file that does not exist.
func Excerpt(old, new []byte) string {
	all := linediff.Lines(string(old), string(new))
	keep := linediff.Keep(all, contextLines)
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
		out.WriteByte(l.Op)
		out.WriteByte(' ')
		out.WriteString(l.Text)
		out.WriteByte('\n')
	}
	if skipped {
		out.WriteString("  …\n")
	}
	return out.String()
}
