package actionrun

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The run counts the head as it checks it and the base's own tools only
// (its others are the head's, byte for byte): every way the run goes
// (one pass, two passes for anthropic-strict, the whole-set path) says
// what counting both sides whole says: the budgets' findings, their
// only-new states, and the change in the summary.
func TestRunCostEveryPath(t *testing.T) {
	const budgets = `{"tool": {"openai": 2500, "*": 3000}, "growth": {"*": 10}}`
	dir, baseSHA, files := scanFixture(t, func(repo *gittest.Repo) {
		repo.Write("schemaport.config.json", `{"budgets": `+budgets+`}`)
	})
	editFile(t, files[1])
	// A tool grows: a description a few hundred tokens longer.
	grow(t, files[2])
	cfg, err := config.Load(dir, "")
	if err != nil || cfg.Budgets == nil {
		t.Fatal(cfg, err)
	}
	b := cfg.Budgets
	baseDir := filepath.Join(t.TempDir(), "base")
	gittest.Git(t, dir, "worktree", "add", "--detach", baseDir, baseSHA)
	for i, targets := range []string{"openai,anthropic,gemini,mcp", "all"} {
		t.Run(targets, func(t *testing.T) {
			ids := strings.Split(targets, ",")
			if targets == "all" {
				ids = []string{"openai", "anthropic", "anthropic-strict", "gemini", "mcp"}
			}
			head := tool.Load([]string{filepath.Join(dir, "tools")}, tool.Options{Cwd: dir})
			base := tool.Load([]string{"tools"}, tool.Options{Cwd: baseDir})
			baseSet, headSet := cost.Count(base.Tools, ids, nil), cost.Count(head.Tools, ids, nil)
			want := map[string]string{}
			for _, f := range finding.FromCost(cost.CheckBudgets(b, headSet, baseSet), head.Tools) {
				want[f.Fingerprint] = "new"
			}
			for _, f := range finding.FromCost(cost.CheckBudgets(b, baseSet, nil), base.Tools) {
				if _, ok := want[f.Fingerprint]; ok {
					want[f.Fingerprint] = "existing"
				}
			}
			states := map[string]int{}
			for _, s := range want {
				states[s]++
			}
			if states["new"] == 0 || states["existing"] == 0 {
				t.Fatalf("the fixture makes no new or no existing budget finding: %v", states)
			}
			args := []string{"--path", "tools", "--base", baseSHA, "--only-new", "--targets", targets}
			// Each run its own files: the summary is appended to.
			var stats []scanStats
			onScanStats = func(s scanStats) { stats = append(stats, s) }
			scanned := runOutputs(t, dir, fmt.Sprintf("got%d", i), args...)
			onScanStats = nil
			if len(stats) != 1 || stats[0].onePass != (targets != "all") || scanned["exit"] != "1" {
				t.Fatalf("the run took the wrong path (%+v) or did not fail (exit %s): %s", stats, scanned["exit"], scanned["stderr"])
			}
			if got := budgetStates(t, scanned[".json"]); !maps.Equal(got, want) {
				t.Errorf("budget findings %v, want %v", got, want)
			}
			for _, d := range cost.Compare(baseSet, headSet, 3) {
				info, _ := check.Lookup(d.Target)
				if !strings.Contains(scanned["log"], d.Sentence(info.Name)) {
					t.Errorf("the log does not say %q", d.Sentence(info.Name))
				}
			}
			scanRuns = false
			defer func() { scanRuns = true }()
			whole := runOutputs(t, dir, fmt.Sprintf("want%d", i), args...)
			for k, w := range whole {
				if scanned[k] != w {
					t.Errorf("%s differs from the whole-set run's from byte %d", k, firstDifference(scanned[k], w))
				}
			}
		})
	}
}

// grow lengthens the first description of a tool file.
func grow(t *testing.T, path string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data := string(raw)
	longer := strings.Replace(data, `"description": "`, `"description": "`+strings.Repeat("Spell every field out in full. ", 60), 1)
	if longer == data {
		t.Fatalf("%s has no description", path)
	}
	writeE2EFile(t, path, longer)
}

// budgetStates are the budget findings of a run's JSON report: state by
// fingerprint.
func budgetStates(t *testing.T, report string) map[string]string {
	t.Helper()
	var doc struct {
		Findings []struct {
			Code, State, Fingerprint string
		}
	}
	if err := json.Unmarshal([]byte(report), &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range doc.Findings {
		if slices.Contains(cost.Codes, f.Code) {
			out[f.Fingerprint] = f.State
		}
	}
	return out
}

// Without budgets, a set larger than maxDeltaTools is not counted, and
// the run says so (told by the walk, more files than the limit, or by
// counting, more tools); with budgets it is, whatever its size.
func TestRunCostTooLargeSaysSo(t *testing.T) {
	defer func(n int) { maxDeltaTools = n }(maxDeltaTools)
	dir, baseSHA, files := scanFixture(t, nil)
	grow(t, files[1])
	if len(files) <= 2 || len(files) >= 10 {
		t.Fatalf("the fixture has %d files: not between the limits", len(files))
	}
	for _, limit := range []int{10, 2} {
		maxDeltaTools = limit
		writeE2EFile(t, filepath.Join(dir, "schemaport.config.json"), "{}")
		for i, c := range []struct {
			targets, config string
			counted         bool
		}{
			{"openai", "", false},
			{"all", "", false},
			{"openai", `{"budgets": {"tool": {"openai": 100000}}}`, true},
		} {
			if c.config != "" {
				writeE2EFile(t, filepath.Join(dir, "schemaport.config.json"), c.config)
			}
			for _, scan := range []bool{true, false} {
				scanRuns = scan
				got := runOutputs(t, dir, fmt.Sprintf("out%d%d%v", limit, i, scan), "--path", "tools", "--base", baseSHA, "--targets", c.targets)
				scanRuns = true
				said := strings.Contains(got["log"], fmt.Sprintf("The context cost's change is not counted: the set has more than %d tools", limit))
				counted := strings.Contains(got["log"], "tokens per request for OpenAI")
				if said == c.counted || counted != c.counted {
					t.Errorf("limit %d, %s %s (scanned %v): says not counted %v, counted %v:\n%s", limit, c.targets, c.config, scan, said, counted, got["log"][max(0, len(got["log"])-1500):])
				}
			}
		}
	}
}
