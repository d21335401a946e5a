package report

import (
	"bytes"
	"io"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// LoadErrorsJSONWriter writes a check or diff document written to it with
// the load errors of the files that did not load placed first, right
// after its `schemaPortVersion`, as `errors` (LoadErrorsJSON's entries)
// and, for a diff, `leftOut`: the files whose tools were left out on both
// sides. One broken file then hides nothing: the document still holds
// every tool that loaded, and a script finds the errors where it always
// did. The document comes piece by piece (a streamed check report can be
// larger than the memory it may use): the writer holds its first lines
// until the `schemaPortVersion` line has passed and writes the rest
// through.
type LoadErrorsJSONWriter struct {
	w      io.Writer
	member string
	head   []byte // held until the version line ends; nil once written
	done   bool
}

// NewLoadErrorsJSONWriter writes to w the document written to it with
// errs (and leftOut, when not nil) inserted.
// Close writes what it still holds.
func NewLoadErrorsJSONWriter(w io.Writer, errs []tool.LoadError, leftOut []string) (*LoadErrorsJSONWriter, error) {
	var e bytes.Buffer
	if err := LoadErrorsJSON(&e, "", errs); err != nil {
		return nil, err
	}
	member := e.String()
	member = member[strings.Index(member, "  \"errors\": ["):]
	member = strings.TrimSuffix(member, "\n}\n") + ",\n"
	if leftOut != nil {
		q := make([]string, len(leftOut))
		for i, f := range leftOut {
			q[i] = jsonvalue.Quote(f)
		}
		member += "  \"leftOut\": [" + strings.Join(q, ", ") + "],\n"
	}
	return &LoadErrorsJSONWriter{w: w, member: member}, nil
}

const versionKey = "  \"schemaPortVersion\": "

func (l *LoadErrorsJSONWriter) Write(p []byte) (int, error) {
	if l.done {
		return l.w.Write(p)
	}
	l.head = append(l.head, p...)
	i := bytes.Index(l.head, []byte(versionKey))
	if i < 0 {
		return len(p), nil
	}
	nl := bytes.IndexByte(l.head[i:], '\n')
	if nl < 0 {
		return len(p), nil
	}
	end := i + nl + 1
	l.done = true
	head := l.head
	l.head = nil
	if _, err := l.w.Write(head[:end]); err != nil {
		return 0, err
	}
	if _, err := io.WriteString(l.w, l.member); err != nil {
		return 0, err
	}
	if _, err := l.w.Write(head[end:]); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Close writes a document that never had a version line as it was.
func (l *LoadErrorsJSONWriter) Close() error {
	if l.done {
		return nil
	}
	l.done = true
	_, err := l.w.Write(l.head)
	l.head = nil
	return err
}
