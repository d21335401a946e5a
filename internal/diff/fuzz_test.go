package diff

import (
	"math/rand/v2"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// FuzzDiff: two schemas in; the engine must not panic, and every change's
// path must exist on one side. Paths are followed the way the engine reads
// schemas: through $refs, with any branch index on the other side (branches
// are matched, not positional) and with items standing in for a prefixItems
// position a side lacks. The one synthetic path is an allOf created when a
// $ref's sibling conflicts with its target: its parent must exist.
func FuzzDiff(f *testing.F) {
	for _, ex := range codeExamples {
		f.Add(ex.old, ex.new)
	}
	f.Add(`{"type":"object","$defs":{"N":{"properties":{"k":{"$ref":"#/$defs/N"}}}},"properties":{"r":{"$ref":"#/$defs/N"}}}`,
		`{"type":"object","$defs":{"N":{"properties":{"k":{"$ref":"#/$defs/N"}},"required":["k"]}},"properties":{"r":{"$ref":"#"}}}`)
	f.Add(`{"anyOf":[{"type":"string"},{"prefixItems":[{"type":"integer"}]}]}`, `{"anyOf":[{"prefixItems":[true,{"type":"integer"}]},{"$ref":"#/anyOf/0"}]}`)
	f.Add(`5`, `{"$ref":"#"}`)
	f.Add(obj(`{"type":"string","maxLength":5}`), obj(`{"anyOf":[{"type":"string","maxLength":3},{"type":"null"}]}`))
	f.Add(`{"$defs":{"M":{"type":"object","properties":{"a":{}}}},"properties":{"v":{"$ref":"#/$defs/M"}}}`,
		`{"$defs":{"M":{"type":"object","properties":{"a":{"type":"string"}}}},"properties":{"v":{"allOf":[{"anyOf":[{"$ref":"#/$defs/M"},{"type":"null"}]}]}}}`)
	f.Add(obj(`{"type":"integer","exclusiveMinimum":0}`), obj(`{"type":"integer","minimum":0,"maxContains":1}`))
	f.Fuzz(func(t *testing.T, oldSchema, newSchema string) {
		o := fuzzTool(oldSchema, "old.json")
		n := fuzzTool(newSchema, "new.json")
		if o == nil || n == nil {
			return
		}
		res := ToolSets([]*tool.Tool{o}, []*tool.Tool{n}, Options{})
		again := ToolSets([]*tool.Tool{o}, []*tool.Tool{n}, Options{})
		if render(res) != render(again) {
			t.Fatal("not deterministic")
		}
		for _, c := range res.Changes {
			if DefaultClass(c.Code) == "" {
				t.Fatalf("unknown code %s", c.Code)
			}
			if !pathExists(o.Value, c.Path) && !pathExists(n.Value, c.Path) && !syntheticAllOf(o, n, c.Path) {
				t.Fatalf("%s: path %s exists on neither side", c.Code, c.Path)
			}
		}
	})
}

func fuzzTool(schema, path string) *tool.Tool {
	text := `{"name":"t","inputSchema":` + schema + `}`
	v, err := jsonvalue.Parse([]byte(text))
	if err != nil || v.Kind != jsonvalue.Object || len(v.Members) != 2 {
		return nil
	}
	return &tool.Tool{Name: "t", Value: v, Source: &tool.Source{Path: path, Data: []byte(text)}}
}

func syntheticAllOf(o, n *tool.Tool, path string) bool {
	segs, ok := schemapath.Parse(path)
	if !ok || len(segs) < 2 || segs[len(segs)-1].Key != "allOf" {
		return false
	}
	parent := schemapath.Format(segs[:len(segs)-1])
	return pathExists(o.Value, parent) || pathExists(n.Value, parent)
}

// pathExists follows a change path in a tool the way the engine reads it.
func pathExists(toolValue *jsonvalue.Value, path string) bool {
	segs, ok := schemapath.Parse(path)
	if !ok || len(segs) == 0 {
		return false
	}
	root := toolValue.Get("inputSchema")
	var try func(cur *jsonvalue.Value, parent *jsonvalue.Value, i int, hops int) bool
	try = func(cur, parent *jsonvalue.Value, i, hops int) bool {
		if i == len(segs) {
			return true
		}
		if hops > 64 {
			return false
		}
		s := segs[i]
		if s.IsIndex {
			if cur.Kind != jsonvalue.Array {
				return false
			}
			if s.Index < len(cur.Items) && try(&cur.Items[s.Index], cur, i+1, hops) {
				return true
			}
			key := segs[i-1].Key
			if key == "anyOf" || key == "oneOf" || key == "allOf" {
				for j := range cur.Items {
					if try(&cur.Items[j], cur, i+1, hops) {
						return true
					}
				}
			}
			if key == "prefixItems" && parent != nil {
				if items := parent.Get("items"); items != nil && try(items, parent, i+1, hops) {
					return true
				}
			}
			return false
		}
		if cur.Kind != jsonvalue.Object {
			return false
		}
		if next := cur.Get(s.Key); next != nil && try(next, cur, i+1, hops) {
			return true
		}
		if ref := cur.Get("$ref"); ref != nil && ref.Kind == jsonvalue.String && root != nil && !(i == len(segs)-1 && s.Key == "$ref") {
			if target, _, prob := tool.ResolveRef(root, ref.Text); prob == tool.RefOK && target.Kind == jsonvalue.Object {
				return try(target, parent, i, hops+1)
			}
		}
		return false
	}
	return try(toolValue, nil, 0, 0)
}

// FuzzNoOldCallRejected runs the semantic check (semantic_wide_test.go)
// on pairs the fuzzer's seeds generate: an old schema and an edit of it;
// when the keyword engine reports nothing breaking, no call the old schema
// accepts may be rejected by the new one.
func FuzzNoOldCallRejected(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 8, 11} {
		f.Add(seed, uint64(0))
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		g := wideGen{rand.New(rand.NewPCG(a, b))}
		s := newSemanticRun(t)
		defs := jmap{"A": g.schema(1), "B": g.schema(1)}
		old := jmap{"type": "object", "properties": jmap{"v": g.schema(3)}, "$defs": defs}
		new := clone(old).(jmap)
		new["properties"] = jmap{"v": g.edit(old["properties"].(jmap)["v"])}
		if e, ok := extractDef(new); ok {
			new["$defs"].(jmap)["E"] = e
		}
		s.check(g, "fuzz", encode(t, old), encode(t, new))
	})
}
