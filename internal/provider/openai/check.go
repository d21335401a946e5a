package openai

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Check reports what OpenAI strict function calling would do with t, in the
// canonical order.
func Check(t *tool.Tool) []provider.Diagnostic {
	c := checker{e: provider.NewEmitter(t, ID), tool: t}
	root := t.InputSchema()
	c.name()
	c.description()
	c.root(root)
	c.budget(root)
	c.slots(root)
	c.surviving(root, provider.RootPath)
	return c.e.Finish()
}

type checker struct {
	e    *provider.Emitter
	tool *tool.Tool
}

func (c *checker) emit(rule int, path, message, arg string) {
	c.e.Emit(&Rules[rule], path, message, arg)
}

func (c *checker) name() {
	name := c.tool.Name
	if !provider.IsASCIIWord(name, "_-") {
		c.emit(ruleNameCharacters, "name",
			"Tool name "+jsonvalue.Quote(name)+" has characters OpenAI rejects; use only letters, digits, `_` and `-`.", "")
	}
	if n := provider.UTF16Len(name); n > maxNameLength {
		c.emit(ruleNameTooLong, "name",
			"Tool name is "+strconv.Itoa(n)+" characters long; OpenAI allows "+strconv.Itoa(maxNameLength)+". Shorten it.", "")
	}
}

func (c *checker) description() {
	if d, ok := c.tool.Description(); ok && !provider.IsBlank(d) {
		return
	}
	c.emit(ruleMissingDescription, "description",
		"The tool has no description; add one so the model can tell when to call it.", "")
}

func (c *checker) root(root *jsonvalue.Value) {
	if !provider.IsType(root, "object") {
		c.emit(ruleRootNotObject, provider.RootPath,
			"OpenAI needs the root schema to be `\"type\": \"object\"`"+foundTypes(root)+"; put the arguments in an object.", "")
	}
	if a := root.Get("anyOf"); a != nil && a.Kind == jsonvalue.Array {
		c.emit(ruleRootAnyOf, "inputSchema.anyOf",
			"OpenAI rejects `anyOf` at the root of the schema; move the union into a property.", "")
	}
}

func foundTypes(s *jsonvalue.Value) string {
	var buf [4]string
	types := provider.SchemaTypes(s, buf[:0])
	if len(types) == 0 {
		return " (it declares no type)"
	}
	return " (it declares " + strings.Join(types, " | ") + ")"
}

// surviving walks the subschemas that compiling for OpenAI keeps: the values
// of properties/$defs/definitions, anyOf/oneOf branches and object items.
// Keywords it drops wholesale (allOf, not, prefixItems, a schema-valued
// additionalProperties, ...) are reported at their parent, never entered.
func (c *checker) surviving(s *jsonvalue.Value, path string) {
	if s == nil || s.Kind != jsonvalue.Object {
		return
	}
	c.keywords(s, path)
	c.additionalProperties(s, path)
	c.optionalProperties(s, path)
	for _, slot := range [...]string{"properties", "$defs", "definitions"} {
		if m := s.Get(slot); m != nil && m.Kind == jsonvalue.Object {
			base := schemapath.Key(path, slot)
			for i := range m.Members {
				if child := &m.Members[i].Value; child.Kind == jsonvalue.Object {
					c.surviving(child, schemapath.Key(base, m.Members[i].Key))
				}
			}
		}
	}
	for _, slot := range [...]string{"anyOf", "oneOf"} {
		if l := s.Get(slot); l != nil && l.Kind == jsonvalue.Array {
			base := schemapath.Key(path, slot)
			for i := range l.Items {
				if l.Items[i].Kind == jsonvalue.Object {
					c.surviving(&l.Items[i], schemapath.Index(base, i))
				}
			}
		}
	}
	if items := s.Get("items"); items != nil && items.Kind == jsonvalue.Object {
		c.surviving(items, schemapath.Key(path, "items"))
	}
}

func (c *checker) keywords(s *jsonvalue.Value, path string) {
	for i := range s.Members {
		m := &s.Members[i]
		kw := m.Key
		class := keywordClasses[kw]
		if class == classSupported {
			continue
		}
		at := schemapath.Key(path, kw)
		switch class {
		case classAnnotation:
			c.emit(ruleAnnotationDropped, at, "`"+kw+"` is dropped for OpenAI; it is an annotation and constrains nothing.", kw)
		case classUnsupported:
			c.emit(ruleUnsupportedKeyword, at, "OpenAI does not support `"+kw+"`; compiling drops it and its constraint. Restate it with supported keywords or check it in your handler.", kw)
		case classUndocumented:
			c.emit(ruleUndocumentedConstraint, at, "OpenAI does not document `"+kw+"`; compiling drops it, so check the constraint in your handler.", kw)
		case classUnknown:
			c.emit(ruleUnknownKeyword, at, "`"+kw+"` is not a keyword OpenAI knows; compiling drops it. Remove it if it constrains nothing.", kw)
		case classRewritten:
			c.rewritten(s, &m.Value, kw, at)
		}
	}
	if f := s.Get("format"); f != nil && f.Kind == jsonvalue.String && !supportedFormats[f.Text] {
		c.emit(ruleUnsupportedFormat, schemapath.Key(path, "format"),
			"OpenAI does not support `format: "+jsonvalue.Quote(f.Text)+"`; compiling drops it, so validate the value in your handler.", f.Text)
	}
}

func (c *checker) rewritten(s, v *jsonvalue.Value, kw, at string) {
	switch kw {
	case "const":
		c.emit(ruleConstToEnum, at, "`const` becomes a one-value `enum` for OpenAI; the same value is accepted.", "")
	case "oneOf":
		c.emit(ruleOneOfToAnyOf, at, "OpenAI has no `oneOf`; it becomes `anyOf`, which also accepts a value matching several branches. Make the branches exclusive or use `anyOf`.", "")
	case "definitions":
		if d := s.Get("$defs"); d != nil && d.Kind == jsonvalue.Object {
			c.emit(ruleConflictingDefinitions, at, "Both `definitions` and `$defs` are present and OpenAI knows only `$defs`; compiling drops `definitions`. Merge them into `$defs`.", "")
		} else {
			c.emit(ruleLegacyDefinitions, at, "OpenAI documents `$defs`, not `definitions`; rename it (compiling renames it and rewrites the `$ref`s).", "")
		}
	case "nullable":
		if v.IsTrue() {
			c.emit(ruleNullableConverted, at, "`nullable` is OpenAPI, not JSON Schema; write `\"type\": [..., \"null\"]` instead (compiling does this).", "")
		} else {
			c.emit(ruleAnnotationDropped, at, "`nullable` other than true means nothing to OpenAI and is dropped; remove it.", "nullable")
		}
	case "default":
		c.emit(ruleDefaultDropped, at, "OpenAI drops `default`, so the model picks its own value; state the default in the description.", "")
	}
}

// isObjectLike: compiling treats the schema as an object that strict mode
// requires to be closed and fully required.
func isObjectLike(s *jsonvalue.Value) bool {
	if provider.HasType(s, "object") {
		return true
	}
	if p := s.Get("properties"); p != nil && p.Kind == jsonvalue.Object {
		return true
	}
	if r := s.Get("required"); r != nil && r.Kind == jsonvalue.Array {
		return true
	}
	return s.Has("additionalProperties")
}

func (c *checker) additionalProperties(s *jsonvalue.Value, path string) {
	if !isObjectLike(s) {
		return
	}
	at := schemapath.Key(path, "additionalProperties")
	ap := s.Get("additionalProperties")
	switch {
	case ap == nil:
		c.emit(ruleMissingAdditionalProperties, at, "OpenAI strict mode needs `additionalProperties: false` on every object; add it here.", "")
	case ap.IsTrue():
		c.emit(ruleAdditionalPropertiesTrue, at, "OpenAI strict mode rejects `additionalProperties: true`; set it to false.", "")
		c.emit(ruleExtraPropertiesRejected, at, "Once compiled this object rejects keys it does not declare; declare every key callers send.", "")
	case ap.Kind == jsonvalue.Object:
		c.emit(ruleAdditionalPropertiesSchema, at, "OpenAI strict mode cannot express a typed map; compiling closes the object and drops the map. Use an array of key/value objects instead.", "")
	}
}

func (c *checker) optionalProperties(s *jsonvalue.Value, path string) {
	props := s.Get("properties")
	if props == nil || props.Kind != jsonvalue.Object || len(props.Members) == 0 {
		return
	}
	required := s.Get("required")
	base := schemapath.Key(path, "properties")
	for i := range props.Members {
		name := props.Members[i].Key
		if provider.Contains(required, name) {
			continue
		}
		at := schemapath.Key(base, name)
		c.emit(ruleOptionalProperty, at, "`"+name+"` is optional, but OpenAI strict mode requires every property in `required`; add it there (compiling makes it required and nullable).", name)
		c.emit(ruleNullableInsteadOfOmitted, at, "After compiling, the model sends `"+name+": null` instead of leaving it out; treat null as absent in the `"+c.tool.Name+"` handler.", name)
	}
}
