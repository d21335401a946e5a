package provider

import (
	"cmp"
	"slices"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// RootPath is the path every schema walk starts from.
const RootPath = "inputSchema"

// SchemaTypes appends the type names of s to buf: [t] for a string type,
// the string elements (in order, duplicates kept) of an array type, and
// nothing otherwise. Pass a small stack buffer to avoid allocating.
func SchemaTypes(s *jsonvalue.Value, buf []string) []string {
	t := s.Get("type")
	if t == nil {
		return buf
	}
	switch t.Kind {
	case jsonvalue.String:
		buf = append(buf, t.Text)
	case jsonvalue.Array:
		for i := range t.Items {
			if t.Items[i].Kind == jsonvalue.String {
				buf = append(buf, t.Items[i].Text)
			}
		}
	}
	return buf
}

// IsType reports whether the types of s are exactly [name].
func IsType(s *jsonvalue.Value, name string) bool {
	var buf [4]string
	types := SchemaTypes(s, buf[:0])
	return len(types) == 1 && types[0] == name
}

// HasType reports whether name is among the types of s.
func HasType(s *jsonvalue.Value, name string) bool {
	var buf [4]string
	for _, t := range SchemaTypes(s, buf[:0]) {
		if t == name {
			return true
		}
	}
	return false
}

// Contains reports whether the array arr holds the string s. A non-array
// arr holds nothing (SchemaPort treats a non-array `required` as []).
func Contains(arr *jsonvalue.Value, s string) bool {
	if arr == nil || arr.Kind != jsonvalue.Array {
		return false
	}
	for i := range arr.Items {
		if it := &arr.Items[i]; it.Kind == jsonvalue.String && it.Text == s {
			return true
		}
	}
	return false
}

// RequiredSet answers "is name listed in required?" for one schema's
// required array, in constant time when the array is long.
type RequiredSet struct {
	arr *jsonvalue.Value
	set map[string]struct{}
}

// NewRequiredSet indexes required (a non-array holds nothing).
func NewRequiredSet(required *jsonvalue.Value) RequiredSet {
	r := RequiredSet{arr: required}
	if required != nil && required.Kind == jsonvalue.Array && len(required.Items) > 32 {
		r.set = make(map[string]struct{}, len(required.Items))
		for i := range required.Items {
			if it := &required.Items[i]; it.Kind == jsonvalue.String {
				r.set[it.Text] = struct{}{}
			}
		}
	}
	return r
}

// Has reports whether name is required.
func (r RequiredSet) Has(name string) bool {
	if r.set != nil {
		_, ok := r.set[name]
		return ok
	}
	return Contains(r.arr, name)
}

// NumberEquals reports whether v is a number equal to lit (exactly, so
// 1.0 equals 1).
func NumberEquals(v *jsonvalue.Value, lit string) bool {
	return v != nil && v.Kind == jsonvalue.Number && jsonvalue.CompareNumbers(v.Text, lit) == 0
}

// Walk calls visit for root and, pre-order and depth first, for every
// object subschema SchemaPort's core walker reaches: values of properties,
// $defs and definitions; elements of prefixItems, anyOf, oneOf and allOf;
// then items, not and additionalProperties. Booleans and other non-object
// values are skipped, and if/then/else, patternProperties, $ref targets and
// the like are never entered. A non-object root is not visited. The cursor
// is valid only during the visit.
func Walk(root *jsonvalue.Value, visit func(s *jsonvalue.Value, at *Cursor)) {
	WalkFrom(root, NewCursor(RootPath), visit)
}

// WalkFrom is Walk with the cursor at root given, such as an Emitter's
// (whose places carry file positions).
func WalkFrom(root *jsonvalue.Value, at *Cursor, visit func(s *jsonvalue.Value, at *Cursor)) {
	if root == nil || root.Kind != jsonvalue.Object {
		return
	}
	walk(root, at, visit)
}

// The core walker's slots, in visit order.
const (
	slotProperties = iota
	slotDefs
	slotDefinitions
	slotPrefixItems
	slotAnyOf
	slotOneOf
	slotAllOf
	slotItems
	slotNot
	slotAdditionalProperties
	slotCount
)

// slotsOf finds the walker's slots among the members of s in one pass.
func slotsOf(s *jsonvalue.Value) (slots [slotCount]*jsonvalue.Member) {
	for i := range s.Members {
		m := &s.Members[i]
		var k int
		switch m.Key {
		case "properties":
			k = slotProperties
		case "$defs":
			k = slotDefs
		case "definitions":
			k = slotDefinitions
		case "prefixItems":
			k = slotPrefixItems
		case "anyOf":
			k = slotAnyOf
		case "oneOf":
			k = slotOneOf
		case "allOf":
			k = slotAllOf
		case "items":
			k = slotItems
		case "not":
			k = slotNot
		case "additionalProperties":
			k = slotAdditionalProperties
		default:
			continue
		}
		if slots[k] == nil {
			slots[k] = m
		}
	}
	return slots
}

func walk(s *jsonvalue.Value, c *Cursor, visit func(*jsonvalue.Value, *Cursor)) {
	visit(s, c)
	slots := slotsOf(s)
	for k, m := range slots {
		if m == nil {
			continue
		}
		v := &m.Value
		switch {
		case k <= slotDefinitions:
			if v.Kind != jsonvalue.Object {
				continue
			}
			c.PushMember(s, m)
			order := JSOrder(v)
			for j := range v.Members {
				i := j
				if order != nil {
					i = order[j]
				}
				if child := &v.Members[i]; child.Value.Kind == jsonvalue.Object {
					c.PushMember(v, child)
					walk(&child.Value, c, visit)
					c.Pop()
				}
			}
			c.Pop()
		case k <= slotAllOf:
			if v.Kind != jsonvalue.Array {
				continue
			}
			c.PushMember(s, m)
			for i := range v.Items {
				if child := &v.Items[i]; child.Kind == jsonvalue.Object {
					c.PushIndex(i)
					walk(child, c, visit)
					c.Pop()
				}
			}
			c.Pop()
		default:
			if v.Kind == jsonvalue.Object {
				c.PushMember(s, m)
				walk(v, c, visit)
				c.Pop()
			}
		}
	}
}

// JSOrder returns the order in which JavaScript enumerates the keys of the
// object m, as member indexes, or nil when that is document order. A
// JavaScript object lists array-index keys ("0", "17") first, ascending,
// then the other keys as written; SchemaPort walks properties in that
// order, which decides which of two clashing x-mcp-header values is "later".
func JSOrder(m *jsonvalue.Value) []int {
	n := 0
	for i := range m.Members {
		if _, ok := arrayIndex(m.Members[i].Key); ok {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	order := make([]int, 0, len(m.Members))
	for i := range m.Members {
		if _, ok := arrayIndex(m.Members[i].Key); ok {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		x, _ := arrayIndex(m.Members[a].Key)
		y, _ := arrayIndex(m.Members[b].Key)
		return cmp.Compare(x, y)
	})
	for i := range m.Members {
		if _, ok := arrayIndex(m.Members[i].Key); !ok {
			order = append(order, i)
		}
	}
	return order
}

// arrayIndex parses a canonical array index: "0" or a decimal without a
// leading zero, at most 2^32-2.
func arrayIndex(key string) (uint64, bool) {
	if key == "" || len(key) > 10 || (key[0] == '0' && len(key) > 1) {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(key); i++ {
		c := key[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, n <= 1<<32-2
}
