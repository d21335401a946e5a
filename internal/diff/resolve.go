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

// resolve follows the $ref chain of an object schema and merges each
// level's sibling keywords onto its target.
func (s *side) resolve(v *jsonvalue.Value, at span) (*node, kind) {
	cur, curAt := v, at
	var layers [][]jsonvalue.Member // siblings of each followed $ref, outermost first
	var seen []int32
	for hop := 0; hop < maxRefChain; hop++ {
		rm := cur.Member("$ref")
		if rm == nil || rm.Value.Kind != jsonvalue.String {
			break
		}
		target, tat, ok := s.lookup(rm.Value.Text)
		if !ok || containsStart(seen, target.Start) {
			break // unresolvable or a pure $ref loop: compared as a string
		}
		seen = append(seen, target.Start)
		var sib []jsonvalue.Member
		for i := range cur.Members {
			if cur.Members[i].Key != "$ref" {
				sib = append(sib, cur.Members[i])
			}
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
	eff := cur
	pure := true // no siblings: the node is the target itself, the same at every use site
	for i := len(layers) - 1; i >= 0; i-- {
		if len(layers[i]) > 0 {
			eff = mergeSiblings(eff, layers[i])
			pure = false
		}
	}
	return &node{v: eff, at: curAt, real: true, id: id, viaRef: len(layers) > 0, merged: !pure}, kSchema
}

func containsStart(list []int32, x int32) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// mergeSiblings applies the keywords written beside a $ref to its target:
// annotations override, new keywords are added, equal ones are dropped, and
// a conflicting one is kept as an extra allOf branch so that both still
// constrain the value.
func mergeSiblings(target *jsonvalue.Value, sib []jsonvalue.Member) *jsonvalue.Value {
	out := &jsonvalue.Value{Kind: jsonvalue.Object, Start: target.Start, End: target.End}
	out.Members = append(make([]jsonvalue.Member, 0, len(target.Members)+len(sib)), target.Members...)
	var conflicts []jsonvalue.Member
	for _, m := range sib {
		idx := -1
		for i := range out.Members {
			if out.Members[i].Key == m.Key {
				idx = i
				break
			}
		}
		switch {
		case idx < 0:
			out.Members = append(out.Members, m)
		case refAnnotation(m.Key):
			out.Members[idx] = m
		case jsonvalue.Equal(&out.Members[idx].Value, &m.Value):
		default:
			conflicts = append(conflicts, m)
		}
	}
	if len(conflicts) == 0 {
		return out
	}
	branch := jsonvalue.Value{Kind: jsonvalue.Object, Members: conflicts, Start: conflicts[0].KeyStart, End: conflicts[0].KeyEnd}
	for i := range out.Members {
		if out.Members[i].Key == "allOf" && out.Members[i].Value.Kind == jsonvalue.Array {
			m := out.Members[i]
			m.Value.Items = append(append([]jsonvalue.Value(nil), m.Value.Items...), branch)
			out.Members[i] = m
			return out
		}
	}
	out.Members = append(out.Members, jsonvalue.Member{Key: "allOf", KeyStart: conflicts[0].KeyStart, KeyEnd: conflicts[0].KeyEnd,
		Value: jsonvalue.Value{Kind: jsonvalue.Array, Items: []jsonvalue.Value{branch}}})
	return out
}

// reachability records which parts of a schema some $ref from the body
// reaches: a definition outside them cannot affect what a caller may send.
type reachability struct {
	starts []int32 // sorted Start offsets of reached $ref targets
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
	if s.root == nil || !s.hasRefs {
		return r
	}
	seen := map[int32]bool{}
	work := []*jsonvalue.Value{s.root}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		walkSchemaRefs(v, func(ref string) {
			target, _, ok := s.lookup(ref)
			if !ok || seen[target.Start] {
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
			"contains", "not", "if", "then", "else":
			walkSchemaRefs(&m.Value, fn)
		}
	}
}
