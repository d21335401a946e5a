package report

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// TestCheckGoldenPerTarget pins the engine's exact output, per target, on
// 26 tools of the bundled real-world sets (testdata/realworld/v1, all three
// file shapes; more than 20, so strict tool use's per-request limits are
// crossed) plus testdata/golden/issue9.json (the rules issue #9 added):
// the text report and the JSON report. Changing a message, a severity, a
// compile detail, a position or the order fails here; run
// `go test ./internal/report -update` and review the diff to accept it.
func TestCheckGoldenPerTarget(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, p := range []string{"calendar.json", "crm.json", "gemini.json", "github-mcp.json", "openai-strict.json", "filesystem"} {
		paths = append(paths, filepath.Join(root, "testdata", "realworld", "v1", p))
	}
	paths = append(paths, filepath.Join(root, "internal", "report", "testdata", "golden", "issue9.json"))
	loaded := tool.Load(paths, tool.Options{Cwd: root})
	if len(loaded.Errors) > 0 {
		t.Fatalf("load errors: %+v", loaded.Errors)
	}
	for _, target := range check.Targets() {
		t.Run(target.ID, func(t *testing.T) {
			res := check.Run(loaded.Tools, []string{target.ID})
			var text, compact, js bytes.Buffer
			if err := CheckText(&text, res, TextOptions{}); err != nil {
				t.Fatal(err)
			}
			if err := CheckTextWith(&compact, res, CheckTextOptions{Compact: true}); err != nil {
				t.Fatal(err)
			}
			if err := CheckJSON(&js, res, Omitted{}); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("golden", target.ID+".txt"), text.Bytes())
			golden(t, filepath.Join("golden", target.ID+".compact.txt"), compact.Bytes())
			golden(t, filepath.Join("golden", target.ID+".json"), js.Bytes())
		})
	}
}
