package diff

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// The structural comparison: it pairs the schema nodes of two versions of one
// tool (resolving $refs on the way), and hands each pair to the check
// families, one file each, in SchemaPort's pass order. The families classify;
// this file only walks, locates and records.

// span is a byte range in a source file; ok is false when there is none.
type span struct {
	start, end int32
	ok         bool
}

func memberSpan(m *jsonvalue.Member) span { return span{m.KeyStart, m.KeyEnd, true} }
func valueSpan(v *jsonvalue.Value) span   { return span{v.Start, v.End, true} }

// seg is one step of a schema path relative to a node.
type seg struct {
	key     string
	index   int
	isIndex bool
}

func k(key string) seg { return seg{key: key} }
func ix(i int) seg     { return seg{index: i, isIndex: true} }

// side is one version of the tool being compared.
type side struct {
	t       *tool.Tool
	root    *jsonvalue.Value // inputSchema: $refs resolve against it
	rootAt  span
	hasRefs bool
	reach   *reachability
	anchors map[string]anchorTarget
}

// node is one schema on one side, with its keywords indexed.
type node struct {
	v *jsonvalue.Value // the effective schema object (a resolved $ref merged with its siblings)
	// at is where the node is in its file: its key or array element, or for a
	// stand-in, the nearest real ancestor.
	at   span
	real bool // false for the empty stand-in of an absent subschema
	// id identifies the schema for cycle detection: the Start of the
	// physical object it is, or for a $ref merged with sibling keywords, of
	// the outermost object holding those siblings (the merge differs per
	// use site, so it must not share the target's identity).
	id int32
	// viaRef marks a node reached through a $ref: its comparison may be
	// repeated at many use sites, so a clean result is remembered.
	viaRef bool
	merged bool // a $ref merged with sibling keywords
	// constrained: merged with a sibling that can reject a value (not
	// only annotations such as a description): the merge is a rewritten
	// spelling for the validator to double-check.
	constrained bool
	// cut: the $ref chain was not followed to its end (past the hop limit,
	// or into a loop of pure $refs).
	cut bool
	// def names the root definition ("$defs", name) a plain $ref chain
	// ends at, nil otherwise.
	def []string
	// conj holds sibling keywords of a $ref that conflict with its target:
	// a schema the value must also match, compared at the same path.
	conj *jsonvalue.Value
	// feeds: the closed unevaluated* keywords of ancestors that this node's
	// evaluation feeds (it is an in-place applicator child; unevaluated.go).
	feeds feed
	// moved and spelled describe a node rewritten into an equivalent
	// spelling (normalize.go): moved maps a keyword to the path, relative
	// to the node, where the file writes it; spelled holds, for a
	// synthesised keyword, the value the file has at that path.
	moved   map[string][]seg
	spelled map[string]*jsonvalue.Value
	// kw holds the members the families own; unknown holds the rest.
	kw      [numKW]*jsonvalue.Member
	unknown []*jsonvalue.Member
	indexed bool
}

func (n *node) index() {
	if n.indexed {
		return
	}
	n.indexed = true
	for i := range n.v.Members {
		m := &n.v.Members[i]
		if id, ok := keywordIDs[m.Key]; ok {
			n.kw[id] = m
		} else {
			n.unknown = append(n.unknown, m)
		}
	}
}

// get returns a keyword's value, or nil when absent.
func (n *node) get(id kw) *jsonvalue.Value {
	if m := n.kw[id]; m != nil {
		return &m.Value
	}
	return nil
}

var emptyObject = jsonvalue.Value{Kind: jsonvalue.Object}

// kind says what a subschema slot holds.
type kind uint8

const (
	kAbsent  kind = iota
	kTrue         // literal true (or a $ref to it): accepts everything
	kFalse        // literal false (or a $ref to it): accepts nothing
	kSchema       // an object schema
	kInvalid      // anything else: not a schema
)

// comparer compares the schemas of one pair of tools.
type comparer struct {
	name string
	o, n *side
	path []seg // current node's path below inputSchema
	// defUses lists, per definition path, the use sites that reached it;
	// defDone marks a definition compared in a context (pair).
	defUses map[string][]string
	defDone map[defKey]bool
	// opath is path as the old file writes it (pushOld); fromOld says the
	// change being recorded is reported there.
	opath   []seg
	fromOld bool
	// curO and curN are the pair being compared: changes and child paths
	// are relative to it.
	curO, curN *node
	out        []Change
	// unsafe > 0 inside not, if and oneOf branches: there a relaxation can
	// still reject values, so nothing non-informational is proven safe.
	unsafe int
	// widenOld is set while the old side's applicators are unwrapped
	// where accepting more can only hide a widening (normalize.go);
	// widened records that a merge did widen it (merge.go).
	widenOld bool
	widened  string // the applicator whose rewrite widened, "" if none
	// keyScans counts the keys compared by linear property lookups
	// (keyIndex): the tests bound it by the schema's size.
	keyScans int
	// reqIndex holds, per long required list, where each name is first
	// written (requiredEntry).
	reqIndex map[*jsonvalue.Value]map[string]int
	// breaks counts the breaking changes recorded (never decreased when a
	// family drops some: it only decides whether the checks below run).
	breaks int
	// unsatBudget bounds one search for a contradiction (unsat.go).
	unsatBudget *int
	// depth counts the fresh comparisons this one is nested in
	// (subsume.go).
	depth int
	// neg counts the `not`s around the current pair (the ones normalize
	// could not rewrite into a positive schema).
	neg int
	// capInfo > 0 inside definitions no $ref reaches: nothing there can
	// change what a caller may send.
	capInfo  int
	onStack  map[pairKey]struct{}
	clean    map[pairKey]bool // $ref pairs compared completely with no change
	cuts     int              // cycles cut so far: a result with a cut is incomplete
	visits   int
	limit    int
	exceeded bool
	// rewrote: some pair was compared in a rewritten spelling (a
	// normalised applicator, a $ref merged with its siblings). Those are
	// the comparisons the validator double-checks (witness.go).
	rewrote bool
}

// defKey is a definition compared in one context (pairKey's ctx).
type defKey struct {
	path string
	ctx  uint8
}

// sameDefinition returns the definition both nodes are, by the same name,
// reached through plain $refs; nil otherwise.
func sameDefinition(o, n *node) []string {
	if o.def == nil || n.def == nil || o.merged || n.merged || o.conj != nil || n.conj != nil {
		return nil
	}
	if o.def[0] != n.def[0] || o.def[1] != n.def[1] {
		return nil
	}
	return o.def
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// pairKey identifies a pair of schemas being compared in one context. The
// context is part of it: meeting the same pair again inside `not` (or
// another place where relaxing is unsafe) is not a repetition of the outer
// comparison, because its changes classify differently there.
type pairKey struct {
	o, n int32
	ctx  uint8
}

func (c *comparer) context() uint8 {
	var ctx uint8
	if c.unsafe > 0 {
		ctx |= 1
	}
	if c.capInfo > 0 {
		ctx |= 2
	}
	return ctx
}

// visitBudget bounds the node pairs one tool comparison may visit: $ref
// fan-out can make a small file describe an exponentially large tree.
const visitBudget = 100000

// changeBudget bounds the changes one tool comparison may record.
const changeBudget = 20000

func newComparer(name string, o, n *side) *comparer {
	return &comparer{name: name, o: o, n: n, limit: visitBudget}
}

// standIn is the empty schema that takes the place of an absent one, placed
// at the nearest real ancestor.
func standIn(at span) *node {
	return &node{v: &emptyObject, at: at, id: -1}
}

// child turns the value in a subschema slot into a node, following $refs.
func (c *comparer) child(s *side, v *jsonvalue.Value, at span) (*node, kind) {
	if v == nil {
		return nil, kAbsent
	}
	switch v.Kind {
	case jsonvalue.Bool:
		if v.Text == "true" {
			return &node{v: &emptyObject, at: at, real: true, id: v.Start}, kTrue
		}
		return nil, kFalse
	case jsonvalue.Object:
		if !s.hasRefs {
			return &node{v: v, at: at, real: true, id: v.Start}, kSchema
		}
		return s.resolve(v, at)
	}
	return nil, kInvalid
}

// push and pop maintain the current path.
func (c *comparer) push(segs ...seg) int {
	n := len(c.path)
	c.path = append(c.path, segs...)
	return n
}

func (c *comparer) pop(n int) { c.path = c.path[:n] }

// pushOld and popOld maintain the current path as the old file writes it
// (it differs from path where a keyword was moved by normalisation on
// one side only): a change to something only the old file has is
// reported there.
func (c *comparer) pushOld(segs ...seg) int {
	n := len(c.opath)
	c.opath = append(c.opath, segs...)
	return n
}

func (c *comparer) popOld(n int) { c.opath = c.opath[:n] }

// pair compares two subschema nodes at path segs below the current node.
func (c *comparer) pair(o, n *node, segs ...seg) {
	if c.exceeded {
		return
	}
	// A pair of $ref targets already being compared further up is a cycle:
	// whatever differs in it is reported at the outer use site.
	var key pairKey
	cyc := c.o.hasRefs || c.n.hasRefs
	// Only pairs reached through a plain $ref are remembered: those are the
	// ones a fan-out of use sites repeats.
	memo := (o.viaRef || n.viaRef) && !o.merged && !n.merged
	if cyc {
		key = pairKey{o.id, n.id, c.context() | uint8(o.feeds|n.feeds)<<2}
		if _, ok := c.onStack[key]; ok {
			c.cuts++
			return
		}
		if memo && c.clean[key] {
			return
		}
		if c.onStack == nil {
			c.onStack = make(map[pairKey]struct{})
		}
		c.onStack[key] = struct{}{}
	}
	// A definition both sides use by the same name is compared once per
	// context, at the definition, whichever use site reaches it first;
	// the other use sites are listed in its changes' messages.
	if d := sameDefinition(o, n); d != nil {
		use := c.pathString(segs)
		name := schemapath.Join("inputSchema", d...)
		if c.defUses == nil {
			c.defUses = map[string][]string{}
		}
		c.defUses[name] = appendNew(c.defUses[name], use)
		dk := defKey{name, key.ctx}
		if c.defDone[dk] {
			if cyc {
				delete(c.onStack, key)
			}
			return
		}
		if c.defDone == nil {
			c.defDone = map[defKey]bool{}
		}
		c.defDone[dk] = true
		savedPath, savedOld := c.path, c.opath
		at := []seg{k(d[0]), k(d[1])}
		c.path, c.opath = append([]seg(nil), at...), append([]seg(nil), at...)
		outBefore, cutsBefore := len(c.out), c.cuts
		c.schema(o, n)
		c.path, c.opath = savedPath, savedOld
		if cyc {
			delete(c.onStack, key)
			if memo && len(c.out) == outBefore && c.cuts == cutsBefore && !c.exceeded {
				if c.clean == nil {
					c.clean = make(map[pairKey]bool)
				}
				c.clean[key] = true
			}
		}
		return
	}
	mark := c.push(c.relocate(segs)...)
	omark := c.pushOld(c.relocateOld(segs)...)
	outBefore, cutsBefore := len(c.out), c.cuts
	c.schema(o, n)
	c.pop(mark)
	c.popOld(omark)
	if cyc {
		delete(c.onStack, key)
		if memo && len(c.out) == outBefore && c.cuts == cutsBefore && !c.exceeded {
			if c.clean == nil {
				c.clean = make(map[pairKey]bool)
			}
			c.clean[key] = true
		}
	}
}

// schema runs every check family on one pair of nodes, in SchemaPort's pass
// order (which only decides ties in the final sort).
func (c *comparer) schema(o, n *node) {
	c.visits++
	if c.visits > c.limit || len(c.out) > changeBudget {
		c.exceeded = true
		return
	}
	if !c.o.hasRefs && !c.n.hasRefs && jsonvalue.Equal(o.v, n.v) {
		return
	}
	if o.cut || n.cut {
		c.emit("schema-too-complex", "This schema is reached through a $ref chain longer than "+strconv.Itoa(maxRefChain)+" hops or one that loops; what it holds was not compared, so treat it as breaking.", o, n, nil, nil)
		return
	}
	o.index()
	n.index()
	if o.constrained || n.constrained || o.conj != nil || n.conj != nil {
		c.rewrote = true
	}
	c.widened = ""
	orig := o
	o, n = c.normalize(o, n)
	widened := c.widened
	c.widened = ""
	prevO, prevN := c.curO, c.curN
	c.curO, c.curN = o, n
	mark, breaks := len(c.out), c.breaks
	c.refs(o, n)
	c.types(o, n)
	c.values(o, n)
	c.bounds(o, n)
	c.pattern(o, n)
	c.arrays(o, n)
	c.objects(o, n)
	c.composition(o, n)
	c.definitions(o, n)
	c.metadata(o, n)
	c.unknownKeywords(o, n)
	if widened != "" {
		// The old side was read wider than written; when as written it
		// accepted nothing, that is what to say (unsat.go).
		if why := c.acceptsNoValue(c.o, orig); why != "" && c.acceptsNoValue(c.n, n) == "" {
			c.out, c.breaks = c.out[:mark], breaks
			c.emit("schema-opened", "The old schema here accepted no value ("+why+"), so nothing accepted before can be rejected by what changed.", o, n, nil, nil)
			c.metadata(o, n)
			c.curO, c.curN = prevO, prevN
			return
		}
		c.emitAs("composition-widened", NonBreaking, "`additionalProperties` and `properties` were written apart (one of them in `"+widened+"`) and now sit side by side: the declared properties are no longer held to `additionalProperties`, so more values are accepted.", orig, n, orig.get(keywordIDs[widened]), nil, k(widened))
	}
	if c.breaks > breaks && c.unsafe == 0 && c.capInfo == 0 {
		// An old schema that accepts nothing cannot be broken (unsat.go):
		// in a place where only what it accepts matters (not inside not,
		// if or an overlapping oneOf), what changed here rejects nothing
		// that was accepted.
		if why := c.acceptsNoValue(c.o, o); why != "" {
			c.out, c.breaks = c.out[:mark], breaks
			if c.acceptsNoValue(c.n, n) == "" {
				c.emit("schema-opened", "The old schema here accepted no value ("+why+"), so nothing accepted before can be rejected by what changed.", o, n, nil, nil)
			}
			c.curO, c.curN = prevO, prevN
			return
		}
	}
	if c.breaks > breaks {
		// An old union each of whose branches the new schema covers
		// (subsume.go): the keyword-by-keyword breaks are not real.
		if key, ok := c.unionWithin(o, n); ok {
			c.out, c.breaks = c.out[:mark], breaks
			c.emit("composition-removed", "`"+key+"` was removed; the new schema accepts every value each of its branches accepted.", o, n, o.get(keywordIDs[key]), nil, k(key))
			c.metadata(o, n)
		}
	}
	if c.breaks > breaks && c.capInfo == 0 {
		// Number ranges united by anyOf/oneOf, compared as sets
		// (numunion.go). Equal sets are no change anywhere; a wider one
		// only where widening cannot reject (not inside not, if or an
		// overlapping oneOf).
		if same, ok := numUnionWithin(o, n); ok && (same || c.unsafe == 0 && c.neg == 0) {
			c.out, c.breaks = c.out[:mark], breaks
			if !same {
				key := "anyOf"
				if n.get(kwOneOf) != nil || n.get(kwAnyOf) == nil && o.get(kwOneOf) != nil {
					key = "oneOf"
				}
				c.emitAs("composition-widened", NonBreaking, "The number ranges `"+key+"` unites changed; every number accepted before is still accepted.", o, n, o.get(keywordIDs[key]), n.get(keywordIDs[key]), k(key))
			}
			c.metadata(o, n)
		}
	}
	if c.breaks > breaks && c.unsafe == 0 && c.neg == 0 && c.capInfo == 0 && finiteWithin(o, n) {
		// The old schema accepted a few scalars, each accepted by the
		// new one (finite.go): the breaks found keyword by keyword are
		// not real, and say so. Added hidden characters are not about
		// the values accepted: they stay breaking.
		kept := 0
		for i := mark; i < len(c.out); i++ {
			ch := &c.out[i]
			switch {
			case ch.Classification != Breaking:
			case ch.Code == hiddenAddedCode:
				kept++
			default:
				ch.Classification = NonBreaking
				ch.Message = "Not breaking: the old schema here accepted only a few values, and the new one accepts each of them. The keyword change: " + ch.Message
			}
		}
		c.breaks = breaks + kept
	}
	if o.conj != nil || n.conj != nil {
		co, cn := conjNode(o), conjNode(n)
		fd := inPlaceFeed(o, n)
		co.feeds, cn.feeds = fd, fd
		split := len(c.out)
		c.pair(co, cn)
		c.regroup(mark, split, o, n)
	}
	c.curO, c.curN = prevO, prevN
}

// conjNode is the conjunct a $ref's conflicting siblings form, or an empty
// stand-in at the node when it has none.
func conjNode(n *node) *node {
	if n.conj == nil {
		return standIn(n.at)
	}
	return &node{v: n.conj, at: n.at, real: true, id: n.conj.Start, merged: true, constrained: true}
}

// slotRules says how a single-subschema keyword is classified.
type slotRules struct {
	added, removed string // codes for a constraining schema appearing / going away
	// trivial: absent, true and an annotation-only schema all mean "no
	// constraint" here (items, additionalProperties, then, ...). Not so for
	// not, if and contains, where {} is itself a constraint.
	trivial bool
	// closed, opened: codes for a switch to / from false ("" = schema-closed /
	// schema-opened).
	closed, opened string
	// unsafe: edits inside cannot be proven safe (not, if).
	unsafe bool
	// negates: the keyword accepts what its schema rejects (not), so an
	// edit inside works the other way round outside.
	negates bool
	// nullIsAbsent: SchemaPort treats additionalProperties: null as absent.
	nullIsAbsent bool
	// inPlace: the keyword applies its schema to the node's own value
	// (allOf, if, dependentSchemas...), so what it evaluates feeds the
	// node's unevaluated* keywords.
	inPlace bool
}

// slot compares one single-subschema keyword of o and n.
func (c *comparer) slot(o, n *node, id kw, key string, r slotRules) {
	ov, nv := o.get(id), n.get(id)
	if ov == nil && nv == nil {
		return
	}
	if r.nullIsAbsent {
		if ov != nil && ov.Kind == jsonvalue.Null {
			ov = nil
		}
		if nv != nil && nv.Kind == jsonvalue.Null {
			nv = nil
		}
	}
	var oat, nat span
	if m := o.kw[id]; m != nil {
		oat = memberSpan(m)
	}
	if m := n.kw[id]; m != nil {
		nat = memberSpan(m)
	}
	on, ok := c.child(c.o, ov, oat)
	nn, nk := c.child(c.n, nv, nat)
	c.compareSlot(o, n, on, ok, nn, nk, ov, nv, r, k(key))
}

// compareSlot classifies a pair of subschema slot contents at rel.
func (c *comparer) compareSlot(o, n, on *node, ok kind, nn *node, nk kind, ov, nv *jsonvalue.Value, r slotRules, rel ...seg) {
	if ok == kAbsent && nk == kAbsent {
		return
	}
	var fd feed
	if r.inPlace {
		fd = inPlaceFeed(o, n)
	}
	mark := func(x *node) *node {
		if x != nil {
			x.feeds |= fd
		}
		return x
	}
	if ok == kInvalid || nk == kInvalid {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChangedAt(o, n, ov, nv, rel)
		}
		return
	}
	if ok == kFalse || nk == kFalse {
		if ok == nk {
			return
		}
		if nk == kFalse {
			code := r.closed
			if code == "" {
				code = "schema-closed"
			}
			c.emit(code, closedMessage(lastKey(rel)), o, n, ov, nv, rel...)
		} else {
			code := r.opened
			if code == "" {
				code = "schema-opened"
			}
			c.emit(code, "`"+lastKey(rel)+"` was false and now accepts values.", o, n, ov, nv, rel...)
		}
		return
	}
	if r.trivial {
		oOpen := ok != kSchema || acceptsAll(on)
		nOpen := nk != kSchema || acceptsAll(nn)
		switch {
		case oOpen && nOpen && (ok == kAbsent) != (nk == kAbsent) && shrinkFeedsAt(r.removed, o, n) != 0:
			// Accepting everything, the keyword still evaluates: what it
			// covers is no business of a closed unevaluated* keyword in
			// scope, which sees it when the keyword goes.
			c.evaluatorMoved(o, n, ov, nv, r, shrinkFeedsAt(r.removed, o, n), rel)
		case oOpen && nOpen:
			if ok == kSchema || nk == kSchema {
				c.pair(mark(orStandIn(on, o, rel)), mark(orStandIn(nn, n, rel)), rel...)
			}
		case oOpen:
			c.emit(r.added, addedMessage(r.added, rel), o, n, ov, nv, rel...)
		case nOpen:
			c.emit(r.removed, removedMessage(r.removed, rel), o, n, ov, nv, rel...)
		default:
			c.pair(mark(on), mark(nn), rel...)
		}
		return
	}
	switch {
	case ok == kAbsent:
		c.emit(r.added, addedMessage(r.added, rel), o, n, nil, nv, rel...)
	case nk == kAbsent:
		c.emit(r.removed, removedMessage(r.removed, rel), o, n, ov, nil, rel...)
	case r.unsafe:
		c.unsafe++
		if r.negates {
			c.neg++
		}
		c.pair(mark(on), mark(nn), rel...)
		if r.negates {
			c.neg--
		}
		c.unsafe--
	default:
		c.pair(mark(on), mark(nn), rel...)
	}
}

// evaluatorMoved reports an always-true evaluating keyword (items: true,
// additionalProperties: {}, ...) added or removed where a closed
// unevaluated* keyword (fd) sees what it does not evaluate. Removed, as
// the keyword's removal elsewhere (the closed keyword now judges those
// parts: breaking); added, the closed keyword no longer judges them.
func (c *comparer) evaluatorMoved(o, n *node, ov, nv *jsonvalue.Value, r slotRules, fd feed, rel []seg) {
	key := lastKey(rel)
	if nv == nil {
		c.emit(r.removed, "`"+key+"` (which accepted everything) was removed.", o, n, ov, nv, rel...)
		return
	}
	target, code := "unevaluatedItems", "unevaluated-items-relaxed"
	if fd&feedProperties != 0 {
		target, code = "unevaluatedProperties", "unevaluated-properties-relaxed"
	}
	c.emitAs(code, NonBreaking, "`"+key+"` (accepting everything) was added: what it evaluates no longer falls to the closed `"+target+"`, so more values are accepted.", o, n, ov, nv, rel...)
}

// orStandIn returns n, or an empty stand-in placed at the parent's
// closest existing location for rel.
func orStandIn(n *node, parent *node, rel []seg) *node {
	if n != nil && n.v != nil {
		return n
	}
	at, _ := walkSpan(parent, rel)
	return standIn(at)
}

func lastKey(rel []seg) string {
	for i := len(rel) - 1; i >= 0; i-- {
		if !rel[i].isIndex {
			return rel[i].key
		}
	}
	return ""
}

// closedMessage says what a slot set to false now rejects; for
// additionalProperties, which keys, and how to close the object without
// breaking callers.
func closedMessage(key string) string {
	switch key {
	case "additionalProperties":
		return "`" + key + "` is now false: keys the object does not declare, accepted before, are rejected now. To stay compatible, leave it open, or first declare every key callers send as an optional property."
	}
	return "`" + key + "` is now false and rejects everything it used to accept. To stay compatible, leave it open and check what you want to refuse in your handler."
}

func addedMessage(code string, rel []seg) string {
	if code == "keyword-changed" {
		return "Keyword `" + lastKey(rel) + "` was added; its effect on accepted values cannot be checked, so treat it as breaking."
	}
	return "`" + lastKey(rel) + "` was added and now constrains accepted values; existing callers may be rejected. To stay compatible, leave it out and check that rule in your handler."
}

func removedMessage(code string, rel []seg) string {
	if code == "keyword-changed" {
		return "Keyword `" + lastKey(rel) + "` was removed; its effect on accepted values cannot be checked, so treat it as breaking."
	}
	return "`" + lastKey(rel) + "` was removed; values it rejected are accepted now."
}

// acceptsAll reports whether a schema constrains nothing (only annotations).
func acceptsAll(n *node) bool {
	if n == nil {
		return true
	}
	for _, v := range [2]*jsonvalue.Value{n.v, n.conj} {
		if v == nil {
			continue
		}
		for i := range v.Members {
			if !annotationOnly(v.Members[i].Key) {
				return false
			}
		}
	}
	return true
}

func (c *comparer) keywordChangedAt(o, n *node, ov, nv *jsonvalue.Value, rel []seg) {
	key := lastKey(rel)
	if len(rel) == 1 {
		c.keywordChanged(o, n, key, ov, nv)
		return
	}
	c.emit("keyword-changed", "`"+key+"` changed to or from something that is not a schema; treat it as breaking.", o, n, ov, nv, rel...)
}

// walkSpan follows rel from n through the real source values. It returns the
// span of the last step found and whether every step was found.
func walkSpan(n *node, rel []seg) (span, bool) {
	at := n.at
	if n.v == nil {
		return at, len(rel) == 0 && n.real
	}
	cur := n.v
	for _, s := range rel {
		if s.isIndex {
			if cur.Kind != jsonvalue.Array || s.index < 0 || s.index >= len(cur.Items) {
				return at, false
			}
			cur = &cur.Items[s.index]
			if cur.End > 0 {
				at = valueSpan(cur)
			}
			continue
		}
		m := cur.Member(s.key)
		if m == nil {
			return at, false
		}
		cur = &m.Value
		if m.KeyEnd > 0 {
			at = memberSpan(m)
		}
	}
	return at, n.real
}

// emit records a change at rel below the current node, locating it in both
// files: New is the changed thing or its nearest surviving ancestor; Old is
// the changed thing when it existed in the old file.
func (c *comparer) emit(code, msg string, o, n *node, before, after *jsonvalue.Value, rel ...seg) {
	c.emitAs(code, "", msg, o, n, before, after, rel...)
}

// emitAs is emit with a classification other than the code's default (""
// keeps the default).
func (c *comparer) emitAs(code, class, msg string, o, n *node, before, after *jsonvalue.Value, rel ...seg) {
	if class == "" && shrinkBreaks(code, o, n) {
		class = Breaking
		msg += " A closed unevaluatedProperties/unevaluatedItems now sees what it evaluated, and may reject it."
	}
	var oldAt, newAt span
	oldExact, newExact := false, false
	if o != nil {
		if at, exact := walkSpan(o, rel); exact {
			oldAt, oldExact = at, true
		}
	}
	if n != nil {
		newAt, newExact = walkSpan(n, rel)
	}
	// Something only the old file has is reported at its old path.
	c.fromOld = oldExact && !newExact
	c.record(code, class, msg, before, after, oldAt, newAt, rel)
	c.fromOld = false
}

// record appends a change; class "" means the code's default adjusted by the
// context (capped inside unreachable definitions, escalated where unsafe).
func (c *comparer) record(code, class, msg string, before, after *jsonvalue.Value, oldAt, newAt span, rel []seg) {
	if class == "" {
		class = codeClass[code]
	}
	if c.capInfo > 0 || c.neg > 0 {
		// Advice on keeping callers working is for a change callers meet
		// as written: not one inside `not`, nor one no $ref reaches.
		msg = withoutAdvice(msg)
	}
	if c.capInfo > 0 {
		class = Informational
	} else {
		if c.neg > 0 && class != Informational {
			msg += negatedNote(c.neg, class)
		}
		if c.unsafe > 0 && class == NonBreaking {
			class = Breaking
		}
	}
	if class == Breaking {
		c.breaks++
	}
	c.out = append(c.out, Change{
		Classification: class,
		Code:           code,
		ToolName:       c.name,
		Path:           c.pathString(rel),
		Message:        msg,
		Before:         before,
		After:          after,
		Old:            locate(c.o.t, oldAt),
		New:            locate(c.n.t, newAt),
	})
}

// advice opens the sentence of a breaking change's message that says how
// to make the change without breaking callers.
const advice = " To stay compatible,"

// withoutAdvice is msg without its advice sentence (which ends at the
// first period after it).
func withoutAdvice(msg string) string {
	i := strings.Index(msg, advice)
	if i < 0 {
		return msg
	}
	end := strings.IndexByte(msg[i:], '.')
	if end < 0 {
		return msg[:i]
	}
	return msg[:i] + msg[i+end+1:]
}

// negatedNote says what a change inside `not` (depth times) means for
// the schema around it: the inner change is described as written, and
// under an odd number of `not`s it works the other way round outside.
func negatedNote(depth int, class string) string {
	switch {
	case depth%2 == 0:
		return " This is inside a `not` of a `not`; it is not proven safe, so treat it as breaking."
	case class == NonBreaking:
		return " This is inside `not`, so it works the other way round: values the inner schema now accepts are rejected."
	}
	return " This is inside `not`, so it works the other way round: values the inner schema now rejects may be accepted, but the engine cannot prove that nothing accepted before is rejected, so treat it as breaking."
}

func (c *comparer) pathString(rel []seg) string {
	var b strings.Builder
	b.WriteString("inputSchema")
	lists := [2][]seg{c.path, c.relocate(rel)}
	if c.fromOld {
		lists = [2][]seg{c.opath, c.relocateOld(rel)}
	}
	for _, list := range lists {
		for _, s := range list {
			if s.isIndex {
				b.WriteString(schemapath.Index("", s.index))
			} else {
				b.WriteString(schemapath.Key("x", s.key)[1:])
			}
		}
	}
	return b.String()
}

// locate converts a byte span in t's file into a Location.
func locate(t *tool.Tool, at span) Location {
	if !at.ok || t == nil || t.Source == nil {
		return Location{}
	}
	sp := t.Source.Span(at.start, at.end)
	return Location{File: t.File(), Line: sp.Line, Column: sp.Column, EndLine: sp.EndLine, EndColumn: sp.EndColumn}
}
