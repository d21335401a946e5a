package provider

import (
	"cmp"
	"slices"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
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

// NumberEquals reports whether v is a number equal to lit (exactly, so
// 1.0 equals 1).
func NumberEquals(v *jsonvalue.Value, lit string) bool {
	return v != nil && v.Kind == jsonvalue.Number && jsonvalue.CompareNumbers(v.Text, lit) == 0
}

// Keyword slots of the core walker (SchemaPort's walkSchema), in visit order.
var (
	walkMapSlots    = [...]string{"properties", "$defs", "definitions"}
	walkListSlots   = [...]string{"prefixItems", "anyOf", "oneOf", "allOf"}
	walkSingleSlots = [...]string{"items", "not", "additionalProperties"}
)

// Walk calls visit for root and, pre-order and depth first, for every
// object subschema SchemaPort's core walker reaches: values of properties,
// $defs and definitions; elements of prefixItems, anyOf, oneOf and allOf;
// then items, not and additionalProperties. Booleans and other non-object
// values are skipped, and if/then/else, patternProperties, $ref targets and
// the like are never entered. A non-object root is not visited.
func Walk(root *jsonvalue.Value, rootPath string, visit func(s *jsonvalue.Value, path string)) {
	if root == nil || root.Kind != jsonvalue.Object {
		return
	}
	walk(root, rootPath, visit)
}

func walk(s *jsonvalue.Value, path string, visit func(*jsonvalue.Value, string)) {
	visit(s, path)
	for _, slot := range walkMapSlots {
		m := s.Get(slot)
		if m == nil || m.Kind != jsonvalue.Object {
			continue
		}
		base := schemapath.Key(path, slot)
		order := JSOrder(m)
		for j := range m.Members {
			i := j
			if order != nil {
				i = order[j]
			}
			if child := &m.Members[i].Value; child.Kind == jsonvalue.Object {
				walk(child, schemapath.Key(base, m.Members[i].Key), visit)
			}
		}
	}
	for _, slot := range walkListSlots {
		l := s.Get(slot)
		if l == nil || l.Kind != jsonvalue.Array {
			continue
		}
		base := schemapath.Key(path, slot)
		for i := range l.Items {
			if child := &l.Items[i]; child.Kind == jsonvalue.Object {
				walk(child, schemapath.Index(base, i), visit)
			}
		}
	}
	for _, slot := range walkSingleSlots {
		if child := s.Get(slot); child != nil && child.Kind == jsonvalue.Object {
			walk(child, schemapath.Key(path, slot), visit)
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
