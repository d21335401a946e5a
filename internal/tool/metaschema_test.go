package tool

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// metaFastValid may only say "valid" when the library agrees; these tests
// compare it with the library on generated schemas that use every keyword
// of the 2020-12 metaschema with well- and ill-typed values.

var metaKeywords = []string{
	"$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
	"$recursiveAnchor", "$recursiveRef", "definitions", "dependencies",
	"prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties",
	"dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
	"unevaluatedItems", "unevaluatedProperties", "type", "const", "enum", "multipleOf", "maximum",
	"exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
	"minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required",
	"dependentRequired", "title", "description", "default", "deprecated", "readOnly", "writeOnly",
	"examples", "format", "contentEncoding", "contentMediaType", "contentSchema", "x-custom",
}

// metaFastValid reports whether the fast pass vouches for s and all its
// subschemas.
func metaFastValid(s *jsonvalue.Value) bool {
	suspects, more := metaSuspects(s)
	return len(suspects) == 0 && !more
}

type schemaGen struct{ r *rand.Rand }

func (g schemaGen) scalar() string {
	switch g.r.IntN(14) {
	case 0:
		return "null"
	case 1:
		return "true"
	case 2:
		return "false"
	case 3:
		return "0"
	case 4:
		return "-1"
	case 5:
		return "1.5"
	case 6:
		return "1.0"
	case 7:
		return "1e2"
	case 8:
		return strconv.Itoa(g.r.IntN(1000))
	case 9:
		return `"string"`
	case 10:
		return `"a#b"`
	case 11:
		return `"_anchor-1.x"`
	case 12:
		return `"object"`
	}
	return `"https://example.com/x#"`
}

func (g schemaGen) value(depth int) string {
	if depth > 3 {
		return g.scalar()
	}
	switch g.r.IntN(8) {
	case 0, 1:
		return g.schema(depth + 1)
	case 2:
		n := g.r.IntN(4)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = g.value(depth + 1)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case 3:
		n := g.r.IntN(4)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = `"` + []string{"a", "b", "a", "string", "number"}[g.r.IntN(5)] + `"`
		}
		return "[" + strings.Join(parts, ",") + "]"
	case 4:
		n := g.r.IntN(3)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = `"k` + strconv.Itoa(i) + `":` + g.value(depth+1)
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return g.scalar()
}

func (g schemaGen) schema(depth int) string {
	if g.r.IntN(6) == 0 {
		return []string{"true", "false"}[g.r.IntN(2)]
	}
	n := g.r.IntN(4)
	used := map[string]bool{}
	var parts []string
	for i := 0; i < n; i++ {
		kw := metaKeywords[g.r.IntN(len(metaKeywords))]
		if used[kw] {
			continue
		}
		used[kw] = true
		parts = append(parts, strconv.Quote(kw)+":"+g.value(depth))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func libraryValid(t *testing.T, v *jsonvalue.Value) bool {
	t.Helper()
	sch, err := metaschema()
	if err != nil {
		t.Fatal(err)
	}
	return sch.Validate(jsonvalue.ToAny(v)) == nil
}

func TestMetaFastPathAgreesWithLibrary(t *testing.T) {
	g := schemaGen{rand.New(rand.NewPCG(1, 2))}
	fastTrue, agree, total := 0, 0, 0
	for i := 0; i < 20000; i++ {
		text := g.schema(0)
		v, err := jsonvalue.Parse([]byte(text))
		if err != nil {
			t.Fatalf("generator produced bad JSON %s: %v", text, err)
		}
		if v.Kind != jsonvalue.Object {
			continue
		}
		total++
		fast, lib := metaFastValid(v), libraryValid(t, v)
		if fast && !lib {
			t.Fatalf("fast path accepts a schema the metaschema rejects: %s", text)
		}
		if fast {
			fastTrue++
		}
		if fast == lib {
			agree++
		}
	}
	// The fast path must decide most schemas itself, or it is not a fast
	// path.
	if agree*10 < total*9 {
		t.Errorf("fast path agrees on only %d of %d schemas", agree, total)
	}
	t.Logf("%d schemas, fast path valid %d, agrees with the library on %d", total, fastTrue, agree)
}

func FuzzMetaFastPath(f *testing.F) {
	for _, s := range []string{`{}`, `{"type":["string","null"],"minLength":1}`, `{"required":["a","a"]}`, `{"$id":"x#y"}`, `{"maxLength":1.0}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v, err := jsonvalue.Parse([]byte(text))
		if err != nil || v.Kind != jsonvalue.Object {
			return
		}
		if metaFastValid(v) && !libraryValid(t, v) {
			t.Fatalf("fast path accepts a schema the metaschema rejects: %s", text)
		}
		want := wholeDocumentErrors(t, v)
		got := map[string]bool{}
		errs, more := metaschemaErrors(v)
		for _, e := range errs {
			got[e.path+" | "+e.msg] = true
		}
		if !more && !reflect.DeepEqual(got, want) {
			t.Fatalf("%s\nsuspects: %v\nwhole:    %v", text, got, want)
		}
	})
}

// wholeDocumentErrors validates the whole schema with the library, the
// straightforward way metaschemaErrors must agree with.
func wholeDocumentErrors(t *testing.T, v *jsonvalue.Value) map[string]bool {
	t.Helper()
	sch, err := metaschema()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	var verr *jsonschema.ValidationError
	if !errors.As(sch.Validate(jsonvalue.ToAny(v)), &verr) {
		return out
	}
	var collect func(e *jsonschema.ValidationError)
	collect = func(e *jsonschema.ValidationError) {
		for _, c := range e.Causes {
			collect(c)
		}
		if len(e.Causes) == 0 {
			path, _ := instancePath("inputSchema", v, e.InstanceLocation)
			out[path+" | "+e.ErrorKind.LocalizedString(englishPrinter)] = true
		}
	}
	collect(verr)
	return out
}

func TestSuspectsMatchWholeDocument(t *testing.T) {
	g := schemaGen{rand.New(rand.NewPCG(3, 4))}
	compared := 0
	for i := 0; i < 20000; i++ {
		text := g.schema(0)
		v, _ := jsonvalue.Parse([]byte(text))
		if v == nil || v.Kind != jsonvalue.Object {
			continue
		}
		want := wholeDocumentErrors(t, v)
		got := map[string]bool{}
		errs, _ := metaschemaErrors(v)
		for _, e := range errs {
			got[e.path+" | "+e.msg] = true
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s\nsuspects: %v\nwhole:    %v", text, got, want)
		}
		if len(want) > 0 {
			compared++
		}
	}
	t.Logf("%d invalid schemas compared", compared)
}
