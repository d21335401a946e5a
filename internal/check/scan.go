package check

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropicstrict"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/workers"
)

// ToolKey names a tool of a scan before its place in the report is known:
// the Index-th tool of the File-th file loaded.
type ToolKey struct{ File, Index int }

// Scanned is a tool set loaded and checked file by file (Scan), whose
// trees were dropped: Stream checks it again, in report order, loading
// each file again when its tools come up.
type Scanned struct {
	scan        *tool.Scanned
	targets     []TargetInfo
	adjust      Adjust
	setFindings map[int][]provider.Diagnostic // by index in report order
	params      map[ToolKey][2]int            // strict budget counts, when a target
	changed     atomic.Bool                   // a file changed between the passes
}

// ScanTo is what Scan reports to.
type ScanTo struct {
	// Each receives every tool's result; Retract takes one back (see Scan).
	Each, Retract func(key ToolKey, tr *ToolResult)
	// Loaded, if set, receives each file's tools on the loader's worker
	// before they are checked.
	Loaded func(file int, tools []*tool.Tool)
	// Keep, if set, names the files whose tools Loaded keeps (for a
	// diff): they are loaded into memory of their own (tool's
	// ScanKeeping) and not checked at all; the caller checks them (with
	// the set's findings: SetFindings).
	Keep func(file int) bool
}

// Scan loads paths as tool.Load would, but file by file: each tool is
// checked (with adjust) on the loader's worker as soon as its file is
// loaded, each receives the result, and the file's trees are dropped. So
// the memory a check needs no longer grows with the tool set: a report
// writer counts (and may keep the renderings of a small report) in this
// first pass, and writes in the second, Stream.
//
// each is called concurrently, in no fixed order, once per tool; its
// result is each's only until it returns, as in Stream. The set-level
// findings (anthropic-strict's per-request budget, which depends on the
// tools before a tool in report order) are known only once every file is
// loaded: for the few tools that carry one, retract receives the result
// each was given, and each is called again with the complete one.
//
// With Each nil nothing is checked in this pass (a writer that needs no
// totals before its first tool): Scan only loads, and learns the order.
//
// ok is false when tool.Load would report a problem: the caller loads
// with tool.Load to report it (each may have seen some tools by then).
func Scan(paths []string, opts tool.Options, targetIDs []string, adjust Adjust, to ScanTo) (s *Scanned, ok bool) {
	return ScanWalk(tool.WalkFiles(paths, opts), targetIDs, adjust, to)
}

// ScanWalk is Scan of the files walk found.
func ScanWalk(walk *tool.Walk, targetIDs []string, adjust Adjust, to ScanTo) (s *Scanned, ok bool) {
	each, retract := to.Each, to.Retract
	targets := selected(targetIDs)
	strict := slices.ContainsFunc(targets, func(t TargetInfo) bool { return t.ID == anthropicstrict.ID })
	var (
		mu     sync.Mutex
		params = map[ToolKey][2]int{} // strict budget counts: optional, unions
	)
	defer provider.Recycler()()
	kept := func(file int) bool { return to.Keep != nil && to.Keep(file) }
	scan := walk.ScanKeeping(to.Keep, func(file int, tools []*tool.Tool) {
		if to.Loaded != nil {
			to.Loaded(file, tools)
		}
		if kept(file) && !strict {
			return
		}
		forEach(len(tools), func(i int) {
			t := tools[i]
			key := ToolKey{file, i}
			if strict {
				optional, unions := anthropicstrict.Parameters(t.InputSchema())
				mu.Lock()
				params[key] = [2]int{optional, unions}
				mu.Unlock()
			}
			if each == nil || kept(file) {
				return
			}
			r := checkTool(t, targets)
			if adjust != nil {
				adjust(&r)
			}
			each(key, &r)
			recycle(&r)
		})
	})
	if scan.Failed {
		return nil, false
	}
	s = &Scanned{scan: scan, targets: targets, adjust: adjust, params: params}
	if !strict {
		return s, true
	}
	// The budget over the counts, in report order; a tool that crosses a
	// limit is loaded again for its findings (there are at most three).
	var budget anthropicstrict.Budget
	for i, ref := range scan.Refs {
		key := ToolKey{ref.File, ref.Index}
		p := params[key]
		before := budget
		if !budget.Crosses(p[0], p[1]) {
			continue
		}
		tools, loaded := scan.ToolsOf(ref.File)
		if !loaded {
			return nil, false
		}
		t := tools[ref.Index]
		extra := before.Add(t)
		if len(extra) == 0 {
			continue
		}
		if s.setFindings == nil {
			s.setFindings = map[int][]provider.Diagnostic{}
		}
		s.setFindings[i] = extra
		if each == nil || kept(ref.File) {
			continue
		}
		if retract != nil {
			old := checkTool(t, targets)
			if adjust != nil {
				adjust(&old)
			}
			retract(key, &old)
			recycle(&old)
		}
		r := checkTool(t, targets)
		addSetFindings(&r, anthropicstrict.ID, extra)
		if adjust != nil {
			adjust(&r)
		}
		each(key, &r)
		recycle(&r)
	}
	return s, true
}

// forEach calls f for 0..n-1: on this goroutine for a file of a few
// tools (the loader's other workers are busy with other files), on
// GOMAXPROCS goroutines for a file of many, which may be the only one.
func forEach(n int, f func(i int)) {
	pool := min(runtime.GOMAXPROCS(0), n/manyTools)
	if pool < 2 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	var next atomic.Int64
	workers.Run(pool, func() {
		for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
			f(i)
		}
	})
}

// manyTools is how many tools of one file make it worth a goroutine of
// their own: a file of 2*manyTools tools or more is checked in parallel.
const manyTools = 32

// Order returns the tools' keys in report order (by name).
func (s *Scanned) Order() []ToolKey {
	out := make([]ToolKey, len(s.scan.Refs))
	for i, ref := range s.scan.Refs {
		out[i] = ToolKey{ref.File, ref.Index}
	}
	return out
}

// Loaded is what the scan learnt of the files: the tools in report
// order (Refs), each file's names and identity.
func (s *Scanned) Loaded() *tool.Scanned { return s.scan }

// SetFindings are the findings about the set as a whole, by index in
// report order, as check.SetFindings gives them for the tools loaded at
// once (but for the tools whose own targets leave out anthropic-strict,
// which never receive them).
func (s *Scanned) SetFindings() map[int][]provider.Diagnostic { return s.setFindings }

// Parameters are the strict budget counts of the tool key names
// (anthropicstrict.Parameters of its input schema), counted while
// loading; zero unless anthropic-strict is a target.
func (s *Scanned) Parameters(key ToolKey) (optional, unions int) {
	p := s.params[key]
	return p[0], p[1]
}

// MarkChanged records that a file no longer loads as it did during the
// scan, found by a caller that loaded it again itself (Changed).
func (s *Scanned) MarkChanged() { s.changed.Store(true) }

// Len is how many tools the scan found.
func (s *Scanned) Len() int { return len(s.scan.Refs) }

// Changed reports whether a file no longer loaded as it did during the
// scan when Stream loaded it again: what Stream gave fn for its tools
// (a result without a tool) is not to be trusted.
func (s *Scanned) Changed() bool { return s.changed.Load() }

// StreamEncoded is StreamEncodedAdjusted over a scanned set: the tools
// are checked again (with the scan's targets and adjust), in report
// order, each file loaded again when its first tool comes up and dropped
// after its last. A file whose tools are far apart in the order may be
// loaded more than once: at most cacheBytes of files are kept.
func (s *Scanned) StreamEncoded(encode func(tr *ToolResult, buf []byte) []byte, fn func(tr ToolResult, encoded []byte) (keep bool)) {
	// The first pass's trees are garbage by now, but the collector may
	// not have run since: collected here (little is alive, so it is
	// quick), they are not still held while this pass loads the files
	// again. One large file otherwise peaked at both passes' trees.
	runtime.GC()
	c := newFileCache(s)
	streamFrom(toolSource{n: len(s.scan.Refs), get: c.get, done: c.done}, s.targets, s.setFindings, s.adjust, encode, fn, true)
}

// Stream is Stream over a scanned set (see StreamEncoded).
func (s *Scanned) Stream(fn func(ToolResult)) {
	s.StreamEncoded(nil, func(tr ToolResult, _ []byte) bool { fn(tr); return false })
}

func recycle(r *ToolResult) {
	for _, t := range r.Targets {
		provider.Recycle(t.Diagnostics)
	}
}

// cacheBytes bounds the files a second pass keeps loaded for tools still
// to come (their text; the trees are a few times more).
var cacheBytes = 32 << 20

// fileCache loads the files of a scan again for Stream, each once while
// it has tools to come unless it has to make room.
type fileCache struct {
	s         *Scanned
	mu        sync.Mutex
	entries   map[int]*cacheEntry
	order     []int // files in the order loaded, for making room
	remaining []int // per file: tools not yet done
	size      int   // bytes of the files in entries
}

type cacheEntry struct {
	ready chan struct{} // closed once loaded
	tools []*tool.Tool  // nil if the file changed
	size  int
}

func newFileCache(s *Scanned) *fileCache {
	c := &fileCache{s: s, entries: map[int]*cacheEntry{}}
	for _, ref := range s.scan.Refs {
		for len(c.remaining) <= ref.File {
			c.remaining = append(c.remaining, 0)
		}
		c.remaining[ref.File]++
	}
	return c
}

func (c *fileCache) get(i int) *tool.Tool {
	ref := c.s.scan.Refs[i]
	if e, mine := c.claim(ref.File); mine {
		c.load(ref.File, e)
	} else {
		select {
		case <-e.ready:
		default:
			// Another worker is loading the file (the tool before this
			// one is often in it): rather than wait idle, load the file
			// of a tool to come, which that worker would load after.
			c.prefetch(i)
		}
	}
	e := c.entry(ref.File)
	<-e.ready
	if e.tools == nil {
		// The file changed (Changed says so): an empty tool in its place,
		// so the stream goes on to its end.
		return &tool.Tool{Name: ref.Name, Value: &jsonvalue.Value{Kind: jsonvalue.Object}}
	}
	return e.tools[ref.Index]
}

// claim returns file's entry, and whether the caller is to load it: it
// was not in the cache.
func (c *fileCache) claim(file int) (e *cacheEntry, mine bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, found := c.entries[file]
	if !found {
		e = &cacheEntry{ready: make(chan struct{})}
		c.entries[file] = e
		c.order = append(c.order, file)
	}
	return e, !found
}

// entry is file's entry, claimed before: loaded, or being loaded (or, if
// it had to make room since, loaded again).
func (c *fileCache) entry(file int) *cacheEntry {
	e, mine := c.claim(file)
	if mine {
		c.load(file, e)
	}
	return e
}

// load loads file into e, claimed by the caller.
func (c *fileCache) load(file int, e *cacheEntry) {
	tools, ok := c.s.scan.ToolsOf(file)
	size := 0
	if !ok {
		c.s.changed.Store(true)
	} else {
		e.tools = tools
		for _, t := range tools {
			if t.Source != nil {
				size = len(t.Source.Data)
				break
			}
		}
	}
	close(e.ready)
	c.mu.Lock()
	if c.entries[file] == e { // not dropped meanwhile
		e.size = size
		c.size += size
		c.makeRoom(file)
	}
	c.mu.Unlock()
}

// prefetchTools is how far past its own tool a worker looks for a file
// to load (prefetch): a little past the window of tools in flight.
const prefetchTools = 4 * aheadPerWorker

// prefetch loads the first file not in the cache among those of the
// tools after i.
func (c *fileCache) prefetch(i int) {
	refs := c.s.scan.Refs
	for j := i + 1; j < len(refs) && j <= i+prefetchTools; j++ {
		if e, mine := c.claim(refs[j].File); mine {
			c.load(refs[j].File, e)
			return
		}
	}
}

// makeRoom drops the files loaded first, keep aside, while the cache
// holds more than cacheBytes. A tool in flight keeps its own tree alive.
func (c *fileCache) makeRoom(keep int) {
	for c.size > cacheBytes && len(c.order) > 1 {
		f := c.order[0]
		if f == keep {
			c.order = append(c.order[1:], f)
			continue
		}
		c.order = c.order[1:]
		c.drop(f)
	}
}

func (c *fileCache) drop(f int) {
	if e, ok := c.entries[f]; ok {
		c.size -= e.size
		delete(c.entries, f)
		c.order = slices.DeleteFunc(c.order, func(o int) bool { return o == f })
	}
}

func (c *fileCache) done(i int) {
	f := c.s.scan.Refs[i].File
	c.mu.Lock()
	if c.remaining[f]--; c.remaining[f] == 0 {
		c.drop(f)
	}
	c.mu.Unlock()
}
