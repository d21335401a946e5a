package tool

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/workers"
)

// Load reads every path (files and directories), validates every tool
// candidate in them and checks that tool names are unique across all of
// them. It never stops at the first problem and never panics on any input:
// every problem is a LoadError. Paths are resolved against opts.Cwd.
//
// Files are parsed and validated in parallel; the result does not depend on
// scheduling. Errors are grouped by input path in argument order; within a
// path they are sorted by display path + message (UTF-16 code units,
// stable), as SchemaPort does. Tools are sorted by name.
func Load(paths []string, opts Options) *Result {
	l := configuredLoader(opts)
	groups := make([][]LoadError, len(paths))
	for i, p := range paths {
		l.collect(p, i, &groups[i])
	}
	results := l.loadFiles()

	var tools []*Tool
	for i, r := range results {
		owner := l.files[i].group
		groups[owner] = append(groups[owner], r.errs...)
		tools = append(tools, r.tools...)
	}
	// Duplicate names, in discovery order (argument order, walk order,
	// position in file): each later definition is reported once, against
	// the first.
	first := make(map[string]*Tool, len(tools))
	for i, r := range results {
		for _, t := range r.tools {
			prev, dup := first[t.Name]
			if !dup {
				first[t.Name] = t
				continue
			}
			owner := l.files[i].group
			groups[owner] = append(groups[owner], duplicateError(t, prev))
		}
	}

	res := &Result{Notices: l.notices}
	for _, g := range groups {
		sortErrors(g)
		res.Errors = append(res.Errors, g...)
	}
	sort.SliceStable(tools, func(i, j int) bool { return utf16Compare(tools[i].Name, tools[j].Name) < 0 })
	res.Tools = tools
	return res
}

// configuredLoader is a loader set up as opts say.
func configuredLoader(opts Options) *loader {
	l := newLoader(opts.Cwd)
	l.maxSize = opts.MaxFileSize
	if l.maxSize <= 0 {
		l.maxSize = DefaultMaxFileSize
	}
	if opts.Root != "" {
		l.rootGiven = l.abs(opts.Root)
		if real, err := filepath.EvalSymlinks(l.abs(opts.Root)); err == nil {
			l.root = real
		} else {
			l.root = l.abs(opts.Root)
		}
	}
	l.formats = opts.Formats
	l.cache = opts.Cache
	if opts.Skip != nil {
		l.cache = &Cache{skip: opts.Skip}
	}
	return l
}

// DisplayPath renders an absolute path the way users see it: relative to
// cwd with '/' separators; "." for cwd itself; the absolute path (with '/')
// when it lies outside cwd, that is when the relative form would start with
// a ".." segment (a sibling named "..foo" is still inside).
func DisplayPath(cwd, abs string) string {
	rel, err := filepath.Rel(cwd, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	if rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

type loader struct {
	cwd       string
	root      string // resolved Options.Root; "" for none
	rootGiven string // Options.Root made absolute, links not resolved
	maxSize   int64
	files     []fileJob
	seen      map[string]bool
	notices   []Notice
	formats   []FormatRule
	cache     *Cache
}

// fileJob is one file to read, owned by the input path that found it first.
type fileJob struct {
	abs, display string
	group        int
	maxSize      int64
	format       Format // forced by Options.Formats; "" detects by shape
	// valid is set when the file loaded without a problem before and is
	// loaded again (Scanned.ToolsOf, which checks the text is the same):
	// its canonical tools are not validated again.
	valid bool
	// shape, when set, is the file's document shape from that earlier
	// load, which spares the parser its pre-pass (it only sizes slices:
	// a changed file still parses exactly); recordShape asks loadFile to
	// return the shape (fileResult.shape).
	shape       jsonvalue.Shape
	recordShape bool
}

func newLoader(cwd string) *loader {
	if cwd == "" {
		if wd, err := os.Getwd(); err == nil {
			cwd = wd
		} else {
			cwd = "."
		}
	}
	if abs, err := filepath.Abs(cwd); err == nil {
		cwd = abs
	}
	return &loader{cwd: cwd, seen: map[string]bool{}}
}

func (l *loader) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(l.cwd, p)
}

func (l *loader) display(abs string) string { return DisplayPath(l.cwd, abs) }

// add queues a file unless an earlier path already queued it: the same
// file named twice, or reached through overlapping arguments, is read once.
func (l *loader) add(abs string, group int) {
	if l.seen[abs] {
		return
	}
	l.seen[abs] = true
	l.files = append(l.files, fileJob{abs: abs, display: l.display(abs), group: group, maxSize: l.maxSize, format: l.formatFor(abs)})
}

// collect resolves one input path into files, or into the one error that
// says why it cannot be loaded.
func (l *loader) collect(p string, group int, errs *[]LoadError) {
	abs := l.abs(p)
	pathErr := func(msg string) {
		*errs = append(*errs, LoadError{SourcePath: l.display(abs), Message: msg})
	}
	info, err := osStat(abs) // follows symlinks: a named link is loaded
	switch {
	case err != nil && isLoop(err):
		pathErr(msgLinkLoop)
		return
	case err != nil && notExist(err):
		if li, lerr := osLstat(abs); lerr == nil && li.Mode()&os.ModeSymlink != 0 {
			pathErr("Path does not exist: it is a symbolic link whose target is missing.")
			return
		}
		pathErr("Path does not exist.")
		return
	case err != nil:
		pathErr("Path cannot be read: " + errReason(err) + ".")
		return
	}
	if l.root != "" && l.lexicallyInside(abs) {
		// Named inside the root: links must not lead out of it. (A path
		// named outside it is the user's explicit choice.)
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			pathErr("Path cannot be read: " + errReason(err) + ".")
			return
		}
		if !inside(l.root, real) {
			pathErr("Path resolves to " + filepath.ToSlash(real) + ", outside the repository: SchemaPort loads only files inside it.")
			return
		}
	}
	switch {
	case info.Mode().IsRegular():
		l.add(abs, group)
		return
	case !info.IsDir():
		pathErr("Path is not a regular file or a directory.")
		return
	}
	failed := false
	var links []string
	linked := func(link string) {
		l.notices = append(l.notices, Notice{SourcePath: l.display(link), Message: msgWalkedLink})
		links = append(links, l.display(link))
	}
	n := walkDir(abs, func(f string) { l.add(f, group) }, linked, func(dir string, err error) {
		failed = true
		*errs = append(*errs, LoadError{SourcePath: l.display(dir), Message: "Directory cannot be read: " + errReason(err) + "."})
	})
	switch {
	case n > 0 || failed:
	case len(links) > 0:
		// Only `run` shows the notices: say here why a directory of links
		// (`tools/a.json -> ../shared/a.json`) loads nothing.
		pathErr(noToolsBesideLinks(links))
	default:
		pathErr("Directory contains no .json tool definitions.")
	}
}

// noToolsBesideLinks is the error of a walked directory that holds no tool
// file but symbolic links, which a walk does not follow.
func noToolsBesideLinks(links []string) string {
	shown := links
	if len(shown) > 3 {
		shown = shown[:3]
	}
	quoted := make([]string, len(shown))
	for i, s := range shown {
		quoted[i] = codeSpan(s)
	}
	more := ""
	if len(links) > len(shown) {
		more = " and " + strconv.Itoa(len(links)-len(shown)) + " more"
	}
	what := "a symbolic link"
	if len(links) > 1 {
		what = strconv.Itoa(len(links)) + " symbolic links"
	}
	return "Directory contains no .json tool definitions, only " + what + " (" + strings.Join(quoted, ", ") + more +
		"), which a directory walk does not follow. Name a link's target as a path to load it."
}

const (
	msgLinkLoop   = "Path is a symbolic link loop: following it leads back to itself, never to a file or directory."
	msgWalkedLink = "Not loaded: a symbolic link inside a directory is not followed. Name its target as a path to load it."
)

// lexicallyInside reports whether abs, links not followed, is under the
// root as given or as resolved.
func (l *loader) lexicallyInside(abs string) bool {
	return inside(l.rootGiven, abs) || inside(l.root, abs)
}

// inside reports whether p (resolved) is root or below it.
func inside(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

type fileResult struct {
	tools []*Tool
	errs  []LoadError
	valid bool   // fileJob.valid
	data  []byte // the file's bytes, once read
	// version is the file's as the open file said before it was read
	// (stampOf's, without looking the path up again).
	version stamp
	shape   jsonvalue.Shape // when fileJob.recordShape and the file parsed
}

// loadFiles reads, parses and validates every queued file on a pool of
// GOMAXPROCS workers. Each result lands at its file's index, so the
// outcome is independent of scheduling.
func (l *loader) loadFiles() []fileResult {
	results := make([]fileResult, len(l.files))
	pool := runtime.GOMAXPROCS(0)
	if pool > len(l.files) {
		pool = len(l.files)
	}
	var next atomic.Int64
	workers.Run(pool, func() {
		// Per worker: file bytes and document trees of this load are
		// kept together, so they share chunks (see readFile and
		// jsonvalue.Arena).
		var bytes []byte
		var trees jsonvalue.Arena
		for {
			i := int(next.Add(1) - 1)
			if i >= len(l.files) {
				return
			}
			results[i] = loadFile(l.files[i], &bytes, &trees, l.cache)
		}
	})
	return results
}

// fileStart is the span used for problems with a file as a whole.
var fileStart = Span{Line: 1, Column: 1, EndLine: 1, EndColumn: 1}

// maxFileSize keeps byte offsets within the int32 the document model uses.
const maxFileSize = math.MaxInt32

func loadFile(job fileJob, arena *[]byte, trees *jsonvalue.Arena, cache *Cache) fileResult {
	r := fileResult{valid: job.valid}
	fail := func(msg string, span Span) {
		r.errs = append(r.errs, LoadError{SourcePath: job.display, Message: msg, Span: span})
	}
	var unread []byte
	if arena != nil {
		unread = *arena
	}
	data, version, err := readFileStamped(job.abs, job.maxSize, arena)
	r.version = version
	if err != nil {
		var big *tooLargeError
		if errors.As(err, &big) {
			fail(big.message(), fileStart)
			return r
		}
		fail("Could not read file: "+errReason(err)+".", fileStart)
		return r
	}
	if tools, ok := cache.lookup(job, data); ok {
		// The bytes just read are not kept: when they were carved from the
		// chunk in use, their room is the next file's.
		if len(data) > 0 && len(unread) > 0 && &unread[0] == &data[0] {
			*arena = unread
		}
		return fileResult{tools: tools, version: version}
	}
	r.data = data
	src := &Source{Path: job.display, Abs: job.abs, Data: data}
	var root *jsonvalue.Value
	switch {
	case job.shape != nil:
		root, err = trees.ParseInPlaceWithShape(data, job.shape)
	case job.recordShape:
		root, r.shape, err = trees.ParseInPlaceShape(data)
	default:
		root, err = trees.ParseInPlace(data)
	}
	if err != nil {
		msg, span := parseError(src, err)
		fail(msg, span)
		return r
	}
	loadDocument(src, root, job.format, &r)
	cache.store(job, data, r)
	return r
}

// tooLargeError is a file over the size limit. size is what the file
// system says, or, when it said less, at least what was read.
type tooLargeError struct {
	size, limit int64
	atLeast     bool
}

func (e *tooLargeError) Error() string { return e.message() }

func (e *tooLargeError) message() string {
	size := exactBytes(e.size)
	if e.atLeast {
		size = "more than " + humanBytes(e.limit)
	}
	return "File is " + size + ", over the size limit of " + exactBytes(e.limit) +
		"; it was not read. Raise `maxFileSize` in the config file to load it."
}

// exactBytes is humanBytes with the exact count when they differ.
func exactBytes(n int64) string {
	if n < 1024 {
		return humanBytes(n)
	}
	return humanBytes(n) + " (" + strconv.FormatInt(n, 10) + " bytes)"
}

// humanBytes is "2.0 KiB", "64.0 MiB", "1.0 GiB"; small sizes in bytes.
func humanBytes(n int64) string {
	units := []string{"KiB", "MiB", "GiB", "TiB"}
	if n < 1024 {
		return strconv.FormatInt(n, 10) + " bytes"
	}
	f := float64(n) / 1024
	u := 0
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	return strconv.FormatFloat(f, 'f', 1, 64) + " " + units[u]
}

// Files are read into shared chunks of arenaChunk bytes (files over a
// quarter of that, or read without an arena, get their own buffer): every loaded file stays in memory
// for source positions, and one chunk wastes less than a buffer per file
// rounded up to an allocation size class.
const arenaChunk = 1 << 20

// readFile reads a whole file, refusing one over limit (checked on its size
// before reading, and again while reading, for a file that grows) and one
// whose offsets would not fit the document model.
func readFile(path string, limit int64, arena *[]byte) ([]byte, error) {
	data, _, err := readFileStamped(path, limit, arena)
	return data, err
}

// readFileStamped is readFile that also says the file's version when it
// was opened (stampOf's, from the open file: no second look-up of the
// path); the zero stamp when the file system did not say.
func readFileStamped(path string, limit int64, arena *[]byte) ([]byte, stamp, error) {
	if limit <= 0 || limit >= maxFileSize {
		limit = maxFileSize - 1
	}
	f, err := openFile(path)
	if err != nil {
		return nil, stamp{}, err
	}
	defer f.Close()
	size, version := f.size() // size 0 when unknown
	if size > limit {
		return nil, version, &tooLargeError{size: size, limit: limit}
	}
	need := int(size) + 1 // +1: a file that grew since is read whole
	var data []byte
	fromArena := arena != nil && need <= arenaChunk/4
	if fromArena {
		if need > len(*arena) {
			*arena = make([]byte, arenaChunk)
		}
		data = (*arena)[:0:need]
	} else {
		data = make([]byte, 0, need)
	}
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		// A read that stops short at the size the file had when opened
		// has reached its end: no further read to be told so.
		if err == io.EOF || err == nil && size > 0 && int64(len(data)) == size {
			if fromArena && cap(data) == need { // not regrown: used the arena
				*arena = (*arena)[len(data):]
			}
			return data[:len(data):len(data)], version, nil
		}
		if err != nil {
			return nil, version, err
		}
		if int64(len(data)) > limit {
			return nil, version, &tooLargeError{size: int64(len(data)), limit: limit, atLeast: true}
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}

// readable is an open file: readFile needs its size and its bytes.
type readable interface {
	io.ReadCloser
	// size is the size of a regular file, 0 when unknown, and the file's
	// version (zero when unknown).
	size() (int64, stamp)
}

// openFile opens a tool file for readFile (a variable: tests simulate
// failures through it, as through osOpen).
var openFile = openRead

// osFile is an *os.File as a readable.
type osFile struct{ *os.File }

func (f osFile) size() (int64, stamp) {
	info, err := f.Stat()
	if err != nil {
		return 0, stamp{}
	}
	return info.Size(), stamp{size: info.Size(), modTime: info.ModTime().UnixNano(), ok: true}
}

type candidate struct {
	value *jsonvalue.Value
	base  string
}

// parseError turns a parser error into our message and the span of the
// fault.
func parseError(src *Source, err error) (string, Span) {
	switch e := err.(type) {
	case *jsonvalue.DuplicateKeyError:
		l1, c1 := src.Position(e.FirstStart)
		span := src.Span(e.SecondStart, stringEnd(src.Data, e.SecondStart))
		return "Invalid JSON: key " + codeSpan(e.Key) + " appears twice (first at line " + strconv.Itoa(l1) +
			" column " + strconv.Itoa(c1) + "); remove one.", span
	case *jsonvalue.SyntaxError:
		off := clampOffset(e.Offset, len(src.Data))
		span := src.Span(off, runeEnd(src.Data, off))
		reason := e.Reason
		if onlyWhitespace(src.Data[jsonvalue.BOMLength(src.Data):]) {
			reason = msgEmptyFile
		} else if enc := wideEncoding(src.Data); enc != "" {
			// A Windows editor's "Unicode" is UTF-16: the parser's
			// "invalid character '\xff'" does not say what to do.
			reason = "the file is " + enc + " text, and JSON files must be UTF-8; save it as UTF-8"
			span = src.Span(0, 0)
		}
		return "Invalid JSON: " + reason + " at line " + strconv.Itoa(span.Line) + " column " + strconv.Itoa(span.Column), span
	}
	return "Invalid JSON: " + err.Error(), fileStart
}

// wideEncoding names the encoding of text that is UTF-16 or UTF-32 rather
// than UTF-8, from its byte-order mark or, without one, from NUL bytes
// beside the first ASCII character; "" for anything else.
func wideEncoding(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE, 0, 0}), len(data) >= 4 && data[0] != 0 && data[1] == 0 && data[2] == 0 && data[3] == 0:
		return "UTF-32 (little-endian)"
	case bytes.HasPrefix(data, []byte{0, 0, 0xFE, 0xFF}), len(data) >= 4 && data[0] == 0 && data[1] == 0 && data[2] == 0 && data[3] != 0:
		return "UTF-32 (big-endian)"
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), len(data) >= 2 && data[0] != 0 && data[0] < 0x80 && data[1] == 0:
		return "UTF-16 (little-endian)"
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}), len(data) >= 2 && data[0] == 0 && data[1] != 0 && data[1] < 0x80:
		return "UTF-16 (big-endian)"
	}
	return ""
}

const msgEmptyFile = `the file is empty (write a tool object, an array of tools, or {"tools": [...]})`

// onlyWhitespace reports whether data holds nothing but JSON whitespace.
func onlyWhitespace(data []byte) bool {
	for _, c := range data {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

func clampOffset(off int64, n int) int32 {
	if off < 0 {
		return 0
	}
	if off > int64(n) {
		return int32(n)
	}
	return int32(off)
}

// runeEnd is the offset just past the character at off.
func runeEnd(data []byte, off int32) int32 {
	if int(off) >= len(data) {
		return off
	}
	end := off + 1
	for int(end) < len(data) && data[end]&0xC0 == 0x80 {
		end++
	}
	return end
}

// stringEnd is the offset just past the JSON string literal at off.
func stringEnd(data []byte, off int32) int32 {
	if int(off) >= len(data) || data[off] != '"' {
		return runeEnd(data, off)
	}
	for i := int(off) + 1; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return int32(i + 1)
		}
	}
	return int32(len(data))
}

// codeSpan renders user text for a one-line message: in backticks, or
// JSON-quoted when it has characters that would break the line or the
// backticks; very long text is shortened.
func codeSpan(s string) string {
	const max = 120
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max]) + "…"
	}
	for _, r := range s {
		if r < 0x20 || r == '`' || r == 0x7F || r == 0x2028 || r == 0x2029 {
			return jsonvalue.Quote(s)
		}
	}
	return "`" + s + "`"
}

func duplicateError(later, first *Tool) LoadError {
	l, c := first.Source.Position(first.Value.Get("name").Start)
	name := later.Value.Get("name")
	return LoadError{
		SourcePath: later.File(),
		Message: "Duplicate tool name " + codeSpan(later.Name) + ", already defined in " + first.File() + ":" +
			strconv.Itoa(l) + ":" + strconv.Itoa(c) + ". Tool names must be unique across everything loaded together; rename one.",
		Span: later.Source.Span(name.Start, name.End),
	}
}

// sortErrors orders one input path's errors by display path + message in
// UTF-16 code-unit order; the sort is stable, so errors with equal text keep
// discovery order (tool, rule, walk).
func sortErrors(errs []LoadError) {
	keys := make([]string, len(errs))
	for i := range errs {
		keys[i] = errs[i].SourcePath + errs[i].Message
	}
	idx := make([]int, len(errs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return utf16Compare(keys[idx[a]], keys[idx[b]]) < 0 })
	sorted := make([]LoadError, len(errs))
	for i, j := range idx {
		sorted[i] = errs[j]
	}
	copy(errs, sorted)
}
