package check

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// interleaved writes files whose tools' names alternate between files
// (file f holds t_<k>_<f> for every k), so that report order visits
// every file again and again; each tool has an optional union-typed
// property, so that anthropic-strict's per-request limits are crossed.
func interleaved(t *testing.T, files, perFile int) string {
	dir := t.TempDir()
	for f := 0; f < files; f++ {
		var tools []string
		for k := 0; k < perFile; k++ {
			tools = append(tools, fmt.Sprintf(`{"name": "t_%02d_%02d", "description": "Finds órders.", "inputSchema": {"type": "object",
  "properties": {"q": {"type": ["string", "null"], "format": "email"}, "n": {"type": "integer", "minimum": 1}},
  "required": ["n"]}}`, k, f))
		}
		path := filepath.Join(dir, fmt.Sprintf("d%d", f%3), fmt.Sprintf("f%02d.json", f))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("[\n"+strings.Join(tools, ",\n")+"\n]\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// dropCode is an Adjust that turns one code off (as the config's rules do).
func dropCode(code string) Adjust {
	return func(tr *ToolResult) {
		for i := range tr.Targets {
			tg := &tr.Targets[i]
			tg.Diagnostics = slices.DeleteFunc(tg.Diagnostics, func(d provider.Diagnostic) bool { return d.Code == code })
			tg.Summary = Summarize(tg.Diagnostics)
		}
	}
}

func keep(tr *ToolResult) ToolResult {
	kept := ToolResult{Tool: tr.Tool}
	for _, target := range tr.Targets {
		target.Diagnostics = slices.Clone(target.Diagnostics)
		kept.Targets = append(kept.Targets, target)
	}
	return kept
}

// A scanned set, checked again by Stream, gives what Run gives for the
// tools Load loads: in both passes, with the set-level findings on the
// tools that cross a limit, whether files stay loaded or are loaded again
// for each of their tools.
func TestScanMatchesRun(t *testing.T) {
	// Many files of a few tools, and files of many tools (checked in
	// parallel within the file).
	t.Run("files=12", func(t *testing.T) { scanMatchesRun(t, interleaved(t, 12, 10)) })
	t.Run("files=2", func(t *testing.T) { scanMatchesRun(t, interleaved(t, 2, 4*manyTools)) })
}

func scanMatchesRun(t *testing.T, dir string) {
	opts := tool.Options{Cwd: dir}
	loaded := tool.Load([]string{"."}, opts)
	if len(loaded.Errors) > 0 {
		t.Fatal(loaded.Errors)
	}
	targets := append(DefaultTargets(), "anthropic-strict")
	adjust := dropCode("openai/strict-optional-property")
	want := RunAdjusted(loaded.Tools, targets, adjust)
	setFindings := 0
	for _, tr := range want.Tools {
		for _, tg := range tr.Targets {
			for _, d := range tg.Diagnostics {
				if strings.HasPrefix(d.Code, "anthropic/strict-too-many") {
					setFindings++
				}
			}
		}
	}
	if setFindings != 3 {
		t.Fatalf("%d set-level findings: the set should cross every limit", setFindings)
	}
	for _, budget := range []int{32 << 20, 1} {
		t.Run(fmt.Sprintf("cache=%d", budget), func(t *testing.T) {
			defer func(b int) { cacheBytes = b }(cacheBytes)
			cacheBytes = budget
			// First pass: each tool once (the crossing ones retracted and
			// given again), in any order.
			var mu sync.Mutex
			first := map[ToolKey]ToolResult{}
			s, ok := Scan([]string{"."}, opts, targets, adjust, ScanTo{Each: func(key ToolKey, tr *ToolResult) {
				mu.Lock()
				defer mu.Unlock()
				first[key] = keep(tr)
			}, Retract: func(key ToolKey, tr *ToolResult) {
				mu.Lock()
				defer mu.Unlock()
				if !reflect.DeepEqual(first[key].Targets, keep(tr).Targets) {
					t.Errorf("retracted a result that is not the one given")
				}
				delete(first, key)
			}})
			if !ok {
				t.Fatal("scan failed")
			}
			if s.Len() != len(want.Tools) || len(first) != len(want.Tools) {
				t.Fatalf("scan: %d tools, %d results; want %d", s.Len(), len(first), len(want.Tools))
			}
			for i, key := range s.Order() {
				got := first[key]
				if got.Tool.Name != want.Tools[i].Tool.Name || !reflect.DeepEqual(got.Targets, want.Tools[i].Targets) {
					t.Fatalf("first pass, tool %d (%s): result differs from Run's (%s)", i, got.Tool.Name, want.Tools[i].Tool.Name)
				}
			}
			// Second pass: in report order.
			i := 0
			s.Stream(func(tr ToolResult) {
				w := want.Tools[i]
				if tr.Tool.Name != w.Tool.Name || tr.Tool.File() != w.Tool.File() || !reflect.DeepEqual(keep(&tr).Targets, w.Targets) {
					t.Fatalf("second pass, tool %d (%s): result differs from Run's (%s)", i, tr.Tool.Name, w.Tool.Name)
				}
				i++
			})
			if i != len(want.Tools) || s.Changed() {
				t.Fatalf("second pass: %d tools (want %d), changed %v", i, len(want.Tools), s.Changed())
			}
		})
	}
}

// Without each, Scan only loads; a file that changes before the second
// pass is reported by Changed.
func TestScanSeesAChangedFile(t *testing.T) {
	dir := interleaved(t, 3, 4)
	s, ok := Scan([]string{"."}, tool.Options{Cwd: dir}, DefaultTargets(), nil, ScanTo{})
	if !ok {
		t.Fatal("scan failed")
	}
	path := filepath.Join(dir, "d1", "f01.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	n := 0
	s.Stream(func(ToolResult) { n++ })
	if n != 12 || !s.Changed() {
		t.Fatalf("second pass gave %d tools, changed %v; want 12, true", n, s.Changed())
	}
}

// A load problem fails the scan, for tool.Load to report.
func TestScanFailsOnALoadProblem(t *testing.T) {
	dir := interleaved(t, 2, 2)
	if err := os.WriteFile(filepath.Join(dir, "dup.json"), []byte(`{"name": "t_00_00", "inputSchema": {"type": "object"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := Scan([]string{"."}, tool.Options{Cwd: dir}, DefaultTargets(), nil, ScanTo{Each: func(ToolKey, *ToolResult) {}}); ok {
		t.Fatal("a duplicate name did not fail the scan")
	}
}

// Loaded sees every file's tools before they are checked; the tools of
// the files Keep names are not checked (Each never sees them), and the
// others are checked as Run checks them.
func TestScanKeep(t *testing.T) {
	dir := interleaved(t, 4, 3)
	targets := DefaultTargets()
	walk := tool.WalkFiles([]string{"."}, tool.Options{Cwd: dir})
	var mu sync.Mutex
	loaded := map[int][]*tool.Tool{}
	checked := map[string]ToolResult{}
	kept := func(file int) bool { return file%2 == 1 }
	s, ok := ScanWalk(walk, targets, nil, ScanTo{
		Keep: kept,
		Loaded: func(file int, tools []*tool.Tool) {
			mu.Lock()
			defer mu.Unlock()
			loaded[file] = tools
		},
		Each: func(key ToolKey, tr *ToolResult) {
			mu.Lock()
			defer mu.Unlock()
			if kept(key.File) {
				t.Errorf("%s of a kept file was checked", tr.Tool.Name)
			}
			checked[tr.Tool.Name] = keep(tr)
		},
	})
	if !ok || len(loaded) != 4 {
		t.Fatalf("ok %v, %d files loaded", ok, len(loaded))
	}
	var all []*tool.Tool
	for _, ref := range s.Loaded().Refs {
		all = append(all, loaded[ref.File][ref.Index])
	}
	want := Run(all, targets)
	n := 0
	for i, ref := range s.Loaded().Refs {
		got, seen := checked[ref.Name]
		if seen != !kept(ref.File) {
			t.Fatalf("%s: checked %v", ref.Name, seen)
		}
		if seen {
			n++
			if !reflect.DeepEqual(got.Targets, want.Tools[i].Targets) {
				t.Fatalf("%s: checked differently from Run", ref.Name)
			}
		}
	}
	if n == 0 {
		t.Fatal("nothing was checked")
	}
}
