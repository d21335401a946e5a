package diff

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// The rewrites (allOf flattening, not by polarity, empty spellings, joined
// ranges, unions by parts, schemas accepting nothing) held to the
// validator: random schemas built from the shapes they read, each compared
// with a random edit or respelling of itself; wherever the engine reports
// nothing breaking, every pool value the old schema accepts must be
// accepted by the new one.

var rewritePool = []string{
	`null`, `true`, `false`, `0`, `1`, `2`, `3`, `5`, `-1`, `1.5`, `100`,
	`""`, `"a"`, `"ab"`, `"abcd"`, `"abcdef"`,
	`[]`, `[1]`, `[1,2]`, `["a"]`, `["a","b","c"]`, `[1,"a",null]`,
	`{}`, `{"a":1}`, `{"a":"x"}`, `{"b":2}`, `{"a":"x","b":1}`, `{"c":null}`,
}

type rewriteGen struct{ r *rand.Rand }

func (g rewriteGen) pick(opts ...string) string { return opts[g.r.IntN(len(opts))] }
func (g rewriteGen) num() string                { return strconv.Itoa(g.r.IntN(5)) }

func (g rewriteGen) schema(depth int) string {
	if depth <= 0 {
		switch g.r.IntN(6) {
		case 0:
			return `{"type":` + g.pick(`"string"`, `"integer"`, `"number"`, `"array"`, `"object"`, `["string","null"]`, `["number","string"]`) + `}`
		case 1:
			return `{"type":"string","` + g.pick("minLength", "maxLength") + `":` + g.num() + `}`
		case 2:
			return `{"type":"` + g.pick("integer", "number") + `","` + g.pick("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum") + `":` + g.pick("0", "1", "1.5", "3") + `}`
		case 3:
			return `{"type":"array","` + g.pick("minItems", "maxItems") + `":` + g.num() + `}`
		case 4:
			return `{"` + g.pick("minLength", "maxLength", "minItems", "maxItems", "minimum", "maxProperties", "minProperties") + `":` + g.num() + `}`
		}
		return g.pick(`{}`, `{"not":{}}`, `{"type":["string","array","number","boolean","null","object"]}`)
	}
	switch g.r.IntN(9) {
	case 0:
		return `{"allOf":[` + g.schema(depth-1) + `,` + g.schema(depth-1) + `]}`
	case 1:
		return `{"` + g.pick("anyOf", "oneOf") + `":[` + g.schema(depth-1) + `,` + g.schema(depth-1) + `]}`
	case 2:
		return `{"not":` + g.schema(depth-1) + `}`
	case 3:
		return `{"type":"array","items":` + g.pick(g.schema(depth-1), `false`, `{"not":{}}`) + `,"` + g.pick("minItems", "maxItems") + `":` + g.num() + `}`
	case 4:
		closed := g.pick(``, `,"additionalProperties":false`, `,"additionalProperties":`+g.schema(depth-1))
		req := g.pick(``, `,"required":["a"]`, `,"required":["a","b"]`)
		max := g.pick(``, `,"maxProperties":`+g.num(), `,"minProperties":`+g.num())
		return `{"type":"object","properties":{"a":` + g.schema(depth-1) + `}` + closed + req + max + `}`
	case 5:
		return `{"type":"object","additionalProperties":false` + g.pick(``, `,"maxProperties":0`) + `}`
	case 6:
		lo, hi := g.num(), g.num()
		k := g.pick("Items", "Length")
		t := map[string]string{"Items": "array", "Length": "string"}[k]
		typ := g.pick(`"type":"`+t+`",`, ``)
		return `{"` + g.pick("anyOf", "oneOf") + `":[{` + typ + `"min` + k + `":` + lo + `},{` + typ + `"max` + k + `":` + hi + `}]}`
	case 7:
		s := g.schema(depth - 1)
		return `{"anyOf":[{"not":` + s + `,"type":"number"},` + s + `]}`
	}
	return g.schema(depth - 1)
}

// edit returns s with one number changed, or a respelling of it.
func (g rewriteGen) edit(s string) string {
	switch g.r.IntN(7) {
	case 0:
		return `{"allOf":[` + s + `]}`
	case 1:
		return `{"not":{"not":` + s + `}}`
	case 2:
		return `{"allOf":[` + s + `,` + g.schema(0) + `]}`
	case 3:
		return `{"anyOf":[` + s + `,` + g.schema(0) + `]}`
	case 4:
		if strings.Contains(s, `"anyOf"`) {
			return strings.Replace(s, `"anyOf"`, `"oneOf"`, 1)
		}
		return strings.Replace(s, `"oneOf"`, `"anyOf"`, 1)
	}
	digits := []int{}
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			digits = append(digits, i)
		}
	}
	if len(digits) == 0 {
		return g.schema(1)
	}
	i := digits[g.r.IntN(len(digits))]
	return s[:i] + g.num() + s[i+1:]
}

func TestRewritesAgreeWithValidator(t *testing.T) {
	n := 2500
	if testing.Short() {
		n = 250
	}
	g := rewriteGen{rand.New(rand.NewPCG(7, 11))}
	var instances []any
	for _, text := range rewritePool {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"v":` + text + `}`))
		if err != nil {
			t.Fatal(err)
		}
		instances = append(instances, v)
	}
	checked := 0
	for i := 0; i < n; i++ {
		ov := g.schema(2)
		nv := g.edit(ov)
		if g.r.IntN(2) == 0 {
			ov, nv = nv, ov
		}
		oldSchema, newSchema := obj(ov), obj(nv)
		if _, err := jsonvalue.Parse([]byte(newSchema)); err != nil {
			continue
		}
		so, sn := compileSemantic(t, oldSchema), compileSemantic(t, newSchema)
		if so == nil || sn == nil {
			continue
		}
		changes := Tools(schemaTool(t, "old.json", oldSchema), schemaTool(t, "new.json", newSchema), Options{NoWitnesses: true})
		if mayReject(changes) {
			continue
		}
		checked++
		for j, inst := range instances {
			if so.Validate(inst) == nil && sn.Validate(inst) != nil {
				t.Errorf("case %d: nothing breaking reported, but the new schema rejects %s\nold %s\nnew %s\nchanges:%s",
					i, rewritePool[j], oldSchema, newSchema, describe(changes))
				break
			}
		}
	}
	t.Logf("checked %d", checked)
	if checked < n/10 {
		t.Errorf("only %d of %d pairs were judged non-breaking: the generator tests too little", checked, n)
	}
}
