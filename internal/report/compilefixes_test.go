package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/finding"
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

// The summary of a fail-on lossy run (the one that sets CompileFixes):
// an error compile fixes without loss, which does not fail the run, is
// shown as what compile does; the lossy one fails.
func TestSummaryShowsWhatCompileFixes(t *testing.T) {
	in := fullSummaryInput(t)
	in.Policy = policyWith(finding.Policy{FailOn: finding.FailOnLossy, BreakingFailOn: finding.BreakingFailOnBreaking}, in.Check, in.Diff, nil)
	in.CompileFixes = true
	out := summaryOf(t, in)
	if !strings.Contains(out, "| ↻ compile fixes | OpenAI error | <code>openai/object-missing-additional-properties</code>") ||
		!strings.Contains(out, "| ✗ fails | OpenAI error | <code>openai/strict-optional-property</code>") ||
		!strings.Contains(out, "Compile fixes this &#40;<code>schemaport-action compile</code>&#41;: Adds <code>additionalProperties: false</code>.") {
		t.Errorf("summary:\n%s", out)
	}
	in.CompileFixes = false
	if plain := summaryOf(t, in); strings.Contains(plain, "↻") {
		t.Errorf("default summary marks fixes")
	}
}

func TestCompiledSummaryAndAnnotations(t *testing.T) {
	ms := []compile.Mismatch{
		{Path: "manifest.json", Kind: "differs", Excerpt: "  x\n- \"a\": \"```<b>\x1b[31m\"\n+ \"a\": \"b\""},
		{Path: "openai/old-tool.json", Kind: "stale"},
	}
	md := CompiledSummary(ms, 0, "generated", "schemaport-action compile tools --out generated")
	for _, want := range []string{
		"### Compiled files\n\n✗ 2 compiled files in <code>generated</code> out of date. Run <code>schemaport-action compile tools --out generated</code> and commit the result.\n",
		"<details><summary><code>generated/manifest.json</code> differs from what compiling writes</summary>\n\n````diff\n  x\n- \"a\": \"```<b>\\u001b[31m\"\n+ \"a\": \"b\"\n````\n",
		"- <code>generated/openai/old-tool.json</code> is stale: no tool compiles to it any more, so compiling removes it\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("summary lacks %q:\n%s", want, md)
		}
	}
	if ok := CompiledSummary(nil, 0, "generated", "x"); !strings.Contains(ok, "✓ <code>generated</code> is up to date") {
		t.Errorf("up-to-date summary: %s", ok)
	}
	if cut := CompiledSummary(ms, 1, "generated", "c"); !strings.Contains(cut, "✗ 2 compiled files") || !strings.Contains(cut, "\n… and 1 more file; <code>c --check</code> lists them all.\n") || strings.Contains(cut, "old-tool") {
		t.Errorf("cut summary:\n%s", cut)
	}
	as := CompiledAnnotations(ms, "generated", "schemaport-action compile tools --out generated")
	if len(as) != 2 || as[1].File != "generated/openai/old-tool.json" || as[1].Level != LevelError || as[1].Title != CompiledRuleID {
		t.Errorf("annotations: %+v", as)
	}
}
