package report

import (
	"bufio"
	"io"
	"strconv"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/version"
)

// LoadErrorsText writes load errors the way loader.md §12.1 shows them (for
// stderr, never coloured), with the position added:
//
//	✗ tools/broken.json:4:7: message
//	  Path: inputSchema.properties.tags
//	Result: 1 input error
func LoadErrorsText(w io.Writer, errs []tool.LoadError) error {
	bw := bufio.NewWriter(w)
	for _, e := range errs {
		bw.WriteString(markError + " " + clean(position(e.SourcePath, e.Line, e.Column)) + ": " + clean(e.Message) + "\n")
		if e.Path != "" {
			bw.WriteString("  Path: " + clean(e.Path) + "\n")
		}
	}
	bw.WriteString("Result: " + plural(len(errs), "input error") + "\n")
	return bw.Flush()
}

// LoadErrorsJSON writes the single JSON document of a failed load:
// {command, schemaPortVersion, errors: [{sourcePath, file, line, column,
// endLine, endColumn, path?, message}]}. The positions are left out for problems that are not
// inside a file's content (a missing path); path is left out when the
// problem is not about one value.
func LoadErrorsJSON(w io.Writer, command string, errs []tool.LoadError) error {
	bw := bufio.NewWriter(w)
	writeErrorsHeader(bw, command)
	for i, e := range errs {
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    {\n")
		bw.WriteString(`      "sourcePath": ` + jsonvalue.Quote(e.SourcePath) + ",\n")
		bw.WriteString(`      "file": ` + jsonvalue.Quote(e.SourcePath) + ",\n")
		if !e.Span.IsZero() {
			bw.WriteString(`      "line": ` + strconv.Itoa(e.Line) + ",\n")
			bw.WriteString(`      "column": ` + strconv.Itoa(e.Column) + ",\n")
			bw.WriteString(`      "endLine": ` + strconv.Itoa(e.EndLine) + ",\n")
			bw.WriteString(`      "endColumn": ` + strconv.Itoa(e.EndColumn) + ",\n")
		}
		if e.Path != "" {
			bw.WriteString(`      "path": ` + jsonvalue.Quote(e.Path) + ",\n")
		}
		bw.WriteString(`      "message": ` + jsonvalue.Quote(e.Message) + "\n    }")
	}
	writeErrorsFooter(bw, len(errs))
	return bw.Flush()
}

// UsageErrorJSON writes a usage error in the load-error shape with only
// messages; an empty command is written as null (the command word itself
// was not understood).
func UsageErrorJSON(w io.Writer, command string, messages ...string) error {
	bw := bufio.NewWriter(w)
	writeErrorsHeader(bw, command)
	for i, m := range messages {
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    {\n      \"message\": " + jsonvalue.Quote(m) + "\n    }")
	}
	writeErrorsFooter(bw, len(messages))
	return bw.Flush()
}

func writeErrorsHeader(bw *bufio.Writer, command string) {
	cmd := "null"
	if command != "" {
		cmd = jsonvalue.Quote(command)
	}
	bw.WriteString("{\n  \"command\": " + cmd + ",\n")
	bw.WriteString("  \"schemaPortVersion\": " + jsonvalue.Quote(version.Version) + ",\n")
	bw.WriteString("  \"errors\": [")
}

func writeErrorsFooter(bw *bufio.Writer, n int) {
	if n > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
}
