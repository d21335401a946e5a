package tool

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/tool/casefiles"
)

// Scan visits every tool Load loads, and keeps them in Load's order, with
// ToolsOf giving the same trees again.
func TestScanMatchesLoad(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	// Names out of file order, several tools per file, nested directories.
	for f := 0; f < 12; f++ {
		var tools string
		for k := 0; k < f%4+1; k++ {
			if k > 0 {
				tools += ","
			}
			tools += okFile(fmt.Sprintf("t_%02d_%d", (f*7)%12, k))
		}
		files[fmt.Sprintf("d%d/f%02d.json", f%3, f)] = "[" + tools + "]"
	}
	files["single.json"] = okFile("ünicode")
	casefiles.Write(t, dir, files, nil)
	opts := Options{Cwd: dir}
	want := Load([]string{"d0", "d1", "d2", "single.json"}, opts)
	if len(want.Errors) > 0 {
		t.Fatal(want.Errors)
	}
	var mu sync.Mutex
	visited := map[string]int{}
	s := Scan([]string{"d0", "d1", "d2", "single.json"}, opts, func(file int, tools []*Tool) {
		mu.Lock()
		defer mu.Unlock()
		for _, tl := range tools {
			visited[tl.Name]++
		}
	})
	if s.Failed {
		t.Fatal("scan failed")
	}
	if len(visited) != len(want.Tools) {
		t.Fatalf("visited %d tools, want %d", len(visited), len(want.Tools))
	}
	for i, ref := range s.Refs {
		w := want.Tools[i]
		if ref.Name != w.Name || visited[ref.Name] != 1 {
			t.Fatalf("ref %d is %q (visited %d times), want %q once", i, ref.Name, visited[ref.Name], w.Name)
		}
		tools, ok := s.ToolsOf(ref.File)
		if !ok {
			t.Fatalf("%s: file does not load again", ref.Name)
		}
		got := tools[ref.Index]
		if got.Name != w.Name || got.File() != w.File() || got.Base != w.Base || !reflect.DeepEqual(got.Value, w.Value) {
			t.Fatalf("ToolsOf gives %s %s %s, want %s %s %s", got.Name, got.File(), got.Base, w.Name, w.File(), w.Base)
		}
	}
}

// Whatever Load reports as a problem, Scan reports as Failed (the caller
// then loads with Load, which says what it is).
func TestScanFailsWhereLoadReports(t *testing.T) {
	cases := map[string]map[string]string{
		"broken file":    {"a.json": okFile("a"), "b.json": `{"name": `},
		"invalid tool":   {"a.json": `{"name": "a"}`},
		"duplicate name": {"a.json": okFile("same"), "b/c.json": "[" + okFile("x") + "," + okFile("same") + "]"},
		"empty dir":      {"README.md": "no tools"},
	}
	for name, files := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			casefiles.Write(t, dir, files, nil)
			if res := Load([]string{"."}, Options{Cwd: dir}); len(res.Errors) == 0 {
				t.Fatal("Load reports nothing: the case tests nothing")
			}
			if s := Scan([]string{"."}, Options{Cwd: dir}, func(int, []*Tool) {}); !s.Failed {
				t.Fatal("Scan did not fail")
			}
		})
	}
	if s := Scan([]string{"missing.json"}, Options{Cwd: t.TempDir()}, func(int, []*Tool) {}); !s.Failed {
		t.Fatal("Scan of a missing path did not fail")
	}
}

// A file that changes between the scan and ToolsOf is reported, not
// checked as if it were the one scanned.
func TestToolsOfSeesAChangedFile(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{"a.json": "[" + okFile("a") + "," + okFile("b") + "]"}, nil)
	s := Scan([]string{"."}, Options{Cwd: dir}, func(int, []*Tool) {})
	if s.Failed || len(s.Refs) != 2 {
		t.Fatalf("scan: failed %v, %d refs", s.Failed, len(s.Refs))
	}
	if _, ok := s.ToolsOf(0); !ok {
		t.Fatal("unchanged file does not load again")
	}
	for _, content := range []string{"[" + okFile("a") + "," + okFile("c") + "]", okFile("a"), `[{"name":`,
		"[" + okFile("a") + ",\n" + okFile("b") + "]",                          // same tools, moved
		`[{"name":"a","inputSchema":{"type":"string"}},` + okFile("b") + "]"} { // same names, a tool no longer valid
		if err := os.WriteFile(filepath.Join(dir, "a.json"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, ok := s.ToolsOf(0); ok {
			t.Fatalf("changed file (%s) loads as before", content)
		}
	}
}

// ToolsOfFiles gives what ToolsOf gives, file by file; Holds recognises
// a file's bytes (and format) as the scan's and nothing else; both see a
// file that changed since the scan.
func TestToolsOfFilesAndHolds(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	for f := 0; f < 9; f++ {
		files[fmt.Sprintf("f%d.json", f)] = "[" + okFile(fmt.Sprintf("a_%d", f)) + "," + okFile(fmt.Sprintf("b_%d", f)) + "]"
	}
	casefiles.Write(t, dir, files, nil)
	s := Scan([]string{"."}, Options{Cwd: dir}, func(int, []*Tool) {})
	if s.Failed || s.Files() != 9 {
		t.Fatalf("scan failed or found %d files", s.Files())
	}
	all := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	got, ok := s.ToolsOfFiles(all)
	if !ok || len(got) != 9 {
		t.Fatalf("ok %v, %d files", ok, len(got))
	}
	for _, f := range all {
		want, _ := s.ToolsOf(f)
		if len(got[f]) != len(want) || !reflect.DeepEqual(s.Names(f), []string{want[0].Name, want[1].Name}) {
			t.Fatalf("file %d: %d tools, want %d", f, len(got[f]), len(want))
		}
		for i := range want {
			if got[f][i].Name != want[i].Name || string(got[f][i].Source.Data) != string(want[i].Source.Data) || got[f][i].Base != want[i].Base {
				t.Fatalf("file %d tool %d differs", f, i)
			}
		}
		data, err := os.ReadFile(filepath.Join(dir, s.Display(f)))
		if err != nil {
			t.Fatal(err)
		}
		if !s.Holds(f, "", data) || s.Holds(f, FormatCanonical, data) || s.Holds(f, "", append(data, ' ')) || s.Holds((f+1)%9, "", data) {
			t.Fatalf("file %d: Holds is wrong", f)
		}
	}
	path := filepath.Join(dir, s.Display(4))
	data, _ := os.ReadFile(path)
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.ToolsOfFiles(all); ok {
		t.Error("ToolsOfFiles did not see the changed file")
	}
	if s.Holds(4, "", data) {
		t.Error("Holds took the scanned bytes for the file on disk, which changed")
	}
}

// Options.Skip leaves the files it names out of a load, unparsed (even
// one that would not parse), and is asked about every file read with its
// display path, forced format and bytes.
func TestLoadSkip(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{"a.json": okFile("a"), "b.json": okFile("b"), "broken.json": "{"}, nil)
	var mu sync.Mutex
	asked := map[string]string{}
	res := Load([]string{"."}, Options{Cwd: dir, Skip: func(display string, format Format, data []byte) bool {
		mu.Lock()
		defer mu.Unlock()
		asked[display] = string(data)
		return display != "a.json"
	}})
	if len(res.Errors) > 0 || len(res.Tools) != 1 || res.Tools[0].Name != "a" {
		t.Fatalf("tools %v, errors %v", res.Tools, res.Errors)
	}
	if len(asked) != 3 || asked["broken.json"] != "{" {
		t.Fatalf("asked about %v", asked)
	}
}

// A walk finds the files before any is read: Holds compares other bytes
// with the file at a display path as it is now (display path, forced
// format, bytes), and the scan that loads the files afterwards is Changed
// when a file Holds found equal no longer has those bytes, or when any
// file is written after the scan read it. The files ScanKeeping keeps
// load as Scan's do.
func TestWalkHoldsAndChanged(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	for f := 0; f < 6; f++ {
		files[fmt.Sprintf("f%d.json", f)] = "[" + okFile(fmt.Sprintf("z_%d", 9-f)) + "," + okFile(fmt.Sprintf("a_%d", f)) + "]"
	}
	casefiles.Write(t, dir, files, nil)
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	walk := WalkFiles([]string{"."}, Options{Cwd: dir})
	f1 := read("f1.json")
	if !walk.Holds("f1.json", "", f1) || walk.Holds("f1.json", FormatCanonical, f1) || walk.Holds("f1.json", "", append(f1, ' ')) ||
		walk.Holds("f2.json", "", f1) || walk.Holds("missing.json", "", f1) || !walk.Holds("f3.json", "", read("f3.json")) {
		t.Fatal("Holds is wrong")
	}
	keep := func(file int) bool { return file%2 == 0 }
	var mu sync.Mutex
	loaded := map[int][]*Tool{}
	s := walk.ScanKeeping(keep, func(file int, tools []*Tool) {
		mu.Lock()
		defer mu.Unlock()
		loaded[file] = tools
	})
	want := Scan([]string{"."}, Options{Cwd: dir}, func(int, []*Tool) {})
	if s.Failed || !reflect.DeepEqual(s.Refs, want.Refs) || len(loaded) != 6 {
		t.Fatalf("failed %v, %d files, refs %v, want %v", s.Failed, len(loaded), s.Refs, want.Refs)
	}
	for f, tools := range loaded {
		again, ok := s.ToolsOf(f)
		if !ok || len(again) != len(tools) || string(again[0].Source.Data) != string(tools[0].Source.Data) || again[1].Name != tools[1].Name {
			t.Fatalf("file %d loaded differently", f)
		}
		if walk.Held(f) != (s.Display(f) == "f1.json" || s.Display(f) == "f3.json") {
			t.Fatalf("file %s: held %v", s.Display(f), walk.Held(f))
		}
	}
	if s.Changed() {
		t.Fatal("changed, with no file written")
	}
	if err := os.WriteFile(filepath.Join(dir, "f5.json"), append(read("f5.json"), '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if !s.Changed() {
		t.Error("a file written after the scan read it did not make the scan changed")
	}

	// A file Holds compared that changes before the scan reads it.
	walk = WalkFiles([]string{"."}, Options{Cwd: dir})
	if !walk.Holds("f1.json", "", f1) {
		t.Fatal("Holds is wrong")
	}
	if err := os.WriteFile(filepath.Join(dir, "f1.json"), append(f1, ' '), 0o644); err != nil {
		t.Fatal(err)
	}
	if s := walk.Scan(func(int, []*Tool) {}); s.Failed || !s.Changed() {
		t.Errorf("failed %v: the scan did not see that a file Holds compared changed", s.Failed)
	}
}

// The version a read takes from the open file (the scan's stamp of each
// file, which Changed compares with stampOf later) is stampOf's, with
// the system-call reader and with os.File's.
func TestReadVersionIsStampOf(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.json")
	if err := os.WriteFile(path, []byte(okFile("a")), 0o644); err != nil {
		t.Fatal(err)
	}
	mtime := time.Date(2024, 2, 29, 12, 30, 45, 123456789, time.UTC)
	if err := os.Chtimes(path, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	check := func(reader string) {
		t.Helper()
		data, version, err := readFileStamped(path, 0, nil)
		if err != nil || string(data) != okFile("a") {
			t.Fatalf("%s: read %q, %v", reader, data, err)
		}
		if want := stampOf(path); !want.ok || version != want {
			t.Fatalf("%s: version %+v, stampOf says %+v", reader, version, want)
		}
	}
	check("system calls")
	withFS(t, nil, os.Open)
	check("os.File")
}

// The scan keeps each file's document shape, and ToolsOf, which parses
// with it (no pre-pass), loads the trees Load loads.
func TestToolsOfParsesWithTheScansShape(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	for f := 0; f < 5; f++ {
		files[fmt.Sprintf("f%d.json", f)] = "[" + okFile(fmt.Sprintf("a_%d", f)) + ",\n  " + okFile(fmt.Sprintf("b_%d", f)) + "]"
	}
	casefiles.Write(t, dir, files, nil)
	s := Scan([]string{"."}, Options{Cwd: dir}, func(int, []*Tool) {})
	want := Load([]string{"."}, Options{Cwd: dir})
	if s.Failed || len(want.Errors) != 0 || len(s.Refs) != len(want.Tools) {
		t.Fatalf("scan failed %v, load errors %v", s.Failed, want.Errors)
	}
	for i, ref := range s.Refs {
		if len(s.shapes[ref.File]) == 0 {
			t.Fatalf("file %d: no shape kept", ref.File)
		}
		tools, ok := s.ToolsOf(ref.File)
		if !ok {
			t.Fatalf("file %d does not load again", ref.File)
		}
		got := tools[ref.Index]
		if got.Name != want.Tools[i].Name || !reflect.DeepEqual(got.Value, want.Tools[i].Value) {
			t.Fatalf("tool %d: ToolsOf's tree is not Load's", i)
		}
	}
}
