package report

import (
	"io"
	"runtime"
	"testing"
	"unsafe"
	"weak"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The text report keeps, to its end, the tools a fact true of every tool
// of a target is said for (Anthropic's schema-not-enforced): their names,
// not their files' text. Only the tool the fact was first met in is kept
// (its excerpt is shown). Checked as `check --format text` runs, loading
// each file again in report order (check.Scan).
func TestCheckTextKeepsNoFileText(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 60, 5); err != nil {
		t.Fatal(err)
	}
	s, ok := check.Scan([]string{"."}, tool.Options{Cwd: dir}, []string{"anthropic"}, nil, check.ScanTo{})
	if !ok {
		t.Fatal("the corpus does not load")
	}
	w := NewCheckTextWriter(io.Discard, TextOptions{})
	var texts []weak.Pointer[byte]
	s.StreamEncoded(w.RenderTool, func(tr check.ToolResult, rendered []byte) bool {
		texts = append(texts, weak.Make(unsafe.SliceData(tr.Tool.Source.Data)))
		w.AddRendered(&tr, rendered)
		return false
	})
	runtime.GC()
	runtime.GC()
	reachable := 0
	for _, p := range texts {
		if p.Value() != nil {
			reachable++
		}
	}
	// The first tool's file, whose excerpt the report shows.
	if reachable > 1 {
		t.Fatalf("the text report holds the file text of %d tools of %d", reachable, len(texts))
	}
	if err := w.Finish(); err != nil {
		t.Fatal(err)
	}
}
