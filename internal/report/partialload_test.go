package report

import (
	"bytes"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The load errors go right after the version line whatever the pieces the
// document is written in, a byte at a time included, and a document
// without a version line passes through as it is.
func TestLoadErrorsJSONWriterInsertsInAnyPieces(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 20, 3); err != nil {
		t.Fatal(err)
	}
	loaded := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	var doc bytes.Buffer
	if err := CheckJSON(&doc, check.Run(loaded.Tools, check.DefaultTargets()), Omitted{}); err != nil {
		t.Fatal(err)
	}
	errs := []tool.LoadError{{SourcePath: "x.json", Message: "Invalid JSON: unexpected end of JSON input", Span: tool.Span{Line: 1, Column: 2, EndLine: 1, EndColumn: 2}}}
	want := string(doc.Bytes()[:bytes.Index(doc.Bytes(), []byte("  \"summary\""))]) + "  \"errors\": ["
	for _, piece := range []int{1, 7, 64, 4096, doc.Len()} {
		var got bytes.Buffer
		lw, err := NewLoadErrorsJSONWriter(&got, errs, []string{"x.json"})
		if err != nil {
			t.Fatal(err)
		}
		for rest := doc.Bytes(); len(rest) > 0; {
			n := min(piece, len(rest))
			if _, err := lw.Write(rest[:n]); err != nil {
				t.Fatal(err)
			}
			rest = rest[n:]
		}
		if err := lw.Close(); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(got.Bytes(), []byte(want)) || !bytes.Contains(got.Bytes(), []byte("  \"leftOut\": [\"x.json\"],\n  \"summary\"")) {
			t.Fatalf("pieces of %d: errors not where they go:\n%.600s", piece, got.String())
		}
		if got.Len() <= doc.Len() || !bytes.HasSuffix(got.Bytes(), doc.Bytes()[bytes.Index(doc.Bytes(), []byte("  \"summary\"")):]) {
			t.Fatalf("pieces of %d: the document after the errors is not the document", piece)
		}
	}
	var got bytes.Buffer
	lw, _ := NewLoadErrorsJSONWriter(&got, errs, nil)
	lw.Write([]byte("{\n  \"other\": 1\n}\n"))
	if err := lw.Close(); err != nil || got.String() != "{\n  \"other\": 1\n}\n" {
		t.Fatalf("a document without a version line became %q (%v)", got.String(), err)
	}
}
