package actionrun

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
)

// scanFixture is a repository whose base commit holds a generated tool
// set in tools/ and whose working tree (the head) edits its first file:
// the other files are the same on both sides.
func scanFixture(t *testing.T, base func(repo *gittest.Repo)) (dir, baseSHA string, files []string) {
	t.Helper()
	localEnv(t)
	gittest.RequireGit(t)
	gen := t.TempDir()
	if _, err := corpus.Generate(gen, 24, 5); err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(t.TempDir(), "repo")
	repo := gittest.Init(t, dir)
	repo.CopyDir(gen, "tools")
	if base != nil {
		base(repo)
	}
	baseSHA = repo.Commit("base")
	files, err := corpus.Files(gen)
	for i, f := range files {
		files[i] = filepath.Join(dir, "tools", strings.TrimPrefix(f, gen))
	}
	if err != nil || len(files) < 3 {
		t.Fatal(files, err)
	}
	editFile(t, files[0])
	return dir, baseSHA, files
}

// editFile changes a property's type in a tool file.
func editFile(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), `"type": "string"`, `"type": "integer"`, 1)
	if edited == string(data) {
		t.Fatalf("%s has no string property to edit", path)
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A head file that changes after the scan (between the passes) fails the
// run clearly (exit 2, every output saying why) instead of reporting from
// a set of files half before and half after the change: a file the base
// shares (found when the check loads it again) and a file the base does
// not (found when the diff loads it again).
func TestScannedRunFailsWhenAFileChanges(t *testing.T) {
	for _, which := range []int{0, 1} {
		t.Run(fmt.Sprint(map[int]string{0: "edited file", 1: "shared file"}[which]), func(t *testing.T) {
			dir, baseSHA, files := scanFixture(t, nil)
			scanned := false
			defer func() { afterScan, onScanStats = nil, nil }()
			onScanStats = func(scanStats) { scanned = true }
			afterScan = func() {
				f, err := os.OpenFile(files[which], os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				f.WriteString("\n")
				f.Close()
			}
			code, stdout, stderr := runIn(t, dir, "--path", "tools", "--base", baseSHA, "--only-new", "--report-file", "r.json")
			if code != 2 || !scanned || !strings.Contains(stderr, msgChanged) {
				t.Fatalf("exit %d, scanned %v\nstdout:\n%s\nstderr:\n%s", code, scanned, stdout, stderr)
			}
			report, err := os.ReadFile(filepath.Join(dir, "r.json"))
			if err != nil || !strings.Contains(string(report), `"result": "error"`) || !strings.Contains(string(report), msgChanged) {
				t.Fatalf("report: %v\n%s", err, report)
			}
		})
	}
}

// Runs whose base or head does not load cleanly take the whole-set path
// (runScanned falls back, taking back the notes it made): the outputs are
// those of a run that never tried the scan, byte for byte. A duplicate
// name across a file both sides share and one the head edits, in the head
// or in the base; a file broken in the head only, and in the base only.
func TestScannedRunFallsBackOnLoadProblems(t *testing.T) {
	alpha := strings.Replace(readTestdata(t, "refund-order/v1/refund-order.json"), "refund_order", "alpha_tool", 1)
	cases := []struct {
		name       string
		base       map[string]string // files of the base commit
		head       func(t *testing.T, dir string, files []string)
		wantNotice string
	}{
		{"duplicate in the head", map[string]string{"shared-alpha.json": alpha}, func(t *testing.T, dir string, files []string) {
			writeE2EFile(t, filepath.Join(dir, "tools", "dup-a.json"), alpha)
		}, "Duplicate tool name `alpha_tool`"},
		{"broken in the head", map[string]string{"shared-alpha.json": alpha}, func(t *testing.T, dir string, files []string) {
			writeE2EFile(t, files[1], "{\"name\": ")
		}, "title=Files left out of the diff::"},
		{"broken in the base", map[string]string{"shared-alpha.json": alpha, "broken.json": "[1, 2"}, func(t *testing.T, dir string, files []string) {
			os.Remove(filepath.Join(dir, "tools", "broken.json"))
		}, "title=Base version has input errors::"},
		{"duplicate in the base", map[string]string{"shared-alpha.json": alpha, "dup-b.json": alpha}, func(t *testing.T, dir string, files []string) {
			os.Remove(filepath.Join(dir, "tools", "dup-b.json"))
		}, "title=Base version has input errors::"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, baseSHA, files := scanFixture(t, func(repo *gittest.Repo) {
				for name, text := range c.base {
					repo.Write("tools/"+name, text)
				}
			})
			c.head(t, dir, files)
			// A tool path the base lacks: its note is made before the
			// scanned run finds the problem, and must be there once.
			writeE2EFile(t, filepath.Join(dir, "extra", "search.json"), readTestdata(t, "refund-order/v1/search-orders.json"))
			scanned := false
			defer func() { onScanStats = nil }()
			onScanStats = func(scanStats) { scanned = true }
			args := []string{"--path", "tools", "--path", "extra", "--base", baseSHA, "--only-new", "--targets", "all", "--annotations"}
			got := runOutputs(t, dir, "got", args...)
			if scanned {
				t.Fatal("a run with a load problem took the scanned path")
			}
			defer func() { scanRuns = true }()
			scanRuns = false
			want := runOutputs(t, dir, "want", args...)
			if (got["exit"] != "2" && got["exit"] != "1") || !strings.Contains(got["log"]+got[".md"], c.wantNotice) || strings.Count(got["log"], "title=New tool path::") != 1 {
				t.Fatalf("exit %s, want a run that says %q:\n%s", got["exit"], c.wantNotice, got["log"])
			}
			for k, w := range want {
				if got[k] != w {
					t.Errorf("%s differs from the whole-set run's from byte %d:\n%s", k, firstDifference(got[k], w), got[k])
				}
			}
		})
	}
}

// runOutputs runs `run` in dir with args and every output on, and returns
// each output (label replaced by X) with the exit status.
func runOutputs(t *testing.T, dir, label string, args ...string) map[string]string {
	t.Helper()
	args = append(args, "--report-file", label+".json", "--sarif-file", label+".sarif", "--summary-file", label+".md")
	code, stdout, stderr := runIn(t, dir, args...)
	got := map[string]string{"exit": fmt.Sprint(code), "log": strings.ReplaceAll(stdout, label, "X"), "stderr": stderr}
	for _, ext := range []string{".json", ".sarif", ".md"} {
		data, err := os.ReadFile(filepath.Join(dir, label+ext))
		if err != nil {
			t.Fatal(err)
		}
		got[ext] = strings.ReplaceAll(string(data), label, "X")
	}
	return got
}

// A run whose base is the same files (the benchmark's case, and a push
// that changes no tool file) parses no base file and holds no tool for
// the diff: every file is shared, and each tree lives only while the
// scan or the check has it in hand.
func TestScannedRunAgainstTheSameFilesHoldsNothing(t *testing.T) {
	localEnv(t)
	dir := t.TempDir()
	if _, err := corpus.Generate(filepath.Join(dir, "tools"), 30, 9); err != nil {
		t.Fatal(err)
	}
	files, err := corpus.Files(filepath.Join(dir, "tools"))
	if err != nil {
		t.Fatal(err)
	}
	var stats []scanStats
	defer func() { onScanStats = nil }()
	onScanStats = func(s scanStats) { stats = append(stats, s) }
	got := runOutputs(t, dir, "got", "--path", "tools", "--base-path", "tools", "--only-new", "--targets", "all", "--annotations")
	want := scanStats{sharedFiles: len(files)}
	if len(stats) != 1 || stats[0] != want {
		t.Fatalf("the run held %+v, want %+v", stats, want)
	}
	if !strings.Contains(got["log"], "Diff: 0 breaking, 0 non-breaking, 0 informational.") || !strings.Contains(got[".json"], `"state": "existing"`) {
		t.Fatalf("exit %s:\n%s", got["exit"], got["log"])
	}
	scanRuns = false
	defer func() { scanRuns = true }()
	whole := runOutputs(t, dir, "want", "--path", "tools", "--base-path", "tools", "--only-new", "--targets", "all", "--annotations")
	for k, w := range whole {
		if got[k] != w {
			t.Errorf("%s differs from the whole-set run's from byte %d", k, firstDifference(got[k], w))
		}
	}
}
