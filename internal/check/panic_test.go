package check

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// A target's check that panics on a worker is raised again on the
// caller's goroutine, where the command's guard reports it, instead of
// ending the process from a goroutine nothing guards; the tools before
// it are delivered first.
func TestStreamRaisesAWorkersPanic(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	tools := loadTools(t, filepath.Join("..", "..", "testdata", "realworld", "v1"))
	if len(tools) < 3 {
		t.Fatalf("%d tools", len(tools))
	}
	bad := tools[2].Name
	boom := TargetInfo{ID: "boom", Name: "Boom", Check: func(tl *tool.Tool) []provider.Diagnostic {
		if tl.Name == bad {
			panic("boom in " + tl.Name)
		}
		return nil
	}}
	var got []string
	defer func() {
		if p := recover(); p != "boom in "+bad {
			t.Fatalf("recovered %v, want the worker's panic", p)
		}
		if len(got) != 2 {
			t.Errorf("delivered %q before the panic, want the 2 tools before it", got)
		}
	}()
	src := toolSource{n: len(tools), get: func(i int) *tool.Tool { return tools[i] }}
	streamFrom(src, []TargetInfo{boom}, nil, nil, nil, func(tr ToolResult, _ []byte) bool {
		got = append(got, tr.Tool.Name)
		return true
	}, false)
	t.Fatal("no panic reached the caller")
}
