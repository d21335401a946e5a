package core

import (
	"errors"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// resourceURL names the inputSchema for the validator. Nothing is ever
// loaded from it: the compiler refuses external documents.
const resourceURL = "mem://schemaport/input-schema.json"

var english = message.NewPrinter(language.English)

// validator judges values against subschemas of one inputSchema. The
// JSON Schema library (compiled lazily, once per tool) has the final word;
// a quick check settles the common simple cases first, and it only ever
// answers "valid", so every rejection and its reason come from the library.
type validator struct {
	root     *jsonvalue.Value
	compiler *jsonschema.Compiler
	broken   bool // the schema cannot be compiled: nothing can be judged
	schemas  map[string]*jsonschema.Schema
	patterns tool.PatternScope // the `pattern` matches of the value being judged
}

// verdict is what the validator says about one value.
type verdict int

const (
	valid        verdict = iota
	invalid              // rejected, with a reason
	notEvaluated         // a pattern match ran out of time: no verdict
)

// reject judges value against the subschema s (where at is) and gives the
// validator's reason when it is invalid.
func (v *validator) reject(s *jsonvalue.Value, at *provider.Cursor, value *jsonvalue.Value) (string, verdict) {
	if quickValid(s, value) {
		return "", valid
	}
	sch := v.schema(at.Pointer())
	if sch == nil {
		return "", valid
	}
	v.patterns.Begin()
	err := sch.Validate(jsonvalue.ToAny(value))
	if v.patterns.Skipped() {
		// A skipped match answered "matches", which under `not` or
		// `oneOf` can still reject: no verdict either way.
		return "", notEvaluated
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return "", valid
	}
	return reason(verr), invalid
}

func (v *validator) schema(ptr string) *jsonschema.Schema {
	if v.broken {
		return nil
	}
	if sch, ok := v.schemas[ptr]; ok {
		return sch
	}
	if v.compiler == nil {
		v.compiler = tool.NewSchemaCompiler()
		v.compiler.UseRegexpEngine(v.patterns.Engine())
		v.schemas = map[string]*jsonschema.Schema{}
		if err := v.compiler.AddResource(resourceURL, as2020(jsonvalue.ToAny(v.root))); err != nil {
			v.broken = true
			return nil
		}
	}
	// A subschema that does not compile on its own terms (the loader has
	// reported why) is not judged.
	sch, err := v.compiler.Compile(resourceURL + "#" + ptr)
	if err != nil {
		sch = nil
	}
	v.schemas[ptr] = sch
	return sch
}

// exactBound renders the numeric-bound failures with exact numbers: the
// library's own text goes through float64, so 2^64 and 2^64-1 print alike.
// Other kinds give "".
func exactBound(k jsonschema.ErrorKind) string {
	var name string
	var got, want *big.Rat
	switch k := k.(type) {
	case *kind.Minimum:
		name, got, want = "minimum", k.Got, k.Want
	case *kind.Maximum:
		name, got, want = "maximum", k.Got, k.Want
	case *kind.ExclusiveMinimum:
		name, got, want = "exclusiveMinimum", k.Got, k.Want
	case *kind.ExclusiveMaximum:
		name, got, want = "exclusiveMaximum", k.Got, k.Want
	case *kind.MultipleOf:
		name, got, want = "multipleOf", k.Got, k.Want
	default:
		return ""
	}
	if got == nil || want == nil {
		return ""
	}
	return name + ": got " + ratText(got) + ", want " + ratText(want)
}

// ratText writes r as an exact decimal. Every JSON number is one, so its
// denominator has no prime factors but 2 and 5; anything else (never from
// JSON) falls back to a fraction.
func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	d := new(big.Int).Set(r.Denom())
	digits := 0
	for _, p := range []int64{2, 5} {
		n, q, m := 0, big.NewInt(p), new(big.Int)
		for {
			quo, rem := new(big.Int).QuoRem(d, q, m)
			if rem.Sign() != 0 {
				break
			}
			d, n = quo, n+1
		}
		digits = max(digits, n)
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return r.RatString()
	}
	return r.FloatString(digits)
}

// as2020 drops the root `$schema`, so values are judged by 2020-12 (the
// dialect the loader validates the schema against) whatever it names: an
// unknown dialect would otherwise fail to compile and silence the rule, and
// draft-07 would assert `format`.
func as2020(doc any) any {
	if m, ok := doc.(map[string]any); ok {
		delete(m, "$schema")
	}
	return doc
}

// reason renders the validator's leaf errors, sorted (the library's error
// tree follows Go map order) and de-duplicated.
func reason(verr *jsonschema.ValidationError) string {
	var leaves []string
	tool.EachLeaf(verr, func(e *jsonschema.ValidationError) {
		msg := exactBound(e.ErrorKind)
		if msg == "" {
			msg = e.ErrorKind.LocalizedString(english)
		}
		if len(e.InstanceLocation) > 0 {
			msg = "at /" + strings.Join(e.InstanceLocation, "/") + ": " + msg
		}
		leaves = append(leaves, msg)
	})
	slices.Sort(leaves)
	leaves = slices.Compact(leaves)
	const most = 3
	if len(leaves) > most {
		leaves = append(leaves[:most], "and "+strconv.Itoa(len(leaves)-most)+" more")
	}
	return strings.Join(leaves, "; ")
}

// quickValid reports true only when s certainly accepts value: s uses
// nothing but annotations and simple assertions (type, enum, const, numeric
// bounds, multipleOf, string lengths) and value satisfies them all.
// Anything else is left to the library.
func quickValid(s, value *jsonvalue.Value) bool {
	for i := range s.Members {
		kw := &s.Members[i].Value
		switch s.Members[i].Key {
		case "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
			"$comment", "format", "contentEncoding", "contentMediaType":
			// Annotations; formats and content are not asserted.
		case "type":
			if !typeMatches(kw, value) {
				return false
			}
		case "enum":
			if kw.Kind != jsonvalue.Array || !slices.ContainsFunc(kw.Items, func(e jsonvalue.Value) bool { return jsonvalue.Equal(&e, value) }) {
				return false
			}
		case "const":
			if !jsonvalue.Equal(kw, value) {
				return false
			}
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
			if kw.Kind != jsonvalue.Number {
				return false
			}
			if value.Kind == jsonvalue.Number && !withinBound(s.Members[i].Key, jsonvalue.CompareNumbers(value.Text, kw.Text)) {
				return false
			}
		case "multipleOf":
			if kw.Kind != jsonvalue.Number {
				return false
			}
			if value.Kind == jsonvalue.Number {
				if ok, known := jsonvalue.IsMultiple(value.Text, kw.Text); !ok || !known {
					return false
				}
			}
		case "minLength", "maxLength":
			if kw.Kind != jsonvalue.Number {
				return false
			}
			if value.Kind == jsonvalue.String {
				c := jsonvalue.CompareNumbers(strconv.Itoa(utf8.RuneCountInString(value.Text)), kw.Text)
				if s.Members[i].Key == "minLength" && c < 0 || s.Members[i].Key == "maxLength" && c > 0 {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// withinBound: cmp is value compared with the bound.
func withinBound(kw string, cmp int) bool {
	switch kw {
	case "minimum":
		return cmp >= 0
	case "maximum":
		return cmp <= 0
	case "exclusiveMinimum":
		return cmp > 0
	}
	return cmp < 0
}

func typeMatches(t, value *jsonvalue.Value) bool {
	switch t.Kind {
	case jsonvalue.String:
		return isOfType(t.Text, value)
	case jsonvalue.Array:
		for i := range t.Items {
			if t.Items[i].Kind == jsonvalue.String && isOfType(t.Items[i].Text, value) {
				return true
			}
		}
	}
	return false
}

func isOfType(name string, v *jsonvalue.Value) bool {
	switch name {
	case "integer":
		return v.Kind == jsonvalue.Number && jsonvalue.IsIntegerLiteral(v.Text)
	case "number":
		return v.Kind == jsonvalue.Number
	}
	return v.Kind.String() == name
}
