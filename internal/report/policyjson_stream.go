package report

import (
	"bufio"
	"strconv"

	"github.com/schemaport/schemaport-action/internal/finding"
)

// WritePolicyFindingsJSON writes PolicyJSON's Findings document to bw,
// byte for byte, one finding at a time: a run with millions of findings
// never holds the document. Each element is encoded with the indentation
// it has inside the array (one level deeper), which is what encoding the
// whole array gives.
func WritePolicyFindingsJSON(bw *bufio.Writer, res *finding.Result, paths PathMapper) error {
	var buf []byte
	bw.WriteByte('[')
	for i := range res.Findings {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n    ")
		jf := policyFinding(&res.Findings[i], paths)
		buf = appendPolicyFinding(buf[:0], &jf, "    ")
		bw.Write(buf)
	}
	if len(res.Findings) > 0 {
		bw.WriteString("\n  ")
	}
	return bw.WriteByte(']')
}

// PolicyVerdictJSON is PolicyJSON's Verdict document alone.
func PolicyVerdictJSON(res *finding.Result) (string, error) {
	docs, err := PolicyJSON(&finding.Result{Reasons: res.Reasons, Warnings: res.Warnings, Counts: res.Counts, Exit: res.Exit, Policy: res.Policy}, nil)
	return docs.Verdict, err
}

// appendPolicyFinding appends f as encoding/json indents it (SetIndent(p,
// "  "), HTML not escaped, no trailing newline), as appendSARIFResult does
// for SARIF: the report holds one per finding kept.
func appendPolicyFinding(buf []byte, f *jsonFinding, p string) []byte {
	in := p + "  "
	str := func(key, v string, omitEmpty bool) {
		if omitEmpty && v == "" {
			return
		}
		buf = append(buf, ",\n"...)
		buf = appendIndentedKey(buf, in, key)
		buf = appendGoString(buf, v)
	}
	loc := func(key string, l *finding.Location) {
		buf = append(buf, ",\n"...)
		buf = appendIndentedKey(buf, in, key)
		buf = append(buf, "{\n"...)
		buf = appendIndentedKey(buf, in+"  ", "file")
		buf = appendGoString(buf, l.File)
		for _, n := range []struct {
			key string
			v   int
		}{{"line", l.Line}, {"column", l.Column}, {"endLine", l.EndLine}, {"endColumn", l.EndColumn}} {
			buf = append(buf, ",\n"...)
			buf = appendIndentedKey(buf, in+"  ", n.key)
			buf = strconv.AppendInt(buf, int64(n.v), 10)
		}
		buf = append(buf, '\n')
		buf = append(buf, in...)
		buf = append(buf, '}')
	}
	buf = append(buf, "{\n"...)
	buf = appendIndentedKey(buf, in, "kind")
	buf = appendGoString(buf, f.Kind)
	str("code", f.Code, false)
	str("level", f.Level, false)
	str("defaultLevel", f.DefaultLevel, false)
	str("classification", f.Classification, true)
	str("state", f.State, false)
	buf = append(buf, ",\n"...)
	buf = appendIndentedKey(buf, in, "fails")
	buf = strconv.AppendBool(buf, f.Fails)
	str("tool", f.Tool, false)
	str("target", f.Target, false)
	str("path", f.Path, false)
	loc("location", &f.Location)
	if f.BaseLocation != nil {
		loc("baseLocation", f.BaseLocation)
	}
	str("message", f.Message, false)
	str("fingerprint", f.Fingerprint, false)
	str("reason", f.Reason, true)
	str("acceptedBy", f.AcceptedBy, true)
	str("acceptedUntil", f.AcceptedUntil, true)
	buf = append(buf, '\n')
	buf = append(buf, p...)
	return append(buf, '}')
}
