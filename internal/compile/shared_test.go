package compile

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool"
)

// Shared compiles exactly as Compile does, for every target, and works
// out each tool's core errors once however many targets compile it.
func TestSharedCompilesAsCompile(t *testing.T) {
	var tools []*tool.Tool
	for _, dir := range []string{"refund-order/v2", "realworld/v2"} {
		abs, err := filepath.Abs(filepath.Join("..", "..", "testdata", filepath.FromSlash(dir)))
		if err != nil {
			t.Fatal(err)
		}
		res := tool.Load([]string{abs}, tool.Options{Cwd: abs})
		tools = append(tools, res.Tools...)
	}
	withCore := 0
	s := NewShared()
	for _, tl := range tools {
		if len(coreErrors(tl)) > 0 {
			withCore++
		}
		for _, id := range []string{"openai", "anthropic", "anthropic-strict", "gemini", "mcp"} {
			for _, lossy := range []bool{false, true} {
				if got, want := s.Compile(tl, id, lossy), Compile(tl, id, lossy); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s for %s (lossy %v): Shared gives another result", tl.Name, id, lossy)
				}
			}
		}
	}
	if withCore == 0 {
		t.Fatal("no tool with a core error: the sharing is not exercised")
	}
	if len(s.core) != len(tools) {
		t.Errorf("core errors worked out for %d tools, want each of the %d once", len(s.core), len(tools))
	}
}
