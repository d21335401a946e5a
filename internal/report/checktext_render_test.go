package report

import (
	"bytes"
	"fmt"
	"sync"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Tools rendered apart (RenderTool, on other goroutines, in any order)
// and written in order (AddRendered) make the report CheckText writes:
// the Docs line of each code where it first appears, the counts, the
// facts said once per target.
func TestRenderToolThenAddRenderedMatchesCheckText(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 120, 3); err != nil {
		t.Fatal(err)
	}
	loaded := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	res := check.Run(loaded.Tools, append(check.DefaultTargets(), "anthropic-strict"))
	variants := []CheckTextOptions{
		{},
		{TextOptions: TextOptions{Color: true, CompileFixes: true}},
		{Compact: true},
		{MinSeverity: "warning"},
	}
	for _, opts := range variants {
		t.Run(fmt.Sprintf("%+v", opts), func(t *testing.T) {
			var want bytes.Buffer
			if err := CheckTextWith(&want, res, opts); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			w := NewCheckTextWriterWith(&got, opts)
			rendered := make([][]byte, len(res.Tools))
			var wg sync.WaitGroup
			for i := len(res.Tools) - 1; i >= 0; i-- {
				wg.Add(1)
				go func() {
					defer wg.Done()
					rendered[i] = w.RenderTool(&res.Tools[i], nil)
				}()
			}
			wg.Wait()
			for i := range res.Tools {
				w.AddRendered(&res.Tools[i], rendered[i])
			}
			if err := w.Finish(); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				i := firstDiff(got.Bytes(), want.Bytes())
				t.Fatalf("reports differ at byte %d:\n got %q\nwant %q", i, got.Bytes()[max(0, i-100):min(got.Len(), i+100)], want.Bytes()[max(0, i-100):min(want.Len(), i+100)])
			}
			if !opts.Compact && bytes.Count(want.Bytes(), []byte("Docs: ")) < 10 {
				t.Fatal("few Docs lines: the test would not see where they go")
			}
		})
	}
}
