package gitbase

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Snapshot says what Materialize wrote.
type Snapshot struct {
	// Commit is the full id of the materialized revision.
	Commit string
	// Present are the requested paths that exist in the revision (as files
	// or directories), in the order given; Missing those that do not.
	Present []string
	Missing []string
	// Files counts the files written.
	Files int
	// Skipped are entries under the paths that are not regular files
	// (symbolic links, submodules): they are not written.
	Skipped []string
	// LFS says what became of the files that are Git LFS pointers.
	LFS LFS
}

// treeEntry is one line of `git ls-tree -r -z -l`.
type treeEntry struct {
	mode, kind, oid, path string
	size                  int64 // -1 when git gives none (not a blob)
}

// Selection narrows what MaterializeSelected writes to what the loader
// would read: a base revision can hold a 300 MB binary or a
// node_modules tree under the tool paths.
type Selection struct {
	// Keep reports whether a file inside a requested directory, at rel
	// (relative to that directory, `/` separators), is one the loader
	// would read. nil keeps every file. A requested path that is a file is
	// always kept: the loader reads a file it is given by name.
	Keep func(rel string) bool
	// MaxSize, when positive, is the loader's file size limit: a kept blob
	// larger than this is written as a sparse file of its size (nothing
	// is copied; the loader refuses it by its size, with its usual error).
	MaxSize int64
}

// Materialize writes the version of each path at rev (files and whole
// directories, relative to the repository root with `/` separators; "."
// is the whole tree) into destDir under the same relative paths, so that
// destDir/<path> can be loaded like the working tree. Only regular files
// are written; directories are created for every path that is a directory
// in the revision.
func (r *Repo) Materialize(rev string, paths []string, destDir string) (Snapshot, error) {
	return r.MaterializeSelected(rev, paths, destDir, Selection{})
}

// MaterializeSelected is Materialize writing only the files sel keeps.
func (r *Repo) MaterializeSelected(rev string, paths []string, destDir string, sel Selection) (Snapshot, error) {
	var snap Snapshot
	sha, err := r.ResolveCommit(rev)
	if err != nil {
		return snap, err
	}
	snap.Commit = sha
	clean := make([]string, len(paths))
	whole := false
	for i, p := range paths {
		c, err := cleanRepoPath(p)
		if err != nil {
			return snap, err
		}
		clean[i] = c
		if c == "." {
			whole = true
		}
	}
	args := []string{"ls-tree", "-r", "-z", "-l", "--full-tree", sha}
	if !whole {
		args = append(args, "--")
		args = append(args, uniqueSorted(clean)...)
	}
	// Literal pathspecs: a tool path named `*.json` means that file only.
	out, err := r.run(nil, []string{"GIT_LITERAL_PATHSPECS=1"}, args...)
	if err != nil {
		return snap, err
	}
	entries, err := parseTree(out)
	if err != nil {
		return snap, err
	}

	var blobs []treeEntry
	present := make([]bool, len(clean))
	for _, e := range entries {
		matched, wanted := false, false
		for i, p := range clean {
			if under(e.path, p) {
				present[i] = true
				matched = true
				wanted = wanted || e.path == p || sel.Keep == nil || sel.Keep(relativeTo(e.path, p))
			}
		}
		if !matched {
			continue
		}
		switch {
		case e.kind == "blob" && (e.mode == "100644" || e.mode == "100755"):
			if !wanted {
				continue
			}
			if sel.MaxSize > 0 && e.size > sel.MaxSize {
				if err := writeSparse(destDir, e); err != nil {
					return snap, err
				}
				snap.Files++
				continue
			}
			blobs = append(blobs, e)
		default:
			snap.Skipped = append(snap.Skipped, e.path)
		}
	}
	for i, p := range clean {
		if !present[i] {
			snap.Missing = append(snap.Missing, paths[i])
			continue
		}
		snap.Present = append(snap.Present, paths[i])
		if isDir(entries, p) {
			if err := os.MkdirAll(filepath.Join(destDir, filepath.FromSlash(p)), 0o755); err != nil {
				return snap, fmt.Errorf("cannot create the base directory for %s: %w", p, err)
			}
		}
	}
	n, pointers, err := r.writeBlobs(blobs, destDir)
	snap.Files += n
	if err != nil {
		return snap, err
	}
	snap.LFS = r.smudgeLFS(pointers, destDir, sel.MaxSize)
	return snap, nil
}

// relativeTo is entry's path inside the requested directory p.
func relativeTo(entry, p string) string {
	if p == "." {
		return entry
	}
	return strings.TrimPrefix(entry, p+"/")
}

// writeSparse stands in for a blob over the size limit: a file of its
// size with no data written.
func writeSparse(destDir string, e treeEntry) error {
	if !filepath.IsLocal(filepath.FromSlash(e.path)) {
		return fmt.Errorf("refusing to write %s: not a local path", quote(e.path))
	}
	dest := filepath.Join(destDir, filepath.FromSlash(e.path))
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return fmt.Errorf("cannot write the base version of %s: %w", e.path, err)
	}
	f, err := os.Create(dest)
	if err != nil {
		return fmt.Errorf("cannot write the base version of %s: %w", e.path, err)
	}
	if err := f.Truncate(e.size); err != nil {
		f.Close()
		return fmt.Errorf("cannot write the base version of %s: %w", e.path, err)
	}
	return f.Close()
}

// cleanRepoPath normalises a repository-relative path and refuses one that
// leaves the repository.
func cleanRepoPath(p string) (string, error) {
	s := filepath.ToSlash(p)
	if s == "" {
		return ".", nil
	}
	if path.IsAbs(s) || filepath.IsAbs(p) {
		return "", fmt.Errorf("%s is not relative to the repository root", quote(p))
	}
	c := path.Clean(s)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", fmt.Errorf("%s is outside the repository", quote(p))
	}
	return c, nil
}

// under reports whether entry is p itself or inside directory p.
func under(entry, p string) bool {
	return p == "." || entry == p || strings.HasPrefix(entry, p+"/")
}

func isDir(entries []treeEntry, p string) bool {
	if p == "." {
		return true
	}
	for _, e := range entries {
		if strings.HasPrefix(e.path, p+"/") {
			return true
		}
	}
	return false
}

func uniqueSorted(in []string) []string {
	out := append([]string{}, in...)
	sort.Strings(out)
	j := 0
	for i, s := range out {
		if i == 0 || s != out[j-1] {
			out[j] = s
			j++
		}
	}
	return out[:j]
}

// parseTree reads `<mode> SP <type> SP <oid> [SP+ <size>] TAB <path> NUL`
// records (the size with -l; "-" for what is not a blob).
func parseTree(out []byte) ([]treeEntry, error) {
	var entries []treeEntry
	for _, rec := range bytes.Split(out, []byte{0}) {
		if len(rec) == 0 {
			continue
		}
		meta, p, ok := bytes.Cut(rec, []byte{'\t'})
		fields := strings.Fields(string(meta))
		if !ok || len(fields) != 3 && len(fields) != 4 {
			return nil, fmt.Errorf("unexpected `git ls-tree` output: %q", rec)
		}
		e := treeEntry{mode: fields[0], kind: fields[1], oid: fields[2], path: string(p), size: -1}
		if len(fields) == 4 && fields[3] != "-" {
			n, err := strconv.ParseInt(fields[3], 10, 64)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("unexpected `git ls-tree` output: %q", rec)
			}
			e.size = n
		}
		entries = append(entries, e)
	}
	return entries, nil
}

// writeBlobs streams the blobs through one `git cat-file --batch` and
// writes each under destDir; pointers are those that are Git LFS
// pointers (written as they are).
func (r *Repo) writeBlobs(blobs []treeEntry, destDir string) (n int, pointers []lfsFile, err error) {
	if len(blobs) == 0 {
		return 0, nil, nil
	}
	for _, b := range blobs {
		if !filepath.IsLocal(filepath.FromSlash(b.path)) {
			return 0, nil, fmt.Errorf("refusing to write %s: not a local path", quote(b.path))
		}
	}
	args := []string{"cat-file", "--batch"}
	cmd := exec.Command(r.git, args...)
	cmd.Dir = r.Root
	cmd.Env = r.env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, nil, err
	}
	if err := cmd.Start(); err != nil {
		return 0, nil, &Error{Args: args, Err: err}
	}
	// Feed the ids from a goroutine: git answers while it reads, and a
	// large batch would otherwise fill both pipes and block.
	go func() {
		w := bufio.NewWriter(stdin)
		for _, b := range blobs {
			w.WriteString(b.oid + "\n")
		}
		w.Flush()
		stdin.Close()
	}()
	n, pointers, readErr := readBatch(bufio.NewReaderSize(stdout, 64<<10), blobs, destDir)
	if readErr != nil {
		io.Copy(io.Discard, stdout)
	}
	waitErr := cmd.Wait()
	if readErr != nil {
		return n, nil, readErr
	}
	if waitErr != nil {
		return n, nil, &Error{Args: args, Stderr: stderr.String(), Err: waitErr}
	}
	return n, pointers, nil
}

// readBatch reads one `<oid> <type> <size>\n<content>\n` answer per blob.
func readBatch(br *bufio.Reader, blobs []treeEntry, destDir string) (written int, pointers []lfsFile, err error) {
	for _, b := range blobs {
		header, err := br.ReadString('\n')
		if err != nil {
			return written, nil, fmt.Errorf("reading %s from git: %w", b.path, err)
		}
		fields := strings.Fields(header)
		if len(fields) != 3 {
			return written, nil, fmt.Errorf("git has no object %s for %s (%s)", b.oid, b.path, strings.TrimSpace(header))
		}
		size, err := strconv.ParseInt(fields[2], 10, 64)
		if err != nil || size < 0 {
			return written, nil, fmt.Errorf("unexpected `git cat-file` header %q", strings.TrimSpace(header))
		}
		data := make([]byte, size)
		if _, err := io.ReadFull(br, data); err != nil {
			return written, nil, fmt.Errorf("reading %s from git: %w", b.path, err)
		}
		if nl, err := br.ReadByte(); err != nil || nl != '\n' {
			return written, nil, errors.New("unexpected `git cat-file` output: missing newline after an object")
		}
		dest := filepath.Join(destDir, filepath.FromSlash(b.path))
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			return written, nil, fmt.Errorf("cannot write the base version of %s: %w", b.path, err)
		}
		if err := os.WriteFile(dest, data, 0o644); err != nil {
			return written, nil, fmt.Errorf("cannot write the base version of %s: %w", b.path, err)
		}
		if size, ok := LFSPointerSize(data); ok {
			pointers = append(pointers, lfsFile{entry: b, pointer: data, size: size})
		}
		written++
	}
	return written, pointers, nil
}
