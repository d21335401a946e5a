package report

import (
	"bufio"
	"io"
	"strconv"
	"sync"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
)

// CheckJSON writes SchemaPort's check document with our position fields on
// every diagnostic, formatted as JSON.stringify(doc, null, 2) plus a newline.
// It streams tool by tool: a million diagnostics never sit in memory as one
// document. Targets keep the requested order; counts are taken from the
// diagnostics themselves so the summary always matches the list.
func CheckJSON(w io.Writer, res *check.Result) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var tools []check.ToolResult
	if res != nil {
		tools = res.Tools
	}
	var total check.Summary
	for i := range tools {
		for _, t := range uniqueTargets(tools[i].Targets) {
			for j := range t.Diagnostics {
				count(&total, t.Diagnostics[j].Severity)
			}
		}
	}
	writeCheckHeader(bw, len(tools), total)
	var buf []byte
	for i := range tools {
		if i > 0 {
			bw.WriteByte(',')
		}
		buf = AppendToolJSON(buf[:0], &tools[i])
		if _, err := bw.Write(buf); err != nil {
			return err
		}
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
// It appends piece by piece, the constant text between two values as one
// string, and what is the same for every diagnostic of a tool and target
// (provider, tool name, file) quoted once: this is the loop a
// million-diagnostic report spends its time in. buf grows once, to an
// estimate of the tool's rendering.
func AppendToolJSON(buf []byte, tr *check.ToolResult) []byte {
	name, source := "", ""
	if tr.Tool != nil {
		name, source = tr.Tool.Name, tr.Tool.File()
	}
	targets := uniqueTargets(tr.Targets)
	qc := quoteCaches.Get().(*quoteCache)
	defer quoteCaches.Put(qc)
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
	// The head of every diagnostic up to its severity, and its file,
	// are the same for the whole tool and target.
	var head, file []byte
	var quotedFile string
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
			if j == 0 || d.ProviderID != t.Diagnostics[j-1].ProviderID || d.ToolName != t.Diagnostics[j-1].ToolName {
				head = append(head[:0], "\n            {\n"+diagIn+"\"providerId\": "...)
				head = jsonvalue.AppendQuote(head, d.ProviderID)
				head = append(head, ",\n"+diagIn+"\"toolName\": "...)
				head = jsonvalue.AppendQuote(head, d.ToolName)
				head = append(head, ",\n"+diagIn+"\"severity\": "...)
			}
			loc := diagnosticSpan(tr.Tool, d)
			if j == 0 || loc.file != quotedFile {
				file, quotedFile = jsonvalue.AppendQuote(file[:0], loc.file), loc.file
			}
			buf = appendDiagnosticJSON(buf, head, file, d, loc, qc)
		}
		if len(t.Diagnostics) > 0 {
			buf = append(buf, "\n          "...)
		}
		buf = append(buf, "],\n          \"summary\": {\n            \"error\": "...)
		buf = strconv.AppendInt(buf, int64(s.Error), 10)
		buf = append(buf, ",\n            \"warning\": "...)
		buf = strconv.AppendInt(buf, int64(s.Warning), 10)
		buf = append(buf, ",\n            \"info\": "...)
		buf = strconv.AppendInt(buf, int64(s.Info), 10)
		buf = append(buf, "\n          }\n        }"...)
	}
	if len(targets) > 0 {
		buf = append(buf, "\n      "...)
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

// appendDiagnosticJSON appends one diagnostic at the depth it has inside
// tools[].targets.<id>.diagnostics[]: head is its opening up to the
// severity's value, file its file quoted.
func appendDiagnosticJSON(buf, head, file []byte, d *provider.Diagnostic, loc span, qc *quoteCache) []byte {
	buf = append(buf, head...)
	buf = qc.append(buf, d.Severity)
	buf = append(buf, ",\n"+diagIn+"\"code\": "...)
	buf = qc.append(buf, d.Code)
	buf = append(buf, ",\n"+diagIn+"\"message\": "...)
	buf = jsonvalue.AppendQuote(buf, d.Message)
	buf = append(buf, ",\n"+diagIn+"\"path\": "...)
	buf = jsonvalue.AppendQuote(buf, d.Path)
	buf = append(buf, ",\n"+diagIn+"\"compile\": {\n"+diagIn+"  \"supported\": "...)
	buf = strconv.AppendBool(buf, d.Compile.Supported)
	buf = append(buf, ",\n"+diagIn+"  \"lossy\": "...)
	buf = strconv.AppendBool(buf, d.Compile.Lossy)
	buf = append(buf, ",\n"+diagIn+"  \"detail\": "...)
	buf = qc.append(buf, d.Compile.Detail)
	buf = append(buf, "\n"+diagIn+"},\n"...)
	if d.DocsURL != "" {
		buf = append(buf, diagIn+"\"docsUrl\": "...)
		buf = qc.append(buf, d.DocsURL)
		buf = append(buf, ",\n"...)
	}
	buf = append(buf, diagIn+"\"file\": "...)
	buf = append(buf, file...)
	buf = append(buf, ",\n"+diagIn+"\"line\": "...)
	buf = strconv.AppendInt(buf, int64(loc.Line), 10)
	buf = append(buf, ",\n"+diagIn+"\"column\": "...)
	buf = strconv.AppendInt(buf, int64(loc.Column), 10)
	buf = append(buf, ",\n"+diagIn+"\"endLine\": "...)
	buf = strconv.AppendInt(buf, int64(loc.EndLine), 10)
	buf = append(buf, ",\n"+diagIn+"\"endColumn\": "...)
	buf = strconv.AppendInt(buf, int64(loc.EndColumn), 10)
	return append(buf, "\n            }"...)
}

// quoteCache remembers how a few strings quote: a diagnostic's severity,
// code, docs URL and often its compile detail come from the rule tables,
// a few hundred strings that a million findings repeat. It is a fixed
// table indexed by a hash of the string (a miss replaces the entry), so
// it stays small whatever the strings; one per worker (quoteCaches).
type quoteCache struct {
	slots [128]struct {
		s string
		q []byte
	}
}

var quoteCaches = sync.Pool{New: func() any { return new(quoteCache) }}

// append appends s quoted (jsonvalue.AppendQuote).
func (c *quoteCache) append(buf []byte, s string) []byte {
	n := len(s)
	if n == 0 {
		return append(buf, `""`...)
	}
	e := &c.slots[(uint(n)*31+uint(s[n-1])*7+uint(s[n/2]))%uint(len(c.slots))]
	if e.s != s {
		if n > 512 {
			return jsonvalue.AppendQuote(buf, s) // not worth keeping
		}
		e.s, e.q = s, jsonvalue.AppendQuote(e.q[:0], s)
	}
	return append(buf, e.q...)
}
