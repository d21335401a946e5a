package diff

import "github.com/schemaport/schemaport-action/internal/jsonvalue"

// bound is one numeric bound keyword. def is its default ("" when it has
// none): an absent keyword equals its default, so minLength 0 appearing is
// no change.
type bound struct {
	id    kw
	key   string
	lower bool
	def   string
}

// boundOrder is SchemaPort's pass order, with minContains/maxContains
// (which it never compares) after their families.
var boundOrder = []bound{
	{kwMinimum, "minimum", true, ""},
	{kwExclusiveMinimum, "exclusiveMinimum", true, ""},
	{kwMinLength, "minLength", true, "0"},
	{kwMinItems, "minItems", true, "0"},
	{kwMinProperties, "minProperties", true, "0"},
	{kwMinContains, "minContains", true, "1"},
	{kwMaximum, "maximum", false, ""},
	{kwExclusiveMaximum, "exclusiveMaximum", false, ""},
	{kwMaxLength, "maxLength", false, ""},
	{kwMaxItems, "maxItems", false, ""},
	{kwMaxProperties, "maxProperties", false, ""},
	{kwMaxContains, "maxContains", false, ""},
}

// bounds classifies the numeric bounds, multipleOf and uniqueItems, with
// exact decimal arithmetic (18446744073709551615 and ...614 differ).
func (c *comparer) bounds(o, n *node) {
	for _, b := range boundOrder {
		switch b.id {
		case kwMinimum:
			c.numericBound(o, n, lowerBound)
		case kwMaximum:
			c.numericBound(o, n, upperBound)
		case kwExclusiveMinimum, kwExclusiveMaximum:
			// compared with their pair in numericBound
		default:
			c.bound(o, n, b)
		}
	}
	c.multipleOf(o, n)
	c.uniqueItems(o, n)
}

func (c *comparer) bound(o, n *node, b bound) {
	ov, nv := o.get(b.id), n.get(b.id)
	if b.id == kwMinContains || b.id == kwMaxContains {
		// Without contains on both sides they count nothing: contains
		// appearing or going away is reported by its own rule.
		if o.get(kwContains) == nil || n.get(kwContains) == nil {
			return
		}
	}
	if ov == nil && nv == nil {
		return
	}
	if (ov != nil && ov.Kind != jsonvalue.Number) || (nv != nil && nv.Kind != jsonvalue.Number) {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, b.key, ov, nv)
		}
		return
	}
	oText, nText := b.def, b.def
	if ov != nil {
		oText = ov.Text
	}
	if nv != nil {
		nText = nv.Text
	}
	if ov == nil && b.def == "" {
		c.emit("constraint-added", "`"+b.key+"` of "+nv.Text+" was added; values outside it are rejected now. To stay compatible, leave it out and bring such values into range in your handler.", o, n, nil, nv, k(b.key))
		return
	}
	if nv == nil && b.def == "" {
		c.emit("constraint-removed", "`"+b.key+"` of "+ov.Text+" was removed; the range is wider now.", o, n, ov, nil, k(b.key))
		return
	}
	cmp := jsonvalue.CompareNumbers(oText, nText)
	if cmp == 0 {
		return
	}
	narrowed := (b.lower && cmp < 0) || (!b.lower && cmp > 0)
	code := "constraint-relaxed"
	switch {
	case narrowed && ov == nil:
		code = "constraint-added"
	case narrowed:
		code = "constraint-narrowed"
	case nv == nil:
		code = "constraint-removed"
	}
	from, to := oText, nText
	if ov == nil {
		from += " (default)"
	}
	if nv == nil {
		to += " (default)"
	}
	if narrowed {
		c.emit(code, "`"+b.key+"` changed from "+from+" to "+to+"; values that passed before may be rejected now. To stay compatible, keep the old bound and bring values outside the new one into range in your handler.", o, n, ov, nv, k(b.key))
	} else {
		c.emit(code, "`"+b.key+"` changed from "+from+" to "+to+"; the range is wider now.", o, n, ov, nv, k(b.key))
	}
}

// multipleOf: a new divisor that divides the old one accepts every value the
// old one did (60 -> 30), anything else may reject them.
func (c *comparer) multipleOf(o, n *node) {
	ov, nv := o.get(kwMultipleOf), n.get(kwMultipleOf)
	if ov == nil && nv == nil {
		return
	}
	if (ov != nil && ov.Kind != jsonvalue.Number) || (nv != nil && nv.Kind != jsonvalue.Number) {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, "multipleOf", ov, nv)
		}
		return
	}
	switch {
	case ov == nil:
		c.emit("constraint-added", "`multipleOf` "+nv.Text+" was added; other values are rejected now.", o, n, nil, nv, k("multipleOf"))
	case nv == nil:
		c.emit("constraint-removed", "`multipleOf` "+ov.Text+" was removed.", o, n, ov, nil, k("multipleOf"))
	case jsonvalue.CompareNumbers(ov.Text, nv.Text) == 0:
	default:
		if isMult, known := jsonvalue.IsMultiple(ov.Text, nv.Text); known && isMult && jsonvalue.CompareNumbers(nv.Text, "0") > 0 {
			c.emit("constraint-relaxed", "`multipleOf` changed from "+ov.Text+" to "+nv.Text+", which divides it; every value accepted before still is.", o, n, ov, nv, k("multipleOf"))
			return
		}
		c.emit("constraint-narrowed", "`multipleOf` changed from "+ov.Text+" to "+nv.Text+"; values that were multiples of "+ov.Text+" may be rejected now.", o, n, ov, nv, k("multipleOf"))
	}
}

// uniqueItems: absent equals false.
func (c *comparer) uniqueItems(o, n *node) {
	ov, nv := o.get(kwUniqueItems), n.get(kwUniqueItems)
	if ov == nil && nv == nil {
		return
	}
	if (ov != nil && ov.Kind != jsonvalue.Bool) || (nv != nil && nv.Kind != jsonvalue.Bool) {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, "uniqueItems", ov, nv)
		}
		return
	}
	was, is := ov.IsTrue(), nv.IsTrue()
	switch {
	case was == is:
	case is:
		c.emit("constraint-added", "`uniqueItems` is on; arrays with repeated elements are rejected now. To stay compatible, leave it off and drop repeated elements in your handler.", o, n, ov, nv, k("uniqueItems"))
	default:
		c.emit("constraint-removed", "`uniqueItems` is off; repeated elements are accepted now.", o, n, ov, nv, k("uniqueItems"))
	}
}
