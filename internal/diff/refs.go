package diff

import "github.com/schemaport/schemaport-action/internal/jsonvalue"

// refs compares the $refs left in a node after resolution: those could not
// be followed (external, anchors, dangling, $ref loops), so nothing behind
// them can be compared and every change to them is breaking.
func (c *comparer) refs(o, n *node) {
	ov, nv := o.get(kwRef), n.get(kwRef)
	if ov == nil && nv == nil {
		return
	}
	if (ov != nil && ov.Kind != jsonvalue.String) || (nv != nil && nv.Kind != jsonvalue.String) {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, "$ref", ov, nv)
		}
		return
	}
	switch {
	case ov == nil:
		c.emit("ref-added", "A `$ref` that cannot be followed ("+nv.Text+") replaced an inline schema; what it accepts cannot be checked.", o, n, nil, nv, k("$ref"))
	case nv == nil:
		c.emit("ref-removed", "A `$ref` that could not be followed ("+ov.Text+") was replaced by an inline schema; what it accepted before cannot be checked.", o, n, ov, nil, k("$ref"))
	case ov.Text != nv.Text:
		c.emit("ref-changed", "An unfollowable `$ref` changed from "+ov.Text+" to "+nv.Text+"; nothing behind it can be compared.", o, n, ov, nv, k("$ref"))
	}
}
