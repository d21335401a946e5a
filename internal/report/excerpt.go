package report

import (
	"strings"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// Limits of a before/after excerpt: it is a hint for a reader, not the whole
// schema (that is in the JSON report).
const (
	excerptRenderLines = 2000 // lines of both sides rendered before the value is cut
	excerptMaxItems    = 2000 // array elements of each side compared
	excerptLines       = 12   // lines shown
	excerptContext     = 2    // unchanged lines kept around a change
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

// changeExcerpt is the before/after excerpt of a change, under the key the
// change is at ("enum": [...]), or nil when there is nothing to show.
func changeExcerpt(c *diff.Change) []excerptLine {
	if !showsValues(c) {
		return nil
	}
	return excerpt(c.Before, c.After, pathLabel(c.Path))
}

// showsValues reports whether a change's before and after are worth showing.
// property-made-required and property-made-optional carry false and true
// at <object>.required (SchemaPort's contract): shown, they would read as a
// `required: true` keyword, and the message already names the property.
func showsValues(c *diff.Change) bool {
	switch c.Code {
	case "property-made-required", "property-made-optional":
		return false
	}
	return present(c.Before) || present(c.After)
}

func present(v *jsonvalue.Value) bool { return v != nil && v.Kind != jsonvalue.Absent }

// pathLabel is the last key of a schema path (the keyword or property the
// change is at), or "" when the path ends in an array position.
func pathLabel(path string) string {
	segs, ok := schemapath.Parse(path)
	if !ok || len(segs) == 0 || segs[len(segs)-1].IsIndex {
		return ""
	}
	return segs[len(segs)-1].Key
}

// excerpt shows what changed between before and after, with label as the
// key of the top line. Values are laid out one element or member per line
// without commas, so removing the last element of a list changes no other
// line. Objects are compared member by member (member order is no change),
// lists element by element with go-diff, so an inserted branch shows as
// one whole added element; anything else is the old value removed and the
// new one added. Unchanged lines are kept only around changes, the first
// line always (it names what changed).
func excerpt(before, after *jsonvalue.Value, label string) []excerptLine {
	r := &excerptRenderer{}
	prefix := ""
	if label != "" {
		prefix = jsonvalue.Quote(label) + ": "
	}
	switch {
	case !present(before) && !present(after):
		return nil
	case !present(before):
		r.whole('+', 0, prefix, after)
	case !present(after):
		r.whole('-', 0, prefix, before)
	case jsonvalue.Equal(before, after):
		// Equal as JSON values, different as text (1.0 and 1): show both.
		r.whole('-', 0, prefix, before)
		r.whole('+', 0, prefix, after)
	default:
		r.pair(0, prefix, before, after)
	}
	lines := r.lines
	if r.cut {
		lines = append(lines, excerptLine{'…', "(value cut)"})
	}
	return elide(lines)
}

// excerptRenderer collects excerpt lines up to excerptRenderLines.
type excerptRenderer struct {
	lines []excerptLine
	cut   bool
}

func (r *excerptRenderer) full() bool {
	if len(r.lines) >= excerptRenderLines {
		r.cut = true
		return true
	}
	return false
}

func (r *excerptRenderer) add(op rune, depth int, text string) {
	if !r.full() {
		r.lines = append(r.lines, excerptLine{op, strings.Repeat("  ", depth) + text})
	}
}

// whole lays out v under prefix, every line with op.
func (r *excerptRenderer) whole(op rune, depth int, prefix string, v *jsonvalue.Value) {
	if r.full() {
		return
	}
	switch {
	case v.Kind == jsonvalue.Object && len(v.Members) > 0:
		r.add(op, depth, prefix+"{")
		for i := range v.Members {
			m := &v.Members[i]
			r.whole(op, depth+1, jsonvalue.Quote(m.Key)+": ", &m.Value)
		}
		r.add(op, depth, "}")
	case v.Kind == jsonvalue.Array && len(v.Items) > 0:
		r.add(op, depth, prefix+"[")
		for i := range v.Items {
			r.whole(op, depth+1, "", &v.Items[i])
		}
		r.add(op, depth, "]")
	default:
		r.add(op, depth, prefix+jsonvalue.Encode(v, ""))
	}
}

// pair lays out the difference between two present values.
func (r *excerptRenderer) pair(depth int, prefix string, a, b *jsonvalue.Value) {
	if r.full() {
		return
	}
	switch {
	case jsonvalue.Equal(a, b):
		r.whole(' ', depth, prefix, b)
	case a.Kind == jsonvalue.Object && b.Kind == jsonvalue.Object && len(a.Members) > 0 && len(b.Members) > 0:
		r.add(' ', depth, prefix+"{")
		r.members(depth+1, a, b)
		r.add(' ', depth, "}")
	case a.Kind == jsonvalue.Array && b.Kind == jsonvalue.Array && len(a.Items) > 0 && len(b.Items) > 0:
		r.add(' ', depth, prefix+"[")
		r.items(depth+1, a.Items, b.Items)
		r.add(' ', depth, "]")
	default:
		r.whole('-', depth, prefix, a)
		r.whole('+', depth, prefix, b)
	}
}

// members compares two objects key by key in the old order; a new member
// goes where the new object has it, before the next member both share.
func (r *excerptRenderer) members(depth int, a, b *jsonvalue.Value) {
	inA := make(map[string]bool, len(a.Members))
	for i := range a.Members {
		inA[a.Members[i].Key] = true
	}
	inB := make(map[string]int, len(b.Members))
	for i := range b.Members {
		inB[b.Members[i].Key] = i
	}
	added := func(m *jsonvalue.Member) { r.whole('+', depth, jsonvalue.Quote(m.Key)+": ", &m.Value) }
	next := 0
	for i := range a.Members {
		am := &a.Members[i]
		j, ok := inB[am.Key]
		if !ok {
			r.whole('-', depth, jsonvalue.Quote(am.Key)+": ", &am.Value)
			continue
		}
		for ; next < j; next++ {
			if !inA[b.Members[next].Key] {
				added(&b.Members[next])
			}
		}
		next = max(next, j+1)
		r.pair(depth, jsonvalue.Quote(am.Key)+": ", &am.Value, &b.Members[j].Value)
	}
	for ; next < len(b.Members); next++ {
		if !inA[b.Members[next].Key] {
			added(&b.Members[next])
		}
	}
}

// items compares two lists element by element (go-diff over one symbol per
// distinct element). A run of removed containers replaced by as many new
// ones is compared pairwise, so an edited branch shows its edit.
func (r *excerptRenderer) items(depth int, as, bs []jsonvalue.Value) {
	if len(as) > excerptMaxItems || len(bs) > excerptMaxItems {
		as, bs = as[:min(len(as), excerptMaxItems)], bs[:min(len(bs), excerptMaxItems)]
		r.cut = true
	}
	ops := elementDiff(as, bs)
	if ops == nil {
		for i := range as {
			r.whole('-', depth, "", &as[i])
		}
		for i := range bs {
			r.whole('+', depth, "", &bs[i])
		}
		return
	}
	i, j := 0, 0
	for k := 0; k < len(ops); k++ {
		op := ops[k]
		if op.kind != diffmatchpatch.DiffEqual && k+1 < len(ops) && ops[k+1].kind != diffmatchpatch.DiffEqual && ops[k+1].kind != op.kind && ops[k+1].n == op.n {
			del, ins := i, j
			if pairable(as[del:del+op.n], bs[ins:ins+op.n]) {
				for m := 0; m < op.n; m++ {
					r.pair(depth, "", &as[del+m], &bs[ins+m])
				}
				i, j = i+op.n, j+op.n
				k++
				continue
			}
		}
		for m := 0; m < op.n; m++ {
			switch op.kind {
			case diffmatchpatch.DiffEqual:
				r.whole(' ', depth, "", &bs[j])
				i++
				j++
			case diffmatchpatch.DiffDelete:
				r.whole('-', depth, "", &as[i])
				i++
			default:
				r.whole('+', depth, "", &bs[j])
				j++
			}
		}
	}
}

// pairable reports whether each removed element and its replacement are
// containers of the same kind, worth comparing member by member.
func pairable(as, bs []jsonvalue.Value) bool {
	for m := range as {
		k := as[m].Kind
		if k != bs[m].Kind || (k != jsonvalue.Object && k != jsonvalue.Array) {
			return false
		}
	}
	return true
}

type elementOp struct {
	kind diffmatchpatch.Operation
	n    int
}

// elementDiff runs go-diff over the two lists, each distinct element (by
// JSON value) one rune. It returns nil if go-diff fails, so the caller
// falls back to listing both sides. Without a deadline the result is the
// same on every run.
func elementDiff(as, bs []jsonvalue.Value) (ops []elementOp) {
	defer func() {
		if recover() != nil {
			ops = nil
		}
	}()
	symbols := map[string]rune{}
	toRunes := func(vs []jsonvalue.Value) []rune {
		out := make([]rune, len(vs))
		for i := range vs {
			key := jsonvalue.Canonical(&vs[i])
			s, ok := symbols[key]
			if !ok {
				// At most 2*excerptMaxItems symbols: all below the
				// surrogate range, so each survives go-diff's strings.
				s = rune(len(symbols) + 1)
				symbols[key] = s
			}
			out[i] = s
		}
		return out
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	for _, d := range dmp.DiffMainRunes(toRunes(as), toRunes(bs), false) {
		if n := utf8.RuneCountInString(d.Text); n > 0 {
			ops = append(ops, elementOp{d.Type, n})
		}
	}
	return ops
}

// elide keeps changed lines with excerptContext unchanged lines around
// them, and the first line; other runs of two or more unchanged lines
// become one "…" line at their indentation. The whole is cut to
// excerptLines.
func elide(lines []excerptLine) []excerptLine {
	keep := make([]bool, len(lines))
	if len(lines) > 0 {
		keep[0] = true
	}
	for i, l := range lines {
		if l.op == ' ' {
			continue
		}
		for j := max(0, i-excerptContext); j <= min(len(lines)-1, i+excerptContext); j++ {
			keep[j] = true
		}
	}
	var out []excerptLine
	for i := 0; i < len(lines); {
		if keep[i] {
			out = append(out, lines[i])
			i++
			continue
		}
		start := i
		for i < len(lines) && !keep[i] {
			i++
		}
		if i-start == 1 {
			// A marker would take the line's place: show the line.
			out = append(out, lines[start])
			continue
		}
		near := lines[start-1] // keep[0] is set, so start > 0
		if i < len(lines) {
			near = lines[i]
		}
		out = append(out, excerptLine{'…', indentOf(near.text) + "…"})
	}
	if len(out) > excerptLines {
		more := len(out) - (excerptLines - 1)
		out = append(out[:excerptLines-1], excerptLine{'…', "… " + plural(more, "more line")})
	}
	return out
}

func indentOf(s string) string {
	return s[:len(s)-len(strings.TrimLeft(s, " "))]
}

// compactValue renders a value on one line for messages, cut to n characters.
func compactValue(v *jsonvalue.Value, n int) string {
	if v == nil {
		return "(absent)"
	}
	return truncateRunes(jsonvalue.Encode(v, ""), n)
}
