package jsonvalue

import "slices"

// Without returns a copy of the object s minus the given keys, the others
// in their order (s is not changed).
func Without(s *Value, keys ...string) *Value {
	c := *s
	c.Members = make([]Member, 0, len(s.Members))
	for _, m := range s.Members {
		if !slices.Contains(keys, m.Key) {
			c.Members = append(c.Members, m)
		}
	}
	return &c
}

// Overlay is JavaScript's {...base, ...over}: base's keys in their order,
// with over's member (value and position) where over has the key, then
// over's other keys. Neither object is changed.
func Overlay(base, over *Value) *Value {
	c := OverlayValue(make([]Member, 0, len(base.Members)+len(over.Members)), base, over)
	return &c
}

// OverlayValue is Overlay into members, room for the result's members
// (len 0; a caller that carves objects from memory of its own).
func OverlayValue(members []Member, base, over *Value) Value {
	c := *base
	c.Members = members
	for _, m := range base.Members {
		if o := over.Member(m.Key); o != nil {
			m = *o
		}
		c.Members = append(c.Members, m)
	}
	for _, m := range over.Members {
		if base.Member(m.Key) == nil {
			c.Members = append(c.Members, m)
		}
	}
	return c
}
