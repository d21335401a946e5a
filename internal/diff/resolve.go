package diff

import (
	"sort"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// $ref handling. References are followed lazily while walking, so that an
// edit behind a $ref is reported at every use site and a subschema moved
// into $defs compares equal to its inline form. A $ref that cannot be
// followed stays in the node and is compared as a string (refs.go).

// maxRefChain bounds a chain of $ref-to-$ref hops (SchemaPort's limit).
const maxRefChain = 64

func newSide(t *tool.Tool) *side {
	s := &side{t: t}
	if t == nil || t.Value == nil {
		return s
	}
	if m := t.Value.Member("inputSchema"); m != nil {
		s.root = &m.Value
		s.rootAt = memberSpan(m)
		s.hasRefs = containsRef(s.root)
	}
	return s
}

// containsRef reports whether any object below v has a string $ref.
func containsRef(v *jsonvalue.Value) bool {
	switch v.Kind {
	case jsonvalue.Object:
		for i := range v.Members {
			m := &v.Members[i]
			if m.Key == "$ref" && m.Value.Kind == jsonvalue.String {
				return true
			}
			if containsRef(&m.Value) {
				return true
			}
		}
	case jsonvalue.Array:
		for i := range v.Items {
			if containsRef(&v.Items[i]) {
				return true
			}
		}
	}
	return false
}

// lookup follows a same-document reference and returns the target with the
// span of its key (or array element) in the file.
func (s *side) lookup(ref string) (*jsonvalue.Value, span, bool) {
	target, segs, prob := tool.ResolveRef(s.root, ref)
	if prob == tool.RefAnchor {
		// The loader accepts "#name" when some subschema declares that
		// anchor; follow it like a pointer, or the definition it names
		// would look unused and its edits informational.
		a, ok := s.anchorTargets()[ref[1:]]
		return a.v, a.at, ok
	}
	if prob != tool.RefOK || target == nil {
		return nil, span{}, false
	}
	at := s.rootAt
	cur := s.root
	for _, sg := range segs {
		if cur.Kind == jsonvalue.Object {
			m := cur.Member(sg)
			if m == nil {
				return nil, span{}, false
			}
			at = memberSpan(m)
			cur = &m.Value
			continue
		}
		i := 0
		for _, ch := range sg {
			i = i*10 + int(ch-'0')
		}
		if cur.Kind != jsonvalue.Array || i >= len(cur.Items) {
			return nil, span{}, false
		}
		cur = &cur.Items[i]
		at = valueSpan(cur)
	}
	return target, at, true
}

// definitionOf names the definition a $ref points at ("$defs", name), or
// nil when it points anywhere else.
func definitionOf(root *jsonvalue.Value, ref string) []string {
	_, segs, prob := tool.ResolveRef(root, ref)
	if prob != tool.RefOK || len(segs) != 2 || (segs[0] != "$defs" && segs[0] != "definitions") {
		return nil
	}
	return segs
}

// anchorTarget is a schema object declaring a plain-name anchor.
type anchorTarget struct {
	v  *jsonvalue.Value
	at span
}

// anchorTargets maps each plain-name anchor ($anchor, or $dynamicAnchor,
// which also declares one in 2020-12) to the first object declaring it in
// document order, searching where the loader does (not inside data
// keywords).
func (s *side) anchorTargets() map[string]anchorTarget {
	if s.anchors != nil {
		return s.anchors
	}
	s.anchors = map[string]anchorTarget{}
	var walk func(v *jsonvalue.Value, at span)
	walk = func(v *jsonvalue.Value, at span) {
		switch v.Kind {
		case jsonvalue.Object:
			for i := range v.Members {
				m := &v.Members[i]
				switch m.Key {
				case "$anchor", "$dynamicAnchor":
					if _, dup := s.anchors[m.Value.Text]; m.Value.Kind == jsonvalue.String && !dup {
						s.anchors[m.Value.Text] = anchorTarget{v, at}
					}
				case "enum", "const", "default", "examples":
					continue
				}
				walk(&m.Value, memberSpan(m))
			}
		case jsonvalue.Array:
			for i := range v.Items {
				walk(&v.Items[i], valueSpan(&v.Items[i]))
			}
		}
	}
	if s.root != nil {
		walk(s.root, s.rootAt)
	}
	return s.anchors
}

// resolve follows the $ref chain of an object schema and merges each
// level's sibling keywords onto its target.
func (s *side) resolve(v *jsonvalue.Value, at span) (*node, kind) {
	cur, curAt := v, at
	var layers [][]jsonvalue.Member // siblings of each followed $ref, outermost first
	var seen []int32
	mergedID, merged := int32(0), false
	constrained := false // a sibling keyword can reject a value
	cut := false
	lastRef := ""
	for hop := 0; ; hop++ {
		rm := cur.Member("$ref")
		if rm == nil || rm.Value.Kind != jsonvalue.String {
			break
		}
		target, tat, ok := s.lookup(rm.Value.Text)
		if !ok {
			break // unresolvable: compared as a string (ref-added, ...)
		}
		// A chain past the hop limit, or one that runs into a loop of
		// pure $refs, has no schema at its end that the engine reached:
		// whatever it holds cannot be compared (schema-too-complex).
		if hop >= maxRefChain || containsStart(seen, target.Start) {
			cut = true
			break
		}
		seen = append(seen, target.Start)
		lastRef = rm.Value.Text
		var sib []jsonvalue.Member
		for i := range cur.Members {
			if key := cur.Members[i].Key; key != "$ref" {
				sib = append(sib, cur.Members[i])
				constrained = constrained || !annotationOnly(key)
			}
		}
		if len(sib) > 0 && !merged {
			mergedID, merged = cur.Start, true
		}
		layers = append(layers, sib)
		if target.Kind == jsonvalue.Bool {
			if target.Text == "false" {
				return nil, kFalse
			}
			cur = &jsonvalue.Value{Kind: jsonvalue.Object, Start: target.Start, End: target.End}
			curAt = tat
			break
		}
		cur, curAt = target, tat
	}
	id := cur.Start
	if merged {
		id = mergedID
	}
	eff := cur
	pure := true // no siblings: the node is the target itself, the same at every use site
	var conj []jsonvalue.Member
	for i := len(layers) - 1; i >= 0; i-- {
		if len(layers[i]) > 0 {
			var conflicts []jsonvalue.Member
			eff, conflicts = mergeSiblings(eff, layers[i])
			conj = addConjuncts(conj, conflicts)
			pure = false
		}
	}
	nd := &node{v: eff, at: curAt, real: true, id: id, viaRef: len(layers) > 0, merged: !pure, constrained: constrained, cut: cut}
	if pure && !cut && lastRef != "" {
		nd.def = definitionOf(s.root, lastRef)
	}
	if len(conj) > 0 {
		nd.conj = &jsonvalue.Value{Kind: jsonvalue.Object, Members: conj, Start: conj[0].KeyStart, End: conj[0].KeyEnd}
	}
	return nd, kSchema
}

// addConjuncts adds one layer's conflicting siblings to those of the
// layers inside it. A keyword already there is conjoined through allOf
// (allOf lists are concatenated), which keeps every constraint.
func addConjuncts(conj, more []jsonvalue.Member) []jsonvalue.Member {
	for _, m := range more {
		idx := memberIndex(conj, m.Key)
		if idx < 0 {
			conj = append(conj, m)
			continue
		}
		var extra []jsonvalue.Value
		if m.Key == "allOf" && m.Value.Kind == jsonvalue.Array {
			extra = m.Value.Items
		} else {
			extra = []jsonvalue.Value{{Kind: jsonvalue.Object, Members: []jsonvalue.Member{m}, Start: m.KeyStart, End: m.KeyEnd}}
		}
		if a := memberIndex(conj, "allOf"); a >= 0 && conj[a].Value.Kind == jsonvalue.Array {
			all := conj[a]
			all.Value.Items = append(append([]jsonvalue.Value(nil), all.Value.Items...), extra...)
			conj[a] = all
			continue
		}
		conj = append(conj, jsonvalue.Member{Key: "allOf", KeyStart: m.KeyStart, KeyEnd: m.KeyEnd,
			Value: jsonvalue.Value{Kind: jsonvalue.Array, Items: extra, Start: m.KeyStart, End: m.KeyEnd}})
	}
	return conj
}

func memberIndex(ms []jsonvalue.Member, key string) int {
	for i := range ms {
		if ms[i].Key == key {
			return i
		}
	}
	return -1
}

func containsStart(list []int32, x int32) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// mergeSiblings applies the keywords written beside a $ref to its target
// (SchemaPort's merge): annotations override, new keywords are added, equal
// ones are dropped. A sibling that conflicts with the target's keyword
// still constrains the value: bounds keep the stricter value and required
// lists are united, exactly as the conjunction would; any other conflict is
// returned, to be compared as a conjunct at the use site (SchemaPort adds it
// as an allOf branch, whose path exists in neither file).
func mergeSiblings(target *jsonvalue.Value, sib []jsonvalue.Member) (*jsonvalue.Value, []jsonvalue.Member) {
	out := &jsonvalue.Value{Kind: jsonvalue.Object, Start: target.Start, End: target.End}
	out.Members = append(make([]jsonvalue.Member, 0, len(target.Members)+len(sib)), target.Members...)
	var conflicts []jsonvalue.Member
	// Siblings that depend on keywords of the target (or the reverse)
	// would change meaning side by side: they stay a separate conjunct,
	// all of them, so that they keep seeing exactly what they saw.
	if splitsDependents(target.Members, sib) || hidesEvaluations(target.Members, sib) {
		return out, append(conflicts, sib...)
	}
	for _, m := range sib {
		idx := memberIndex(out.Members, m.Key)
		switch {
		case idx < 0:
			out.Members = append(out.Members, m)
		case refAnnotation(m.Key):
			out.Members[idx] = m
		case jsonvalue.Equal(&out.Members[idx].Value, &m.Value):
		default:
			if folded, ok := conjoin(&out.Members[idx], &m); ok {
				out.Members[idx] = folded
				continue
			}
			conflicts = append(conflicts, m)
		}
	}
	return out, conflicts
}

// conjoin folds two values of one keyword into one that accepts exactly
// what both do, for the keywords where that is a simple exact rule.
func conjoin(a, b *jsonvalue.Member) (jsonvalue.Member, bool) {
	for _, bd := range boundOrder {
		if bd.key != a.Key {
			continue
		}
		if a.Value.Kind != jsonvalue.Number || b.Value.Kind != jsonvalue.Number {
			return jsonvalue.Member{}, false
		}
		cmp := jsonvalue.CompareNumbers(a.Value.Text, b.Value.Text)
		if (bd.lower && cmp < 0) || (!bd.lower && cmp > 0) {
			return *b, true
		}
		return *a, true
	}
	if a.Key == "required" {
		an, okA := requiredSet(&a.Value)
		bn, okB := requiredSet(&b.Value)
		if !okA || !okB {
			return jsonvalue.Member{}, false
		}
		out := *a
		out.Value.Items = append([]jsonvalue.Value(nil), a.Value.Items...)
		for i, name := range bn {
			if !contains(an, name) {
				an = append(an, name)
				out.Value.Items = append(out.Value.Items, b.Value.Items[i])
			}
		}
		return out, true
	}
	return jsonvalue.Member{}, false
}

// reachability records which parts of a schema some $ref from the body
// reaches: a definition outside them cannot affect what a caller may send.
type reachability struct {
	starts []int32 // sorted Start offsets of reached $ref targets
	// opaque: some reference is not followed ($dynamicRef, $recursiveRef,
	// or a $ref that cannot be resolved), so no definition is proven
	// unreachable.
	opaque bool
}

// opaqueRefs reports whether the side has references the engine does not
// follow.
func (s *side) opaqueRefs() bool {
	if s.reach == nil {
		s.reach = s.computeReach()
	}
	return s.reach.opaque
}

func (s *side) reachable(v *jsonvalue.Value) bool {
	if s.reach == nil {
		s.reach = s.computeReach()
	}
	st := s.reach.starts
	i := sort.Search(len(st), func(i int) bool { return st[i] >= v.Start })
	return i < len(st) && st[i] < v.End
}

func (s *side) computeReach() *reachability {
	r := &reachability{}
	if s.root == nil {
		return r
	}
	r.opaque = hasDynamicRef(s.root)
	if !s.hasRefs {
		return r
	}
	seen := map[int32]bool{}
	work := []*jsonvalue.Value{s.root}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		walkSchemaRefs(v, func(ref string) {
			target, _, ok := s.lookup(ref)
			if !ok {
				r.opaque = true
				return
			}
			if seen[target.Start] {
				return
			}
			seen[target.Start] = true
			r.starts = append(r.starts, target.Start)
			work = append(work, target)
		})
	}
	sort.Slice(r.starts, func(i, j int) bool { return r.starts[i] < r.starts[j] })
	return r
}

// hasDynamicRef reports whether any object below v uses a reference
// keyword the engine does not follow.
func hasDynamicRef(v *jsonvalue.Value) bool {
	switch v.Kind {
	case jsonvalue.Object:
		for i := range v.Members {
			m := &v.Members[i]
			if m.Key == "$dynamicRef" || m.Key == "$recursiveRef" || hasDynamicRef(&m.Value) {
				return true
			}
		}
	case jsonvalue.Array:
		for i := range v.Items {
			if hasDynamicRef(&v.Items[i]) {
				return true
			}
		}
	}
	return false
}

// walkSchemaRefs calls fn for every $ref in v's schema body: subschema
// keywords only, never into $defs/definitions, data keywords or unknown ones.
func walkSchemaRefs(v *jsonvalue.Value, fn func(string)) {
	if v == nil || v.Kind != jsonvalue.Object {
		return
	}
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "$ref":
			if m.Value.Kind == jsonvalue.String {
				fn(m.Value.Text)
			}
		case "properties", "patternProperties", "dependentSchemas":
			if m.Value.Kind == jsonvalue.Object {
				for j := range m.Value.Members {
					walkSchemaRefs(&m.Value.Members[j].Value, fn)
				}
			}
		case "items", "prefixItems", "allOf", "anyOf", "oneOf":
			if m.Value.Kind == jsonvalue.Array {
				for j := range m.Value.Items {
					walkSchemaRefs(&m.Value.Items[j], fn)
				}
			} else {
				walkSchemaRefs(&m.Value, fn)
			}
		case "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "propertyNames",
			"contains", "not", "if", "then", "else", "contentSchema":
			walkSchemaRefs(&m.Value, fn)
		}
	}
}
