package report

import (
	"io"
	"math/rand/v2"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// corpusResult checks the first 400 tools of the benchmark corpus
// (internal/corpus, about 130 files) against the default targets:
// findings with the corpus's real messages, paths and positions, about
// 60,000 of them, for the benchmarks of the renderers alone.
func corpusResult(b *testing.B) *check.Result {
	b.Helper()
	dir := b.TempDir()
	if _, err := corpus.Generate(dir, 400, corpus.BenchSeed); err != nil {
		b.Fatal(err)
	}
	loaded := tool.Load([]string{dir}, tool.Options{})
	if len(loaded.Errors) > 0 {
		b.Fatal(loaded.Errors)
	}
	return check.Run(loaded.Tools, check.DefaultTargets())
}

// BenchmarkRenderCorpus renders the check report of corpusResult in each
// format, the output discarded: the cost of encoding alone (check's JSON
// renders tool by tool with AppendToolJSON, as its workers do). The
// throughput is of the rendered bytes.
func BenchmarkRenderCorpus(b *testing.B) {
	res := corpusResult(b)
	pol := policyOf(res, nil, nil, false)
	b.Run("json-tools", func(b *testing.B) {
		var buf []byte
		size := 0
		for i := range res.Tools {
			size += len(AppendToolJSON(buf[:0], &res.Tools[i]))
		}
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			for i := range res.Tools {
				buf = AppendToolJSON(buf[:0], &res.Tools[i])
			}
		}
	})
	for _, f := range []struct {
		name   string
		render func(io.Writer) error
	}{
		{"json", func(w io.Writer) error { return CheckJSON(w, res, Omitted{}) }},
		{"text", func(w io.Writer) error { return CheckText(w, res, TextOptions{}) }},
		{"sarif", func(w io.Writer) error { return SARIF(w, SARIFInput{Policy: pol, Category: "schemaport/"}) }},
	} {
		b.Run(f.name, func(b *testing.B) {
			var n countingWriter
			if err := f.render(&n); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(n.bytes))
			b.ReportAllocs()
			for b.Loop() {
				if err := f.render(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCapStream offers corpusResult's findings to a CapStream by
// name, the tools in a shuffled order as a run that checks files as they
// load gives them: the per-finding cost of capping every output of `run`.
// The limits keep about as large a share of the findings as run's keep
// of the 10,000-tool corpus's (10,000 of 1.6 million per importance):
// most findings are offered and passed over.
func BenchmarkCapStream(b *testing.B) {
	res := corpusResult(b)
	pol := &finding.Result{Findings: finding.FromCheck(res)}
	l := Limits{PerTool: RunLimits.PerTool, PerRun: max(1, RunLimits.PerRun*len(pol.Findings)/1_600_000)}
	b.ReportAllocs()
	for b.Loop() {
		streamCapShuffled(pol, res, nil, l, rand.New(rand.NewPCG(1, 2)))
	}
}
