package corpus

// What the benchmarks over the corpus share: the standard corpus, generated
// once per process; the decode-only baseline they are compared to; and the
// peak heap of one operation.

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The standard benchmark corpus: 10,000 tools, about 87 MB.
const (
	BenchTools = 10000
	BenchSeed  = 20260820
)

var shared struct {
	once  sync.Once
	dir   string
	stats Stats
	files []string
	err   error
}

// Shared returns the standard benchmark corpus, generating it into a
// temporary directory on the first call of the process (later calls return
// the same one), with its files sorted by path; it fails tb if the corpus
// cannot be written. A test binary that calls it removes the directory
// with RemoveShared from TestMain.
func Shared(tb testing.TB) (dir string, st Stats, files []string) {
	tb.Helper()
	shared.once.Do(func() {
		shared.dir, shared.err = os.MkdirTemp("", "schemaport-corpus-")
		if shared.err != nil {
			return
		}
		if shared.stats, shared.err = Generate(shared.dir, BenchTools, BenchSeed); shared.err != nil {
			return
		}
		shared.files, shared.err = Files(shared.dir)
	})
	if shared.err != nil {
		tb.Fatal(shared.err)
	}
	return shared.dir, shared.stats, shared.files
}

// RemoveShared deletes the corpus Shared generated, if it did.
func RemoveShared() {
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
}

// Files lists the files under dir, sorted by path.
func Files(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	sort.Strings(files)
	return files, err
}

// DecodeBaseline reads every file and decodes it with encoding/json into
// `any` on GOMAXPROCS workers, as the loader spreads its work: the floor a
// loader that also keeps positions and validates is compared to.
func DecodeBaseline(files []string) error {
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
		return errors.New("baseline decode failed")
	}
	return nil
}

// PeakHeap runs f and returns the highest live heap seen meanwhile, above
// what was live before; what f returns is kept alive until the sampling
// ends. The heap is sampled every millisecond, so a short peak can be
// missed while every core is busy.
func PeakHeap(f func() any) uint64 {
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
