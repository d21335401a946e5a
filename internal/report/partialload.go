package report

import (
	"bytes"
	"io"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// WithLoadErrorsJSON writes doc (a check or diff document) with the load
// errors of the files that did not load placed first, right after its
// `schemaPortVersion`, as `errors` (LoadErrorsJSON's entries) and, for a
// diff, `leftOut`: the files whose tools were left out on both sides. One
// broken file then hides nothing: the document still holds every tool
// that loaded, and a script finds the errors where it always did.
func WithLoadErrorsJSON(w io.Writer, doc []byte, errs []tool.LoadError, leftOut []string) error {
	var e bytes.Buffer
	if err := LoadErrorsJSON(&e, "", errs); err != nil {
		return err
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
	const key = "  \"schemaPortVersion\": "
	i := bytes.Index(doc, []byte(key))
	if i < 0 {
		_, err := w.Write(doc)
		return err
	}
	end := i + bytes.IndexByte(doc[i:], '\n') + 1
	out := make([]byte, 0, len(doc)+len(member))
	out = append(out, doc[:end]...)
	out = append(out, member...)
	out = append(out, doc[end:]...)
	_, err := w.Write(out)
	return err
}
