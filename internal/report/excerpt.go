package report

import (
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Limits of a before/after excerpt: it is a hint for a reader, not the whole
// schema (that is in the JSON report).
const (
	excerptInputLines = 200 // lines of each pretty-printed side that are compared
	excerptLines      = 12  // lines shown
	excerptContext    = 2   // unchanged lines kept around a change
)

// excerptLine is one line of a before/after excerpt: op is '-', '+' or ' ',
// or '…' for elided lines.
type excerptLine struct {
	op   rune
	text string
}

func (l excerptLine) String() string {
	if l.op == '…' {
		return "  " + l.text
	}
	return string(l.op) + " " + l.text
}

// excerpt compares the pretty-printed JSON of before and after line by line
// (go-diff's line mode) and keeps the changed lines with a little context.
// An absent side contributes no lines, so an added property shows only '+'
// lines. The result is deterministic: go-diff runs without a deadline on
// inputs capped at excerptInputLines.
func excerpt(before, after *jsonvalue.Value) []excerptLine {
	a, aCut := prettyLines(before)
	b, bCut := prettyLines(after)
	ops := lineDiff(a, b)
	if aCut || bCut {
		ops = append(ops, excerptLine{'…', "(value cut)"})
	}
	return elide(ops)
}

func prettyLines(v *jsonvalue.Value) (string, bool) {
	if v == nil {
		return "", false
	}
	s := jsonvalue.Encode(v, "  ") + "\n"
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			n++
			if n == excerptInputLines && i+1 < len(s) {
				return s[:i+1], true
			}
		}
	}
	return s, false
}

func lineDiff(a, b string) (out []excerptLine) {
	defer func() {
		// go-diff panics on inputs far beyond our caps; fall back to a
		// plain listing of both sides rather than fail the report.
		if recover() != nil {
			out = plainDiff(a, b)
		}
	}()
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	r1, r2, lines := dmp.DiffLinesToRunes(a, b)
	diffs := dmp.DiffCharsToLines(dmp.DiffMainRunes(r1, r2, false), lines)
	for _, d := range diffs {
		op := ' '
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		for _, l := range splitLines(d.Text) {
			out = append(out, excerptLine{op, l})
		}
	}
	return out
}

func plainDiff(a, b string) []excerptLine {
	var out []excerptLine
	for _, l := range splitLines(a) {
		out = append(out, excerptLine{'-', l})
	}
	for _, l := range splitLines(b) {
		out = append(out, excerptLine{'+', l})
	}
	return out
}

func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// elide keeps changed lines and excerptContext unchanged lines around them,
// replaces other runs of unchanged lines with one "…" line, and cuts the
// whole to excerptLines.
func elide(ops []excerptLine) []excerptLine {
	keep := make([]bool, len(ops))
	for i, l := range ops {
		if l.op == ' ' {
			continue
		}
		for j := max(0, i-excerptContext); j <= min(len(ops)-1, i+excerptContext); j++ {
			keep[j] = true
		}
	}
	var out []excerptLine
	skipped := false
	for i, l := range ops {
		if !keep[i] {
			skipped = true
			continue
		}
		if skipped {
			out = append(out, excerptLine{'…', "…"})
		}
		skipped = false
		out = append(out, l)
	}
	if skipped && len(out) > 0 {
		out = append(out, excerptLine{'…', "…"})
	}
	if len(out) > excerptLines {
		more := len(out) - (excerptLines - 1)
		out = append(out[:excerptLines-1], excerptLine{'…', "… " + plural(more, "more line")})
	}
	return out
}

// compactValue renders a value on one line for messages, cut to n characters.
func compactValue(v *jsonvalue.Value, n int) string {
	if v == nil {
		return "(absent)"
	}
	return truncateRunes(jsonvalue.Encode(v, ""), n)
}
