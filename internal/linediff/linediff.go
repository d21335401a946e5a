// Package linediff compares two texts line by line (go-diff's line mode)
// and marks the lines an excerpt keeps around each change. Each caller
// formats the excerpt its own way (compile --check, snapshot --check).
package linediff

import (
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Line is one line of the comparison: Op is '-' (only in the old text),
// '+' (only in the new text) or ' ' (in both); Text has no line break.
type Line struct {
	Op   byte
	Text string
}

// Lines returns the line-by-line comparison of old against new.
func Lines(old, new string) []Line {
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(old, new)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	var all []Line
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
			all = append(all, Line{op, strings.TrimSuffix(l, "\n")})
		}
	}
	return all
}

// Keep marks each changed line and the context lines on either side of
// it: what an excerpt shows.
func Keep(all []Line, context int) []bool {
	keep := make([]bool, len(all))
	for i, l := range all {
		if l.Op == ' ' {
			continue
		}
		for j := max(0, i-context); j <= min(len(all)-1, i+context); j++ {
			keep[j] = true
		}
	}
	return keep
}
