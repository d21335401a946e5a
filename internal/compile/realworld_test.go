package compile

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The real tools of ../shared/realworld/tools (issue #24), read in place
// when SCHEMAPORT_REALWORLD names that directory; the test is skipped
// otherwise, and the tools are never copied into the repository:
//
//	SCHEMAPORT_REALWORLD=/work/shared/realworld/tools go test ./internal/compile -run RealWorld
//
// What Gemini's `parameters` rejects as written is worked out here on its
// own, from the Schema object's 22 fields and the 400s users report, not
// from the rule tables: every such cause must have a Gemini error at its
// path, and compile must fix what check says it fixes.
func TestRealWorldProviderTruth(t *testing.T) {
	dir := os.Getenv("SCHEMAPORT_REALWORLD")
	if dir == "" {
		t.Skip("SCHEMAPORT_REALWORLD is not set")
	}
	res := tool.Load([]string{dir}, tool.Options{})
	if len(res.Tools) == 0 {
		t.Fatalf("no tools under %s (%d load errors)", dir, len(res.Errors))
	}
	gemini, _ := Lookup("gemini")
	rejected, fixed := 0, 0
	for _, tl := range res.Tools {
		name := tl.File() + " " + tl.Name
		diags := gemini.Check(tl)
		causes := geminiCauses(tl.InputSchema())
		if len(causes) > 0 {
			rejected++
		}
		for _, c := range causes {
			if !geminiErrorAt(diags, c) {
				t.Errorf("%s: Gemini rejects %s as written, and no Gemini error is there", name, c)
			}
		}
		// Compile does what the errors say it does: when every error is
		// one compiling fixes, the declaration it writes passes check.
		fixable := true
		for _, d := range diags {
			fixable = fixable && (d.Severity != provider.SeverityError || d.Compile.Supported)
		}
		if r := Compile(tl, "gemini", true); fixable && !r.OK {
			t.Errorf("%s: check says compile fixes every Gemini error, but it refuses: %v", name, r.Blocking())
		} else if r.OK {
			fixed++
		}
		// No two findings are the same line of output.
		seen := map[string]bool{}
		for _, d := range diags {
			k := d.Code + " " + d.Path + " " + d.Message
			if seen[k] {
				t.Errorf("%s: %s at %s twice", name, d.Code, d.Path)
			}
			seen[k] = true
		}
		for _, id := range []string{"openai", "anthropic-strict"} {
			target, _ := Lookup(id)
			for _, d := range target.Check(tl) {
				last := d.Path[strings.LastIndexAny(d.Path, ".[")+1:]
				keyword := (last == "minLength" || last == "maxLength") && !strings.HasSuffix(d.Path, ".properties."+last)
				if id == "openai" && d.Severity == provider.SeverityError && keyword {
					t.Errorf("%s: OpenAI error %s on %s", name, d.Code, d.Path)
				}
				if d.Path == "inputSchema.additionalProperties" && !hasProperties(tl.InputSchema()) && !tl.InputSchema().Has("additionalProperties") && d.Compile.IsLossy() {
					t.Errorf("%s: %s calls closing the root of a tool without parameters lossy", name, d.Code)
				}
			}
		}
	}
	t.Logf("%d tools, %d rejected by Gemini as written, %d compiled for Gemini", len(res.Tools), rejected, fixed)
}

// geminiSchemaFields are the Schema object's fields (generativelanguage
// v1beta discovery document).
var geminiSchemaFields = []string{"type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems",
	"properties", "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example",
	"anyOf", "propertyOrdering", "default", "items", "minimum", "maximum"}

// geminiCauses lists, as use-site paths of the schema with its root
// definitions inlined, what Gemini answers with a 400.
func geminiCauses(root *jsonvalue.Value) []string {
	var out []string
	defs := map[string]*jsonvalue.Value{}
	for _, kw := range []string{"$defs", "definitions"} {
		if m := root.Get(kw); m != nil && m.Kind == jsonvalue.Object {
			for i := range m.Members {
				defs["#/"+kw+"/"+m.Members[i].Key] = &m.Members[i].Value
			}
		}
	}
	var walk func(s *jsonvalue.Value, path string, stack []string)
	walk = func(s *jsonvalue.Value, path string, stack []string) {
		if s.Kind != jsonvalue.Object {
			return
		}
		if ref := s.Get("$ref"); ref != nil && ref.Kind == jsonvalue.String {
			out = append(out, schemapath.Key(path, "$ref"))
			if d := defs[ref.Text]; d != nil && !slices.Contains(stack, ref.Text) {
				walk(d, path, append(stack, ref.Text))
			}
		}
		for i := range s.Members {
			k := s.Members[i].Key
			if !slices.Contains(geminiSchemaFields, k) && k != "$ref" && !(s == root && (k == "$defs" || k == "definitions")) {
				out = append(out, schemapath.Key(path, k))
			}
		}
		t := s.Get("type")
		if t != nil && t.Kind == jsonvalue.Array {
			out = append(out, schemapath.Key(path, "type"))
		}
		if s.Has("enum") && !(t != nil && t.Kind == jsonvalue.String && t.Text == "string") {
			out = append(out, schemapath.Key(path, "enum"))
		}
		if f := s.Get("format"); f != nil && f.Kind == jsonvalue.String && t != nil && t.Kind == jsonvalue.String && t.Text == "string" && f.Text != "enum" && f.Text != "date-time" {
			out = append(out, schemapath.Key(path, "format"))
		}
		if (s == root || t != nil && t.Kind == jsonvalue.String && t.Text == "object") && !hasProperties(s) && !s.Has("anyOf") && !s.Has("oneOf") {
			out = append(out, path)
		}
		if p := s.Get("properties"); p != nil && p.Kind == jsonvalue.Object {
			for i := range p.Members {
				walk(&p.Members[i].Value, schemapath.Key(schemapath.Key(path, "properties"), p.Members[i].Key), stack)
			}
		}
		if it := s.Get("items"); it != nil {
			walk(it, schemapath.Key(path, "items"), stack)
		}
		for _, kw := range []string{"anyOf", "oneOf", "allOf"} {
			if a := s.Get(kw); a != nil && a.Kind == jsonvalue.Array {
				for i := range a.Items {
					walk(&a.Items[i], schemapath.Index(schemapath.Key(path, kw), i), stack)
				}
			}
		}
	}
	walk(root, provider.RootPath, nil)
	return out
}

func hasProperties(s *jsonvalue.Value) bool {
	p := s.Get("properties")
	return p != nil && p.Kind == jsonvalue.Object && len(p.Members) > 0
}

// geminiErrorAt: a Gemini error at path (or inside a definition used there), or
// the root error of a declaration compiling writes without parameters,
// which names every root key Gemini has no field for.
func geminiErrorAt(diags []provider.Diagnostic, path string) bool {
	for _, d := range diags {
		if d.Severity != provider.SeverityError {
			continue
		}
		if d.Path == path || slices.Contains(d.UseSites, path) {
			return true
		}
		if d.Code == "gemini/empty-parameters-omitted" && (path == provider.RootPath || strings.Contains(d.Message, "`"+strings.TrimPrefix(path, provider.RootPath+".")+"`")) {
			return true
		}
	}
	return false
}
