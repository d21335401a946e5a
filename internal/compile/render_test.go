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
