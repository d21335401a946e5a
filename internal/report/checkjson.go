package report

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"unicode/utf8"

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
func AppendToolJSON(buf []byte, tr *check.ToolResult) []byte {
	b := bytes.NewBuffer(buf)
	writeToolJSON(b, tr)
	return b.Bytes()
}

func writeToolJSON(bw *bytes.Buffer, tr *check.ToolResult) {
	name, source := "", ""
	if tr.Tool != nil {
		name, source = tr.Tool.Name, tr.Tool.File()
	}
	bw.WriteString("\n    {\n")
	bw.WriteString("      \"name\": " + jsonvalue.Quote(name) + ",\n")
	bw.WriteString("      \"source\": " + jsonvalue.Quote(source) + ",\n")
	bw.WriteString("      \"targets\": {")
	targets := uniqueTargets(tr.Targets)
	for i, t := range targets {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n        " + jsonvalue.Quote(t.ID) + ": {\n")
		bw.WriteString("          \"diagnostics\": [")
		var s check.Summary
		for j := range t.Diagnostics {
			d := &t.Diagnostics[j]
			count(&s, d.Severity)
			if j > 0 {
				bw.WriteByte(',')
			}
			writeDiagnosticJSON(bw, d, diagnosticSpan(tr.Tool, d))
		}
		if len(t.Diagnostics) > 0 {
			bw.WriteString("\n          ")
		}
		bw.WriteString("],\n")
		bw.WriteString("          \"summary\": {\n")
		bw.WriteString("            \"error\": " + strconv.Itoa(s.Error) + ",\n")
		bw.WriteString("            \"warning\": " + strconv.Itoa(s.Warning) + ",\n")
		bw.WriteString("            \"info\": " + strconv.Itoa(s.Info) + "\n")
		bw.WriteString("          }\n        }")
	}
	if len(targets) > 0 {
		bw.WriteString("\n      ")
	}
	bw.WriteString("}\n    }")
}

// writeDiagnosticJSON writes one diagnostic at the depth it has inside
// tools[].targets.<id>.diagnostics[]. It writes piece by piece into the
// buffer: this is the loop a million-diagnostic report spends its time in.
func writeDiagnosticJSON(bw *bytes.Buffer, d *provider.Diagnostic, loc span) {
	const in = "              "
	bw.WriteString("\n            {\n")
	stringField(bw, in, "providerId", d.ProviderID)
	stringField(bw, in, "toolName", d.ToolName)
	stringField(bw, in, "severity", d.Severity)
	stringField(bw, in, "code", d.Code)
	stringField(bw, in, "message", d.Message)
	stringField(bw, in, "path", d.Path)
	bw.WriteString(in + "\"compile\": {\n")
	bw.WriteString(in + "  \"supported\": " + strconv.FormatBool(d.Compile.Supported) + ",\n")
	bw.WriteString(in + "  \"lossy\": " + strconv.FormatBool(d.Compile.Lossy) + ",\n")
	bw.WriteString(in + "  \"detail\": ")
	writeQuoted(bw, d.Compile.Detail)
	bw.WriteString("\n" + in + "},\n")
	if d.DocsURL != "" {
		stringField(bw, in, "docsUrl", d.DocsURL)
	}
	stringField(bw, in, "file", loc.file)
	intField(bw, in, "line", loc.Line, false)
	intField(bw, in, "column", loc.Column, false)
	intField(bw, in, "endLine", loc.EndLine, false)
	intField(bw, in, "endColumn", loc.EndColumn, true)
	bw.WriteString("            }")
}

// stringField writes `<in>"key": "value",\n`; key is one of ours and needs
// no escaping.
func stringField(bw *bytes.Buffer, in, key, value string) {
	bw.WriteString(in)
	bw.WriteByte('"')
	bw.WriteString(key)
	bw.WriteString("\": ")
	writeQuoted(bw, value)
	bw.WriteString(",\n")
}

func intField(bw *bytes.Buffer, in, key string, value int, last bool) {
	bw.WriteString(in)
	bw.WriteByte('"')
	bw.WriteString(key)
	bw.WriteString("\": ")
	var num [20]byte
	bw.Write(strconv.AppendInt(num[:0], int64(value), 10))
	if !last {
		bw.WriteByte(',')
	}
	bw.WriteByte('\n')
}

// writeQuoted writes s as a JSON string with JSON.stringify's escaping
// (jsonvalue.Quote), without allocating when nothing needs escaping.
func writeQuoted(bw *bytes.Buffer, s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			if c >= utf8.RuneSelf && utf8.ValidString(s[i:]) && !hasEscapes(s[i:]) {
				break
			}
			bw.WriteString(jsonvalue.Quote(s))
			return
		}
	}
	bw.WriteByte('"')
	bw.WriteString(s)
	bw.WriteByte('"')
}

func hasEscapes(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			return true
		}
	}
	return false
}
