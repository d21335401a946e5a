package tool

import (
	"bytes"
	"hash/maphash"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
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
	l := configuredLoader(opts)
	s := &Scanned{}
	for i, p := range paths {
		var errs []LoadError
		l.collect(p, i, &errs)
		if len(errs) > 0 {
			s.Failed = true
		}
	}
	s.files = l.files
	s.Notices = l.notices
	if s.Failed {
		return s
	}
	names := make([][]string, len(l.files))
	sums := make([]uint64, len(l.files))
	seed := maphash.MakeSeed()
	var failed atomic.Bool
	workers := min(runtime.GOMAXPROCS(0), len(l.files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var bytes []byte
			var trees jsonvalue.Arena
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(l.files) {
					return
				}
				r := loadFile(l.files[i], &bytes, &trees, nil) // never cached: the trees go
				if len(r.errs) > 0 {
					failed.Store(true)
					return
				}
				names[i] = make([]string, len(r.tools))
				if len(r.tools) > 0 && r.tools[0].Source != nil {
					sums[i] = maphash.Bytes(seed, r.tools[0].Source.Data)
				}
				for j, t := range r.tools {
					names[i][j] = strings.Clone(t.Name) // not the file's text
				}
				visit(i, r.tools)
			}
		}()
	}
	wg.Wait()
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
	s.names, s.sums, s.seed = names, sums, seed
	sort.SliceStable(s.Refs, func(a, b int) bool { return utf16Compare(s.Refs[a].Name, s.Refs[b].Name) < 0 })
	return s
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
	sums    []uint64   // each file's text hashed, to see it is the one scanned
	seed    maphash.Seed
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
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(files)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
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
		}()
	}
	wg.Wait()
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
