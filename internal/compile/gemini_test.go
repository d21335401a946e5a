package compile

import (
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
)

// What Gemini's `parameters` rejects as written and check calls
// compilable, compile fixes (issue #24), on the record, with check's lossy
// flag; what check calls not compilable, compile refuses.
func TestGeminiFixesWhatParametersRejects(t *testing.T) {
	prop := func(p string) string {
		return `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":` + p + `},"required":["p"]}}`
	}
	for _, c := range []struct {
		name, tool string
		refused    bool   // without --allow-lossy
		record     string // code@path, "" for none
		lossy      bool
		out        string // in the compact output, "" for no check
	}{
		{"tool without parameters, annotated and closed",
			`{"name":"t","description":"d","inputSchema":{"$schema":"x","type":"object","properties":{},"additionalProperties":false}}`,
			false, "omitted-empty-parameters@inputSchema", false, `{"name":"t","description":"d"}`},
		{"untyped string enum", prop(`{"enum":["a","b"]}`),
			false, "added-string-type-to-enum@inputSchema.properties.p.enum", false, `"p":{"type":"STRING","format":"enum","enum":["a","b"]}`},
		{"string enum on an integer", prop(`{"type":"integer","enum":["1","2"]}`),
			true, "dropped-enum-on-non-string@inputSchema.properties.p.enum", true, ""},
		{"one-type list", prop(`{"type":["integer"]}`),
			false, "converted-type-list-to-one-type@inputSchema.properties.p.type", false, `"p":{"type":"INTEGER"}`},
		{"null union list", prop(`{"type":["string","null"]}`),
			false, "converted-null-type-to-nullable@inputSchema.properties.p.type", false, `"p":{"type":"STRING","nullable":true}`},
		{"open object with properties", prop(`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":true}`),
			false, "dropped-open-additional-properties@inputSchema.properties.p.additionalProperties", false, `"p":{"type":"OBJECT","properties":{"a":{"type":"STRING"}}}`},
		{"nested object without properties", prop(`{"type":"object","description":"options"}`),
			true, "", false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			tl := pt.Tool(t, c.tool)
			r := Compile(tl, "gemini", false)
			if r.OK == c.refused {
				t.Fatalf("refused %v, want %v: %v", !r.OK, c.refused, r.Diagnostics)
			}
			if c.record != "" {
				found := false
				for _, tr := range r.Transformations {
					if tr.Code+"@"+tr.Path == c.record {
						found = true
						if tr.Lossy != c.lossy {
							t.Errorf("%s lossy %v, want %v", c.record, tr.Lossy, c.lossy)
						}
					}
				}
				if !found {
					t.Errorf("no record %s in %v", c.record, records(r.Transformations))
				}
			}
			if c.out != "" {
				got := jsonvalue.Encode(r.Output, "")
				if !strings.Contains(got, c.out) {
					t.Errorf("output %s lacks %s", got, c.out)
				}
			}
			if !c.refused {
				return
			}
			// --allow-lossy lets a lossy fix through; a refusal of
			// check's stays.
			lossy := Compile(tl, "gemini", true)
			if want := c.lossy; lossy.OK != want {
				t.Errorf("with --allow-lossy: OK %v, want %v (%v)", lossy.OK, want, lossy.Blocking())
			}
		})
	}
}
