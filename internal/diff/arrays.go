package diff

import "github.com/schemaport/schemaport-action/internal/jsonvalue"

// arrays classifies prefixItems (position by position), items, contains and
// unevaluatedItems.
func (c *comparer) arrays(o, n *node) {
	c.prefixItems(o, n)
	c.items(o, n)
	// With maxContains, a contains schema matching more elements can push
	// an array over the cap: edits inside it are not proven safe.
	capped := o.get(kwMaxContains) != nil || n.get(kwMaxContains) != nil
	c.slot(o, n, kwContains, "contains", slotRules{added: "contains-added", removed: "contains-removed", unsafe: capped})
	c.slot(o, n, kwUnevaluatedItems, "unevaluatedItems", slotRules{
		added: "unevaluated-items-restricted", removed: "unevaluated-items-relaxed", trivial: true,
		closed: "unevaluated-items-restricted", opened: "unevaluated-items-relaxed"})
}

var itemsRules = slotRules{added: "array-items-added", removed: "array-items-removed", trivial: true}

// items compares the schema for elements after the prefix. The draft-07
// tuple form (an array) is not a 2020-12 schema: any edit to it is breaking.
func (c *comparer) items(o, n *node) {
	ov, nv := o.get(kwItems), n.get(kwItems)
	if ov.IsArray() || nv.IsArray() {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, "items", ov, nv)
		}
		return
	}
	c.slot(o, n, kwItems, "items", itemsRules)
}

// prefixItems compares what each array position must match. A position past
// a side's prefix is governed by that side's items (absent: anything), so a
// tuple that grows or shrinks is compared against the old or new items.
func (c *comparer) prefixItems(o, n *node) {
	ov, nv := o.get(kwPrefixItems), n.get(kwPrefixItems)
	if ov == nil && nv == nil {
		return
	}
	if (ov != nil && ov.Kind != jsonvalue.Array) || (nv != nil && nv.Kind != jsonvalue.Array) {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, "prefixItems", ov, nv)
		}
		return
	}
	ol, nl := 0, 0
	if ov != nil {
		ol = len(ov.Items)
	}
	if nv != nil {
		nl = len(nv.Items)
	}
	// Items as they govern positions past the prefix; a tuple-form items is
	// not followed (items() reports it).
	oItems, nItems := o.get(kwItems), n.get(kwItems)
	if oItems.IsArray() {
		oItems = nil
	}
	if nItems.IsArray() {
		nItems = nil
	}
	for i := 0; i < ol || i < nl; i++ {
		var oe, ne *jsonvalue.Value
		var oat, nat span
		oFromPrefix, nFromPrefix := i < ol, i < nl
		if oFromPrefix {
			oe = &ov.Items[i]
			oat = valueSpan(oe)
		} else if oItems != nil {
			oe = oItems
			oat = memberSpan(o.kw[kwItems])
		}
		if nFromPrefix {
			ne = &nv.Items[i]
			nat = valueSpan(ne)
		} else if nItems != nil {
			ne = nItems
			nat = memberSpan(n.kw[kwItems])
		}
		on, ok := c.child(c.o, oe, oat)
		nn, nk := c.child(c.n, ne, nat)
		rules := slotRules{added: "prefix-item-added", removed: "prefix-item-removed", trivial: true}
		// The other side's items stand in for a missing position; give the
		// node the right place in the path while keeping its own location.
		c.compareSlot(o, n, on, ok, nn, nk, oe, ne, rules, k("prefixItems"), ix(i))
	}
}
