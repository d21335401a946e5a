package actionrun

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/schemaport/schemaport-action/internal/action"
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/pipeline"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropicstrict"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// scanRuns lets a run load the head file by file (runScanned); a test
// turns it off to hold the outputs to the whole-set run's.
var scanRuns = true

// afterScan, when set, runs once the head is scanned and the base loaded,
// before the head's files are loaded again (runTwoPasses) or the run
// looks whether any changed since it read them (runOnePass): a test
// changes a file there.
var afterScan func()

// scanStats is what runScanned held, for tests: the base files parsed
// (a file the head has byte for byte is not), and the tools held for the
// diff on each side.
type scanStats struct {
	sharedFiles, baseFilesParsed, baseTools, headTools int
	// onePass: the head was checked as it loaded (runOnePass), its tools
	// reaching the policy out of report order when outOfOrder.
	onePass, outOfOrder bool
}

// onScanStats, when set, receives a scanned run's scanStats.
var onScanStats func(scanStats)

// msgChanged is the run's error when a head file changed between the
// passes, or while the run read it: what the outputs would say is not
// known.
const msgChanged = "A tool file changed while it was being checked; run the check again."

// runScanned is the run for a head and a base that load without a
// problem, in the memory of the files that changed rather than of every
// tree (the whole-set run holds both sides' trees until the head is
// checked): in one pass over the head (runOnePass) unless
// anthropic-strict is a target, in two (runTwoPasses) when it is. In
// two passes the head is scanned (check.Scan: loaded file by file, the
// trees dropped, learning the report order); the base is loaded but for
// the files the head has byte for byte (display path, forced format and
// bytes: tool.Cache's rule), whose tools are the head's, so they are
// never parsed twice nor held; the diff's new side is the head's other
// files, loaded again; and the head is checked by loading each file
// again in report order (check.Scanned.Stream). Every output is the
// whole-set run's, byte for byte.
//
// done is false, and nothing is reported, when the run must take the
// whole-set path instead: a load problem on either side (whose reporting
// needs every tool: failed files are left out of the diff on both sides),
// or a head that is empty. The notes made meanwhile are taken back.
func (r *actionRun) runScanned(o runOptions, side *baseSide, labels []string, ev *action.Event) (code int, done bool) {
	if !check.HasSetFindings(o.targets) {
		return r.runOnePass(o, side, labels, ev)
	}
	return r.runTwoPasses(o, side, labels, ev)
}

// scannedHead is what a scanned run starts from: the head's paths that
// exist, with the notes they make (they come after the base's, as in the
// whole-set run), and how to fall back to the whole-set run.
type scannedHead struct {
	present  []string
	notes    []string
	extra    []report.Annotation
	ok       bool               // false: fall back (a usage error, or no path)
	fallBack func() (int, bool) // takes back the notes made since, and says "not done"
}

// scanHead finds the head's paths for a scanned run.
func (r *actionRun) scanHead(o runOptions, side *baseSide) scannedHead {
	notes, extra := len(r.notes), len(r.extra)
	h := scannedHead{fallBack: func() (int, bool) {
		r.notes, r.extra = r.notes[:notes], r.extra[:extra]
		return 0, false
	}}
	var usageErr string
	h.notes, h.extra = r.notesOf(func() { h.present, usageErr = r.headPaths(o.paths, side.loaded, side.missing) })
	h.ok = usageErr == "" && len(h.present) > 0
	return h
}

// scanned is what both scanned runs do once the head is scanned and the
// base loaded, and neither falls back any more: the materialized base
// goes, and the notes the head's paths and files made are the run's.
func (r *actionRun) scanned(h scannedHead, side *baseSide, ev *action.Event, files *tool.Scanned) {
	side.remove()
	r.noteBaseEqualsHead(ev)
	r.notes, r.extra = append(r.notes, h.notes...), append(r.extra, h.extra...)
	r.noteNotices(files.Notices)
	if afterScan != nil {
		afterScan()
	}
}

// runTwoPasses is runScanned when anthropic-strict is a target: a
// tool's set findings depend on the tools before it in report order, so
// the head is checked in a second pass, in that order (check.Scanned's
// Stream), once the first has learnt it.
func (r *actionRun) runTwoPasses(o runOptions, side *baseSide, labels []string, ev *action.Event) (code int, done bool) {
	h := r.scanHead(o, side)
	fallBack := h.fallBack
	if !h.ok {
		return fallBack()
	}
	present := h.present
	scan, ok := check.Scan(present, r.loadOptions(r.workdir, r.root), o.targets, r.cost.hook(), check.ScanTo{})
	if !ok {
		return fallBack()
	}
	files := scan.Loaded()
	byDisplay := make(map[string]int, files.Files())
	for f := 0; f < files.Files(); f++ {
		byDisplay[files.Display(f)] = f
	}
	var stats scanStats
	base := toolSet{loaded: side.loaded, missing: side.missing}
	shared := map[int]bool{} // head files the base has byte for byte
	if len(side.args) > 0 {
		var mu sync.Mutex
		base.Result = r.loadBaseSkipping(side, &stats, func(display string, format tool.Format, data []byte) bool {
			f, ok := byDisplay[display]
			if !ok || !files.Holds(f, format, data) {
				return false
			}
			mu.Lock()
			shared[f] = true
			mu.Unlock()
			return true
		})
		if len(base.Errors) > 0 || !uniqueNames(base.Tools, files, shared) {
			return fallBack()
		}
	}
	r.scanned(h, side, ev, files)
	out, ok := r.compareScanned(o, scan, shared, base, labels, &stats)
	if onScanStats != nil {
		stats.sharedFiles = len(shared)
		onScanStats(stats)
	}
	if !ok {
		return r.fail(msgChanged), true
	}
	return r.publish(out), true
}

// notesOf runs fn and returns the notes it made, taken out of r's.
func (r *actionRun) notesOf(fn func()) ([]string, []report.Annotation) {
	notes, extra := len(r.notes), len(r.extra)
	fn()
	n, e := slices.Clone(r.notes[notes:]), slices.Clone(r.extra[extra:])
	r.notes, r.extra = r.notes[:notes], r.extra[:extra]
	return n, e
}

// uniqueNames reports whether the base's names are unique: those of the
// tools it loaded and those of the head's files it shares. (A duplicate
// is a load problem, for the whole-set path to report.)
func uniqueNames(loaded []*tool.Tool, files *tool.Scanned, shared map[int]bool) bool {
	seen := make(map[string]bool, len(loaded))
	for _, t := range loaded {
		seen[t.Name] = true
	}
	for f := range shared {
		for _, n := range files.Names(f) {
			if seen[n] {
				return false
			}
			seen[n] = true
		}
	}
	return true
}

// sharedNames are the names of the tools of the head's files the base
// has byte for byte.
func sharedNames(files *tool.Scanned, shared map[int]bool) map[string]bool {
	names := map[string]bool{}
	for f := range shared {
		for _, n := range files.Names(f) {
			names[n] = true
		}
	}
	return names
}

// compareScanned is compare for a scanned head. The diff is the whole
// sets' diff: a tool the base shares (the same file, byte for byte) has a
// name unique on both sides (neither side has a load problem), so it is
// compared with itself and takes no part in telling removed, added and
// renamed tools apart (withoutShared), and the diff of the rest is the
// diff. ok is false when a head file changed since the scan.
func (r *actionRun) compareScanned(o runOptions, scan *check.Scanned, shared map[int]bool, base toolSet, labels []string, stats *scanStats) (out outcome, ok bool) {
	out = outcome{head: toolSet{loaded: true}, base: toolSet{loaded: base.loaded}}
	var inBase *baseChecks
	if base.loaded {
		heads, ok := changedHeadTools(scan, shared)
		if !ok {
			return out, false
		}
		stats.baseTools, stats.headTools = len(base.Tools), len(heads)
		out.diff = diff.ToolSets(base.Tools, heads, o.diffOpts)
		r.compareTargets(o, base.Tools, heads, out.diff)
		relocateRemoved(out.diff, base.Tools, heads)
		detach(out.diff)
		if o.onlyNew {
			if inBase, ok = scannedBaseChecks(scan, shared, base.Tools, o.targets, o.rules.Adjust()); !ok {
				return out, false
			}
		}
		r.cost.countBase(base.Tools, sharedNames(scan.Loaded(), shared))
	}
	r.checkHead(o, &out, labels, inBase, scan.Stream, pipeline.ScannedTools(scan))
	return out, !scan.Changed()
}

// changedHeadTools loads again the head's files the base does not share
// and returns their tools in report order: the diff's new side.
func changedHeadTools(scan *check.Scanned, shared map[int]bool) ([]*tool.Tool, bool) {
	files := scan.Loaded()
	var changed []int
	for f := 0; f < files.Files(); f++ {
		if !shared[f] && len(files.Names(f)) > 0 {
			changed = append(changed, f)
		}
	}
	loaded, ok := files.ToolsOfFiles(changed)
	if !ok {
		scan.MarkChanged()
		return nil, false
	}
	var out []*tool.Tool
	for _, ref := range files.Refs {
		if !shared[ref.File] {
			out = append(out, loaded[ref.File][ref.Index])
		}
	}
	return out, true
}

// scannedBaseChecks is newBaseChecks for a scanned head: the base's own
// tools (rest, loaded) are checked; the shared ones are the head's files
// shared, whose findings but the set's are the head's. The set findings
// of the whole base are counted over the base's tools in report order,
// the shared ones from the counts the scan took (the few that cross a
// limit are loaded again).
func scannedBaseChecks(scan *check.Scanned, shared map[int]bool, rest []*tool.Tool, targets []string, adjust check.Adjust) (*baseChecks, bool) {
	files := scan.Loaded()
	refs := files.Refs
	b := &baseChecks{shared: func(i int, _ *tool.Tool) bool { return shared[refs[i].File] }}
	b.fps = checkFingerprints(rest, targets, adjust)
	// The set findings of the tools checked are those of a part of the
	// set: the base's replace them.
	setFingerprints(rest, targets, b.fps.Remove)
	type member struct {
		name string
		t    *tool.Tool    // a base tool
		key  check.ToolKey // else a head tool the base shares
	}
	members := make([]member, 0, len(rest))
	for _, t := range rest {
		members = append(members, member{name: t.Name, t: t})
	}
	for f := range shared {
		for j, n := range files.Names(f) {
			members = append(members, member{name: n, key: check.ToolKey{File: f, Index: j}})
		}
	}
	slices.SortFunc(members, func(a, b member) int { return tool.CompareNames(a.name, b.name) })
	reloaded := map[int][]*tool.Tool{}
	get := func(i int) (*tool.Tool, bool) {
		m := members[i]
		if m.t != nil {
			return m.t, true
		}
		tools, ok := reloaded[m.key.File]
		if !ok {
			if tools, ok = files.ToolsOf(m.key.File); !ok {
				scan.MarkChanged()
				return nil, false
			}
			reloaded[m.key.File] = tools
		}
		return tools[m.key.Index], true
	}
	params := func(i int) (int, int) {
		if m := members[i]; m.t != nil {
			return anthropicstrict.Parameters(m.t.InputSchema())
		}
		return scan.Parameters(members[i].key)
	}
	sets, ok := check.SetFindingsOf(len(members), targets, params, get)
	if !ok {
		return nil, false
	}
	for i, ds := range sets {
		t, _ := get(i)
		for j := range ds {
			b.fps.Add(finding.CheckFingerprint(t, anthropicstrict.ID, &ds[j]))
		}
	}
	if len(shared) > 0 {
		b.headSets = scan.SetFindings()
	}
	return b, true
}

// runOnePass is runScanned without anthropic-strict, where each tool's
// findings depend on that tool alone: the head is read and parsed once.
// The base comes first: its files the head has byte for byte (tool.Walk's
// Holds compares each with the head's file at the same display path, the
// rule tool.Cache shares files by) are left out, unparsed; the others are
// loaded. Then the head is scanned: a tool of a shared file is checked on
// the loader's worker as its file loads, its findings known to be the
// base's (only-new), and its tree dropped; the files the base does not
// share are held (in memory of their own) for the diff, and checked once
// it is made and the base's findings are known, the base's trees gone.
// The tools reach the policy and the view out of report order: the
// policy's verdict on a finding depends on that finding and, through the
// base's fingerprints, on the earlier findings of the same tool only,
// which come together and in order; the view is report.CapStream by
// name, the report's order. A head file that changes while the run reads
// it fails the run, as in runTwoPasses.
func (r *actionRun) runOnePass(o runOptions, side *baseSide, labels []string, ev *action.Event) (code int, done bool) {
	h := r.scanHead(o, side)
	fallBack := h.fallBack
	if !h.ok {
		return fallBack()
	}
	present := h.present
	walk := tool.WalkFiles(present, r.loadOptions(r.workdir, r.root))
	var stats scanStats
	base := toolSet{loaded: side.loaded, missing: side.missing}
	if len(side.args) > 0 {
		base.Result = r.loadBaseSkipping(side, &stats, walk.Holds)
		if len(base.Errors) > 0 {
			return fallBack()
		}
	}
	out := outcome{head: toolSet{loaded: true}, base: toolSet{loaded: base.loaded}}
	out.approved = base.loaded && action.HasLabel(labels, r.settings.AllowBreakingLabel)
	// The policy consumes the base's fingerprints (only-new): they are put
	// in once the diff is made (the head's tools that need them are
	// checked after), the check's garbage made with the trees of the
	// files that differ only.
	var fps *finding.Fingerprints
	if o.onlyNew && base.loaded {
		fps = finding.NewFingerprints(0)
	}
	c := pipeline.NewCollector(r.policy(o, out.approved), fps, report.RunLimits, true)
	var mu sync.Mutex // the policy and the view take one tool at a time
	held := map[int][]*tool.Tool{}
	stats.onePass = true
	var lastName string
	add := func(tr *check.ToolResult, known func(string, *provider.Diagnostic) bool) {
		if onScanStats != nil {
			stats.outOfOrder = stats.outOfOrder || tool.CompareNames(tr.Tool.Name, lastName) < 0
			lastName = strings.Clone(tr.Tool.Name)
		}
		c.Tool(tr, known)
	}
	// A tool of a file the base has byte for byte is the base's too,
	// checked once for both: its findings are the base's.
	var inBase func(string, *provider.Diagnostic) bool
	if fps != nil {
		inBase = func(string, *provider.Diagnostic) bool { return true }
	}
	scan, ok := check.ScanWalk(walk, o.targets, nil, check.ScanTo{
		// The files the base does not share are held for the diff, and
		// checked once the base's findings are known.
		Keep: func(file int) bool { return base.loaded && !walk.Held(file) },
		Loaded: func(file int, tools []*tool.Tool) {
			if base.loaded && len(tools) > 0 && !walk.Held(file) {
				mu.Lock()
				held[file] = tools
				mu.Unlock()
			}
		},
		Each: func(key check.ToolKey, tr *check.ToolResult) {
			r.cost.tool(tr)
			mu.Lock()
			defer mu.Unlock()
			add(tr, inBase)
		},
	})
	if !ok {
		return fallBack()
	}
	files := scan.Loaded()
	shared := map[int]bool{}
	for f := range files.Files() {
		if walk.Held(f) && len(files.Names(f)) > 0 {
			shared[f] = true
		}
	}
	if base.loaded && !uniqueNames(base.Tools, files, shared) {
		return fallBack()
	}
	r.scanned(h, side, ev, files)
	if base.loaded {
		// The diff's new side: the head's tools of the files the base
		// does not share, in report order.
		var heads []*tool.Tool
		for _, ref := range files.Refs {
			if tools, ok := held[ref.File]; ok {
				heads = append(heads, tools[ref.Index])
			}
		}
		held = nil
		stats.baseTools, stats.headTools = len(base.Tools), len(heads)
		out.diff = diff.ToolSets(base.Tools, heads, o.diffOpts)
		r.compareTargets(o, base.Tools, heads, out.diff)
		relocateRemoved(out.diff, base.Tools, heads)
		detach(out.diff)
		if fps != nil {
			check.StreamAdjusted(base.Tools, o.targets, o.rules.Adjust(), func(tr check.ToolResult) { addFingerprints(fps, &tr) })
		}
		r.cost.countBase(base.Tools, sharedNames(files, shared))
		base = toolSet{} // the base's trees go before the head's are checked
		check.StreamAdjusted(heads, o.targets, r.cost.hook(), func(tr check.ToolResult) {
			r.cost.take(tr.Tool)
			add(&tr, nil)
		})
	}
	r.finishCheck(o, &out, c, pipeline.ScannedTools(scan))
	if onScanStats != nil {
		stats.sharedFiles = len(shared)
		onScanStats(stats)
	}
	if scan.Changed() || files.Changed() {
		return r.fail(msgChanged), true
	}
	return r.publish(out), true
}

// loadBaseSkipping loads the base side's files but those held says the
// head has byte for byte (their tools are the head's); stats counts the
// base files parsed. held is called on the loader's workers.
func (r *actionRun) loadBaseSkipping(side *baseSide, stats *scanStats, held func(display string, format tool.Format, data []byte) bool) tool.Result {
	var parsed atomic.Int64
	opts := r.loadOptions(side.cwd, side.root)
	opts.Skip = func(display string, format tool.Format, data []byte) bool {
		if held(display, format, data) {
			return true
		}
		parsed.Add(1)
		return false
	}
	res := *r.loadWith(side.args, opts)
	stats.baseFilesParsed += int(parsed.Load())
	return res
}
