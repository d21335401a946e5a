package gitbase

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LFS says what became of the base files stored in Git LFS. A file that
// actions/checkout materializes with `lfs: true` is in git as a pointer
// (a few lines naming the content's sha256 and size); read from git
// objects, the base's version is that pointer, not the tool definitions.
type LFS struct {
	// Smudged are the files whose content `git lfs smudge` gave (from the
	// clone's LFS objects, or downloaded from the remote's LFS server).
	Smudged []string
	// Pointers are the files left as their pointer, and why: git-lfs is
	// not installed (Unavailable), or smudging failed (Errors, by file).
	Pointers    []string
	Unavailable bool
	Errors      map[string]string
}

// maxPointerSize is the largest blob git-lfs reads as a pointer (its
// `blobSizeCutoff`): a pointer is about 130 bytes.
const maxPointerSize = 1024

// LFSPointerSize reports whether data is a Git LFS pointer file (spec v1:
// https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md) and the size
// of the content it stands for.
func LFSPointerSize(data []byte) (int64, bool) {
	if len(data) > maxPointerSize {
		return 0, false
	}
	text := string(data)
	if !strings.HasPrefix(text, "version https://git-lfs.github.com/spec/v1\n") && !strings.HasPrefix(text, "version https://hawser.github.com/spec/v1\n") {
		return 0, false
	}
	size, oid := int64(-1), false
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n")[1:] {
		key, value, ok := strings.Cut(line, " ")
		if !ok {
			return 0, false
		}
		switch key {
		case "oid":
			hex, ok := strings.CutPrefix(value, "sha256:")
			oid = ok && len(hex) == 64 && isLowerHex(hex)
		case "size":
			n, err := strconv.ParseInt(value, 10, 64)
			if err != nil || n < 0 {
				return 0, false
			}
			size = n
		}
	}
	if !oid || size < 0 {
		return 0, false
	}
	return size, true
}

func isLowerHex(s string) bool {
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// lfsFile is a base file written as its LFS pointer, to smudge.
type lfsFile struct {
	entry   treeEntry
	pointer []byte
	size    int64
}

// smudgeLFS replaces each pointer written under destDir with its content
// through `git lfs smudge` (which reads the clone's LFS objects and
// downloads the missing ones from the remote's LFS server, with the
// checkout's credentials). A file larger than maxSize (when positive) is
// written as a sparse file of its size, as any large blob: the loader
// refuses it by size. A pointer that cannot be smudged stays as it is.
func (r *Repo) smudgeLFS(files []lfsFile, destDir string, maxSize int64) LFS {
	var res LFS
	if len(files) == 0 {
		return res
	}
	if _, err := r.run(nil, nil, "lfs", "version"); err != nil {
		res.Unavailable = true
		for _, f := range files {
			res.Pointers = append(res.Pointers, f.entry.path)
		}
		return res
	}
	defer func() {
		// Smudging writes objects and logs under .git/lfs.
		for _, dir := range r.gitDirs() {
			matchOwnerTree(dir)
		}
	}()
	for _, f := range files {
		if maxSize > 0 && f.size > maxSize {
			e := f.entry
			e.size = f.size
			if err := writeSparse(destDir, e); err != nil {
				res.fail(f.entry.path, err.Error())
				continue
			}
			res.Smudged = append(res.Smudged, f.entry.path)
			continue
		}
		if err := r.smudge(f, destDir); err != nil {
			res.fail(f.entry.path, err.Error())
			continue
		}
		res.Smudged = append(res.Smudged, f.entry.path)
	}
	return res
}

func (l *LFS) fail(path, why string) {
	if l.Errors == nil {
		l.Errors = map[string]string{}
	}
	l.Pointers = append(l.Pointers, path)
	l.Errors[path] = why
}

// smudge writes one pointer's content over it. The content is at most
// the loader's size limit (larger files are written sparse), so it is
// read whole, as every other base file is; on a failure git-lfs writes
// the pointer itself to stdout, which is dropped.
func (r *Repo) smudge(f lfsFile, destDir string) error {
	out, err := r.run(f.pointer, stallLimit(), "lfs", "smudge", "--", f.entry.path)
	if err != nil {
		stderr := ""
		var gitErr *Error
		if errors.As(err, &gitErr) {
			stderr, err = gitErr.Stderr, gitErr.Err
		}
		return fmt.Errorf("`git lfs smudge` failed: %s", lfsReason(stderr, err))
	}
	if int64(len(out)) != f.size {
		return fmt.Errorf("`git lfs smudge` gave %d bytes, not the pointer's %d", len(out), f.size)
	}
	return os.WriteFile(filepath.Join(destDir, filepath.FromSlash(f.entry.path)), out, 0o644)
}

// lfsReason is git-lfs's error without its progress and log-file lines.
func lfsReason(stderr string, err error) string {
	var keep []string
	for _, line := range strings.Split(stderr, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "Downloading ") || strings.HasPrefix(line, "Errors logged to") || strings.HasPrefix(line, "Use `git lfs logs") {
			continue
		}
		keep = append(keep, line)
	}
	if len(keep) == 0 {
		return err.Error()
	}
	return strings.Join(keep, " ")
}
