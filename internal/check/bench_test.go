package check

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The benchmark corpus (the same one the loader's benchmarks use: 10,000
// tools, seed 20260820) is generated once per test binary into a temporary
// directory and removed by TestMain.
const (
	benchTools = 10000
	benchSeed  = 20260820
)

var bench struct {
	once  sync.Once
	dir   string
	stats corpus.Stats
	files []string
	err   error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if bench.dir != "" {
		os.RemoveAll(bench.dir)
	}
	os.Exit(code)
}

func benchCorpus(b *testing.B) (string, corpus.Stats, []string) {
	b.Helper()
	bench.once.Do(func() {
		bench.dir, bench.err = os.MkdirTemp("", "schemaport-check-corpus-")
		if bench.err != nil {
			return
		}
		if bench.stats, bench.err = corpus.Generate(bench.dir, benchTools, benchSeed); bench.err != nil {
			return
		}
		bench.err = filepath.WalkDir(bench.dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				bench.files = append(bench.files, p)
			}
			return err
		})
	})
	if bench.err != nil {
		b.Fatal(bench.err)
	}
	return bench.dir, bench.stats, bench.files
}

func loadCorpus(b *testing.B, dir string, st corpus.Stats) []*tool.Tool {
	res := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(res.Errors) != 0 || len(res.Tools) != st.Tools {
		b.Fatalf("corpus did not load cleanly: %d errors, %d tools", len(res.Errors), len(res.Tools))
	}
	return res.Tools
}

// BenchmarkCheck loads the corpus and checks it on the four default
// targets: what `check` does before writing its report. It also reports
// the peak live heap of one more load+check relative to the corpus size.
func BenchmarkCheck(b *testing.B) {
	dir, st, _ := benchCorpus(b)
	b.SetBytes(st.Bytes)
	b.ReportAllocs()
	b.ResetTimer()
	var diags int
	for i := 0; i < b.N; i++ {
		res := Run(loadCorpus(b, dir, st), DefaultTargets())
		diags = res.Errors + res.Warnings + res.Infos
	}
	b.StopTimer()
	b.ReportMetric(float64(diags), "diagnostics")
	peak := peakHeap(func() any { return Run(loadCorpus(b, dir, st), DefaultTargets()) })
	b.ReportMetric(float64(peak)/float64(st.Bytes), "peakheap/corpus")
	b.ReportMetric(float64(st.Bytes)/1e6, "corpusMB")
}

// BenchmarkCheckStreamed is BenchmarkCheck with results consumed as they
// come (as a streaming report writer would), so they need not all be held.
func BenchmarkCheckStreamed(b *testing.B) {
	dir, st, _ := benchCorpus(b)
	b.SetBytes(st.Bytes)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Stream(loadCorpus(b, dir, st), DefaultTargets(), func(ToolResult) {})
	}
	b.StopTimer()
	peak := peakHeap(func() any {
		tools := loadCorpus(b, dir, st)
		Stream(tools, DefaultTargets(), func(ToolResult) {})
		return tools
	})
	b.ReportMetric(float64(peak)/float64(st.Bytes), "peakheap/corpus")
}

// BenchmarkCheckOnly checks already-loaded tools: the cost of the rules.
func BenchmarkCheckOnly(b *testing.B) {
	dir, st, _ := benchCorpus(b)
	tools := loadCorpus(b, dir, st)
	b.SetBytes(st.Bytes)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Run(tools, DefaultTargets())
	}
}

// BenchmarkDecodeBaseline reads the same files and decodes each with
// encoding/json into `any` on GOMAXPROCS workers (the loader's baseline,
// repeated here so both figures come from one run).
func BenchmarkDecodeBaseline(b *testing.B) {
	_, st, files := benchCorpus(b)
	b.SetBytes(st.Bytes)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var next atomic.Int64
		var wg sync.WaitGroup
		var failed atomic.Bool
		for w := 0; w < runtime.GOMAXPROCS(0); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					j := int(next.Add(1) - 1)
					if j >= len(files) {
						return
					}
					data, err := os.ReadFile(files[j])
					var v any
					if err != nil || json.Unmarshal(data, &v) != nil {
						failed.Store(true)
					}
				}
			}()
		}
		wg.Wait()
		if failed.Load() {
			b.Fatal("baseline decode failed")
		}
	}
}

// peakHeap runs f and returns the highest live heap seen meanwhile, above
// what was live before.
func peakHeap(f func() any) uint64 {
	runtime.GC()
	base := heapObjects()
	var peak atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if h := heapObjects(); h > peak.Load() {
				peak.Store(h)
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	keep := f()
	close(done)
	<-sampled
	runtime.KeepAlive(keep)
	return peak.Load() - min(base, peak.Load())
}

func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// BenchmarkTarget checks already-loaded tools with one target at a time.
func BenchmarkTarget(b *testing.B) {
	dir, st, _ := benchCorpus(b)
	tools := loadCorpus(b, dir, st)
	for _, target := range append(Targets(), Core()) {
		b.Run(target.ID, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for i := 0; i < b.N; i++ {
				n = 0
				for _, t := range tools {
					n += len(target.Check(t))
				}
			}
			b.ReportMetric(float64(n), "diagnostics")
		})
	}
}
