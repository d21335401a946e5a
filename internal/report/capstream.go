package report

import (
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// CapStream is Cap for a run that never holds all its findings: the check
// results arrive tool by tool (Tool), each finding once the policy has
// decided it (Add), and Finish returns the view Cap would have returned
// for the whole run, finding for finding. Memory stays bounded by the
// limits and the number of tools, however many findings go past.
//
// Cap keeps findings by importance, then in the run's order, at most
// PerTool per tool and PerRun in all. Within one importance the findings
// a tool gets are a prefix of its findings of that importance (at most
// PerTool of them), and the ones Cap passes over before its last kept one
// are those of tools already full from more important findings: no more
// than the findings kept before. So the first PerRun findings of each
// importance, at most PerTool per tool, are all Cap can keep; CapStream
// holds those and no more.
//
// NewCapStreamByName takes the tools in any order (see there).
type CapStream struct {
	l     Limits
	seen  int
	check *check.Result
	// candidates by importance, each a heap of at most PerRun whose root
	// is the last in the run's order (capKey); inClass counts them per
	// tool.
	candidates [importanceLevels][]*capCandidate
	inClass    [importanceLevels]map[string]int
	total      map[string]int // findings per tool, but for the run below
	// runTool's last runCount findings are not in total yet: a tool's
	// findings arrive together, and one map update per run instead of
	// two map operations per finding matters at a million findings.
	runTool  string
	runCount int
	// last is the tool of the last Tool call, and lastView what the view
	// keeps of it (viewTool).
	last, lastView *tool.Tool
	// byName: the tools arrive in any order, and the run's order is by
	// name (NewCapStreamByName).
	byName bool
}

// capKey is a finding's place in the run's order: in arrival order
// (seq) for a CapStream that gets the run in order; for one by name, the
// load errors (phase 0), then each tool's findings by the tool's name
// (phase 1: a tool's findings arrive together, in order, so seq orders
// them), then the rest (phase 2: the diff's).
type capKey struct {
	phase int
	name  string
	seq   int
}

func (a *capKey) compare(b *capKey) int {
	if a.phase != b.phase {
		return a.phase - b.phase
	}
	if a.name != b.name {
		return tool.CompareNames(a.name, b.name)
	}
	return a.seq - b.seq
}

// importanceLevels is the number of values importance takes.
const importanceLevels = 7

// capCandidate is one finding CapStream may keep, with its own copy of
// the diagnostic (the check's lists are reused) and where in the check
// view it goes.
type capCandidate struct {
	key          capKey
	f            finding.Finding
	diag         provider.Diagnostic
	hasDiag      bool
	tool, target int // in the check view; -1 when not there
}

// NewCapStream starts a capped view within l.
func NewCapStream(l Limits) *CapStream {
	c := &CapStream{l: l, check: &check.Result{}, total: map[string]int{}}
	for i := range c.inClass {
		c.inClass[i] = map[string]int{}
	}
	return c
}

// NewCapStreamByName is NewCapStream for a run whose tools arrive in any
// order (checked as their files load, on many workers), the run's order
// being by tool name (tool.CompareNames; the names are unique): each
// tool's findings still come right after it (Tool, then Add, from one
// goroutine at a time), the load errors before any tool and the other
// findings (the diff's) after the last. Finish returns what NewCapStream
// would for the same run in order: each importance keeps the PerRun
// first findings in the run's order, whatever order they came in.
func NewCapStreamByName(l Limits) *CapStream {
	c := NewCapStream(l)
	c.byName = true
	return c
}

// Tool records one tool's check result (in the check's order): the view
// lists every tool with each target's summary, and counts the totals. The
// tool's check findings are added after it, before the next Tool. tr is
// not kept.
func (c *CapStream) Tool(tr *check.ToolResult) {
	v := check.ToolResult{Tool: viewTool(tr.Tool), Targets: make([]check.TargetResult, len(tr.Targets))}
	c.last, c.lastView = tr.Tool, v.Tool
	for k, t := range tr.Targets {
		v.Targets[k] = check.TargetResult{ID: t.ID, Name: t.Name, Summary: t.Summary}
		c.check.Errors += t.Summary.Error
		c.check.Warnings += t.Summary.Warning
		c.check.Infos += t.Summary.Info
	}
	c.check.Tools = append(c.check.Tools, v)
}

// viewTool is what the outputs read of a tool, without its tree: its
// name, and its source (the file's path, and its lines for the text
// report's excerpts). A tool's tree pins every node of its file, and a
// run that checks files loaded again one at a time (check.Scanned) would
// otherwise keep every tree it meant to drop. The positions the outputs
// would locate in the tree are filled in by Add, for the findings kept.
func viewTool(t *tool.Tool) *tool.Tool {
	if t == nil {
		return nil
	}
	return &tool.Tool{Name: strings.Clone(t.Name), Source: t.Source, Base: t.Base}
}

// Add offers one finding, after the policy decided it. A check finding
// belongs to the tool of the last Tool call. f is copied where kept, and
// completed (finding.PartialCheckFinding): f's diagnostic must be valid
// until Add returns, not after.
func (c *CapStream) Add(f *finding.Finding) {
	key := capKey{seq: c.seen}
	c.seen++
	if c.byName {
		switch {
		case f.Kind == finding.KindLoad:
		case f.Kind == finding.KindCheck && c.lastView != nil:
			key.phase, key.name = 1, c.lastView.Name
		default:
			key.phase = 2
		}
	}
	if c.runCount > 0 && f.Tool == c.runTool {
		c.runCount++
	} else {
		c.flushRun()
		c.runTool, c.runCount = strings.Clone(f.Tool), 1
	}
	class := importance(f)
	heap := c.candidates[class]
	full := len(heap) >= c.l.PerRun
	if full && (len(heap) == 0 || key.compare(&heap[0].key) > 0) || c.inClass[class][f.Tool] >= c.l.PerTool {
		return
	}
	countName(c.inClass[class], f.Tool)
	cand := &capCandidate{key: key, f: *f, tool: -1, target: -1}
	cand.f.Complete()
	ownText(&cand.f, nil)
	if f.Diagnostic != nil {
		cand.diag, cand.hasDiag = *f.Diagnostic, true
		ownText(&cand.f, &cand.diag)
		cand.f.Diagnostic = nil
		if n := len(c.check.Tools); n > 0 {
			cand.tool = n - 1
			cand.target = slices.IndexFunc(c.check.Tools[n-1].Targets, func(t check.TargetResult) bool { return t.ID == f.Target })
		}
		if f.ToolDef != nil && f.ToolDef == c.last {
			c.locate(cand)
			cand.f.ToolDef = c.lastView
		}
	}
	if full {
		// Out of order: cand comes before the last kept, which goes.
		heap[0] = cand
		siftDown(heap, 0)
		return
	}
	c.candidates[class] = append(heap, cand)
	siftUp(c.candidates[class], len(heap))
}

// flushRun adds the run of findings of one tool to total.
func (c *CapStream) flushRun() {
	if c.runCount > 0 {
		c.total[c.runTool] += c.runCount
		c.runTool, c.runCount = "", 0
	}
}

// siftUp and siftDown keep h a heap whose root is the latest in the
// run's order: log(PerRun) steps for a candidate kept, none for one
// passed over.
func siftUp(h []*capCandidate, i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if h[i].key.compare(&h[parent].key) <= 0 {
			return
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
}

func siftDown(h []*capCandidate, i int) {
	for {
		largest := i
		if l := 2*i + 1; l < len(h) && h[l].key.compare(&h[largest].key) > 0 {
			largest = l
		}
		if r := 2*i + 2; r < len(h) && h[r].key.compare(&h[largest].key) > 0 {
			largest = r
		}
		if largest == i {
			return
		}
		h[i], h[largest] = h[largest], h[i]
		i = largest
	}
}

// ownText gives a kept finding (and its diagnostic) their own copies of
// the text that may be a view of memory the run means to drop: a tool's
// file (names), or the chunk of a provider's text arena that holds the
// messages of many tools. The finding shares its diagnostic's copies.
func ownText(f *finding.Finding, d *provider.Diagnostic) {
	if d == nil {
		f.Tool, f.Path, f.Message, f.Location.File = strings.Clone(f.Tool), strings.Clone(f.Path), strings.Clone(f.Message), strings.Clone(f.Location.File)
		return
	}
	own := func(s string) string {
		switch s {
		case f.Tool:
			return f.Tool
		case f.Path:
			return f.Path
		case f.Message:
			return f.Message
		case f.Location.File:
			return f.Location.File
		}
		return strings.Clone(s)
	}
	d.ToolName, d.Message, d.Path, d.File = own(d.ToolName), own(d.Message), own(d.Path), own(d.File)
	d.Compile.Detail, d.FoldedInto = strings.Clone(d.Compile.Detail), strings.Clone(d.FoldedInto)
}

// countName adds one to name's count, keeping a copy of the name as the key:
// a name may be a view of its file's text, which must not stay pinned.
func countName(m map[string]int, name string) {
	if n, ok := m[name]; ok {
		m[name] = n + 1
		return
	}
	m[strings.Clone(name)] = 1
}

// locate gives a kept diagnostic of the last tool the position the
// outputs would find in the tree (diagnosticSpan, which the view tool,
// without a tree, cannot): the span of its path, the path as the view
// will hold it (Finish abbreviates a long one in the check view).
func (c *CapStream) locate(cand *capCandidate) {
	d := &cand.diag
	if d.Line != 0 || (d.File != "" && d.File != c.last.File()) {
		return
	}
	path := d.Path
	if cand.tool >= 0 && cand.target >= 0 {
		path = AbbreviatePath(path)
	}
	sp, _ := c.last.Locate(path)
	d.Line, d.Column, d.EndLine, d.EndColumn = sp.Line, sp.Column, sp.EndLine, sp.EndColumn
}

// sortTools puts the view's tools in the run's order (by name), and
// the candidates' places in the view with them.
func (c *CapStream) sortTools() {
	tools := c.check.Tools
	order := make([]int, len(tools))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return tool.CompareNames(tools[a].Tool.Name, tools[b].Tool.Name) })
	place := make([]int, len(tools))
	sorted := make([]check.ToolResult, len(tools))
	for to, from := range order {
		sorted[to] = tools[from]
		place[from] = to
	}
	c.check.Tools = sorted
	for class := range c.candidates {
		for _, cand := range c.candidates[class] {
			if cand.tool >= 0 {
				cand.tool = place[cand.tool]
			}
		}
	}
}

// Finish returns the view of the run: pol is the policy's verdict (its
// Findings are not read), dif the whole diff (nil without a base). It
// equals Cap(pol with every finding added, the check with every tool
// recorded, dif, l), except that the views are always copies.
func (c *CapStream) Finish(pol *finding.Result, dif *diff.Result) Capped {
	c.last, c.lastView = nil, nil
	c.flushRun()
	if c.byName {
		c.sortTools()
	}
	out := Capped{Check: c.check, Diff: dif, Omitted: Omitted{PerTool: map[string]int{}, Limits: c.l}}
	var kept []*capCandidate
	perTool := map[string]int{}
	byKey := func(a, b *capCandidate) int { return a.key.compare(&b.key) }
	for class := range c.candidates {
		slices.SortFunc(c.candidates[class], byKey)
		for _, cand := range c.candidates[class] {
			if len(kept) < c.l.PerRun && perTool[cand.f.Tool] < c.l.PerTool {
				kept = append(kept, cand)
				perTool[cand.f.Tool]++
			}
		}
	}
	slices.SortFunc(kept, byKey)
	out.Omitted.Total = c.seen - len(kept)
	for name, n := range c.total {
		if left := n - perTool[name]; left > 0 {
			out.Omitted.PerTool[name] = left
		}
	}
	longPaths := false
	for _, cand := range kept {
		if tooLong(&cand.f) {
			longPaths = true
			break
		}
	}
	copyDiff := dif != nil && (out.Omitted.Total > 0 || longPaths)
	var changes map[*diff.Change]*diff.Change
	if copyDiff {
		changes = map[*diff.Change]*diff.Change{}
		for _, cand := range kept {
			if cand.f.Change != nil {
				changes[cand.f.Change] = nil
			}
		}
		out.Diff = keptChanges(dif, changes)
	}
	// The kept diagnostics go into the check view first, in the run's
	// order; the policy's findings then point at them where they rest.
	for _, cand := range kept {
		if cand.tool < 0 || cand.target < 0 {
			continue
		}
		d := cand.diag
		d.Path = AbbreviatePath(d.Path)
		d.Message = truncateText(d.Message)
		t := &c.check.Tools[cand.tool].Targets[cand.target]
		t.Diagnostics = append(t.Diagnostics, d)
	}
	next := map[*check.TargetResult]int{}
	p := *pol
	p.Findings = make([]finding.Finding, 0, len(kept))
	for _, cand := range kept {
		f := cand.f
		f.Path = AbbreviatePath(f.Path)
		f.Message = truncateText(f.Message)
		if cand.tool >= 0 && cand.target >= 0 {
			t := &c.check.Tools[cand.tool].Targets[cand.target]
			f.Diagnostic = &t.Diagnostics[next[t]]
			next[t]++
		} else if cand.hasDiag {
			// A diagnostic of no recorded target: its own copy.
			d := cand.diag
			f.Diagnostic = &d
		}
		if f.Change != nil && changes != nil {
			if cp := changes[f.Change]; cp != nil {
				f.Change = cp
			}
		}
		p.Findings = append(p.Findings, f)
	}
	out.Policy = &p
	return out
}
