package report

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// CheckText writes a check result for people: tools in order, each target
// in the requested order, each finding with its position, code, message,
// schema path, the source line with a caret under the offending key, what
// compiling would do, and the docs link. It ends with the Result line.
func CheckText(w io.Writer, res *check.Result, opts TextOptions) error {
	tw := NewCheckTextWriter(w, opts)
	if res != nil {
		for i := range res.Tools {
			tw.Add(&res.Tools[i])
		}
	}
	return tw.Finish()
}

// CheckTextWriter writes the text report for tool results as they arrive
// (check.Stream): nothing is kept but the counts.
type CheckTextWriter struct {
	bw    *bufio.Writer
	p     painter
	total check.Summary
	tools int
}

// NewCheckTextWriter starts a text report on w.
func NewCheckTextWriter(w io.Writer, opts TextOptions) *CheckTextWriter {
	return &CheckTextWriter{bw: bufio.NewWriterSize(w, 64<<10), p: painter(opts.Color)}
}

// Add writes one tool's findings; tr is not kept.
func (c *CheckTextWriter) Add(tr *check.ToolResult) {
	bw, p := c.bw, c.p
	c.tools++
	name := ""
	if tr.Tool != nil {
		name = tr.Tool.Name
	}
	bw.WriteString(p.paint(ansiBold, "Tool:") + " " + clean(name) + "\n")
	targets := uniqueTargets(tr.Targets)
	if len(targets) == 0 {
		bw.WriteString("\nNo targets were checked.\n")
	}
	for _, t := range targets {
		bw.WriteString("\n" + p.paint(ansiBold, clean(targetName(t))) + "\n")
		if len(t.Diagnostics) == 0 {
			bw.WriteString(p.paint(ansiGreen, markOK) + " Compatible\n")
			continue
		}
		for j := range t.Diagnostics {
			d := &t.Diagnostics[j]
			count(&c.total, d.Severity)
			writeFinding(bw, p, tr.Tool, d)
		}
	}
	bw.WriteString("\n")
}

// Finish writes the Result line (or "No tools found.") and flushes.
func (c *CheckTextWriter) Finish() error {
	if c.tools == 0 {
		c.bw.WriteString("No tools found.\n\n")
	}
	t := c.total
	c.bw.WriteString("Result: " + plural(t.Error, "error") + ", " + plural(t.Warning, "warning") + ", " + plural(t.Info, "info") + "\n")
	return c.bw.Flush()
}

func writeFinding(bw *bufio.Writer, p painter, t *tool.Tool, d *provider.Diagnostic) {
	loc := diagnosticSpan(t, d)
	mark, color := severityMark(d.Severity)
	bw.WriteString(p.paint(color, mark) + " " + clean(position(loc.file, loc.Line, loc.Column)) + " " + clean(d.Code) + "\n")
	bw.WriteString("  " + clean(d.Message) + "\n")
	bw.WriteString("  Path: " + clean(d.Path) + "\n")
	if t != nil && t.Source != nil && loc.file == t.File() {
		writeSnippet(bw, p, color, t.Source, loc.Span)
	}
	bw.WriteString("  " + clean(compileHint(d.Compile)) + "\n")
	if d.DocsURL != "" {
		bw.WriteString("  " + p.paint(ansiDim, "Docs: "+clean(d.DocsURL)) + "\n")
	}
}

// compileHint says in one line whether compiling for the provider fixes the
// finding, and at what cost. A lossy fix is what SchemaPort's own `compile`
// does with its --allow-lossy flag; the hint names SchemaPort so nobody
// looks for that flag in our CLI, which does not compile.
func compileHint(c provider.Compile) string {
	var s string
	switch {
	case !c.Supported:
		s = "Cannot compile"
	case c.Lossy:
		s = "Can compile with loss (SchemaPort `compile --allow-lossy`)"
	default:
		s = "Can compile this"
	}
	if c.Detail != "" {
		s += ": " + c.Detail
	}
	return s
}

func severityMark(sev string) (mark, color string) {
	switch sev {
	case provider.SeverityError:
		return markError, ansiRed
	case provider.SeverityWarning:
		return markWarning, ansiYellow
	}
	return markInfo, ansiCyan
}

func targetName(t *check.TargetResult) string {
	if t.Name != "" {
		return t.Name
	}
	return t.ID
}

func count(s *check.Summary, sev string) {
	switch sev {
	case provider.SeverityError:
		s.Error++
	case provider.SeverityWarning:
		s.Warning++
	default:
		s.Info++
	}
}

// uniqueTargets drops a repeated target id so that no output names a target
// twice (the JSON report keys targets by id).
func uniqueTargets(ts []check.TargetResult) []*check.TargetResult {
	out := make([]*check.TargetResult, 0, len(ts))
	for i := range ts {
		dup := false
		for _, o := range out {
			if o.ID == ts[i].ID {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, &ts[i])
		}
	}
	return out
}

type span struct {
	file string
	tool.Span
}

// diagnosticSpan is where a diagnostic points: its own position fields, or,
// when the engine left them empty, the tool's span for the path.
func diagnosticSpan(t *tool.Tool, d *provider.Diagnostic) span {
	s := span{file: d.File, Span: tool.Span{Line: d.Line, Column: d.Column, EndLine: d.EndLine, EndColumn: d.EndColumn}}
	if s.file == "" && t != nil {
		s.file = t.File()
	}
	if s.Line == 0 && t != nil && s.file == t.File() {
		s.Span, _ = t.Locate(d.Path)
	}
	return s
}

// snippetWidth is how many characters of a source line are shown; a longer
// line (minified JSON) is cut to a window around the caret.
const snippetWidth = 120

// writeSnippet quotes the source line of sp with a caret under the span:
//
//	3 |   "inputSchema": {
//	  |   ^~~~~~~~~~~~~
func writeSnippet(bw *bufio.Writer, p painter, color string, src *tool.Source, sp tool.Span) {
	if sp.Line < 1 || sp.Column < 1 {
		return
	}
	text := src.LineBytes(sp.Line)
	if len(bytes.TrimSpace(text)) == 0 {
		return // nothing to point at (or a line past the end)
	}
	col := sp.Column - 1
	// Decode only a window of the line around the caret, found through the
	// file's position index: a minified file puts every finding on one
	// huge line, and decoding that line from its start per finding made
	// text output quadratic.
	start := max(0, col-snippetWidth/3)
	runes, more, ok := runeWindow(src, sp.Line, text, start, start+snippetWidth)
	if !ok || col-start > len(runes) {
		return
	}
	if start > 0 && len(runes) < snippetWidth {
		// Near the end of a long line: show a full-width window ending there.
		start = max(0, start-(snippetWidth-len(runes)))
		runes, more, _ = runeWindow(src, sp.Line, text, start, start+snippetWidth)
	}
	end := start + len(runes)
	width := 1
	if sp.EndLine == sp.Line && sp.EndColumn > sp.Column {
		width = sp.EndColumn - sp.Column
	} else if sp.EndLine > sp.Line && end > col {
		width = end - col
	}
	var line, caret strings.Builder
	if start > 0 {
		line.WriteString("…")
		caret.WriteByte(' ')
	}
	for k, r := range runes {
		i := start + k
		switch {
		case r == '\t':
			line.WriteByte('\t')
		case isUnsafeRune(r):
			line.WriteRune(utf8.RuneError)
		default:
			line.WriteRune(r)
		}
		if i < col {
			if r == '\t' {
				caret.WriteByte('\t')
			} else {
				caret.WriteByte(' ')
			}
		}
	}
	if more {
		line.WriteString("…")
	}
	width = max(1, min(width, end-col))
	gutter := strconv.Itoa(sp.Line)
	pad := strings.Repeat(" ", len(gutter))
	bw.WriteString("  " + gutter + " | " + line.String() + "\n")
	bw.WriteString("  " + pad + " | " + caret.String() + p.paint(color, "^"+strings.Repeat("~", width-1)) + "\n")
}

// runeWindow returns the characters [from, to) of line n of src (whose
// text is line), whether characters follow them, and ok=false when the
// line has fewer than from characters.
func runeWindow(src *tool.Source, n int, line []byte, from, to int) (runes []rune, more, ok bool) {
	i, ok := src.LineOffset(n, from)
	if !ok {
		return nil, false, false
	}
	for k := from; i < len(line) && k < to; k++ {
		r, size := utf8.DecodeRune(line[i:])
		runes = append(runes, r)
		i += size
	}
	return runes, i < len(line), true
}
