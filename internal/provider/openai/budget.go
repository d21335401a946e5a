package openai

import (
	"strconv"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// budget is the schema measured against OpenAI's documented size limits.
type budget struct {
	properties int // keys of every properties map reached
	maxDepth   int // the root is level 1; a scalar leaf counts as a level
	enumValues int // elements of every enum array reached
	stringLen  int // property/definition names, string enum values, string consts (UTF-16 units)
	largeEnums []string
}

// measure walks properties/$defs/definitions values, anyOf/oneOf/allOf/
// prefixItems elements and items/additionalProperties/not, object values
// only; $ref targets, if/then/else and the like are not entered.
func (b *budget) measure(s *jsonvalue.Value, path string, depth int) {
	b.maxDepth = max(b.maxDepth, depth)
	if e := s.Get("enum"); e != nil && e.Kind == jsonvalue.Array {
		b.enumValues += len(e.Items)
		n := 0
		for i := range e.Items {
			if e.Items[i].Kind == jsonvalue.String {
				n += provider.UTF16Len(e.Items[i].Text)
			}
		}
		b.stringLen += n
		if len(e.Items) > largeEnumValues && n > largeEnumMaxLength {
			b.largeEnums = append(b.largeEnums, schemapath.Key(path, "enum"))
		}
	}
	if k := s.Get("const"); k != nil && k.Kind == jsonvalue.String {
		b.stringLen += provider.UTF16Len(k.Text)
	}
	for _, slot := range [...]string{"properties", "$defs", "definitions"} {
		m := s.Get(slot)
		if m == nil || m.Kind != jsonvalue.Object {
			continue
		}
		for i := range m.Members {
			if slot == "properties" {
				b.properties++
			}
			b.stringLen += provider.UTF16Len(m.Members[i].Key)
			if child := &m.Members[i].Value; child.Kind == jsonvalue.Object {
				b.measure(child, schemapath.Join(path, slot, m.Members[i].Key), depth+1)
			}
		}
	}
	for _, slot := range [...]string{"anyOf", "oneOf", "allOf", "prefixItems"} {
		l := s.Get(slot)
		if l == nil || l.Kind != jsonvalue.Array {
			continue
		}
		for i := range l.Items {
			if l.Items[i].Kind == jsonvalue.Object {
				b.measure(&l.Items[i], schemapath.Index(schemapath.Key(path, slot), i), depth+1)
			}
		}
	}
	for _, slot := range [...]string{"items", "additionalProperties", "not"} {
		if child := s.Get(slot); child != nil && child.Kind == jsonvalue.Object {
			b.measure(child, schemapath.Key(path, slot), depth+1)
		}
	}
}

func (c *checker) budget(root *jsonvalue.Value) {
	if root == nil || root.Kind != jsonvalue.Object {
		return
	}
	var b budget
	b.measure(root, provider.RootPath, 1)
	const at = provider.RootPath
	itoa := strconv.Itoa

	switch {
	case b.properties > maxTotalProperties:
		c.emit(ruleTooManyProperties, at, "The schema declares "+itoa(b.properties)+" properties; OpenAI allows "+itoa(maxTotalProperties)+". Split the tool.", "")
	case b.properties > nearTotalProperties:
		c.emit(rulePropertiesNearLimit, at, "The schema declares "+itoa(b.properties)+" of the "+itoa(maxTotalProperties)+" properties OpenAI allows; plan before adding more.", "")
	}
	switch {
	case b.maxDepth > maxNestingDepth:
		c.emit(ruleTooDeep, at, "The schema nests "+itoa(b.maxDepth)+" levels deep; OpenAI allows "+itoa(maxNestingDepth)+". Flatten it.", "")
	case b.maxDepth >= nearNestingDepth:
		c.emit(ruleNestingNearLimit, at, "The schema nests "+itoa(b.maxDepth)+" levels deep, "+itoa(maxNestingDepth-b.maxDepth)+" short of OpenAI's limit of "+itoa(maxNestingDepth)+"; one more level of nesting will be rejected.", "")
	}
	switch {
	case b.enumValues > maxTotalEnumValues:
		c.emit(ruleTooManyEnumValues, at, "The schema has "+itoa(b.enumValues)+" enum values; OpenAI allows "+itoa(maxTotalEnumValues)+" across all properties. Shorten the enums or take free text.", "")
	case b.enumValues > nearTotalEnumValues:
		c.emit(ruleEnumValuesNearLimit, at, "The schema has "+itoa(b.enumValues)+" of the "+itoa(maxTotalEnumValues)+" enum values OpenAI allows; plan before adding more.", "")
	}
	for _, p := range b.largeEnums {
		c.emit(ruleLargeEnumTooLong, p, "This enum has more than "+itoa(largeEnumValues)+" values totalling over "+itoa(largeEnumMaxLength)+" characters, which OpenAI rejects; shorten the values or split the enum.", "")
	}
	switch {
	case b.stringLen > maxTotalStringLen:
		c.emit(ruleTooLarge, at, "Property names, definition names, enum values and consts total "+itoa(b.stringLen)+" characters; OpenAI allows "+itoa(maxTotalStringLen)+". Shrink the schema.", "")
	case b.stringLen > nearTotalStringLen:
		c.emit(ruleSizeNearLimit, at, "Property names, definition names, enum values and consts total "+itoa(b.stringLen)+" of the "+itoa(maxTotalStringLen)+" characters OpenAI allows; plan before adding more.", "")
	}
}
