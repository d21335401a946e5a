package tool

import (
	"errors"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// metaschemaURL is the JSON Schema 2020-12 metaschema. The validator
// library carries its own copy, so compiling it never touches the network.
const metaschemaURL = "https://json-schema.org/draft/2020-12/schema"

// NewSchemaCompiler returns a JSON Schema compiler set up the way this
// project needs everywhere: draft 2020-12 by default, `pattern` evaluated
// with ECMA-262 semantics and a match timeout (ECMARegexpEngine), and no
// loading of external documents (files or network): a `$ref` that leaves the
// document fails to compile instead.
func NewSchemaCompiler() *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseRegexpEngine(ECMARegexpEngine)
	c.UseLoader(refuseLoader{})
	return c
}

type refuseLoader struct{}

func (refuseLoader) Load(url string) (any, error) {
	return nil, errors.New("external documents are not loaded: " + url)
}

var metaschema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	return NewSchemaCompiler().Compile(metaschemaURL)
})

var englishPrinter = message.NewPrinter(language.English)

// checkMetaschema validates the inputSchema against the 2020-12 metaschema.
//
// The library is exact but slow (and its cost grows with depth), so a fast
// pass first finds the schema objects whose own keywords might break the
// metaschema (metaSuspects). Only those go to the library, each one
// shallow: its subschemas, which the fast pass checks separately, are
// replaced by {}. As the metaschema applies itself to every subschema
// ($dynamicRef "#meta") and has no root-only constraint, this reports
// exactly what validating the whole document would
// (TestSuspectsMatchWholeDocument), in time proportional to the document.
// An error at or under a path one of our own rules already reported is
// dropped, so a problem is never reported twice.
func (c *checker) checkMetaschema(s *jsonvalue.Value) {
	leaves, more := metaschemaErrors(s)
	if more {
		c.full = true
	}
	sort.SliceStable(leaves, func(i, j int) bool {
		a, b := leaves[i], leaves[j]
		if a.start != b.start {
			return a.start < b.start
		}
		if a.path != b.path {
			return a.path < b.path
		}
		return a.msg < b.msg
	})
	for i := 0; i < len(leaves); {
		j := i
		for j < len(leaves) && leaves[j].path == leaves[i].path {
			j++
		}
		group := leaves[i:j]
		i = j
		if c.covered(group[0].path) {
			continue
		}
		c.add(group[0].path, metaMessage(group))
	}
}

// metaError is one leaf error of the metaschema validation.
type metaError struct {
	path  string
	start int32 // where the offending value starts, for document order
	msg   string
	kind  jsonschema.ErrorKind
	value *jsonvalue.Value // the offending value
}

// maxSuspects bounds the library work for one tool.
const maxSuspects = maxIssues

// metaschemaErrors validates the suspects of s with the library. more is
// true when there were more suspects than it validated (maxSuspects).
func metaschemaErrors(s *jsonvalue.Value) (errs []metaError, more bool) {
	suspects, more := metaSuspects(s)
	if len(suspects) == 0 {
		return nil, more
	}
	sch, err := metaschema()
	if err != nil {
		// The built-in metaschema always compiles; this guards the build.
		return []metaError{{path: "inputSchema", msg: "the metaschema could not be compiled: " + err.Error(), value: s}}, more
	}
	var out []metaError
	for _, sus := range suspects {
		var verr *jsonschema.ValidationError
		if !errors.As(sch.Validate(shallowAny(sus.value)), &verr) {
			continue
		}
		EachLeaf(verr, func(e *jsonschema.ValidationError) {
			path, at := instancePath(sus.path, sus.value, e.InstanceLocation)
			out = append(out, metaError{path, at.Start, e.ErrorKind.LocalizedString(englishPrinter), e.ErrorKind, at})
		})
	}
	return out, more
}

// covered reports whether one of our own rules already reported path or one
// of its ancestors inside the inputSchema.
func (c *checker) covered(path string) bool {
	for _, is := range c.issues {
		p := is.path
		if !strings.HasPrefix(p, "inputSchema") || p == "inputSchema" {
			continue
		}
		if path == p || strings.HasPrefix(path, p) && (path[len(p)] == '.' || path[len(p)] == '[') {
			return true
		}
	}
	return false
}

// instancePath turns the validator's instance location (JSON Pointer
// tokens, relative to the schema at base) into our schema path, reading
// the document to tell array positions from object keys.
func instancePath(base string, root *jsonvalue.Value, tokens []string) (string, *jsonvalue.Value) {
	var b strings.Builder
	b.WriteString(base)
	cur := root
	for _, tok := range tokens {
		if cur.Kind == jsonvalue.Array {
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 || n >= len(cur.Items) {
				break
			}
			writeIndex(&b, n)
			cur = &cur.Items[n]
			continue
		}
		next := cur.Get(tok)
		if next == nil {
			break
		}
		writeKey(&b, tok)
		cur = next
	}
	return b.String(), cur
}

// lastSegment renders the final key of path with any positions after it
// ("required[1]"), for naming the keyword in a message.
func lastSegment(path string) string {
	segs, ok := schemapath.Parse(path)
	if !ok || len(segs) == 0 {
		return path
	}
	i := len(segs) - 1
	for i > 0 && segs[i].IsIndex {
		i--
	}
	// A key inside a keyword that maps names to values reads better with
	// the keyword: "dependencies.a", not "a".
	if i > 0 && !segs[i-1].IsIndex && keyedKeywords[segs[i-1].Key] {
		i--
	}
	return schemapath.Format(segs[i:])
}

var keyedKeywords = map[string]bool{
	"properties": true, "patternProperties": true, "$defs": true, "definitions": true,
	"dependentSchemas": true, "dependentRequired": true, "dependencies": true, "$vocabulary": true,
}

// Where the metaschema expects subschemas: a keyword's place.
type subschemaPlace uint8

const (
	notSubschemas subschemaPlace = iota
	schemaMap                    // an object of name to subschema
	schemaList                   // an array of subschemas
	schemaSingle                 // one subschema
)

// placeOf is the place of keyword key: a switch rather than sets in maps,
// as the metaschema walk asks it for every member of every schema.
func placeOf(key string) subschemaPlace {
	switch key {
	case "$defs", "definitions", "properties", "patternProperties", "dependentSchemas":
		return schemaMap
	case "prefixItems", "allOf", "anyOf", "oneOf":
		return schemaList
	case "items", "contains", "additionalProperties", "propertyNames", "if", "then",
		"else", "not", "unevaluatedItems", "unevaluatedProperties", "contentSchema":
		return schemaSingle
	}
	return notSubschemas
}

// shallowAny converts a schema object for the validator with every object
// subschema replaced by {}: those are validated on their own. `dependencies`
// is kept whole: its values may be a schema or a list of names (anyOf), so
// an invalid schema there also fails the list branch, and only validating
// it in place reports both.
func shallowAny(s *jsonvalue.Value) any {
	out := make(map[string]any, len(s.Members))
	empty := func(v *jsonvalue.Value) any {
		if v.Kind == jsonvalue.Object {
			return map[string]any{}
		}
		return jsonvalue.ToAny(v)
	}
	for i := range s.Members {
		m := &s.Members[i]
		v := &m.Value
		switch place := placeOf(m.Key); {
		case place == schemaMap && v.Kind == jsonvalue.Object:
			inner := make(map[string]any, len(v.Members))
			for j := range v.Members {
				inner[v.Members[j].Key] = empty(&v.Members[j].Value)
			}
			out[m.Key] = inner
		case place == schemaList && v.Kind == jsonvalue.Array:
			inner := make([]any, len(v.Items))
			for j := range v.Items {
				inner[j] = empty(&v.Items[j])
			}
			out[m.Key] = inner
		case place == schemaSingle:
			out[m.Key] = empty(v)
		default:
			out[m.Key] = jsonvalue.ToAny(v)
		}
	}
	return out
}

type suspect struct {
	value *jsonvalue.Value
	path  string
}

// metaSuspects walks every subschema of s and returns those whose own
// keywords metaLocalValid cannot vouch for.
func metaSuspects(s *jsonvalue.Value) ([]suspect, bool) {
	w := &metaWalk{}
	w.schema(s)
	return w.suspects, w.more
}

type metaWalk struct {
	segs     []seg
	suspects []suspect
	more     bool // stopped at maxSuspects
}

func (w *metaWalk) schema(s *jsonvalue.Value) {
	if w.more {
		return
	}
	if !metaLocalValid(s) {
		if len(w.suspects) == maxSuspects {
			w.more = true
			return
		}
		w.suspects = append(w.suspects, suspect{s, renderPath(w.segs)})
	}
	for i := range s.Members {
		m := &s.Members[i]
		v := &m.Value
		switch place := placeOf(m.Key); {
		case place == schemaMap && v.Kind == jsonvalue.Object:
			for j := range v.Members {
				if v.Members[j].Value.Kind == jsonvalue.Object {
					w.segs = append(w.segs, seg{m.Key, -1}, seg{v.Members[j].Key, -1})
					w.schema(&v.Members[j].Value)
					w.segs = w.segs[:len(w.segs)-2]
				}
			}
		case place == schemaList && v.Kind == jsonvalue.Array:
			for j := range v.Items {
				if v.Items[j].Kind == jsonvalue.Object {
					w.segs = append(w.segs, seg{m.Key, -1}, seg{"", j})
					w.schema(&v.Items[j])
					w.segs = w.segs[:len(w.segs)-2]
				}
			}
		case place == schemaSingle && v.Kind == jsonvalue.Object:
			w.segs = append(w.segs, seg{m.Key, -1})
			w.schema(v)
			w.segs = w.segs[:len(w.segs)-1]
		}
	}
}

// metaLocalValid reports whether the 2020-12 metaschema certainly accepts
// the keywords of the schema object s, taking its subschemas as valid (they
// are checked on their own). It encodes the metaschema's constraints
// keyword by keyword (meta/core, applicator, unevaluated, validation, meta-data,
// format-annotation, content, and the deprecated keywords of the top-level
// metaschema). It may answer false for a valid schema (then the library
// decides); it must never answer true for an invalid one, which
// TestMetaFastPathAgreesWithLibrary checks.
func metaLocalValid(s *jsonvalue.Value) bool {
	for i := range s.Members {
		m := &s.Members[i]
		v := &m.Value
		ok := true
		switch m.Key {
		case "$id":
			ok = v.Kind == jsonvalue.String && isIDWithoutFragment(v.Text)
		case "$schema", "$ref", "$dynamicRef", "$recursiveRef", "$comment",
			"pattern", "title", "description", "format", "contentEncoding", "contentMediaType":
			ok = v.Kind == jsonvalue.String
		case "$anchor", "$dynamicAnchor", "$recursiveAnchor":
			ok = v.Kind == jsonvalue.String && isPlainAnchor(v.Text)
		case "$defs", "definitions", "properties", "patternProperties", "dependentSchemas":
			ok = v.Kind == jsonvalue.Object
			for j := 0; ok && j < len(v.Members); j++ {
				ok = fastSubschema(&v.Members[j].Value)
			}
		case "prefixItems", "allOf", "anyOf", "oneOf":
			ok = v.Kind == jsonvalue.Array && len(v.Items) > 0
			for j := 0; ok && j < len(v.Items); j++ {
				ok = fastSubschema(&v.Items[j])
			}
		case "items", "contains", "additionalProperties", "propertyNames", "if", "then", "else",
			"not", "unevaluatedItems", "unevaluatedProperties", "contentSchema":
			ok = fastSubschema(v)
		case "type":
			ok = fastType(v)
		case "enum", "examples":
			ok = v.Kind == jsonvalue.Array
		case "multipleOf":
			d, good := jsonvalue.ParseDecimal(v.Text)
			ok = v.Kind == jsonvalue.Number && good && !d.Neg && !d.IsZero()
		case "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum":
			ok = v.Kind == jsonvalue.Number
		case "maxLength", "minLength", "maxItems", "minItems", "maxContains", "minContains", "maxProperties", "minProperties":
			ok = v.Kind == jsonvalue.Number && isPlainNonNegativeInteger(v.Text)
		case "uniqueItems", "deprecated", "readOnly", "writeOnly":
			ok = v.Kind == jsonvalue.Bool
		case "required":
			ok = fastStringSet(v)
		case "dependentRequired":
			ok = v.Kind == jsonvalue.Object
			for j := 0; ok && j < len(v.Members); j++ {
				ok = fastStringSet(&v.Members[j].Value)
			}
		case "$vocabulary", "dependencies":
			ok = false // rare: leave them to the library
		}
		if !ok {
			return false
		}
	}
	return true
}

// fastSubschema: a subschema position holds a boolean or an object (whose
// own keywords are checked when the walk reaches it).
func fastSubschema(v *jsonvalue.Value) bool {
	return v.Kind == jsonvalue.Bool || v.Kind == jsonvalue.Object
}

func fastType(v *jsonvalue.Value) bool {
	if v.Kind == jsonvalue.String {
		return isKnownType(v.Text)
	}
	if v.Kind != jsonvalue.Array || len(v.Items) == 0 {
		return false
	}
	for i := range v.Items {
		if v.Items[i].Kind != jsonvalue.String || !isKnownType(v.Items[i].Text) {
			return false
		}
	}
	return fastStringSet(v)
}

// fastStringSet reports whether v is an array of distinct strings.
func fastStringSet(v *jsonvalue.Value) bool {
	if v.Kind != jsonvalue.Array {
		return false
	}
	for i := range v.Items {
		if v.Items[i].Kind != jsonvalue.String {
			return false
		}
	}
	if len(v.Items) <= 16 {
		for i := range v.Items {
			for j := 0; j < i; j++ {
				if v.Items[i].Text == v.Items[j].Text {
					return false
				}
			}
		}
		return true
	}
	seen := make(map[string]struct{}, len(v.Items))
	for i := range v.Items {
		if _, dup := seen[v.Items[i].Text]; dup {
			return false
		}
		seen[v.Items[i].Text] = struct{}{}
	}
	return true
}

// isPlainNonNegativeInteger accepts 0 and [1-9][0-9]*, the only spellings
// the fast path is sure the library reads as a non-negative integer.
func isPlainNonNegativeInteger(lit string) bool {
	if lit == "" || len(lit) > 1 && lit[0] == '0' {
		return false
	}
	for i := 0; i < len(lit); i++ {
		if lit[i] < '0' || lit[i] > '9' {
			return false
		}
	}
	return true
}

// isPlainAnchor reports whether s is a valid anchor name
// (^[A-Za-z_][-A-Za-z0-9._]*$, the 2020-12 metaschema's anchorString).
func isPlainAnchor(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c == '_':
		case i > 0 && (c >= '0' && c <= '9' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// isIDWithoutFragment mirrors the metaschema's `$id` pattern ^[^#]*#?$.
func isIDWithoutFragment(s string) bool {
	i := strings.IndexByte(s, '#')
	return i < 0 || i == len(s)-1
}

// EachLeaf calls fn for every leaf of a validator error, depth first: the
// errors that say what failed (the others only group their causes).
func EachLeaf(verr *jsonschema.ValidationError, fn func(*jsonschema.ValidationError)) {
	if len(verr.Causes) == 0 {
		fn(verr)
		return
	}
	for _, c := range verr.Causes {
		EachLeaf(c, fn)
	}
}
