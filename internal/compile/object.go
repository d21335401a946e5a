package compile

import (
	"slices"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
)

// object is an output object under construction: a later set of a key
// replaces its value in place.
type object struct{ members []jsonvalue.Member }

// newObject starts an object with room for n members.
func newObject(n int) object { return object{members: make([]jsonvalue.Member, 0, n)} }

// slab hands out member and item lists carved from larger blocks, one
// allocation for many small lists, when Render measures; compiling (a nil
// slab) allocates each list alone. A list that outgrows its room is moved
// by append, never into its neighbour's. A Renderer's slab is reset
// between tools and its blocks used again.
type slab struct {
	m blocks[jsonvalue.Member]
	v blocks[jsonvalue.Value]
}

type blocks[T any] struct {
	all  [][]T
	next int // all[next:] are free
	free []T
	used []int // how much of all[i] the lists took, for i < next-1
}

const slabBlock = 256

// take is an empty list with room for n.
func (b *blocks[T]) take(n int) []T {
	if n > slabBlock/4 { // a long list alone
		return make([]T, 0, n)
	}
	if cap(b.free)-len(b.free) < n {
		if b.next == len(b.all) {
			b.all = append(b.all, make([]T, 0, slabBlock))
		}
		if b.next > 0 {
			b.used = append(b.used, len(b.free))
		}
		b.free = b.all[b.next][:0]
		b.next++
	}
	at := len(b.free)
	b.free = b.free[:at+n]
	return b.free[at : at : at+n]
}

// members is an empty member list with room for n.
func (s *slab) members(n int) []jsonvalue.Member {
	if s == nil {
		return make([]jsonvalue.Member, 0, n)
	}
	return s.m.take(n)
}

// values is an empty item list with room for n.
func (s *slab) values(n int) []jsonvalue.Value {
	if s == nil {
		return make([]jsonvalue.Value, 0, n)
	}
	return s.v.take(n)
}

// reset makes every block free again: what was carved from them must
// no longer be in use.
func (s *slab) reset() {
	s.m.reset()
	s.v.reset()
}

// reset frees every block for reuse and clears what the lists held: a
// block kept for the next tool must not keep this tool's values (and
// the file they point into) alive.
func (b *blocks[T]) reset() {
	for i, n := range b.used {
		clear(b.all[i][:n])
	}
	clear(b.free)
	b.next, b.free, b.used = 0, nil, b.used[:0]
}

func (s *slab) object(n int) object { return object{members: s.members(n)} }

func (o *object) set(key string, v jsonvalue.Value) {
	for i := range o.members {
		if o.members[i].Key == key {
			o.members[i].Value = v
			return
		}
	}
	o.members = append(o.members, jsonvalue.Member{Key: key, Value: v})
}

func (o *object) get(key string) *jsonvalue.Value {
	for i := range o.members {
		if o.members[i].Key == key {
			return &o.members[i].Value
		}
	}
	return nil
}

func (o *object) del(key string) {
	o.members = slices.DeleteFunc(o.members, func(m jsonvalue.Member) bool { return m.Key == key })
}

// keyOrder is a fixed key order for compiled schemas.
type keyOrder struct {
	rank *provider.KeywordTable[int] // 1 + the key's place; 0: not listed
}

func newKeyOrder(keys ...string) keyOrder {
	m := make(map[string]int, len(keys))
	for i, k := range keys {
		m[k] = i + 1
	}
	return keyOrder{rank: provider.NewKeywordTable(m)}
}

// value returns the object with the keys of order first, in that order,
// then every other key as inserted (no order: as inserted). It sorts o's
// members in place and hands them over: o is not used after.
func (o *object) value(order *keyOrder) jsonvalue.Value {
	if order != nil && len(o.members) > 1 {
		// A stable insertion sort by rank (each looked up once): objects
		// are small and mostly in order already.
		var buf [16]int
		ranks := buf[:0]
		if len(o.members) > len(buf) {
			ranks = make([]int, 0, len(o.members))
		}
		sorted := true
		for i := range o.members {
			r := order.rank.Get(o.members[i].Key)
			if r == 0 {
				r = 1 << 30
			}
			if i > 0 && ranks[i-1] > r {
				sorted = false
			}
			ranks = append(ranks, r)
		}
		if !sorted {
			ms := o.members
			for i := 1; i < len(ms); i++ {
				r, m := ranks[i], ms[i]
				j := i
				for j > 0 && ranks[j-1] > r {
					ms[j], ranks[j] = ms[j-1], ranks[j-1]
					j--
				}
				ms[j], ranks[j] = m, r
			}
		}
	}
	if o.members == nil {
		// An object with no member yet is still {}, as before.
		o.members = []jsonvalue.Member{}
	}
	return jsonvalue.Value{Kind: jsonvalue.Object, Members: o.members}
}

func member(key string, v jsonvalue.Value) jsonvalue.Member {
	return jsonvalue.Member{Key: key, Value: v}
}

func str(s string) jsonvalue.Value { return jsonvalue.NewString(s) }

func emptyObject() jsonvalue.Value { return jsonvalue.Value{Kind: jsonvalue.Object} }

func isObj(v *jsonvalue.Value) bool { return v != nil && v.Kind == jsonvalue.Object }

func isArr(v *jsonvalue.Value) bool { return v != nil && v.Kind == jsonvalue.Array }

// clone deep-copies v, dropping source positions (the output is a new
// document) so nothing shares memory with the loaded tool.
func clone(v *jsonvalue.Value) jsonvalue.Value {
	out := jsonvalue.Value{Kind: v.Kind, Text: v.Text}
	if v.Items != nil {
		out.Items = make([]jsonvalue.Value, len(v.Items))
		for i := range v.Items {
			out.Items[i] = clone(&v.Items[i])
		}
	}
	if v.Members != nil {
		out.Members = make([]jsonvalue.Member, len(v.Members))
		for i := range v.Members {
			out.Members[i] = jsonvalue.Member{Key: v.Members[i].Key, Value: clone(&v.Members[i].Value)}
		}
	}
	return out
}
