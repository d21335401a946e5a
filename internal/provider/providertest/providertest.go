// Package providertest holds what the provider packages' tests share:
// building a tool from JSON text, running the public check cases, and
// asserting that a rule fires (or stays silent).
package providertest

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Tool parses one canonical tool object from JSON text. The text is kept as
// the tool's source so positions can be checked.
func Tool(tb testing.TB, text string) *tool.Tool {
	tb.Helper()
	data := []byte(text)
	v, err := jsonvalue.Parse(data)
	if err != nil {
		tb.Fatalf("tool JSON: %v\n%s", err, text)
	}
	name := ""
	if n := v.Get("name"); n != nil && n.Kind == jsonvalue.String {
		name = n.Text
	}
	return &tool.Tool{Name: name, Value: v, Source: &tool.Source{Path: "tool.json", Data: data}}
}

// Expected is one diagnostic a case expects.
type Expected struct {
	Code     string           `json:"code"`
	Severity string           `json:"severity"`
	Path     string           `json:"path"`
	Compile  provider.Compile `json:"compile"`
}

func (e Expected) String() string {
	return fmt.Sprintf("%s %s @%s {%v %v %q}", e.Severity, e.Code, e.Path, e.Compile.Supported, e.Compile.Lossy, e.Compile.Detail)
}

// Case is one entry of SchemaPort's public check cases.
type Case struct {
	Name         string          `json:"name"`
	Tool         json.RawMessage `json:"tool"`
	Target       string          `json:"target"`
	Expect       []Expected      `json:"expect"`
	Exhaustive   bool            `json:"exhaustive"`
	SpecFull     []Expected      `json:"spec_full"`
	ExpectAbsent []string        `json:"expect_absent"`
	CLILoadable  bool            `json:"cliLoadable"`
	Note         string          `json:"note"`
}

// Full is the complete list the case predicts: expect for an exhaustive
// case, else spec_full.
func (c Case) Full() []Expected {
	if c.Exhaustive || c.SpecFull == nil {
		return c.Expect
	}
	return c.SpecFull
}

// LoadCases reads a JSON array of cases.
func LoadCases(tb testing.TB, path string) []Case {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var cases []Case
	if err := json.Unmarshal(data, &cases); err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return cases
}

// RunCases checks every case for target against check. Each case's full
// expected list is compared exactly (code, severity, path, compile flags
// and detail, in order); the asserted subset must be present and the
// expect_absent codes absent. Cases the canonical loader rejects
// (cliLoadable: false) run here too: the provider rules must still hold
// when called directly.
func RunCases(t *testing.T, path, target string, check func(*tool.Tool) []provider.Diagnostic) {
	t.Helper()
	n := 0
	for _, c := range LoadCases(t, path) {
		if c.Target != target {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			tl := Tool(t, string(c.Tool))
			got := check(tl)
			CheckWellFormed(t, tl, got)
			var gotE []Expected
			for _, d := range got {
				gotE = append(gotE, Expected{Code: d.Code, Severity: d.Severity, Path: d.Path, Compile: d.Compile})
			}
			if want := c.Full(); !equalLists(gotE, want) {
				t.Errorf("diagnostics differ\n got:\n%s\nwant:\n%s", list(gotE), list(want))
			}
			for _, e := range c.Expect {
				if !containsExpected(gotE, e) {
					t.Errorf("missing asserted %s", e)
				}
			}
			for _, code := range c.ExpectAbsent {
				for _, d := range got {
					if d.Code == code {
						t.Errorf("%s must be absent, got it at %s", code, d.Path)
					}
				}
			}
		})
	}
	if n == 0 {
		t.Fatalf("no cases for target %s in %s", target, path)
	}
}

// CheckWellFormed asserts what every diagnostic must carry whatever rule
// produced it: ids, a message, a docs URL, a position, canonical order.
func CheckWellFormed(t *testing.T, tl *tool.Tool, ds []provider.Diagnostic) {
	t.Helper()
	for i, d := range ds {
		if d.ToolName != tl.Name || d.ProviderID == "" || d.Message == "" || d.Compile.Detail == "" {
			t.Errorf("incomplete diagnostic %+v", d)
		}
		if !strings.HasPrefix(d.DocsURL, "https://") {
			t.Errorf("%s: docsUrl %q", d.Code, d.DocsURL)
		}
		if !d.Compile.Supported && d.Compile.Lossy {
			t.Errorf("%s: supported=false with lossy=true", d.Code)
		}
		if d.File != tl.File() || d.Line < 1 || d.Column < 1 || d.EndLine < d.Line {
			t.Errorf("%s @%s: bad position %s:%d:%d-%d:%d", d.Code, d.Path, d.File, d.Line, d.Column, d.EndLine, d.EndColumn)
		}
		span, _ := tl.Locate(d.Path)
		if inlines[d.ProviderID] {
			span = LocateThroughRefs(tl, d.Path)
		}
		if insideValue[d.Code] {
			// Points at a character of the value its path names: at or
			// after the path's key (its own tests pin the column).
			if d.Line < span.Line || d.Line == span.Line && d.Column < span.Column {
				t.Errorf("%s @%s: position %d:%d before its path's %+v", d.Code, d.Path, d.Line, d.Column, span)
			}
		} else if span.Line != d.Line || span.Column != d.Column || span.EndLine != d.EndLine || span.EndColumn != d.EndColumn {
			t.Errorf("%s @%s: position %d:%d-%d:%d, expected %+v", d.Code, d.Path, d.Line, d.Column, d.EndLine, d.EndColumn, span)
		}
		if i > 0 && less(d, ds[i-1]) {
			t.Errorf("not sorted: %s @%s after %s @%s", d.Code, d.Path, ds[i-1].Code, ds[i-1].Path)
		}
	}
}

// insideValue are the codes located at a character inside the value their
// path names, not at the path's key.
var insideValue = map[string]bool{"core/hidden-characters": true}

func less(a, b provider.Diagnostic) bool {
	if ra, rb := provider.SeverityRank(a.Severity), provider.SeverityRank(b.Severity); ra != rb {
		return ra < rb
	}
	if c := provider.CompareUTF16(a.Path, b.Path); c != 0 {
		return c < 0
	}
	return provider.CompareUTF16(a.Code, b.Code) < 0
}

func equalLists(a, b []Expected) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func containsExpected(list []Expected, e Expected) bool {
	for _, x := range list {
		if x == e {
			return true
		}
	}
	return false
}

func list(es []Expected) string {
	var b strings.Builder
	for _, e := range es {
		b.WriteString("  " + e.String() + "\n")
	}
	return b.String()
}

// Trigger is one test that makes a rule fire: the rule's row in its
// provider's Rules table, a tool, and the path it must fire at.
type Trigger struct {
	Rule int
	Tool string
	Path string
}

// CheckTriggers runs every trigger and asserts that the rule's code fires at
// the path with the row's severity and compile ability, and that every row
// of rules has at least one trigger (adding a rule means adding a test).
func CheckTriggers(t *testing.T, rules []provider.Rule, triggers []Trigger, check func(*tool.Tool) []provider.Diagnostic) {
	t.Helper()
	covered := make([]bool, len(rules))
	for _, tr := range triggers {
		r := rules[tr.Rule]
		covered[tr.Rule] = true
		t.Run(fmt.Sprintf("%s@%s", r.Code, tr.Path), func(t *testing.T) {
			tl := Tool(t, tr.Tool)
			got := check(tl)
			CheckWellFormed(t, tl, got)
			supported, lossy, detail, _ := r.Ability()
			for _, d := range got {
				if d.Code == r.Code && d.Path == tr.Path && d.Severity == r.Severity &&
					d.Compile.Supported == supported && d.Compile.Lossy == lossy &&
					d.DocsURL == r.DocsURL && detailMatches(d.Compile.Detail, detail) {
					return
				}
			}
			t.Errorf("%s (%s, %s) did not fire at %s; got:\n%s", r.Code, r.Severity, r.Compile, tr.Path, dump(got))
		})
	}
	for i, c := range covered {
		if !c {
			t.Errorf("rule %d (%s, %s) has no trigger test", i, rules[i].Code, rules[i].Severity)
		}
	}
}

// detailMatches compares a detail with its template, "%s" matching any text.
func detailMatches(got, template string) bool {
	before, after, has := strings.Cut(template, "%s")
	if !has {
		return got == template
	}
	return len(got) >= len(before)+len(after) && strings.HasPrefix(got, before) && strings.HasSuffix(got, after)
}

// CheckSilent asserts that check reports nothing at all for a clean tool:
// every rule of the provider stays silent on it.
func CheckSilent(t *testing.T, text string, check func(*tool.Tool) []provider.Diagnostic) {
	t.Helper()
	if got := check(Tool(t, text)); len(got) != 0 {
		t.Errorf("clean tool produced diagnostics:\n%s", dump(got))
	}
}

func dump(ds []provider.Diagnostic) string {
	var b strings.Builder
	for i, d := range ds {
		if i == 20 {
			fmt.Fprintf(&b, "  ... and %d more\n", len(ds)-i)
			break
		}
		fmt.Fprintf(&b, "  %s %s @%s {%v %v %q}\n", d.Severity, d.Code, d.Path, d.Compile.Supported, d.Compile.Lossy, d.Compile.Detail)
	}
	return b.String()
}

// CheckRuleTable asserts the shape of a Rules table: prefixed codes, known
// severities and compile abilities, https docs URLs, a trigger text, and no
// two rows that a reader could not tell apart.
func CheckRuleTable(t *testing.T, prefix string, rules []provider.Rule) {
	t.Helper()
	seen := map[string]bool{}
	for i, r := range rules {
		if !strings.HasPrefix(r.Code, prefix) {
			t.Errorf("row %d: code %q lacks prefix %q", i, r.Code, prefix)
		}
		switch r.Severity {
		case provider.SeverityError, provider.SeverityWarning, provider.SeverityInfo:
		default:
			t.Errorf("row %d (%s): severity %q", i, r.Code, r.Severity)
		}
		if _, _, detail, ok := r.Ability(); !ok || detail == "" {
			t.Errorf("row %d (%s): compile %q must read \"<ability>: <detail>\"", i, r.Code, r.Compile)
		}
		if !strings.HasPrefix(r.DocsURL, "https://") || r.Trigger == "" {
			t.Errorf("row %d (%s): docs URL %q, trigger %q", i, r.Code, r.DocsURL, r.Trigger)
		}
		key := r.Code + "|" + r.Severity + "|" + r.Compile
		if seen[key] {
			t.Errorf("row %d (%s): duplicate row", i, r.Code)
		}
		seen[key] = true
	}
}

// Fire is a Trigger: rule must fire at path for tool.
func Fire(rule int, tool, path string) Trigger { return Trigger{Rule: rule, Tool: tool, Path: path} }

// inlines names the providers whose paths run through inlined references
// (at the use site) while their positions point into the definitions.
var inlines = map[string]bool{"gemini": true}

// LocateThroughRefs is tool.Locate for a path through inlined references:
// where a key is absent from a schema holding a root-definition $ref
// ("#/$defs/<name>" or "#/definitions/<name>", read literally), it is
// looked up in the definition instead, as inlining does ($ref siblings
// win). An absent key gives the nearest key found, as Locate does.
func LocateThroughRefs(tl *tool.Tool, path string) tool.Span {
	segs, ok := schemapath.Parse(path)
	root := tl.Value
	if !ok || root == nil || tl.Source == nil {
		span, _ := tl.Locate(path)
		return span
	}
	schema := root.Get(provider.RootPath)
	start, end := root.Start, root.End
	cur := root
	for _, s := range segs {
		if s.IsIndex {
			if cur.Kind != jsonvalue.Array || s.Index < 0 || s.Index >= len(cur.Items) {
				break
			}
			cur = &cur.Items[s.Index]
			start, end = cur.Start, cur.End
			continue
		}
		m := cur.Member(s.Key)
		for hops := 0; m == nil && hops < 64; hops++ {
			ref := cur.Get("$ref")
			if ref == nil || ref.Kind != jsonvalue.String || schema == nil {
				break
			}
			def := definition(schema, ref.Text)
			if def == nil {
				break
			}
			cur, m = def, def.Member(s.Key)
		}
		if m == nil {
			break
		}
		cur, start, end = &m.Value, m.KeyStart, m.KeyEnd
	}
	return tl.Source.Span(start, end)
}

func definition(schema *jsonvalue.Value, ref string) *jsonvalue.Value {
	for _, kw := range [...]string{"$defs", "definitions"} {
		if name, ok := strings.CutPrefix(ref, "#/"+kw+"/"); ok {
			if defs := schema.Get(kw); defs != nil && defs.Kind == jsonvalue.Object {
				if d := defs.Get(name); d != nil && d.Kind == jsonvalue.Object {
					return d
				}
			}
		}
	}
	return nil
}

// CheckFix holds a rule's message to the edit it names: check on before
// reports code with a message that says says; on after (before with that
// edit) neither code nor any error remains.
func CheckFix(t *testing.T, check func(*tool.Tool) []provider.Diagnostic, code, before, says, after string) {
	t.Helper()
	found := false
	for _, d := range check(Tool(t, before)) {
		if d.Code == code {
			found = true
			if !strings.Contains(d.Message, says) {
				t.Errorf("%s: message %q does not say %q", code, d.Message, says)
			}
		}
	}
	if !found {
		t.Errorf("%s does not fire on %s", code, before)
	}
	for _, d := range check(Tool(t, after)) {
		if d.Code == code || d.Severity == provider.SeverityError {
			t.Errorf("%s: the fixed tool %s still draws %s %s: %s", code, after, d.Severity, d.Code, d.Message)
		}
	}
}
