package check

// Benchmarks of `check` on the 10,000-tool corpus (internal/corpus, seed
// 20260820, about 87 MB of pretty-printed tool files), all four default
// targets. Rerun them with
//
//	go test ./internal/check -run '^$' -bench . -benchtime 3x -count 3 -benchmem
//
// (add -cpuprofile/-memprofile to profile one of them: -bench 'CheckOnly').
//
//   - BenchmarkDecodeBaseline: read every file and decode it with
//     encoding/json into `any` on GOMAXPROCS workers. The yardstick: the
//     issue's goal is load+check within 1.5x of it.
//   - BenchmarkCheck: tool.Load, then Run, results kept (what `check` does
//     before writing its report today).
//   - BenchmarkCheckStreamed: tool.Load, then Stream, each tool's results
//     dropped as a streaming report writer would after writing them.
//   - BenchmarkCheckOnly: Run over tools loaded beforehand: the rules alone.
//   - BenchmarkTarget: one target at a time over loaded tools, on one
//     goroutine.
//
// The first four run twice, labelled by garbage-collector setting:
// gc=default is the process's own (GOGC, 100 unless set), gc=400 is
// debug.SetGCPercent(400), the setting recommended for the CLI. Compare
// each against the baseline of the same label, and against gc=default's.
//
// Metrics besides ns/op, B/op and allocs/op:
//   - cpu-ms/op: user+system CPU of the whole process (collector included)
//     per op; steadier than wall time on a shared machine;
//   - peakheap/corpus: the highest live-plus-unswept heap seen while one
//     more op runs, above what was live before it, over the corpus size
//     (sampled every millisecond, so a short peak can be missed while both
//     cores are busy); for CheckOnly, what checking adds to the loaded
//     tools;
//   - peakrss/corpus (Linux): the same op's peak resident set, from
//     VmHWM after resetting it, above the resident set before it;
//   - diagnostics: how many findings one op produces.

import (
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/cputime"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The benchmark corpus is corpus.Shared (the same one the loader's
// benchmarks use), generated once per test binary into a temporary
// directory and removed by TestMain.

func TestMain(m *testing.M) {
	code := m.Run()
	corpus.RemoveShared()
	os.Exit(code)
}

func loadCorpus(b *testing.B, dir string, st corpus.Stats) []*tool.Tool {
	res := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(res.Errors) != 0 || len(res.Tools) != st.Tools {
		b.Fatalf("corpus did not load cleanly: %d errors, %d tools", len(res.Errors), len(res.Tools))
	}
	return res.Tools
}

// gcSettings are the collector settings every end-to-end benchmark runs
// under; percent < 0 keeps the process's own.
var gcSettings = []struct {
	label   string
	percent int
}{
	{"gc=default", -1},
	{"gc=400", 400},
}

// underGC runs op as sub-benchmarks, one per collector setting.
func underGC(b *testing.B, op func(b *testing.B)) {
	for _, gc := range gcSettings {
		b.Run(gc.label, func(b *testing.B) {
			if gc.percent >= 0 {
				defer debug.SetGCPercent(debug.SetGCPercent(gc.percent))
			}
			op(b)
		})
	}
}

// measure runs op b.N times and reports its CPU time, then runs it once
// more untimed for its peak heap and resident set (over the corpus size).
func measure(b *testing.B, st corpus.Stats, op func() any) {
	b.SetBytes(st.Bytes)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Process()
	for i := 0; i < b.N; i++ {
		op()
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/1e6/float64(b.N), "cpu-ms/op")
	b.StopTimer()
	b.ReportMetric(float64(corpus.PeakHeap(op))/float64(st.Bytes), "peakheap/corpus")
	if rss, ok := peakRSS(op); ok {
		b.ReportMetric(float64(rss)/float64(st.Bytes), "peakrss/corpus")
	}
}

// BenchmarkDecodeBaseline reads the same files and decodes each with
// encoding/json into `any` on GOMAXPROCS workers (corpus.DecodeBaseline,
// the loader's baseline too, run here so all figures come from one run).
func BenchmarkDecodeBaseline(b *testing.B) {
	_, st, files := corpus.Shared(b)
	underGC(b, func(b *testing.B) {
		measure(b, st, func() any {
			if err := corpus.DecodeBaseline(files); err != nil {
				b.Fatal(err)
			}
			return nil
		})
	})
}

// BenchmarkCheck loads the corpus and checks it, keeping every result:
// what `check` does before writing its report.
func BenchmarkCheck(b *testing.B) {
	dir, st, _ := corpus.Shared(b)
	underGC(b, func(b *testing.B) {
		var diags int
		measure(b, st, func() any {
			res := Run(loadCorpus(b, dir, st), DefaultTargets())
			diags = res.Errors + res.Warnings + res.Infos
			return res
		})
		b.ReportMetric(float64(diags), "diagnostics")
		b.ReportMetric(float64(st.Bytes)/1e6, "corpusMB")
	})
}

// BenchmarkCheckStreamed is BenchmarkCheck with each tool's results
// dropped once seen, as a streaming report writer would after writing
// them: only a window of tools is in flight.
func BenchmarkCheckStreamed(b *testing.B) {
	dir, st, _ := corpus.Shared(b)
	underGC(b, func(b *testing.B) {
		measure(b, st, func() any {
			tools := loadCorpus(b, dir, st)
			Stream(tools, DefaultTargets(), func(ToolResult) {})
			return tools
		})
	})
}

// BenchmarkCheckOnly checks tools loaded beforehand: the cost of the
// rules. Its peaks are what checking adds to the loaded tools.
func BenchmarkCheckOnly(b *testing.B) {
	dir, st, _ := corpus.Shared(b)
	tools := loadCorpus(b, dir, st)
	underGC(b, func(b *testing.B) {
		measure(b, st, func() any { return Run(tools, DefaultTargets()) })
	})
	runtime.KeepAlive(tools)
}

// BenchmarkTarget checks loaded tools with one target at a time, on one
// goroutine.
func BenchmarkTarget(b *testing.B) {
	dir, st, _ := corpus.Shared(b)
	tools := loadCorpus(b, dir, st)
	for _, target := range append(Targets(), Core()) {
		b.Run(target.ID, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			cpu := cputime.Process()
			for i := 0; i < b.N; i++ {
				n = 0
				for _, t := range tools {
					n += len(target.Check(t))
				}
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/1e6/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(n), "diagnostics")
		})
	}
}

// peakRSS runs f and returns the peak resident set meanwhile, above the
// resident set before it (Linux: VmHWM, reset through clear_refs, with
// freed memory returned first). ok is false where that is unavailable.
func peakRSS(f func() any) (rss int64, ok bool) {
	debug.FreeOSMemory()
	if os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) != nil {
		return 0, false
	}
	base, ok := statusBytes("VmRSS")
	if !ok {
		return 0, false
	}
	keep := f()
	peak, ok := statusBytes("VmHWM")
	runtime.KeepAlive(keep)
	return peak - base, ok
}

// statusBytes reads a "<field>: <n> kB" line of /proc/self/status.
func statusBytes(field string) (int64, bool) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if rest, found := bytes.CutPrefix(line, []byte(field+":")); found {
			fields := bytes.Fields(rest)
			if len(fields) == 0 {
				return 0, false
			}
			n, err := strconv.ParseInt(string(fields[0]), 10, 64)
			return n << 10, err == nil
		}
	}
	return 0, false
}
