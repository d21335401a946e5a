package compile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Render measures with the adapters' own code in a lighter mode (no
// records, no paths unless a lookup needs them, the source's values
// shared, member lists carved from reused blocks): what it builds must be
// byte for byte what Compile writes, also what a Renderer wrote for the
// tool's earlier targets, and the loaded tool must come out unchanged.
func TestRenderWritesWhatCompileWrites(t *testing.T) {
	dirs := []string{"../../testdata", filepath.Join("..", "..", "..", "shared", "realworld", "tools")}
	pairs := 0
	for _, dir := range dirs {
		if _, err := os.Stat(dir); err != nil {
			t.Logf("%s: absent, skipped", dir)
			continue
		}
		var rr Renderer // reused: each tool's renderings stay valid until Reset
		for _, tl := range loadEach(t, dir) {
			before := Encode(tl.Value)
			rr.Reset()
			kept := map[string]*jsonvalue.Value{}
			for _, id := range allTargets {
				kept[id] = rr.Render(tl, id, nil)
			}
			for _, id := range allTargets {
				r := Compile(tl, id, true)
				if !r.OK {
					continue
				}
				want := Encode(r.Output)
				if got := Encode(Render(tl, id, nil)); !bytes.Equal(got, want) {
					t.Errorf("%s/%s: Render wrote\n%s\ncompile wrote\n%s", tl.Name, id, got, want)
				}
				if got := Encode(kept[id]); !bytes.Equal(got, want) {
					t.Errorf("%s/%s: a Renderer wrote\n%s\ncompile wrote\n%s", tl.Name, id, got, want)
				}
				pairs++
			}
			if after := Encode(tl.Value); !bytes.Equal(before, after) {
				t.Errorf("%s: Render changed the loaded tool", tl.Name)
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no pair compared")
	}
	t.Logf("%d pairs compared", pairs)
}

// An adapter's index holds only the codes it consults: with every
// finding in it instead, the output and the records are the same, so the
// consults lists leave out nothing an adapter looks up.
func TestConsultsLoseNothing(t *testing.T) {
	all := func(string) bool { return true }
	pairs := 0
	for _, tl := range loadEach(t, "../../testdata") {
		for _, id := range allTargets {
			target, _ := Lookup(id)
			ds := target.Check(tl)
			out1, rec1 := target.compile(tl, job{diags: newDiagIndex(ds, target.consults), record: true})
			out2, rec2 := target.compile(tl, job{diags: newDiagIndex(ds, all), record: true})
			if !bytes.Equal(Encode(out1), Encode(out2)) || len(rec1) != len(rec2) {
				t.Errorf("%s/%s: the findings compile does not consult change what it writes", tl.Name, id)
				continue
			}
			for i := range rec1 {
				if rec1[i] != rec2[i] {
					t.Errorf("%s/%s: record %d is %+v with consulted findings, %+v with all", tl.Name, id, i, rec1[i], rec2[i])
				}
			}
			pairs++
		}
	}
	t.Logf("%d pairs compared", pairs)
}

// A Renderer's Reset clears what its blocks held: a counter keeps its
// Renderer from tool to tool, and a stale value in a block would keep the
// earlier tool's tree, and its file, alive.
func TestRendererResetKeepsNothing(t *testing.T) {
	var rr Renderer
	rendered := 0
	for _, tl := range loadEach(t, "../../testdata") {
		for _, id := range allTargets {
			if rr.Render(tl, id, nil) != nil {
				rendered++
			}
		}
	}
	if rendered == 0 || rr.mem.m.next == 0 {
		t.Fatalf("nothing rendered into the blocks (%d renderings)", rendered)
	}
	rr.Reset()
	for i, blk := range rr.mem.m.all {
		for j, m := range blk[:cap(blk)] {
			if m.Key != "" || m.Value.Kind != 0 || m.Value.Members != nil || m.Value.Items != nil {
				t.Fatalf("block %d keeps member %d (%q) after Reset", i, j, m.Key)
			}
		}
	}
	for i, blk := range rr.mem.v.all {
		for j, v := range blk[:cap(blk)] {
			if v.Kind != 0 || v.Text != "" || v.Members != nil || v.Items != nil {
				t.Fatalf("item block %d keeps value %d after Reset", i, j)
			}
		}
	}
}
