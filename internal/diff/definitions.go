package diff

import "github.com/schemaport/schemaport-action/internal/jsonvalue"

// definitions compares $defs and definitions. A definition some $ref reaches
// is compared where it is used (each use site), so it is skipped here. One
// that no $ref reaches cannot change what a caller may send: its edits are
// reported at full depth but never above informational, and adding or
// removing it is informational.
func (c *comparer) definitions(o, n *node) {
	c.definitionMap(o, n, kwDefs, "$defs")
	c.definitionMap(o, n, kwDefinitions, "definitions")
}

func (c *comparer) definitionMap(o, n *node, id kw, key string) {
	ov, nv := o.get(id), n.get(id)
	if ov == nil && nv == nil {
		return
	}
	if (ov != nil && ov.Kind != jsonvalue.Object) || (nv != nil && nv.Kind != jsonvalue.Object) {
		if !jsonvalue.Equal(ov, nv) {
			c.capInfo++
			c.keywordChanged(o, n, key, ov, nv)
			c.capInfo--
		}
		return
	}
	// With a reference the engine does not follow ($dynamicRef, or a $ref
	// it cannot resolve) nothing proves a definition unused: compare it
	// with its changes' own classes, and treat one appearing or going away
	// as breaking.
	opaque := c.o.opaqueRefs() || c.n.opaqueRefs()
	visit := func(name string, om, nm *jsonvalue.Member) {
		if om != nil && c.o.reachable(&om.Value) || nm != nil && c.n.reachable(&nm.Value) {
			return
		}
		rel := []seg{k(key), k(name)}
		switch {
		case om == nil && opaque:
			at, _ := walkSpan(n, rel)
			c.record("definition-added", Breaking, "Definition `"+name+"` was added; a reference SchemaPort cannot follow may use it, so treat it as breaking.", nil, &nm.Value, span{}, at, rel)
		case nm == nil && opaque:
			oldAt, _ := walkSpan(o, rel)
			newAt, _ := walkSpan(n, rel)
			c.record("definition-removed", Breaking, "Definition `"+name+"` was removed; a reference SchemaPort cannot follow may have used it, so treat it as breaking.", &om.Value, nil, oldAt, newAt, rel)
		case om == nil:
			c.emit("definition-added", "Definition `"+name+"` was added; no $ref uses it, so callers are not affected.", o, n, nil, &nm.Value, rel...)
		case nm == nil:
			c.emit("definition-removed", "Definition `"+name+"` was removed; no $ref used it, so callers are not affected.", o, n, &om.Value, nil, rel...)
		default:
			if !opaque {
				c.capInfo++
				defer func() { c.capInfo-- }()
			}
			on, ok := c.child(c.o, &om.Value, memberSpan(om))
			nn, nk := c.child(c.n, &nm.Value, memberSpan(nm))
			c.compareSlot(o, n, on, ok, nn, nk, &om.Value, &nm.Value, slotRules{}, rel...)
		}
	}
	for _, m := range jsKeyOrder(ov) {
		visit(m.Key, m, nv.Member(m.Key))
	}
	for _, m := range jsKeyOrder(nv) {
		if ov.Get(m.Key) == nil {
			visit(m.Key, nil, m)
		}
	}
}
