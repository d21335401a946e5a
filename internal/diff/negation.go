package diff

import (
	"math/big"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// `not` by polarity: under `not`, narrowing the inner schema widens the
// outer one. Where the negation has an exact positive spelling, the node is
// rewritten into it before comparing, so an edit is classified the right
// way round (and named after the bound it amounts to):
//
//   - not {type: T} is the other types: {type: [all types but T]} (only
//     where T does not hold integer without number: "numbers that are not
//     integers" has no type spelling);
//   - not {not: S} is S, merged with the siblings as allOf [S] would be;
//   - not {one bound} is the values of that bound's type outside it:
//     not {maxLength: 0} is {type: string, minLength: 1}, not {minimum: 50}
//     is {type: number, exclusiveMaximum: 50};
//   - not {allOf: [A, B]} is anyOf [{not: A}, {not: B}] (De Morgan), read
//     so where the other side spells an anyOf.
//
// Any other `not` is compared as written: edits inside it are reported
// where they are and are breaking unless informational (the engine cannot
// tell which way they go).

// negatedBound maps a bound keyword to the keyword its negation is, with
// the JSON type it constrains.
var negatedBound = map[string]struct {
	key, typ string
	shift    int64 // added to the count (counts are integers)
}{
	"maxLength":        {"minLength", "string", 1},
	"minLength":        {"maxLength", "string", -1},
	"maxItems":         {"minItems", "array", 1},
	"minItems":         {"maxItems", "array", -1},
	"maxProperties":    {"minProperties", "object", 1},
	"minProperties":    {"maxProperties", "object", -1},
	"minimum":          {"exclusiveMaximum", "number", 0},
	"exclusiveMinimum": {"maximum", "number", 0},
	"maximum":          {"exclusiveMinimum", "number", 0},
	"exclusiveMaximum": {"minimum", "number", 0},
}

// negation returns x with its `not` rewritten into an equivalent positive
// schema, or nil when there is none (or it is not exact).
func (c *comparer) negation(s *side, x, other *node) *node {
	nm := x.kw[kwNot]
	if nm == nil || x.conj != nil {
		return nil
	}
	in, kind := c.child(s, &nm.Value, memberSpan(nm))
	switch kind {
	case kFalse:
		// not false accepts everything.
		return rewritten(x, "not", without(x, "not"))
	case kSchema:
	default:
		return nil
	}
	if in.conj != nil {
		return nil
	}
	// Only a `not` of one keyword: an annotation beside it would be lost
	// (and not {} accepts nothing: left as written).
	if len(in.v.Members) != 1 {
		return nil
	}
	only := &in.v.Members[0]
	at := []seg{k("not")}
	if to, ok := x.moved["not"]; ok {
		at = to
	}
	switch key := only.Key; key {
	case "not":
		// Evaluation inside `not` feeds no unevaluated* keyword; merged
		// into the node it would.
		if x.feeds != 0 || closedFeed(x) != 0 || x.v.Has("unevaluatedProperties") || x.v.Has("unevaluatedItems") {
			return nil
		}
		return c.mergeConjuncts(s, x, "not", []conjunct{{&only.Value, appendSegs(at, k("not"))}})
	case "type":
		t, ok := complementTypes(&only.Value)
		if !ok {
			return nil
		}
		out := rewritten(x, "not", without(x, "not"))
		if !mergeMembers(out, []jsonvalue.Member{{Key: "type", KeyStart: only.KeyStart, KeyEnd: only.KeyEnd, Value: t}}, at) {
			return nil
		}
		if out.moved["type"] != nil {
			out.moved["type"] = at
			out.spelled["type"] = &nm.Value
		}
		return out
	case "allOf":
		return c.deMorgan(x, other, only, at)
	}
	neg, ok := negatedBound[only.Key]
	if !ok || only.Value.Kind != jsonvalue.Number {
		return nil
	}
	lit := only.Value.Text
	if neg.typ != "number" {
		d, ok := jsonvalue.ParseDecimal(lit)
		if !ok {
			return nil
		}
		r, ok := d.Rat()
		if !ok || !r.IsInt() || r.Sign() < 0 {
			return nil
		}
		v := new(big.Int).Add(r.Num(), big.NewInt(neg.shift))
		if v.Sign() < 0 {
			return nil // not {minLength: 0} accepts nothing
		}
		lit = v.String()
	}
	out := rewritten(x, "not", without(x, "not"))
	members := []jsonvalue.Member{
		{Key: "type", KeyStart: nm.KeyStart, KeyEnd: nm.KeyEnd, Value: jsonvalue.NewString(neg.typ)},
		{Key: neg.key, KeyStart: only.KeyStart, KeyEnd: only.KeyEnd, Value: jsonvalue.NewNumber(lit)},
	}
	if !mergeMembers(out, members, at) {
		return nil
	}
	// What comes from the negation is reported at the `not` (the type) and
	// at the negated keyword.
	if i := memberIndex(out.v.Members, "type"); i >= 0 && out.v.Members[i].KeyStart == nm.KeyStart && out.moved["type"] != nil {
		out.moved["type"] = at
		out.spelled["type"] = &nm.Value
	}
	if i := memberIndex(out.v.Members, neg.key); i >= 0 && out.v.Members[i].KeyStart == only.KeyStart && out.moved[neg.key] != nil {
		out.moved[neg.key] = appendSegs(at, k(only.Key))
		out.spelled[neg.key] = &only.Value
	}
	return out
}

// complementTypes returns the types a value of `type` t excludes; ok is
// false when that has no type spelling (integer without number) or is
// empty.
func complementTypes(t *jsonvalue.Value) (jsonvalue.Value, bool) {
	set, ok := typeSet(t)
	if !ok || len(set) == 0 {
		return jsonvalue.Value{}, false
	}
	if hasType(set, "integer") && !hasType(set, "number") {
		return jsonvalue.Value{}, false
	}
	var out []string
	for _, x := range allTypes {
		if x != "integer" && !hasType(set, x) {
			out = append(out, x)
		}
	}
	return typeValue(out)
}

// deMorgan rewrites not {allOf: [A, B, ...]} as anyOf [{not: A}, {not: B},
// ...] when the other side spells an anyOf and this one does not (the
// branches are synthesised, so only where no $ref identity is involved).
func (c *comparer) deMorgan(x, other *node, allOf *jsonvalue.Member, at []seg) *node {
	if c.o.hasRefs || c.n.hasRefs || x.v.Has("anyOf") || other.get(kwAnyOf) == nil || other.get(kwNot) != nil {
		return nil
	}
	list := &allOf.Value
	if list.Kind != jsonvalue.Array || len(list.Items) == 0 {
		return nil
	}
	branches := make([]jsonvalue.Value, len(list.Items))
	for i := range list.Items {
		b := list.Items[i]
		branches[i] = jsonvalue.Value{Kind: jsonvalue.Object, Start: b.Start, End: b.End,
			Members: []jsonvalue.Member{{Key: "not", KeyStart: b.Start, KeyEnd: b.Start, Value: b}}}
	}
	out := rewritten(x, "not", without(x, "not"))
	if out.v.Has("anyOf") {
		return nil
	}
	out.v.Members = append(out.v.Members, jsonvalue.Member{Key: "anyOf", KeyStart: allOf.KeyStart, KeyEnd: allOf.KeyEnd,
		Value: jsonvalue.Value{Kind: jsonvalue.Array, Start: list.Start, End: list.End, Items: branches}})
	out.moved["anyOf"] = appendSegs(at, k("allOf"))
	out.spelled["anyOf"] = list
	return out
}
