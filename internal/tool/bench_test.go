package tool

import (
	"os"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/cputime"
)

// The benchmark corpus is corpus.Shared, generated once per test binary run
// into a temporary directory (never committed) and removed by TestMain.

func TestMain(m *testing.M) {
	code := m.Run()
	corpus.RemoveShared()
	os.Exit(code)
}

// BenchmarkLoad loads the whole corpus: walk, read, parse with positions,
// validate (own rules, $refs, patterns, metaschema), sort. cpu-ms/op is
// the process's user+system CPU per load (garbage collection and the
// kernel's reads included), steadier than the wall time on a shared
// machine.
func BenchmarkLoad(b *testing.B) {
	dir, st, _ := corpus.Shared(b)
	b.SetBytes(st.Bytes)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Process()
	for i := 0; i < b.N; i++ {
		res := Load([]string{dir}, Options{Cwd: dir})
		if len(res.Errors) != 0 || len(res.Tools) != st.Tools {
			b.Fatalf("corpus did not load cleanly: %d errors (first %+v), %d tools", len(res.Errors), res.Errors[0], len(res.Tools))
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(cputime.Process()-cpu)/1e6/float64(b.N), "cpu-ms/op")

	// Memory, measured on one more load, relative to the corpus size: the
	// peak heap while loading, the live heap the result retains (the
	// files' bytes, kept for source positions, and the document trees),
	// and the heap in use (live objects plus size-class fragmentation).
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	baseAlloc := before.HeapAlloc
	var res *Result
	peak := corpus.PeakHeap(func() any {
		res = Load([]string{dir}, Options{Cwd: dir})
		return res
	})
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	corpusBytes := float64(st.Bytes)
	b.ReportMetric(float64(peak)/corpusBytes, "peakheap/corpus")
	b.ReportMetric(float64(ms.HeapAlloc-min(ms.HeapAlloc, baseAlloc))/corpusBytes, "retained/corpus")
	b.ReportMetric(float64(ms.HeapInuse)/corpusBytes, "heapinuse/corpus")
	b.ReportMetric(corpusBytes/1e6, "corpusMB")
	runtime.KeepAlive(res)
}

// BenchmarkScan is what one pass of check pays to load the corpus: Scan
// reads, parses and validates every file and drops its tools once visited,
// so the trees are garbage file by file as they are in check (Load keeps
// them all). BenchmarkScanThenToolsOf is all the loading check --format
// json does for a report too big to keep: that, then ToolsOf for every
// file again (read, parse with the scan's shape, no validation), as the
// second pass loads them in report order.
func BenchmarkScan(b *testing.B)            { benchScan(b, false) }
func BenchmarkScanThenToolsOf(b *testing.B) { benchScan(b, true) }

func benchScan(b *testing.B, again bool) {
	dir, st, _ := corpus.Shared(b)
	b.SetBytes(st.Bytes)
	if again {
		b.SetBytes(2 * st.Bytes)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Process()
	for i := 0; i < b.N; i++ {
		var tools atomic.Int64
		s := Scan([]string{dir}, Options{Cwd: dir}, func(_ int, ts []*Tool) { tools.Add(int64(len(ts))) })
		if s.Failed || tools.Load() != int64(st.Tools) || len(s.Refs) != st.Tools {
			b.Fatalf("corpus did not scan cleanly: failed %v, %d tools visited, %d refs", s.Failed, tools.Load(), len(s.Refs))
		}
		for f := 0; again && f < s.Files(); f++ {
			if _, ok := s.ToolsOf(f); !ok {
				b.Fatalf("file %d does not load again", f)
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(cputime.Process()-cpu)/1e6/float64(b.N), "cpu-ms/op")
}

// BenchmarkDecodeBaseline reads the same files and decodes each with
// encoding/json into `any`, on the same number of workers as Load
// (corpus.DecodeBaseline): the floor a loader that also keeps positions and
// validates is compared to.
func BenchmarkDecodeBaseline(b *testing.B) {
	_, st, files := corpus.Shared(b)
	b.SetBytes(st.Bytes)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := corpus.DecodeBaseline(files); err != nil {
			b.Fatal(err)
		}
	}
}
