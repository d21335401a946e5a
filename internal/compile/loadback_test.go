package compile

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// loadBack compiles the canonical tool text for target and reads what
// compile wrote through the real loader, as `check` on the output
// directory does; it returns the compile result, the loader's errors and
// the target's error findings on the loaded tool.
func loadBack(t *testing.T, text, target string, allowLossy bool) (Result, []string) {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "tool.json")
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	res := tool.Load([]string{src}, tool.Options{Cwd: dir})
	if len(res.Errors) > 0 || len(res.Tools) != 1 {
		t.Fatalf("source does not load: %v", res.Errors)
	}
	r := Compile(res.Tools[0], target, allowLossy)
	if !r.OK {
		return r, nil
	}
	out := string(Encode(r.Output))
	if target == "gemini" {
		// A bare FunctionDeclaration is ambiguous to the loader.
		out = `{"functionDeclarations": [` + out + `]}`
	}
	file := filepath.Join(dir, "out.json")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	back := tool.Load([]string{file}, tool.Options{Cwd: dir})
	var bad []string
	for _, e := range back.Errors {
		bad = append(bad, e.Path+": "+e.Message)
	}
	if len(back.Tools) == 1 {
		tg, _ := Lookup(target)
		for _, d := range tg.Check(back.Tools[0]) {
			if d.Severity == provider.SeverityError {
				bad = append(bad, d.Code+" at "+d.Path)
			}
		}
	}
	return r, bad
}

// A `$ref` by `$anchor` name: OpenAI's compile drops `$anchor` (an
// annotation to it), so it repoints the reference at the schema's
// location, losing nothing; the compiled tool loads and passes OpenAI's
// check without --allow-lossy.
func TestCompileOpenAIAnchorReference(t *testing.T) {
	text := `{"name": "anchor", "description": "d", "inputSchema": {"type": "object",
		"properties": {"b": {"$ref": "#A"}, "c": {"type": "array", "items": {"$ref": "#B"}}},
		"required": ["b", "c"], "additionalProperties": false,
		"$defs": {"a/b~c d": {"$anchor": "A", "type": "string"},
			"u": {"anyOf": [{"type": "integer"}, {"$anchor": "B", "type": "string", "enum": ["x"]}]}}}}`
	r, bad := loadBack(t, text, "openai", false)
	if !r.OK || len(bad) > 0 {
		t.Fatalf("ok %v %s, compiled output: %v", r.OK, records(r.Transformations), bad)
	}
	got := string(Encode(r.Output))
	for _, want := range []string{`"$ref": "#/$defs/a~1b~0c%20d"`, `"$ref": "#/$defs/u/anyOf/1"`} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %s:\n%s", want, got)
		}
	}
	if !hasRecord(r.Transformations, "rewrote-anchor-reference", "inputSchema.properties.b.$ref", false) {
		t.Errorf("records %s", records(r.Transformations))
	}
}

// Through the keywords compile renames: legacy `definitions` becomes
// `$defs`, `oneOf` becomes `anyOf` (lossy, so --allow-lossy).
func TestCompileOpenAIAnchorReferenceRenamed(t *testing.T) {
	text := `{"name": "anchor", "description": "d", "inputSchema": {"type": "object",
		"properties": {"b": {"$ref": "#A"}}, "required": ["b"], "additionalProperties": false,
		"definitions": {"u": {"oneOf": [{"type": "integer"}, {"$anchor": "A", "type": "string"}]}}}}`
	r, bad := loadBack(t, text, "openai", true)
	if !r.OK || len(bad) > 0 {
		t.Fatalf("ok %v %s, compiled output: %v", r.OK, records(r.Transformations), bad)
	}
	if got := string(Encode(r.Output)); !strings.Contains(got, `"$ref": "#/$defs/u/anyOf/1"`) {
		t.Errorf("output:\n%s", got)
	}
}

func hasRecord(trs []Transformation, code, path string, lossy bool) bool {
	for _, tr := range trs {
		if tr.Code == code && tr.Path == path && tr.Lossy == lossy {
			return true
		}
	}
	return false
}

// `definitions` beside `$defs` is dropped (lossy, as the rule says), but
// the entries a reference uses move into `$defs` (renamed on a clash), so
// the compiled references resolve and OpenAI accepts the tool.
func TestCompileOpenAIConflictingDefinitionsReferenced(t *testing.T) {
	text := `{"name": "both", "description": "d", "inputSchema": {"type": "object",
		"properties": {"a": {"$ref": "#/$defs/A"}, "b": {"$ref": "#/definitions/A"}, "c": {"$ref": "#/definitions/C/properties/x"}},
		"required": ["a", "b", "c"], "additionalProperties": false,
		"$defs": {"A": {"type": "string"}, "A_definitions": {"type": "boolean"}},
		"definitions": {"A": {"type": "integer"}, "C": {"type": "object", "properties": {"x": {"$ref": "#/definitions/A"}}, "required": ["x"], "additionalProperties": false}, "unused": {"type": "null"}}}}`
	r, bad := loadBack(t, text, "openai", true)
	if !r.OK || len(bad) > 0 {
		t.Fatalf("ok %v %s, compiled output: %v", r.OK, records(r.Transformations), bad)
	}
	got := string(Encode(r.Output))
	for _, want := range []string{`"$ref": "#/$defs/A"`, `"$ref": "#/$defs/A_definitions2"`, `"$ref": "#/$defs/C/properties/x"`,
		`"A_definitions2": {` + "\n" + `        "type": "integer"`} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "unused") || strings.Contains(got, "#/definitions") {
		t.Errorf("output:\n%s", got)
	}
	if !hasRecord(r.Transformations, "dropped-conflicting-definitions", "inputSchema.definitions", true) {
		t.Errorf("records %s", records(r.Transformations))
	}
}

// A reference to an optional property's schema: compile makes the
// property nullable, which the reference must not inherit (b is required
// and never took null). The property is written anyOf [schema, null] and
// the reference names the schema.
func TestCompileOpenAIReferenceToOptionalProperty(t *testing.T) {
	text := `{"name": "refprop", "description": "d", "inputSchema": {"type": "object",
		"properties": {"a": {"type": "object", "properties": {"x y": {"type": "string", "maxLength": 3}}, "required": ["x y"], "additionalProperties": false},
			"b": {"$ref": "#/properties/a"}, "c": {"$ref": "#/properties/a/properties/x%20y"}, "d": {"$ref": "#A"},
			"e": {"type": "integer", "$anchor": "A"}},
		"required": ["b", "c", "d"], "additionalProperties": false}}`
	r, bad := loadBack(t, text, "openai", false)
	if !r.OK || len(bad) > 0 {
		t.Fatalf("ok %v %s, compiled output: %v", r.OK, records(r.Transformations), bad)
	}
	got := string(Encode(r.Output))
	for _, want := range []string{`"$ref": "#/properties/a/anyOf/0"`, `"$ref": "#/properties/a/anyOf/0/properties/x%20y"`, `"$ref": "#/properties/e/anyOf/0"`} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %s:\n%s", want, got)
		}
	}
	if !hasRecord(r.Transformations, "rewrote-nullable-property-reference", "inputSchema.properties.b.$ref", false) {
		t.Errorf("records %s", records(r.Transformations))
	}
	// What the references name accepts no null; a and e still take null.
	out := r.Output.Get("parameters")
	for _, p := range []string{"a", "e"} {
		if s := string(Encode(out.Get("properties").Get(p))); !strings.Contains(s, `"type": "null"`) {
			t.Errorf("%s is not nullable: %s", p, s)
		}
	}
}

// A pointer through a keyword compile renames follows the rename: oneOf is
// written as anyOf, a nested definitions as $defs.
func TestCompileOpenAIReferenceThroughRenamedKeyword(t *testing.T) {
	text := `{"name": "renamed", "description": "d", "inputSchema": {"type": "object",
		"properties": {"a": {"oneOf": [{"type": "string"}, {"type": "integer"}]}, "b": {"$ref": "#/properties/a/oneOf/0"},
			"c": {"$ref": "#/$defs/x/definitions/y"}},
		"required": ["a", "b", "c"], "additionalProperties": false,
		"$defs": {"x": {"type": "string", "definitions": {"y": {"type": "integer"}}}}}}`
	r, bad := loadBack(t, text, "openai", true)
	if !r.OK || len(bad) > 0 {
		t.Fatalf("ok %v %s, compiled output: %v", r.OK, records(r.Transformations), bad)
	}
	got := string(Encode(r.Output))
	for _, want := range []string{`"$ref": "#/properties/a/anyOf/0"`, `"$ref": "#/$defs/x/$defs/y"`} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %s:\n%s", want, got)
		}
	}
	if !hasRecord(r.Transformations, "rewrote-renamed-keyword-reference", "inputSchema.properties.c.$ref", false) {
		t.Errorf("records %s", records(r.Transformations))
	}
}

// What compile writes for a target, read back by the loader, has no error
// finding for that target: unusual but legal schemas, every target, with
// and without --allow-lossy (a refused pair writes nothing to check).
func TestCompiledOutputLoadsBack(t *testing.T) {
	schemas := map[string]string{
		"recursion":      `{"type":"object","properties":{"node":{"$ref":"#/$defs/node"},"self":{"$ref":"#"}},"$defs":{"node":{"type":"object","properties":{"v":{"type":"string"},"kids":{"type":"array","items":{"$ref":"#/$defs/node"}}},"required":["v"],"additionalProperties":false}},"required":["node"],"additionalProperties":false}`,
		"nested defs":    `{"type":"object","properties":{"a":{"$ref":"#/$defs/outer/$defs/inner"},"b":{"$ref":"#/definitions/legacy"}},"$defs":{"outer":{"$defs":{"inner":{"type":"integer","minimum":0}},"type":"string"}},"definitions":{"legacy":{"type":"string","enum":["x","y"]}}}`,
		"ref chain":      `{"type":"object","properties":{"a":{"$ref":"#/$defs/a"}},"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/c"},"c":{"type":"string","maxLength":5}},"required":["a"]}`,
		"ref siblings":   `{"type":"object","properties":{"a":{"$ref":"#/$defs/s","description":"sibling","maxLength":3}},"$defs":{"s":{"type":"string","minLength":1}}}`,
		"tuples":         `{"type":"object","properties":{"pt":{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}],"items":{"not":{}},"minItems":2},"tags":{"type":"array","contains":{"const":"x"},"minContains":1,"maxContains":2,"uniqueItems":true}}}`,
		"conditionals":   `{"type":"object","properties":{"kind":{"type":"string"},"n":{"type":"number"}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"required":["n"]},"else":{"not":{"required":["n"]}},"dependentRequired":{"kind":["n"]}}`,
		"numbers":        `{"type":"object","properties":{"big":{"type":"number","maximum":1e308,"minimum":-1e308},"negz":{"type":"number","minimum":-0.0},"one":{"type":"integer","const":1.0},"huge":{"type":"integer","maximum":9007199254740993},"money":{"type":"number","multipleOf":0.01,"exclusiveMinimum":0}}}`,
		"names":          `{"type":"object","properties":{"":{"type":"string"},"ünï":{"type":"string"},"a/b":{"type":"string"},"a~b":{"type":"string"},"a.b":{"type":"string"},"a[0]":{"type":"string"}},"required":["","a/b"]}`,
		"type arrays":    `{"type":"object","properties":{"a":{"type":["string","null"]},"b":{"type":["integer","number"]},"c":{"const":null},"d":{"type":"string","enum":["x",null]}},"required":["a"]}`,
		"anchors":        `{"$id":"https://example.com/t","type":"object","properties":{"a":{"$anchor":"A","type":"string"},"b":{"$ref":"#A"}},"required":["b"]}`,
		"ref into props": `{"type":"object","properties":{"a":{"type":"string","maxLength":3},"b":{"$ref":"#/properties/a"},"c":{"oneOf":[{"type":"string"},{"type":"integer"}]},"d":{"$ref":"#/properties/c/oneOf/1"}},"required":["b","d"]}`,
		"both defs":      `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"b":{"$ref":"#/definitions/A"}},"$defs":{"A":{"type":"string"}},"definitions":{"A":{"type":"integer"}},"required":["a","b"]}`,
	}
	names := make([]string, 0, len(schemas))
	for n := range schemas {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		text := `{"name": "t", "description": "A tool.", "inputSchema": ` + schemas[name] + `}`
		for _, target := range allTargets {
			for _, lossy := range []bool{false, true} {
				r, bad := loadBack(t, text, target, lossy)
				if r.OK && len(bad) > 0 {
					t.Errorf("%s [%s lossy=%v]: the compiled tool fails: %v\n%s", name, target, lossy, bad, Encode(r.Output))
				}
			}
		}
	}
}
