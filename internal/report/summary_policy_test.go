package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
)

func TestBlobURLAndLinksAreEscaped(t *testing.T) {
	if got := BlobURL("https://github.com", "acme/tools", "abc"); got != "https://github.com/acme/tools/blob/abc/" {
		t.Errorf("BlobURL = %q", got)
	}
	for _, bad := range [][3]string{{"", "a/b", "c"}, {"javascript:x", "a/b", "c"}, {"https://h", "nobody", "c"}} {
		if got := BlobURL(bad[0], bad[1], bad[2]); got != "" {
			t.Errorf("BlobURL%v = %q, want none", bad, got)
		}
	}
	evil := `tools/"><img src=x>.json`
	res := finding.Apply(finding.Policy{BreakingFailOn: finding.BreakingFailOnBreaking},
		finding.FromDiff(&diff.Result{Changes: []diff.Change{change(diff.Breaking, "tool-removed", "<b>t</b>", evil, 2, "Tool `t` was removed.")}}), nil)
	var buf bytes.Buffer
	if err := Summary(&buf, SummaryInput{Policy: res, BlobURL: BlobURL("https://github.com", "acme/tools", "abc"), HeadSHA: "abc"}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	want := `<a href="https://github.com/acme/tools/blob/abc/tools/%22%3E%3Cimg%20src%3Dx%3E.json#L2">`
	if !strings.Contains(out, want) || strings.Contains(out, "<img") || strings.Contains(out, "<b>") {
		t.Errorf("link not escaped:\n%s", out)
	}
	if !strings.HasPrefix(out, "## ✗ SchemaPort: failed\n\n**Failed: 1 breaking change not approved &#40;breaking-fail-on: breaking&#41;.") {
		t.Errorf("summary does not lead with the verdict:\n%s", out)
	}
	assertWellFormed(t, out)
}

func TestFailedSARIFAndSummary(t *testing.T) {
	var buf bytes.Buffer
	if err := FailedSARIF(&buf, "schemaport/", "The tool path `x` exists neither in the head nor in the base."); err != nil {
		t.Fatal(err)
	}
	validSARIF(t, buf.Bytes())
	if !strings.Contains(buf.String(), `"executionSuccessful": false`) || !strings.Contains(buf.String(), `"results": []`) {
		t.Errorf("failed SARIF:\n%s", buf.String())
	}
	buf.Reset()
	FailedSummary(&buf, "Unknown key `x` in <cfg>.")
	if got := buf.String(); !strings.HasPrefix(got, "## ✗ SchemaPort: could not run\n\nUnknown key <code>x</code> in &lt;cfg&gt;.") {
		t.Errorf("failed summary:\n%s", got)
	}
}
