//go:build linux

package main

// Hostile-input benchmarks (issue #13): files built to amplify output or
// burn CPU, run through the real binary's `run` with every output on.
// Besides CPU time and peak memory they report the size of each output,
// which must stay bounded whatever the input:
//
//	go test ./cmd/schemaport-action -run '^$' -bench Hostile -benchtime 1x
//
//   - deep-nesting: one tool whose properties nest 4,900 levels deep (the parser refuses 10,000 JSON levels)
//     (about 200 KB, the file): before the caps, 700 MB of log and
//     2.8 GB of SARIF.
//   - regex: a 7 KB file whose `default` repeats one catastrophic value 200
//     times, with a pattern Go's linear regexp runs (linear) and one that
//     needs backtracking (backtracking): before the budget, 82 s.

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func BenchmarkHostile(b *testing.B) {
	bin := binary(b)
	b.Run("deep-nesting/depth=4900", func(b *testing.B) {
		benchHostile(b, bin, deepTool(4900))
	})
	for _, c := range []struct{ name, pattern string }{
		{"linear", `^(a+)+$`},
		{"backtracking", `^(?!b)(a+)+$`},
	} {
		b.Run("regex/"+c.name, func(b *testing.B) {
			benchHostile(b, bin, regexTool(c.pattern, 200))
		})
	}
}

// regexTool is a tool whose default repeats one value n times that makes
// pattern backtrack exponentially.
func regexTool(pattern string, n int) string {
	value := `"` + strings.Repeat("a", 28) + `!"`
	items := strings.TrimSuffix(strings.Repeat(value+",", n), ",")
	return `{"name":"regex","description":"d","inputSchema":{"type":"object","properties":{"p":{"type":"array",` +
		`"items":{"type":"string","pattern":"` + pattern + `"},"default":[` + items + `]}}}}`
}

func benchHostile(b *testing.B, bin, text string) {
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tools.json"), []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	outs := map[string]string{"log": "log.txt", "sarif": "out.sarif", "report": "report.json", "summary": "summary.md"}
	var cpu time.Duration
	var peak int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		log, err := os.Create(filepath.Join(dir, outs["log"]))
		if err != nil {
			b.Fatal(err)
		}
		cmd := exec.Command(bin, "run", "--path", "tools.json", "--annotations", "--sarif-file", outs["sarif"],
			"--report-file", outs["report"], "--summary-file", outs["summary"])
		cmd.Dir = dir
		cmd.Stdout, cmd.Stderr = log, log
		cmd.Env = append(os.Environ(), "NO_COLOR=1")
		err = cmd.Run()
		log.Close()
		if _, exit := err.(*exec.ExitError); err != nil && !exit {
			b.Fatal(err)
		}
		if code := cmd.ProcessState.ExitCode(); code > 1 {
			b.Fatalf("exit %d", code)
		}
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		cpu += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		peak = max(peak, ru.Maxrss)
	}
	b.StopTimer()
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(peak)/1024, "peak-MB")
	for _, k := range []string{"log", "sarif", "report", "summary"} {
		data, err := os.ReadFile(filepath.Join(dir, outs[k]))
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(data))/1e3, k+"-KB")
		if k == "sarif" {
			var gz bytes.Buffer
			zw := gzip.NewWriter(&gz)
			zw.Write(data)
			zw.Close()
			b.ReportMetric(float64(gz.Len())/1e3, "sarif-gz-KB")
		}
	}
}
