// Package safefile writes the files the action produces without writing
// through a link. The action runs as root in its container and the
// repository it reads is untrusted: a pull request can commit
// `schemaport.sarif` as a symlink to any file, or to /dev/stdout (which
// would put the report into the log, outside the stop-commands fence).
//
// Write never opens the destination: it writes a new temporary file in the
// destination's directory and renames it over the destination, after
// refusing a destination that is a link or not a regular file and a
// directory that resolves outside the workspace. Append, for the files the
// runner hands us (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY), opens with
// O_NOFOLLOW and refuses anything but a regular file.
package safefile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Write writes what write produces to dest (absolute, or relative to root)
// through a temporary file in the same directory renamed over dest. root is
// the workspace: dest's directory, with every link resolved, must be inside
// it. An empty root skips that check (for a path the user named outside any
// repository) but never the refusal of links and special files. Missing directories are created. When write fails, dest is left as it
// was. The writer is buffered, so write may stream small pieces.
func Write(root, dest string, write func(io.Writer) error) (err error) {
	if !filepath.IsAbs(dest) {
		dest = filepath.Join(root, dest)
	}
	dest = filepath.Clean(dest)
	dir := filepath.Dir(dest)
	if root != "" {
		realRoot, err := filepath.EvalSymlinks(root)
		if err != nil {
			return fmt.Errorf("the workspace %s: %w", root, err)
		}
		if err := checkInside(realRoot, dir); err != nil {
			return err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		// Again, now that it exists: MkdirAll follows links it meets.
		if err := checkInside(realRoot, dir); err != nil {
			return err
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := checkDestination(dest); err != nil {
		return err
	}
	// CreateTemp opens with O_EXCL: it never opens an existing file or
	// follows a link.
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(dest)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 64<<10)
	if err = write(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = tmp.Chmod(0o644); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	// Checked again just before the rename: rename replaces a link itself
	// (never its target), but a destination that became a directory or a
	// link meanwhile is still refused rather than replaced.
	if err = checkDestination(dest); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dest)
}

// Append appends text to path, which must be a regular file or absent (it
// is then created). The last component is opened with O_NOFOLLOW, so a
// link is refused rather than followed.
func Append(path, text string) error {
	if path == "" {
		return errors.New("no file to write to")
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s is a symbolic link; refusing to write through it", path)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY|noFollow, 0o644)
	if err != nil {
		if isLinkRefusal(err) {
			return fmt.Errorf("%s is a symbolic link; refusing to write through it", path)
		}
		if fi, serr := os.Lstat(path); serr == nil && !fi.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file (%s); refusing to write to it", path, Kind(fi.Mode()))
		}
		return err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		f.Close()
		return fmt.Errorf("%s is not a regular file (%s); refusing to write to it", path, Kind(fi.Mode()))
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// CheckDir requires the directory of path (relative to the process's
// working directory, or absolute), links resolved, to be inside root.
func CheckDir(root, path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return fmt.Errorf("the workspace %s: %w", root, err)
	}
	return checkInside(realRoot, filepath.Dir(abs))
}

// checkDestination refuses a destination that exists as anything but a
// regular file.
func checkDestination(dest string) error {
	fi, err := os.Lstat(dest)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case fi.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%s is a symbolic link; refusing to write through it (remove it from the repository, or choose another file name)", dest)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file (%s); refusing to replace it", dest, Kind(fi.Mode()))
	}
	return nil
}

// checkInside resolves dir (or, while it does not exist yet, its nearest
// existing ancestor) and requires the result inside realRoot.
func checkInside(realRoot, dir string) error {
	probe := dir
	for {
		real, err := filepath.EvalSymlinks(probe)
		if err == nil {
			if !within(realRoot, real) {
				return fmt.Errorf("%s resolves to %s, outside the workspace %s; refusing to write there", dir, real, realRoot)
			}
			return nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", dir, err)
		}
		parent := filepath.Dir(probe)
		if parent == probe {
			return fmt.Errorf("%s: %w", dir, err)
		}
		probe = parent
	}
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// Kind says what a file of mode m is: "a regular file", "a
// symbolic link", "a named pipe".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}

// ReadRegular reads path, which must be a regular file of at most max
// bytes: a repository can commit a link (to /dev/zero, say) or a named
// pipe where we expect a file we wrote, and reading either never ends. A
// link or a special file is a *fs.PathError saying what it is; a larger
// file is a *TooLargeError; a missing one wraps fs.ErrNotExist.
func ReadRegular(path string, max int64) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if err := regularOnly(path, fi.Mode()); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|noFollow, 0)
	if err != nil {
		if isLinkRefusal(err) {
			return nil, regularOnly(path, fs.ModeSymlink)
		}
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := regularOnly(path, fi.Mode()); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, &TooLargeError{Path: path, Max: max}
	}
	return data, nil
}

// regularOnly is nil for a regular file's mode, else the error that says
// what path is instead.
func regularOnly(path string, m fs.FileMode) error {
	switch {
	case m&fs.ModeSymlink != 0:
		return &fs.PathError{Op: "read", Path: path, Err: errors.New("is a symbolic link; refusing to read through it")}
	case !m.IsRegular():
		return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("is not a regular file (%s)", Kind(m))}
	}
	return nil
}

// TooLargeError is a file ReadRegular did not read whole.
type TooLargeError struct {
	Path string
	Max  int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %d bytes", e.Path, e.Max)
}
