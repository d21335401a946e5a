package gitbase

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
)

// jsonOutsideDotsAndNodeModules is a loader-like rule for the test.
func jsonOutsideDotsAndNodeModules(rel string) bool {
	for _, part := range strings.Split(rel, "/") {
		if strings.HasPrefix(part, ".") || part == "node_modules" {
			return false
		}
	}
	return strings.HasSuffix(rel, ".json")
}

// Only the files the loader would read are written: not a binary, not
// node_modules, not dot directories. A file named itself is always
// written; one over the size limit is written as a sparse file of its
// size, so the loader reports it without its content being copied.
func TestMaterializeSelectedWritesOnlyWhatTheLoaderReads(t *testing.T) {
	isolate(t)
	root := t.TempDir()
	r := gittest.Init(t, filepath.Join(root, "src"))
	r.Write("tools/a.json", `{"name":"a"}`)
	r.Write("tools/sub/b.json", `{"name":"b"}`)
	r.Write("tools/node_modules/dep/package.json", `{}`)
	r.Write("tools/.cache/x.json", `{}`)
	r.Write("tools/tool.bin", strings.Repeat("\x00", 4096))
	r.Write("tools/big.json", `{"name":"`+strings.Repeat("x", 5000)+`"}`)
	r.Write("single/named.txt", "named")
	sha := r.Commit("base")
	repo := open(t, r.Dir)
	dest := t.TempDir()
	snap, err := repo.MaterializeSelected(sha, []string{"tools", "single/named.txt"}, dest,
		Selection{Keep: jsonOutsideDotsAndNodeModules, MaxSize: 1024})
	if err != nil {
		t.Fatal(err)
	}
	got := listFiles(t, dest)
	big := got["tools/big.json"]
	delete(got, "tools/big.json")
	want := map[string]string{"tools/a.json": `{"name":"a"}`, "tools/sub/b.json": `{"name":"b"}`, "single/named.txt": "named"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("files = %v\nwant %v", got, want)
	}
	if len(big) != 5011 || strings.Contains(big, "x") {
		t.Errorf("the over-limit file: %d bytes, content copied: %v", len(big), strings.Contains(big, "x"))
	}
	if snap.Files != 4 {
		t.Errorf("snapshot = %+v", snap)
	}
	if fi, err := os.Stat(filepath.Join(dest, "tools", "big.json")); err != nil || fi.Size() != 5011 {
		t.Errorf("big.json: %v %v", fi, err)
	}
}
