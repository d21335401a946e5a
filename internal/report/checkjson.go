package report

import (
	"bufio"
	"io"
	"strconv"
	"sync"
	"unsafe"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/version"
)

// CheckJSON writes SchemaPort's check document with our position fields on
// every diagnostic, formatted as JSON.stringify(doc, null, 2) plus a newline.
// res is the capped view (report.Cap, CapStream): where the caps left
// findings out (omitted), the summaries keep the whole counts, each tool
// missing some says how many (`omitted`), and the document says why
// (a top-level `omitted` object); with nothing left out, the counts are
// taken from the diagnostics themselves, so the summary always matches
// the list. Targets keep the requested order.
func CheckJSON(w io.Writer, res *check.Result, omitted Omitted) error {
	return CheckJSONWith(w, res, CheckJSONOptions{Omitted: omitted})
}

// CheckJSONOptions are what a check document carries besides the check.
type CheckJSONOptions struct {
	Omitted Omitted
	// Cost, when set, adds each target's `cost` (after its summary) and
	// the document's `cost {tokenizer, totals[]}`; Window states each
	// target's context window there.
	Cost   *cost.Set
	Window ContextWindow
}

// CheckJSONWith is CheckJSON with the options.
func CheckJSONWith(w io.Writer, res *check.Result, o CheckJSONOptions) error {
	omitted := o.Omitted
	figures := map[[2]string]cost.Figure{}
	if o.Cost != nil {
		for _, figs := range o.Cost.Tools {
			for _, f := range figs {
				figures[[2]string{f.Tool, f.Target}] = f
			}
		}
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var tools []check.ToolResult
	if res != nil {
		tools = res.Tools
	}
	var total check.Summary
	if omitted.Total > 0 {
		total = check.Summary{Error: res.Errors, Warning: res.Warnings, Info: res.Infos}
	} else {
		for i := range tools {
			for _, t := range uniqueTargets(tools[i].Targets) {
				for j := range t.Diagnostics {
					count(&total, t.Diagnostics[j].Severity)
				}
			}
		}
	}
	writeCheckHeader(bw, len(tools), total)
	var buf []byte
	for i := range tools {
		if i > 0 {
			bw.WriteByte(',')
		}
		left := 0
		if tools[i].Tool != nil {
			left = omitted.PerTool[tools[i].Tool.Name]
		}
		var figure func(target string) (cost.Figure, bool)
		if o.Cost != nil && tools[i].Tool != nil {
			name := tools[i].Tool.Name
			figure = func(target string) (cost.Figure, bool) {
				f, ok := figures[[2]string{name, target}]
				return f, ok
			}
		}
		buf = appendToolJSONCost(buf[:0], &tools[i], left, figure)
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	if omitted.Total > 0 || o.Cost != nil {
		if len(tools) > 0 {
			bw.WriteString("\n  ")
		}
		bw.WriteString("]")
		writeOmittedJSON(bw, omitted)
		if o.Cost != nil {
			window := o.Window
			if window == nil {
				window = func(string) int { return DefaultContextWindow }
			}
			writeCostTotalsJSON(bw, o.Cost, window)
		}
		bw.WriteString("\n}\n")
		return bw.Flush()
	}
	writeCheckFooter(bw, len(tools))
	return bw.Flush()
}

func writeCheckFooter(bw *bufio.Writer, tools int) {
	if tools > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
}

// AppendToolJSON appends one element of the check document's tools array
// (without the comma between elements) to buf: the part of the document
// that grows with the findings, rendered on check.StreamEncoded's workers.
//
// This is the loop a million-diagnostic report spends its time in, so it
// appends as few pieces as it can: what is the same for every finding of
// a rule in a tool and target (the head, severity, code, docs URL, file
// and the keys and punctuation between them) is rendered once into two
// fragments (jsonFragments) and each finding appends those, its message,
// path and compile detail escaped (their quotes are in the constant runs),
// and its position. buf grows once, to an estimate of the tool's
// rendering.
func AppendToolJSON(buf []byte, tr *check.ToolResult) []byte { return appendToolJSON(buf, tr, 0) }

// appendToolJSON is AppendToolJSON for a tool of which the caps left
// omitted findings out: its targets' summaries are the whole counts, and
// the element says how many are missing.
func appendToolJSON(buf []byte, tr *check.ToolResult, omitted int) []byte {
	return appendToolJSONCost(buf, tr, omitted, nil)
}

// appendToolJSONCost is appendToolJSON with each target's context cost
// (figure nil: none).
func appendToolJSONCost(buf []byte, tr *check.ToolResult, omitted int, figure func(target string) (cost.Figure, bool)) []byte {
	name, source := "", ""
	if tr.Tool != nil {
		name, source = tr.Tool.Name, tr.Tool.File()
	}
	targets := uniqueTargets(tr.Targets)
	fr := fragmentCaches.Get().(*jsonFragments)
	defer fragmentCaches.Put(fr)
	fr.plain.reset()
	if n := toolJSONSize(name, source, targets); cap(buf)-len(buf) < n {
		// A new buffer, not slices.Grow: that copies the whole old
		// capacity (a recycled buffer's stale bytes), not just len.
		buf = append(make([]byte, 0, len(buf)+n), buf...)
	}
	buf = append(buf, "\n    {\n      \"name\": "...)
	buf = jsonvalue.AppendQuote(buf, name)
	buf = append(buf, ",\n      \"source\": "...)
	buf = jsonvalue.AppendQuote(buf, source)
	buf = append(buf, ",\n      \"targets\": {"...)
	for i, t := range targets {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, "\n        "...)
		buf = jsonvalue.AppendQuote(buf, t.ID)
		buf = append(buf, ": {\n          \"diagnostics\": ["...)
		var s check.Summary
		for j := range t.Diagnostics {
			d := &t.Diagnostics[j]
			count(&s, d.Severity)
			if j > 0 {
				buf = append(buf, ',')
			}
			loc := diagnosticSpan(tr.Tool, d)
			if j == 0 || d.ProviderID != t.Diagnostics[j-1].ProviderID || d.ToolName != t.Diagnostics[j-1].ToolName {
				fr.setHead(d.ProviderID, d.ToolName)
			}
			if j == 0 || loc.file != fr.fileOf {
				fr.setFile(loc.file)
			}
			buf = appendDiagnosticJSON(buf, d, loc, fr)
		}
		if len(t.Diagnostics) > 0 {
			buf = append(buf, "\n          "...)
		}
		if omitted > 0 {
			s = t.Summary
		}
		buf = append(buf, "],\n          \"summary\": {\n            \"error\": "...)
		buf = strconv.AppendInt(buf, int64(s.Error), 10)
		buf = append(buf, ",\n            \"warning\": "...)
		buf = strconv.AppendInt(buf, int64(s.Warning), 10)
		buf = append(buf, ",\n            \"info\": "...)
		buf = strconv.AppendInt(buf, int64(s.Info), 10)
		buf = append(buf, "\n          }"...)
		if figure != nil {
			if f, ok := figure(t.ID); ok {
				buf = appendCostJSON(buf, f, "          ")
			}
		}
		buf = append(buf, "\n        }"...)
	}
	if len(targets) > 0 {
		buf = append(buf, "\n      "...)
	}
	if omitted > 0 {
		buf = append(buf, "},\n      \"omitted\": "...)
		buf = strconv.AppendInt(buf, int64(omitted), 10)
		return append(buf, "\n    }"...)
	}
	return append(buf, "}\n    }"...)
}

// diagIn is the indentation of a diagnostic's members inside
// tools[].targets.<id>.diagnostics[].
const diagIn = "              "

// diagnosticJSONConst is how many bytes of a diagnostic's rendering do not
// depend on its values (keys, indentation, punctuation, booleans and
// numbers at their widest), for toolJSONSize's estimate.
const diagnosticJSONConst = 600

// toolJSONSize estimates AppendToolJSON's rendering of a tool: exact for
// the values' text when nothing needs escaping, generous for the rest.
func toolJSONSize(name, source string, targets []*check.TargetResult) int {
	n := 128 + len(name) + len(source)
	for _, t := range targets {
		n += 160 + len(t.ID)
		for j := range t.Diagnostics {
			d := &t.Diagnostics[j]
			n += diagnosticJSONConst + len(d.ProviderID) + len(d.ToolName) + len(d.Severity) + len(d.Code) +
				len(d.Message) + len(d.Path) + len(d.Compile.Detail) + len(d.DocsURL) + len(d.File)
		}
	}
	return n
}

// compileJSON is a diagnostic's rendering between its path's text and
// its compile detail's text, quotes included, by [Supported][Lossy].
var compileJSON = [2][2]string{
	{compileJSONHead + "false,\n" + diagIn + "  \"lossy\": false,\n" + diagIn + "  \"detail\": \"",
		compileJSONHead + "false,\n" + diagIn + "  \"lossy\": true,\n" + diagIn + "  \"detail\": \""},
	{compileJSONHead + "true,\n" + diagIn + "  \"lossy\": false,\n" + diagIn + "  \"detail\": \"",
		compileJSONHead + "true,\n" + diagIn + "  \"lossy\": true,\n" + diagIn + "  \"detail\": \""},
}

const compileJSONHead = "\",\n" + diagIn + "\"compile\": {\n" + diagIn + "  \"supported\": "

// appendDiagnosticJSON appends one diagnostic at the depth it has inside
// tools[].targets.<id>.diagnostics[], its head and file being fr's. The
// quotes around the message, path and detail are part of the constant
// runs between them: each string is one jsonvalue.AppendEscaped, most
// often a single copy.
func appendDiagnosticJSON(buf []byte, d *provider.Diagnostic, loc span, fr *jsonFragments) []byte {
	f := fr.rule(d)
	buf = append(buf, f.open...)
	buf = fr.plain.appendEscaped(buf, d.Message)
	buf = append(buf, "\",\n"+diagIn+"\"path\": \""...)
	buf = jsonvalue.AppendEscaped(buf, d.Path)
	buf = append(buf, compileJSON[b2i(d.Compile.Supported)][b2i(d.Compile.Lossy)]...)
	buf = fr.plain.appendEscaped(buf, d.Compile.Detail)
	buf = append(buf, f.close...)
	return appendPositionJSON(buf, loc.Span)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// appendPositionJSON appends a diagnostic's line, column, endLine and
// endColumn values and what follows each, to the diagnostic's end (its
// "line" key ends jsonFragments' close fragment).
func appendPositionJSON(buf []byte, sp tool.Span) []byte {
	buf = appendInt(buf, sp.Line)
	buf = append(buf, ",\n"+diagIn+"\"column\": "...)
	buf = appendInt(buf, sp.Column)
	buf = append(buf, ",\n"+diagIn+"\"endLine\": "...)
	buf = appendInt(buf, sp.EndLine)
	buf = append(buf, ",\n"+diagIn+"\"endColumn\": "...)
	buf = appendInt(buf, sp.EndColumn)
	return append(buf, "\n            }"...)
}

// digitPairs holds "00" to "99", for appendInt.
const digitPairs = "00010203040506070809" + "10111213141516171819" + "20212223242526272829" + "30313233343536373839" +
	"40414243444546474849" + "50515253545556575859" + "60616263646566676869" + "70717273747576777879" +
	"80818283848586878889" + "90919293949596979899"

// appendInt is strconv.AppendInt(buf, n, 10), written out for the numbers
// below 10,000 that positions almost always are: strconv formats into a
// scratch array and appends that, and four positions per finding made it
// a visible part of the report's cost.
func appendInt(buf []byte, n int) []byte {
	switch {
	case uint(n) < 10:
		return append(buf, byte('0'+n))
	case uint(n) < 100:
		return append(buf, digitPairs[2*n], digitPairs[2*n+1])
	case uint(n) < 1000:
		q, r := n/100, n%100
		return append(buf, byte('0'+q), digitPairs[2*r], digitPairs[2*r+1])
	case uint(n) < 10000:
		q, r := n/100, n%100
		return append(buf, digitPairs[2*q], digitPairs[2*q+1], digitPairs[2*r], digitPairs[2*r+1])
	}
	return strconv.AppendInt(buf, int64(n), 10)
}

// jsonFragments renders, once per rule and tool target, the constant runs
// of a diagnostic's JSON (a worker's; fragmentCaches):
//
//	open:  from the diagnostic's "{" to its message's text (the opening
//	       quote included): the head (providerId, toolName), severity
//	       and code;
//	close: from the end of the compile detail's text (its closing quote
//	       included) to the line's value: docsUrl and file.
//
// A million findings come from a few hundred rules, so one lookup and two
// appends replace a dozen appends and the quoting of four strings per
// finding. The slots are indexed by a hash of the code (a miss replaces
// the entry) and valid for one head and file (gen), so the table stays
// small whatever the strings.
type jsonFragments struct {
	head   []byte // the opening up to the severity's value
	file   []byte // the file quoted
	fileOf string // the file file quotes
	gen    uint64 // changes with head or file: older slots are stale
	slots  [64]ruleFragments
	// plain knows the messages and details already found to need no
	// escape: most are shared strings that many findings repeat.
	plain plainStrings
}

type ruleFragments struct {
	gen                     uint64
	severity, code, docsURL string
	open, close             []byte
}

var fragmentCaches = sync.Pool{New: func() any { return new(jsonFragments) }}

// setHead starts the diagnostics of providerID and toolName.
func (f *jsonFragments) setHead(providerID, toolName string) {
	f.head = append(f.head[:0], "\n            {\n"+diagIn+"\"providerId\": "...)
	f.head = jsonvalue.AppendQuote(f.head, providerID)
	f.head = append(f.head, ",\n"+diagIn+"\"toolName\": "...)
	f.head = jsonvalue.AppendQuote(f.head, toolName)
	f.head = append(f.head, ",\n"+diagIn+"\"severity\": "...)
	f.gen++
}

// setFile starts the diagnostics in file.
func (f *jsonFragments) setFile(file string) {
	f.file, f.fileOf = jsonvalue.AppendQuote(f.file[:0], file), file
	f.gen++
}

// rule returns d's fragments for the current head and file.
func (f *jsonFragments) rule(d *provider.Diagnostic) *ruleFragments {
	code := d.Code
	h := uint(len(code))
	if n := len(code); n > 0 {
		h = h*31 + uint(code[n-1])*7 + uint(code[n/2])
	}
	e := &f.slots[h%uint(len(f.slots))]
	if e.gen == f.gen && e.code == code && e.severity == d.Severity && e.docsURL == d.DocsURL {
		return e
	}
	e.gen, e.severity, e.code, e.docsURL = f.gen, d.Severity, code, d.DocsURL
	e.open = append(e.open[:0], f.head...)
	e.open = jsonvalue.AppendQuote(e.open, d.Severity)
	e.open = append(e.open, ",\n"+diagIn+"\"code\": "...)
	e.open = jsonvalue.AppendQuote(e.open, code)
	e.open = append(e.open, ",\n"+diagIn+"\"message\": \""...)
	e.close = append(e.close[:0], "\"\n"+diagIn+"},\n"...)
	if d.DocsURL != "" {
		e.close = append(e.close, diagIn+"\"docsUrl\": "...)
		e.close = jsonvalue.AppendQuote(e.close, d.DocsURL)
		e.close = append(e.close, ",\n"...)
	}
	e.close = append(e.close, diagIn+"\"file\": "...)
	e.close = append(e.close, f.file...)
	e.close = append(e.close, ",\n"+diagIn+"\"line\": "...)
	return e
}

// plainStrings remembers, by address, strings that need no escape in
// JSON: a message or compile detail is most often a string the checks
// share between findings (provider.Interner), and a string seen before at
// the same address and length is the same text (strings do not change),
// so it is copied without the scan. The slots hold the strings' addresses
// as pointers, which keeps their memory from being reused while they are
// remembered; reset forgets them at each tool, so no more than a tool's
// findings are kept alive. The table is fixed and indexed by a hash of the
// address (a miss replaces the entry).
type plainStrings struct {
	slots [128]struct {
		p *byte
		n int
	}
}

func (c *plainStrings) reset() {
	c.slots = [len(c.slots)]struct {
		p *byte
		n int
	}{}
}

// appendEscaped is jsonvalue.AppendEscaped(buf, s).
func (c *plainStrings) appendEscaped(buf []byte, s string) []byte {
	p := unsafe.StringData(s)
	e := &c.slots[uint64(uintptr(unsafe.Pointer(p)))*0x9E3779B97F4A7C15>>57]
	if e.p == p && e.n == len(s) {
		return append(buf, s...)
	}
	n := len(buf)
	buf = jsonvalue.AppendEscaped(buf, s)
	// Every escape is longer than what it replaces: a string came out
	// at its length only if it was copied as it is.
	if len(buf)-n == len(s) {
		e.p, e.n = p, len(s)
	}
	return buf
}

func writeCheckHeader(bw *bufio.Writer, tools int, total check.Summary) {
	bw.WriteString("{\n  \"command\": \"check\",\n")
	bw.WriteString("  \"schemaPortVersion\": " + jsonvalue.Quote(version.Version) + ",\n")
	bw.WriteString("  \"summary\": {\n")
	bw.WriteString("    \"tools\": " + strconv.Itoa(tools) + ",\n")
	bw.WriteString("    \"errors\": " + strconv.Itoa(total.Error) + ",\n")
	bw.WriteString("    \"warnings\": " + strconv.Itoa(total.Warning) + ",\n")
	bw.WriteString("    \"infos\": " + strconv.Itoa(total.Info) + "\n  },\n")
	bw.WriteString("  \"tools\": [")
}
