// Package provider holds what every provider target shares: the diagnostic
// shape, rule-table rows, the emitter that turns a rule firing into a
// located diagnostic, the canonical sort, and the schema helpers the
// provider packages walk with.
package provider

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Emitter collects one provider's diagnostics for one tool. Providers call
// Emit or EmitAt in production order; Finish sorts them and fills in
// positions. Emitters are pooled: everything they hold for the walk
// (findings, cursors, scratch) is reused by the next tool.
type Emitter struct {
	tool       *tool.Tool
	providerID string
	found      []finding
	text       textArena
	cursors    []*Cursor
	inUse      int
	keys       []sortKey   // Finish's scratch
	byRank     []sortKey   // Finish's scratch
	paths      []string    // Finish's scratch
	infos      []*ruleInfo // of the rules seen lately: a provider has few
}

// finding is one Emit, kept small until Finish builds the Diagnostic.
type finding struct {
	rule       *Rule
	path       string
	message    string
	arg        string
	start, end int32 // byte range in the file; start < 0: locate path
	from, to   position
	uses       []string
}

var emitterPool = sync.Pool{New: func() any { return &Emitter{found: make([]finding, 0, 64)} }}

// NewEmitter starts collecting diagnostics of providerID for t.
func NewEmitter(t *tool.Tool, providerID string) *Emitter {
	e := emitterPool.Get().(*Emitter)
	e.tool, e.providerID = t, providerID
	return e
}

// Cursor returns a cursor at the tool's inputSchema that follows the walk
// through the file, so places made with it carry their position. Cursors
// are the Emitter's: valid until Finish.
func (e *Emitter) Cursor() *Cursor {
	if e.inUse == len(e.cursors) {
		e.cursors = append(e.cursors, &Cursor{})
	}
	c := e.cursors[e.inUse]
	e.inUse++
	var origin *jsonvalue.Value
	start, end := int32(-1), int32(-1)
	if t := e.tool; t.Source != nil && t.Value != nil && t.Value.Kind == jsonvalue.Object {
		start, end = t.Value.Start, t.Value.End
		if m := t.Value.Member(RootPath); m != nil {
			origin, start, end = &m.Value, m.KeyStart, m.KeyEnd
		}
	}
	c.reset(RootPath, origin, start, end, &e.text)
	return c
}

// Emit records that rule r fired at path. message is ours, specific to this
// occurrence; arg fills the "%s" of the rule's compile detail.
func (e *Emitter) Emit(r *Rule, path, message, arg string) {
	e.EmitAt(r, PathPlace(path), message, arg)
}

// EmitAt is Emit at a place a cursor made (whose position may be known).
func (e *Emitter) EmitAt(r *Rule, at Place, message, arg string) {
	e.found = append(e.found, finding{rule: r, path: at.Path, message: message, arg: arg, start: at.start, end: at.end})
}

// EmitUses is EmitAt for a finding inside a definition used at the paths
// uses (see Diagnostic.UseSites).
func (e *Emitter) EmitUses(r *Rule, at Place, message, arg string, uses []string) {
	e.found = append(e.found, finding{rule: r, path: at.Path, message: message, arg: arg, start: at.start, end: at.end, uses: uses})
}

// Concat joins parts into one string stored with the Emitter's other text:
// for messages that name what they are about (a property), which are too
// many and too varied to intern.
func (e *Emitter) Concat(parts ...string) string {
	return e.text.concat(parts...)
}

// Finish returns the diagnostics in the canonical order, each carrying the
// file position of its path (the nearest existing ancestor when the path
// names something absent, such as a missing additionalProperties). The
// Emitter and its cursors must not be used afterwards.
func (e *Emitter) Finish() []Diagnostic {
	out := []Diagnostic{}
	if fs := e.found; len(fs) > 0 {
		e.locate()
		e.sort()
		out = diagnostics(len(fs))
		file := e.tool.File()
		for i := range e.keys {
			f := &fs[e.keys[i].index]
			info := e.info(f.rule)
			out[i] = Diagnostic{
				ProviderID: e.providerID,
				ToolName:   e.tool.Name,
				Severity:   f.rule.Severity,
				Code:       f.rule.Code,
				Message:    f.message,
				Path:       f.path,
				Compile:    Compile{Supported: info.supported, Lossy: info.lossy, Detail: e.detail(info, f.arg)},
				DocsURL:    f.rule.DocsURL,
				File:       file,
				Line:       f.from.line,
				Column:     f.from.column,
				EndLine:    f.to.line,
				EndColumn:  f.to.column,
				UseSites:   f.uses,
			}
		}
	}
	e.release()
	return out
}

func (e *Emitter) release() {
	clear(e.found)
	e.found = e.found[:0]
	clear(e.paths)
	e.paths = e.paths[:0]
	for _, c := range e.cursors[:e.inUse] {
		// Popped segments stay in the backing array: clear it all, so a
		// pooled cursor keeps no tool alive.
		clear(c.segs[:cap(c.segs)])
		c.segs = c.segs[:0]
	}
	e.inUse = 0
	e.tool = nil
	if cap(e.found) <= 4096 && len(e.cursors) <= 8 {
		emitterPool.Put(e)
	}
}

// locate gives every finding its line and column: the byte range a cursor
// placed it at, or else the range of its path, found now. The file's
// position index (built once, shared by every tool and target in the file)
// makes each position O(log n) whatever the file's shape: a file of many
// tools, or all of them on one minified line. Findings come in walk order,
// mostly near one another: each line is searched for from the previous
// one (tool.Positioner), O(1) for the same line.
func (e *Emitter) locate() {
	src, root := e.tool.Source, e.tool.Value
	if src == nil || root == nil {
		return // no file to point into: positions stay zero
	}
	p := sourcePositions{src.Positioner()}
	last := -1
	for i := range e.found {
		f := &e.found[i]
		if f.start < 0 {
			f.start, f.end = locateIn(root, f.path)
		}
		if last >= 0 && e.found[last].start == f.start && e.found[last].end == f.end {
			f.from, f.to = e.found[last].from, e.found[last].to // one place, several rules
		} else {
			f.from, f.to = p.at(f.start), p.at(f.end)
		}
		last = i
	}
}

// sortKey is one finding in the sort: severity rank and production index.
// Keys hold no pointers: the sort moves them many times, and moving a
// pointer while the collector runs costs a write barrier.
type sortKey struct {
	index int32
	rank  int32
}

// sort puts the findings into e.keys by severity, then path, then code
// (UTF-16 order); ties keep production order.
func (e *Emitter) sort() {
	fs := e.found
	ascii := true
	e.keys, e.paths = e.keys[:0], e.paths[:0]
	for i := range fs {
		f := &fs[i]
		ascii = ascii && isASCII(f.path)
		e.keys = append(e.keys, sortKey{index: int32(i), rank: int32(SeverityRank(f.rule.Severity))})
		e.paths = append(e.paths, f.path) // read by every comparison: kept together
	}
	paths := e.paths
	tie := func(a, b sortKey) int {
		if x, y := fs[a.index].rule, fs[b.index].rule; x != y {
			if c := compareText(x.Code, y.Code); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.index, b.index)
	}
	if ascii {
		// UTF-16 order is byte order for ASCII, the common case: the
		// keys are grouped by rank, then each group is put in path order
		// by a multikey quicksort (pathSort).
		var counts [3]int
		for _, k := range e.keys {
			counts[k.rank]++
		}
		if counts[0] == len(e.keys) || counts[1] == len(e.keys) || counts[2] == len(e.keys) {
			pathSort{paths, tie}.sort(e.keys, 0, pathSortLimit(len(e.keys)))
			return
		}
		// A counting sort by rank into scratch (e.byRank), then back.
		e.byRank = slices.Grow(e.byRank[:0], len(e.keys))[:len(e.keys)]
		starts := [3]int{0, counts[0], counts[0] + counts[1]}
		next := starts
		for _, k := range e.keys {
			e.byRank[next[k.rank]] = k
			next[k.rank]++
		}
		copy(e.keys, e.byRank)
		ps := pathSort{paths, tie}
		ps.sort(e.keys[:counts[0]], 0, pathSortLimit(counts[0]))
		ps.sort(e.keys[counts[0]:starts[2]], 0, pathSortLimit(counts[1]))
		ps.sort(e.keys[starts[2]:], 0, pathSortLimit(counts[2]))
		return
	}
	slices.SortFunc(e.keys, func(a, b sortKey) int {
		if a.rank != b.rank {
			return int(a.rank - b.rank)
		}
		if c := compareText(paths[a.index], paths[b.index]); c != 0 {
			return c
		}
		return tie(a, b)
	})
}

// pathSort orders keys of one rank by their findings' paths in byte order,
// then by tie: a multikey quicksort (Bentley and Sedgewick), which looks
// at each byte of the paths' shared heads once per level instead of once
// per comparison. A tool's findings share long heads
// ("inputSchema.properties.customer_address.properties."), and a
// comparison sort spent most of Finish's time comparing them again and
// again.
type pathSort struct {
	paths []string
	tie   func(a, b sortKey) int
}

// at is the byte of k's path at depth d, or -1 past its end (a path that
// ends sorts before every path it is a head of).
func (s pathSort) at(k sortKey, d int) int {
	if p := s.paths[k.index]; d < len(p) {
		return int(p[d])
	}
	return -1
}

// pathSortLimit is how many partitions pathSort.sort may make of n keys
// before it hands the rest to a comparison sort: paths come from tool
// files, and a file made to defeat the pivots must not make the sort
// quadratic (as introsort bounds quicksort).
func pathSortLimit(n int) int { return 2 * bits.Len(uint(n)) }

// sort orders keys, whose paths are equal in their first d bytes; limit
// is what is left of pathSortLimit. The keys equal to the pivot go one
// byte deeper in the loop, not by recursion, so the stack stays shallow
// however long the paths' shared heads; a head that every key shares is
// skipped eight bytes at a time.
func (s pathSort) sort(keys []sortKey, d, limit int) {
	for len(keys) > 1 {
		if len(keys) <= 8 {
			s.insertion(keys, d)
			return
		}
		if limit--; limit < 0 {
			slices.SortFunc(keys, func(a, b sortKey) int {
				if c := strings.Compare(s.paths[a.index][d:], s.paths[b.index][d:]); c != 0 {
					return c
				}
				return s.tie(a, b)
			})
			return
		}
		pivot := s.median(s.at(keys[0], d), s.at(keys[len(keys)/2], d), s.at(keys[len(keys)-1], d))
		// Three-way partition on the byte at d: [0,lt) below the pivot,
		// [lt,gt) equal to it, [gt,len) above.
		lt, i, gt := 0, 0, len(keys)
		for i < gt {
			switch c := s.at(keys[i], d); {
			case c < pivot:
				keys[lt], keys[i] = keys[i], keys[lt]
				lt++
				i++
			case c > pivot:
				gt--
				keys[i], keys[gt] = keys[gt], keys[i]
			default:
				i++
			}
		}
		if pivot < 0 {
			// The paths equal to the pivot's end here: they are equal.
			s.sort(keys[gt:], d, limit)
			slices.SortFunc(keys[lt:gt], s.tie)
			return
		}
		if lt == 0 && gt == len(keys) {
			// Every path has this byte: go to the first one they
			// do not all share, and count no partition.
			d, limit = s.common(keys, d+1), limit+1
			continue
		}
		s.sort(keys[:lt], d, limit)
		s.sort(keys[gt:], d, limit)
		// One byte further down, a new partition budget: the group now
		// differs beyond d, which the last one did not know.
		keys, d, limit = keys[lt:gt], d+1, pathSortLimit(gt-lt)
	}
}

// common is the length of the head that the paths of keys share, at least
// d (they share their first d bytes).
func (s pathSort) common(keys []sortKey, d int) int {
	first := s.paths[keys[0].index]
	n := len(first)
	for _, k := range keys[1:] {
		p := s.paths[k.index]
		m := min(n, len(p))
		if first[d:m] != p[d:m] {
			m = d + mismatch(first[d:m], p[d:m])
		}
		if n = m; n == d {
			break
		}
	}
	return n
}

// median is the middle one of three bytes.
func (pathSort) median(a, b, c int) int {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b = c
	}
	return max(a, b)
}

// insertion sorts a few keys whose paths are equal in their first d bytes.
func (s pathSort) insertion(keys []sortKey, d int) {
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && s.less(keys[j], keys[j-1], d); j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
}

func (s pathSort) less(a, b sortKey, d int) bool {
	if c := strings.Compare(s.paths[a.index][d:], s.paths[b.index][d:]); c != 0 {
		return c < 0
	}
	return s.tie(a, b) < 0
}

// isASCII reports whether s has no byte above 0x7F, eight at a time.
func isASCII(s string) bool {
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// compareText is CompareUTF16 with byte order's fast comparison first:
// the two agree unless the strings first differ at a non-ASCII byte in
// both.
func compareText(a, b string) int {
	c := strings.Compare(a, b)
	if c == 0 {
		return 0
	}
	n := min(len(a), len(b))
	if len(a) != len(b) && a[:n] == b[:n] {
		return c // one is a prefix of the other
	}
	i := mismatch(a[:n], b[:n])
	if a[i] < utf8.RuneSelf || b[i] < utf8.RuneSelf {
		return c
	}
	return CompareUTF16(a, b)
}

// mismatch returns the first index where a and b (of equal length, not
// equal) differ, comparing eight bytes at a time.
func mismatch(a, b string) int {
	i := 0
	for ; i+8 <= len(a); i += 8 {
		if a[i:i+8] != b[i:i+8] {
			break
		}
	}
	for a[i] == b[i] {
		i++
	}
	return i
}

// detail is info.detail.
func (e *Emitter) detail(info *ruleInfo, arg string) string {
	return info.detail(arg, &e.text)
}

// info is infoOf(r), remembered by the Emitter.
func (e *Emitter) info(r *Rule) *ruleInfo {
	for _, info := range e.infos {
		if info.rule == r {
			return info
		}
	}
	info := infoOf(r)
	if len(e.infos) == 32 {
		e.infos = e.infos[:0]
	}
	e.infos = append(e.infos, info)
	return info
}

// ruleInfo is a rule's compile text, split once.
type ruleInfo struct {
	rule              *Rule
	supported, lossy  bool
	detailHead, after string // around the first "%s"
	hasArg            bool
	details           *Interner[string] // details by argument
}

var ruleInfos sync.Map // *Rule -> *ruleInfo

func infoOf(r *Rule) *ruleInfo {
	if v, ok := ruleInfos.Load(r); ok {
		return v.(*ruleInfo)
	}
	supported, lossy, detail, _ := r.Ability()
	info := &ruleInfo{rule: r, supported: supported, lossy: lossy, detailHead: detail}
	if head, tail, found := strings.Cut(detail, "%s"); found {
		info.detailHead, info.after, info.hasArg = head, tail, true
		info.details = NewInterner(func(arg string) string { return head + arg + tail })
	}
	v, _ := ruleInfos.LoadOrStore(r, info)
	return v.(*ruleInfo)
}

// detail is r.CompileWith(arg).Detail. The argument is a keyword (a few
// dozen recur) or a property name (thousands may): details are interned
// until the rule's table is full (a rule about property names fills it
// fast), then stored with the tool's other text.
func (info *ruleInfo) detail(arg string, text *textArena) string {
	if !info.hasArg {
		return info.detailHead
	}
	if !info.details.full() {
		if s, ok := info.details.lookup(arg); ok {
			return s
		}
		if len(arg) <= maxInternedArg {
			return info.details.Get(arg)
		}
	}
	return text.concat(info.detailHead, arg, info.after)
}

// span is src.Span(start, end), finding the line once when the range does
// not cross a line break (a key always, most values).
func span(src *tool.Source, start, end int32) tool.Span {
	if start < 0 || end < start || int(end) > len(src.Data) || bytes.IndexByte(src.Data[start:end], '\n') >= 0 {
		return src.Span(start, end)
	}
	line, col := src.Position(start)
	return tool.Span{Line: line, Column: col, EndLine: line, EndColumn: col + utf8.RuneCount(src.Data[start:end])}
}

// locateIn is tool.LocateIn without allocating: the byte range of the key
// (or array element) path names inside root, or of its nearest existing
// ancestor.
func locateIn(root *jsonvalue.Value, path string) (start, end int32) {
	start, end = root.Start, root.End
	cur := root
	for i := 0; i < len(path); {
		var key string
		index, isIndex := 0, false
		switch path[i] {
		case '[':
			j := i + 1
			if j < len(path) && path[j] == '"' {
				k, next, ok := quotedKey(path, j)
				if !ok {
					return start, end
				}
				key, i = k, next
				break
			}
			for j < len(path) && path[j] != ']' {
				j++
			}
			n, err := strconv.Atoi(path[i+1 : min(j, len(path))])
			if err != nil || j >= len(path) {
				return start, end
			}
			index, isIndex, i = n, true, j+1
		default:
			if path[i] == '.' {
				i++
			}
			j := i
			for j < len(path) && path[j] != '.' && path[j] != '[' {
				j++
			}
			key, i = path[i:j], j
		}
		if isIndex {
			if cur.Kind != jsonvalue.Array || index < 0 || index >= len(cur.Items) {
				return start, end
			}
			cur = &cur.Items[index]
			start, end = cur.Start, cur.End
			continue
		}
		m := cur.Member(key)
		if m == nil {
			return start, end
		}
		cur = &m.Value
		start, end = m.KeyStart, m.KeyEnd
	}
	return start, end
}

// quotedKey reads the JSON string literal at path[at] == '"' followed by
// ']', returning the key and the offset after the ']'.
func quotedKey(path string, at int) (string, int, bool) {
	escaped := false
	for j := at + 1; j < len(path); j++ {
		switch path[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			if j+1 >= len(path) || path[j+1] != ']' {
				return "", 0, false
			}
			if !escaped {
				return path[at+1 : j], j + 2, true
			}
			v, err := jsonvalue.Parse([]byte(path[at : j+1]))
			if err != nil || v.Kind != jsonvalue.String {
				return "", 0, false
			}
			return v.Text, j + 2, true
		}
	}
	return "", 0, false
}

// SortDiagnostics orders ds stably by severity (error, warning, info), then
// path, then code, comparing strings by UTF-16 code unit as SchemaPort does.
// Exact ties keep their production order.
func SortDiagnostics(ds []Diagnostic) {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int { return compareDiagnostics(&a, &b) })
}

// compareDiagnostics is the canonical order. Strings go through
// compareText: findings of one tool share long path heads, which
// CompareUTF16 would walk byte by byte.
func compareDiagnostics(a, b *Diagnostic) int {
	if ra, rb := SeverityRank(a.Severity), SeverityRank(b.Severity); ra != rb {
		return ra - rb
	}
	if c := compareText(a.Path, b.Path); c != 0 {
		return c
	}
	return compareText(a.Code, b.Code)
}

// search finds the finding of severity, path and code in ds, which is in
// the canonical order, by binary search: Fold's, which runs for every
// restating finding, so without slices.BinarySearchFunc's copy of a
// Diagnostic per comparison and its probe moved to the heap.
func search(ds []Diagnostic, severity, path, code string) (int, bool) {
	probe := Diagnostic{Severity: severity, Path: path, Code: code}
	lo, hi := 0, len(ds)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if compareDiagnostics(&ds[mid], &probe) < 0 {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(ds) && compareDiagnostics(&ds[lo], &probe) == 0
}

// Diagnostics lists no longer in use can be handed back with Recycle, and
// Finish reuses them: a streaming check that writes each tool's findings
// and drops them then allocates almost nothing for them. Lists are pooled
// by capacity class (class c holds capacities in [2^c, 2^(c+1))).
var (
	recycled  [32]sync.Pool // of *[]Diagnostic
	recyclers atomic.Int32  // callers of Recycler not done yet
)

// Recycler announces that lists will come back through Recycle until done
// is called. Meanwhile new lists get the capacity of their whole class, so
// that each can serve any later request of its class; otherwise they are
// exactly as long as needed, as results that are kept should be.
func Recycler() (done func()) {
	recyclers.Add(1)
	var once sync.Once
	return func() { once.Do(func() { recyclers.Add(-1) }) }
}

// Recycle hands ds back for reuse by a later Finish. The caller must not
// use ds, or anything holding it, afterwards. The strings in it stay valid.
func Recycle(ds []Diagnostic) {
	if c := cap(ds); c > 0 {
		ds = ds[:c]
		recycled[bits.Len(uint(c))-1].Put(&ds)
	}
}

// diagnostics returns a list of n diagnostics for Finish to fill in: a
// recycled one when there is one of the right class, else a new one.
// Every element is overwritten before use.
func diagnostics(n int) []Diagnostic {
	c := bits.Len(uint(n - 1)) // class c holds capacities >= 2^c >= n
	if c >= len(recycled) {
		return make([]Diagnostic, n)
	}
	if p, ok := recycled[c].Get().(*[]Diagnostic); ok {
		return (*p)[:n]
	}
	if recyclers.Load() > 0 {
		return make([]Diagnostic, n, 1<<c)
	}
	return make([]Diagnostic, n)
}
