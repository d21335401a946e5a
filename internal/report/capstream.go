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
	inClass    [importanceLevels]*nameCounts
	slab       []capCandidate // room for candidates to come
	total      *nameCounts    // findings per tool, but for the run below
	// runTool's last runCount findings are not in total yet: a tool's
	// findings arrive together, and one count per run instead of a map
	// lookup per finding matters at a million findings.
	runTool  string
	runCount int
	// last is the tool of the last Tool call, and lastView what the view
	// keeps of it (viewTool), lastSource the view's source of its file.
	last, lastView *tool.Tool
	lastSource     *viewSource
	// byName: the tools arrive in any order, and the run's order is by
	// name (NewCapStreamByName).
	byName bool
	// sources are the view's sources of the files read from disk, by
	// absolute and display path (viewSource).
	sources map[sourceKey]*viewSource
	// named is each tool's place in the view by name (the last of a
	// duplicated name): a finding made apart from the tool's check (a
	// budget's) joins the tool's check view there.
	named map[string]int
}

type sourceKey struct{ abs, path string }

// viewSource is the view's source of a file: its path, and its text only
// while a candidate of the file is kept (the outputs quote the lines of
// the findings they show).
type viewSource struct {
	src  *tool.Source
	kept int // candidates of the file held
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
	tool, target int         // in the check view; -1 when not there
	source       *viewSource // the view's source it holds (hold), if any
}

// NewCapStream starts a capped view within l.
func NewCapStream(l Limits) *CapStream {
	c := &CapStream{l: l, check: &check.Result{}, total: newNameCounts(), sources: map[sourceKey]*viewSource{}}
	for i := range c.inClass {
		c.inClass[i] = newNameCounts()
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
	view, source := c.viewTool(tr.Tool)
	v := check.ToolResult{Tool: view, Targets: make([]check.TargetResult, len(tr.Targets))}
	c.last, c.lastView, c.lastSource = tr.Tool, view, source
	for k, t := range tr.Targets {
		v.Targets[k] = check.TargetResult{ID: t.ID, Name: t.Name, Summary: t.Summary}
		c.check.Errors += t.Summary.Error
		c.check.Warnings += t.Summary.Warning
		c.check.Infos += t.Summary.Info
	}
	c.check.Tools = append(c.check.Tools, v)
	if c.named == nil {
		c.named = map[string]int{}
	}
	c.named[view.Name] = len(c.check.Tools) - 1
}

// viewTool is what the outputs read of a tool, without its tree: its
// name, and its source (the file's path, and its lines for the text
// report's excerpts). A tool's tree pins every node of its file, and a
// run that checks files loaded again one at a time (check.Scanned) would
// otherwise keep every tree it meant to drop. The positions the outputs
// would locate in the tree are filled in by Add, for the findings kept.
func (c *CapStream) viewTool(t *tool.Tool) (*tool.Tool, *viewSource) {
	if t == nil {
		return nil, nil
	}
	view := &tool.Tool{Name: strings.Clone(t.Name), Source: t.Source, Base: t.Base}
	source := c.viewSource(t.Source)
	if source != nil {
		view.Source = source.src
	}
	return view, source
}

// viewSource is the view's source for src, for a file read from disk:
// one that has the file's text only while a candidate of the file is
// kept (hold, release). Holding every file's text to the end held the
// whole tool set's: on the 10,000-tool corpus, 87 MB of a run's 127 MB
// live at the end of its scan, and fresh memory is paid for in page
// faults. nil for a source not read from a file: the view keeps it as it
// is.
func (c *CapStream) viewSource(src *tool.Source) *viewSource {
	if src == nil || src.Abs == "" {
		return nil
	}
	if v, ok := c.sources[sourceKey{src.Abs, src.Path}]; ok {
		return v
	}
	v := &viewSource{src: &tool.Source{Path: strings.Clone(src.Path), Abs: strings.Clone(src.Abs)}}
	c.sources[sourceKey{v.src.Abs, v.src.Path}] = v
	return v
}

// hold gives v, the view's source of the file from (the text the tool
// was checked against), a copy of the file's text while a candidate of
// it is kept. Each file is copied about once: a tool's findings come
// together.
func (v *viewSource) hold(from *tool.Source) {
	if v.kept == 0 {
		v.src.Data = slices.Clone(from.Data)
	}
	v.kept++
}

// release lets v's text go once no candidate of its file is kept.
func (v *viewSource) release() {
	if v.kept--; v.kept == 0 {
		v.src.Data = nil
	}
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
		case f.Kind == finding.KindCheck && c.lastView != nil && f.ToolDef == c.last:
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
	if full && (len(heap) == 0 || key.compare(&heap[0].key) > 0) || c.inClass[class].of(f.Tool) >= c.l.PerTool {
		return
	}
	c.inClass[class].add(f.Tool)
	// A full heap's root is the candidate cand displaces: its memory is
	// reused (in a run whose tools arrive out of order, most candidates
	// kept early are displaced later, and each is large).
	var cand *capCandidate
	if full {
		cand = heap[0]
		if cand.source != nil {
			cand.source.release()
		}
		*cand = capCandidate{key: key, f: *f, tool: -1, target: -1}
	} else {
		if len(c.slab) == 0 {
			// Candidates are never freed (a displaced one is reused):
			// allocated 64 at a time.
			c.slab = make([]capCandidate, 64)
		}
		cand, c.slab = &c.slab[0], c.slab[1:]
		*cand = capCandidate{key: key, f: *f, tool: -1, target: -1}
	}
	cand.f.Complete()
	if f.Diagnostic != nil {
		cand.diag, cand.hasDiag = *f.Diagnostic, true
		ownText(&cand.f, &cand.diag)
		cand.f.Diagnostic = nil
		// A diagnostic of the last tool given belongs to its check view;
		// one made apart (a budget's, located already) joins its tool's
		// view by name, or keeps its own copy.
		if n := len(c.check.Tools); n > 0 && f.ToolDef == c.last {
			cand.tool = n - 1
		} else if i, ok := c.named[f.Tool]; ok && f.Kind == finding.KindCheck && f.ToolDef != nil {
			cand.tool = i
		}
		if cand.tool >= 0 {
			cand.target = slices.IndexFunc(c.check.Tools[cand.tool].Targets, func(t check.TargetResult) bool { return t.ID == f.Target })
		}
		if f.ToolDef != nil && f.ToolDef == c.last {
			c.locate(cand)
			cand.f.ToolDef = c.lastView
			if v := c.lastSource; v != nil {
				v.hold(c.last.Source)
				cand.source = v
			}
		}
	} else {
		ownText(&cand.f, nil)
	}
	if full {
		// Out of order: cand comes before the last kept, which goes.
		siftDown(heap, 0)
		return
	}
	c.candidates[class] = append(heap, cand)
	siftUp(c.candidates[class], len(heap))
}

// flushRun adds the run of findings of one tool to total.
func (c *CapStream) flushRun() {
	if c.runCount > 0 {
		c.total.addN(c.runTool, c.runCount)
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

// ownText gives a kept finding (and its diagnostic, if d is not nil)
// their own copies of the text that may be a view of memory the run means
// to drop: a tool's file (names), or the chunk of a provider's text arena
// that holds the messages of many tools. The copies share one allocation
// (a candidate's text lives and dies together), and the diagnostic's
// fields equal to the finding's share the finding's copies.
func ownText(f *finding.Finding, d *provider.Diagnostic) {
	fields := [...]*string{&f.Tool, &f.Path, &f.Message, &f.Location.File, nil, nil, nil, nil, nil, nil}
	n := 4
	if d != nil {
		for _, s := range [...]*string{&d.ToolName, &d.Message, &d.Path, &d.File, &d.Compile.Detail, &d.FoldedInto} {
			fields[n] = s
			n++
		}
	}
	// same[i] is the finding's field that field i equals (-1: none).
	var same [len(fields)]int
	size := 0
	for i, s := range fields[:n] {
		same[i] = -1
		for j := 0; i >= 4 && j < 4; j++ {
			if *s == *fields[j] {
				same[i] = j
				break
			}
		}
		if same[i] < 0 {
			size += len(*s)
		}
	}
	if size == 0 {
		return
	}
	var b strings.Builder
	b.Grow(size)
	var starts, ends [len(fields)]int
	for i, s := range fields[:n] {
		if same[i] < 0 {
			starts[i] = b.Len()
			b.WriteString(*s)
			ends[i] = b.Len()
		}
	}
	text := b.String()
	for i, s := range fields[:n] {
		if j := same[i]; j >= 0 {
			*s = *fields[j]
		} else {
			*s = text[starts[i]:ends[i]]
		}
	}
}

// nameCounts counts findings by tool name. Each name is stored once, as
// its own copy: a name may be a view of its file's text, which must not
// stay pinned. (An assignment to a map entry stores the key given to it,
// even when the entry exists, so a map[string]int counted with m[name]++
// would end up holding the last caller's name: in a run, a view of every
// file's text, 87 MB of the corpus's, to the end.)
type nameCounts struct {
	index map[string]int // name -> its place in n, assigned once
	n     []int
}

func newNameCounts() *nameCounts { return &nameCounts{index: map[string]int{}} }

// add adds one to name's count.
func (c *nameCounts) add(name string) { c.addN(name, 1) }

// addN adds n to name's count.
func (c *nameCounts) addN(name string, n int) {
	if i, ok := c.index[name]; ok {
		c.n[i] += n
		return
	}
	c.index[strings.Clone(name)] = len(c.n)
	c.n = append(c.n, n)
}

// of is name's count.
func (c *nameCounts) of(name string) int {
	if i, ok := c.index[name]; ok {
		return c.n[i]
	}
	return 0
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
	c.last, c.lastView, c.lastSource = nil, nil, nil
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
			} else if cand.source != nil {
				// Left out after all: its file's text may go.
				cand.source.release()
				cand.source = nil
			}
		}
	}
	slices.SortFunc(kept, byKey)
	out.Omitted.Total = c.seen - len(kept)
	for name, i := range c.total.index {
		if left := c.total.n[i] - perTool[name]; left > 0 {
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
		// A finding turned off by the rules is no diagnostic of the check
		// (the engine's result no longer has it): the policy keeps its own
		// copy.
		if cand.tool < 0 || cand.target < 0 || cand.f.State == finding.StateDisabled {
			continue
		}
		d := cand.diag
		d.Path = AbbreviatePath(d.Path)
		d.Message = truncateText(d.Message)
		d.Compile.Detail = truncateText(d.Compile.Detail)
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
		if cand.tool >= 0 && cand.target >= 0 && cand.f.State != finding.StateDisabled {
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
