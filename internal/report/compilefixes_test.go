package report

import (
	"bytes"
	"strings"
	"testing"
)

// Under --fail-on lossy a team compiles: an error compile fixes without
// loss is shown as what compile does, not as a failure; lossy and
// unfixable errors keep their ✗.
func TestCheckTextShowsWhatCompileFixes(t *testing.T) {
	res := checkFixture(t)
	var plain, fixes bytes.Buffer
	if err := CheckText(&plain, res, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := CheckText(&fixes, res, TextOptions{CompileFixes: true}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.String(), markFixed) || strings.Contains(plain.String(), "fixed by") {
		t.Errorf("default output marks fixes:\n%s", plain.String())
	}
	out := fixes.String()
	if !strings.Contains(out, "↻ tools/refund-order.json:4:3 openai/object-missing-additional-properties\n") {
		t.Errorf("a losslessly fixable error is not shown as fixed:\n%s", out)
	}
	if !strings.Contains(out, "✗ tools/refund-order.json:8:7 openai/strict-optional-property\n") {
		t.Errorf("a lossy fix must stay a failure:\n%s", out)
	}
	if !strings.Contains(out, "Result: 2 errors (1 fixed by `schemaport-action compile`), ") {
		t.Errorf("result line:\n%s", out)
	}
}

func TestSummaryShowsWhatCompileFixes(t *testing.T) {
	in := fullSummaryInput(t)
	in.CompileFixes = true
	out := summaryOf(t, in)
	if !strings.Contains(out, "| ↻ | <code>openai/object-missing-additional-properties</code>") ||
		!strings.Contains(out, "| ✗ | <code>openai/strict-optional-property</code>") ||
		!strings.Contains(out, "(1 fixed by compile)") {
		t.Errorf("summary:\n%s", out)
	}
	if plain := summaryOf(t, fullSummaryInput(t)); strings.Contains(plain, "↻") {
		t.Errorf("default summary marks fixes")
	}
}
