package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/provider"
)

// hostileRunes are line separators and bidi controls a description can
// carry: raw, they break a line where a reader does not see one, or make
// text read in another order than it is.
var hostileRunes = []rune{0x2028, 0x2029, 0x0085, 0x202e, 0x2066, 0x2069, 0x200f, 0x061c}

func hostileText() string {
	var b strings.Builder
	b.WriteString("see")
	for _, r := range hostileRunes {
		b.WriteRune(r)
		b.WriteString("x")
	}
	return b.String()
}

func assertNoHostileRunes(t *testing.T, where, out string) {
	t.Helper()
	for _, r := range hostileRunes {
		if strings.ContainsRune(out, r) {
			t.Errorf("%s: U+%04X reached the output raw", where, r)
		}
	}
}

func TestLineSeparatorsAndBidiAreEscapedEverywhere(t *testing.T) {
	res := checkFixture(t)
	d := &res.Tools[1].Targets[0].Diagnostics[0]
	d.Message = hostileText()
	diffs := diffFixture(t)
	diffs.Changes[0].Message = hostileText()

	pol := policyOf(res, diffs, nil, false)
	out := annotate(t, PolicyAnnotations(pol, nil), 0)
	assertNoHostileRunes(t, "annotations", out)
	if !strings.Contains(out, `see\u2028x\u2029x\u0085x\u202ex`) {
		t.Errorf("annotations: the escapes are not visible:\n%s", out)
	}

	var sarif bytes.Buffer
	if err := SARIF(&sarif, SARIFInput{Policy: pol}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Runs []struct {
			Results []struct{ Message struct{ Text string } }
		}
	}
	if err := json.Unmarshal(sarif.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	var texts strings.Builder
	for _, r := range doc.Runs[0].Results {
		texts.WriteString(r.Message.Text + "\n")
	}
	assertNoHostileRunes(t, "SARIF messages", texts.String())
	if !strings.Contains(texts.String(), `see\u2028x`) {
		t.Errorf("SARIF: the escapes are not visible:\n%s", texts.String())
	}

	in := fullSummaryInput(t)
	in.Check.Tools[1].Targets[0].Diagnostics[0].Message = hostileText()
	in.Diff.Changes[0].Message = hostileText()
	sum := summaryOf(t, in)
	assertNoHostileRunes(t, "summary", sum)
}

// GitHub's Markdown turns URLs and www. addresses into links, in text and
// inside <code> alike: text from a tool file must not become a link.
func TestSummaryBreaksURLs(t *testing.T) {
	in := fullSummaryInput(t)
	in.Check.Tools[1].Targets[0].Diagnostics[0].Message = "Visit https://evil.example/login or www.evil.example or HTTP://EVIL.example, `https://in.code/x`"
	in.Check.Tools[1].Targets[0].Diagnostics[0].Path = "inputSchema.properties[\"www.evil.example\"]"
	in.Diff.Changes[0].Message = "Description says ftp://files.example/x and mailto:someone"
	sum := summaryOf(t, in)
	assertWellFormed(t, sum)
	for _, bad := range []string{"https://", "HTTP://", "ftp://", "www.evil", "mailto:"} {
		if strings.Contains(sum, bad) {
			t.Errorf("summary holds %q, which GitHub would autolink", bad)
		}
	}
	// What the reader sees is unchanged: the break is an empty comment.
	for _, want := range []string{"https:<!-- -->//evil.example/login", "www<!-- -->.evil.example", "<code>https:<!-- -->//in.code/x</code>"} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q", want)
		}
	}
}

var _ = provider.SeverityError

// FuzzMarkdownText: whatever a tool file says, the summary's text and code
// carry no autolink start and no raw line separator or bidi control.
func FuzzMarkdownText(f *testing.F) {
	for _, s := range []string{"https://x.y", "WWW.example.com", "mailto:a@b", "a\u2028b\u202e", "`https://c`", "h<!-- -->ttps://"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{mdText(s), mdCode(s)} {
			low := strings.ToLower(out)
			for _, bad := range []string{"://", "www.", "mailto:", "xmpp:"} {
				if strings.Contains(low, bad) {
					t.Fatalf("%q renders as %q, which holds %q", s, out, bad)
				}
			}
			assertNoHostileRunes(t, "markdown", out)
		}
	})
}

// needsClean, which skips printable ASCII a word at a time, is true
// exactly when the rune-by-rune rewrite changes the text.
func FuzzNeedsClean(f *testing.F) {
	for _, s := range []string{"", "plain text, long enough to span words", "tab\there", "cr\rlf\n", "esc \x1b[31m", "del \x7f",
		"bad \xff", "\u2028", "bidi \u202e", "nel \u0085", "ünïcødé ✓", "\x00\x01\x02\x03\x04\x05\x06\x07\x08"} {
		for at := range 9 {
			f.Add(strings.Repeat("x", at) + s + strings.Repeat("y", 8-at))
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, keep := range []string{"", "\r\n\t"} {
			if got, want := needsClean(s, keep), rewriteUnsafe(s, keep) != s; got != want {
				t.Fatalf("needsClean(%q, %q) = %v, rewrite changes it: %v", s, keep, got, want)
			}
		}
	})
}
