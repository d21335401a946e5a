package gemini

import (
	"slices"
	"sync"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// slab holds the copies resolve makes (a $ref inlined rewrites every
// object from the root down to it). They live only while one tool is
// checked: nothing the findings keep points into them (paths and messages
// are strings of their own, and the Emitter's cursors drop their nodes in
// Finish). Allocated one by one they were over half of resolve's time, so
// they are carved from chunks reused tool after tool.
type slab struct {
	members []jsonvalue.Member // the current chunk: len is what is handed out
	values  []jsonvalue.Value
}

const (
	slabMembers = 512 // about 53 KB
	slabValues  = 256 // about 20 KB
)

var slabs = sync.Pool{New: func() any { return new(slab) }}

// newMembers returns an empty slice with room for n members.
func (s *slab) newMembers(n int) []jsonvalue.Member {
	if n > slabMembers/4 {
		return make([]jsonvalue.Member, 0, n) // a big object: its own
	}
	if cap(s.members)-len(s.members) < n {
		// A filled chunk is left to the collector with the copies in
		// it: only the chunks kept for the next tool are cleared.
		s.members = make([]jsonvalue.Member, 0, slabMembers)
	}
	start := len(s.members)
	s.members = s.members[:start+n]
	return s.members[start : start : start+n]
}

// cloneMembers is slices.Clone(ms) in the slab.
func (s *slab) cloneMembers(ms []jsonvalue.Member) []jsonvalue.Member {
	return append(s.newMembers(len(ms)), ms...)
}

// cloneItems is slices.Clone(items), in the slab when small.
func (s *slab) cloneItems(items []jsonvalue.Value) []jsonvalue.Value {
	if len(items) > slabValues/4 {
		return slices.Clone(items)
	}
	if cap(s.values)-len(s.values) < len(items) {
		s.newValueChunk()
	}
	start := len(s.values)
	s.values = append(s.values, items...)
	return s.values[start:len(s.values):len(s.values)]
}

// value returns a slab copy of v.
func (s *slab) value(v jsonvalue.Value) *jsonvalue.Value {
	if len(s.values) == cap(s.values) {
		s.newValueChunk()
	}
	s.values = append(s.values, v)
	return &s.values[len(s.values)-1]
}

func (s *slab) newValueChunk() {
	s.values = make([]jsonvalue.Value, 0, slabValues)
}

// without is jsonvalue.Without in the slab: s without the members named
// keys, in order.
func (s *slab) without(v *jsonvalue.Value, keys ...string) *jsonvalue.Value {
	c := *v
	c.Members = s.newMembers(len(v.Members))
	for _, m := range v.Members {
		if !slices.Contains(keys, m.Key) {
			c.Members = append(c.Members, m)
		}
	}
	return s.value(c)
}

// overlay is jsonvalue.Overlay in the slab: base's keys in their order,
// with over's member where over has the key, then over's other keys.
func (s *slab) overlay(base, over *jsonvalue.Value) *jsonvalue.Value {
	return s.value(jsonvalue.OverlayValue(s.newMembers(len(base.Members)+len(over.Members)), base, over))
}

// release clears what the tool's copies used (so that a pooled slab keeps
// no tool alive) and returns the slab to the pool, keeping its current
// chunks for the next tool.
func (s *slab) release() {
	clear(s.members)
	s.members = s.members[:0]
	clear(s.values)
	s.values = s.values[:0]
	slabs.Put(s)
}
