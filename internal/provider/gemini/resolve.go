package gemini

import (
	"slices"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
)

// resolved is the schema as Gemini would receive it: every $ref to a
// root-level definition inlined at its use site, the definitions removed.
// Rules then run on it, so a definition's findings are made at each place
// it is used: at the use-site path, but positioned (through the members'
// own key ranges) at the key inside the definition, from which the
// remapper finds the definition's own path.
type resolved struct {
	root      *jsonvalue.Value
	recursive []provider.Place // $refs that lead back into themselves
	dangling  []provider.Place // $refs to no root definition
	inlined   []provider.Place // $refs inlined
}

type resolver struct {
	slab  *slab                       // where the copies go
	defs  map[string]*jsonvalue.Value // "#/$defs/<name>" and "#/definitions/<name>", literal
	at    *provider.Cursor            // the use-site path of the node being resolved
	nodes int                         // nodes resolved so far, against maxResolvedNodes
	out   resolved
}

// maxResolvedNodes bounds inlining. Definitions that each use the next one
// twice double the expanded schema at every level; past this many nodes a
// reference is still reported as inlined but no longer expanded, so such a
// schema costs bounded time instead of hanging the check.
const maxResolvedNodes = 200000

// resolve inlines references the way Gemini's SDK path needs them: a ref is
// looked up literally (no pointer unescaping, no nested pointers) among the
// root's $defs and definitions; a ref already being expanded is recursive;
// the referenced schema is expanded at the use-site path and the $ref's
// siblings override its keys. Nodes without references are shared, not
// copied. at is a cursor at the root; the copies are made in sl.
func resolve(root *jsonvalue.Value, at *provider.Cursor, sl *slab) resolved {
	r := resolver{at: at, slab: sl}
	if root == nil || root.Kind != jsonvalue.Object {
		r.out.root = root
		return r.out
	}
	if !hasRef(root) {
		// Nothing to inline or report (most schemas): resolving would
		// walk the whole tree with the cursor only to return it as is.
		if isObject(root.Get("$defs")) || isObject(root.Get("definitions")) {
			root = sl.without(root, "$defs", "definitions")
		}
		r.out.root = root
		return r.out
	}
	for _, kw := range [...]string{"$defs", "definitions"} {
		if m := root.Get(kw); m != nil && m.Kind == jsonvalue.Object {
			for i := range m.Members {
				if v := &m.Members[i].Value; v.Kind == jsonvalue.Object {
					if r.defs == nil {
						r.defs = map[string]*jsonvalue.Value{}
					}
					key := "#/" + kw + "/" + m.Members[i].Key
					if _, dup := r.defs[key]; !dup {
						r.defs[key] = v
					}
				}
			}
		}
	}
	out := r.node(root, nil)
	if isObject(out.Get("$defs")) || isObject(out.Get("definitions")) {
		out = sl.without(out, "$defs", "definitions")
	}
	r.out.root = out
	return r.out
}

func isObject(v *jsonvalue.Value) bool { return v != nil && v.Kind == jsonvalue.Object }

func (r *resolver) node(s *jsonvalue.Value, stack []string) *jsonvalue.Value {
	r.nodes++
	cur := s
	if rm := s.Member("$ref"); rm != nil && rm.Value.Kind == jsonvalue.String {
		ref := &rm.Value
		at := r.at.MemberPlace(s, rm)
		siblings := r.slab.without(s, "$ref")
		target := r.defs[ref.Text]
		switch {
		case target == nil:
			r.out.dangling = append(r.out.dangling, at)
			cur = siblings
		case slices.Contains(stack, ref.Text):
			r.out.recursive = append(r.out.recursive, at)
			cur = siblings
		case r.nodes > maxResolvedNodes:
			r.out.inlined = append(r.out.inlined, at)
			cur = siblings
		default:
			r.out.inlined = append(r.out.inlined, at)
			expanded := r.node(target, append(stack[:len(stack):len(stack)], ref.Text))
			cur = r.slab.overlay(expanded, siblings)
		}
	}
	return r.children(cur, stack)
}

// children resolves the subschemas of s (properties values; prefixItems,
// anyOf, oneOf, allOf elements; items, not, additionalProperties), copying
// s only when one of them changed. $defs and definitions are not entered:
// they are what gets inlined, not where.
func (r *resolver) children(s *jsonvalue.Value, stack []string) *jsonvalue.Value {
	var out *jsonvalue.Value // the copy of s, made on the first change
	set := func(i int, v jsonvalue.Value) {
		if out == nil {
			c := *s
			c.Members = r.slab.cloneMembers(s.Members)
			out = r.slab.value(c)
		}
		out.Members[i].Value = v
	}
	for i := range s.Members {
		m := &s.Members[i]
		switch m.Key {
		case "properties":
			if m.Value.Kind != jsonvalue.Object {
				continue
			}
			r.at.PushMember(s, m)
			var props []jsonvalue.Member
			for j := range m.Value.Members {
				p := &m.Value.Members[j]
				if p.Value.Kind != jsonvalue.Object {
					continue
				}
				r.at.PushMember(&m.Value, p)
				got := r.node(&p.Value, stack)
				r.at.Pop()
				if got != &p.Value {
					if props == nil {
						props = r.slab.cloneMembers(m.Value.Members)
					}
					props[j].Value = *got
				}
			}
			r.at.Pop()
			if props != nil {
				v := m.Value
				v.Members = props
				set(i, v)
			}
		case "prefixItems", "anyOf", "oneOf", "allOf":
			if m.Value.Kind != jsonvalue.Array {
				continue
			}
			r.at.PushMember(s, m)
			var items []jsonvalue.Value
			for j := range m.Value.Items {
				it := &m.Value.Items[j]
				if it.Kind != jsonvalue.Object {
					continue
				}
				r.at.PushIndex(j)
				got := r.node(it, stack)
				r.at.Pop()
				if got != it {
					if items == nil {
						items = r.slab.cloneItems(m.Value.Items)
					}
					items[j] = *got
				}
			}
			r.at.Pop()
			if items != nil {
				v := m.Value
				v.Items = items
				set(i, v)
			}
		case "items", "not", "additionalProperties":
			if m.Value.Kind != jsonvalue.Object {
				continue
			}
			r.at.PushMember(s, m)
			got := r.node(&m.Value, stack)
			r.at.Pop()
			if got != &m.Value {
				set(i, *got)
			}
		}
	}
	if out == nil {
		return s
	}
	return out
}

// hasRef reports whether node (resolve's walk, from s) would meet a
// string $ref: if not, the resolved schema is s itself.
func hasRef(s *jsonvalue.Value) bool {
	for i := range s.Members {
		m := &s.Members[i]
		switch m.Key {
		case "$ref":
			if m.Value.Kind == jsonvalue.String {
				return true
			}
		case "properties":
			if m.Value.Kind != jsonvalue.Object {
				continue
			}
			for j := range m.Value.Members {
				if p := &m.Value.Members[j].Value; p.Kind == jsonvalue.Object && hasRef(p) {
					return true
				}
			}
		case "prefixItems", "anyOf", "oneOf", "allOf":
			if m.Value.Kind != jsonvalue.Array {
				continue
			}
			for j := range m.Value.Items {
				if it := &m.Value.Items[j]; it.Kind == jsonvalue.Object && hasRef(it) {
					return true
				}
			}
		case "items", "not", "additionalProperties":
			if m.Value.Kind == jsonvalue.Object && hasRef(&m.Value) {
				return true
			}
		}
	}
	return false
}
