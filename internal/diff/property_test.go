package diff

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// A property-based test on real tool schemas: the bundled real-world
// examples (testdata/realworld, testdata/native), each edited at random
// (seeded) by edits of the kinds tools really see, and for each pair many
// calls generated from the old schema. The validator judges every call;
// whenever one is accepted by the old schema and rejected by the new, the
// keyword engine (witness search off, so the safety net cannot keep it
// green) must report a breaking change. The kinds of edit exercised are
// printed.

// realSchemas returns the distinct inputSchemas of the bundled examples.
func realSchemas(t *testing.T) []jmap {
	var out []jmap
	seen := map[string]bool{}
	var collect func(v any)
	collect = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, k := range []string{"inputSchema", "input_schema", "parameters", "parametersJsonSchema"} {
				if s, ok := x[k].(map[string]any); ok && s["type"] == "object" {
					key := encode(t, s)
					if !seen[key] {
						seen[key] = true
						out = append(out, toJmap(s).(jmap))
					}
				}
			}
			for _, k := range sortedKeys(jmap(x)) {
				collect(x[k])
			}
		case []any:
			for _, e := range x {
				collect(e)
			}
		}
	}
	for _, dir := range []string{"../../testdata/realworld", "../../testdata/native"} {
		var files []string
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
				files = append(files, p)
			}
			return nil
		})
		sort.Strings(files)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var doc any
			if json.Unmarshal(data, &doc) == nil {
				collect(doc)
			}
		}
	}
	return out
}

// realEdit is one kind of edit: it changes s in place where it applies
// and reports whether it did.
type realEdit struct {
	kind  string
	apply func(g wideGen, root jmap, at jmap) bool
}

func numberAt(at jmap, keys ...string) (string, float64, bool) {
	for _, k := range keys {
		if n, ok := at[k].(float64); ok {
			return k, n, true
		}
	}
	return "", 0, false
}

func typeOf(at jmap) string {
	t, _ := at["type"].(string)
	return t
}

var realEdits = []realEdit{
	{"enum value removed", func(g wideGen, _ jmap, at jmap) bool {
		e, ok := at["enum"].([]any)
		if !ok || len(e) < 2 {
			return false
		}
		i := g.r.IntN(len(e))
		at["enum"] = append(append([]any{}, e[:i]...), e[i+1:]...)
		return true
	}},
	{"enum value added", func(g wideGen, _ jmap, at jmap) bool {
		e, ok := at["enum"].([]any)
		if !ok {
			return false
		}
		at["enum"] = append(append([]any{}, e...), "zz_new")
		return true
	}},
	{"enum replaced by a const of one member", func(g wideGen, _ jmap, at jmap) bool {
		e, ok := at["enum"].([]any)
		if !ok || len(e) == 0 {
			if c, ok := at["const"]; ok {
				delete(at, "const")
				at["enum"] = []any{c}
				return true
			}
			return false
		}
		delete(at, "enum")
		at["const"] = e[g.r.IntN(len(e))]
		return true
	}},
	{"bound tightened", func(g wideGen, _ jmap, at jmap) bool {
		k, n, ok := numberAt(at, "minimum", "minLength", "minItems", "exclusiveMinimum", "maximum", "maxLength", "maxItems", "exclusiveMaximum")
		if !ok {
			return false
		}
		if strings.HasPrefix(k, "min") || strings.HasPrefix(k, "exclusiveMin") {
			at[k] = n + 1
		} else if n >= 1 {
			at[k] = n - 1
		} else {
			return false
		}
		return true
	}},
	{"bound relaxed", func(g wideGen, _ jmap, at jmap) bool {
		k, n, ok := numberAt(at, "maximum", "maxLength", "maxItems", "minimum", "minLength", "minItems")
		if !ok {
			return false
		}
		if strings.HasPrefix(k, "max") {
			at[k] = n + 5
		} else if n >= 1 {
			at[k] = n - 1
		} else {
			return false
		}
		return true
	}},
	{"bound added", func(g wideGen, _ jmap, at jmap) bool {
		switch typeOf(at) {
		case "string":
			at["maxLength"] = float64(g.pick(1, 3, 64).(int))
		case "integer", "number":
			at["minimum"] = float64(g.pick(0, 1, 10).(int))
		case "array":
			at["maxItems"] = float64(g.pick(0, 1, 2).(int))
		default:
			return false
		}
		return true
	}},
	{"bound removed", func(g wideGen, _ jmap, at jmap) bool {
		k, _, ok := numberAt(at, "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "exclusiveMinimum", "exclusiveMaximum")
		if !ok {
			return false
		}
		delete(at, k)
		return true
	}},
	{"type changed", func(g wideGen, _ jmap, at jmap) bool {
		switch typeOf(at) {
		case "string":
			at["type"] = "integer"
		case "integer", "number", "boolean":
			at["type"] = "string"
		default:
			return false
		}
		return true
	}},
	{"type widened", func(g wideGen, _ jmap, at jmap) bool {
		switch t := typeOf(at); t {
		case "integer":
			at["type"] = "number"
		case "string", "number", "boolean":
			at["type"] = []any{t, "null"}
		default:
			return false
		}
		return true
	}},
	{"type list spelled anyOf", func(g wideGen, _ jmap, at jmap) bool {
		ts, ok := at["type"].([]any)
		if !ok || len(ts) < 2 || len(at) > 3 {
			return false
		}
		var bs []any
		for _, t := range ts {
			bs = append(bs, jmap{"type": t})
		}
		delete(at, "type")
		at["anyOf"] = bs
		return true
	}},
	{"property removed", func(g wideGen, _ jmap, at jmap) bool {
		ps, ok := at["properties"].(jmap)
		if !ok || len(ps) == 0 {
			return false
		}
		keys := sortedKeys(ps)
		delete(ps, keys[g.r.IntN(len(keys))])
		return true
	}},
	{"optional property added", func(g wideGen, _ jmap, at jmap) bool {
		ps, ok := at["properties"].(jmap)
		if !ok {
			return false
		}
		ps["zz_added"] = jmap{"type": g.pick("string", "integer", "boolean")}
		return true
	}},
	{"required property added", func(g wideGen, _ jmap, at jmap) bool {
		ps, ok := at["properties"].(jmap)
		if !ok {
			return false
		}
		ps["zz_required"] = jmap{"type": "string"}
		req, _ := at["required"].([]any)
		at["required"] = append(append([]any{}, req...), "zz_required")
		return true
	}},
	{"property made required", func(g wideGen, _ jmap, at jmap) bool {
		ps, ok := at["properties"].(jmap)
		if !ok {
			return false
		}
		req, _ := at["required"].([]any)
		have := map[any]bool{}
		for _, r := range req {
			have[r] = true
		}
		for _, k := range sortedKeys(ps) {
			if !have[k] {
				at["required"] = append(append([]any{}, req...), k)
				return true
			}
		}
		return false
	}},
	{"property made optional", func(g wideGen, _ jmap, at jmap) bool {
		req, ok := at["required"].([]any)
		if !ok || len(req) == 0 {
			return false
		}
		at["required"] = append([]any{}, req[1:]...)
		return true
	}},
	{"object closed", func(g wideGen, _ jmap, at jmap) bool {
		if _, ok := at["properties"]; !ok || at["additionalProperties"] == false {
			return false
		}
		at["additionalProperties"] = false
		return true
	}},
	{"object opened", func(g wideGen, _ jmap, at jmap) bool {
		if _, ok := at["additionalProperties"]; !ok {
			return false
		}
		delete(at, "additionalProperties")
		return true
	}},
	{"pattern added", func(g wideGen, _ jmap, at jmap) bool {
		if typeOf(at) != "string" || at["pattern"] != nil || at["enum"] != nil {
			return false
		}
		at["pattern"] = g.pick(`^[a-z]+$`, `^\S+$`, `^.{0,8}$`)
		return true
	}},
	{"made nullable with anyOf", func(g wideGen, _ jmap, at jmap) bool {
		if len(at) == 0 || at["anyOf"] != nil {
			return false
		}
		inner := jmap{}
		for k, v := range at {
			if k != "description" && k != "title" {
				inner[k] = v
				delete(at, k)
			}
		}
		at["anyOf"] = []any{inner, jmap{"type": "null"}}
		return true
	}},
	{"moved into $defs behind a $ref", func(g wideGen, root jmap, at jmap) bool {
		if at == nil || len(at) == 0 || at["$ref"] != nil {
			return false
		}
		for _, s := range subschemas(at) {
			if s["$ref"] != nil {
				return false // keep ref targets where they are
			}
		}
		def := jmap{}
		for k, v := range at {
			def[k] = v
			delete(at, k)
		}
		defs, _ := root["$defs"].(jmap)
		if defs == nil {
			defs = jmap{}
			root["$defs"] = defs
		}
		defs["ZzMoved"] = def
		at["$ref"] = "#/$defs/ZzMoved"
		return true
	}},
	{"split into allOf", func(g wideGen, _ jmap, at jmap) bool {
		keys := sortedKeys(at)
		if len(keys) < 2 {
			return false
		}
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
		return true
	}},
	{"branches reordered", func(g wideGen, _ jmap, at jmap) bool {
		for _, k := range []string{"anyOf", "oneOf"} {
			if bs, ok := at[k].([]any); ok && len(bs) > 1 {
				r := make([]any, len(bs))
				for i := range bs {
					r[len(bs)-1-i] = bs[i]
				}
				at[k] = r
				return true
			}
		}
		return false
	}},
	{"branch removed", func(g wideGen, _ jmap, at jmap) bool {
		for _, k := range []string{"anyOf", "oneOf"} {
			if bs, ok := at[k].([]any); ok && len(bs) > 1 {
				at[k] = append([]any{}, bs[1:]...)
				return true
			}
		}
		return false
	}},
	{"branch added", func(g wideGen, _ jmap, at jmap) bool {
		for _, k := range []string{"anyOf", "oneOf"} {
			if bs, ok := at[k].([]any); ok {
				at[k] = append(append([]any{}, bs...), jmap{"type": g.pick("string", "integer", "boolean")})
				return true
			}
		}
		return false
	}},
	{"description changed", func(g wideGen, _ jmap, at jmap) bool {
		at["description"] = "edited"
		return true
	}},
	{"keyword with no effect for the type added", func(g wideGen, _ jmap, at jmap) bool {
		switch typeOf(at) {
		case "string":
			at["minimum"] = float64(3)
		case "object":
			at["items"] = jmap{"type": "string"}
		case "integer", "number", "boolean":
			at["maxLength"] = float64(1)
		default:
			return false
		}
		return true
	}},
	{"items changed", func(g wideGen, _ jmap, at jmap) bool {
		it, ok := at["items"].(jmap)
		if !ok {
			return false
		}
		if typeOf(it) == "string" {
			it["type"] = "integer"
		} else {
			it["type"] = "string"
		}
		return true
	}},
}

// callGen generates calls shaped by a schema: values of its types near
// its bounds, its enum members, its properties.
type callGen struct {
	g    wideGen
	root jmap
}

func (c callGen) value(s any, depth int) any {
	o, ok := s.(jmap)
	if !ok || depth > 6 {
		return c.g.value(1)
	}
	if r, ok := o["$ref"].(string); ok && strings.HasPrefix(r, "#/") {
		var cur any = c.root
		for _, p := range strings.Split(r[2:], "/") {
			m, ok := cur.(jmap)
			if !ok {
				break
			}
			cur = m[strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")]
		}
		return c.value(cur, depth+1)
	}
	if c.g.r.IntN(12) == 0 {
		return c.g.value(2) // anything at all, now and then
	}
	if v, ok := o["const"]; ok {
		return v
	}
	if e, ok := o["enum"].([]any); ok && len(e) > 0 {
		return e[c.g.r.IntN(len(e))]
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if bs, ok := o[k].([]any); ok && len(bs) > 0 {
			return c.value(bs[c.g.r.IntN(len(bs))], depth+1)
		}
	}
	if bs, ok := o["allOf"].([]any); ok && len(bs) > 0 {
		merged := jmap{}
		for _, b := range bs {
			if m, ok := b.(jmap); ok {
				for k, v := range m {
					if pm, ok := v.(jmap); ok && k == "properties" {
						if cur, ok := merged[k].(jmap); ok {
							for pk, pv := range pm {
								cur[pk] = pv
							}
							continue
						}
						merged[k] = clone(pm)
						continue
					}
					merged[k] = v
				}
			}
		}
		return c.value(merged, depth+1)
	}
	t := o["type"]
	if ts, ok := t.([]any); ok && len(ts) > 0 {
		t = ts[c.g.r.IntN(len(ts))]
	}
	if t == nil {
		switch {
		case o["properties"] != nil:
			t = "object"
		case o["items"] != nil:
			t = "array"
		}
	}
	num := func(k string, d float64) (float64, bool) {
		n, ok := o[k].(float64)
		return n + d, ok
	}
	switch t {
	case "null":
		return nil
	case "boolean":
		return c.g.r.IntN(2) == 0
	case "integer", "number":
		cands := []any{0.0, 1.0, -1.0, 100.0}
		for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
			for _, d := range []float64{-1, 0, 1} {
				if n, ok := num(k, d); ok {
					cands = append(cands, n)
				}
			}
		}
		if t == "number" {
			cands = append(cands, 0.5, 2.25)
		}
		return cands[c.g.r.IntN(len(cands))]
	case "string":
		cands := []any{"", "a", "abc", "Hello world", "2024-01-01", "x@y.z", "ABC-123"}
		for _, k := range []string{"minLength", "maxLength"} {
			for _, d := range []float64{-1, 0, 1} {
				if n, ok := num(k, d); ok && n >= 0 && n < 300 {
					cands = append(cands, strings.Repeat("a", int(n)))
				}
			}
		}
		if ex, ok := o["examples"].([]any); ok {
			cands = append(cands, ex...)
		}
		if d, ok := o["default"]; ok {
			cands = append(cands, d)
		}
		return cands[c.g.r.IntN(len(cands))]
	case "array":
		n := c.g.r.IntN(4)
		if m, ok := num("minItems", 0); ok && c.g.r.IntN(2) == 0 {
			n = int(m)
		}
		out := []any{}
		for i := 0; i < n && i < 20; i++ {
			out = append(out, c.value(o["items"], depth+1))
		}
		return out
	case "object":
		out := jmap{}
		ps, _ := o["properties"].(jmap)
		req := map[any]bool{}
		if r, ok := o["required"].([]any); ok {
			for _, x := range r {
				req[x] = true
			}
		}
		for _, k := range sortedKeys(ps) {
			if req[k] || c.g.r.IntN(2) == 0 {
				out[k] = c.value(ps[k], depth+1)
			}
		}
		if c.g.r.IntN(6) == 0 {
			out[c.g.pick("extra", "zz_added", "zz_required").(string)] = c.g.value(1)
		}
		return out
	}
	return c.g.value(1)
}

func TestRealToolEdits(t *testing.T) {
	schemas := realSchemas(t)
	if len(schemas) < 40 {
		t.Fatalf("only %d bundled schemas found", len(schemas))
	}
	g := wideGen{rand.New(rand.NewPCG(28, 2026))}
	edits, calls := 3, 48
	if testing.Short() {
		edits, calls = 1, 16
	}
	covered := map[string]int{}
	breakingPairs, pairs, failed, rejecting := 0, 0, 0, 0
	for si, old := range schemas {
		oldText := encode(t, old)
		so := compileSemantic(t, oldText)
		if so == nil {
			continue
		}
		for e := 0; e < edits; e++ {
			new := clone(old).(jmap)
			subs := subschemas(new)
			var kinds []string
			// One to two edits, each of a kind that applies somewhere.
			for n := 1 + g.r.IntN(2); n > 0; n-- {
				// The kinds used least so far first, so that rare shapes
				// get their edits too.
				order := g.r.Perm(len(realEdits))
				sort.SliceStable(order, func(a, b int) bool {
					return covered[realEdits[order[a]].kind] < covered[realEdits[order[b]].kind]
				})
			pick:
				for _, ki := range order {
					ed := realEdits[ki]
					for _, si := range g.r.Perm(len(subs)) {
						if ed.apply(g, new, subs[si]) {
							kinds = append(kinds, ed.kind)
							covered[ed.kind]++
							break pick
						}
					}
				}
				subs = subschemas(new)
			}
			newText := encode(t, new)
			if newText == oldText {
				continue
			}
			sn := compileSemantic(t, newText)
			if sn == nil {
				continue
			}
			pairs++
			gen := callGen{g, old}
			call := ""
			for j := 0; j < calls && call == ""; j++ {
				text := encode(t, gen.value(old, 0))
				inst, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
				if err != nil {
					t.Fatal(err)
				}
				if so.Validate(inst) == nil && sn.Validate(inst) != nil {
					call = text
				}
			}
			if call != "" {
				rejecting++
			}
			changes := Tools(schemaTool(t, "old.json", oldText), schemaTool(t, "new.json", newText), Options{NoWitnesses: true})
			if mayReject(changes) {
				breakingPairs++
				continue
			}
			if call != "" {
				failed++
				if failed <= 10 {
					t.Errorf("schema %d, edits %v: nothing breaking reported, but the new schema rejects %s\nold %s\nnew %s\nchanges:%s",
						si, kinds, call, oldText, newText, describe(changes))
				}
			}
		}
	}
	var names []string
	for k := range covered {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, k := range names {
		fmt.Fprintf(&b, "\n  %-42s %d", k, covered[k])
	}
	t.Logf("%d schemas, %d edited pairs (%d with a generated call the new schema rejects, %d with something breaking reported), %d failed; edit kinds covered:%s",
		len(schemas), pairs, rejecting, breakingPairs, failed, b.String())
	if len(covered) < len(realEdits) {
		t.Errorf("only %d of %d edit kinds applied", len(covered), len(realEdits))
	}
	// The calls must be able to tell: a generator that never finds a
	// rejected call would keep this test green for nothing.
	if rejecting < pairs/5 {
		t.Errorf("only %d of %d pairs met a call the new schema rejects", rejecting, pairs)
	}
}
