package report

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// ScanCheckSARIF, loading and dropping file by file and keeping only the
// results the log can hold, writes the log SARIF writes for check.Run's
// result over the tools tool.Load loads: under the default cap and a cap
// the set exceeds (results left out, errors before warnings), when the
// size limit makes SARIF keep fewer results again (retries served from
// what was kept), and with anthropic-strict's set-level findings, which
// the first pass learns only at its end.
func TestScanCheckSARIFMatchesSARIF(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 150, 11); err != nil {
		t.Fatal(err)
	}
	opts := tool.Options{Cwd: dir}
	loaded := tool.Load([]string{dir}, opts)
	if len(loaded.Errors) > 0 || len(loaded.Tools) != 150 {
		t.Fatalf("corpus did not load: %d errors, %d tools", len(loaded.Errors), len(loaded.Tools))
	}
	targets := append(check.DefaultTargets(), "anthropic-strict")
	result := check.Run(loaded.Tools, targets)
	var wantFailed bool
	for _, tr := range result.Tools {
		wantFailed = wantFailed || check.Fails(tr.Targets[0].Diagnostics, check.FailOnWarning)
	}
	for _, c := range []struct {
		name     string
		in       SARIFInput
		mustHave string
	}{
		{"default cap", SARIFInput{Category: "schemaport/"}, "anthropic/strict-too-many-tools"},
		{"cap exceeded", SARIFInput{Category: "schemaport/", MaxResults: 3000}, "more results were left out: code scanning accepts at most 3000 per run"},
		{"size limit", SARIFInput{Category: "x/", MaxGzipBytes: 60 << 10}, "these are the least severe"},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := c.in
			want.Check = result
			var wantLog bytes.Buffer
			if err := SARIF(&wantLog, want); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(wantLog.String(), c.mustHave) {
				t.Fatalf("the log does not contain %q: the case tests nothing", c.mustHave)
			}
			var got bytes.Buffer
			seen, failed := 0, false
			ok, err := ScanCheckSARIF(&got, []string{dir}, opts, targets, nil, c.in, func(tr *check.ToolResult) {
				seen++
				failed = failed || check.Fails(tr.Targets[0].Diagnostics, check.FailOnWarning)
			})
			if !ok || err != nil {
				t.Fatalf("loaded %v, %v", ok, err)
			}
			if got.String() != wantLog.String() {
				t.Fatalf("log differs (%d bytes, want %d) from byte %d", got.Len(), wantLog.Len(), firstDiff(got.Bytes(), wantLog.Bytes()))
			}
			if seen < len(loaded.Tools) || failed != wantFailed {
				t.Fatalf("onResult saw %d results (want at least %d), failed %v (want %v)", seen, len(loaded.Tools), failed, wantFailed)
			}
		})
	}
	// A load problem: nothing written, for tool.Load to report.
	var got bytes.Buffer
	if ok, err := ScanCheckSARIF(&got, []string{filepath.Join(dir, "missing")}, opts, targets, nil, SARIFInput{}, nil); ok || err != nil || got.Len() > 0 {
		t.Fatalf("missing path: loaded %v, err %v, wrote %d bytes", ok, err, got.Len())
	}
}

// What the streamed log keeps is bounded by the cap, however many findings
// the set has: the results kept for the log, not every finding.
func TestScanCheckSARIFKeepsOnlyTheCap(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 60, 5); err != nil {
		t.Fatal(err)
	}
	var perLevel [3]int
	perLevel[0], perLevel[1], perLevel[2] = 5, 7, 9
	if q := quotas(perLevel, 10); q != [3]int{5, 5, 0} {
		t.Fatalf("quotas(5,7,9; 10) = %v, want [5 5 0]", q)
	}
	if q := quotas(perLevel, -1); q != perLevel {
		t.Fatalf("quotas without a limit = %v, want %v", q, perLevel)
	}
	var kept int
	orig := ownedItemHook
	ownedItemHook = func() { kept++ }
	defer func() { ownedItemHook = orig }()
	var got bytes.Buffer
	if ok, err := ScanCheckSARIF(&got, []string{dir}, tool.Options{Cwd: dir}, check.DefaultTargets(), nil, SARIFInput{MaxResults: 500}, nil); !ok || err != nil {
		t.Fatalf("loaded %v, %v", ok, err)
	}
	if kept != 500 {
		t.Fatalf("kept %d results for a log of at most 500", kept)
	}
}

// StreamCheckSARIF, over tools already loaded and with the load errors of
// the files that did not load, writes the log SARIF writes for the same
// errors and check.Run's result: errors first, under the default cap and
// a cap the set exceeds.
func TestStreamCheckSARIFMatchesSARIF(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 80, 7); err != nil {
		t.Fatal(err)
	}
	loaded := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(loaded.Errors) > 0 {
		t.Fatalf("corpus did not load: %v", loaded.Errors)
	}
	errs := []tool.LoadError{
		{SourcePath: "b.json", Message: "Invalid JSON: unexpected end of JSON input", Span: tool.Span{Line: 1, Column: 5, EndLine: 1, EndColumn: 5}},
		{SourcePath: "a.json", Message: "Tool is missing `name`", Path: "[0]", Span: tool.Span{Line: 2, Column: 3, EndLine: 2, EndColumn: 4}},
	}
	targets := check.DefaultTargets()
	result := check.Run(loaded.Tools, targets)
	for _, max := range []int{0, 700} {
		in := SARIFInput{LoadErrors: errs, Category: "schemaport/", MaxResults: max}
		want := in
		want.Check = result
		var wantLog, got bytes.Buffer
		if err := SARIF(&wantLog, want); err != nil {
			t.Fatal(err)
		}
		if err := StreamCheckSARIF(&got, loaded.Tools, targets, nil, in, nil); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(wantLog.String(), "Tool is missing") {
			t.Fatal("the log has no load error: the test would not see them")
		}
		if got.String() != wantLog.String() {
			t.Fatalf("max %d: log differs (%d bytes, want %d) from byte %d", max, got.Len(), wantLog.Len(), firstDiff(got.Bytes(), wantLog.Bytes()))
		}
	}
}
