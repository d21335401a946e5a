package report

import (
	"path/filepath"
	"strings"
)

// PathMapper turns a display path (relative to the working directory, or
// absolute) into the path GitHub matches against the repository: relative
// to the repository root, '/' separators, no "./". A path outside the
// repository comes back absolute (it cannot be attached to a line anyway).
type PathMapper func(displayPath string) string

// RepoRelative maps display paths that are relative to cwd onto repoRoot.
// Both directories should be absolute and free of symlinks.
func RepoRelative(repoRoot, cwd string) PathMapper {
	return func(p string) string {
		if p == "" {
			return ""
		}
		native := filepath.FromSlash(p)
		if !filepath.IsAbs(native) {
			native = filepath.Join(cwd, native)
		}
		rel, err := filepath.Rel(repoRoot, native)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(filepath.Clean(native))
		}
		return filepath.ToSlash(rel)
	}
}

// mapPath applies m (nil keeps the path) and then tidies the result: '/'
// separators and no leading "./".
func mapPath(m PathMapper, p string) string {
	if m != nil {
		p = m(p)
	}
	p = filepath.ToSlash(p)
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	return p
}

// MapPath maps one display path with m (nil keeps it).
func MapPath(m PathMapper, p string) string { return mapPath(m, p) }
