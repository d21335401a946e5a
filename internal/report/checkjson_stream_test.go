package report

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The streamed document is byte-for-byte the one CheckJSON writes for
// check.Run's result, whether it fits the memory given (one pass), does
// not fit at all (two passes) or overflows halfway; onResult sees every
// tool once, in order.
func TestStreamCheckJSONMatchesCheckJSON(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 150, 11); err != nil {
		t.Fatal(err)
	}
	loaded := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(loaded.Errors) > 0 || len(loaded.Tools) != 150 {
		t.Fatalf("corpus did not load: %d errors, %d tools", len(loaded.Errors), len(loaded.Tools))
	}
	targets := append(check.DefaultTargets(), "anthropic-strict")
	var want bytes.Buffer
	if err := CheckJSON(&want, check.Run(loaded.Tools, targets)); err != nil {
		t.Fatal(err)
	}
	for _, memory := range []int{1 << 30, 0, want.Len() / 2} {
		var got bytes.Buffer
		var seen []string
		err := StreamCheckJSON(&got, loaded.Tools, targets, memory, func(tr *check.ToolResult) {
			seen = append(seen, tr.Tool.Name)
		})
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("memory %d: streamed document differs (%d bytes, want %d) from byte %d", memory, got.Len(), want.Len(), firstDiff(got.Bytes(), want.Bytes()))
		}
		if len(seen) != len(loaded.Tools) {
			t.Fatalf("memory %d: onResult saw %d tools, want %d", memory, len(seen), len(loaded.Tools))
		}
		for i, name := range seen {
			if name != loaded.Tools[i].Name {
				t.Fatalf("memory %d: onResult saw %s at %d, want %s", memory, name, i, loaded.Tools[i].Name)
			}
		}
	}

	var got bytes.Buffer
	want.Reset()
	if err := CheckJSON(&want, nil); err != nil {
		t.Fatal(err)
	}
	if err := StreamCheckJSON(&got, nil, targets, 0, nil); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Fatalf("empty documents differ:\n%s\n---\n%s", got.String(), want.String())
	}
}

func firstDiff(a, b []byte) int {
	for i := 0; i < min(len(a), len(b)); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// ScanCheckJSON, loading and dropping file by file, writes the document
// StreamCheckJSON writes for the tools tool.Load loads, whether it keeps
// the renderings (one pass) or loads every file again (two), and with the
// set-level findings of anthropic-strict, which it learns only at the end
// of the first pass.
func TestScanCheckJSONMatchesStreamCheckJSON(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 150, 11); err != nil {
		t.Fatal(err)
	}
	opts := tool.Options{Cwd: dir}
	loaded := tool.Load([]string{dir}, opts)
	targets := append(check.DefaultTargets(), "anthropic-strict")
	var want bytes.Buffer
	var wantFailed bool
	if err := StreamCheckJSON(&want, loaded.Tools, targets, 1<<30, func(tr *check.ToolResult) {
		wantFailed = wantFailed || check.Fails(tr.Targets[0].Diagnostics, check.FailOnWarning)
	}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(want.Bytes(), []byte("anthropic/strict-too-many-tools")) {
		t.Fatal("the set crosses no strict limit: the test would not see set-level findings")
	}
	for _, memory := range []int{1 << 30, 0, want.Len() / 2} {
		var got bytes.Buffer
		seen := 0
		failed := false
		ok, err := ScanCheckJSON(&got, []string{dir}, opts, targets, nil, memory, func(tr *check.ToolResult) {
			seen++
			failed = failed || check.Fails(tr.Targets[0].Diagnostics, check.FailOnWarning)
		})
		if !ok || err != nil {
			t.Fatalf("memory %d: loaded %v, %v", memory, ok, err)
		}
		if got.String() != want.String() {
			t.Fatalf("memory %d: document differs (%d bytes, want %d) from byte %d", memory, got.Len(), want.Len(), firstDiff(got.Bytes(), want.Bytes()))
		}
		if seen < len(loaded.Tools) || failed != wantFailed {
			t.Fatalf("memory %d: onResult saw %d results (want at least %d), failed %v (want %v)", memory, seen, len(loaded.Tools), failed, wantFailed)
		}
	}
	// A load problem: nothing written, for tool.Load to report.
	var got bytes.Buffer
	if ok, err := ScanCheckJSON(&got, []string{filepath.Join(dir, "missing")}, opts, targets, nil, 0, nil); ok || err != nil || got.Len() > 0 {
		t.Fatalf("missing path: loaded %v, err %v, wrote %d bytes", ok, err, got.Len())
	}
}
