package diff

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/witness"
)

// The safety net run as a test: for random schema pairs, an old schema and
// an edit of it, when the keyword engine reports nothing breaking, no call
// the old schema accepts may be rejected by the new one. Calls come from
// the witness search run over the whole old schema (every subschema
// varied), from a random value generator, and from a fixed pool; the
// validator judges them. The generators cover composition (allOf, anyOf,
// oneOf, not, if/then/else), $refs into $defs, arrays (items, prefixItems,
// contains, min/maxContains, min/maxItems, uniqueItems), objects
// (properties, patternProperties, additionalProperties, required) and
// patterns.

// wideGen builds random schemas as Go values (maps encode with sorted
// keys, so a seed gives the same text every time).
type wideGen struct{ r *rand.Rand }

type jmap map[string]any

func (g wideGen) pick(opts ...any) any { return opts[g.r.IntN(len(opts))] }

var widePatterns = []string{`^a`, `^[ab]`, `^[a-z]+$`, `^[a-z]{1,3}$`, `b`, `^\d+$`, `^(x|y)z?$`, `^.{2,}$`, `c$`}

var wideDefs = []string{"A", "B"}

// schema returns a random schema at most depth levels deep.
func (g wideGen) schema(depth int) any {
	if g.r.IntN(12) == 0 {
		return g.pick(true, jmap{}, jmap{"type": "null"})
	}
	s := jmap{}
	for n := 1 + g.r.IntN(3); n > 0; n-- {
		g.keyword(s, depth)
	}
	return s
}

func (g wideGen) keyword(s jmap, depth int) {
	sub := func() any { return g.schema(depth - 1) }
	switch k := g.r.IntN(29); {
	case k < 3:
		s["type"] = g.pick("null", "boolean", "integer", "number", "string", "array", "object",
			[]any{"string", "null"}, []any{"integer", "string"}, []any{"array", "object"})
	case k == 3:
		s[g.pick("minimum", "exclusiveMinimum").(string)] = g.pick(0, 1, 2, 0.5)
	case k == 4:
		s[g.pick("maximum", "exclusiveMaximum").(string)] = g.pick(1, 2, 3, 10)
	case k == 5:
		s[g.pick("minLength", "maxLength").(string)] = g.pick(0, 1, 2, 3)
	case k == 6:
		s["pattern"] = widePatterns[g.r.IntN(len(widePatterns))]
	case k == 7:
		s["enum"] = g.pick([]any{1, "a"}, []any{"a", "b", "ab"}, []any{nil, 2}, []any{[]any{1}, jmap{"a": 1}})
	case k == 8:
		s["const"] = g.pick(1, "a", nil, true)
	case k < 12 && depth > 0:
		key := g.pick("allOf", "anyOf", "oneOf").(string)
		var bs []any
		for j := 1 + g.r.IntN(3); j > 0; j-- {
			bs = append(bs, sub())
		}
		s[key] = bs
	case k == 12 && depth > 0:
		s["not"] = sub()
	case k == 13 && depth > 0:
		s["if"], s["then"] = sub(), sub()
		if g.r.IntN(2) == 0 {
			s["else"] = sub()
		}
	case k == 14:
		s["$ref"] = "#/$defs/" + wideDefs[g.r.IntN(len(wideDefs))]
	case k == 15 && depth > 0:
		s["items"] = sub()
	case k == 16 && depth > 0:
		var ps []any
		for j := 1 + g.r.IntN(2); j > 0; j-- {
			ps = append(ps, sub())
		}
		s["prefixItems"] = ps
	case k == 17:
		s[g.pick("minItems", "maxItems").(string)] = g.pick(0, 1, 2, 3)
	case k == 18:
		s["uniqueItems"] = g.pick(true, false)
	case k == 19 && depth > 0:
		s["contains"] = sub()
		if g.r.IntN(2) == 0 {
			s[g.pick("minContains", "maxContains").(string)] = g.pick(0, 1, 2)
		}
	case k == 20 && depth > 0:
		props := jmap{}
		for j := 1 + g.r.IntN(2); j > 0; j-- {
			props[g.pick("a", "b", "c").(string)] = sub()
		}
		s["properties"] = props
	case k == 21:
		s["required"] = g.pick([]any{"a"}, []any{"b"}, []any{"a", "b"})
	case k == 22 && depth > 0:
		s["additionalProperties"] = g.pick(false, true, sub())
	case k == 23 && depth > 0:
		s["patternProperties"] = jmap{widePatterns[g.r.IntN(len(widePatterns))]: sub()}
	case k == 24:
		s[g.pick("unevaluatedProperties", "unevaluatedItems").(string)] = false
	case k == 25:
		s["propertyNames"] = jmap{"pattern": widePatterns[g.r.IntN(len(widePatterns))]}
	case k == 26:
		s["dependentRequired"] = jmap{"a": []any{"b"}}
	case k == 27:
		s[g.pick("minProperties", "maxProperties").(string)] = g.pick(0, 1, 2)
	case k == 28:
		s["multipleOf"] = g.pick(2, 0.5, 3)
	}
}

// clone copies a schema value.
func clone(v any) any {
	switch x := v.(type) {
	case jmap:
		out := jmap{}
		for k, e := range x {
			out[k] = clone(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = clone(e)
		}
		return out
	}
	return v
}

// subschemas lists every schema object inside s, s first.
func subschemas(s any) []jmap {
	o, ok := s.(jmap)
	if !ok {
		return nil
	}
	out := []jmap{o}
	for _, k := range sortedKeys(o) {
		switch k {
		case "not", "if", "then", "else", "items", "contains", "additionalProperties":
			out = append(out, subschemas(o[k])...)
		case "allOf", "anyOf", "oneOf", "prefixItems":
			for _, b := range o[k].([]any) {
				out = append(out, subschemas(b)...)
			}
		case "properties", "patternProperties":
			m := o[k].(jmap)
			for _, p := range sortedKeys(m) {
				out = append(out, subschemas(m[p])...)
			}
		}
	}
	return out
}

func sortedKeys(o jmap) []string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// edit returns a changed copy of s: a small edit of one subschema, or a
// rewrite in an equivalent spelling, somewhere in it.
func (g wideGen) edit(s any) any {
	s = clone(s)
	subs := subschemas(s)
	if len(subs) == 0 {
		return g.schema(2)
	}
	at := subs[g.r.IntN(len(subs))]
	keys := sortedKeys(at)
	// Some edits move only part of the keywords: what stays behind may
	// depend on what moved (additionalProperties on properties, items on
	// prefixItems, then on if, ...).
	if g.r.IntN(3) == 0 && len(keys) > 1 {
		g.r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		keys = keys[:1+g.r.IntN(len(keys)-1)]
		sort.Strings(keys)
	}
	switch g.r.IntN(10) {
	case 0: // another value for a keyword, or a new keyword
		g.keyword(at, 1)
	case 1: // a keyword removed
		if len(keys) > 0 {
			delete(at, keys[g.r.IntN(len(keys))])
		}
	case 2: // a number moved by one
		for _, k := range keys {
			if n, ok := at[k].(int); ok {
				at[k] = n + g.r.IntN(3) - 1
				break
			}
		}
	case 3: // the keywords moved into a one-branch allOf
		inner := jmap{}
		for _, k := range keys {
			inner[k] = at[k]
			delete(at, k)
		}
		at["allOf"] = []any{inner}
	case 4: // the keywords split over two allOf branches
		a, b := jmap{}, jmap{}
		for i, k := range keys {
			if i%2 == 0 {
				a[k] = at[k]
			} else {
				b[k] = at[k]
			}
			delete(at, k)
		}
		at["allOf"] = []any{a, b}
	case 5: // the keywords moved into a definition
		def := jmap{}
		for _, k := range keys {
			def[k] = at[k]
			delete(at, k)
		}
		at["$ref"] = "#/$defs/E"
		return withDef(s, "E", def)
	case 6: // double negation
		inner := jmap{}
		for _, k := range keys {
			inner[k] = at[k]
			delete(at, k)
		}
		at["not"] = jmap{"not": inner}
	case 7: // oneOf and anyOf swapped
		if b, ok := at["oneOf"]; ok {
			delete(at, "oneOf")
			at["anyOf"] = b
		} else if b, ok := at["anyOf"]; ok {
			delete(at, "anyOf")
			at["oneOf"] = b
		}
	case 8: // made nullable
		inner := jmap{}
		for _, k := range keys {
			inner[k] = at[k]
			delete(at, k)
		}
		at["anyOf"] = []any{inner, jmap{"type": "null"}}
	case 9: // a subschema replaced
		for _, k := range keys {
			if _, ok := at[k].(jmap); ok && k != "properties" && k != "patternProperties" {
				at[k] = g.schema(1)
				break
			}
		}
	}
	return s
}

// withDef adds a definition to the edited value's $defs (the random test
// moves it to the root, extractDef).
func withDef(s any, name string, def jmap) any {
	o, ok := s.(jmap)
	if !ok {
		return s
	}
	defs, ok := o["$defs"].(jmap)
	if !ok {
		defs = jmap{}
		o["$defs"] = defs
	}
	defs[name] = def
	return s
}

// instances generates random values, shaped loosely by the generators'
// vocabulary, so that they meet the keywords above often.
func (g wideGen) value(depth int) any {
	switch g.r.IntN(9) {
	case 0:
		return nil
	case 1:
		return g.r.IntN(2) == 0
	case 2:
		return g.pick(0, 1, 2, 3, -1, 10)
	case 3:
		return g.pick(0.5, 1.5, 2.5)
	case 4:
		return g.pick("", "a", "b", "ab", "abc", "xz", "12", "cc", "a1")
	case 5, 6:
		if depth == 0 {
			return "a"
		}
		var out []any
		for n := g.r.IntN(4); n > 0; n-- {
			out = append(out, g.value(depth-1))
		}
		if out == nil {
			out = []any{}
		}
		return out
	}
	if depth == 0 {
		return jmap{}
	}
	out := jmap{}
	for n := g.r.IntN(3); n > 0; n-- {
		out[g.pick("a", "b", "c", "ab", "x").(string)] = g.value(depth - 1)
	}
	return out
}

func encode(tb testing.TB, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// TestNoOldCallRejectedUnlessBreaking: see the comment at the top.
func TestNoOldCallRejectedUnlessBreaking(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	seed := uint64(11)
	if e := os.Getenv("SEMANTIC_HUNT"); e != "" {
		// A longer hunt from another seed, run by hand.
		fmt.Sscan(e, &seed)
		n = 20000
	}
	g := wideGen{rand.New(rand.NewPCG(seed, 4))}
	s := newSemanticRun(t)
	for i := 0; i < n; i++ {
		defs := jmap{"A": g.schema(1), "B": g.schema(1)}
		old := jmap{"type": "object", "properties": jmap{"v": g.schema(3)}, "$defs": defs}
		new := clone(old).(jmap)
		new["properties"] = jmap{"v": g.edit(old["properties"].(jmap)["v"])}
		if g.r.IntN(4) == 0 {
			// An edit of a definition.
			new["$defs"].(jmap)["A"] = g.edit(defs["A"])
		}
		if e, ok := extractDef(new); ok {
			new["$defs"].(jmap)["E"] = e
		}
		s.check(g, "case "+fmt.Sprint(i), encode(t, old), encode(t, new))
	}
	s.report()
}

// TestNoOldCallRejectedInCorpus is the same check on real shapes: the
// generated corpus's tools, each edited, and the bundled real-world
// examples' own edits (v1 to v2).
func TestNoOldCallRejectedInCorpus(t *testing.T) {
	g := wideGen{rand.New(rand.NewPCG(12, 5))}
	s := newSemanticRun(t)
	n := 60
	if testing.Short() {
		n = 15
	}
	for _, tl := range loadDir(t, genCorpus(t, n, 7)) {
		oldSchema := jsonvalue.Encode(member(tl, "inputSchema"), "")
		var doc any
		if err := json.Unmarshal([]byte(oldSchema), &doc); err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 3; j++ {
			s.check(g, tl.Name, oldSchema, encode(t, g.edit(toJmap(doc))))
		}
	}
	v1, v2 := readExamples(t, "../../testdata/realworld/v1"), readExamples(t, "../../testdata/realworld/v2")
	byName := map[string]string{}
	for _, tl := range v2 {
		byName[tl.Name] = jsonvalue.Encode(member(tl, "inputSchema"), "")
	}
	for _, tl := range v1 {
		if newSchema, ok := byName[tl.Name]; ok {
			s.check(g, tl.Name, jsonvalue.Encode(member(tl, "inputSchema"), ""), newSchema)
		}
	}
	s.report()
}

// toJmap turns decoded JSON into the generators' values.
func toJmap(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := jmap{}
		for k, e := range x {
			out[k] = toJmap(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = toJmap(e)
		}
		return out
	}
	return v
}

// semanticRun counts the pairs one test checks.
type semanticRun struct {
	t               *testing.T
	pool            []any
	checked, failed int
}

func newSemanticRun(t *testing.T) *semanticRun {
	s := &semanticRun{t: t}
	for _, text := range semanticPool {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"v":` + text + `}`))
		if err != nil {
			t.Fatal(err)
		}
		s.pool = append(s.pool, v)
	}
	return s
}

// check compares one pair with the keyword engine alone (the validator's
// safety net must not be what keeps this test green) and, when nothing
// breaking is reported, looks for a call the old schema accepts and the
// new one rejects.
func (s *semanticRun) check(g wideGen, name, oldSchema, newSchema string) {
	t := s.t
	if oldSchema == newSchema {
		return
	}
	so, sn := compileSemantic(t, oldSchema), compileSemantic(t, newSchema)
	if so == nil || sn == nil {
		return
	}
	changes := Tools(schemaTool(t, "old.json", oldSchema), schemaTool(t, "new.json", newSchema), Options{NoWitnesses: true})
	if mayReject(changes) {
		return
	}
	s.checked++
	call := rejectedCall(t, g, so, sn, s.pool, oldSchema, newSchema)
	if call == "" {
		return
	}
	s.failed++
	if s.failed <= 10 {
		t.Errorf("%s: nothing breaking reported, but the new schema rejects %s\nold %s\nnew %s\nchanges:%s",
			name, call, oldSchema, newSchema, describe(changes))
	}
}

func (s *semanticRun) report() {
	s.t.Logf("%d pairs with nothing breaking checked; %d failed", s.checked, s.failed)
	if s.checked == 0 {
		s.t.Errorf("no pair checked")
	}
}

// extractDef: the edit that moves keywords into a definition leaves the
// definition in the edited value's $defs; it belongs at the root.
func extractDef(s jmap) (jmap, bool) {
	v, ok := s["properties"].(jmap)["v"].(jmap)
	if !ok {
		return nil, false
	}
	d, ok := v["$defs"].(jmap)
	if !ok {
		return nil, false
	}
	e, ok := d["E"].(jmap)
	delete(d, "E")
	if len(d) == 0 {
		delete(v, "$defs")
	}
	return e, ok
}

// rejectedCall returns a call the old schema accepts and the new one
// rejects, or "": from the witness search over the whole old schema, then
// random values, then the pool.
func rejectedCall(t *testing.T, g wideGen, so, sn *jsonschema.Schema, pool []any, oldSchema, newSchema string) string {
	o, err1 := jsonvalue.Parse([]byte(oldSchema))
	nv, err2 := jsonvalue.Parse([]byte(newSchema))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if r := witness.NewPair(o, nv, nil, nil).Find(nil, nil, nil); r.Arguments != nil {
		return jsonvalue.Encode(r.Arguments, "")
	}
	for j := 0; j < 40; j++ {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(encode(t, jmap{"v": g.value(3)})))
		if err != nil {
			t.Fatal(err)
		}
		if so.Validate(inst) == nil && sn.Validate(inst) != nil {
			return fmt.Sprint(inst)
		}
	}
	for _, inst := range pool {
		if so.Validate(inst) == nil && sn.Validate(inst) != nil {
			return fmt.Sprint(inst)
		}
	}
	return ""
}
