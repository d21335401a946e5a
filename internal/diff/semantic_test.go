package diff

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// TestNoBreakingChangeLooksSafe checks the engine against a validator: for
// pairs of small random schemas (and rewrites of one schema into another
// spelling), whenever the diff reports nothing breaking, every value of a
// fixed pool that the old schema accepts must be accepted by the new one.

var semanticPool = []string{
	`null`, `true`, `false`, `0`, `1`, `2`, `-1`, `0.5`, `1.5`, `3`, `10`, `-2.5`,
	`""`, `"a"`, `"abc"`, `"abcdef"`, `[]`, `[1]`, `[1,2,3]`, `["a"]`, `[null,1]`,
	`{}`, `{"a":1}`, `{"a":"x"}`, `{"b":1}`, `{"a":null,"b":"x"}`,
}

type schemaGen struct{ r *rand.Rand }

func (g schemaGen) pick(opts ...string) string { return opts[g.r.IntN(len(opts))] }

var genTypes = []string{"null", "boolean", "integer", "number", "string", "array", "object"}

func (g schemaGen) typeValue() string {
	if g.r.IntN(3) == 0 {
		a, b := genTypes[g.r.IntN(len(genTypes))], genTypes[g.r.IntN(len(genTypes))]
		return `["` + a + `","` + b + `"]`
	}
	return `"` + genTypes[g.r.IntN(len(genTypes))] + `"`
}

// schema returns a random schema of at most depth levels.
func (g schemaGen) schema(depth int) string {
	var kws []string
	add := func(k, v string) { kws = append(kws, `"`+k+`":`+v) }
	n := 1 + g.r.IntN(3)
	for i := 0; i < n; i++ {
		switch g.r.IntN(14) {
		case 0, 1:
			add("type", g.typeValue())
		case 2:
			add(g.pick("minimum", "exclusiveMinimum"), g.pick("0", "0.5", "1", "2"))
		case 3:
			add(g.pick("maximum", "exclusiveMaximum"), g.pick("1", "1.5", "2", "3"))
		case 4:
			add(g.pick("minLength", "maxLength"), g.pick("0", "1", "3"))
		case 5:
			add("enum", g.pick(`[1,"a"]`, `[null,1,"abc"]`, `[2]`))
		case 6, 7, 8:
			if depth > 0 {
				k := g.pick("anyOf", "oneOf", "allOf")
				var bs []string
				for j := 1 + g.r.IntN(3); j > 0; j-- {
					bs = append(bs, g.schema(depth-1))
				}
				add(k, "["+strings.Join(bs, ",")+"]")
			}
		case 9:
			if depth > 0 {
				add("items", g.schema(depth-1))
			}
		case 10:
			if depth > 0 {
				add("properties", `{"a":`+g.schema(depth-1)+`}`)
			}
		case 11:
			add("required", `["a"]`)
		case 12:
			if depth > 0 {
				add("contains", g.schema(depth-1))
			}
			add(g.pick("minContains", "maxContains"), g.pick("0", "1", "2"))
		case 13:
			add("$ref", `"#/$defs/D"`)
		}
	}
	return "{" + strings.Join(dedupeKeys(kws), ",") + "}"
}

// dedupeKeys keeps the first of each keyword.
func dedupeKeys(kws []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, kv := range kws {
		key := kv[:strings.Index(kv, `":`)+1]
		if !seen[key] {
			seen[key] = true
			out = append(out, kv)
		}
	}
	return out
}

// respell rewrites a schema into a spelling the engine should see through,
// or makes a small edit.
func (g schemaGen) respell(s string) string {
	switch g.r.IntN(6) {
	case 0:
		return `{"allOf":[` + s + `]}`
	case 1:
		a, b := genTypes[g.r.IntN(len(genTypes))], genTypes[g.r.IntN(len(genTypes))]
		return `{"` + g.pick("anyOf", "oneOf") + `":[{"type":"` + a + `"},{"type":"` + b + `"` + g.pick("", `,"maxLength":1`, `,"minimum":1`, `,"required":["a"]`) + `}]}`
	case 2:
		return strings.Replace(s, `"exclusiveMinimum"`, `"minimum"`, 1)
	case 3:
		return strings.Replace(s, `"minimum"`, `"exclusiveMinimum"`, 1)
	case 4:
		return `{"anyOf":[` + s + `,{"type":"null"}]}`
	}
	return g.schema(2)
}

// unionPair returns a type union with type-specific keywords and an
// anyOf/oneOf spelling of a similar one (equal about half the time).
func (g schemaGen) unionPair() (string, string) {
	kindKW := map[string][]string{
		"string": {`"maxLength":1`, `"minLength":1`}, "integer": {`"minimum":1`, `"exclusiveMinimum":0`},
		"number": {`"maximum":1`, `"minimum":1`}, "array": {`"maxItems":1`, `"items":{"type":"string"}`},
		"object": {`"required":["a"]`, `"properties":{"a":{"type":"string"}}`},
	}
	kw := func(t string) string {
		if opts := kindKW[t]; len(opts) > 0 && g.r.IntN(3) > 0 {
			return opts[g.r.IntN(len(opts))]
		}
		return ""
	}
	join := func(parts ...string) string {
		var out []string
		for _, p := range parts {
			if p != "" {
				out = append(out, p)
			}
		}
		return "{" + strings.Join(out, ",") + "}"
	}
	a, b := genTypes[g.r.IntN(len(genTypes))], genTypes[g.r.IntN(len(genTypes))]
	ka, kb := kw(a), kw(b)
	union := join(`"type":["`+a+`","`+b+`"]`, ka, kb)
	if g.r.IntN(2) == 0 {
		ka, kb = kw(a), kw(b)
	}
	branches := `"` + g.pick("anyOf", "oneOf") + `":[` + join(`"type":"`+a+`"`, ka) + `,` + join(`"type":"`+b+`"`, kb) + `]`
	return union, join(branches)
}

func compileSemantic(tb testing.TB, schema string) *jsonschema.Schema {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
	if err != nil {
		tb.Fatalf("%s: %v", schema, err)
	}
	c := tool.NewSchemaCompiler()
	if err := c.AddResource("mem:///s.json", doc); err != nil {
		tb.Fatalf("%s: %v", schema, err)
	}
	s, err := c.Compile("mem:///s.json")
	if err != nil {
		return nil
	}
	return s
}

func TestNoBreakingChangeLooksSafe(t *testing.T) {
	n := 6000
	if testing.Short() {
		n = 600
	}
	g := schemaGen{rand.New(rand.NewPCG(4, 2))}
	var instances []any
	for _, text := range semanticPool {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"v":` + text + `}`))
		if err != nil {
			t.Fatal(err)
		}
		instances = append(instances, v)
	}
	wrap := func(v, def string) string {
		return `{"type":"object","properties":{"v":` + v + `},"$defs":{"D":` + def + `}}`
	}
	for i := 0; i < n; i++ {
		ov, def := g.schema(2), g.schema(1)
		if strings.Contains(def, `"$ref"`) {
			def = `{"type":"string"}`
		}
		nv := g.respell(ov)
		if g.r.IntN(5) == 0 {
			ov, nv = g.unionPair()
		}
		if g.r.IntN(4) == 0 {
			ov, nv = nv, ov
		}
		oldSchema, newSchema := wrap(ov, def), wrap(nv, def)
		if _, err := jsonvalue.Parse([]byte(newSchema)); err != nil {
			continue // a rewrite made a duplicate key
		}
		if _, err := jsonvalue.Parse([]byte(oldSchema)); err != nil {
			continue
		}
		so, sn := compileSemantic(t, oldSchema), compileSemantic(t, newSchema)
		if so == nil || sn == nil {
			continue
		}
		// The keyword engine alone: the validator's safety net must not
		// be what keeps this test green.
		changes := Tools(schemaTool(t, "old.json", oldSchema), schemaTool(t, "new.json", newSchema), Options{NoWitnesses: true})
		if mayReject(changes) {
			continue
		}
		for j, inst := range instances {
			if so.Validate(inst) == nil && sn.Validate(inst) != nil {
				t.Errorf("case %d: nothing breaking reported, but the new schema rejects %s\nold %s\nnew %s\nchanges:%s",
					i, semanticPool[j], oldSchema, newSchema, describe(changes))
				break
			}
		}
	}
}
