package report

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"slices"
	"testing"
	"unsafe"
	"weak"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// streamCap feeds a whole run to CapStream the way `run` does: the load
// errors' findings, then each tool's result followed by its findings, then
// the diff's.
func streamCap(pol *finding.Result, chk *check.Result, dif *diff.Result, l Limits) Capped {
	c := NewCapStream(l)
	next := 0
	toolUpTo := func(tl *tool.Tool) {
		for next < len(chk.Tools) && (next == 0 || chk.Tools[next-1].Tool != tl) {
			c.Tool(&chk.Tools[next])
			next++
		}
	}
	for i := range pol.Findings {
		f := &pol.Findings[i]
		if f.Kind == finding.KindCheck {
			toolUpTo(f.ToolDef)
		}
		if f.Kind == finding.KindDiff {
			toolUpTo(nil)
		}
		c.Add(f)
	}
	toolUpTo(nil)
	bare := *pol
	bare.Findings = nil
	return c.Finish(&bare, dif)
}

// comparable is a view with empty lists as nil, so that Cap's originals
// (passed through when nothing is left out) and CapStream's copies
// compare; and with each tool as the outputs read it (name and source:
// CapStream keeps no tree) and each diagnostic at the place the outputs
// show (diagnosticSpan: CapStream has located it already).
func comparable(c Capped) Capped {
	tools := map[*tool.Tool]*tool.Tool{}
	asRead := func(t *tool.Tool) *tool.Tool {
		if t == nil {
			return nil
		}
		if v, ok := tools[t]; ok {
			return v
		}
		v := &tool.Tool{Name: t.Name, Base: t.Base}
		if t.Source != nil {
			// The file's path: its text is compared where the outputs
			// quote it (rendered), the view holding it only there.
			v.Source = &tool.Source{Path: t.Source.Path, Abs: t.Source.Abs}
		}
		tools[t] = v
		return v
	}
	located := func(t *tool.Tool, d provider.Diagnostic) provider.Diagnostic {
		loc := diagnosticSpan(t, &d)
		d.File, d.Line, d.Column, d.EndLine, d.EndColumn = loc.file, loc.Line, loc.Column, loc.EndLine, loc.EndColumn
		return d
	}
	chk := *c.Check
	chk.Tools = append([]check.ToolResult(nil), c.Check.Tools...)
	for i := range chk.Tools {
		tr := &chk.Tools[i]
		tr.Targets = append([]check.TargetResult(nil), tr.Targets...)
		for k := range tr.Targets {
			ds := tr.Targets[k].Diagnostics
			tr.Targets[k].Diagnostics = nil
			for _, d := range ds {
				tr.Targets[k].Diagnostics = append(tr.Targets[k].Diagnostics, located(tr.Tool, d))
			}
		}
		tr.Tool = asRead(tr.Tool)
	}
	c.Check = &chk
	if c.Policy != nil {
		p := *c.Policy
		p.Findings = append([]finding.Finding(nil), c.Policy.Findings...)
		for i := range p.Findings {
			f := &p.Findings[i]
			if f.Diagnostic != nil {
				d := located(f.ToolDef, *f.Diagnostic)
				f.Diagnostic = &d
			}
			f.ToolDef = asRead(f.ToolDef)
		}
		c.Policy = &p
	}
	if c.Diff != nil && len(c.Diff.Changes) == 0 {
		d := *c.Diff
		d.Changes = nil
		c.Diff = &d
	}
	return c
}

// rendered is every output of a run's view, as `run` writes them.
func rendered(t *testing.T, c Capped) map[string]string {
	t.Helper()
	out := map[string]string{}
	var b bytes.Buffer
	must := func(name string, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = b.String()
		b.Reset()
	}
	must("check json", CheckJSON(&b, c.Check, Omitted{}))
	must("sarif", SARIF(&b, SARIFInput{Policy: c.Policy, Category: "x"}))
	must("summary", Summary(&b, SummaryInput{Check: c.Check, Diff: c.Diff, Policy: c.Policy}))
	must("text", CheckText(&b, PolicyCheckView(c.Policy, func(*finding.Finding) bool { return true }), TextOptions{}))
	bw := bufio.NewWriter(&b)
	err := WritePolicyFindingsJSON(bw, c.Policy, nil)
	bw.Flush()
	must("findings json", err)
	PolicyAnnotationsEach(c.Policy, nil, func(a Annotation) { fmt.Fprintf(&b, "%+v\n", a) })
	must("annotations", nil)
	return out
}

// runFixture is a realistic run: a generated tool set checked against
// every target (thousands of findings over many tools, every importance),
// input errors, the diff fixture, and a policy with rules, an accept entry
// and only-new against part of the findings.
func runFixture(t *testing.T) (*finding.Result, *check.Result, *diff.Result) {
	t.Helper()
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 40, 7); err != nil {
		t.Fatal(err)
	}
	loaded := tool.Load([]string{"."}, tool.Options{Cwd: dir})
	if len(loaded.Errors) > 0 {
		t.Fatal(loaded.Errors)
	}
	ids := []string{}
	for _, tg := range check.Targets() {
		ids = append(ids, tg.ID)
	}
	chk := check.Run(loaded.Tools, ids)
	dif := diffFixture(t)
	codes, offCodes := map[string]bool{}, map[string]bool{}
	var settings []finding.RuleSetting
	for _, f := range finding.FromCheck(chk) {
		if codes[f.Code] {
			continue
		}
		codes[f.Code] = true
		switch len(codes) % 4 {
		case 1:
			settings = append(settings, finding.RuleSetting{Key: f.Code, Level: finding.LevelOff, Where: "c:1"})
			offCodes[f.Code] = true
		case 2:
			settings = append(settings, finding.RuleSetting{Key: f.Code, Level: finding.LevelError, Where: "c:2"})
		}
	}
	rules, err := finding.NewRules(settings)
	if err != nil {
		t.Fatal(err)
	}
	// As pipeline.Collector does: the rules adjust each tool's result (a
	// code turned off leaves it), and the diagnostics they turn off are
	// findings after the tool's others, for the policy to count.
	var checkFindings []finding.Finding
	for i := range chk.Tools {
		tr := &chk.Tools[i]
		off := rules.ApplyToCheck(tr)
		finding.EachCheckTarget(tr, func(tg *check.TargetResult) {
			for j := range tg.Diagnostics {
				checkFindings = append(checkFindings, finding.CheckFinding(tr.Tool, tg, &tg.Diagnostics[j]))
			}
		})
		for k := range off {
			checkFindings = append(checkFindings, finding.CheckFinding(tr.Tool, &tr.Targets[off[k].Target], &off[k].Diagnostic))
		}
	}
	chk.Errors, chk.Warnings, chk.Infos = 0, 0, 0
	finish(chk) // the totals of the adjusted targets, as check.RunAdjusted counts them
	if len(checkFindings) < 2000 {
		t.Fatalf("only %d check findings", len(checkFindings))
	}
	findings := finding.FromLoad(loadErrorsFixture())
	findings = append(findings, checkFindings...)
	findings = append(findings, finding.FromDiff(dif)...)
	// A code no rule turns off, so that the entry accepts findings.
	accepted := ""
	for _, f := range checkFindings[len(checkFindings)/2:] {
		if !offCodes[f.Code] {
			accepted = f.Code
			break
		}
	}
	var base []finding.Finding
	for i, f := range checkFindings {
		if i%3 == 0 {
			base = append(base, f)
		}
	}
	pol := finding.Apply(finding.Policy{FailOn: finding.FailOnError, BreakingFailOn: finding.BreakingFailOnBreaking, OnlyNew: true, Rules: rules,
		Accept: []finding.Accept{{Tool: "*", Code: accepted, Reason: "r", Until: "2999-01-01", Where: "c:3"}},
		Today:  "2026-01-01"}, findings, base)
	return pol, chk, dif
}

// CapStream's view is Cap's, finding for finding, whatever the limits:
// everything kept, cut per tool, cut per run, or both.
func TestCapStreamEqualsCap(t *testing.T) {
	pol, chk, dif := runFixture(t)
	states := map[finding.State]int{}
	for _, f := range pol.Findings {
		states[f.State]++
	}
	if len(states) < 4 {
		t.Fatalf("the fixture has findings in only %d states: %v", len(states), states)
	}
	for _, l := range []Limits{{PerTool: 1 << 20, PerRun: 1 << 20}, {PerTool: 3, PerRun: 1 << 20}, {PerTool: 1 << 20, PerRun: 25},
		{PerTool: 40, PerRun: 300}, {PerTool: 500, PerRun: 1000}, {PerTool: 1, PerRun: 1}, {PerTool: 0, PerRun: 0}} {
		t.Run(fmt.Sprintf("%d-%d", l.PerTool, l.PerRun), func(t *testing.T) {
			wantView, gotView := Cap(pol, chk, dif, l), streamCap(pol, chk, dif, l)
			want, got := comparable(wantView), comparable(gotView)
			if got.Omitted.Total != want.Omitted.Total || !reflect.DeepEqual(got.Omitted, want.Omitted) {
				t.Fatalf("omitted %d %v, want %d %v", got.Omitted.Total, got.Omitted.PerTool, want.Omitted.Total, want.Omitted.PerTool)
			}
			if len(got.Policy.Findings) != len(want.Policy.Findings) {
				t.Fatalf("%d findings kept, want %d", len(got.Policy.Findings), len(want.Policy.Findings))
			}
			for i := range got.Policy.Findings {
				if g, w := got.Policy.Findings[i], want.Policy.Findings[i]; !reflect.DeepEqual(g, w) {
					t.Fatalf("finding %d:\n got %+v\nwant %+v", i, g, w)
				}
			}
			t.Logf("kept %d, omitted %d of %d", len(got.Policy.Findings), got.Omitted.Total, len(pol.Findings))
			if !reflect.DeepEqual(got, want) {
				t.Fatal("the views differ")
			}
			for _, tr := range gotView.Check.Tools {
				if tr.Tool != nil && tr.Tool.Value != nil {
					t.Fatalf("the view keeps the tree of %s", tr.Tool.Name)
				}
			}
			for _, f := range gotView.Policy.Findings {
				if f.ToolDef != nil && f.ToolDef.Value != nil {
					t.Fatalf("finding %s keeps the tree of %s", f.Code, f.ToolDef.Name)
				}
			}
			wantOut, gotOut := rendered(t, wantView), rendered(t, gotView)
			for name, w := range wantOut {
				if gotOut[name] != w {
					t.Errorf("%s differs", name)
				}
			}
			// The policy's findings point into the check and diff views.
			for _, f := range gotView.Policy.Findings {
				// A finding turned off has no diagnostic in the check: its own copy.
				if f.Diagnostic != nil && f.State != finding.StateDisabled && !pointsInto(f.Diagnostic, gotView.Check) {
					t.Fatalf("%s: the diagnostic is not the check view's", f.Code)
				}
			}
		})
	}
}

func pointsInto(d any, chk *check.Result) bool {
	for i := range chk.Tools {
		for k := range chk.Tools[i].Targets {
			ds := chk.Tools[i].Targets[k].Diagnostics
			for j := range ds {
				if d == any(&ds[j]) {
					return true
				}
			}
		}
	}
	return false
}

// Once CapStream has a tool's findings, nothing it keeps holds the tool's
// tree: a run that loads each file again for the check and drops it must
// not find every tree kept by the view at the end.
func TestCapStreamKeepsNoTree(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 3, 5); err != nil {
		t.Fatal(err)
	}
	c := NewCapStream(RunLimits)
	var trees []weak.Pointer[jsonvalue.Value]
	var texts []weak.Pointer[byte]
	func() {
		loaded := tool.Load([]string{"."}, tool.Options{Cwd: dir})
		if len(loaded.Errors) > 0 || len(loaded.Tools) == 0 {
			t.Fatal(loaded.Errors)
		}
		kept := 0
		check.Stream(loaded.Tools, []string{"openai", "anthropic", "gemini"}, func(tr check.ToolResult) {
			trees = append(trees, weak.Make(tr.Tool.Value))
			texts = append(texts, weak.Make(unsafe.SliceData(tr.Tool.Source.Data)))
			c.Tool(&tr)
			finding.EachCheckTarget(&tr, func(tg *check.TargetResult) {
				for j := range tg.Diagnostics {
					f := finding.PartialCheckFinding(tr.Tool, tg, &tg.Diagnostics[j])
					c.Add(&f)
					kept++
				}
			})
		})
		if kept == 0 {
			t.Fatal("no findings")
		}
	}()
	// While the stream goes on (it is alive: Finish comes after), it
	// holds no tool's text as the run read it but the last tool's (one
	// more tool, without a file, takes its place here): the view copies
	// the text of the files whose findings it keeps, while it keeps them.
	c.Tool(&check.ToolResult{Tool: &tool.Tool{Name: "~after"}})
	runtime.GC()
	runtime.GC()
	for i, w := range texts {
		if w.Value() != nil {
			t.Fatalf("tool %d's file text is still reachable", i)
		}
	}
	view := c.Finish(&finding.Result{}, nil)
	runtime.GC()
	runtime.GC()
	for i, w := range trees {
		if w.Value() != nil {
			t.Fatalf("tool %d's tree is still reachable", i)
		}
	}
	if len(view.Policy.Findings) == 0 || view.Check.Tools[0].Tool.Source == nil {
		t.Fatal("the view lost what the outputs read")
	}
	for _, f := range view.Policy.Findings {
		if src := f.ToolDef.Source; f.Diagnostic != nil && !bytes.Equal(src.Data, mustRead(t, src.Abs)) {
			t.Fatalf("%s: the view has not the text of %s", f.Code, src.Path)
		}
	}
	runtime.KeepAlive(view)
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// streamCapShuffled feeds a whole run to a CapStream by name the way a
// run that checks each file as it loads does: the load errors' findings,
// then each tool's result followed by its findings, the tools in an order
// of rng's, then the diff's.
func streamCapShuffled(pol *finding.Result, chk *check.Result, dif *diff.Result, l Limits, rng *rand.Rand) Capped {
	c := NewCapStreamByName(l)
	byTool := map[*tool.Tool][]*finding.Finding{}
	var before, after []*finding.Finding
	for i := range pol.Findings {
		switch f := &pol.Findings[i]; f.Kind {
		case finding.KindLoad:
			before = append(before, f)
		case finding.KindCheck:
			byTool[f.ToolDef] = append(byTool[f.ToolDef], f)
		default:
			after = append(after, f)
		}
	}
	for _, f := range before {
		c.Add(f)
	}
	for _, i := range rng.Perm(len(chk.Tools)) {
		c.Tool(&chk.Tools[i])
		for _, f := range byTool[chk.Tools[i].Tool] {
			c.Add(f)
		}
	}
	for _, f := range after {
		c.Add(f)
	}
	bare := *pol
	bare.Findings = nil
	return c.Finish(&bare, dif)
}

// A CapStream by name given the tools in any order returns Cap's view of
// the run in order, finding for finding and byte for byte once rendered,
// whatever the limits.
func TestCapStreamByNameEqualsCapInAnyOrder(t *testing.T) {
	pol, chk, dif := runFixture(t)
	if !slices.IsSortedFunc(chk.Tools, func(a, b check.ToolResult) int { return tool.CompareNames(a.Tool.Name, b.Tool.Name) }) {
		t.Fatal("the fixture's tools are not in name order")
	}
	for _, l := range []Limits{{PerTool: 1 << 20, PerRun: 1 << 20}, {PerTool: 3, PerRun: 1 << 20}, {PerTool: 1 << 20, PerRun: 25},
		{PerTool: 40, PerRun: 300}, {PerTool: 500, PerRun: 1000}, {PerTool: 1, PerRun: 1}, {PerTool: 0, PerRun: 0}} {
		for seed := range uint64(3) {
			t.Run(fmt.Sprintf("%d-%d/%d", l.PerTool, l.PerRun, seed), func(t *testing.T) {
				wantView := Cap(pol, chk, dif, l)
				gotView := streamCapShuffled(pol, chk, dif, l, rand.New(rand.NewPCG(seed, 15)))
				want, got := comparable(wantView), comparable(gotView)
				if !reflect.DeepEqual(got.Omitted, want.Omitted) {
					t.Fatalf("omitted %d %v, want %d %v", got.Omitted.Total, got.Omitted.PerTool, want.Omitted.Total, want.Omitted.PerTool)
				}
				if len(got.Policy.Findings) != len(want.Policy.Findings) {
					t.Fatalf("%d findings kept, want %d", len(got.Policy.Findings), len(want.Policy.Findings))
				}
				for i := range got.Policy.Findings {
					if g, w := got.Policy.Findings[i], want.Policy.Findings[i]; !reflect.DeepEqual(g, w) {
						t.Fatalf("finding %d:\n got %+v\nwant %+v", i, g, w)
					}
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatal("the views differ")
				}
				wantOut, gotOut := rendered(t, wantView), rendered(t, gotView)
				for name, w := range wantOut {
					if gotOut[name] != w {
						t.Errorf("%s differs", name)
					}
				}
				for _, f := range gotView.Policy.Findings {
					// A finding turned off has no diagnostic in the check: its own copy.
					if f.Diagnostic != nil && f.State != finding.StateDisabled && !pointsInto(f.Diagnostic, gotView.Check) {
						t.Fatalf("%s: the diagnostic is not the check view's", f.Code)
					}
				}
				// The view has the text of the files whose findings it
				// keeps, and of no other (a file's candidates all
				// displaced, its text went with them).
				quoted := map[*tool.Source]bool{}
				for _, tr := range gotView.Check.Tools {
					for _, tg := range tr.Targets {
						if len(tg.Diagnostics) > 0 {
							quoted[tr.Tool.Source] = true
						}
					}
				}
				for _, tr := range gotView.Check.Tools {
					if src := tr.Tool.Source; src != nil && (len(src.Data) > 0) != quoted[src] {
						t.Fatalf("%s: the view has text %v, findings %v", src.Path, len(src.Data) > 0, quoted[src])
					}
				}
			})
		}
	}
}
