package report

import (
	"io"
	"testing"
)

// BenchmarkCheckJSON streams 100,000 diagnostics.
func BenchmarkCheckJSON(b *testing.B) {
	res := manyDiagnostics(b, 2000, 50)
	b.ReportAllocs()
	for b.Loop() {
		if err := CheckJSON(io.Discard, res, Omitted{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSARIF renders the policy's verdict on the same 100,000
// diagnostics, capped at GitHub's 25,000 results.
func BenchmarkSARIF(b *testing.B) {
	pol := policyOf(manyDiagnostics(b, 2000, 50), nil, nil, false)
	b.ReportAllocs()
	for b.Loop() {
		if err := SARIF(io.Discard, SARIFInput{Policy: pol, Category: "schemaport/"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSummary renders the same findings into a capped job summary.
func BenchmarkSummary(b *testing.B) {
	res := manyDiagnostics(b, 2000, 50)
	pol := policyOf(res, nil, nil, false)
	b.ReportAllocs()
	for b.Loop() {
		if err := Summary(io.Discard, SummaryInput{Check: res, Policy: pol}); err != nil {
			b.Fatal(err)
		}
	}
}
