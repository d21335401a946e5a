package report

import (
	"bufio"
	"bytes"
	"testing"

	"github.com/schemaport/schemaport-action/internal/finding"
)

// The streamed findings document is PolicyJSON's, byte for byte: empty,
// one finding, and findings with and without a base location, a reason and
// text that needs escaping.
func TestWritePolicyFindingsJSONMatchesPolicyJSON(t *testing.T) {
	all := []finding.Finding{
		{Kind: finding.KindCheck, Code: "openai/x", Level: "error", DefaultLevel: "error", Tool: "t<1>", Target: "openai", Path: "inputSchema.a",
			Location: finding.Location{File: "tools/a.json", Line: 3, Column: 5, EndLine: 3, EndColumn: 9}, Message: "say \"no\" & <b>\u2028", Fingerprint: "ab", State: finding.StateNew, Fails: true},
		{Kind: finding.KindDiff, Code: "type-changed", Level: "error", DefaultLevel: "error", Tool: "t", Target: "diff", Path: "inputSchema.b",
			Location: finding.Location{File: "tools/a.json", Line: 1, Column: 1}, BaseLocation: finding.Location{File: "base/a.json", Line: 2, Column: 2},
			Message: "changed", Fingerprint: "cd", State: finding.StateAccepted, Reason: "until later", AcceptedBy: "schemaport.config.json:3", AcceptedUntil: "2030-01-01"},
		{Kind: finding.KindLoad, Code: finding.LoadCode, Level: "error", DefaultLevel: "error", Message: "broken", State: finding.StateNew, Fails: true},
	}
	for n := 0; n <= len(all); n++ {
		res := &finding.Result{Findings: all[:n]}
		docs, err := PolicyJSON(res, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		bw := bufio.NewWriter(&got)
		if err := WritePolicyFindingsJSON(bw, res, nil); err != nil {
			t.Fatal(err)
		}
		bw.Flush()
		if got.String() != docs.Findings {
			t.Fatalf("%d findings:\n%s\nwant\n%s", n, got.String(), docs.Findings)
		}
	}
}
