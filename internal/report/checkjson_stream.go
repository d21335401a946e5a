package report

import (
	"bufio"
	"io"
	"strconv"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/version"
)

// CheckJSONWriter writes the check document for tool results that arrive
// one at a time (check.Stream), so no diagnostic outlives its tool. The
// document puts the summary before the tools, so the tools section goes to
// a spool (a temporary file) and is copied after the header once the counts
// are known. The bytes equal CheckJSON's for the same results.
type CheckJSONWriter struct {
	spool io.ReadWriteSeeker
	bw    *bufio.Writer
	total check.Summary
	tools int
	err   error
}

// NewCheckJSONWriter spools the tools section into spool, which must be
// empty and readable after a Seek to its start.
func NewCheckJSONWriter(spool io.ReadWriteSeeker) *CheckJSONWriter {
	return &CheckJSONWriter{spool: spool, bw: bufio.NewWriterSize(spool, 256<<10)}
}

// Add writes one tool's result. It does not keep tr: a caller may reuse
// the diagnostics afterwards.
func (c *CheckJSONWriter) Add(tr *check.ToolResult) error {
	if c.err != nil {
		return c.err
	}
	for _, t := range uniqueTargets(tr.Targets) {
		for j := range t.Diagnostics {
			count(&c.total, t.Diagnostics[j].Severity)
		}
	}
	if c.tools > 0 {
		c.bw.WriteByte(',')
	}
	c.tools++
	c.err = writeToolJSON(c.bw, tr)
	return c.err
}

// Summary returns the counts of everything added so far.
func (c *CheckJSONWriter) Summary() (tools int, total check.Summary) { return c.tools, c.total }

// Finish writes the whole document to w.
func (c *CheckJSONWriter) Finish(w io.Writer) error {
	if c.err != nil {
		return c.err
	}
	if err := c.bw.Flush(); err != nil {
		return err
	}
	if _, err := c.spool.Seek(0, io.SeekStart); err != nil {
		return err
	}
	out := bufio.NewWriterSize(w, 64<<10)
	writeCheckHeader(out, c.tools, c.total)
	if _, err := io.Copy(out, c.spool); err != nil {
		return err
	}
	if c.tools > 0 {
		out.WriteString("\n  ")
	}
	out.WriteString("]\n}\n")
	return out.Flush()
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
