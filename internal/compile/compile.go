// Package compile turns a canonical tool into each provider's native tool
// definition, recording every change it makes with an honest lossy flag.
//
// Check is compile's dry run: every provider's diagnostics come from that
// provider's own check, and a pair is refused exactly when check reports an
// error compiling cannot fix, or when compiling would lose something and
// the caller did not allow it. Where a check rule says a keyword is dropped,
// compile drops the keyword that rule found (see diagIndex), so the two
// cannot disagree about which keywords go.
package compile

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/core"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Transformation is one change compile made, at a canonical schema path.
// Lossy means the compiled schema accepts some argument the canonical one
// rejects (or the other way round).
type Transformation struct {
	Code   string `json:"code"`
	Path   string `json:"path"`
	Detail string `json:"detail"`
	Lossy  bool   `json:"lossy"`
}

// Result is the outcome of compiling one tool for one target.
type Result struct {
	Target string
	Tool   *tool.Tool
	// OK is false when the pair is refused; Output is then nil.
	OK     bool
	Output *jsonvalue.Value
	// Transformations is the full list, also for a refused pair.
	Transformations []Transformation
	// Diagnostics are the kept ones: every warning and info, and the
	// errors compiling cannot fix (plus core/lossy-transformation-refused).
	Diagnostics []provider.Diagnostic
}

// Blocking returns the error diagnostics that refused the pair.
func (r *Result) Blocking() []provider.Diagnostic {
	var out []provider.Diagnostic
	for _, d := range r.Diagnostics {
		if d.Severity == provider.SeverityError {
			out = append(out, d)
		}
	}
	return out
}

// Warnings returns the kept warnings and infos (what the manifest lists).
func (r *Result) Warnings() []provider.Diagnostic {
	var out []provider.Diagnostic
	for _, d := range r.Diagnostics {
		if d.Severity != provider.SeverityError {
			out = append(out, d)
		}
	}
	return out
}

// HasLossy reports whether any transformation is lossy.
func (r *Result) HasLossy() bool {
	for _, t := range r.Transformations {
		if t.Lossy {
			return true
		}
	}
	return false
}

// LossyRefusal reports whether the pair was refused only by the lossy
// gate, so that --allow-lossy would let it through.
func (r *Result) LossyRefusal() bool {
	if r.OK {
		return false
	}
	for _, d := range r.Diagnostics {
		if d.Severity == provider.SeverityError && d.Code != LossyRefusedCode {
			return false
		}
	}
	return true
}

// LossyRefusedCode is the diagnostic of a pair refused by the lossy gate.
const LossyRefusedCode = "core/lossy-transformation-refused"

// Compile compiles t for the target with the given id. An unknown id
// panics: callers resolve ids first (Lookup).
func Compile(t *tool.Tool, targetID string, allowLossy bool) Result {
	target, ok := Lookup(targetID)
	if !ok {
		panic("compile: unknown target " + targetID)
	}
	return compileWith(t, target, allowLossy, coreErrors(t), nil)
}

// Shared compiles one tool for several targets, working out the core
// errors every target's compile needs (a default or example its own
// schema rejects) once: validating them is the costly part of compiling
// a tool with many defaults, and the same for every target.
type Shared struct {
	mu   sync.Mutex
	core map[*tool.Tool][]provider.Diagnostic
}

// NewShared starts a set of compiles that share their tools' core errors.
func NewShared() *Shared { return &Shared{core: map[*tool.Tool][]provider.Diagnostic{}} }

// Compile is Compile(t, targetID, allowLossy), with t's core errors
// worked out on its first compile.
func (s *Shared) Compile(t *tool.Tool, targetID string, allowLossy bool) Result {
	target, ok := Lookup(targetID)
	if !ok {
		panic("compile: unknown target " + targetID)
	}
	s.mu.Lock()
	errs, ok := s.core[t]
	s.mu.Unlock()
	if !ok {
		errs = coreErrors(t)
		s.mu.Lock()
		s.core[t] = errs
		s.mu.Unlock()
	}
	return compileWith(t, target, allowLossy, errs, nil)
}

// coreErrors are our core findings (a default or example its own schema
// rejects): they block every target, since shipping them steers the model
// wrong everywhere.
func coreErrors(t *tool.Tool) []provider.Diagnostic {
	var out []provider.Diagnostic
	for _, d := range core.Check(t) {
		if d.Severity == provider.SeverityError {
			out = append(out, d)
		}
	}
	return out
}

// compileWith compiles one pair; setDiags are findings about the tool set
// the check of one tool cannot see (Anthropic strict's per-request
// limits), already attributed to this tool.
func compileWith(t *tool.Tool, target Target, allowLossy bool, coreErrs, setDiags []provider.Diagnostic) Result {
	diags := append(target.Check(t), coreErrs...)
	if len(setDiags) > 0 {
		diags = append(diags, setDiags...)
		provider.SortDiagnostics(diags)
	}
	output, records := target.compile(t, job{diags: newDiagIndex(diags, target.consults), record: true})
	upgradeLossy(records, diags)
	r := finalize(t, target.ID, output, records, diags, allowLossy)
	if r.OK {
		selfCheck(&r, target)
	}
	return r
}

// upgradeLossy makes the records at a path lossy where check says the fix
// there is lossy and no record there says so yet: check carries the
// provider truth (an object closed without properties accepts only {}),
// and a flag is only ever raised, so compile never calls safe what check
// calls lossy. A path whose loss is already on the record (a format
// dropped, then format "enum" added) keeps its other records' flags.
func upgradeLossy(records []Transformation, diags []provider.Diagnostic) {
	lossyAt := map[string]bool{}
	for _, d := range diags {
		if d.Compile.Supported && d.Compile.Lossy {
			lossyAt[d.Path] = true
			for _, u := range d.UseSites {
				lossyAt[u] = true
			}
		}
	}
	if len(lossyAt) == 0 {
		return
	}
	recorded := map[string]bool{}
	for _, r := range records {
		if r.Lossy {
			recorded[r.Path] = true
		}
	}
	for i := range records {
		if lossyAt[records[i].Path] && !recorded[records[i].Path] {
			records[i].Lossy = true
		}
	}
}

// CompiledRejectedCode refuses a pair whose compiled schema the target's
// own check still rejects: compile never writes what the provider refuses.
const CompiledRejectedCode = "core/compiled-schema-rejected"

// selfCheck runs the target's rules on what compile emits; an error there
// refuses the pair, naming the rule.
func selfCheck(r *Result, target Target) {
	var bad []string
	for _, d := range ownErrors(target, r.Output) {
		bad = append(bad, d.Code+" at "+d.Path)
	}
	if len(bad) == 0 {
		return
	}
	d := provider.Diagnostic{
		ProviderID: target.ID, ToolName: r.Tool.Name, Severity: provider.SeverityError,
		Code:    CompiledRejectedCode,
		Message: "The compiled schema would still be rejected (" + strings.Join(bad, ", ") + "); fix the source schema so that compiling keeps a valid shape.",
		Path:    provider.RootPath,
		Compile: provider.Compile{Supported: false, Lossy: false, Detail: "Refused: nothing is written for this target."},
	}
	locate(&d, r.Tool)
	r.Diagnostics = append(r.Diagnostics, d)
	r.OK, r.Output = false, nil
}

// ownErrors are the errors the target's check finds in what compile wrote.
// A Gemini declaration without `parameters` is how Gemini takes a function
// without arguments: the object ReadBack puts in its place is not sent.
func ownErrors(target Target, out *jsonvalue.Value) []provider.Diagnostic {
	var bad []provider.Diagnostic
	for _, d := range target.Check(ReadBack(target.ID, out)) {
		if d.Severity != provider.SeverityError {
			continue
		}
		if target.ID == "gemini" && out.Get("parameters") == nil && d.Path == provider.RootPath {
			continue
		}
		bad = append(bad, d)
	}
	return bad
}

func locate(d *provider.Diagnostic, t *tool.Tool) {
	if t.Source != nil {
		span, _ := t.Locate(d.Path)
		d.File, d.Line, d.Column, d.EndLine, d.EndColumn = t.File(), span.Line, span.Column, span.EndLine, span.EndColumn
	}
}

// finalize applies the one refusal policy every target shares.
func finalize(t *tool.Tool, targetID string, output *jsonvalue.Value, records []Transformation, diags []provider.Diagnostic, allowLossy bool) Result {
	r := Result{Target: targetID, Tool: t, Transformations: dedupe(records)}
	blocked := false
	for _, d := range diags {
		if d.Severity == provider.SeverityError && d.Compile.Supported {
			continue // the transformation is the record
		}
		if d.Severity == provider.SeverityError {
			blocked = true
		}
		r.Diagnostics = append(r.Diagnostics, d)
	}
	if blocked {
		return r
	}
	if r.HasLossy() && !allowLossy {
		d := provider.Diagnostic{
			ProviderID: targetID, ToolName: t.Name, Severity: provider.SeverityError,
			Code:    LossyRefusedCode,
			Message: "Compiling would weaken the schema (" + lossyList(r.Transformations) + "); fix the source schema, or re-run with --allow-lossy to accept the weaker output.",
			Path:    provider.RootPath,
			Compile: provider.Compile{Supported: false, Lossy: false, Detail: "Refused: nothing is written for this target."},
		}
		locate(&d, t)
		r.Diagnostics = append(r.Diagnostics, d)
		return r
	}
	r.OK = true
	r.Output = output
	return r
}

// maxListedLossy is how many lossy transformations a refusal's message
// names; the rest are counted. A $ref fan-out has hundreds of thousands,
// and listing them all made one message megabytes long.
const maxListedLossy = 10

// maxListedPath is the longest schema path a refusal's message names in
// full (report.MaxPathChars, which compile cannot import); a longer one
// keeps its head and tail, as the reports abbreviate it.
const maxListedPath = 300

// lossyList names the first maxListedLossy lossy transformations and
// counts the others.
func lossyList(records []Transformation) string {
	var b strings.Builder
	n := 0
	for _, tr := range records {
		if !tr.Lossy {
			continue
		}
		n++
		if n > maxListedLossy {
			continue
		}
		if n > 1 {
			b.WriteString(", ")
		}
		b.WriteString(tr.Code + " at " + shortPath(tr.Path))
	}
	if n > maxListedLossy {
		b.WriteString(" and " + strconv.Itoa(n-maxListedLossy) + " more")
	}
	return b.String()
}

// shortPath abbreviates a path over maxListedPath characters to its head
// and tail, saying how many characters it left out.
func shortPath(p string) string {
	n := utf8.RuneCountInString(p)
	if n <= maxListedPath {
		return p
	}
	const head, tail = 100, 160
	r := []rune(p)
	return string(r[:head]) + "…[" + strconv.Itoa(n-head-tail) + " characters]…" + string(r[n-tail:])
}

// dedupe drops later records equal to an earlier one in every field.
func dedupe(in []Transformation) []Transformation {
	if len(in) < 2 {
		return in
	}
	seen := make(map[Transformation]bool, len(in))
	out := in[:0:0]
	for _, t := range in {
		if seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	return out
}

// diagIndex answers "did check report this code at this path?", which is
// how compile drops exactly the keywords check said it would. It holds
// only the codes its adapter asks about, so that an empty index tells
// Render no path is needed.
type diagIndex map[string][]string

func newDiagIndex(ds []provider.Diagnostic, consults func(code string) bool) diagIndex {
	var ix diagIndex
	for _, d := range ds {
		if !consults(d.Code) {
			continue
		}
		if ix == nil {
			ix = diagIndex{}
		}
		ix[d.Path] = append(ix[d.Path], d.Code)
		// A finding inside an inlined definition (Gemini) is reported at
		// the definition's path; compile works on the inlined schema, at
		// the use sites.
		for _, u := range d.UseSites {
			ix[u] = append(ix[u], d.Code)
		}
	}
	return ix
}

// has reports a finding of code at path; "" is a path Render did not
// build, where no finding is.
func (ix diagIndex) has(path, code string) bool {
	if path == "" {
		return false
	}
	for _, c := range ix[path] {
		if c == code {
			return true
		}
	}
	return false
}

// job is one run of an adapter. Compile records every change (record);
// Render only measures what is sent: it keeps no records, builds only the
// schema paths a lookup needs (pather), shares the source's values where
// they are copied unchanged (Render's caller only reads) and carves its
// lists from reused blocks (mem).
type job struct {
	diags  diagIndex
	record bool
	mem    *slab // Render's member lists (nil: each allocated alone)
}

// copyOf is v for the output: a deep copy when compiling (nothing shares
// memory with the loaded tool), v itself when measuring.
func (j job) copyOf(v *jsonvalue.Value) jsonvalue.Value {
	if j.record {
		return clone(v)
	}
	return *v
}

// pather builds canonical schema paths. Compile builds every path (its
// records name them); Render builds only the paths at or above one of
// the findings its adapter looks up: any other path is "" (dead), and no
// lookup finds anything there, nor below.
type pather struct {
	all  bool
	live map[string]string // Render: the findings' paths and their prefixes (key = value)
	lens [4]uint64         // the lengths of the live paths under 256, as bits
	long bool              // some live path is 256 bytes or longer
	buf  []byte            // a candidate path, tested before it is kept
}

func newPather(j job) *pather {
	if j.record {
		return &pather{all: true}
	}
	if len(j.diags) == 0 {
		return &pather{}
	}
	// A path's prefixes at its segments' starts are the paths of its
	// ancestors (Key and Index append to their base); a '.' or '[' inside
	// a quoted key adds a string no builder writes, which is harmless.
	live := map[string]string{}
	for p := range j.diags {
		for i := 1; i < len(p); i++ {
			if p[i] == '.' || p[i] == '[' {
				live[p[:i]] = p[:i]
			}
		}
		live[p] = p
	}
	pt := &pather{live: live}
	for p := range live {
		if len(p) >= 256 {
			pt.long = true
		} else {
			pt.lens[len(p)>>6] |= 1 << (len(p) & 63)
		}
	}
	return pt
}

// mayLive reports whether a live path has length n: most candidates are
// dead by their length alone, before they are written.
func (p *pather) mayLive(n int) bool {
	if n >= 256 {
		return p.long
	}
	return p.lens[n>>6]&(1<<(n&63)) != 0
}

// on reports whether paths below base are built.
func (p *pather) on(base string) bool { return p.all || (base != "" && p.live != nil) }

// keep returns the candidate path in p.buf when it is live (a string
// the live set holds: nothing is allocated for a dead path).
func (p *pather) keep() string {
	return p.live[string(p.buf)]
}

func (p *pather) key(base, key string) string {
	switch {
	case p.all:
		return schemapath.Key(base, key)
	case !p.on(base):
		return ""
	case schemapath.IsIdentifier(key) && !p.mayLive(len(base)+1+len(key)):
		return "" // base.key
	}
	p.buf = schemapath.AppendKey(p.buf[:0], base, key)
	return p.keep()
}

func (p *pather) index(base string, i int) string {
	switch {
	case p.all:
		return schemapath.Index(base, i)
	case !p.on(base):
		return ""
	}
	p.buf = schemapath.AppendIndex(p.buf[:0], base, i)
	if !p.mayLive(len(p.buf)) {
		return ""
	}
	return p.keep()
}

func (p *pather) join(base string, keys ...string) string {
	for _, k := range keys {
		base = p.key(base, k)
	}
	return base
}

// recorder collects transformations in production order; a recorder that
// is off (Render) keeps nothing. A detail comes in pieces, joined only
// when kept.
type recorder struct {
	off  bool
	list []Transformation
}

func (r *recorder) add(code, path string, lossy bool, detail ...string) {
	if r.off {
		return
	}
	r.list = append(r.list, Transformation{Code: code, Path: path, Detail: strings.Join(detail, ""), Lossy: lossy})
}
