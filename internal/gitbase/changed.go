package gitbase

import (
	"bytes"
	"fmt"
	"slices"
)

// ChangedFiles lists the files (repository-relative, '/' separated) whose
// content differs between two commits, sorted. Both commits must be in the
// clone; rename detection is off, so a moved file is its old and its new
// path.
func (r *Repo) ChangedFiles(from, to string) ([]string, error) {
	if !IsObjectID(from) || !IsObjectID(to) {
		return nil, fmt.Errorf("ChangedFiles needs two commit ids")
	}
	out, err := r.run(nil, nil, "diff-tree", "-r", "-z", "--no-renames", "--name-only", "--no-commit-id", from, to)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range bytes.Split(out, []byte{0}) {
		if len(f) > 0 {
			files = append(files, string(f))
		}
	}
	slices.Sort(files)
	return files, nil
}

// ReadFile returns the content of a regular file (repository-relative,
// '/' separated) at a commit, and false when the commit has no regular
// file there (absent, a directory, a symbolic link or a submodule).
func (r *Repo) ReadFile(rev, path string) ([]byte, bool, error) {
	if !IsObjectID(rev) {
		return nil, false, fmt.Errorf("ReadFile needs a commit id")
	}
	out, err := r.run(nil, nil, "ls-tree", "-z", "--full-tree", rev, "--", path)
	if err != nil {
		return nil, false, err
	}
	// "<mode> <type> <object>\t<path>\x00"
	meta, _, ok := bytes.Cut(out, []byte{'\t'})
	fields := bytes.Fields(meta)
	if !ok || len(fields) != 3 || (string(fields[0]) != "100644" && string(fields[0]) != "100755") || string(fields[1]) != "blob" {
		return nil, false, nil
	}
	data, err := r.run(nil, nil, "cat-file", "blob", string(fields[2]))
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}
