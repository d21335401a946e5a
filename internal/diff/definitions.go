package diff

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// definitions compares $defs and definitions. A definition some $ref reaches
// is compared once, at the definition, when the first use site reaches it
// (walk.go, pair), so it is skipped here. One
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
			// Compared already through a $ref from another unreached
			// definition (walk.go, pair), or about to be through one.
			dk := defKey{schemapath.Join("inputSchema", key, name), c.context()}
			if c.defDone[dk] {
				return
			}
			if c.defDone == nil {
				c.defDone = map[defKey]bool{}
			}
			c.defDone[dk] = true
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

// mostUses bounds the use sites a definition's change lists.
const mostUses = 5

// nameUses appends to each change inside a definition compared at its own
// path the places that use it.
func (c *comparer) nameUses() {
	if len(c.defUses) == 0 {
		return
	}
	for i := range c.out {
		ch := &c.out[i]
		for def, uses := range c.defUses {
			if ch.Path != def && !strings.HasPrefix(ch.Path, def+".") && !strings.HasPrefix(ch.Path, def+"[") {
				continue
			}
			var b strings.Builder
			b.WriteString(" Used by ")
			for j, u := range uses {
				if j == mostUses {
					b.WriteString(", and " + strconv.Itoa(len(uses)-mostUses) + " more")
					break
				}
				if j > 0 {
					b.WriteString(", ")
				}
				b.WriteString("`" + strings.TrimPrefix(u, "inputSchema.") + "`")
			}
			b.WriteString(".")
			ch.Message += b.String()
			break
		}
	}
}
