package cost

// BenchmarkCountVsCheck measures counting against checking on the
// 10,000-tool corpus (internal/corpus, about 87 MB), all four default
// targets, on GOMAXPROCS workers each: every op checks the loaded tools
// (check.Run) and then counts them from the check's findings (Findings,
// as pipeline.Check does; keeping them is counted as counting), and
// reports both CPU times and their ratio (count/check; the goal
// is under 0.10). Rerun with
//
//	go test ./internal/cost -run '^$' -bench CountVsCheck -benchtime 3x
//
// BenchmarkCountCold is one count with empty caches (a fresh process's
// first set): 1,928 ms of CPU (2 ops; 11,136 before this work).
//
// Measured on a 2-core machine shared with another job (so noisy: the
// check alone swung between 2.5 and 5.2 s of CPU across runs), 3 ops, at
// a quiet moment: check 3,237 ms of CPU, count 1,684 ms, count/check 0.52
// (0.62 in the run before; 0.71-0.76 under load); 21,031,971 OpenAI
// tokens. Before this work, at the same quiet moment: check 2,604 ms,
// count 7,924 ms, count/check 3.04 (single ops 3.7-5.1), and `check
// --cost` also checked every tool a second time inside Count. The goal is
// not met. Where the count goes (profile): about half compile's adapters
// building the OpenAI and Gemini definitions (a Renderer: no records, no
// clones, paths only where a finding is looked up, lists carved from
// reused blocks; Anthropic's and MCP's share the source schema), about
// half laying the lines out and looking their keys and values up (by
// identity, then by content: a tool's strings recur in every target),
// of which tokenizing new text (hand split, cached pieces) is a fifth.
// On 1,000 corpus tools and one core: check ~250-300 ms, render
// ~80 ms, layout ~80 ms.

import (
	"os"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/cputime"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

func TestMain(m *testing.M) {
	code := m.Run()
	corpus.RemoveShared()
	os.Exit(code)
}

func corpusTools(b *testing.B) []*tool.Tool {
	dir, st, _ := corpus.Shared(b)
	res := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(res.Errors) != 0 || len(res.Tools) != st.Tools {
		b.Fatalf("corpus did not load cleanly: %d errors, %d tools", len(res.Errors), len(res.Tools))
	}
	return res.Tools
}

// fromCheck gives Count the check's own findings, as pipeline.Check
// counts each tool from them while the check streams.
func fromCheck(res *check.Result, _ []string) Diagnostics {
	return func(i int, target string) []provider.Diagnostic {
		for _, tr := range res.Tools[i].Targets {
			if tr.ID == target && tr.Diagnostics != nil {
				return tr.Diagnostics
			}
		}
		return none
	}
}

func BenchmarkCountVsCheck(b *testing.B) {
	tools := corpusTools(b)
	targets := check.DefaultTargets()
	var checkCPU, countCPU time.Duration
	tokens := 0
	for b.Loop() {
		c0 := cputime.Process()
		res := check.Run(tools, targets)
		c1 := cputime.Process()
		set := Count(tools, targets, fromCheck(res, targets))
		c2 := cputime.Process()
		checkCPU += c1 - c0
		countCPU += c2 - c1
		tokens = set.Totals[0].Tokens
	}
	b.ReportMetric(float64(checkCPU)/1e6/float64(b.N), "check-cpu-ms/op")
	b.ReportMetric(float64(countCPU)/1e6/float64(b.N), "count-cpu-ms/op")
	b.ReportMetric(float64(countCPU)/float64(checkCPU), "count/check")
	b.ReportMetric(float64(tokens), "openai-tokens")
}

func BenchmarkCountCold(b *testing.B) {
	tools := corpusTools(b)
	targets := check.DefaultTargets()
	res := check.Run(tools, targets)
	diags := fromCheck(res, targets)
	var cpu time.Duration
	for b.Loop() {
		counters = newPool() // empty caches
		c0 := cputime.Process()
		Count(tools, targets, diags)
		cpu += cputime.Process() - c0
	}
	b.ReportMetric(float64(cpu)/1e6/float64(b.N), "count-cpu-ms/op")
}
