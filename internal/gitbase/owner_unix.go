//go:build unix

package gitbase

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// A container action runs as root on a workspace that belongs to the
// runner's user (uid 1001 on hosted runners), and the workspace is the
// host's own directory. What root creates there stays root's after the
// step: a later step's `git fetch` then fails on a root-owned
// .git/FETCH_HEAD, and a later step cannot rewrite a report file. So
// everything this process creates under the workspace is handed to the
// owner of the directory it belongs to. Only entries owned by root are
// touched, and only when this process is root and that owner is not.

// ownerOf returns the owner of path.
func ownerOf(path string) (uid, gid int, ok bool) {
	st, err := os.Lstat(path)
	if err != nil {
		return 0, 0, false
	}
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return int(s.Uid), int(s.Gid), true
}

// handTo gives path to uid:gid when root owns it. Errors are ignored: the
// work is done, and ownership is a courtesy to later steps.
func handTo(path string, uid, gid int) {
	if u, _, ok := ownerOf(path); ok && u == 0 {
		os.Lchown(path, uid, gid)
	}
}

// refOwner returns the owner of ref when this process is root and ref is
// not root's (the only case where anything needs doing).
func refOwner(ref string) (uid, gid int, ok bool) {
	if os.Geteuid() != 0 {
		return 0, 0, false
	}
	uid, gid, ok = ownerOf(ref)
	return uid, gid, ok && uid != 0
}

// MatchOwner hands path, and every directory between ref and path, to the
// owner of ref when this process is root and ref belongs to someone else.
// path must be inside ref; anything else is left alone. Use it on a file
// written into the workspace.
func MatchOwner(path, ref string) {
	uid, gid, ok := refOwner(ref)
	if !ok {
		return
	}
	rel, err := filepath.Rel(ref, path)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return
	}
	cur := ref
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		cur = filepath.Join(cur, part)
		handTo(cur, uid, gid)
	}
}

// matchOwnerTree hands every root-owned entry under dir to the owner of
// dir (see MatchOwner).
func matchOwnerTree(dir string) {
	uid, gid, ok := refOwner(dir)
	if !ok {
		return
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			handTo(p, uid, gid)
		}
		return nil
	})
}
