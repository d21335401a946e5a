package safefile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

func TestWriteCreatesAndReplaces(t *testing.T) {
	root := t.TempDir()
	dest := filepath.Join(root, "out", "deep", "r.json")
	if err := Write(root, dest, writeString("one")); err != nil {
		t.Fatal(err)
	}
	if err := Write(root, dest, writeString("two")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(dest); string(b) != "two" {
		t.Fatalf("content %q", b)
	}
	entries, _ := os.ReadDir(filepath.Dir(dest))
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
}

func TestWriteRefusesASymlinkDestination(t *testing.T) {
	root := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("precious"), 0o644)
	dest := filepath.Join(root, "schemaport.sarif")
	if err := os.Symlink(victim, dest); err != nil {
		t.Fatal(err)
	}
	err := Write(root, dest, writeString("overwritten"))
	if err == nil || !strings.Contains(err.Error(), "is a symbolic link") {
		t.Fatalf("err = %v, want a refusal naming the link", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Fatalf("the link target was written: %q", b)
	}
	if fi, _ := os.Lstat(dest); fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced")
	}
}

func TestWriteRefusesALinkToDevStdout(t *testing.T) {
	root := t.TempDir()
	dest := filepath.Join(root, "schemaport-report.json")
	os.Symlink("/dev/stdout", dest)
	if err := Write(root, dest, writeString("{}")); err == nil {
		t.Fatal("wrote through a link to /dev/stdout")
	}
}

func TestWriteRefusesANonRegularDestination(t *testing.T) {
	root := t.TempDir()
	dest := filepath.Join(root, "report.json")
	os.Mkdir(dest, 0o755)
	err := Write(root, dest, writeString("{}"))
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("err = %v", err)
	}
}

func TestWriteRefusesADirectoryOutsideTheRoot(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	// A committed directory link: out -> somewhere else.
	os.Symlink(outside, filepath.Join(root, "out"))
	err := Write(root, filepath.Join(root, "out", "r.sarif"), writeString("x"))
	if err == nil || !strings.Contains(err.Error(), "outside the workspace") {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(outside, "r.sarif")); err == nil {
		t.Fatal("written through a directory link")
	}
	err = Write(root, filepath.Join(outside, "r.sarif"), writeString("x"))
	if err == nil || !strings.Contains(err.Error(), "outside the workspace") {
		t.Fatalf("absolute path outside: err = %v", err)
	}
	// A link that resolves inside the root is fine.
	os.Mkdir(filepath.Join(root, "real"), 0o755)
	os.Symlink("real", filepath.Join(root, "alias"))
	if err := Write(root, filepath.Join(root, "alias", "r.sarif"), writeString("x")); err != nil {
		t.Fatalf("link inside the workspace: %v", err)
	}
}

func TestWriteKeepsTheOldFileWhenWritingFails(t *testing.T) {
	root := t.TempDir()
	dest := filepath.Join(root, "r.json")
	os.WriteFile(dest, []byte("old"), 0o644)
	boom := errors.New("boom")
	err := Write(root, dest, func(w io.Writer) error { io.WriteString(w, "half"); return boom })
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(dest); string(b) != "old" {
		t.Fatalf("content %q", b)
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
}

func TestAppendRefusesLinksAndSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, []byte("precious"), 0o644)
	link := filepath.Join(dir, "summary.md")
	os.Symlink(victim, link)
	if err := Append(link, "x"); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Fatalf("appended through a link: %q", b)
	}
	if err := Append(dir, "x"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("directory: err = %v", err)
	}
	plain := filepath.Join(dir, "plain.md")
	if err := Append(plain, "a"); err != nil {
		t.Fatal(err)
	}
	if err := Append(plain, "b"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(plain); string(b) != "ab" {
		t.Fatalf("content %q", b)
	}
}

func TestWriteWithoutARootStillRefusesLinks(t *testing.T) {
	dir := t.TempDir()
	if err := Write("", filepath.Join(dir, "a", "r.json"), writeString("x")); err != nil {
		t.Fatal(err)
	}
	os.Symlink(filepath.Join(dir, "a", "r.json"), filepath.Join(dir, "l.json"))
	if err := Write("", filepath.Join(dir, "l.json"), writeString("y")); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("err = %v", err)
	}
}
