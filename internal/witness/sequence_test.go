package witness

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestCandidateSequence pins the generator's whole sequence, in order, for
// a few schemas: which witness a search finds depends on that order, so a
// change to how candidates are built (eagerly or on demand) must not move
// one. The golden file was written by the eager generator.
func TestCandidateSequence(t *testing.T) {
	cases := []struct {
		name, schema string
		focus        []string
		hints        []string
	}{
		{"bound", `{"type":"object","properties":{"id":{"type":"string","pattern":"^[0-9]+$"},"n":{"type":"integer","maximum":10}},"required":["id","n"]}`,
			[]string{"properties", "n", "maximum"}, []string{`10`, `5`}},
		{"enum-nested", `{"type":"object","properties":{"opts":{"type":"object","properties":{"mode":{"enum":["a","b","c"]},"tags":{"type":"array","items":{"type":"string","maxLength":8},"maxItems":3}},"required":["mode"]},"q":{"type":"string"}},"required":["q"]}`,
			[]string{"properties", "opts", "properties", "mode", "enum"}, []string{`"c"`}},
		{"applicators", `{"$defs":{"p":{"type":"object","properties":{"x":{"type":"number","minimum":0.5}},"required":["x"]}},"allOf":[{"$ref":"#/$defs/p"},{"properties":{"y":{"type":["string","null"]}}}],"anyOf":[{"required":["y"]},{"properties":{"z":{"const":1}}}],"additionalProperties":false}`,
			[]string{"$defs", "p", "properties", "x", "minimum"}, []string{`0.5`}},
		{"extras", `{"type":"object","properties":{"a":{"type":"boolean"}},"maxProperties":4,"additionalProperties":{"type":"integer","multipleOf":3}}`,
			[]string{"additionalProperties"}, []string{`4`}},
		{"safety-net", `{"type":"object","properties":{"list":{"type":"array","prefixItems":[{"type":"integer"}],"items":{"type":"object","properties":{"k":{"type":"string","format":"email"}}},"minItems":1,"uniqueItems":true},"when":{"type":"string","format":"date-time","examples":["2020-01-01T00:00:00Z"]}},"required":["list"],"minProperties":2}`,
			nil, nil},
	}
	var b strings.Builder
	for _, tc := range cases {
		var hints []*jsonvalue.Value
		for _, h := range tc.hints {
			hints = append(hints, parse(t, h))
		}
		b.WriteString("== " + tc.name + "\n")
		for _, v := range sequence(newGenerator(parse(t, tc.schema), nil, tc.focus, hints)) {
			b.WriteString(jsonvalue.Canonical(v) + "\n")
		}
	}
	path := filepath.Join("testdata", "sequence.golden")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("sequence differs at line %d:\n got %s\nwant %s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("sequence has %d lines, want %d", len(gl), len(wl))
	}
}

// sequence materialises every candidate, in the order a search judges them.
func sequence(g *generator) []*jsonvalue.Value {
	var out []*jsonvalue.Value
	for _, c := range g.candidates() {
		out = append(out, c.value())
	}
	return out
}
