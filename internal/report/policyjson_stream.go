package report

import (
	"bufio"
	"bytes"
	"encoding/json"

	"github.com/schemaport/schemaport-action/internal/finding"
)

// WritePolicyFindingsJSON writes PolicyJSON's Findings document to bw,
// byte for byte, one finding at a time: a run with millions of findings
// never holds the document. Each element is encoded with the indentation
// it has inside the array (one level deeper), which is what encoding the
// whole array gives.
func WritePolicyFindingsJSON(bw *bufio.Writer, res *finding.Result, paths PathMapper) error {
	var scratch bytes.Buffer
	enc := json.NewEncoder(&scratch)
	enc.SetEscapeHTML(false)
	enc.SetIndent("    ", "  ")
	bw.WriteByte('[')
	for i := range res.Findings {
		scratch.Reset()
		if err := enc.Encode(policyFinding(&res.Findings[i], paths)); err != nil {
			return err
		}
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n    ")
		bw.Write(bytes.TrimSuffix(scratch.Bytes(), []byte("\n")))
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
