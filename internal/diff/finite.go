package diff

import (
	"strconv"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Finite old schemas, decided exactly. Where the old schema accepts a
// small set of scalar values (an enum, a const, boolean, null, an integer
// range of a few values), whether the new one accepts each of them is a
// plain question: when it does for all of them, nothing accepted before
// is rejected, so the keyword-by-keyword breaks there are not real
// ({"enum":["a","b"]} -> {"type":"string"}). Only schemas made of the
// keywords judged here are decided; anything else keeps the comparison's
// verdict.

// maxFinite bounds the values enumerated for one old schema.
const maxFinite = 64

// finiteWithin reports whether old node o accepts a finite set of scalars
// and new node n is proven to accept each of them.
func finiteWithin(o, n *node) bool {
	// Definitions under the node are compared with it, yet describe other
	// places (their $ref use sites): their changes are not this node's.
	if o.conj != nil || n.conj != nil || hasDefinitions(o.v) || hasDefinitions(n.v) {
		return false
	}
	vals := finiteValues(o.v)
	if vals == nil {
		return false
	}
	for i := range vals {
		acc, known := scalarAccepts(o.v, &vals[i])
		if !known {
			return false
		}
		if !acc {
			continue // the old schema rejected it anyway
		}
		if acc, known := scalarAccepts(n.v, &vals[i]); !known || !acc {
			return false
		}
	}
	return true
}

// finiteValues lists the candidate values of a schema that accepts only
// finitely many scalars, nil when it is not one.
func finiteValues(s *jsonvalue.Value) []jsonvalue.Value {
	var out []jsonvalue.Value
	switch {
	case s.Has("const"):
		out = []jsonvalue.Value{*s.Get("const")}
	case s.Has("enum"):
		e := s.Get("enum")
		if e.Kind != jsonvalue.Array || len(e.Items) > maxFinite {
			return nil
		}
		out = e.Items
	default:
		t := s.Get("type")
		if t == nil {
			return nil
		}
		types := allowedTypes(s)
		for _, ty := range types {
			switch ty {
			case "null":
				out = append(out, jsonvalue.Value{Kind: jsonvalue.Null, Text: "null"})
			case "boolean":
				out = append(out, jsonvalue.NewBool(true), jsonvalue.NewBool(false))
			case "integer":
				if hasType(types, "number") {
					return nil
				}
				r, ok := integerRange(s)
				if !ok {
					return nil
				}
				out = append(out, r...)
			default:
				return nil
			}
		}
	}
	for i := range out {
		if out[i].Kind == jsonvalue.Object || out[i].Kind == jsonvalue.Array {
			return nil
		}
	}
	return out
}

// integerRange enumerates the integers between an integer schema's
// inclusive bounds (both needed, at most maxFinite values).
func integerRange(s *jsonvalue.Value) ([]jsonvalue.Value, bool) {
	lo, hi := s.Get("minimum"), s.Get("maximum")
	if lo == nil || hi == nil || lo.Kind != jsonvalue.Number || hi.Kind != jsonvalue.Number ||
		s.Has("exclusiveMinimum") || s.Has("exclusiveMaximum") {
		return nil, false
	}
	a, err1 := strconv.ParseInt(lo.Text, 10, 64)
	b, err2 := strconv.ParseInt(hi.Text, 10, 64)
	if err1 != nil || err2 != nil || b < a || b-a >= maxFinite {
		return nil, false
	}
	var out []jsonvalue.Value
	for x := a; x <= b; x++ {
		out = append(out, jsonvalue.Value{Kind: jsonvalue.Number, Text: strconv.FormatInt(x, 10)})
	}
	return out, true
}

// scalarAccepts judges a scalar against a schema object; known is false
// when the schema uses a keyword not judged here.
func scalarAccepts(s, v *jsonvalue.Value) (accepts, known bool) {
	if s.Kind != jsonvalue.Object {
		return false, false
	}
	ok := true
	for i := range s.Members {
		m := &s.Members[i]
		kv := &m.Value
		switch m.Key {
		case "type":
			ok = ok && typeMatch(kv, v)
		case "enum":
			if kv.Kind != jsonvalue.Array {
				return false, false
			}
			in := false
			for j := range kv.Items {
				in = in || jsonvalue.Equal(&kv.Items[j], v)
			}
			ok = ok && in
		case "const":
			ok = ok && jsonvalue.Equal(kv, v)
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
			if kv.Kind != jsonvalue.Number {
				return false, false
			}
			if v.Kind != jsonvalue.Number {
				continue
			}
			c := jsonvalue.CompareNumbers(v.Text, kv.Text)
			switch m.Key {
			case "minimum":
				ok = ok && c >= 0
			case "maximum":
				ok = ok && c <= 0
			case "exclusiveMinimum":
				ok = ok && c > 0
			case "exclusiveMaximum":
				ok = ok && c < 0
			}
		case "multipleOf":
			if kv.Kind != jsonvalue.Number {
				return false, false
			}
			if v.Kind != jsonvalue.Number {
				continue
			}
			mul, k := jsonvalue.IsMultiple(v.Text, kv.Text)
			if !k {
				return false, false
			}
			ok = ok && mul
		case "minLength", "maxLength":
			n, err := strconv.Atoi(kv.Text)
			if kv.Kind != jsonvalue.Number || err != nil {
				return false, false
			}
			if v.Kind != jsonvalue.String {
				continue
			}
			l := utf8.RuneCountInString(v.Text)
			if m.Key == "minLength" {
				ok = ok && l >= n
			} else {
				ok = ok && l <= n
			}
		case "pattern":
			if kv.Kind != jsonvalue.String {
				return false, false
			}
			if v.Kind != jsonvalue.String {
				continue
			}
			matched, decided := tool.MatchECMA(kv.Text, v.Text)
			if !decided {
				return false, false
			}
			ok = ok && matched
		default:
			// Keywords that only constrain objects or arrays pass a scalar;
			// annotations pass everything.
			if kd := kindOf(m.Key); kd == "object" || kd == "array" {
				continue
			}
			if annotationOnly(m.Key) || m.Key == "format" || m.Key == "$schema" || m.Key == "$id" || m.Key == "$comment" {
				continue
			}
			return false, false
		}
	}
	return ok, true
}

// typeMatch reports whether v is of a type a `type` value lists.
func typeMatch(t, v *jsonvalue.Value) bool {
	one := func(name string) bool {
		switch name {
		case "null":
			return v.Kind == jsonvalue.Null
		case "boolean":
			return v.Kind == jsonvalue.Bool
		case "string":
			return v.Kind == jsonvalue.String
		case "number":
			return v.Kind == jsonvalue.Number
		case "integer":
			return v.Kind == jsonvalue.Number && jsonvalue.IsIntegerLiteral(v.Text)
		}
		return false
	}
	switch t.Kind {
	case jsonvalue.String:
		return one(t.Text)
	case jsonvalue.Array:
		for i := range t.Items {
			if t.Items[i].Kind == jsonvalue.String && one(t.Items[i].Text) {
				return true
			}
		}
	}
	return false
}

func hasDefinitions(v *jsonvalue.Value) bool {
	return v.Has("$defs") || v.Has("definitions")
}
