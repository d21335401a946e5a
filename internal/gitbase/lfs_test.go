package gitbase

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
)

func TestLFSPointerSize(t *testing.T) {
	oid := "oid sha256:" + strings.Repeat("ab", 32) + "\n"
	for _, tc := range []struct {
		text string
		size int64
		ok   bool
	}{
		{"version https://git-lfs.github.com/spec/v1\n" + oid + "size 660\n", 660, true},
		{"version https://hawser.github.com/spec/v1\n" + oid + "size 0\n", 0, true},
		// Extension lines are allowed.
		{"version https://git-lfs.github.com/spec/v1\next-0-foo sha256:" + strings.Repeat("0", 64) + "\n" + oid + "size 7\n", 7, true},
		{"version https://git-lfs.github.com/spec/v1\n" + oid, 0, false},                                          // no size
		{"version https://git-lfs.github.com/spec/v1\nsize 5\n", 0, false},                                        // no oid
		{"version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 5\n", 0, false},                        // short oid
		{"version https://git-lfs.github.com/spec/v1\n" + oid + "size -1\n", 0, false},                            // negative
		{"{\"version\": \"https://git-lfs.github.com/spec/v1\"}\n", 0, false},                                     // JSON
		{"version https://git-lfs.github.com/spec/v1\n" + oid + "size 5\n" + strings.Repeat("x", 1100), 0, false}, // too large
	} {
		size, ok := LFSPointerSize([]byte(tc.text))
		if size != tc.size || ok != tc.ok {
			t.Errorf("LFSPointerSize(%q) = %d, %v; want %d, %v", tc.text, size, ok, tc.size, tc.ok)
		}
	}
}

// lfsWorkspace is a one-commit-deep clone of an LFS history's main (the
// last version), as actions/checkout makes it, with the base (the first
// version) fetched one commit deep. Its tool files are pointers (no
// `lfs: true`): the base is read from git objects either way.
func lfsWorkspace(t *testing.T, versions ...map[string]string) (h *gittest.LFSHistory, ws string) {
	t.Helper()
	isolate(t)
	root := t.TempDir()
	h = gittest.NewLFSHistory(t, root, versions...)
	ws = filepath.Join(root, "workspace")
	gittest.ShallowClone(t, h.Origin, "refs/heads/main", ws)
	gittest.Git(t, ws, "fetch", "-q", "--depth=1", "origin", h.Commits[0])
	return h, ws
}

// TestMaterializeSmudgesLFSPointers: a base file stored in Git LFS is
// its pointer in git's objects; Materialize gives its content, through
// `git lfs smudge`, which downloads the object from origin's LFS store
// (here git-lfs's transfer for a file:// remote; a token-authenticated
// HTTPS server on GitHub).
func TestMaterializeSmudgesLFSPointers(t *testing.T) {
	// a.json is larger than its pointer (about 130 bytes).
	v1 := map[string]string{"tools/a.json": "{\"name\": \"a\", \"description\": \"" + strings.Repeat("long ", 60) + "\"}\n", "tools/b.json": "{\"name\": \"b\"}\n"}
	v2 := map[string]string{"tools/a.json": "{\"name\": \"a2\"}\n"}
	h, ws := lfsWorkspace(t, v1, v2)
	r := open(t, ws)
	dest := t.TempDir()
	snap, err := r.Materialize(h.Commits[0], []string{"tools"}, dest)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range v1 {
		got, _ := os.ReadFile(filepath.Join(dest, filepath.FromSlash(name)))
		if string(got) != want {
			t.Errorf("%s = %q, want the content %q", name, got, want)
		}
	}
	if !slices.Equal(snap.LFS.Smudged, []string{"tools/a.json", "tools/b.json"}) || len(snap.LFS.Pointers) != 0 {
		t.Errorf("LFS = %+v", snap.LFS)
	}
	// Under the loader's size limit only: a larger file is a sparse file of
	// the content's size, as any large blob.
	dest = t.TempDir()
	snap, err = r.MaterializeSelected(h.Commits[0], []string{"tools"}, dest, Selection{MaxSize: 200})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(dest, "tools", "a.json")); err != nil || st.Size() != int64(len(v1["tools/a.json"])) {
		t.Errorf("over the limit: %v %v", st, err)
	}
	if got, _ := os.ReadFile(filepath.Join(dest, "tools", "b.json")); string(got) != v1["tools/b.json"] {
		t.Errorf("under the limit: %q", got)
	}
}

// TestMaterializeLFSWithoutItsObject: an object the LFS store does not
// have (or a server that refuses the token) leaves the pointer, and says
// why.
func TestMaterializeLFSWithoutItsObject(t *testing.T) {
	v1 := map[string]string{"tools/a.json": "{\"name\": \"a\"}\n"}
	h, ws := lfsWorkspace(t, v1, map[string]string{"tools/a.json": "{\"name\": \"a2\"}\n"})
	if err := os.RemoveAll(filepath.Join(h.Origin, "lfs")); err != nil {
		t.Fatal(err)
	}
	dest := t.TempDir()
	snap, err := open(t, ws).Materialize(h.Commits[0], []string{"tools"}, dest)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dest, "tools", "a.json"))
	if _, ok := LFSPointerSize(got); !ok {
		t.Errorf("not the pointer: %q", got)
	}
	if !slices.Equal(snap.LFS.Pointers, []string{"tools/a.json"}) || snap.LFS.Unavailable ||
		!strings.Contains(snap.LFS.Errors["tools/a.json"], "`git lfs smudge` failed:") {
		t.Errorf("LFS = %+v", snap.LFS)
	}
	if strings.Contains(snap.LFS.Errors["tools/a.json"], "Errors logged to") {
		t.Errorf("git-lfs's log line is in the reason: %q", snap.LFS.Errors["tools/a.json"])
	}
}

// TestMaterializeLFSWithoutGitLFS: with no git-lfs on PATH the pointers
// stay, and Unavailable says why.
func TestMaterializeLFSWithoutGitLFS(t *testing.T) {
	v1 := map[string]string{"tools/a.json": "{\"name\": \"a\"}\n"}
	h, ws := lfsWorkspace(t, v1, map[string]string{"tools/a.json": "{\"name\": \"a2\"}\n"})
	t.Setenv("PATH", gitOnlyPath(t))
	snap, err := open(t, ws).Materialize(h.Commits[0], []string{"tools"}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if !snap.LFS.Unavailable || !slices.Equal(snap.LFS.Pointers, []string{"tools/a.json"}) {
		t.Errorf("LFS = %+v", snap.LFS)
	}
}

// gitOnlyPath is a PATH with git and nothing else (no git-lfs).
func gitOnlyPath(t *testing.T) string {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	if err := os.Symlink(git, filepath.Join(dir, "git")); err != nil {
		t.Skip(err)
	}
	return dir
}
