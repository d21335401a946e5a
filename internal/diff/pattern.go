package diff

import "github.com/schemaport/schemaport-action/internal/jsonvalue"

// pattern: any textual change may reject strings, so only removal is safe.
func (c *comparer) pattern(o, n *node) {
	ov, nv := o.get(kwPattern), n.get(kwPattern)
	if ov == nil && nv == nil {
		return
	}
	if (ov != nil && ov.Kind != jsonvalue.String) || (nv != nil && nv.Kind != jsonvalue.String) {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, "pattern", ov, nv)
		}
		return
	}
	switch {
	case ov == nil:
		c.emit("pattern-added", "A `pattern` ("+nv.Text+") was added; strings that do not match are rejected now. To stay compatible, leave it out and normalise or reject such strings in your handler.", o, n, nil, nv, k("pattern"))
	case nv == nil:
		c.emit("pattern-removed", "The `pattern` was removed.", o, n, ov, nil, k("pattern"))
	case ov.Text != nv.Text:
		c.emit("pattern-changed", "`pattern` changed from "+ov.Text+" to "+nv.Text+"; strings that matched before may be rejected. To stay compatible, make the new pattern match every string the old one did (any pattern edit is reported as breaking: approve it once checked).", o, n, ov, nv, k("pattern"))
	}
}
