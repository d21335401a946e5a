package tool

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
)

// File-system access goes through these variables so that tests can
// simulate failures (a permission error cannot be produced when tests run
// as root).
var (
	osStat  = os.Stat
	osLstat = os.Lstat
	osOpen  = os.Open
)

// skippedDirs are never entered during a walk (the directory named on the
// command line is walked whatever its name).
var skippedDirs = map[string]bool{"node_modules": true, "dist": true, "coverage": true}

// walkDir collects the tool files under the directory dir (absolute), in
// the order loader.md §2 fixes: entries sorted by UTF-16 code units, depth
// first, dot entries and skipped directories left out, symlinks and special
// files ignored, regular files ending in ".json" (case-sensitive) kept. A
// directory that cannot be read is reported through fail and the walk goes
// on with its siblings. It returns how many files qualified.
func walkDir(dir string, found func(abs string), linked func(abs string), fail func(dir string, err error)) int {
	f, err := osOpen(dir)
	if err != nil {
		fail(dir, err)
		return 0
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		// Entries read before the failure are still walked.
		fail(dir, err)
	}
	sort.SliceStable(entries, func(i, j int) bool {
		return utf16Compare(entries[i].Name(), entries[j].Name()) < 0
	})
	count := 0
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		switch t := e.Type(); {
		case t&fs.ModeSymlink != 0:
			// Links are never followed inside a walk (a committed link may
			// lead anywhere on the machine), but they are reported.
			linked(filepath.Join(dir, name))
		case t.IsDir():
			if !skippedDirs[name] {
				count += walkDir(filepath.Join(dir, name), found, linked, fail)
			}
		case t.IsRegular():
			if strings.HasSuffix(name, ".json") {
				found(filepath.Join(dir, name))
				count++
			}
		}
	}
	return count
}

// Walkable reports whether a walk of a directory reads the file at rel
// (relative to the directory, `/` separators): no part starts with a dot,
// no directory is one of skippedDirs, and the name ends in ".json". The
// base revision is materialised with it, so that only what the loader
// would read is copied out of git.
func Walkable(rel string) bool {
	parts := strings.Split(rel, "/")
	for i, part := range parts {
		if part == "" || strings.HasPrefix(part, ".") {
			return false
		}
		if i < len(parts)-1 && skippedDirs[part] {
			return false
		}
	}
	return strings.HasSuffix(rel, ".json")
}

// errReason is the operating system's description of err without the
// operation and path that os errors prefix it with ("permission denied").
func errReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var se *os.SyscallError
	if errors.As(err, &se) {
		err = se.Err
	}
	return err.Error()
}

// isLoop reports whether a stat error means a symbolic link loop.
func isLoop(err error) bool {
	return errors.Is(err, syscall.ELOOP)
}

// notExist reports whether a stat error means the path is absent (as
// opposed to present but unreadable). ENOTDIR covers "a/b" where a is a
// file.
func notExist(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}
