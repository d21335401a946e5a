package openai

import (
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// slots inspects every place a subschema belongs (properties, $defs and
// definitions values; anyOf, oneOf, allOf and prefixItems elements; items
// and not whenever present) for values OpenAI cannot take: true, false, or
// something that is not a schema at all. additionalProperties is left to
// its own rule, where a boolean is the normal form.
func (c *checker) slots(root *jsonvalue.Value) {
	if root != nil && root.Kind == jsonvalue.Object {
		c.slotsIn(root, "inputSchema", false)
	}
}

// slotsIn inspects the slots of s. dropped says s sits under allOf, not or
// prefixItems, which compiling removes along with whatever they hold.
func (c *checker) slotsIn(s *jsonvalue.Value, path string, dropped bool) {
	for _, slot := range [...]string{"properties", "$defs", "definitions"} {
		if m := s.Get(slot); m != nil && m.Kind == jsonvalue.Object {
			base := schemapath.Key(path, slot)
			for i := range m.Members {
				c.slot(&m.Members[i].Value, schemapath.Key(base, m.Members[i].Key), dropped)
			}
		}
	}
	for _, slot := range [...]string{"anyOf", "oneOf", "allOf", "prefixItems"} {
		if l := s.Get(slot); l != nil && l.Kind == jsonvalue.Array {
			base := schemapath.Key(path, slot)
			d := dropped || slot == "allOf" || slot == "prefixItems"
			for i := range l.Items {
				c.slot(&l.Items[i], schemapath.Index(base, i), d)
			}
		}
	}
	if v := s.Get("items"); v != nil {
		c.slot(v, schemapath.Key(path, "items"), dropped)
	}
	if v := s.Get("not"); v != nil {
		c.slot(v, schemapath.Key(path, "not"), true)
	}
}

func (c *checker) slot(v *jsonvalue.Value, path string, dropped bool) {
	switch {
	case v.Kind == jsonvalue.Object:
		c.slotsIn(v, path, dropped)
	case v.IsTrue():
		c.emit(ruleTrueSubschema, path, "OpenAI does not take `true` as a schema; compiling writes `{}`, which accepts the same values.", "")
	case v.IsFalse():
		rule := ruleFalseSubschema
		if dropped {
			rule = ruleFalseSubschemaDropped
		}
		c.emit(rule, path, "A `false` schema accepts nothing, which OpenAI cannot express; compiled, it accepts any value. Remove the property or restate the rule.", "")
	default:
		rule := ruleNonSchemaSubschema
		if dropped {
			rule = ruleNonSchemaSubschemaDropped
		}
		c.emit(rule, path, "A "+v.Kind.String()+" stands where a schema belongs; compiled, it accepts any value. Replace it with a schema object.", "")
	}
}
