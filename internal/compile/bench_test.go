package compile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/cputime"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The two benchmarks over the shared corpus give the ratio the issue asks
// for: compile (in memory, every default target, self-check included)
// against load+check.
func BenchmarkCorpusLoadCheck(b *testing.B) {
	dir, _, _ := corpus.Shared(b)
	start := cputime.Process()
	for b.Loop() {
		res := tool.Load([]string{dir}, tool.Options{Cwd: dir})
		check.Run(res.Tools, check.DefaultTargets())
	}
	b.ReportMetric(float64(cputime.Process()-start)/float64(b.N)/1e9, "cpu-s/op")
}

func BenchmarkCorpusLoadCompile(b *testing.B) {
	dir, _, _ := corpus.Shared(b)
	start := cputime.Process()
	for b.Loop() {
		res := tool.Load([]string{dir}, tool.Options{Cwd: dir})
		if _, err := Build(res.Tools, check.DefaultTargets(), false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cputime.Process()-start)/float64(b.N)/1e9, "cpu-s/op")
}

// TestRealWorldLossless reports how many of the bundled real-world tools
// compile without loss for each target (go test -v -run RealWorld).
func TestRealWorldLossless(t *testing.T) {
	tools := loadEach(t, "../../testdata/realworld")
	if len(tools) == 0 {
		t.Fatal("no real-world tools")
	}
	counts(t, "testdata/realworld (v1, v2, quirks)", tools)
	counts(t, "testdata/realworld/v1", loadEach(t, "../../testdata/realworld/v1"))
	// The third-party set beside the repository, when present (read only).
	shared := filepath.Join("..", "..", "..", "shared", "realworld")
	if _, err := os.Stat(shared); err == nil {
		counts(t, "../shared/realworld", loadEach(t, shared))
	}
}

func counts(t *testing.T, name string, tools []*tool.Tool) {
	for _, id := range allTargets {
		ok := 0
		for _, tl := range tools {
			if Compile(tl, id, false).OK {
				ok++
			}
		}
		t.Logf("%s: %s: %d of %d tools compile without loss", name, id, ok, len(tools))
		if ok == 0 {
			t.Errorf("%s: no tool compiles without loss for %s", name, id)
		}
	}
}
