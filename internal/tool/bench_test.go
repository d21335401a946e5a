package tool

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
)

// The benchmark corpus is generated once per test binary run into a
// temporary directory (never committed) and removed by TestMain.
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
		bench.dir, bench.err = os.MkdirTemp("", "schemaport-corpus-")
		if bench.err != nil {
			return
		}
		bench.stats, bench.err = corpus.Generate(bench.dir, benchTools, benchSeed)
		if bench.err != nil {
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

// BenchmarkLoad loads the whole corpus: walk, read, parse with positions,
// validate (own rules, $refs, patterns, metaschema), sort.
func BenchmarkLoad(b *testing.B) {
	dir, st, _ := benchCorpus(b)
	b.SetBytes(st.Bytes)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res := Load([]string{dir}, Options{Cwd: dir})
		if len(res.Errors) != 0 || len(res.Tools) != st.Tools {
			b.Fatalf("corpus did not load cleanly: %d errors (first %+v), %d tools", len(res.Errors), res.Errors[0], len(res.Tools))
		}
	}
	b.StopTimer()

	// Memory, measured on one more load, relative to the corpus size: the
	// peak heap while loading, the live heap the result retains (the
	// files' bytes, kept for source positions, and the document trees),
	// and the heap in use (live objects plus size-class fragmentation).
	runtime.GC()
	base := heapObjects()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	baseAlloc := before.HeapAlloc
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
	res := Load([]string{dir}, Options{Cwd: dir})
	close(done)
	<-sampled
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	corpusBytes := float64(st.Bytes)
	b.ReportMetric(float64(peak.Load()-min(base, peak.Load()))/corpusBytes, "peakheap/corpus")
	b.ReportMetric(float64(ms.HeapAlloc-min(ms.HeapAlloc, baseAlloc))/corpusBytes, "retained/corpus")
	b.ReportMetric(float64(ms.HeapInuse)/corpusBytes, "heapinuse/corpus")
	b.ReportMetric(corpusBytes/1e6, "corpusMB")
	runtime.KeepAlive(res)
}

func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// BenchmarkDecodeBaseline reads the same files and decodes each with
// encoding/json into `any`, on the same number of workers as Load: the
// floor a loader that also keeps positions and validates is compared to.
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
