package tool

import (
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool/casefiles"
)

// positionsFile is written by hand; every expected span below was counted
// by hand (1-based, columns in characters, end exclusive).
const positionsFile = `{
  "name": "find_café",
  "description": "Finds things",
  "inputSchema": {
    "type": "object",
    "properties": {
      "x": { "type": "integer", "minimum": 0 },
      "list": {
        "type": "array",
        "items": { "type": "string" }
      },
      "either": { "anyOf": [ { "type": "string" }, { "type": "null" } ] },
      "prix€": { "type": "number", "maximum": 10 },
      "order id": { "type": "string" }
    },
    "required": ["x"]
  }
}
`

func TestSpansOfSchemaPaths(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{"p.json": positionsFile}, nil)
	res := Load([]string{"p.json"}, Options{Cwd: dir})
	if len(res.Errors) != 0 || len(res.Tools) != 1 {
		t.Fatalf("load: %q", errLines(res))
	}
	tl := res.Tools[0]
	cases := []struct {
		path  string
		want  Span
		exact bool
	}{
		{"name", Span{2, 3, 2, 9}, true},
		{"description", Span{3, 3, 3, 16}, true},
		{"inputSchema", Span{4, 3, 4, 16}, true},
		{"inputSchema.type", Span{5, 5, 5, 11}, true},
		{"inputSchema.properties", Span{6, 5, 6, 17}, true},
		{"inputSchema.properties.x", Span{7, 7, 7, 10}, true},
		{"inputSchema.properties.x.type", Span{7, 14, 7, 20}, true},
		{"inputSchema.properties.x.minimum", Span{7, 33, 7, 42}, true},
		{"inputSchema.properties.list.type", Span{9, 9, 9, 15}, true},
		{"inputSchema.properties.list.items.type", Span{10, 20, 10, 26}, true},
		{"inputSchema.properties.either", Span{12, 7, 12, 15}, true},
		{"inputSchema.properties.either.anyOf[0]", Span{12, 30, 12, 50}, true},
		{"inputSchema.properties.either.anyOf[0].type", Span{12, 32, 12, 38}, true},
		{"inputSchema.properties.either.anyOf[1].type", Span{12, 54, 12, 60}, true},
		{`inputSchema.properties["prix€"].type`, Span{13, 18, 13, 24}, true},
		{`inputSchema.properties["order id"].type`, Span{14, 21, 14, 27}, true},
		{"inputSchema.properties.list", Span{8, 7, 8, 13}, true},
		{"inputSchema.properties.list.items", Span{10, 9, 10, 16}, true},
		{"inputSchema.properties.either.anyOf", Span{12, 19, 12, 26}, true},
		{"inputSchema.properties.either.anyOf[1]", Span{12, 52, 12, 70}, true},
		{`inputSchema.properties["prix€"]`, Span{13, 7, 13, 14}, true},
		{`inputSchema.properties["prix€"].maximum`, Span{13, 36, 13, 45}, true},
		{`inputSchema.properties["order id"]`, Span{14, 7, 14, 17}, true},
		{"inputSchema.required", Span{16, 5, 16, 15}, true},
		{"inputSchema.required[0]", Span{16, 18, 16, 21}, true},
		// Absent: the nearest existing ancestor, not exact.
		{"inputSchema.properties.nope.minimum", Span{6, 5, 6, 17}, false},
		{"inputSchema.properties.x.maximum", Span{7, 7, 7, 10}, false},
	}
	for _, c := range cases {
		got, exact := tl.Locate(c.path)
		if got != c.want || exact != c.exact {
			t.Errorf("%s: %+v exact=%v, want %+v exact=%v", c.path, got, exact, c.want, c.exact)
		}
	}
}

// Errors point at the same spans, with the file-level path (base prefix).
func TestErrorSpansMatchLocate(t *testing.T) {
	dir := t.TempDir()
	broken := "[\n" + `{"name":"a","inputSchema":{"type":"object"}},` + "\n" + `{
  "name": "b",
  "inputSchema": {
    "type": "object",
    "properties": {
      "prix€": { "type": "number", "maximum": "10" }
    }
  }
}` + "\n]"
	casefiles.Write(t, dir, map[string]string{"b.json": broken}, nil)
	res := Load([]string{"b.json"}, Options{Cwd: dir})
	if len(res.Errors) != 1 {
		t.Fatalf("%q", errLines(res))
	}
	e := res.Errors[0]
	if e.Path != `[1].inputSchema.properties["prix€"].maximum` || e.Span != (Span{8, 36, 8, 45}) {
		t.Errorf("got %s %+v", e.Path, e.Span)
	}
}
