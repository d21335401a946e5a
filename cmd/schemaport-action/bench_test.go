//go:build linux

package main

// Whole-process benchmarks: the real binary, run as a user runs it, with
// every output written to a file, so that the cost of writing the reports
// and any cost that grows with a file's or a line's length shows. Each op
// is one process; besides ns/op (wall time, noisy on a shared machine)
// they report, from the child's resource usage:
//
//   - cpu-ms/op: its user+system CPU time, steadier than wall time;
//   - peak-MB: its peak resident set (VmHWM sampled every 5 ms; the
//     largest of the ops);
//   - out-MB: the size of what it wrote.
//
// Run them with
//
//	go test ./cmd/schemaport-action -run '^$' -bench Process -benchtime 1x
//
// (-bench 'Process/one' for the single files only, 'Process/corpus/run'
// for the action's runs). The corpus is
// internal/corpus's standard one (10,000 tools in 3,294 files, 87 MB);
// the single files hold N generated tools in one array, pretty-printed or
// minified onto one line. BenchmarkDecodeBaseline in internal/check is the
// yardstick the issue compares check and run against.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
)

func BenchmarkProcess(b *testing.B) {
	bin := binary(b)
	dir, st, _ := corpus.Shared(b)
	b.Run("corpus", func(b *testing.B) {
		for _, format := range []string{"json", "text", "sarif"} {
			b.Run("check-"+format, func(b *testing.B) {
				benchProcess(b, bin, dir, st.Bytes, "out", "check", ".", "--format", format)
			})
		}
		// The same with the context cost counted (--cost): what counting
		// adds to a check.
		b.Run("check-json-cost", func(b *testing.B) {
			benchProcess(b, bin, dir, st.Bytes, "out", "check", ".", "--format", "json", "--cost")
		})
		b.Run("check-json-one-file-broken", func(b *testing.B) {
			// One file cut short: the others' tools are still checked and
			// reported after its error (exit 2), from a set that cannot be
			// scanned file by file.
			broken := copyCorpus(b, dir)
			files, err := corpus.Files(broken)
			if err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(files[len(files)/2], []byte(`{"name": "broken", `), 0o644); err != nil {
				b.Fatal(err)
			}
			benchProcessExit(b, 2, bin, broken, st.Bytes, "out", "check", ".", "--format", "json")
		})
		b.Run("run", func(b *testing.B) {
			// The action's outputs, as a workflow has them: annotations
			// on the log, a SARIF file, the JSON report and the job
			// summary; the base is the same tools (a diff with nothing
			// to report still walks every schema).
			benchProcess(b, bin, dir, st.Bytes, "log", "run", "--path", ".", "--base-path", ".",
				"--annotations", "--sarif-file", filepath.Join(b.TempDir(), "out.sarif"),
				"--report-file", filepath.Join(b.TempDir(), "report.json"),
				"--summary-file", filepath.Join(b.TempDir(), "summary.md"))
		})
		// The diff command between the corpus and a copy whose every
		// tenth file is edited (as run-pr-edit-1-in-10's head), with
		// witnesses; diff-same compares the corpus with an unedited copy:
		// reading and decoding both sides, nothing to search, the floor.
		b.Run("diff-same", func(b *testing.B) {
			benchProcess(b, bin, dir, 2*st.Bytes, "out", "diff", dir, copyCorpus(b, dir), "--format", "json")
		})
		b.Run("diff-edit-1-in-10", func(b *testing.B) {
			edited := copyCorpus(b, dir)
			editEvery(b, edited, 10)
			benchProcess(b, bin, dir, 2*st.Bytes, "out", "diff", dir, edited, "--format", "json")
		})
		// A pull request, as the action runs on one: the base is a commit
		// (read from git), only-new is on, and the head edits every
		// tenth file (a property's type: breaking changes and new
		// findings) or every file (nothing is the same on both sides:
		// both versions loaded, checked and diffed whole).
		for _, every := range []int{10, 1} {
			b.Run(fmt.Sprintf("run-pr-edit-1-in-%d", every), func(b *testing.B) {
				repo, base := prRepo(b, dir, every)
				benchProcess(b, bin, repo, st.Bytes, "log", "run", "--path", "tools", "--base", base, "--only-new",
					"--annotations", "--sarif-file", filepath.Join(b.TempDir(), "out.sarif"),
					"--report-file", filepath.Join(b.TempDir(), "report.json"),
					"--summary-file", filepath.Join(b.TempDir(), "summary.md"))
			})
		}
	})
	for _, shape := range []string{"pretty", "minified"} {
		for _, n := range []int{1000, 4000, 8000, 16000} {
			b.Run(fmt.Sprintf("one/%s/tools=%d", shape, n), func(b *testing.B) {
				fdir := b.TempDir()
				data := corpus.OneFile(n, corpus.BenchSeed, shape == "minified")
				if err := os.WriteFile(filepath.Join(fdir, "tools.json"), data, 0o644); err != nil {
					b.Fatal(err)
				}
				// From 8,000 tools the file is over the 64 MiB default
				// cap: raise it, the point is to measure the size.
				if err := os.WriteFile(filepath.Join(fdir, "schemaport.config.json"), []byte(`{"maxFileSize": 1073741824}`), 0o644); err != nil {
					b.Fatal(err)
				}
				benchProcess(b, bin, fdir, int64(len(data)), "out", "check", "tools.json", "--format", "json")
			})
		}
	}
	// The hardening issue's case: many small tools on one minified line
	// (about 150 bytes and a few findings each), up to 100,000 of them.
	for _, n := range []int{10000, 20000, 100000} {
		b.Run(fmt.Sprintf("one/minified-small/tools=%d", n), func(b *testing.B) {
			fdir := b.TempDir()
			data := smallToolsLine(n)
			if err := os.WriteFile(filepath.Join(fdir, "tools.json"), data, 0o644); err != nil {
				b.Fatal(err)
			}
			benchProcess(b, bin, fdir, int64(len(data)), "out", "check", "tools.json", "--format", "json")
		})
	}
}

// prRepo makes a repository whose base commit holds the corpus under
// tools/ and whose head commit edits every nth file of it (editEvery);
// it returns the working tree (the head checked out) and the base commit.
func prRepo(b *testing.B, corpusDir string, every int) (string, string) {
	b.Helper()
	repo := gittest.Init(b, filepath.Join(b.TempDir(), "repo"))
	repo.CopyDir(corpusDir, "tools")
	base := repo.Commit("base")
	editEvery(b, filepath.Join(repo.Dir, "tools"), every)
	repo.Commit("head")
	return repo.Dir, base
}

// editEvery edits every nth file under dir: its first string property
// becomes an integer.
func editEvery(b *testing.B, dir string, every int) {
	b.Helper()
	files, err := corpus.Files(dir)
	if err != nil {
		b.Fatal(err)
	}
	for i, f := range files {
		if i%every != 0 {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		edited := strings.Replace(string(data), `"type": "string"`, `"type": "integer"`, 1)
		if err := os.WriteFile(f, []byte(edited), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// smallToolsLine is n small tools in one array on one line, each with an
// optional property, a format and an open object for the providers to
// report, and a multi-byte character before them.
func smallToolsLine(n int) []byte {
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"tool_%06d","description":"Finds órders.","inputSchema":{"type":"object","properties":{"q":{"type":"string","format":"email"},"n":{"type":"integer"}},"required":["n"]}}`, i)
	}
	b.WriteByte(']')
	return []byte(b.String())
}

// watchHWM samples the process's peak resident set (VmHWM, KiB) every 5 ms
// until it exits and sends the last value read. The rusage of a child
// will not do: Go starts it with vfork, and Linux counts the parent's
// resident set at the exec into the child's ru_maxrss.
func watchHWM(pid int) <-chan int64 {
	out := make(chan int64, 1)
	go func() {
		var last int64
		path := "/proc/" + strconv.Itoa(pid) + "/status"
		for {
			data, err := os.ReadFile(path)
			if err != nil {
				break // gone (or reaped)
			}
			_, rest, ok := strings.Cut(string(data), "VmHWM:")
			if !ok {
				break // a zombie has no memory lines
			}
			if kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.SplitN(rest, "\n", 2)[0], "kB")), 10, 64); err == nil {
				last = kb
			}
			time.Sleep(5 * time.Millisecond)
		}
		out <- last
	}()
	return out
}

// copyCorpus copies the corpus's files into a new temporary directory.
func copyCorpus(b *testing.B, dir string) string {
	b.Helper()
	dst := b.TempDir()
	files, err := corpus.Files(dir)
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range files {
		rel, err := filepath.Rel(dir, f)
		if err != nil {
			b.Fatal(err)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		to := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dst
}

// benchProcess runs bin with args in dir b.N times, its stdout to a file,
// and reports the child's CPU time, peak resident set and output size.
// An exit status over 1 (not findings: an error) fails the benchmark.
func benchProcess(b *testing.B, bin, dir string, inputBytes int64, outName string, args ...string) {
	b.Helper()
	benchProcessExit(b, 1, bin, dir, inputBytes, outName, args...)
}

// benchProcessExit is benchProcess for a run whose exit status may be up
// to maxExit.
func benchProcessExit(b *testing.B, maxExit int, bin, dir string, inputBytes int64, outName string, args ...string) {
	b.Helper()
	out := filepath.Join(b.TempDir(), outName)
	b.SetBytes(inputBytes)
	var cpu time.Duration
	var peak int64
	var written int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// A job summary is appended to, as GitHub's is within a step;
		// each op is a step of its own.
		for k := range args[:len(args)-1] {
			if args[k] == "--summary-file" {
				os.Remove(args[k+1])
			}
		}
		f, err := os.Create(out)
		if err != nil {
			b.Fatal(err)
		}
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Stdout = f
		cmd.Env = append(os.Environ(), "NO_COLOR=1")
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		hwm := watchHWM(cmd.Process.Pid)
		err = cmd.Wait()
		peak = max(peak, <-hwm)
		f.Close()
		if _, exit := err.(*exec.ExitError); err != nil && !exit {
			b.Fatal(err)
		}
		if code := cmd.ProcessState.ExitCode(); code > maxExit {
			b.Fatalf("exit %d: %s", code, args)
		}
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		cpu += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		if info, err := os.Stat(out); err == nil {
			written = info.Size()
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(peak)/1024, "peak-MB")
	b.ReportMetric(float64(written)/1e6, "out-MB")
}
