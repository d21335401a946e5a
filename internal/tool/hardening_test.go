package tool

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A symlink loop is not a missing path: the message says what it is.
func TestSymlinkLoopIsReportedAsALoop(t *testing.T) {
	dir := t.TempDir()
	os.Symlink("self", filepath.Join(dir, "self"))
	os.Symlink("b", filepath.Join(dir, "a"))
	os.Symlink("a", filepath.Join(dir, "b"))
	res := Load([]string{"self", "a"}, Options{Cwd: dir})
	want := []string{
		"self |  | Path is a symbolic link loop: following it leads back to itself, never to a file or directory.",
		"a |  | Path is a symbolic link loop: following it leads back to itself, never to a file or directory.",
	}
	if got := errLines(res); !reflect.DeepEqual(got, want) {
		t.Fatalf("errors:\n got %q\nwant %q", got, want)
	}
}

// A link inside a walked directory is not followed, and the result says
// so instead of leaving it out silently.
func TestSymlinkInsideAWalkIsANotice(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"tools/a.json": okFile("a"), "elsewhere/b.json": okFile("b")})
	os.Symlink("../elsewhere/b.json", filepath.Join(dir, "tools", "b.json"))
	os.Symlink("../elsewhere", filepath.Join(dir, "tools", "more"))
	os.Symlink("../elsewhere/b.json", filepath.Join(dir, "tools", ".hidden.json"))
	res := Load([]string{"tools"}, Options{Cwd: dir})
	if len(res.Errors) > 0 || !reflect.DeepEqual(toolNames(res), []string{"a"}) {
		t.Fatalf("tools %v errors %v", toolNames(res), errLines(res))
	}
	var got []string
	for _, n := range res.Notices {
		got = append(got, n.SourcePath+" | "+n.Message)
	}
	want := []string{
		"tools/b.json | Not loaded: a symbolic link inside a directory is not followed. Name its target as a path to load it.",
		"tools/more | Not loaded: a symbolic link inside a directory is not followed. Name its target as a path to load it.",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("notices:\n got %q\nwant %q", got, want)
	}
}

// A directory holding only links loads nothing; its error says why (the
// CLI shows no notices), naming the first links. It said only "contains no
// .json tool definitions" of a directory full of them.
func TestDirectoryOfLinksSaysWhyItIsEmpty(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"elsewhere/b.json": okFile("b"), "one/.keep": "", "many/.keep": ""})
	os.Symlink("../elsewhere/b.json", filepath.Join(dir, "one", "b.json"))
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		os.Symlink("../elsewhere/b.json", filepath.Join(dir, "many", n+".json"))
	}
	res := Load([]string{"one", "many"}, Options{Cwd: dir})
	want := []string{
		"one |  | Directory contains no .json tool definitions, only a symbolic link (`one/b.json`), which a directory walk does not follow. Name a link's target as a path to load it.",
		"many |  | Directory contains no .json tool definitions, only 5 symbolic links (`many/a.json`, `many/b.json`, `many/c.json` and 2 more), which a directory walk does not follow. Name a link's target as a path to load it.",
	}
	if got := errLines(res); !reflect.DeepEqual(got, want) {
		t.Fatalf("errors:\n got %q\nwant %q", got, want)
	}
}

// With a Root, a path that resolves outside it is an error naming where
// it leads, and nothing there is walked.
func TestPathsResolvingOutsideTheRootAreErrors(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{"x.json": okFile("x")})
	writeFiles(t, dir, map[string]string{"repo/tools/a.json": okFile("a"), "repo/real/c.json": okFile("c")})
	repo := filepath.Join(dir, "repo")
	os.Symlink(outside, filepath.Join(repo, "linked"))
	os.Symlink("real", filepath.Join(repo, "inside"))
	res := Load([]string{"tools", "linked", "inside", outside}, Options{Cwd: repo, Root: repo})
	realOutside, _ := filepath.EvalSymlinks(outside)
	want := []string{
		"linked |  | Path resolves to " + filepath.ToSlash(realOutside) + ", outside the repository: SchemaPort loads only files inside it.",
	}
	if got := errLines(res); !reflect.DeepEqual(got, want) {
		t.Fatalf("errors:\n got %q\nwant %q", got, want)
	}
	// A path named outside the root is the caller's explicit choice.
	if !reflect.DeepEqual(toolNames(res), []string{"a", "c", "x"}) {
		t.Fatalf("tools %v", toolNames(res))
	}
}

// A file over the size limit is refused before it is read, with its size
// and the limit in the message.
func TestFileOverTheSizeLimitIsRefused(t *testing.T) {
	dir := t.TempDir()
	big := `{"name":"big","description":"` + strings.Repeat("x", 2000) + `","inputSchema":{"type":"object"}}`
	writeFiles(t, dir, map[string]string{"tools/big.json": big, "tools/small.json": okFile("small")})
	res := Load([]string{"tools"}, Options{Cwd: dir, MaxFileSize: 1024})
	want := []string{"tools/big.json |  | File is 2.0 KiB (2063 bytes), over the size limit of 1.0 KiB (1024 bytes); it was not read. Raise `maxFileSize` in the config file to load it."}
	if got := errLines(res); !reflect.DeepEqual(got, want) {
		t.Fatalf("errors:\n got %q\nwant %q", got, want)
	}
	if res.Errors[0].Line != 1 || res.Errors[0].Column != 1 {
		t.Errorf("span %+v", res.Errors[0].Span)
	}
	// The default limit loads it.
	if res := Load([]string{"tools"}, Options{Cwd: dir}); len(res.Errors) > 0 {
		t.Fatalf("default limit: %v", errLines(res))
	}
	if DefaultMaxFileSize != 64<<20 {
		t.Fatalf("DefaultMaxFileSize = %d", DefaultMaxFileSize)
	}
}

// A named pipe or device given by name is not read until the end: the
// limit also holds while reading, whatever the size says.
func TestSizeLimitHoldsWhileReading(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	dir := t.TempDir()
	os.Symlink("/dev/zero", filepath.Join(dir, "zero.json"))
	res := Load([]string{"zero.json"}, Options{Cwd: dir, MaxFileSize: 1 << 20})
	got := errLines(res)
	if len(got) != 1 || !strings.Contains(got[0], "Path is not a regular file or a directory.") {
		t.Fatalf("errors %q", got)
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Walkable is the walk's rule, file by file.
func TestWalkableAgreesWithTheWalk(t *testing.T) {
	dir := t.TempDir()
	files := []string{"a.json", "sub/b.json", "node_modules/x.json", "deep/dist/y.json", ".hidden/z.json", ".dot.json",
		"readme.md", "sub/coverage/c.json", "b.JSON", "x/.git/config.json"}
	tree := map[string]string{}
	for _, f := range files {
		tree["tools/"+f] = okFile(strings.NewReplacer("/", "_", ".", "_").Replace(f))
	}
	writeFiles(t, dir, tree)
	res := Load([]string{"tools"}, Options{Cwd: dir})
	loaded := map[string]bool{}
	for _, tl := range res.Tools {
		loaded[strings.TrimPrefix(tl.Source.Path, "tools/")] = true
	}
	for _, f := range files {
		if Walkable(f) != loaded[f] {
			t.Errorf("%s: Walkable %v, loaded %v", f, Walkable(f), loaded[f])
		}
	}
}

// A file saved as UTF-16 or UTF-32 (Windows editors' "Unicode") is named
// as such, at its start, with what to do; the parser's "invalid character
// '\xff'" did not say.
func TestWideEncodingsAreNamed(t *testing.T) {
	text := `{"name": "t", "inputSchema": {"type": "object"}}`
	utf16 := func(bom []byte, le bool) string {
		b := append([]byte{}, bom...)
		for _, c := range []byte(text) {
			if le {
				b = append(b, c, 0)
			} else {
				b = append(b, 0, c)
			}
		}
		return string(b)
	}
	var utf32 []byte
	utf32 = append(utf32, 0xFF, 0xFE, 0, 0)
	for _, c := range []byte(text) {
		utf32 = append(utf32, c, 0, 0, 0)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a.json": utf16([]byte{0xFF, 0xFE}, true), "b.json": utf16([]byte{0xFE, 0xFF}, false),
		"c.json": utf16(nil, true), "d.json": string(utf32), "e.json": `{"name": "t",}`,
	})
	res := Load([]string{"a.json", "b.json", "c.json", "d.json", "e.json"}, Options{Cwd: dir})
	want := []string{
		"a.json | | Invalid JSON: the file is UTF-16 (little-endian) text, and JSON files must be UTF-8; save it as UTF-8 at line 1 column 1",
		"b.json | | Invalid JSON: the file is UTF-16 (big-endian) text, and JSON files must be UTF-8; save it as UTF-8 at line 1 column 1",
		"c.json | | Invalid JSON: the file is UTF-16 (little-endian) text, and JSON files must be UTF-8; save it as UTF-8 at line 1 column 1",
		"d.json | | Invalid JSON: the file is UTF-32 (little-endian) text, and JSON files must be UTF-8; save it as UTF-8 at line 1 column 1",
		"e.json | | Invalid JSON: trailing comma before '}' (remove the comma) at line 1 column 13",
	}
	var got []string
	for _, e := range res.Errors {
		got = append(got, e.SourcePath+" | "+e.Path+"| "+e.Message)
		if e.Span.Line == 0 {
			t.Errorf("%s has no position", e.SourcePath)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("errors:\n got %q\nwant %q", got, want)
	}
}
