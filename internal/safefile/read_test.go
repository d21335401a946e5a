package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ReadRegular reads a regular file whole, and refuses the rest by what
// they are: a link (even to a regular file), a directory, a file over the
// limit.
func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.json"), []byte("12345"), 0o644)
	os.Mkdir(filepath.Join(dir, "d"), 0o755)
	if data, err := ReadRegular(filepath.Join(dir, "a.json"), 5); err != nil || string(data) != "12345" {
		t.Errorf("regular: %q %v", data, err)
	}
	var big *TooLargeError
	if _, err := ReadRegular(filepath.Join(dir, "a.json"), 4); !errors.As(err, &big) {
		t.Errorf("over the limit: %v", err)
	}
	if _, err := ReadRegular(filepath.Join(dir, "none.json"), 5); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	if _, err := ReadRegular(filepath.Join(dir, "d"), 5); err == nil || !strings.Contains(err.Error(), "is not a regular file (a directory)") {
		t.Errorf("directory: %v", err)
	}
	if err := os.Symlink("a.json", filepath.Join(dir, "link.json")); err == nil {
		if _, err := ReadRegular(filepath.Join(dir, "link.json"), 5); err == nil || !strings.Contains(err.Error(), "is a symbolic link") {
			t.Errorf("link: %v", err)
		}
	}
}
