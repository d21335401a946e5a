// Package witness finds concrete evidence for a breaking change: an
// argument object that the old version of a tool accepted and the new one
// rejects, judged by the real JSON Schema validator (the library and
// settings the loader uses) against both input schemas.
//
// Candidates are built from the old schema (generate.go): for every schema
// it reaches, a base value that should satisfy it, and near the change a
// richer set (every enum value, values at and just inside each bound,
// strings at each length limit, objects with and without their optional
// properties, ...). Nothing is shown unless the validator says the old
// schema accepts it and the new one rejects it.
package witness

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// resourceURL names an inputSchema for the validator; nothing is loaded
// from it (the compiler refuses external documents). The library checks
// every document against the metaschema when it is added, except those
// under json-schema.org (the metaschemas themselves); that check costs
// several times the whole search, and the loader has already made it for
// every tool that reaches the diff, so the documents are named there.
const resourceURL = "https://json-schema.org/schemaport-witness/input-schema.json"

// Budget is how many candidate values one search may judge.
const Budget = 400

// Pair holds both versions of one tool's input schema, compiled once.
type Pair struct {
	oldRoot, newRoot *jsonvalue.Value
	compiled         bool
	old, new         *jsonschema.Schema
	cache            *Cache
	ledger           *Ledger
	// Judged counts the candidates judged so far (both validators).
	Judged int
}

// NewPair prepares a search between two input schemas (nil counts as {}).
// cache, when not nil, shares compiled schemas with other pairs; ledger,
// when not nil, is charged for every candidate judged.
func NewPair(oldRoot, newRoot *jsonvalue.Value, cache *Cache, ledger *Ledger) *Pair {
	return &Pair{oldRoot: oldRoot, newRoot: newRoot, cache: cache, ledger: ledger}
}

// cachedSchemas bounds a Cache: when it is full the cache starts over,
// so it keeps the most recent schemas and a run's memory stays bounded.
// A compiled schema is many times its source (about 100 KB each in the
// 10,000-tool benchmark corpus, where 4,096 of them raised the peak of a
// pull request editing every file from 1.5 to 1.8 GB with no hit at
// all); a few hundred still catch the shapes generated tools repeat.
const cachedSchemas = 256

// Cache keeps compiled input schemas by their content for one run.
// Compiling costs more than the rest of a search, and a tool set repeats
// schemas (one tool's new version is often another's, and generated
// tools share shapes); a compiled schema is read-only, so sharing it is
// safe. A schema that does not compile is kept as nil.
//
// Pairs searched at once on several goroutines share one Cache. Two of
// them may compile the same schema at the same moment; both results are
// the same, so nothing depends on which is kept.
type Cache struct {
	mu        sync.Mutex
	byContent map[string]*jsonschema.Schema
}

// RunBudget bounds the candidates judged in one run: past it, the
// caller stops searching, so a run over thousands of changed tools costs
// a bounded multiple of the keyword comparison. It is generous: a run
// over 10,000 generated tools with 800 changed ones judges about 18,000.
const RunBudget = 250 * Budget

// Ledger is one tool's account of the run's search budget: Before is what
// the tools before it in the run judged, Judged what its own searches
// have. Keeping the two apart lets tools be searched in parallel and the
// run still decide, in tool order, exactly what a serial run would.
type Ledger struct {
	Before, Judged int
	// Limit is the run's budget; 0 means RunBudget.
	Limit int
}

// Spent reports whether the run's search budget is used up.
func (b *Ledger) Spent() bool {
	return b != nil && b.Before+b.Judged >= b.limit()
}

func (b *Ledger) limit() int {
	if b.Limit > 0 {
		return b.Limit
	}
	return RunBudget
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{byContent: map[string]*jsonschema.Schema{}}
}

func (c *Cache) compile(root *jsonvalue.Value) *jsonschema.Schema {
	if c == nil {
		return compile(root)
	}
	key := "{}"
	if root != nil {
		key = jsonvalue.Canonical(root)
	}
	c.mu.Lock()
	s, ok := c.byContent[key]
	c.mu.Unlock()
	if ok {
		return s
	}
	s = compile(root)
	c.mu.Lock()
	if len(c.byContent) >= cachedSchemas {
		clear(c.byContent)
	}
	c.byContent[key] = s
	c.mu.Unlock()
	return s
}

func compile(root *jsonvalue.Value) *jsonschema.Schema {
	var doc any = map[string]any{}
	if root != nil {
		doc = jsonvalue.ToAny(root)
	}
	// Judge by 2020-12 whatever the root names, as the loader validates.
	if m, ok := doc.(map[string]any); ok {
		delete(m, "$schema")
	}
	c := tool.NewSchemaCompiler()
	c.UseRegexpEngine(cachedRegexp)
	if err := c.AddResource(resourceURL, doc); err != nil {
		return nil
	}
	s, err := c.Compile(resourceURL)
	if err != nil {
		return nil
	}
	return s
}

// regexps keeps compiled patterns for every compile of a run and the next:
// the tools of a set repeat their patterns, and compiling a pattern (two
// engines) is a sixth of compiling a schema. A compiled pattern is
// read-only and safe to share.
var regexps struct {
	sync.Mutex
	m map[string]jsonschema.Regexp
}

const cachedRegexps = 4096

func cachedRegexp(pattern string) (jsonschema.Regexp, error) {
	regexps.Lock()
	re, ok := regexps.m[pattern]
	regexps.Unlock()
	if ok {
		return re, nil
	}
	re, err := tool.ECMARegexpEngine(pattern)
	if err != nil {
		return nil, err
	}
	regexps.Lock()
	if regexps.m == nil {
		regexps.m = map[string]jsonschema.Regexp{}
	}
	if len(regexps.m) < cachedRegexps {
		// Cloned: the pattern may share memory with a whole file.
		regexps.m[strings.Clone(pattern)] = re
	}
	regexps.Unlock()
	return re, nil
}

// Usable reports whether both schemas compiled; a pair that did not cannot
// confirm anything.
func (p *Pair) Usable() bool {
	if !p.compiled {
		p.compiled = true
		p.old, p.new = p.cache.compile(p.oldRoot), p.cache.compile(p.newRoot)
	}
	return p.old != nil && p.new != nil
}

func (p *Pair) judge() {
	p.Judged++
	if p.ledger != nil {
		p.ledger.Judged++
	}
}

// AcceptedByOld reports whether the old schema accepts v.
func (p *Pair) AcceptedByOld(v *jsonvalue.Value) bool {
	if !p.Usable() {
		return false
	}
	p.judge()
	return p.old.Validate(jsonvalue.ToAny(v)) == nil
}

// Breaks reports whether v is accepted by the old schema and rejected by the
// new one; where is the new schema's location (a JSON pointer into the
// input schema) of each keyword that rejected it.
func (p *Pair) Breaks(v *jsonvalue.Value) (bool, []string) {
	if !p.Usable() {
		return false, nil
	}
	inst := jsonvalue.ToAny(v)
	p.judge()
	if p.old.Validate(inst) != nil {
		return false, nil
	}
	err := p.new.Validate(inst)
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return false, nil
	}
	var where []string
	tool.EachLeaf(verr, func(e *jsonschema.ValidationError) {
		loc := e.SchemaURL
		if i := strings.IndexByte(loc, '#'); i >= 0 {
			loc = loc[i+1:]
		}
		if e.ErrorKind != nil {
			if kp := e.ErrorKind.KeywordPath(); len(kp) > 0 {
				loc += "/" + strings.Join(escapePointer(kp), "/")
			}
		}
		where = append(where, loc)
	})
	return true, where
}

// Result is the outcome of one search.
type Result struct {
	// Arguments is the verified witness, nil when none was found.
	Arguments *jsonvalue.Value
	// Where lists the new schema's rejecting keyword locations (JSON
	// pointers) for Arguments.
	Where []string
}

// Find searches for a witness near focus, the schema path segments (below
// the input schema) of a change; hints are values the change names (the
// old bound, the removed enum values). It prefers a witness the new schema
// rejects at or under the change's own location.
//
// skip, when set, discards a witness by the new schema's rejecting
// locations (a rejection the caller has already accounted for).
func (p *Pair) Find(focus []string, hints []*jsonvalue.Value, skip func(where []string) bool) Result {
	if !p.Usable() {
		return Result{}
	}
	seen := map[string]bool{}
	r := p.find(focus, hints, skip, seen)
	// The diff matches anyOf/oneOf branches by content and names a
	// change by the new branch's index, so the old branch at that index
	// may be another one: failing there, the whole anyOf/oneOf is varied
	// (every old branch as richly as the change's own).
	for i := len(focus) - 2; r.Arguments == nil && i >= 0; i-- {
		if focus[i] != "anyOf" && focus[i] != "oneOf" {
			continue
		}
		if _, err := strconv.Atoi(focus[i+1]); err != nil {
			continue
		}
		r = p.find(focus[:i], hints, skip, seen)
		break
	}
	return r
}

// find is one search around focus; seen holds the candidates judged
// already (by an earlier search for the same change too), each search
// judging at most Budget new ones.
func (p *Pair) find(focus []string, hints []*jsonvalue.Value, skip func(where []string) bool, seen map[string]bool) Result {
	g := newGenerator(p.oldRoot, p.newRoot, focus, hints)
	cands := g.candidates()
	site := siteOf(p.newRoot, focus)
	var first Result
	judged := 0
	for _, cand := range cands {
		if judged >= Budget {
			break
		}
		// Built only now: a search that stops early builds no more.
		c := cand.value()
		// Candidates are built in a fixed member order, so the compact
		// text finds the repeats (the canonical form sorts members).
		key := jsonvalue.Encode(c, "")
		if seen[key] {
			continue
		}
		seen[key] = true
		judged++
		ok, where := p.Breaks(c)
		if !ok || (skip != nil && skip(where)) {
			continue
		}
		r := Result{Arguments: c, Where: where}
		for _, w := range where {
			if site.near(w) {
				return r
			}
		}
		if first.Arguments == nil {
			first = r
		}
	}
	return first
}

// Reuse returns a result among found whose call the new schema (newRoot)
// rejects at the change at focus or under it.
func Reuse(found []Result, newRoot *jsonvalue.Value, focus []string) (Result, bool) {
	if len(focus) == 0 {
		return Result{}, false
	}
	site := siteOf(newRoot, focus)
	for _, r := range found {
		for _, w := range r.Where {
			if site.under(w) {
				return r, true
			}
		}
	}
	return Result{}, false
}

// site is where the new schema's validator says a change is, as keyword
// locations (JSON pointers into the input schema).
type site struct {
	// want is the change's path as the diff names it; alt, when the path
	// goes through a $ref, where the validator names it (the target).
	want, alt string
	// closers: a property the new schema no longer declares is rejected
	// by its object's additionalProperties or unevaluatedProperties.
	closers []string
	// required: a property newly required is missing from a call its
	// object's required rejects; the plainest witness of that change (the
	// call without it) is near, but names no property, so it is not
	// reused for another change.
	required []string
}

func siteOf(newRoot *jsonvalue.Value, focus []string) site {
	s := site{alt: targetPointer(newRoot, focus)}
	if len(focus) > 0 {
		s.want = "/" + strings.Join(escapePointer(focus), "/")
	}
	if n := len(focus); n >= 2 && focus[n-2] == "properties" {
		parents := []string{"/" + strings.Join(escapePointer(focus[:n-2]), "/")}
		if t := targetPointer(newRoot, focus[:n-2]); t != "" {
			parents = append(parents, t)
		}
		for _, at := range parents {
			at = strings.TrimSuffix(at, "/") // the root is ""
			s.closers = append(s.closers, at+"/additionalProperties", at+"/unevaluatedProperties")
			s.required = append(s.required, at+"/required")
		}
	}
	return s
}

// near: w is the change's location, above or under it.
func (s site) near(w string) bool {
	return related(w, s.want) || (s.alt != "" && related(w, s.alt)) || slices.Contains(s.closers, w) || slices.Contains(s.required, w)
}

// under: w is the change's location or under it.
func (s site) under(w string) bool {
	return (s.want != "" && atOrUnder(w, s.want)) || (s.alt != "" && atOrUnder(w, s.alt)) || slices.Contains(s.closers, w)
}

// refTokens are the pointer tokens of a local $ref ("#", "#/a/b").
func refTokens(ref string) []string {
	if ref == "#" {
		return []string{}
	}
	return strings.Split(strings.TrimPrefix(ref, "#/"), "/")
}

// targetPointer is where the schema path segs (below root) is written
// when the path goes through local $refs: the pointer from the last $ref
// target followed, "/$defs/Money/properties/amount/minimum" for
// properties/price/properties/amount/minimum when price is a $ref to
// Money. It is "" when the path follows no $ref.
func targetPointer(root *jsonvalue.Value, segs []string) string {
	cur, ptr, followed := root, []string{}, false
	// follow moves to the target of cur's local $ref, if it has one.
	follow := func() bool {
		ref := cur.Get("$ref")
		if ref == nil || ref.Kind != jsonvalue.String || (ref.Text != "#" && !strings.HasPrefix(ref.Text, "#/")) {
			return false
		}
		cur, ptr, followed = resolveIn(root, ref.Text), refTokens(ref.Text), true
		return cur != nil
	}
	for i, seg := range segs {
		var next *jsonvalue.Value
		for hops := 0; cur != nil && next == nil && hops <= 8; hops++ {
			switch cur.Kind {
			case jsonvalue.Object:
				next = cur.Get(seg)
			case jsonvalue.Array:
				if k, err := strconv.Atoi(seg); err == nil && k >= 0 && k < len(cur.Items) {
					next = &cur.Items[k]
				}
			}
			if next == nil && !follow() {
				break
			}
		}
		if next == nil {
			// Not in this version (a keyword the change removed): the
			// rest of the path is as written.
			return pointerIf(followed, append(ptr, escapePointer(segs[i:])...))
		}
		ptr = append(ptr, escapePointer([]string{seg})...)
		cur = next
	}
	// A path that ends at a $ref ends where the $ref leads: the schema
	// whose keywords judge the value.
	for hops := 0; cur != nil && hops <= 8 && follow(); hops++ {
	}
	return pointerIf(followed, ptr)
}

// pointerIf is the JSON pointer of tokens when a $ref was followed (and it
// is not the root's), "" otherwise.
func pointerIf(followed bool, tokens []string) string {
	if !followed || len(tokens) == 0 {
		return ""
	}
	return "/" + strings.Join(tokens, "/")
}

// related: one location is the other or lies under it.
func related(a, b string) bool {
	return atOrUnder(a, b) || atOrUnder(b, a) || b == "" || a == ""
}

// atOrUnder: pointer w is at or under pointer at. It builds no string:
// Reuse compares every witness found in a tool with each change's site,
// and a joined at+"/" per comparison was gigabytes of garbage on a deep
// schema.
func atOrUnder(w, at string) bool {
	return strings.HasPrefix(w, at) && (len(w) == len(at) || w[len(at)] == '/')
}

func escapePointer(segs []string) []string {
	out := make([]string, len(segs))
	for i, s := range segs {
		out[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
	}
	return out
}

// Call returns a call the schema accepts (the plainest the generator
// builds that the validator confirms), or nil: for a tool removed or
// renamed, a call that worked before and fails now whatever it holds.
func Call(root *jsonvalue.Value) *jsonvalue.Value {
	s := compile(root)
	if s == nil {
		return nil
	}
	for i, cand := range newGenerator(root, nil, nil, nil).candidates() {
		if i >= Budget {
			break
		}
		if c := cand.value(); s.Validate(jsonvalue.ToAny(c)) == nil {
			return c
		}
	}
	return nil
}

// OpenTo reports whether the object schema at path (schema path segments
// below the input schema) lets a property called name hold any value: it
// does not declare the name, and no keyword judges undeclared properties
// (additionalProperties absent or true, no patternProperties, no
// propertyNames, no unevaluatedProperties, no applicators that could).
func OpenTo(root *jsonvalue.Value, path []string, name string) bool {
	if root == nil || root.Kind != jsonvalue.Object {
		return false
	}
	s := schemaAt(root, path)
	if s == nil || s.Kind != jsonvalue.Object {
		return false
	}
	if props := s.Get("properties"); props != nil && props.Get(name) != nil {
		return false
	}
	if ap := s.Get("additionalProperties"); ap != nil && !ap.IsTrue() && !(ap.Kind == jsonvalue.Object && len(ap.Members) == 0) {
		return false
	}
	for _, k := range []string{"patternProperties", "propertyNames", "unevaluatedProperties", "allOf", "anyOf", "oneOf", "not",
		"if", "then", "else", "$ref", "$dynamicRef", "dependentSchemas", "dependentRequired", "maxProperties"} {
		if s.Has(k) {
			return false
		}
	}
	return true
}
