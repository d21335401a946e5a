package actionrun

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/action"
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The streamed compare (findings through the policy and the caps as each
// tool is checked, the base's findings kept as fingerprints only, the
// files both sides have byte for byte loaded, checked and diffed once)
// gives every output byte for byte what the former compare gave, which
// held every finding of both sides and capped them afterwards (kept below
// as the reference): on a generated tool set with thousands of findings,
// an edited base (changes, removed and added tools, a file broken on each
// side), only-new, rules, an accept entry and strict tool use's limits
// over the set (which fall on other tools on each side), under the
// action's limits and under limits small enough to cut per tool and per
// run; with the base in other files (--base-path) and in a commit, where
// most files are the same on both sides.
func TestStreamedCompareMatchesWholeRun(t *testing.T) {
	compareWithWholeRun(t, true, "all", false)
}

// The scanned run (runScanned: the head loaded file by file, the files
// both sides have byte for byte parsed once and never held) gives every
// output byte for byte what the whole-set run gives, on the same fixture
// without its broken files (a load problem takes the whole-set path):
// shared files, edited ones, removed and added tools and files, and
// strict tool use's limits over each side's whole set, with only-new.
// The scanned run parses only the base's edited files, and holds for the
// diff only the tools of the files that differ.
func TestScannedRunMatchesWholeRun(t *testing.T) {
	var stats []scanStats
	defer func() { onScanStats = nil }()
	onScanStats = func(s scanStats) { stats = append(stats, s) }
	compareWithWholeRun(t, false, "all", false)
	// Each side (base path, commit) under three limits.
	if len(stats) != 6 {
		t.Fatalf("%d scanned runs, want 6", len(stats))
	}
	for i, s := range stats {
		if i < 3 {
			// --base-path base against --path head: no display path is
			// on both sides, so no file is shared (tool.Cache's rule).
			if s.sharedFiles != 0 || s.baseTools != 57 || s.headTools != 60 {
				t.Errorf("base path: the scanned run held %+v", s)
			}
			continue
		}
		// The commit: 60 tools in 21 files, a fifth of them edited and a
		// tenth gone in the head; the rest the same on both sides, never
		// parsed in the base nor held for the diff.
		if s.sharedFiles == 0 || s.baseFilesParsed+s.sharedFiles != 21 || s.baseFilesParsed >= s.sharedFiles || s.headTools >= 60/2 || s.baseTools >= 60/2 {
			t.Errorf("commit: the scanned run held %+v", s)
		}
	}
}

// Without anthropic-strict the scanned run checks each head tool as its
// file loads (runOnePass), the tools reaching the policy and the view in
// the order their files finish loading, not the report's: every output
// is still the whole-set run's, byte for byte, on one worker (the files
// in the order the walk finds them, far from the names' order) and on
// every core. The base's files the head has byte for byte are never
// parsed, and only the tools of the files that differ are held.
func TestOnePassRunMatchesWholeRun(t *testing.T) {
	for _, procs := range []int{1, runtime.GOMAXPROCS(0)} {
		t.Run(fmt.Sprint(procs, "procs"), func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			var stats []scanStats
			defer func() { onScanStats = nil }()
			onScanStats = func(s scanStats) { stats = append(stats, s) }
			compareWithWholeRun(t, false, "openai,anthropic,gemini,mcp", true)
			if len(stats) != 6 {
				t.Fatalf("%d scanned runs, want 6", len(stats))
			}
			for i, s := range stats {
				// With the base in other files every head file is checked
				// after the scan, in report order; in a commit most are
				// checked as they load.
				if !s.onePass || (procs == 1 && i >= 3 && !s.outOfOrder) {
					t.Errorf("run %d: one pass %v, tools out of report order %v", i, s.onePass, s.outOfOrder)
				}
				if i < 3 {
					if s.sharedFiles != 0 || s.baseTools != 57 || s.headTools != 60 {
						t.Errorf("base path: the scanned run held %+v", s)
					}
					continue
				}
				if s.sharedFiles == 0 || s.baseFilesParsed+s.sharedFiles != 21 || s.baseFilesParsed >= s.sharedFiles || s.headTools >= 60/2 || s.baseTools >= 60/2 {
					t.Errorf("commit: the scanned run held %+v", s)
				}
			}
		})
	}
}

// compareWithWholeRun holds the run to the whole-set reference on an
// edited corpus: with a file broken on each side, or none; with the
// --targets given ("all": anthropic-strict's set findings too); with
// reversed, the files are named so that a walk finds them in the reverse
// of their tools' order.
func compareWithWholeRun(t *testing.T, broken bool, targets string, reversed bool) {
	localEnv(t)
	gittest.RequireGit(t)
	dir := t.TempDir()
	head, base := filepath.Join(dir, "head"), filepath.Join(dir, "base")
	if _, err := corpus.Generate(head, 60, 11); err != nil {
		t.Fatal(err)
	}
	if _, err := corpus.Generate(base, 60, 11); err != nil {
		t.Fatal(err)
	}
	if reversed {
		reverseFiles(t, base, head)
	}
	files, err := corpus.Files(base)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		switch {
		case i%5 == 0: // an edited tool: a property's type and a bound change
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			edited := strings.Replace(strings.Replace(string(data), `"type": "string"`, `"type": "integer"`, 1), `"minimum": `, `"minimum": 1`, 1)
			os.WriteFile(f, []byte(edited), 0o644)
		case i%10 == 1:
			os.Remove(f) // a tool added in the head
		}
	}
	writeE2EFile(t, filepath.Join(base, "gone.json"), strings.Replace(readTestdata(t, "refund-order/v1/refund-order.json"), "refund_order", "gone_order", 1))
	if broken {
		writeE2EFile(t, filepath.Join(base, "broken.json"), "{\"name\": ")
		writeE2EFile(t, filepath.Join(head, "broken2.json"), "[1, 2")
	}
	config := `{
  "rules": {"anthropic/constraint-not-enforced": "off", "gemini/constraint-not-enforced": "error", "openai/undocumented-constraint-keyword": "info"},
  "accept": [{"tool": "*", "code": "openai/strict-optional-property", "reason": "optional on purpose", "until": "2099-12-31"}]
}
`
	writeE2EFile(t, filepath.Join(dir, "schemaport.config.json"), config)

	// The same two versions in a repository: the base commit, then the
	// head's files committed over it, in the same place.
	repoDir := filepath.Join(t.TempDir(), "repo")
	repo := gittest.Init(t, repoDir)
	repo.CopyDir(base, "tools")
	repo.Write("schemaport.config.json", config)
	baseSHA := repo.Commit("base")
	os.RemoveAll(filepath.Join(repoDir, "tools"))
	repo.CopyDir(head, "tools")
	repo.Git("add", "-A")
	repo.Commit("head")

	outputs := func(dir, label string, limits report.Limits, side ...string) map[string]string {
		defer func(l report.Limits) { report.RunLimits = l }(report.RunLimits)
		report.RunLimits = limits
		args := append(side, "--only-new", "--targets", targets, "--annotations",
			"--report-file", label+".json", "--sarif-file", label+".sarif", "--summary-file", label+".md")
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
	reports := ""
	for _, side := range []struct {
		name, dir string
		args      []string
	}{
		{"base-path", dir, []string{"--path", "head", "--base-path", "base"}},
		{"commit", repoDir, []string{"--path", "tools", "--base", baseSHA}},
	} {
		for _, limits := range []report.Limits{report.RunLimits, {PerTool: 7, PerRun: 5000}, {PerTool: 500, PerRun: 90}} {
			name := fmt.Sprintf("%s-%d-%d", side.name, limits.PerTool, limits.PerRun)
			streamed := outputs(side.dir, "streamed-"+name, limits, side.args...)
			if want := map[bool]string{true: "2", false: "1"}[broken]; streamed["exit"] != want {
				t.Fatalf("exit %s: %s\n%s", streamed["exit"], streamed["stderr"], streamed["log"])
			}
			func() {
				defer func(c func(*actionRun, runOptions, toolSet, toolSet, []string) outcome, h func(scanStats)) {
					compareRun, scanRuns, onScanStats = c, true, h
				}(compareRun, onScanStats)
				compareRun, scanRuns, onScanStats = wholeCompare, false, nil
				whole := outputs(side.dir, "whole-"+name, limits, side.args...)
				for k, w := range whole {
					if streamed[k] != w {
						t.Errorf("%s: %s differs (%d bytes, want %d) from byte %d", name, k, len(streamed[k]), len(w), firstDifference(streamed[k], w))
					}
				}
			}()
			reports += streamed[".json"] + streamed[".md"]
			if limits != report.RunLimits && !strings.Contains(streamed[".json"], "more findings are not shown") {
				t.Errorf("%s: nothing was left out", name)
			}
		}
	}
	wants := []string{`"state": "existing"`, `"state": "accepted"`, `"state": "disabled"`, `"kind": "diff"`,
		`"tool-removed"`, `"tool-added"`, "tokens per request"}
	if targets == "all" {
		wants = append(wants, `"anthropic/strict-too-many-tools"`)
	}
	if broken {
		wants = append(wants, `"kind": "load"`)
	}
	for _, want := range wants {
		if !strings.Contains(reports, want) {
			t.Errorf("the fixture does not exercise %s", want)
		}
	}
}

// reverseFiles moves the files of the same generated corpus in base and
// head to one folder, named (the same on both sides) in the reverse order
// of their first tools' names.
func reverseFiles(t *testing.T, base, head string) {
	t.Helper()
	files, err := corpus.Files(base)
	if err != nil {
		t.Fatal(err)
	}
	first := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := regexp.MustCompile(`"name": "([^"]*)"`).FindSubmatch(data)
		if name == nil {
			t.Fatalf("%s names no tool", f)
		}
		first[f] = string(name[1])
	}
	slices.SortFunc(files, func(a, b string) int { return strings.Compare(first[b], first[a]) })
	for i, f := range files {
		rel := strings.TrimPrefix(f, base)
		for _, side := range []string{base, head} {
			if err := os.Rename(filepath.Join(side, rel), filepath.Join(side, fmt.Sprintf("r%03d.json", i))); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// wholeCompare is compare before it streamed: the head's and the base's
// check results held whole, every finding of both, the policy applied to
// the list and the view capped afterwards.
func wholeCompare(r *actionRun, o runOptions, head, base toolSet, labels []string) outcome {
	s := r.settings
	out := outcome{head: head, base: base}
	full := check.Run(head.Tools, o.targets)
	// Each tool's findings as the pipeline takes them: the rules applied,
	// those turned off after the rest (state disabled).
	var checkFindings []finding.Finding
	for i := range full.Tools {
		tr := &full.Tools[i]
		off := o.rules.ApplyToCheck(tr)
		checkFindings = append(checkFindings, finding.FromCheck(&check.Result{Tools: []check.ToolResult{*tr}})...)
		for k := range off {
			checkFindings = append(checkFindings, finding.CheckFinding(tr.Tool, &tr.Targets[off[k].Target], &off[k].Diagnostic))
		}
	}
	full.Errors, full.Warnings, full.Infos = 0, 0, 0
	for _, tr := range full.Tools {
		for _, t := range tr.Targets {
			full.Errors += t.Summary.Error
			full.Warnings += t.Summary.Warning
			full.Infos += t.Summary.Info
		}
	}
	out.diff = r.diffSides(o, head, base)
	out.approved = out.diff != nil && action.HasLabel(labels, s.AllowBreakingLabel)
	var baseFindings []finding.Finding
	if o.onlyNew && base.loaded {
		baseFindings = finding.FromCheck(check.RunAdjusted(base.Tools, o.targets, o.rules.Adjust()))
	}
	findings := finding.FromLoad(head.Errors)
	findings = append(findings, checkFindings...)
	if r.cost != nil {
		wholeDeltas(r.cost, head.Tools, base.Tools)
	}
	findings = append(findings, finding.FromDiff(out.diff)...)
	pol := finding.Apply(r.policy(o, out.approved), findings, baseFindings)
	view := report.Cap(pol, full, out.diff, report.RunLimits)
	out.check, out.diff, out.policy = view.Check, view.Diff, view.Policy
	out.omitted = view.Omitted.Note()
	out.exit = out.policy.Exit
	out.failOn = o.failOn
	r.checkCompiled(o, &out)
	return out
}

// A detached change shares no memory with the trees it came from (so the
// base's trees can go) and renders the same.
func TestDetachCopiesOutOfTheTrees(t *testing.T) {
	data := []byte(`{"a": [1, "two", {"b": null, "c": true}], "d": "é"}`)
	v, err := jsonvalue.ParseInPlace(data)
	if err != nil {
		t.Fatal(err)
	}
	name := v.Get("d").Text
	res := &diff.Result{Changes: []diff.Change{{ToolName: name, Before: v, After: v.Get("a"), Witness: &diff.Witness{Arguments: v}}}}
	detach(res)
	c := res.Changes[0]
	if !jsonvalue.Equal(c.Before, v) || !jsonvalue.Equal(c.After, v.Get("a")) || !jsonvalue.Equal(c.Witness.Arguments, v) || c.ToolName != name {
		t.Fatal("the copies differ")
	}
	if jsonvalue.Encode(c.Before, "  ") != jsonvalue.Encode(v, "  ") {
		t.Error("the copy renders differently")
	}
	for i := range data {
		data[i] = ' '
	}
	if c.ToolName != "é" || c.Before.Get("a").Items[1].Text != "two" || c.Before.Members[0].Key != "a" || c.Witness.Arguments.Get("d").Text != "é" {
		t.Errorf("a copy still shares the file's bytes: %q %q", c.ToolName, c.Before.Get("a").Items[1].Text)
	}
}

// wholeDeltas is the change runCost says, counted the plain way: both
// sides' every tool, each compiled after its own check.
func wholeDeltas(rc *runCost, head, base []*tool.Tool) {
	if !rc.withBase {
		return
	}
	for _, d := range cost.Compare(cost.Count(base, rc.targets, nil), cost.Count(head, rc.targets, nil), 3) {
		name := d.Target
		if t, ok := check.Lookup(d.Target); ok {
			name = t.Name
		}
		rc.deltas = append(rc.deltas, report.CostDelta{TargetDelta: d, TargetName: name})
	}
}
