package check

import (
	"reflect"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/corpus"
)

// Stream hands fn every tool's result in tool order, equal to Run's, while
// it reuses diagnostic lists behind fn: what fn copied stays intact (the
// strings included) however many tools come after it.
func TestStreamMatchesRun(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 400, 7); err != nil {
		t.Fatal(err)
	}
	tools := loadTools(t, dir)
	targets := append(DefaultTargets(), "anthropic-strict")
	want := Run(tools, targets)

	var got []ToolResult
	Stream(tools, targets, func(tr ToolResult) {
		kept := ToolResult{Tool: tr.Tool}
		for _, target := range tr.Targets {
			target.Diagnostics = slices.Clone(target.Diagnostics)
			kept.Targets = append(kept.Targets, target)
		}
		got = append(got, kept)
	})
	if len(got) != len(want.Tools) {
		t.Fatalf("Stream gave %d tools, Run %d", len(got), len(want.Tools))
	}
	diagnostics := 0
	for i := range got {
		if got[i].Tool != tools[i] {
			t.Fatalf("result %d is for %s, want %s", i, got[i].Tool.Name, tools[i].Name)
		}
		if !reflect.DeepEqual(got[i], want.Tools[i]) {
			t.Fatalf("tool %s: Stream and Run differ", tools[i].Name)
		}
		for _, target := range got[i].Targets {
			diagnostics += len(target.Diagnostics)
		}
	}
	if diagnostics < 10000 {
		t.Errorf("only %d diagnostics: the corpus should exercise recycling", diagnostics)
	}
	// A fresh run still agrees: recycled lists and pooled text leave
	// earlier results untouched.
	if again := Run(tools, targets); !reflect.DeepEqual(again, want) {
		t.Error("a second Run differs from the first")
	}
}

func TestStreamNothing(t *testing.T) {
	Stream(nil, DefaultTargets(), func(ToolResult) { t.Error("fn called for no tools") })
	if res := Run(nil, DefaultTargets()); len(res.Tools) != 0 || res.Errors != 0 {
		t.Errorf("Run(nil) = %+v", res)
	}
}

// A panicking fn leaves no worker behind, waiting for room in the window.
func TestStreamLetsWorkersGoWhenFnPanics(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 70*runtime.GOMAXPROCS(0), 7); err != nil {
		t.Fatal(err)
	}
	tools := loadTools(t, dir)
	before := runtime.NumGoroutine()
	func() {
		defer func() { _ = recover() }()
		Stream(tools, DefaultTargets(), func(ToolResult) { panic("report writer failed") })
	}()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines left behind", n-before)
	}
}
