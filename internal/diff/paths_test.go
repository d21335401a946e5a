package diff

import (
	"math/rand/v2"
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool"
)

// Issue 13, item 11: a change inside a keyword that normalisation moved on
// one side only was reported at a path mixing the new file's place for the
// keyword with the old file's content under it, a path neither file has.
// Something only the old file has is now reported where the old file has
// it. The first pair is FuzzDiff's corpus entry 8649857e84b33c9d.
var mixedPathPairs = [][2]string{
	{`{"type":"object","properties":{"v":{"enum":[1,"a"],"type":"number"}},"$defs":{"D":{"type":"array","contains":{"contains":{"$ref":"#/$defs/D","maximum":1.5,"type":"object"},"maxContains":0},"maxContains":1}}}`,
		`{"type":"object","properties":{"v":{"type":["string","null"],"properties":{"a":{"type":["object","object"]}},"enum":[null,1,"abc"]}},"$defs":{"D":{"allOf":[{"contains":{"maxLength":1},"minContains":0,"items":{"enum":[null,1,"abc"],"exclusiveMinimum":2}}]}}}`},
	// A required list only the old side has, under a moved keyword.
	{`{"type":"object","properties":{"v":{"oneOf":[{"contains":{"required":["a"],"type":"object"},"minContains":1}]}}}`,
		`{"type":"object","properties":{"v":{"contains":{"minimum":0},"maxContains":2}}}`},
	{`{"type":"object","properties":{"v":{"oneOf":[{"anyOf":[{"items":{"maxContains":0}},{"required":["a"],"type":"number"}],"required":["a"]}]}}}`,
		`{"type":"object","properties":{"v":{"anyOf":[{"type":"integer"},{"type":"integer","maxLength":1}]}}}`},
}

func checkPathsExist(t *testing.T, oldSchema, newSchema string, opts Options) {
	t.Helper()
	o, n := fuzzTool(oldSchema, "old.json"), fuzzTool(newSchema, "new.json")
	if o == nil || n == nil {
		t.Fatalf("bad pair\nold %s\nnew %s", oldSchema, newSchema)
	}
	for _, c := range ToolSets([]*tool.Tool{o}, []*tool.Tool{n}, opts).Changes {
		if !pathExists(o.Value, c.Path) && !pathExists(n.Value, c.Path) && !syntheticAllOf(o, n, c.Path) {
			t.Errorf("%s: path %s exists on neither side\nold %s\nnew %s", c.Code, c.Path, oldSchema, newSchema)
		}
	}
}

func TestChangePathsExistAfterOneSidedMoves(t *testing.T) {
	for _, p := range mixedPathPairs {
		checkPathsExist(t, p[0], p[1], Options{})
	}
}

// TestRandomChangePathsExist is FuzzDiff's path property over random
// schemas with composition, $refs and arrays (the generator of the
// semantic test, one level deeper).
func TestRandomChangePathsExist(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	g := schemaGen{rand.New(rand.NewPCG(11, 3))}
	wrap := func(v, def string) string {
		return `{"type":"object","properties":{"v":` + v + `},"$defs":{"D":` + def + `}}`
	}
	for i := 0; i < n; i++ {
		ov, def := g.schema(3), g.schema(2)
		nv := g.respell(ov)
		if g.r.IntN(3) == 0 {
			nv = g.schema(3)
		}
		def2 := def
		if g.r.IntN(2) == 0 {
			def2 = g.schema(2)
		}
		oldSchema, newSchema := wrap(ov, def), wrap(nv, def2)
		if fuzzTool(oldSchema, "old.json") == nil || fuzzTool(newSchema, "new.json") == nil {
			continue // a duplicate key
		}
		checkPathsExist(t, oldSchema, newSchema, Options{NoWitnesses: true})
	}
}
