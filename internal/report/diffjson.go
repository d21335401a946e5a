package report

import (
	"bufio"
	"io"
	"strconv"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/targetdiff"
	"github.com/schemaport/schemaport-action/internal/version"
)

// DiffJSON writes SchemaPort's diff document (diff-rules.md §10.4) with our
// positions: file..endColumn where the change is in the new version (for
// something whose file is gone, where it was), and oldFile..oldEndColumn
// when the changed thing existed in the old version. before and after keep
// the raw values (key order and number literals as written); an absent
// value is left out, JSON null is kept. It streams change by change.
// Where the caps left changes out (omitted), the summary keeps the whole
// counts (res.Summary) and the document says what is missing (a
// top-level `omitted` object, as check's).
func DiffJSON(w io.Writer, res *diff.Result, omitted Omitted) error {
	return diffJSON(w, res, omitted, nil)
}

// diffJSON is DiffJSON with diff --targets' section when td is not nil
// (DiffJSONWithTargets).
func diffJSON(w io.Writer, res *diff.Result, omitted Omitted, td *targetdiff.Result) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var changes []diff.Change
	if res != nil {
		changes = res.Changes
	}
	s := summarize(changes)
	if omitted.Total > 0 && res != nil {
		s = res.Summary
	}
	bw.WriteString("{\n  \"command\": \"diff\",\n")
	bw.WriteString("  \"schemaPortVersion\": " + jsonvalue.Quote(version.Version) + ",\n")
	bw.WriteString("  \"summary\": {\n")
	bw.WriteString("    \"breaking\": " + strconv.Itoa(s.Breaking) + ",\n")
	bw.WriteString("    \"nonBreaking\": " + strconv.Itoa(s.NonBreaking) + ",\n")
	bw.WriteString("    \"informational\": " + strconv.Itoa(s.Informational))
	if td != nil {
		bw.WriteString(",\n    \"targetRegressions\": " + strconv.Itoa(td.Regressions))
	}
	bw.WriteString("\n  },\n")
	bw.WriteString("  \"changes\": [")
	for i := range changes {
		if i > 0 {
			bw.WriteByte(',')
		}
		writeChangeJSON(bw, &changes[i])
	}
	if len(changes) > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]")
	if td != nil {
		bw.WriteString(",\n  \"targets\": ")
		bw.Write(targetsJSON(td))
	}
	writeOmittedJSON(bw, omitted)
	bw.WriteString("\n}\n")
	return bw.Flush()
}

// writeOmittedJSON writes the `omitted` member of a document whose caps
// left findings out (nothing when none were).
func writeOmittedJSON(bw *bufio.Writer, omitted Omitted) {
	if omitted.Total == 0 {
		return
	}
	bw.WriteString(",\n  \"omitted\": {\n    \"findings\": " + strconv.Itoa(omitted.Total) +
		",\n    \"perTool\": " + strconv.Itoa(omitted.Limits.PerTool) +
		",\n    \"perRun\": " + strconv.Itoa(omitted.Limits.PerRun) +
		",\n    \"note\": " + jsonvalue.Quote(omitted.Note()) + "\n  }")
}

func writeChangeJSON(bw *bufio.Writer, c *diff.Change) {
	const in = "      "
	bw.WriteString("\n    {\n")
	bw.WriteString(in + `"classification": ` + jsonvalue.Quote(c.Classification) + ",\n")
	bw.WriteString(in + `"code": ` + jsonvalue.Quote(c.Code) + ",\n")
	bw.WriteString(in + `"toolName": ` + jsonvalue.Quote(c.ToolName) + ",\n")
	bw.WriteString(in + `"path": ` + jsonvalue.Quote(c.Path) + ",\n")
	bw.WriteString(in + `"message": ` + jsonvalue.Quote(c.Message) + ",\n")
	if c.Before != nil {
		bw.WriteString(in + `"before": ` + jsonvalue.EncodeIndented(c.Before, in, "  ") + ",\n")
	}
	if c.After != nil {
		bw.WriteString(in + `"after": ` + jsonvalue.EncodeIndented(c.After, in, "  ") + ",\n")
	}
	if w := c.Witness; w != nil {
		// The call that worked before and fails now, or why there is none.
		bw.WriteString(in + `"witness": {` + "\n")
		if w.Arguments != nil {
			bw.WriteString(in + `  "arguments": ` + jsonvalue.EncodeIndented(w.Arguments, in+"  ", "  ") + "\n")
		} else {
			bw.WriteString(in + `  "arguments": null,` + "\n")
			bw.WriteString(in + `  "reason": ` + jsonvalue.Quote(w.Reason) + "\n")
		}
		bw.WriteString(in + "},\n")
	}
	at := c.New
	if at.File == "" {
		at = c.Old
	}
	writeLocationJSON(bw, in, "file", "line", "column", "endLine", "endColumn", at)
	if c.Old.File != "" {
		bw.WriteString(",\n")
		writeLocationJSON(bw, in, "oldFile", "oldLine", "oldColumn", "oldEndLine", "oldEndColumn", c.Old)
	}
	bw.WriteString("\n    }")
}

func writeLocationJSON(bw *bufio.Writer, in, file, line, col, endLine, endCol string, l diff.Location) {
	bw.WriteString(in + `"` + file + `": ` + jsonvalue.Quote(l.File) + ",\n")
	bw.WriteString(in + `"` + line + `": ` + strconv.Itoa(l.Line) + ",\n")
	bw.WriteString(in + `"` + col + `": ` + strconv.Itoa(l.Column) + ",\n")
	bw.WriteString(in + `"` + endLine + `": ` + strconv.Itoa(l.EndLine) + ",\n")
	bw.WriteString(in + `"` + endCol + `": ` + strconv.Itoa(l.EndColumn))
}
