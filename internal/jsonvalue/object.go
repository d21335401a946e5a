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
	c := *base
	c.Members = make([]Member, 0, len(base.Members)+len(over.Members))
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
	return &c
}
