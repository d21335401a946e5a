package tool

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad writes arbitrary bytes to a file and loads it: loading must
// never panic, and every error must name its file and have a position.
// Seeds live in testdata/fuzz/FuzzLoad.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(`{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string","pattern":"^(?=a)"}}}}`))
	dir := f.TempDir() // one directory per worker: t.TempDir per input is slow
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, "f.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		res := Load([]string{"f.json"}, Options{Cwd: dir})
		for _, e := range res.Errors {
			if e.SourcePath != "f.json" || e.Line < 1 || e.Column < 1 || e.EndLine < e.Line || e.Message == "" {
				t.Fatalf("bad error %+v", e)
			}
		}
		for _, tl := range res.Tools {
			if tl.Name == "" || tl.Source == nil || tl.InputSchema() == nil {
				t.Fatalf("bad tool %+v", tl)
			}
			if _, exact := tl.Locate("inputSchema"); !exact {
				t.Fatal("a loaded tool's inputSchema must be locatable")
			}
		}
	})
}
