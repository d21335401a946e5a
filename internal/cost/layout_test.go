package cost

import (
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// The line-by-line count equals the library's count of the whole text
// compile.Encode writes, on documents made to reach every kind of line:
// empty objects and arrays in every position, nested arrays, numbers,
// escapes, non-ASCII text, keys that need quoting, and the same values
// again (the caches).
func TestLayoutMatchesEncode(t *testing.T) {
	docs := []string{
		`{"name": "a", "parameters": {}}`,
		`{"name": "a", "parameters": {"type": "object", "properties": {}, "required": []}}`,
		`{"name": "a", "x": [], "y": {}, "z": [[], {}, [[]], [{}], {"a": {}}], "w": [1, 2.5, -3e+21, true, false, null]}`,
		`{"name": "a b", "description": "Line\nbreak \"quoted\" tab\t and \\ slash", "k": {"order id": {"2fa": "café ünïcödé 日本語 🙂"}}}`,
		`{"name": "a", "schema": {"a": {"b": {"c": {"d": {"e": [{"f": []}, {"g": {}}]}}}}}, "again": {"a": {"b": {"c": {"d": {"e": [{"f": []}, {"g": {}}]}}}}}}`,
		`{"name": "n", "description": "Don't stop; they'll see it's 12345 ABCs.", "enum": ["", " ", "  x", "x  ", "[]", "{}"]}`,
	}
	// Deep enough that indentation runs pass 256 spaces (spaceRunTokens).
	deep := strings.Repeat(`{"a": [`, 150) + `"x"` + strings.Repeat(`]}`, 150)
	docs = append(docs, `{"name": "deep", "schema": `+deep+`}`)
	c := newPool().Get().(*counter)
	for round := 0; round < 2; round++ { // cold, then warm caches
		for _, d := range docs {
			v, err := jsonvalue.Parse([]byte(d))
			if err != nil {
				t.Fatal(err)
			}
			got := measureWith(c, v).total()
			if want := libraryCount(string(compile.Encode(v))); got != want {
				t.Errorf("round %d: %s: %d tokens, the library counts %d", round, d, got, want)
			}
		}
	}
	c.forget()
}

// FuzzLayoutMatchesEncode holds the line-by-line count to the library's
// count of compile.Encode's text on any JSON object, through one counter
// whose caches every input warms (identity, content and block entries
// left by earlier inputs must never give a wrong figure).
func FuzzLayoutMatchesEncode(f *testing.F) {
	for _, d := range []string{
		`{"name": "a", "parameters": {"type": "object", "properties": {"x": {"type": "string", "enum": ["a", "b"]}}, "required": ["x"]}}`,
		`{"name": "a b", "description": "Line\nbreak \"q\" tab\t \\ café 日本語 🙂 \u200b", "k": [[], {}, [[]], [{}]]}`,
		`{"description": "Don't stop; they'll see it's 12345 ABCs.   x  \n  y", "n": [1, 2.5, -3e+21, true, false, null]}`,
		`{"a": {"b": {"c": {"d": "x"}}}, "e": {"b": {"c": {"d": "x"}}}}`,
	} {
		f.Add([]byte(d))
	}
	c := newPool().Get().(*counter)
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := jsonvalue.Parse(data)
		if err != nil || v.Kind != jsonvalue.Object {
			return
		}
		c.nextTool()
		got := measureWith(c, v).total()
		if want := libraryCount(string(compile.Encode(v))); got != want {
			t.Fatalf("%s: %d tokens, the library counts %d", data, got, want)
		}
	})
}
