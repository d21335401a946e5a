package diff

import (
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/cputime"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// BenchmarkDiff compares the 10,000-tool corpus with a copy in which about
// one tool in ten is edited. "decode" is the baseline: reading and parsing
// both copies. "diff" is ToolSets alone on decoded trees; "decode+diff" is
// the baseline plus the diff, the number the 1.5x goal is about. Metrics:
// corpus-MB (both copies on disk), diff-alloc-MB (allocated by ToolSets
// alone), live-heap/corpus (live heap after the diff, both decoded copies
// and the result included, over the corpus size).
func BenchmarkDiff(b *testing.B) {
	base := b.TempDir()
	v1 := filepath.Join(base, "v1")
	st, err := corpus.Generate(v1, 10000, 42)
	if err != nil {
		b.Fatal(err)
	}
	v2 := editCorpus(b, v1, 42)
	corpusBytes := float64(2 * st.Bytes)

	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			// Both copies stay alive together, as they must for a diff.
			a, c := decodeDir(b, v1), decodeDir(b, v2)
			runtime.KeepAlive(a)
			runtime.KeepAlive(c)
			// Collect outside the timer, as decode+diff does.
			b.StopTimer()
			runtime.GC()
			b.StartTimer()
		}
	})
	// The floor the diff is held to: the same files read and parsed on
	// GOMAXPROCS goroutines, as the loader reads them.
	b.Run("decode-parallel", func(b *testing.B) {
		b.ReportAllocs()
		var cpu time.Duration
		for b.Loop() {
			c0 := cputime.Process()
			a, c := decodeDirParallel(b, v1), decodeDirParallel(b, v2)
			cpu += cputime.Process() - c0
			runtime.KeepAlive(a)
			runtime.KeepAlive(c)
			b.StopTimer()
			runtime.GC()
			b.StartTimer()
		}
		b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	})
	b.Run("diff", func(b *testing.B) {
		a, c := decodeDir(b, v1), decodeDir(b, v2)
		b.ReportAllocs()
		var cpu time.Duration
		for b.Loop() {
			c0 := cputime.Process()
			ToolSets(a, c, Options{})
			cpu += cputime.Process() - c0
		}
		b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	})
	// The same without the witness search: what the search costs.
	b.Run("diff-no-witness", func(b *testing.B) {
		a, c := decodeDir(b, v1), decodeDir(b, v2)
		b.ReportAllocs()
		for b.Loop() {
			ToolSets(a, c, Options{NoWitnesses: true})
		}
	})
	b.Run("decode+diff", func(b *testing.B) {
		b.ReportAllocs()
		var diffAlloc, heap uint64
		var changes int
		for b.Loop() {
			a, c := decodeDir(b, v1), decodeDir(b, v2)
			var m0, m1 runtime.MemStats
			b.StopTimer()
			runtime.ReadMemStats(&m0)
			b.StartTimer()
			res := ToolSets(a, c, Options{})
			b.StopTimer()
			runtime.ReadMemStats(&m1)
			diffAlloc = m1.TotalAlloc - m0.TotalAlloc
			runtime.GC()
			runtime.ReadMemStats(&m1)
			heap = m1.HeapAlloc
			runtime.KeepAlive(res)
			b.StartTimer()
			changes = len(res.Changes)
			runtime.KeepAlive(a)
			runtime.KeepAlive(c)
		}
		b.ReportMetric(corpusBytes/1e6, "corpus-MB")
		b.ReportMetric(float64(diffAlloc)/1e6, "diff-alloc-MB")
		b.ReportMetric(float64(heap)/corpusBytes, "live-heap/corpus")
		b.ReportMetric(float64(changes), "changes")
	})
}

// decodeDirParallel is decodeDir on GOMAXPROCS goroutines.
func decodeDirParallel(tb testing.TB, dir string) []*tool.Tool {
	files := corpusFiles(tb, dir)
	perFile := make([][]*tool.Tool, len(files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(files); i = int(next.Add(1) - 1) {
				data, err := os.ReadFile(files[i])
				if err != nil {
					panic(err)
				}
				doc, err := jsonvalue.Parse(data)
				if err != nil {
					panic(err)
				}
				src := &tool.Source{Path: files[i], Data: data}
				for _, tv := range docTools(doc) {
					perFile[i] = append(perFile[i], &tool.Tool{Name: tv.Get("name").Text, Value: tv, Source: src})
				}
			}
		}()
	}
	wg.Wait()
	var out []*tool.Tool
	for _, ts := range perFile {
		out = append(out, ts...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// decodeDir reads and parses every file under dir into tools, in path order.
func decodeDir(tb testing.TB, dir string) []*tool.Tool {
	var out []*tool.Tool
	for _, path := range corpusFiles(tb, dir) {
		data, doc := parseFile(tb, path)
		src := &tool.Source{Path: path, Data: data}
		for _, tv := range docTools(doc) {
			out = append(out, &tool.Tool{Name: tv.Get("name").Text, Value: tv, Source: src})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
