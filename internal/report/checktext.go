package report

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/textsafe"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// CheckText writes a check result for people: tools in order, each target
// in the requested order, each finding with its position, code, message,
// schema path, the source line with a caret under the offending key, what
// compiling would do, and the docs link (once per code). A finding that
// restates another is folded into it; a fact true of every tool of a
// target is said once, after the tools. It ends with per-code totals and
// the Result line.
func CheckText(w io.Writer, res *check.Result, opts TextOptions) error {
	return CheckTextWith(w, res, CheckTextOptions{TextOptions: opts})
}

// CheckTextWith is CheckText with the check-only options.
func CheckTextWith(w io.Writer, res *check.Result, opts CheckTextOptions) error {
	tw := NewCheckTextWriterWith(w, opts)
	if res != nil {
		for i := range res.Tools {
			tw.Add(&res.Tools[i])
		}
	}
	return tw.Finish()
}

// CheckTextOptions are the options of the check text report.
type CheckTextOptions struct {
	TextOptions
	// Compact prints one line per entry of the text report and nothing
	// else, as actionlint's -oneline does: `file:line:col: severity code
	// message [target]` (a restatement shares its main finding's line).
	Compact bool
	// MinSeverity hides findings below it ("error", "warning", "info";
	// empty shows all). Hidden findings are not counted either.
	MinSeverity string
}

// ValidMinSeverity reports whether s is a --min-severity value.
func ValidMinSeverity(s string) bool {
	switch s {
	case provider.SeverityError, provider.SeverityWarning, provider.SeverityInfo:
		return true
	}
	return false
}

// CheckTextWriter writes the text report for tool results as they arrive
// (check.Stream, or check.StreamEncoded with RenderTool on the workers and
// AddRendered here): nothing is kept but counts, the docs links already
// shown and the target-wide facts said at the end (a few strings per
// tool).
type CheckTextWriter struct {
	w       io.Writer
	bw      *bufio.Writer
	err     error // of a write that bypassed bw (write)
	direct  int   // textDirectWrite (tests write everything through bw)
	p       painter
	opts    CheckTextOptions
	total   check.Summary
	tools   int
	folded  int
	byCode  map[string]*codeTotal
	docs    map[string]bool // codes whose Docs line was written
	wide    []*targetWide   // in order of first appearance
	wideIdx map[string]int  // target id + code -> index in wide
	scratch []byte          // Add's rendering
	// fixed counts the errors compile fixes without loss, shown as such
	// under CompileFixes (fail-on lossy).
	fixed int
}

type codeTotal struct {
	severity string
	n        int
}

// targetWide is one fact said once per target: where it was first met and
// the tools it is true of.
type targetWide struct {
	target string
	first  provider.Diagnostic
	tool   *tool.Tool
	tools  []string
}

// NewCheckTextWriter starts a text report on w.
func NewCheckTextWriter(w io.Writer, opts TextOptions) *CheckTextWriter {
	return NewCheckTextWriterWith(w, CheckTextOptions{TextOptions: opts})
}

// NewCheckTextWriterWith starts a text report on w with check options.
func NewCheckTextWriterWith(w io.Writer, opts CheckTextOptions) *CheckTextWriter {
	return &CheckTextWriter{
		w: w, bw: bufio.NewWriterSize(w, 64<<10), direct: textDirectWrite, p: painter(opts.Color), opts: opts,
		byCode: map[string]*codeTotal{}, docs: map[string]bool{}, wideIdx: map[string]int{},
	}
}

// shown reports whether d passes --min-severity.
func (c *CheckTextWriter) shown(d *provider.Diagnostic) bool {
	return c.opts.MinSeverity == "" || provider.SeverityRank(d.Severity) <= provider.SeverityRank(c.opts.MinSeverity)
}

// Add writes one tool's findings; tr is not kept.
func (c *CheckTextWriter) Add(tr *check.ToolResult) {
	c.scratch = c.RenderTool(tr, c.scratch[:0])
	c.AddRendered(tr, c.scratch)
}

// RenderTool appends to buf what Add writes for tr, but for the Docs
// lines, which depend on the tools before it: the part of the report that
// grows with the findings, for check.StreamEncoded's workers (it reads
// only the writer's options). AddRendered then counts tr and writes the
// rendering with its Docs lines.
//
// The rendering ends with a trailer AddRendered reads: where each Docs
// line may go (after every finding) and which finding it is about.
func (c *CheckTextWriter) RenderTool(tr *check.ToolResult, buf []byte) []byte {
	w := &textBuf{b: buf}
	p := c.p
	name := ""
	if tr.Tool != nil {
		name = tr.Tool.Name
	}
	if !c.opts.Compact {
		w.WriteString(p.paint(ansiBold, "Tool:") + " " + clean(name) + "\n")
	}
	targets := uniqueTargets(tr.Targets)
	if len(targets) == 0 && !c.opts.Compact {
		w.WriteString("\nNo targets were checked.\n")
	}
	var docs []uint32 // per Docs place: offset, target, finding
	type indexed struct {
		d *provider.Diagnostic
		j int // in t.Diagnostics
	}
	var order []indexed
	for ti, t := range targets {
		// Findings in file order (line, column), the folded ones after the
		// finding they restate, target-wide facts set aside.
		order = order[:0]
		for j := range t.Diagnostics {
			d := &t.Diagnostics[j]
			if c.shown(d) && d.FoldedInto == "" && !d.TargetWide {
				order = append(order, indexed{d, j})
			}
		}
		slices.SortStableFunc(order, func(a, b indexed) int { return compareInFile(a.d, b.d) })
		if c.opts.Compact {
			for _, o := range order {
				writeCompact(w, tr.Tool, t, o.d, foldedInto(t.Diagnostics, o.d))
			}
			continue
		}
		wideOnly := false
		if len(order) == 0 && len(t.Diagnostics) > 0 {
			// Only facts said once for the target (every tool gets the
			// section, so none reads as unchecked), or findings hidden by
			// --min-severity (left out, as asked).
			for j := range t.Diagnostics {
				if d := &t.Diagnostics[j]; c.shown(d) && d.TargetWide {
					wideOnly = true
				}
			}
			if !wideOnly {
				continue
			}
		}
		w.WriteString("\n" + p.paint(ansiBold, clean(targetName(t))) + "\n")
		if wideOnly {
			w.WriteString(p.paint(ansiGreen, markOK) + " Nothing specific to this tool; see what holds for every tool at the end.\n")
			continue
		}
		if len(order) == 0 {
			w.WriteString(p.paint(ansiGreen, markOK) + " Compatible\n")
			continue
		}
		for _, o := range order {
			c.writeFinding(w, tr.Tool, o.d, foldedInto(t.Diagnostics, o.d))
			docs = append(docs, uint32(len(w.b)), uint32(ti), uint32(o.j))
		}
	}
	if !c.opts.Compact {
		w.WriteString("\n")
	}
	n := len(w.b)
	for _, v := range docs {
		w.b = binary.LittleEndian.AppendUint32(w.b, v)
	}
	w.b = binary.LittleEndian.AppendUint32(w.b, uint32(len(docs)/3))
	return binary.LittleEndian.AppendUint32(w.b, uint32(n))
}

// AddRendered counts tr's findings and writes RenderTool's rendering of
// it, with the Docs line of each code the first time it appears.
func (c *CheckTextWriter) AddRendered(tr *check.ToolResult, rendered []byte) {
	c.tools++
	targets := uniqueTargets(tr.Targets)
	for _, t := range targets {
		for j := range t.Diagnostics {
			d := &t.Diagnostics[j]
			if !c.shown(d) {
				continue
			}
			count(&c.total, d.Severity)
			c.countCode(d)
			if c.opts.CompileFixes && CompileFixes(d) {
				c.fixed++
			}
			switch {
			case d.FoldedInto != "":
				c.folded++
			case d.TargetWide:
				c.addWide(t, tr.Tool, d)
			}
		}
	}
	end := len(rendered) - 8
	n := int(binary.LittleEndian.Uint32(rendered[end+4:]))
	places := int(binary.LittleEndian.Uint32(rendered[end:]))
	from := 0
	for k := 0; k < places; k++ {
		rec := rendered[n+12*k:]
		off := int(binary.LittleEndian.Uint32(rec))
		t := targets[binary.LittleEndian.Uint32(rec[4:])]
		d := &t.Diagnostics[binary.LittleEndian.Uint32(rec[8:])]
		if c.docs[d.Code] {
			continue // the code's Docs line is out: the rendering goes on
		}
		c.write(rendered[from:off])
		c.writeDocs(d)
		from = off
	}
	c.write(rendered[from:n])
}

// textDirectWrite is the size from which a run of a tool's rendering goes
// to the writer as it is, not copied through bw first: the corpus report
// averages 64 KB a tool (637 MB in all). The writes then follow the
// tools' sizes: bw's full 64 KB flushes, at offsets that are multiples of
// 64 KB, measured up to several times the system time per byte of
// unaligned writes on Linux 6.18's ext4.
const textDirectWrite = 16 << 10

// write writes part of a rendering (see textDirectWrite).
func (c *CheckTextWriter) write(p []byte) {
	if len(p) < c.direct || c.err != nil {
		c.bw.Write(p)
		return
	}
	if c.bw.Buffered() > 0 {
		if c.err = c.bw.Flush(); c.err != nil {
			return
		}
	}
	_, c.err = c.w.Write(p)
}

// textBuf is a rendering in progress (what writeFinding and writeSnippet
// write to, like the report's bufio.Writer).
type textBuf struct{ b []byte }

func (w *textBuf) Write(p []byte) (int, error)       { w.b = append(w.b, p...); return len(p), nil }
func (w *textBuf) WriteString(s string) (int, error) { w.b = append(w.b, s...); return len(s), nil }
func (w *textBuf) WriteRune(r rune) (int, error) {
	n := len(w.b)
	w.b = utf8.AppendRune(w.b, r)
	return len(w.b) - n, nil
}
func (w *textBuf) WriteByte(c byte) error { w.b = append(w.b, c); return nil }

// textSink is where a rendering goes.
type textSink interface {
	Write(p []byte) (int, error)
	WriteString(s string) (int, error)
	WriteByte(c byte) error
	WriteRune(r rune) (int, error)
}

// compareInFile orders findings by file, line and column, then as the
// engine does (severity, path, code).
func compareInFile(a, b *provider.Diagnostic) int {
	if c := strings.Compare(a.File, b.File); c != 0 {
		return c
	}
	if a.Line != b.Line {
		return a.Line - b.Line
	}
	if a.Column != b.Column {
		return a.Column - b.Column
	}
	if ra, rb := provider.SeverityRank(a.Severity), provider.SeverityRank(b.Severity); ra != rb {
		return ra - rb
	}
	if c := strings.Compare(a.Path, b.Path); c != 0 {
		return c
	}
	return strings.Compare(a.Code, b.Code)
}

// foldedInto returns the messages of the findings in ds folded into d.
func foldedInto(ds []provider.Diagnostic, d *provider.Diagnostic) []string {
	var out []string
	for _, f := range provider.FoldedInto(ds, d) {
		out = append(out, f.Message)
	}
	return out
}

func (c *CheckTextWriter) countCode(d *provider.Diagnostic) {
	ct := c.byCode[d.Code]
	if ct == nil {
		ct = &codeTotal{severity: d.Severity}
		c.byCode[d.Code] = ct
	}
	if provider.SeverityRank(d.Severity) < provider.SeverityRank(ct.severity) {
		ct.severity = d.Severity
	}
	ct.n++
}

func (c *CheckTextWriter) addWide(t *check.TargetResult, tl *tool.Tool, d *provider.Diagnostic) {
	key := t.ID + "\x00" + d.Code
	i, ok := c.wideIdx[key]
	if !ok {
		i = len(c.wide)
		c.wideIdx[key] = i
		c.wide = append(c.wide, &targetWide{target: targetName(t), first: *d, tool: tl})
	}
	// The name's own copy: it is kept to the end, and a tool's name is a
	// view of its file's text (every file's, for a fact true of every
	// tool: 87 MB of the 10,000-tool corpus's report held to the end).
	c.wide[i].tools = append(c.wide[i].tools, strings.Clone(d.ToolName))
}

func writeCompact(w textSink, tl *tool.Tool, t *check.TargetResult, d *provider.Diagnostic, folded []string) {
	loc := diagnosticSpan(tl, d)
	msg := d.Message
	for _, f := range folded {
		msg += " " + f
	}
	w.WriteString(clean(position(loc.file, loc.Line, loc.Column)) + ": " + d.Severity + " " + clean(d.Code) + " " + clean(msg) + " [" + clean(t.ID) + "]\n")
}

// Finish writes the facts said once per target, the per-code totals and
// the Result line (or "No tools found."), and flushes.
func (c *CheckTextWriter) Finish() error {
	if c.err != nil {
		return c.err
	}
	bw, p := c.bw, c.p
	if c.opts.Compact {
		for _, w := range c.wide {
			d := w.first
			d.Message = wideMessage(w)
			loc := diagnosticSpan(w.tool, &d)
			bw.WriteString(clean(position(loc.file, loc.Line, loc.Column)) + ": " + d.Severity + " " + clean(d.Code) + " " + clean(d.Message) + " [" + clean(w.first.ProviderID) + "]\n")
		}
		if note := c.opts.Omitted.Note(); note != "" {
			bw.WriteString("note: " + clean(note) + "\n")
		}
		return bw.Flush()
	}
	if c.tools == 0 {
		bw.WriteString("No tools found.\n\n")
	}
	for _, w := range c.wide {
		bw.WriteString(p.paint(ansiBold, clean(w.target)+", said once for "+plural(len(w.tools), "tool")) + "\n")
		d := w.first
		mark, color := severityMark(d.Severity)
		bw.WriteString(p.paint(color, mark) + " " + clean(d.Code) + "\n")
		bw.WriteString("  " + clean(wideMessage(w)) + "\n")
		bw.WriteString("  " + clean(compileHint(d.Compile)) + "\n")
		c.writeDocs(&d)
		bw.WriteString("\n")
	}
	if len(c.byCode) > 0 {
		codes := make([]string, 0, len(c.byCode))
		for code := range c.byCode {
			codes = append(codes, code)
		}
		slices.SortFunc(codes, func(a, b string) int {
			x, y := c.byCode[a], c.byCode[b]
			if r := provider.SeverityRank(x.severity) - provider.SeverityRank(y.severity); r != 0 {
				return r
			}
			if x.n != y.n {
				return y.n - x.n
			}
			return strings.Compare(a, b)
		})
		bw.WriteString(p.paint(ansiBold, "Totals by code:") + "\n")
		width := len(strconv.Itoa(c.byCode[codes[0]].n))
		for _, code := range codes {
			width = max(width, len(strconv.Itoa(c.byCode[code].n)))
		}
		for _, code := range codes {
			ct := c.byCode[code]
			n := strconv.Itoa(ct.n)
			bw.WriteString("  " + strings.Repeat(" ", width-len(n)) + n + " " + clean(code) + " (" + ct.severity + ")\n")
		}
		if c.folded > 0 {
			bw.WriteString("  (" + plural(c.folded, "finding") + " restating another shown with it, as one entry)\n")
		}
		bw.WriteString("\n")
	}
	t := c.total
	shown := ""
	if note := c.opts.Omitted.Note(); note != "" {
		bw.WriteString(p.paint(ansiBold, "Not shown:") + " " + clean(note) + "\n\n")
		shown = " (" + strconv.Itoa(t.Error+t.Warning+t.Info) + " shown)"
		if c.opts.Whole != nil {
			t = *c.opts.Whole
		}
	}
	errors := plural(t.Error, "error")
	if c.fixed > 0 {
		errors += " (" + strconv.Itoa(c.fixed) + " fixed by `schemaport-action compile`)"
	}
	bw.WriteString("Result: " + errors + ", " + plural(t.Warning, "warning") + ", " + plural(t.Info, "info") + shown + "\n")
	return bw.Flush()
}

// wideMessage is a target-wide fact's message, naming its tools (the
// first ten, then how many more).
func wideMessage(w *targetWide) string {
	const shown = 10
	names := w.tools
	more := ""
	if len(names) > shown {
		more = " and " + strconv.Itoa(len(names)-shown) + " more"
		names = names[:shown]
	}
	return w.first.Message + " Tools (" + strconv.Itoa(len(w.tools)) + "): " + strings.Join(names, ", ") + more + "."
}

// CompileFixes reports whether d is an error `schemaport-action compile`
// fixes without loss: under --fail-on lossy it is what compile does, not
// a failure.
func CompileFixes(d *provider.Diagnostic) bool {
	return d.Severity == provider.SeverityError && d.Compile.Supported && !d.Compile.Lossy
}

// writeFinding writes one finding, but for its Docs line. It writes piece
// by piece (clean maps character by character, so cleaning the pieces is
// cleaning the line): this is the loop a report of a million findings
// spends its time in.
func (c *CheckTextWriter) writeFinding(bw *textBuf, t *tool.Tool, d *provider.Diagnostic, folded []string) {
	p := c.p
	loc := diagnosticSpan(t, d)
	mark, color := severityMark(d.Severity)
	if c.opts.CompileFixes && CompileFixes(d) {
		mark, color = markFixed, ansiCyan
	}
	bw.WriteString(p.paint(color, mark))
	bw.WriteByte(' ')
	writePosition(bw, clean(loc.file), loc.Line, loc.Column)
	bw.WriteByte(' ')
	bw.WriteString(clean(d.Code))
	bw.WriteString("\n  ")
	bw.WriteString(clean(d.Message))
	bw.WriteByte('\n')
	for _, f := range folded {
		bw.WriteString("  ")
		bw.WriteString(clean(f))
		bw.WriteByte('\n')
	}
	bw.WriteString("  Path: ")
	bw.WriteString(clean(d.Path))
	bw.WriteByte('\n')
	// A capped view's source has its text only while the view keeps a
	// finding of its file (CapStream's hold), so a finding shown has it;
	// a source without text gets no excerpt rather than a wrong one.
	if t != nil && t.Source != nil && len(t.Source.Data) > 0 && loc.file == t.File() {
		writeSnippet(bw, p, color, t.Source, loc.Span)
	}
	bw.WriteString("  ")
	head, detail := compileHintParts(d.Compile)
	bw.WriteString(head)
	if detail != "" {
		bw.WriteString(": ")
		bw.WriteString(clean(detail))
	}
	bw.WriteByte('\n')
}

// writePosition writes position(file, line, col).
func writePosition(bw *textBuf, file string, line, col int) {
	bw.b = append(bw.b, file...)
	if line > 0 {
		bw.b = append(bw.b, ':')
		bw.b = strconv.AppendInt(bw.b, int64(line), 10)
		if col > 0 {
			bw.b = append(bw.b, ':')
			bw.b = strconv.AppendInt(bw.b, int64(col), 10)
		}
	}
}

// writeDocs writes the Docs line of d's code the first time the code
// appears in the run: the rule's entry in docs/rules.md, then the
// provider's page.
func (c *CheckTextWriter) writeDocs(d *provider.Diagnostic) {
	if c.docs[d.Code] {
		return
	}
	c.docs[d.Code] = true
	line := "Docs: " + RuleDocsURL(d.Code)
	if d.DocsURL != "" {
		line += " (provider: " + d.DocsURL + ")"
	}
	c.bw.WriteString("  " + c.p.paint(ansiDim, clean(line)) + "\n")
}

// compileHint says in one line what `schemaport-action compile` does about
// the finding: fixes it, fixes it only by weakening the schema (which it
// does only with --allow-lossy), or cannot fix it.
func compileHint(c provider.Compile) string {
	s, detail := compileHintParts(c)
	if detail != "" {
		s += ": " + detail
	}
	return s
}

// compileHintParts is compileHint before and after its ": " (the detail,
// "" for none).
func compileHintParts(c provider.Compile) (head, detail string) {
	switch {
	case !c.Supported:
		head = "Compile cannot fix this"
	case c.Lossy:
		head = "Compile fixes this with loss (`schemaport-action compile --allow-lossy`)"
	case keptAsWritten(c.Detail):
		// A "not enforced" or advance-warning finding is compilable only in
		// the sense that compile emits it unchanged: saying "fixes" would
		// promise something compile does not do.
		head = "Compile keeps this as written (`schemaport-action compile`)"
	default:
		head = "Compile fixes this (`schemaport-action compile`)"
	}
	return head, c.Detail
}

// keptAsWritten reports whether a compilable finding's detail says compile
// emits the schema as it is (the rule tables word every such case with
// "unchanged" or "verbatim").
func keptAsWritten(detail string) bool {
	return strings.Contains(detail, "unchanged") || strings.Contains(detail, "verbatim")
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
	if d.Line == 0 || d.File == "" {
		return locatedSpan(t, d)
	}
	return ownSpan(d) // the engine located it: the common case
}

// ownSpan is d's own position fields.
func ownSpan(d *provider.Diagnostic) span {
	return span{file: d.File, Span: tool.Span{Line: d.Line, Column: d.Column, EndLine: d.EndLine, EndColumn: d.EndColumn}}
}

// locatedSpan is d's own fields completed from the tool, as every
// finding's location is (finding.LocateDiagnostic).
func locatedSpan(t *tool.Tool, d *provider.Diagnostic) span {
	l := finding.LocateDiagnostic(t, d)
	return span{file: l.File, Span: tool.Span{Line: l.Line, Column: l.Column, EndLine: l.EndLine, EndColumn: l.EndColumn}}
}

// snippetWidth is how many characters of a source line are shown; a longer
// line (minified JSON) is cut to a window around the caret.
const snippetWidth = 120

// writeSnippet quotes the source line of sp with a caret under the span:
//
//	3 |   "inputSchema": {
//	  |   ^~~~~~~~~~~~~
func writeSnippet(bw textSink, p painter, color string, src *tool.Source, sp tool.Span) {
	// The two lines are appended to the report's buffer (or built apart
	// for another sink) and written at once: the sink is an interface, and
	// a call per character was most of the text report's cost.
	if tb, ok := bw.(*textBuf); ok {
		tb.b = appendSnippet(tb.b, p, color, src, sp)
		return
	}
	if b := appendSnippet(nil, p, color, src, sp); len(b) > 0 {
		bw.Write(b)
	}
}

// appendSnippet appends what writeSnippet writes to line.
func appendSnippet(line []byte, p painter, color string, src *tool.Source, sp tool.Span) []byte {
	if sp.Line < 1 || sp.Column < 1 {
		return line
	}
	text := src.LineBytes(sp.Line)
	if len(bytes.TrimSpace(text)) == 0 {
		return line // nothing to point at (or a line past the end)
	}
	col := sp.Column - 1
	// Decode only a window of the line around the caret, found through the
	// file's position index: a minified file puts every finding on one
	// huge line, and decoding that line from its start per finding made
	// text output quadratic.
	start := max(0, col-snippetWidth/3)
	window, n, more, ok := runeWindow(src, sp.Line, text, start, start+snippetWidth)
	if !ok || col-start > n {
		return line
	}
	if start > 0 && n < snippetWidth {
		// Near the end of a long line: show a full-width window ending there.
		start = max(0, start-(snippetWidth-n))
		window, n, more, _ = runeWindow(src, sp.Line, text, start, start+snippetWidth)
	}
	end := start + n
	width := 1
	if sp.EndLine == sp.Line && sp.EndColumn > sp.Column {
		width = sp.EndColumn - sp.Column
	} else if sp.EndLine > sp.Line && end > col {
		width = end - col
	}
	line = append(line, "  "...)
	gutterAt := len(line)
	line = strconv.AppendInt(line, int64(sp.Line), 10)
	gutter := len(line) - gutterAt
	line = append(line, " | "...)
	if start > 0 {
		line = append(line, "…"...)
	}
	if plainASCII(window) {
		line = append(line, window...)
	} else {
		for _, r := range string(window) {
			switch {
			case r == '\t':
				line = append(line, '\t')
			case textsafe.UnsafeRune(r):
				line = utf8.AppendRune(line, utf8.RuneError)
			default:
				line = utf8.AppendRune(line, r)
			}
		}
	}
	if more {
		line = append(line, "…"...)
	}
	line = append(line, "\n  "...)
	for range gutter {
		line = append(line, ' ')
	}
	line = append(line, " | "...)
	if start > 0 {
		line = append(line, ' ')
	}
	k := start
	for _, r := range string(window) {
		if k >= col {
			break
		}
		if r == '\t' {
			line = append(line, '\t')
		} else {
			line = append(line, ' ')
		}
		k++
	}
	width = max(1, min(width, end-col))
	if p {
		line = append(line, "\x1b["+color+"m"...)
	}
	line = append(line, '^')
	for i := 1; i < width; i++ {
		line = append(line, '~')
	}
	if p {
		line = append(line, "\x1b[0m"...)
	}
	return append(line, '\n')
}

// plainASCII reports whether writeSnippet may copy b as it is: tabs and
// printable ASCII only (no control character, DEL or multi-byte rune to
// replace).
func plainASCII(b []byte) bool {
	for _, c := range b {
		if (c < 0x20 && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

// runeWindow returns the bytes of characters [from, to) of line n of src
// (whose text is line) and how many characters they are, whether
// characters follow them, and ok=false when the line has fewer than from
// characters.
func runeWindow(src *tool.Source, n int, line []byte, from, to int) (window []byte, count int, more, ok bool) {
	i, ok := src.LineOffset(n, from)
	if !ok {
		return nil, 0, false, false
	}
	j := i
	for k := from; j < len(line) && k < to; k++ {
		_, size := utf8.DecodeRune(line[j:])
		j += size
		count++
	}
	return line[i:j], count, j < len(line), true
}
