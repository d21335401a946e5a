package explain

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// catalogueCodes are the headings of docs/rules.md, read from the file
// in the repository (not the embedded copy) so that a stale embed fails.
func catalogueCodes(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, line := range strings.Split(string(data), "\n") {
		if c, ok := strings.CutPrefix(line, "### "); ok {
			codes = append(codes, c)
		}
	}
	if len(codes) < 50 {
		t.Fatalf("only %d codes in docs/rules.md", len(codes))
	}
	return codes
}

// TestExplainsEveryCatalogueCode walks every code in docs/rules.md: each
// has an entry with its trigger, compile answer, fix, example output (the
// lines the catalogue shows) and docs link.
func TestExplainsEveryCatalogueCode(t *testing.T) {
	codes := catalogueCodes(t)
	if got := Codes(); !slices.Equal(got, codes) {
		t.Fatalf("explain knows %d codes, docs/rules.md lists %d; they differ", len(got), len(codes))
	}
	for _, code := range codes {
		e, ok := Lookup(code)
		if !ok {
			t.Errorf("%s: not found", code)
			continue
		}
		var b strings.Builder
		if err := Write(&b, e); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		want := []string{code, "Compile fixes it: ", "Fix: ", "Docs: https://"}
		if e.Diff != nil {
			want = append(want, "Triggers when "+e.Diff.Trigger)
		} else {
			for _, r := range e.Rows {
				want = append(want, "Triggers when: "+r.Rule.Trigger, r.Target+": "+r.Rule.Severity)
				if r.Rule.DocsURL != "" {
					want = append(want, r.Rule.DocsURL)
				}
				if r.Rule.Source != "" {
					want = append(want, "Provider's answer: "+r.Rule.Source)
				}
			}
		}
		if e.Example.None == "" {
			if e.Example.Output == "" {
				t.Errorf("%s: the catalogue entry has no output", code)
			}
			want = append(want, "Example")
			for _, line := range strings.Split(strings.TrimSpace(e.Example.Output), "\n") {
				want = append(want, "  "+line)
			}
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", code, w, out)
			}
		}
		if strings.Contains(out, "%s") {
			t.Errorf("%s: an unfilled template in:\n%s", code, out)
		}
	}
}

func TestNearest(t *testing.T) {
	cases := []struct {
		in   string
		want string // the first suggestion
	}{
		{"openai/strict-optional-propery", "openai/strict-optional-property"},
		{"strict-optional-property", "openai/strict-optional-property"},
		{"required-property-add", "required-property-added"},
		{"OPENAI/TOOL-NAME-TOO-LONG", "openai/tool-name-too-long"},
	}
	for _, c := range cases {
		got := Nearest(c.in, 3)
		if len(got) != 3 || got[0] != c.want {
			t.Errorf("Nearest(%q) = %v, want %s first", c.in, got, c.want)
		}
	}
	msg := Unknown("openai/strict-optional")
	if !strings.Contains(msg, `Unknown rule code "openai/strict-optional"`) || !strings.Contains(msg, "openai/strict-optional-property") {
		t.Errorf("Unknown = %s", msg)
	}
}

// TestKeptAsIsIsNotCalledFixed: a finding compile emits unchanged (advice
// such as gemini/default-not-enforced) is not said to be fixed by
// compiling; one compile rewrites is.
func TestKeptAsIsIsNotCalledFixed(t *testing.T) {
	for code, want := range map[string]string{
		"gemini/default-not-enforced":         "Compile fixes it: no, it keeps this as written",
		"anthropic/constraint-not-enforced":   "Compile fixes it: no, it keeps this as written",
		"openai/string-length-not-guaranteed": "Compile fixes it: no, it keeps this as written",
		"openai/strict-optional-property":     "Compile fixes it: yes",
	} {
		e, ok := Lookup(code)
		if !ok {
			t.Fatalf("%s: not found", code)
		}
		var b strings.Builder
		if err := Write(&b, e); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), want) {
			t.Errorf("%s: output lacks %q:\n%s", code, want, b.String())
		}
	}
}

// TestBreakingFixPointsAtTheCompatibleWay: explain for a breaking diff code
// sends the reader to the message's compatible alternative first.
func TestBreakingFixPointsAtTheCompatibleWay(t *testing.T) {
	e, ok := Lookup("required-property-added")
	if !ok {
		t.Fatal("required-property-added: not found")
	}
	var b strings.Builder
	if err := Write(&b, e); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"make it the compatible way the message names", "To stay compatible, add it as optional with a `default`"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, b.String())
		}
	}
}
