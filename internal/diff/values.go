package diff

import (
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// values classifies enum and const. Members compare as JSON values (key
// order ignored, 1 equals 1.0), and `const: x` is the same as `enum: [x]`:
// when both sides allow the same set of values nothing is reported.
func (c *comparer) values(o, n *node) {
	oe, ne := o.get(kwEnum), n.get(kwEnum)
	oc, nc := o.get(kwConst), n.get(kwConst)
	if oe == nil && ne == nil && oc == nil && nc == nil {
		return
	}
	badO := oe != nil && oe.Kind != jsonvalue.Array
	badN := ne != nil && ne.Kind != jsonvalue.Array
	if badO || badN {
		if !jsonvalue.Equal(oe, ne) {
			c.keywordChanged(o, n, "enum", oe, ne)
		}
		oe, ne = nil, nil
		if jsonvalue.Equal(oc, nc) {
			return
		}
	}
	if sameAllowed(oe, oc, ne, nc) {
		return
	}
	// Only const on one side and only enum on the other: compare as enums.
	if oc != nil && oe == nil && ne != nil && nc == nil {
		one := jsonvalue.NewArray(*oc)
		c.enums(o, n, &one, ne)
		return
	}
	if oe != nil && oc == nil && nc != nil && ne == nil {
		one := jsonvalue.NewArray(*nc)
		c.enums(o, n, oe, &one)
		return
	}
	c.enums(o, n, oe, ne)
	c.consts(o, n, oc, nc)
}

// allowed returns the canonical forms of the values an enum/const pair
// allows, or nil when they allow anything.
func allowed(e, cst *jsonvalue.Value) map[string]bool {
	if e == nil && cst == nil {
		return nil
	}
	set := map[string]bool{}
	if e != nil {
		for i := range e.Items {
			set[jsonvalue.Canonical(&e.Items[i])] = true
		}
	}
	if cst != nil {
		key := jsonvalue.Canonical(cst)
		if e != nil && !set[key] {
			return map[string]bool{}
		}
		set = map[string]bool{key: true}
	}
	return set
}

func sameAllowed(oe, oc, ne, nc *jsonvalue.Value) bool {
	a, b := allowed(oe, oc), allowed(ne, nc)
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if len(a) != len(b) {
		return false
	}
	for key := range a {
		if !b[key] {
			return false
		}
	}
	return true
}

func (c *comparer) enums(o, n *node, oe, ne *jsonvalue.Value) {
	switch {
	case oe == nil && ne == nil:
		return
	case oe == nil:
		c.emit("enum-added", "An enum now restricts the value to "+valueList(ne.Items)+"; other values are rejected. To stay compatible, list the expected values in `description` instead, or map other values in your handler.", o, n, nil, ne, k("enum"))
		return
	case ne == nil:
		c.emit("enum-removed", "The enum was removed; any value of the type is accepted.", o, n, oe, nil, k("enum"))
		return
	}
	oldSet, newSet := canonicalSet(oe.Items), canonicalSet(ne.Items)
	var dropped, gained []jsonvalue.Value
	firstDropped, firstGained := -1, -1
	for i := range oe.Items {
		if !newSet[jsonvalue.Canonical(&oe.Items[i])] {
			dropped = append(dropped, oe.Items[i])
			if firstDropped < 0 {
				firstDropped = i
			}
		}
	}
	for i := range ne.Items {
		if !oldSet[jsonvalue.Canonical(&ne.Items[i])] {
			gained = append(gained, ne.Items[i])
			if firstGained < 0 {
				firstGained = i
			}
		}
	}
	rel := []seg{k("enum")}
	// Located at the value itself (the first one, when several): a removed
	// value where it was in the old file and, in the new one, at the entry
	// that took its place; an added value where it is.
	oldEnum, oldExact := walkSpan(o, rel)
	newEnum, newExact := walkSpan(n, rel)
	itemAt := func(list *jsonvalue.Value, i int, whole span, exact bool) span {
		if !exact || len(list.Items) == 0 {
			return whole
		}
		i = min(i, len(list.Items)-1)
		if list.Items[i].End == 0 {
			return whole
		}
		return valueSpan(&list.Items[i])
	}
	if !oldExact {
		oldEnum = span{}
	}
	if len(dropped) > 0 {
		c.record("enum-narrowed", "", plural(len(dropped), "Enum value ", "Enum values ")+valueList(dropped)+
			" no longer accepted; callers sending "+plural(len(dropped), "it", "them")+" will be rejected. To stay compatible, keep accepting "+plural(len(dropped), "it", "them")+" and map "+plural(len(dropped), "it", "them")+" to a supported value in your handler.", oe, ne,
			itemAt(oe, firstDropped, oldEnum, oldExact), itemAt(ne, firstDropped, newEnum, newExact), rel)
	}
	if len(gained) > 0 {
		c.record("enum-expanded", "", plural(len(gained), "Enum value ", "Enum values ")+valueList(gained)+" now accepted.", oe, ne,
			oldEnum, itemAt(ne, firstGained, newEnum, newExact), rel)
	}
}

func (c *comparer) consts(o, n *node, oc, nc *jsonvalue.Value) {
	switch {
	case jsonvalue.Equal(oc, nc):
	case oc == nil:
		c.emit("const-added", "The value must now be exactly `"+jsonvalue.Encode(nc, "")+"`. To stay compatible, leave it out and map other values in your handler.", o, n, nil, nc, k("const"))
	case nc == nil:
		c.emit("const-removed", "The value is no longer fixed to a single constant.", o, n, oc, nil, k("const"))
	default:
		c.emit("const-changed", "The fixed value changed from `"+jsonvalue.Encode(oc, "")+"` to `"+jsonvalue.Encode(nc, "")+"`; callers sending the old one will be rejected. To stay compatible, accept both: `enum` with the old and the new value.", o, n, oc, nc, k("const"))
	}
}

func canonicalSet(items []jsonvalue.Value) map[string]bool {
	set := make(map[string]bool, len(items))
	for i := range items {
		set[jsonvalue.Canonical(&items[i])] = true
	}
	return set
}

// valueList renders values as compact JSON in backticks, comma separated.
func valueList(items []jsonvalue.Value) string {
	parts := make([]string, len(items))
	for i := range items {
		parts[i] = "`" + jsonvalue.Encode(&items[i], "") + "`"
	}
	return strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
