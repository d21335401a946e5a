//go:build unix

package gitbase

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func statOwner(t *testing.T, p string) (uid, gid int) {
	t.Helper()
	st, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	s := st.Sys().(*syscall.Stat_t)
	return int(s.Uid), int(s.Gid)
}

func chownTree(t *testing.T, dir string, uid, gid int) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, gid)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// In a container action git runs as root on a workspace owned by the
// runner's user: whatever a fetch writes into .git (FETCH_HEAD, the pack,
// the shallow file) must go back to that user, or the next step's own
// `git fetch` fails with "cannot open .git/FETCH_HEAD: Permission denied".
func TestFetchKeepsTheRepositoryOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root, as in the action's container")
	}
	isolate(t)
	h := newHistory(t)
	const uid, gid = 4242, 4343
	chownTree(t, h.shallowDir, uid, gid)
	r := open(t, h.shallowDir)
	if err := r.Fetch(h.base); err != nil {
		t.Fatalf("Fetch(base): %v", err)
	}
	if err := r.Fetch("feature"); err != nil {
		t.Fatalf("Fetch(feature): %v", err)
	}
	var wrong []string
	filepath.WalkDir(filepath.Join(h.shallowDir, ".git"), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if u, g := statOwner(t, p); u != uid || g != gid {
			wrong = append(wrong, fmt.Sprintf("%s (%d:%d)", p, u, g))
		}
		return nil
	})
	if len(wrong) > 0 {
		t.Fatalf("the fetch left entries the repository's owner cannot write:\n%s", strings.Join(wrong, "\n"))
	}
}

func TestMatchOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	os.MkdirAll(filepath.Join(ws, "out", "deep"), 0o755)
	os.WriteFile(filepath.Join(ws, "out", "deep", "r.sarif"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(ws, "mine"), []byte("x"), 0o644)
	os.Chown(ws, 4242, 4343)
	os.Chown(filepath.Join(ws, "mine"), 7, 7) // someone else's: left alone
	MatchOwner(filepath.Join(ws, "out", "deep", "r.sarif"), ws)
	for _, p := range []string{"out", "out/deep", "out/deep/r.sarif"} {
		if u, g := statOwner(t, filepath.Join(ws, p)); u != 4242 || g != 4343 {
			t.Errorf("%s owned by %d:%d", p, u, g)
		}
	}
	if u, _ := statOwner(t, filepath.Join(ws, "mine")); u != 7 {
		t.Errorf("a file owned by someone else was taken over")
	}
	// Outside the reference directory nothing changes.
	MatchOwner(dir, ws)
	if u, _ := statOwner(t, dir); u != 0 {
		t.Errorf("MatchOwner changed a directory outside the reference")
	}
}
