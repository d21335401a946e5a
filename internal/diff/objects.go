package diff

import (
	"sort"
	"strconv"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// objects classifies properties and required, additionalProperties,
// patternProperties, propertyNames, dependentRequired, dependentSchemas and
// unevaluatedProperties.
func (c *comparer) objects(o, n *node) {
	c.properties(o, n)
	c.slot(o, n, kwAdditionalProperties, "additionalProperties", slotRules{
		added: "additional-properties-restricted", removed: "additional-properties-relaxed", trivial: true,
		closed: "additional-properties-restricted", opened: "additional-properties-relaxed", nullIsAbsent: true})
	c.patternProperties(o, n)
	c.slot(o, n, kwPropertyNames, "propertyNames", slotRules{added: "property-names-added", removed: "property-names-removed", trivial: true})
	c.dependentRequired(o, n)
	c.schemaMap(o, n, kwDependentSchemas, "dependentSchemas", slotRules{added: "dependent-schema-added", removed: "dependent-schema-removed", trivial: true, inPlace: true})
	c.slot(o, n, kwUnevaluatedProperties, "unevaluatedProperties", slotRules{
		added: "unevaluated-properties-restricted", removed: "unevaluated-properties-relaxed", trivial: true,
		closed: "unevaluated-properties-restricted", opened: "unevaluated-properties-relaxed"})
}

// jsKeyOrder returns an object's members in JavaScript's Object.keys order
// (canonical array indices first, ascending), which SchemaPort's emission
// order, and so the order of ties in the sort, follows.
func jsKeyOrder(v *jsonvalue.Value) []*jsonvalue.Member {
	if v == nil || v.Kind != jsonvalue.Object {
		return nil
	}
	out := make([]*jsonvalue.Member, len(v.Members))
	for i := range v.Members {
		out[i] = &v.Members[i]
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, aok := arrayIndex(out[i].Key)
		b, bok := arrayIndex(out[j].Key)
		if aok && bok {
			return a < b
		}
		return aok && !bok
	})
	return out
}

func arrayIndex(key string) (uint64, bool) {
	if key == "" || (len(key) > 1 && key[0] == '0') || key[0] < '0' || key[0] > '9' {
		return 0, false // not a number: spare ParseUint's error value
	}
	n, err := strconv.ParseUint(key, 10, 32)
	if err != nil || n >= 1<<32-1 {
		return 0, false
	}
	return n, true
}

// requiredSet returns the required names; ok is false for a malformed list.
func requiredSet(v *jsonvalue.Value) (names []string, ok bool) {
	if v == nil {
		return nil, true
	}
	if v.Kind != jsonvalue.Array {
		return nil, false
	}
	for i := range v.Items {
		if v.Items[i].Kind != jsonvalue.String {
			return nil, false
		}
		names = append(names, v.Items[i].Text)
	}
	return names, true
}

// indexedFrom is the size from which a property lookup goes through a
// map: a schema of 50,000 properties looked each one up in the other
// side's list (2.5 billion key comparisons; 100 s of CPU for one diff).
var indexedFrom = 16

// keyIndex finds an object's members by name, the first of a name as
// jsonvalue.Value.Member does; scans counts the keys a linear lookup
// compared (the tests bound it).
type keyIndex struct {
	v     *jsonvalue.Value
	m     map[string]*jsonvalue.Member
	scans *int
}

func indexKeys(v *jsonvalue.Value, scans *int) keyIndex {
	ix := keyIndex{v: v, scans: scans}
	if v != nil && v.Kind == jsonvalue.Object && len(v.Members) >= indexedFrom {
		ix.m = make(map[string]*jsonvalue.Member, len(v.Members))
		for i := range v.Members {
			if _, dup := ix.m[v.Members[i].Key]; !dup {
				ix.m[v.Members[i].Key] = &v.Members[i]
			}
		}
	}
	return ix
}

func (ix keyIndex) member(key string) *jsonvalue.Member {
	if ix.m != nil {
		return ix.m[key]
	}
	if ix.v == nil || ix.v.Kind != jsonvalue.Object {
		return nil
	}
	for i := range ix.v.Members {
		*ix.scans++
		if ix.v.Members[i].Key == key {
			return &ix.v.Members[i]
		}
	}
	return nil
}

func (ix keyIndex) has(key string) bool { return ix.member(key) != nil }

// nameSet is a required list with membership in constant time once it is
// long (see indexedFrom).
type nameSet struct {
	list []string
	m    map[string]bool
}

func newNameSet(list []string) nameSet {
	s := nameSet{list: list}
	if len(list) >= indexedFrom {
		s.m = make(map[string]bool, len(list))
		for _, x := range list {
			s.m[x] = true
		}
	}
	return s
}

func (s nameSet) has(x string) bool {
	if s.m != nil {
		return s.m[x]
	}
	return contains(s.list, x)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var propertyRules = slotRules{}

func (c *comparer) properties(o, n *node) {
	op, np := o.get(kwProperties), n.get(kwProperties)
	or, nr := o.get(kwRequired), n.get(kwRequired)
	if op == nil && np == nil && or == nil && nr == nil {
		return
	}
	if (op != nil && op.Kind != jsonvalue.Object) || (np != nil && np.Kind != jsonvalue.Object) {
		if !jsonvalue.Equal(op, np) {
			c.keywordChanged(o, n, "properties", op, np)
		}
		op, np = nil, nil
	}
	oreqList, okO := requiredSet(or)
	nreqList, okN := requiredSet(nr)
	if !okO || !okN {
		if !jsonvalue.Equal(or, nr) {
			c.keywordChanged(o, n, "required", or, nr)
		}
		oreqList, nreqList = nil, nil
	}
	oreq, nreq := newNameSet(oreqList), newNameSet(nreqList)
	oix, nix := indexKeys(op, &c.keyScans), indexKeys(np, &c.keyScans)
	oldKeys, newKeys := jsKeyOrder(op), jsKeyOrder(np)
	for _, m := range oldKeys {
		if !nix.has(m.Key) {
			// Required now but not before: callers that omit it fail.
			if (!nreq.has(m.Key) || oreq.has(m.Key)) && c.extraTakes(o, n, m) {
				c.emitAs("property-removed", NonBreaking, "Property `"+m.Key+"` was removed; the object still accepts every value it accepted under that name as an undeclared property (the tool may ignore it now).", o, n, &m.Value, nil, k("properties"), k(m.Key))
				continue
			}
			c.emit("property-removed", "Property `"+m.Key+"` was removed; callers that send it may be rejected or ignored. To stay compatible, keep it declared (deprecated in its description) and ignore it in your handler.", o, n, &m.Value, nil, k("properties"), k(m.Key))
		}
	}
	for _, m := range newKeys {
		if oix.has(m.Key) {
			continue
		}
		if nreq.has(m.Key) {
			c.emit("required-property-added", "Required property `"+m.Key+"` was added; existing callers do not send it. To stay compatible, add it as optional with a `default` your handler applies, or ship a new tool version.", o, n, nil, &m.Value, k("properties"), k(m.Key))
		} else if c.extraCovers(o, m) {
			c.emit("optional-property-added", "Optional property `"+m.Key+"` was added.", o, n, nil, &m.Value, k("properties"), k(m.Key))
		} else {
			c.emitAs("optional-property-added", Breaking, "Optional property `"+m.Key+"` was added with a schema that rejects values the old extra-property schema accepted; callers already sending `"+m.Key+"` may be rejected.", o, n, nil, &m.Value, k("properties"), k(m.Key))
		}
	}
	for _, m := range oldKeys {
		nm := nix.member(m.Key)
		if nm == nil {
			continue
		}
		on, ok := c.child(c.o, &m.Value, memberSpan(m))
		nn, nk := c.child(c.n, &nm.Value, memberSpan(nm))
		c.compareSlot(o, n, on, ok, nn, nk, &m.Value, &nm.Value, propertyRules, k("properties"), k(m.Key))
		c.requiredness(o, n, m.Key, oreq, nreq)
	}
	// Names required without being declared on either side still change
	// what a caller must send (SchemaPort ignores them).
	for _, name := range oreq.list {
		if !oix.has(name) && !nix.has(name) && !nreq.has(name) {
			c.requiredness(o, n, name, oreq, nreq)
		}
	}
	for _, name := range nreq.list {
		if !oix.has(name) && !nix.has(name) && !oreq.has(name) {
			c.requiredness(o, n, name, oreq, nreq)
		}
	}
}

// extraCovers reports whether a newly declared property accepts every value
// the old schema let callers send under that name as an undeclared
// property. Undeclared names are not part of the contract while extra
// properties are open (SchemaPort's rule: adding an optional property is
// safe) or closed; but where additionalProperties (or, without it,
// unevaluatedProperties) is a constraining schema, the old schema invited
// such names, and the new property's schema now replaces it for this one.
func (c *comparer) extraCovers(o *node, prop *jsonvalue.Member) bool {
	id := kwAdditionalProperties
	if o.get(id) == nil {
		id = kwUnevaluatedProperties
	}
	ev := o.get(id)
	if ev == nil {
		return true
	}
	en, ek := c.child(c.o, ev, memberSpan(o.kw[id]))
	if ek != kSchema || acceptsAll(en) {
		return true // open, closed or not a schema (reported by its own rule)
	}
	pn, pk := c.child(c.n, &prop.Value, memberSpan(prop))
	switch pk {
	case kTrue:
		return true
	case kSchema:
	default:
		return false
	}
	// Compare the old extra-property schema against the new property's as
	// a scratch comparison: only its verdict is kept.
	mark, cuts := len(c.out), c.cuts
	c.pair(en, pn, k("properties"), k(prop.Key))
	covered := !c.exceeded
	for _, ch := range c.out[mark:] {
		covered = covered && ch.Classification != Breaking
	}
	c.out, c.cuts = c.out[:mark], cuts
	return covered
}

// extraTakes decides exactly whether a property removed from n's
// properties still accepts every value the old property schema accepted:
// the name now falls to the patternProperties matching it or, when none
// does, to additionalProperties (absent or true: any value; a schema:
// proven by a scratch comparison). Where the name may now reach a closed
// unevaluatedProperties, or a pattern cannot be judged, it is not decided
// (breaking, as SchemaPort says).
func (c *comparer) extraTakes(o, n *node, prop *jsonvalue.Member) bool {
	pn, pk := c.child(c.o, &prop.Value, memberSpan(prop))
	switch pk {
	case kFalse:
		return true // it accepted no value
	case kTrue:
		pn = standIn(memberSpan(prop))
	case kSchema:
	default:
		return false
	}
	// The patternProperties whose pattern matches the name judge it now,
	// each of them; additionalProperties only when none matches.
	matched, ok := c.patternsFor(n, prop.Key)
	if !ok {
		return false
	}
	if len(matched) > 0 {
		for _, m := range matched {
			if !c.scratchCovers(pn, &m.Value, memberSpan(m), prop.Key) {
				return false
			}
		}
		return true
	}
	ev := n.get(kwAdditionalProperties)
	if ev == nil {
		// Unevaluated now: a closed unevaluatedProperties here or above
		// would see it.
		return n.get(kwUnevaluatedProperties) == nil && (o.feeds|n.feeds|closedFeed(o)|closedFeed(n))&feedProperties == 0
	}
	return c.scratchCovers(pn, ev, memberSpan(n.kw[kwAdditionalProperties]), prop.Key)
}

// patternsFor returns the members of n's patternProperties whose pattern
// matches name; ok is false when one cannot be judged.
func (c *comparer) patternsFor(n *node, name string) (matched []*jsonvalue.Member, ok bool) {
	pp := n.get(kwPatternProperties)
	if pp == nil {
		return nil, true
	}
	if pp.Kind != jsonvalue.Object {
		return nil, false
	}
	for i := range pp.Members {
		m := &pp.Members[i]
		ok, decided := tool.MatchECMA(m.Key, name)
		if !decided {
			return nil, false
		}
		if ok {
			matched = append(matched, m)
		}
	}
	return matched, true
}

// scratchCovers reports whether the new schema v (a patternProperties or
// additionalProperties value, at at) accepts every value the old property
// schema pn accepted, by a scratch comparison whose changes are dropped.
func (c *comparer) scratchCovers(pn *node, v *jsonvalue.Value, at span, name string) bool {
	en, ek := c.child(c.n, v, at)
	switch ek {
	case kTrue:
		return true
	case kSchema:
		if acceptsAll(en) {
			return true
		}
	default:
		return false
	}
	mark, cuts := len(c.out), c.cuts
	c.pair(pn, en, k("properties"), k(name))
	covered := !c.exceeded
	for _, ch := range c.out[mark:] {
		covered = covered && ch.Classification != Breaking && provesSubset(ch.Code)
	}
	c.out, c.cuts = c.out[:mark], cuts
	return covered
}

// requiredness reports a property joining or leaving required, located at
// the name inside the required list.
func (c *comparer) requiredness(o, n *node, name string, oreq, nreq nameSet) {
	was, is := oreq.has(name), nreq.has(name)
	if was == is {
		return
	}
	oldAt, newAt := c.requiredEntry(o, name), c.requiredEntry(n, name)
	if !oldAt.ok {
		oldAt = span{}
	}
	if !newAt.ok {
		newAt, _ = walkSpan(n, []seg{k("required")})
	}
	t, f := jsonvalue.NewBool(true), jsonvalue.NewBool(false)
	// A required list only the old file has is reported where it wrote it.
	if _, exact := walkSpan(n, []seg{k("required")}); !exact && n.get(kwRequired) == nil {
		if _, oldExact := walkSpan(o, []seg{k("required")}); oldExact {
			c.fromOld = true
			defer func() { c.fromOld = false }()
		}
	}
	if is {
		c.record("property-made-required", "", "Property `"+name+"` is now required; callers that omit it will be rejected. To stay compatible, keep it optional and have your handler apply a `default`.", &f, &t, oldAt, newAt, []seg{k("required")})
	} else {
		c.record("property-made-optional", "", "Property `"+name+"` is now optional.", &t, &f, oldAt, newAt, []seg{k("required")})
	}
}

// requiredEntry is where n's required list first writes name (no span
// when it does not, or n is not in the file).
func (c *comparer) requiredEntry(n *node, name string) span {
	if !n.real {
		return span{}
	}
	r := n.get(kwRequired)
	if r == nil || r.Kind != jsonvalue.Array {
		return span{}
	}
	if len(r.Items) < indexedFrom {
		return requiredItem(r, name)
	}
	// A long list is indexed once: each property made required looked
	// its name up in it.
	if c.reqIndex == nil {
		c.reqIndex = map[*jsonvalue.Value]map[string]int{}
	}
	at, ok := c.reqIndex[r]
	if !ok {
		at = make(map[string]int, len(r.Items))
		for i := range r.Items {
			it := &r.Items[i]
			if _, seen := at[it.Text]; !seen && it.Kind == jsonvalue.String && it.End > 0 {
				at[it.Text] = i
			}
		}
		c.reqIndex[r] = at
	}
	if i, ok := at[name]; ok {
		return valueSpan(&r.Items[i])
	}
	return span{}
}

// requiredItem is where a short required list writes name.
func requiredItem(r *jsonvalue.Value, name string) span {
	for i := range r.Items {
		if r.Items[i].Kind == jsonvalue.String && r.Items[i].Text == name && r.Items[i].End > 0 {
			return valueSpan(&r.Items[i])
		}
	}
	return span{}
}

// extraOpen reports whether a node accepts properties that properties and
// patternProperties do not name.
func extraOpen(n *node) bool {
	for _, id := range []kw{kwAdditionalProperties, kwUnevaluatedProperties} {
		v := n.get(id)
		if v == nil || v.IsTrue() || v.Kind == jsonvalue.Null {
			continue
		}
		if v.Kind == jsonvalue.Object && acceptsAll(&node{v: v}) {
			continue
		}
		return false
	}
	return true
}

// patternProperties: entries are keyed by regex text. Removing one is safe
// only while extra properties stay open; otherwise matching properties fall
// under additionalProperties and may be rejected.
func (c *comparer) patternProperties(o, n *node) {
	ov, nv := o.get(kwPatternProperties), n.get(kwPatternProperties)
	if ov == nil && nv == nil {
		return
	}
	if (ov != nil && ov.Kind != jsonvalue.Object) || (nv != nil && nv.Kind != jsonvalue.Object) {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, "patternProperties", ov, nv)
		}
		return
	}
	for _, m := range jsKeyOrder(ov) {
		nm := nv.Member(m.Key)
		if nm != nil {
			on, ok := c.child(c.o, &m.Value, memberSpan(m))
			nn, nk := c.child(c.n, &nm.Value, memberSpan(nm))
			c.compareSlot(o, n, on, ok, nn, nk, &m.Value, &nm.Value, slotRules{}, k("patternProperties"), k(m.Key))
			continue
		}
		class := ""
		if !extraOpen(n) || shrinkBreaks("pattern-property-removed", o, n) {
			class = Breaking
		}
		oldAt, _ := walkSpan(o, []seg{k("patternProperties"), k(m.Key)})
		newAt, _ := walkSpan(n, []seg{k("patternProperties"), k(m.Key)})
		c.record("pattern-property-removed", class, "Pattern property `"+m.Key+"` was removed; properties matching it are no longer checked against its schema.", &m.Value, nil, oldAt, newAt, []seg{k("patternProperties"), k(m.Key)})
	}
	for _, m := range jsKeyOrder(nv) {
		if ov.Get(m.Key) == nil {
			c.emit("pattern-property-added", "Pattern property `"+m.Key+"` was added; properties matching it must satisfy its schema now. To stay compatible, leave it out and check such properties in your handler.", o, n, nil, &m.Value, k("patternProperties"), k(m.Key))
		}
	}
}

// schemaMap compares a map of named subschemas entry by entry.
func (c *comparer) schemaMap(o, n *node, id kw, key string, r slotRules) {
	ov, nv := o.get(id), n.get(id)
	if ov == nil && nv == nil {
		return
	}
	if (ov != nil && ov.Kind != jsonvalue.Object) || (nv != nil && nv.Kind != jsonvalue.Object) {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, key, ov, nv)
		}
		return
	}
	visit := func(name string, om, nm *jsonvalue.Member) {
		var oe, ne *jsonvalue.Value
		var oat, nat span
		if om != nil {
			oe, oat = &om.Value, memberSpan(om)
		}
		if nm != nil {
			ne, nat = &nm.Value, memberSpan(nm)
		}
		on, ok := c.child(c.o, oe, oat)
		nn, nk := c.child(c.n, ne, nat)
		c.compareSlot(o, n, on, ok, nn, nk, oe, ne, r, k(key), k(name))
	}
	for _, m := range jsKeyOrder(ov) {
		visit(m.Key, m, nv.Member(m.Key))
	}
	for _, m := range jsKeyOrder(nv) {
		if ov.Get(m.Key) == nil {
			visit(m.Key, nil, m)
		}
	}
}

// dependentRequired: a name added to a property's list is a new
// requirement (breaking), a name dropped is a relaxation.
func (c *comparer) dependentRequired(o, n *node) {
	ov, nv := o.get(kwDependentRequired), n.get(kwDependentRequired)
	if ov == nil && nv == nil {
		return
	}
	valid := func(v *jsonvalue.Value) bool {
		if v == nil {
			return true
		}
		if v.Kind != jsonvalue.Object {
			return false
		}
		for i := range v.Members {
			if _, ok := requiredSet(&v.Members[i].Value); !ok {
				return false
			}
		}
		return true
	}
	if !valid(ov) || !valid(nv) {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, "dependentRequired", ov, nv)
		}
		return
	}
	visit := func(prop string) {
		oe, ne := ov.Get(prop), nv.Get(prop)
		ol, _ := requiredSet(oe)
		nl, _ := requiredSet(ne)
		var added, removed []jsonvalue.Value
		for _, s := range nl {
			if !contains(ol, s) {
				added = append(added, jsonvalue.NewString(s))
			}
		}
		for _, s := range ol {
			if !contains(nl, s) {
				removed = append(removed, jsonvalue.NewString(s))
			}
		}
		if len(added) > 0 {
			c.emit("dependent-required-added", "When `"+prop+"` is sent, "+valueList(added)+" must now be sent too. To stay compatible, leave it out and fill in what is missing in your handler.", o, n, oe, ne, k("dependentRequired"), k(prop))
		}
		if len(removed) > 0 {
			c.emit("dependent-required-removed", "When `"+prop+"` is sent, "+valueList(removed)+" no longer "+plural(len(removed), "has", "have")+" to be sent.", o, n, oe, ne, k("dependentRequired"), k(prop))
		}
	}
	for _, m := range jsKeyOrder(ov) {
		visit(m.Key)
	}
	for _, m := range jsKeyOrder(nv) {
		if ov.Get(m.Key) == nil {
			visit(m.Key)
		}
	}
}
