package diff

import (
	"os"
	"sort"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// caseOverrides lists public cases whose expectation we deliberately differ
// from, with the README item that decides it and what we expect instead.
var caseOverrides = map[string]struct {
	why    string
	expect []want
}{
	// README "Differences from SchemaPort 0.1.0": a property removed from
	// an open object is decided exactly (the name is still accepted, by
	// the rules for undeclared properties), as the peer suite judges it.
	"property removed": {"an open object still accepts the removed name's values (exact decision)",
		[]want{{"property-removed", NonBreaking, "inputSchema.properties.value"}}},
	"property removed that was required: only property-removed": {"an open object still accepts the removed name's values, and it is no longer required (exact decision)",
		[]want{{"property-removed", NonBreaking, "inputSchema.properties.value"}}},
}

type diffCase struct {
	name        string
	api         string
	old, new    *jsonvalue.Value
	expect      *jsonvalue.Value
	summary     *jsonvalue.Value
	loadable    bool
	ignoreDescr bool
}

func loadCases(t *testing.T) []diffCase {
	data, err := os.ReadFile("testdata/diff-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonvalue.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var out []diffCase
	for i := range v.Items {
		c := &v.Items[i]
		dc := diffCase{
			name:     c.Get("name").Text,
			api:      c.Get("api").Text,
			old:      c.Get("old"),
			new:      c.Get("new"),
			expect:   c.Get("expect"),
			summary:  c.Get("summary"),
			loadable: c.Get("cliLoadable").IsTrue(),
		}
		if o := c.Get("options"); o != nil {
			dc.ignoreDescr = o.Get("ignoreDescriptions").IsTrue()
		}
		out = append(out, dc)
	}
	return out
}

// sideTools writes one side of a case as an indented array file and parses
// it back, so that every change can be located in real text.
func sideTools(t *testing.T, path string, v *jsonvalue.Value) []*tool.Tool {
	return parseTools(t, path, jsonvalue.Encode(v, "  "))
}

func TestPublicCases(t *testing.T) {
	cases := loadCases(t)
	if len(cases) < 70 {
		t.Fatalf("only %d cases loaded", len(cases))
	}
	for _, dc := range cases {
		t.Run(dc.name, func(t *testing.T) {
			if !dc.loadable {
				t.Skip("cliLoadable: false — a load error for us; the CLI tests cover it")
			}
			old := sideTools(t, "old.json", dc.old)
			new := sideTools(t, "new.json", dc.new)
			opts := Options{IgnoreDescriptions: dc.ignoreDescr}
			var got []Change
			var res *Result
			switch dc.api {
			case "diffTools":
				got = Tools(old[0], new[0], opts)
				res = ToolSets(old[:1], new[:1], opts)
				if describe(res.Changes) != describe(got) {
					t.Errorf("ToolSets and Tools disagree:%s\nvs%s", describe(res.Changes), describe(got))
				}
			case "cli":
				byName := func(ts []*tool.Tool) {
					sort.SliceStable(ts, func(i, j int) bool { return ts[i].Name < ts[j].Name })
				}
				byName(old)
				byName(new)
				fallthrough
			default:
				res = ToolSets(old, new, opts)
				got = res.Changes
			}
			if ov, ok := caseOverrides[dc.name]; ok {
				t.Logf("deliberate difference: %s", ov.why)
				checkChanges(t, got, ov.expect...)
				return
			}
			exp := dc.expect.Items
			if len(got) != len(exp) {
				t.Fatalf("got %d changes, want %d:%s", len(got), len(exp), describe(got))
			}
			for i := range exp {
				e, g := &exp[i], got[i]
				if g.Code != e.Get("code").Text || g.Classification != e.Get("classification").Text ||
					g.Path != e.Get("path").Text || g.ToolName != e.Get("toolName").Text {
					t.Errorf("change %d: got {%s %s %s %s}, want {%s %s %s %s}", i,
						g.Code, g.Classification, g.Path, g.ToolName,
						e.Get("code").Text, e.Get("classification").Text, e.Get("path").Text, e.Get("toolName").Text)
				}
				if !jsonvalue.Equal(g.Before, e.Get("before")) || !jsonvalue.Equal(g.After, e.Get("after")) {
					t.Errorf("change %d (%s): before/after = %s / %s, want %s / %s", i, g.Code,
						enc(g.Before), enc(g.After), enc(e.Get("before")), enc(e.Get("after")))
				}
			}
			s := dc.summary
			if res.Summary.Breaking != atoi(s.Get("breaking").Text) || res.Summary.NonBreaking != atoi(s.Get("nonBreaking").Text) ||
				res.Summary.Informational != atoi(s.Get("informational").Text) {
				t.Errorf("summary %+v, want %s", res.Summary, jsonvalue.Encode(s, ""))
			}
		})
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
