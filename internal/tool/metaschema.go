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
// metaFastValid settles the common case (a schema the metaschema accepts)
// without the library; the library runs whenever that check cannot prove
// the schema valid, and every metaschema error reported comes from it.
// An error at or under a path one of our own rules already reported is
// dropped, so a problem is never reported twice.
func (c *checker) checkMetaschema(s *jsonvalue.Value) {
	if metaFastValid(s) {
		return
	}
	sch, err := metaschema()
	if err != nil {
		// The built-in metaschema always compiles; this guards the build.
		c.add("inputSchema", "The JSON Schema 2020-12 metaschema could not be compiled: "+err.Error())
		return
	}
	var verr *jsonschema.ValidationError
	if !errors.As(sch.Validate(jsonvalue.ToAny(s)), &verr) {
		return
	}
	type found struct {
		path  string
		start int32
		msg   string
	}
	var leaves []found
	var collect func(e *jsonschema.ValidationError)
	collect = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, cause := range e.Causes {
				collect(cause)
			}
			return
		}
		path, at := instancePath(s, e.InstanceLocation)
		leaves = append(leaves, found{path, at.Start, e.ErrorKind.LocalizedString(englishPrinter)})
	}
	collect(verr)
	// The library's error tree follows Go map order; sort for determinism
	// (document order, then path, then text).
	sort.Slice(leaves, func(i, j int) bool {
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
		var reasons []string
		for ; j < len(leaves) && leaves[j].path == leaves[i].path; j++ {
			if len(reasons) == 0 || reasons[len(reasons)-1] != leaves[j].msg {
				reasons = append(reasons, leaves[j].msg)
			}
		}
		path := leaves[i].path
		i = j
		if c.covered(path) {
			continue
		}
		c.add(path, "`"+lastSegment(path)+"` is not valid JSON Schema 2020-12: "+strings.Join(reasons, "; ")+".")
	}
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
// tokens) into our schema path, reading the document to tell array
// positions from object keys.
func instancePath(root *jsonvalue.Value, tokens []string) (string, *jsonvalue.Value) {
	path := "inputSchema"
	cur := root
	for _, tok := range tokens {
		if cur.Kind == jsonvalue.Array {
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 || n >= len(cur.Items) {
				break
			}
			path = schemapath.Index(path, n)
			cur = &cur.Items[n]
			continue
		}
		next := cur.Get(tok)
		if next == nil {
			break
		}
		path = schemapath.Key(path, tok)
		cur = next
	}
	return path, cur
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

// metaFastValid reports whether the 2020-12 metaschema certainly accepts
// the schema object s. It encodes the metaschema's constraints keyword by
// keyword (meta/core, applicator, unevaluated, validation, meta-data,
// format-annotation, content, and the deprecated keywords of the top-level
// metaschema). It may answer false for a valid schema (then the library
// decides); it must never answer true for an invalid one, which
// TestMetaFastPathAgreesWithLibrary checks.
func metaFastValid(s *jsonvalue.Value) bool {
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

func fastSubschema(v *jsonvalue.Value) bool {
	return v.Kind == jsonvalue.Bool || v.Kind == jsonvalue.Object && metaFastValid(v)
}

func fastType(v *jsonvalue.Value) bool {
	if v.Kind == jsonvalue.String {
		return knownTypes[v.Text]
	}
	if v.Kind != jsonvalue.Array || len(v.Items) == 0 {
		return false
	}
	for i := range v.Items {
		if v.Items[i].Kind != jsonvalue.String || !knownTypes[v.Items[i].Text] {
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
