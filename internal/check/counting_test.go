package check

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The counting pass of a JSON report (Scan with ScanTo.Counting) checks
// in counting mode (countTool, provider.CountOnly): no paths, positions,
// details or order. The report's header totals and --fail-on come from it, so for
// every tool and target it must find exactly the findings of a full check:
// the same codes, severities and compile abilities, the same summary.
// Checked on generated corpus tools (every shape the benchmark corpus has)
// and on every tool of the repository's test data, with every target.
func TestCountingFindsWhatAFullCheckFinds(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 400, 7); err != nil {
		t.Fatal(err)
	}
	loaded := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(loaded.Errors) > 0 || len(loaded.Tools) != 400 {
		t.Fatalf("generated corpus: %d tools, errors %v", len(loaded.Tools), loaded.Errors)
	}
	tools := loaded.Tools
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	fromTestdata := 0
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") || !strings.Contains(path, string(filepath.Separator)+"testdata"+string(filepath.Separator)) {
			return nil
		}
		// One file at a time: files of different tests may share names.
		if res := tool.Load([]string{path}, tool.Options{Cwd: filepath.Dir(path)}); len(res.Errors) == 0 {
			tools = append(tools, res.Tools...)
			fromTestdata += len(res.Tools)
		}
		return nil
	})
	if fromTestdata < 50 {
		t.Fatalf("only %d tools found in the test data", fromTestdata)
	}

	targets := selected(append(DefaultTargets(), "anthropic-strict"))
	type fact struct {
		code, severity   string
		supported, lossy bool
	}
	facts := func(ds []provider.Diagnostic) []fact {
		out := make([]fact, 0, len(ds))
		for _, d := range ds {
			out = append(out, fact{d.Code, d.Severity, d.Compile.Supported, d.Compile.Lossy})
		}
		slices.SortFunc(out, func(a, b fact) int { return strings.Compare(a.code+" "+a.severity, b.code+" "+b.severity) })
		return out
	}
	findings := 0
	for _, tl := range tools {
		full := checkTool(tl, targets)
		counted := countTool(tl, targets)
		if len(full.Targets) != len(counted.Targets) {
			t.Fatalf("%s: %d targets counted, %d checked", tl.Name, len(counted.Targets), len(full.Targets))
		}
		for i, ft := range full.Targets {
			ct := counted.Targets[i]
			findings += len(ft.Diagnostics)
			if ct.ID != ft.ID || ct.Summary != ft.Summary || !slices.Equal(facts(ct.Diagnostics), facts(ft.Diagnostics)) {
				t.Errorf("%s, %s: counting found %+v %v, a full check %+v %v", tl.Name, ft.ID, ct.Summary, facts(ct.Diagnostics), ft.Summary, facts(ft.Diagnostics))
			}
			for _, d := range ct.Diagnostics {
				if d.Line != 0 && tl.Native == nil {
					t.Fatalf("%s, %s: counting gave %s a position (line %d)", tl.Name, ft.ID, d.Code, d.Line)
				}
			}
		}
	}
	if findings < 10000 {
		t.Fatalf("only %d findings: the tools exercise too little", findings)
	}
}
