package compile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropicstrict"
	"github.com/schemaport/schemaport-action/internal/safefile"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/workers"
)

// SchemaPortVersion is the manifest's format version: SchemaPort's, whose
// manifest layout we write.
const SchemaPortVersion = "0.1.0"

// ManifestFile is the manifest's name inside the output directory.
const ManifestFile = "manifest.json"

// Plan is a whole compile run in memory: every pair's result and every
// file it would write, manifest included.
type Plan struct {
	Tools   []*tool.Tool
	Targets []string // as selected, in order
	// Results holds one row per tool, one entry per target (Targets order);
	// their Output is dropped once encoded into Files.
	Results [][]Result
	// Files are the tool files, by path relative to the output directory
	// ("openai/refund-order.json"), in write order.
	Files    []File
	Manifest []byte
	Written  int
	Refused  int
}

// File is one compiled file.
type File struct {
	Path string // relative to the output directory, `/`-separated
	Data []byte
}

// CollisionError reports two tools whose names map to one file.
type CollisionError struct {
	Base        string
	First, Next *tool.Tool
}

// Error starts with the place of the second tool's name and names the
// first's, as a duplicate name's load error does, so both can be found.
func (e *CollisionError) Error() string {
	return fmt.Sprintf("%s: Tools %s and %s (%s) would both be written as %s.json; rename one of them.",
		namePlace(e.Next), jsonvalue.Quote(e.Next.Name), jsonvalue.Quote(e.First.Name), namePlace(e.First), e.Base)
}

// namePlace is file:line:col of a tool's name (the file alone when the
// tool has no source text).
func namePlace(t *tool.Tool) string {
	if t.Source == nil || t.Value == nil || t.Value.Get("name") == nil {
		return t.File()
	}
	l, c := t.Source.Position(t.Value.Get("name").Start)
	return t.File() + ":" + strconv.Itoa(l) + ":" + strconv.Itoa(c)
}

// FileBase derives a tool's file name (without .json) from its name:
// runs of `_` and whitespace become `-`, anything but ASCII letters,
// digits, `.` and `-` becomes `-`, runs of `-` collapse, one leading and
// one trailing `-` go, and ASCII letters are lowered.
func FileBase(name string) string {
	var b strings.Builder
	prevDash := false
	dash := func() {
		if !prevDash {
			b.WriteByte('-')
		}
		prevDash = true
	}
	for _, r := range name {
		switch {
		case r == '_' || isJSSpace(r):
			dash()
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.':
			b.WriteRune(r)
			prevDash = false
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
			prevDash = false
		default:
			dash()
		}
	}
	s := b.String()
	s = strings.TrimPrefix(s, "-")
	s = strings.TrimSuffix(s, "-")
	return s
}

// isJSSpace is JavaScript's \s.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// Build compiles every tool (sorted by name, as loaded) for every target
// and lays out the files and the manifest. Two tools sharing a file name
// is an input error.
func Build(tools []*tool.Tool, targets []string, allowLossy bool) (*Plan, error) {
	bases := make(map[string]*tool.Tool, len(tools))
	for _, t := range tools {
		b := FileBase(t.Name)
		if first, ok := bases[b]; ok {
			return nil, &CollisionError{Base: b, First: first, Next: t}
		}
		bases[b] = t
	}
	p := &Plan{Tools: tools, Targets: targets, Results: make([][]Result, len(tools))}
	resolved := make([]Target, len(targets))
	for j, id := range targets {
		t, ok := Lookup(id)
		if !ok {
			return nil, fmt.Errorf("Unknown target `%s`.", id)
		}
		resolved[j] = t
	}
	// Per-request limits are facts about the whole set, counted in tool
	// order as check counts them, so the tool crossing a limit is refused.
	setDiags := make([][]provider.Diagnostic, len(tools))
	if slices.Contains(targets, anthropicstrict.ID) {
		var budget anthropicstrict.Budget
		for i, t := range tools {
			setDiags[i] = budget.Add(t)
		}
	}
	files := make([][]File, len(tools))
	// Tools compile independently; each worker fills its own rows, and the
	// plan is assembled in tool order, so the result never depends on
	// scheduling.
	var next atomic.Int64
	workers.Run(min(runtime.GOMAXPROCS(0), max(1, len(tools))), func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= len(tools) {
				return
			}
			t := tools[i]
			coreErrs := coreErrors(t)
			row := make([]Result, len(targets))
			for j, target := range resolved {
				var set []provider.Diagnostic
				if target.ID == anthropicstrict.ID {
					set = setDiags[i]
				}
				row[j] = compileWith(t, target, allowLossy, coreErrs, set)
				if row[j].OK {
					files[i] = append(files[i], File{Path: target.ID + "/" + FileBase(t.Name) + ".json", Data: Encode(row[j].Output)})
					row[j].Output = nil // the bytes are what is kept
				}
			}
			p.Results[i] = row
		}
	})
	for i := range tools {
		for _, r := range p.Results[i] {
			if r.OK {
				p.Written++
			} else {
				p.Refused++
			}
		}
		p.Files = append(p.Files, files[i]...)
	}
	m := p.manifest()
	p.Manifest = Encode(&m)
	return p, nil
}

// manifest is SchemaPort's manifest: sorted targets, the tools that
// compiled for at least one target, each pair's records and warnings.
func (p *Plan) manifest() jsonvalue.Value {
	sorted := slices.Clone(p.Targets)
	slices.SortFunc(sorted, provider.CompareUTF16)
	var targetIDs []jsonvalue.Value
	for _, id := range sorted {
		targetIDs = append(targetIDs, str(id))
	}
	var tools []jsonvalue.Value
	for i, t := range p.Tools {
		var pairs []jsonvalue.Member
		for _, id := range sorted {
			r := p.Results[i][slices.Index(p.Targets, id)]
			if !r.OK {
				continue
			}
			var trs, ws []jsonvalue.Value
			for _, tr := range r.Transformations {
				trs = append(trs, jsonvalue.NewObject(member("code", str(tr.Code)), member("path", str(tr.Path)),
					member("detail", str(tr.Detail)), member("lossy", jsonvalue.NewBool(tr.Lossy))))
			}
			for _, d := range r.Warnings() {
				ws = append(ws, jsonvalue.NewObject(member("code", str(d.Code)), member("path", str(d.Path)), member("message", str(d.Message))))
			}
			pairs = append(pairs, member(id, jsonvalue.NewObject(
				member("output", str(id+"/"+FileBase(t.Name)+".json")),
				member("transformations", jsonvalue.NewArray(trs...)),
				member("warnings", jsonvalue.NewArray(ws...)))))
		}
		if len(pairs) == 0 {
			continue
		}
		tools = append(tools, jsonvalue.NewObject(member("name", str(t.Name)), member("source", str(t.File())),
			member("targets", jsonvalue.NewObject(pairs...))))
	}
	return jsonvalue.NewObject(member("schemaPortVersion", str(SchemaPortVersion)),
		member("targets", jsonvalue.NewArray(targetIDs...)), member("tools", jsonvalue.NewArray(tools...)))
}

// maxManifestRead bounds the previous manifest read: far beyond one that
// lists the largest tool sets (a 200,000-node inlining is 20 MB).
const maxManifestRead = 256 << 20

// previousOutputs reads the output paths the manifest in dir lists, the
// files an earlier run wrote. A missing or unreadable manifest lists
// nothing. Only paths of our own shape (<target>/<name>.json, nothing
// escaping dir) are returned, so a hand-edited manifest cannot make us
// touch anything else.
func previousOutputs(dir string) []string {
	data, err := safefile.ReadRegular(filepath.Join(dir, ManifestFile), maxManifestRead)
	if err != nil {
		return nil
	}
	v, err := jsonvalue.Parse(data)
	if err != nil {
		return nil
	}
	var out []string
	tools := v.Get("tools")
	if !isArr(tools) {
		return nil
	}
	for i := range tools.Items {
		targets := tools.Items[i].Get("targets")
		if !isObj(targets) {
			continue
		}
		for j := range targets.Members {
			o := targets.Members[j].Value.Get("output")
			if o == nil || o.Kind != jsonvalue.String || !ownOutputPath(o.Text) {
				continue
			}
			if !slices.Contains(out, o.Text) {
				out = append(out, o.Text)
			}
		}
	}
	slices.Sort(out)
	return out
}

func ownOutputPath(p string) bool {
	if !filepath.IsLocal(filepath.FromSlash(p)) || strings.Contains(p, "\\") || path.Clean(p) != p {
		return false
	}
	dir, file, ok := strings.Cut(p, "/")
	if !ok || strings.Contains(file, "/") || !strings.HasSuffix(file, ".json") {
		return false
	}
	_, known := Lookup(dir)
	return known
}

// Write puts the plan's files under dir, removes the files the previous
// manifest listed that this run did not write (and nothing else), and
// writes the manifest last. Nothing is written or removed through a link
// that leads out of dir (safefile).
func (p *Plan) Write(dir string) (removed []string, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	old := previousOutputs(dir)
	written := map[string]bool{}
	for _, f := range p.Files {
		if err := writeAll(dir, f.Path, f.Data); err != nil {
			return nil, err
		}
		written[f.Path] = true
	}
	for _, o := range old {
		if written[o] {
			continue
		}
		full := filepath.Join(dir, filepath.FromSlash(o))
		if err := safefile.CheckDir(dir, full); err != nil {
			return removed, err
		}
		err := os.Remove(full)
		switch {
		case err == nil:
			removed = append(removed, o)
		case errors.Is(err, fs.ErrNotExist):
		default:
			return removed, err
		}
	}
	return removed, writeAll(dir, ManifestFile, p.Manifest)
}

// writeAll replaces dir/rel with data, never through a link (safefile).
func writeAll(dir, rel string, data []byte) error {
	return safefile.Write(dir, filepath.FromSlash(rel), func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Mismatch is one way the output directory differs from a fresh compile.
type Mismatch struct {
	Path string // relative to the output directory
	// Kind is "differs", "missing" or "stale".
	Kind string
	// Excerpt is a line diff of the file on disk (-) against the fresh
	// output (+), for "differs".
	Excerpt string
}

// Compare checks dir against the plan without writing: every file the
// plan writes must be there byte for byte, the manifest too, and no file
// the manifest on disk lists may be left over.
func (p *Plan) Compare(dir string) ([]Mismatch, error) {
	var out []Mismatch
	expect := append(slices.Clone(p.Files), File{Path: ManifestFile, Data: p.Manifest})
	want := map[string]bool{}
	for _, f := range expect {
		want[f.Path] = true
		// Read no more than a file that differs needs to show it does.
		limit := 2*int64(len(f.Data)) + 1<<20
		path := filepath.Join(dir, filepath.FromSlash(f.Path))
		// A link or a special file where compiling writes a file is not
		// the compiled file (and is never read: it may not end): it
		// differs, and the check fails as for any other difference.
		if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
			out = append(out, Mismatch{Path: f.Path, Kind: "differs",
				Excerpt: "The file on disk is " + safefile.Kind(fi.Mode()) + "; compiling writes a regular file."})
			continue
		}
		got, err := safefile.ReadRegular(path, limit)
		var big *safefile.TooLargeError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			out = append(out, Mismatch{Path: f.Path, Kind: "missing"})
		case errors.As(err, &big):
			out = append(out, Mismatch{Path: f.Path, Kind: "differs",
				Excerpt: fmt.Sprintf("The file on disk is over %d bytes; compiling writes %d.", limit, len(f.Data))})
		case err != nil:
			return nil, err
		case string(got) != string(f.Data):
			out = append(out, Mismatch{Path: f.Path, Kind: "differs", Excerpt: LineDiff(string(got), string(f.Data), 40)})
		}
	}
	for _, o := range previousOutputs(dir) {
		if want[o] {
			continue
		}
		if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(o))); err == nil {
			out = append(out, Mismatch{Path: o, Kind: "stale"})
		}
	}
	slices.SortFunc(out, func(a, b Mismatch) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}
