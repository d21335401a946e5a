package diff

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestRegroupingAgreesWithValidator: keywords that read one another
// (additionalProperties and properties, unevaluated* and what evaluates,
// contains and unevaluatedItems) placed together or apart (a one-branch
// allOf, the object branch of a nullable anyOf, beside a $ref to the
// others) on each side independently, plus number ranges united by
// anyOf/oneOf; whatever the engine calls not breaking, the validator
// must accept every old call under the new schema.
func TestRegroupingAgreesWithValidator(t *testing.T) {
	g := wideGen{rand.New(rand.NewPCG(21, 3))}
	s := newSemanticRun(t)
	objectPart := func() (jmap, jmap) {
		props := g.pick(jmap{"a": jmap{"type": "string"}}, jmap{"a": jmap{}, "b": jmap{"type": "integer"}}, jmap{"b": jmap{"type": "string"}}).(jmap)
		rest := jmap{}
		rest["additionalProperties"] = g.pick(false, jmap{"type": "integer"}, jmap{"type": "string"}, true)
		if g.r.IntN(3) == 0 {
			rest["required"] = []any{g.pick("a", "b").(string)}
		}
		if g.r.IntN(4) == 0 {
			rest["patternProperties"] = jmap{"^x": jmap{"type": "boolean"}}
		}
		return jmap{"properties": props}, rest
	}
	arrayPart := func() (jmap, jmap) {
		a := jmap{"contains": jmap{"const": g.pick(1, "a")}}
		if g.r.IntN(2) == 0 {
			a["minItems"] = g.r.IntN(3)
		}
		return a, jmap{"unevaluatedItems": g.pick(false, jmap{"type": "string"})}
	}
	place := func(a, b jmap, how int) (jmap, jmap) {
		defs := jmap{}
		out := jmap{}
		switch how {
		case 0: // together
			for k, v := range a {
				out[k] = v
			}
			for k, v := range b {
				out[k] = v
			}
		case 1: // b in a one-branch allOf
			for k, v := range a {
				out[k] = v
			}
			out["allOf"] = []any{b}
		case 2: // a in a one-branch allOf
			for k, v := range b {
				out[k] = v
			}
			out["allOf"] = []any{a}
		case 3: // b in the object (or array) branch of a nullable anyOf
			for k, v := range a {
				out[k] = v
			}
			br := jmap{"type": "object"}
			if _, ok := b["unevaluatedItems"]; ok {
				br["type"] = "array"
			}
			for k, v := range b {
				br[k] = v
			}
			out["anyOf"] = []any{br, jmap{"type": "null"}}
		case 4: // a in that branch
			for k, v := range b {
				out[k] = v
			}
			br := jmap{"type": "object"}
			if _, ok := a["contains"]; ok {
				br["type"] = "array"
			}
			for k, v := range a {
				br[k] = v
			}
			out["anyOf"] = []any{br, jmap{"type": "null"}}
		default: // a beside a $ref to b
			for k, v := range a {
				out[k] = v
			}
			out["$ref"] = "#/$defs/E"
			defs["E"] = b
		}
		return out, defs
	}
	wrap := func(v, defs jmap) string {
		root := jmap{"type": "object", "properties": jmap{"v": v}, "required": []any{"v"}}
		if len(defs) > 0 {
			root["$defs"] = defs
		}
		return encode(t, root)
	}
	for i := 0; i < 1500; i++ {
		var a, b jmap
		if g.r.IntN(2) == 0 {
			a, b = objectPart()
		} else {
			a, b = arrayPart()
		}
		ov, od := place(a, b, g.r.IntN(6))
		nv, nd := place(a, b, g.r.IntN(6))
		s.check(g, fmt.Sprint("regroup ", i), wrap(ov, od), wrap(nv, nd))
	}
	bounds := func() jmap {
		b := jmap{}
		for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
			if g.r.IntN(3) == 0 {
				b[k] = g.r.IntN(9) - 4
			}
		}
		return b
	}
	union := func() jmap {
		u := bounds()
		u["type"] = g.pick("integer", "number")
		var br []any
		for n := 1 + g.r.IntN(3); n > 0; n-- {
			br = append(br, bounds())
		}
		u[g.pick("anyOf", "oneOf").(string)] = br
		return u
	}
	for i := 0; i < 1500; i++ {
		s.check(g, fmt.Sprint("ranges ", i), wrap(union(), nil), wrap(union(), nil))
	}
	s.report()
}
