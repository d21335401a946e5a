package corpus

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool"
)

func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	sa, err := Generate(a, 120, 7)
	if err != nil {
		t.Fatal(err)
	}
	sb, _ := Generate(b, 120, 7)
	_, _ = Generate(c, 120, 8)
	if sa != sb {
		t.Fatalf("stats differ: %+v vs %+v", sa, sb)
	}
	ta, tb, tc := readTree(t, a), readTree(t, b), readTree(t, c)
	if len(ta) != sa.Files || len(ta) != len(tb) {
		t.Fatalf("files: %d, %d, stats %d", len(ta), len(tb), sa.Files)
	}
	for name, data := range ta {
		if !bytes.Equal(data, tb[name]) {
			t.Fatalf("%s differs between runs with the same seed", name)
		}
	}
	same := 0
	for name, data := range ta {
		if bytes.Equal(data, tc[name]) {
			same++
		}
	}
	if same == len(ta) {
		t.Fatal("a different seed gave the same corpus")
	}
}

func TestGeneratedToolsLoadCleanly(t *testing.T) {
	dir := t.TempDir()
	st, err := Generate(dir, 300, 1)
	if err != nil {
		t.Fatal(err)
	}
	if st.Tools != 300 {
		t.Fatalf("tools = %d", st.Tools)
	}
	res := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	for _, e := range res.Errors {
		t.Errorf("%s:%d:%d %s %s", e.SourcePath, e.Line, e.Column, e.Path, e.Message)
	}
	if len(res.Tools) != 300 {
		t.Fatalf("loaded %d tools, want 300", len(res.Tools))
	}
	// Every shape is present.
	shapes := map[string]bool{}
	for _, tl := range res.Tools {
		switch {
		case tl.Base == "":
			shapes["single"] = true
		case tl.Base[0] == '[':
			shapes["array"] = true
		default:
			shapes["wrapper"] = true
		}
	}
	if len(shapes) != 3 {
		t.Fatalf("shapes = %v", shapes)
	}
	t.Logf("%+v, %.1f KB per tool", st, float64(st.Bytes)/float64(st.Tools)/1024)
}
