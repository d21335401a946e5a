package report

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
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

// A tool's rendering of textDirectWrite bytes or more goes to the writer
// as it is, the rest through the buffer: the report is the one written
// through the buffer alone, and a failed write is Finish's error.
func TestCheckTextDirectWrites(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 60, 3); err != nil {
		t.Fatal(err)
	}
	loaded := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	res := check.Run(loaded.Tools, check.DefaultTargets())
	render := func(w io.Writer, direct int) error {
		tw := NewCheckTextWriterWith(w, CheckTextOptions{})
		tw.direct = direct
		for i := range res.Tools {
			tw.Add(&res.Tools[i])
		}
		return tw.Finish()
	}
	var want bytes.Buffer
	if err := render(&want, math.MaxInt); err != nil {
		t.Fatal(err)
	}
	for _, direct := range []int{textDirectWrite, 1 << 10, 1} {
		var got sizesWriter
		if err := render(&got, direct); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			i := firstDiff(got.Bytes(), want.Bytes())
			t.Fatalf("direct %d: reports differ at byte %d:\n got %q\nwant %q", direct, i, got.Bytes()[max(0, i-100):min(got.Len(), i+100)], want.Bytes()[max(0, i-100):min(want.Len(), i+100)])
		}
		if !slices.ContainsFunc(got.sizes, func(n int) bool { return n >= direct && n != 64<<10 }) {
			t.Fatalf("direct %d: no write went around the buffer (sizes %v)", direct, got.sizes)
		}
	}
	// Whichever write fails, through the buffer or around it, Finish
	// reports it.
	var sized sizesWriter
	if err := render(&sized, textDirectWrite); err != nil {
		t.Fatal(err)
	}
	for k := range sized.sizes {
		if err := render(&failingWriter{fail: k}, textDirectWrite); err == nil {
			t.Fatalf("write %d of %v failed: no error", k, sized.sizes)
		}
	}
}

// sizesWriter records the size of each write.
type sizesWriter struct {
	bytes.Buffer
	sizes []int
}

func (w *sizesWriter) Write(p []byte) (int, error) {
	w.sizes = append(w.sizes, len(p))
	return w.Buffer.Write(p)
}

// failingWriter fails its write number fail (from 0) and takes the
// others: only the writer that saw the failure can report it.
type failingWriter struct{ fail, n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.n++
	if w.n-1 == w.fail {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}
