package tool

import (
	"bytes"
	"hash/maphash"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/workers"
)

// Scan loads what Load would, file by file, without keeping the trees:
// each file's tools go to visit on the loader's workers (GOMAXPROCS,
// concurrently, in no fixed order) as soon as the file is loaded, and are
// dropped when visit returns (file is the file's index, as in Ref). What
// stays is a Ref per tool, in Load's order, from which ToolsOf loads a
// file again. Memory stays bounded by
// the files in flight, whatever the number of files.
//
// Scan reports only whether Load would find a problem (Failed): a caller
// that has to report problems loads again with Load, which says exactly
// what they are. Once one is found the scan stops early and visit is not
// called again. visit sees every file's tools otherwise, and must not keep
// them past the call unless it keeps them alive itself. Options.Cache is
// not used: it would keep the trees.
func Scan(paths []string, opts Options, visit func(file int, tools []*Tool)) *Scanned {
	return WalkFiles(paths, opts).Scan(visit)
}

// Walk is the files a scan loads, found before any is read (WalkFiles),
// for a caller that compares other files with them first (Holds).
type Walk struct {
	l         *loader
	failed    bool
	seed      maphash.Seed
	byDisplay map[string]int
	mu        sync.Mutex
	held      map[int]uint64 // files Holds found equal, their bytes hashed
}

// WalkFiles finds the files Scan(paths, opts) loads, reading none.
func WalkFiles(paths []string, opts Options) *Walk {
	w := &Walk{l: configuredLoader(opts), seed: maphash.MakeSeed(), held: map[int]uint64{}}
	for i, p := range paths {
		var errs []LoadError
		w.l.collect(p, i, &errs)
		if len(errs) > 0 {
			w.failed = true
		}
	}
	w.byDisplay = make(map[string]int, len(w.l.files))
	for i := len(w.l.files) - 1; i >= 0; i-- {
		w.byDisplay[w.l.files[i].display] = i
	}
	return w
}

// Files is how many files the walk found.
func (w *Walk) Files() int { return len(w.l.files) }

// Holds reports whether data, with the forced format, is the walk's
// file at display, byte for byte, as read now (a file with the same
// display path elsewhere: the base's, whose tools are then exactly the
// ones the scan will load from it). The file is read into a reused chunk
// to compare and is not kept; the scan that loads it later sees that it
// is still the same (Scanned.Changed). Holds is safe for concurrent use.
func (w *Walk) Holds(display string, format Format, data []byte) bool {
	file, ok := w.byDisplay[display]
	if !ok || w.failed {
		return false
	}
	job := w.l.files[file]
	if job.format != format {
		return false
	}
	same := fileIs(job, data)
	if same {
		sum := maphash.Bytes(w.seed, data)
		w.mu.Lock()
		w.held[file] = sum
		w.mu.Unlock()
	}
	return same
}

// Held reports whether Holds found file (an index of the scan's files,
// as in Ref) equal to another.
func (w *Walk) Held(file int) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, ok := w.held[file]
	return ok
}

// Scan loads the walk's files (see the function Scan). A file Holds
// found equal to another that no longer has the bytes it had then makes
// the scan Changed.
func (w *Walk) Scan(visit func(file int, tools []*Tool)) *Scanned {
	return w.ScanKeeping(nil, visit)
}

// ScanKeeping is Scan for a visit that keeps the tools of the files keep
// names (nil: none): those are loaded into memory of their own, so that
// they do not pin the memory of the files dropped.
func (w *Walk) ScanKeeping(keep func(file int) bool, visit func(file int, tools []*Tool)) *Scanned {
	l := w.l
	s := &Scanned{Failed: w.failed}
	s.files = l.files
	s.Notices = l.notices
	if s.Failed {
		return s
	}
	names := make([][]string, len(l.files))
	shapes := make([]jsonvalue.Shape, len(l.files))
	sums := make([]uint64, len(l.files))
	stamps := make([]stamp, len(l.files))
	seed := w.seed
	var failed atomic.Bool
	pool := min(runtime.GOMAXPROCS(0), len(l.files))
	var next atomic.Int64
	workers.Run(pool, func() {
		var bytes, keptBytes []byte
		var trees, keptTrees jsonvalue.Arena
		for !failed.Load() {
			i := int(next.Add(1) - 1)
			if i >= len(l.files) {
				return
			}
			// Files are read into chunks, not buffers of their own:
			// a buffer per file makes the read system calls cheaper
			// (the chunk's room is out of cache by the time the
			// kernel copies into it) but costs more than that in
			// allocating (most corpus files are large objects to the
			// allocator): BenchmarkScan took 15-20% more CPU.
			into, intoTrees := &bytes, &trees
			if keep != nil && keep(i) {
				into, intoTrees = &keptBytes, &keptTrees
			}
			// Never cached (the trees go); the shape is for ToolsOf's
			// parse.
			job := l.files[i]
			job.recordShape = true
			r := loadFile(job, into, intoTrees, nil)
			// The version the open file had before it was read: a
			// later write shows (Changed).
			stamps[i] = r.version
			if len(r.errs) > 0 {
				failed.Store(true)
				return
			}
			names[i] = make([]string, len(r.tools))
			shapes[i] = r.shape
			sums[i] = maphash.Bytes(seed, r.data)
			w.mu.Lock()
			if sum, held := w.held[i]; held && sum != sums[i] {
				s.changed.Store(true)
			}
			w.mu.Unlock()
			for j, t := range r.tools {
				names[i][j] = strings.Clone(t.Name) // not the file's text
			}
			visit(i, r.tools)
		}
	})
	if failed.Load() {
		s.Failed = true
		return s
	}
	// Load's order: by name, ties (duplicates, an error) in discovery order.
	seen := make(map[string]bool)
	for i, ns := range names {
		for j, n := range ns {
			if seen[n] {
				s.Failed = true
				return s
			}
			seen[n] = true
			s.Refs = append(s.Refs, Ref{Name: n, File: i, Index: j})
		}
	}
	s.names, s.shapes, s.sums, s.seed, s.stamps = names, shapes, sums, seed, stamps
	sort.SliceStable(s.Refs, func(a, b int) bool { return utf16Compare(s.Refs[a].Name, s.Refs[b].Name) < 0 })
	return s
}

// stamp is what the file system says of a file's version: a write
// changes its size or its modification time.
type stamp struct {
	size    int64
	modTime int64
	ok      bool
}

func stampOf(path string) stamp {
	info, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	return stamp{size: info.Size(), modTime: info.ModTime().UnixNano(), ok: true}
}

// Changed reports whether a file the scan loaded has changed since: it
// no longer had the bytes Holds compared when the scan read it, or the
// file system says it was written after (its size or modification time
// differ now). A caller that read each file once, and reports on what it
// read, fails rather than report on files that are no longer there.
func (s *Scanned) Changed() bool {
	if s.changed.Load() {
		return true
	}
	for i, st := range s.stamps {
		if stampOf(s.files[i].abs) != st {
			return true
		}
	}
	return false
}

// Scanned is what Scan keeps of a load.
type Scanned struct {
	// Failed is true when Load would report a problem (a file that does
	// not load, a duplicate name, a path that does not exist): the caller
	// must load with Load to report them.
	Failed bool
	// Refs are the tools, in Load's order (by name).
	Refs []Ref
	// Notices are Load's: the links a walk did not follow.
	Notices []Notice
	files   []fileJob
	names   [][]string // each file's tool names, in the file's order
	// shapes are each file's document shape (about a byte per 100 of
	// text), which spares ToolsOf's parse its pre-pass.
	shapes  []jsonvalue.Shape
	sums    []uint64 // each file's text hashed, to see it is the one scanned
	seed    maphash.Seed
	stamps  []stamp     // each file's version when the scan read it
	changed atomic.Bool // a file Holds compared had changed when read
}

// Ref is one tool of a scan: its name and where it is.
type Ref struct {
	Name string
	// File and Index identify the tool for ToolsOf: the Index-th tool of
	// file File.
	File, Index int
}

// ToolsOf loads file again (as Load would, with its own memory) and
// returns its tools in the file's order. ok is false when the file no
// longer loads as it did during the scan (it changed on disk meanwhile).
func (s *Scanned) ToolsOf(file int) (tools []*Tool, ok bool) {
	var trees jsonvalue.Arena
	return s.toolsOf(file, nil, &trees)
}

// toolsOf is ToolsOf with the file's text and trees carved from arenas
// (nil bytes: a buffer of its own).
func (s *Scanned) toolsOf(file int, bytes *[]byte, trees *jsonvalue.Arena) (tools []*Tool, ok bool) {
	job := s.files[file]
	job.valid = true // as long as its text is the same, checked below
	job.shape = s.shapes[file]
	r := loadFile(job, bytes, trees, nil)
	if len(r.errs) > 0 || len(r.tools) != len(s.names[file]) || len(r.tools) == 0 ||
		r.tools[0].Source == nil || maphash.Bytes(s.seed, r.tools[0].Source.Data) != s.sums[file] {
		return nil, false
	}
	for j, t := range r.tools {
		if t.Name != s.names[file][j] {
			return nil, false
		}
	}
	return r.tools, true
}

// ToolsOfFiles is ToolsOf for many files at once, loaded on GOMAXPROCS
// workers whose files share their memory as Load's do: for a caller
// that holds them together. ok is false when one no longer loads as it
// did during the scan.
func (s *Scanned) ToolsOfFiles(files []int) (tools map[int][]*Tool, ok bool) {
	out := make([][]*Tool, len(files))
	var failed atomic.Bool
	var next atomic.Int64
	workers.Run(min(runtime.GOMAXPROCS(0), len(files)), func() {
		var bytes []byte
		var trees jsonvalue.Arena
		for !failed.Load() {
			i := int(next.Add(1) - 1)
			if i >= len(files) {
				return
			}
			ts, ok := s.toolsOf(files[i], &bytes, &trees)
			if !ok {
				failed.Store(true)
				return
			}
			out[i] = ts
		}
	})
	if failed.Load() {
		return nil, false
	}
	tools = make(map[int][]*Tool, len(files))
	for i, f := range files {
		tools[f] = out[i]
	}
	return tools, true
}

// Files is how many files the scan loaded (the File of a Ref is below it).
func (s *Scanned) Files() int { return len(s.files) }

// Display is file's display path.
func (s *Scanned) Display(file int) string { return s.files[file].display }

// Names are file's tool names, in the file's order (Index of a Ref).
func (s *Scanned) Names(file int) []string { return s.names[file] }

// Holds reports whether data, with the forced format, is file as the
// scan loaded it, byte for byte: a file with the same display path
// elsewhere (the base's) whose tools are then exactly file's. The file is
// read again to compare, so a hash that happens to match never decides;
// a file with no tools is never held.
func (s *Scanned) Holds(file int, format Format, data []byte) bool {
	job := s.files[file]
	if job.format != format || len(s.names[file]) == 0 || maphash.Bytes(s.seed, data) != s.sums[file] {
		return false
	}
	return fileIs(job, data)
}

// fileIs reports whether job's file holds data, byte for byte, read into
// a pooled chunk (the bytes are not kept).
func fileIs(job fileJob, data []byte) bool {
	chunk, _ := holdsChunks.Get().(*[]byte)
	if chunk == nil {
		c := make([]byte, arenaChunk)
		chunk = &c
	}
	room := *chunk // read into the chunk from its start, every time
	now, err := readFile(job.abs, job.maxSize, &room)
	same := err == nil && bytes.Equal(now, data)
	holdsChunks.Put(chunk)
	return same
}

// holdsChunks are the buffers Holds reads a file into to compare it: the
// bytes are not kept, so one chunk serves file after file.
var holdsChunks sync.Pool

// CompareNames orders tool names as Load orders its tools: by UTF-16
// code units.
func CompareNames(a, b string) int { return utf16Compare(a, b) }
