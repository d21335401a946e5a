package gemini

import (
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Check reports what Gemini function calling would do with t, in the
// canonical order. References are inlined first and the rules run on the
// result; a finding inside a definition is then put back on the
// definition's path in the file, once, naming the references (remapper).
func Check(t *tool.Tool) []provider.Diagnostic {
	c := checker{e: provider.NewEmitter(t, ID)}
	c.name(t.Name)
	if d, ok := t.Description(); !ok || d == "" {
		c.emit(ruleMissingDescription, "description", "The function has no description; Gemini's API reference marks it required and the model needs it to choose the tool. Add one.", "")
	}
	sl := slabs.Get().(*slab)
	defer sl.release() // after Finish: no finding points into the copies
	res := resolve(t.InputSchema(), c.e.Cursor(), sl)
	if len(res.inlined) > 0 && t.Source != nil {
		c.remap = newRemapper(t.InputSchema(), res.inlined)
		defer c.flush() // before Finish (deferred calls run last in, first out)
	}
	for _, p := range res.dangling {
		c.emitAt(ruleUnresolvableReference, p, "Gemini's `parameters` (the OpenAPI subset) has no `$ref`, and this one names no root `$defs` or `definitions` entry, so compiling cannot inline it and refuses the tool; point it at one, or inline the schema.", "")
	}
	for _, p := range res.recursive {
		c.emitAt(ruleRecursiveReference, p, "Gemini's `parameters` (the OpenAPI subset) has no `$ref`, and this one is recursive, so compiling cannot inline it and refuses the tool; bound the recursion by hand.", "")
	}
	for _, p := range res.inlined {
		c.emitAt(ruleInlinedReference, p, "Gemini's `parameters` (the OpenAPI subset) has no `$ref`. Compiling inlines the referenced definition here, losing nothing; compile, or inline it yourself.", "")
	}
	root := res.root
	if root == nil || root.Kind != jsonvalue.Object {
		return c.finish()
	}
	c.parameterNames(root, c.e.Cursor())
	switch {
	case OmitsParameters(root):
		c.emit(ruleEmptyParameters, provider.RootPath, c.emptyParametersMessage(root), "")
	case !hasProperties(root) && !unionOfObjects(root):
		c.emit(ruleEmptyObjectRoot, provider.RootPath, "Gemini rejects `parameters` as written: an OBJECT without properties is a 400 (\"should be non-empty for OBJECT type\"). Compiling cannot leave it out, because other root keywords say the function takes arguments; declare the properties, or remove those keywords.", "")
	}
	c.root = root
	c.omitted = OmitsParameters(root)
	c.booleans(root, c.e.Cursor())
	provider.WalkFrom(root, c.e.Cursor(), c.subschema)
	return c.finish()
}

// finish emits what the remapper holds, then finishes.
func (c *checker) finish() []provider.Diagnostic {
	c.flush()
	return c.e.Finish()
}

func (c *checker) flush() {
	if c.remap != nil {
		c.remap.flush(c.e)
		c.remap = nil
	}
}

type checker struct {
	e    *provider.Emitter
	root *jsonvalue.Value
	// omitted: compiling leaves out `parameters` (OmitsParameters), so the
	// root's own keys are spoken for by empty-parameters-omitted.
	omitted bool
	// remap, when references were inlined, moves findings back to paths
	// in the file (see remapper).
	remap *remapper
}

// stringTyped: s's types are string, or string and null.
func stringTyped(s *jsonvalue.Value) bool {
	var buf [4]string
	str := false
	for _, t := range provider.SchemaTypes(s, buf[:0]) {
		switch {
		case t == "string":
			str = true
		case t == "null", !IsTypeName(t):
		default:
			return false
		}
	}
	return str
}

// knownTyped: s names a type Gemini knows (compile drops the others).
func knownTyped(s *jsonvalue.Value) bool {
	var buf [4]string
	return slices.ContainsFunc(provider.SchemaTypes(s, buf[:0]), IsTypeName)
}

// hasProperties: s declares at least one property.
func hasProperties(s *jsonvalue.Value) bool {
	p := s.Get("properties")
	return p != nil && p.Kind == jsonvalue.Object && len(p.Members) > 0
}

func (c *checker) emit(rule int, path, message, arg string) {
	c.e.Emit(&Rules[rule], path, message, arg)
}

func (c *checker) emitAt(rule int, at provider.Place, message, arg string) {
	if c.remap != nil {
		c.remap.add(&Rules[rule], at, message, arg)
		return
	}
	c.e.EmitAt(&Rules[rule], at, message, arg)
}

func (c *checker) name(name string) {
	if !provider.IsASCIIWord(name, "_.:-") || len(name) > 128 {
		c.emit(ruleInvalidName, "name", "Function name "+jsonvalue.Quote(name)+" is rejected by Gemini; use up to 128 letters, digits, `_`, `.`, `:` or `-`.", "")
		return
	}
	if f := name[0]; !(f == '_' || f >= 'a' && f <= 'z' || f >= 'A' && f <= 'Z') {
		c.emit(ruleNameLeadingCharacter, "name", "Function name "+jsonvalue.Quote(name)+" does not start with a letter or `_`, which Vertex AI and the SDK require; rename it to be safe.", "")
	}
}

func (c *checker) parameterNames(root *jsonvalue.Value, at *provider.Cursor) {
	pm := root.Member("properties")
	if pm == nil || pm.Value.Kind != jsonvalue.Object {
		return
	}
	props := &pm.Value
	at.PushMember(root, pm)
	for i := range props.Members {
		name := props.Members[i].Key
		if validParameterName(name) {
			continue
		}
		c.emitAt(ruleParameterName, at.MemberPlace(props, &props.Members[i]), "Parameter name "+jsonvalue.Quote(name)+" may be rejected: the SDK and Vertex AI allow letters, digits and `_`, starting with a letter or `_`, up to 64 characters. Rename it.", "")
	}
	at.Pop()
}

// validParameterName: ^[A-Za-z_][A-Za-z0-9_]*$, at most 64 characters.
func validParameterName(name string) bool {
	if len(name) > 64 || !provider.IsASCIIWord(name, "_") {
		return false
	}
	return name[0] < '0' || name[0] > '9'
}

// parameterlessKeys may sit on a root that compiles to no parameters.
var parameterlessKeys = map[string]bool{
	"type": true, "title": true, "description": true, "properties": true, "required": true, "propertyOrdering": true,
}

// OmitsParameters reports whether root (references inlined, definitions
// removed) declares a function without arguments, which compiling writes
// with no `parameters`: no properties, no required, and besides that only
// keys that change nothing accepted (annotations) or say "no other keys"
// (additionalProperties: false, the MCP spec's shape for such tools).
// Compile omits `parameters` exactly for these roots.
func OmitsParameters(root *jsonvalue.Value) bool {
	if p := root.Get("properties"); p != nil && p.Kind == jsonvalue.Object && len(p.Members) > 0 {
		return false
	}
	if r := root.Get("required"); r != nil && r.Kind == jsonvalue.Array && len(r.Items) > 0 {
		return false
	}
	for i := range root.Members {
		m := &root.Members[i]
		switch {
		case parameterlessKeys[m.Key], annotations[m.Key]:
		case m.Key == "additionalProperties" && m.Value.IsFalse():
		default:
			return false
		}
	}
	return true
}

// emptyParametersMessage names, beside the empty OBJECT, the root keys
// Gemini's Schema has no field for (each a 400 of its own), which leaving
// `parameters` out removes too.
func (c *checker) emptyParametersMessage(root *jsonvalue.Value) string {
	const head = "Gemini rejects `parameters` as written: an OBJECT without properties is a 400 (\"should be non-empty for OBJECT type\")"
	const tail = ". Compiling leaves `parameters` out, which is how Gemini declares a function without arguments; compile, or send the function without `parameters`."
	var extra []string
	for i := range root.Members {
		if k := root.Members[i].Key; !parameterlessKeys[k] {
			extra = append(extra, "`"+k+"`")
		}
	}
	if len(extra) == 0 {
		return head + tail
	}
	return c.e.Concat(head, ", and it has no field for ", strings.Join(extra, ", "), " (Unknown name: Cannot find field)", tail)
}

// unionOfObjects: s has union branches (anyOf, oneOf) and every one of them
// declares properties or is the null type: compiling moves the object into
// the branches, so s itself needs no properties.
func unionOfObjects(s *jsonvalue.Value) bool {
	found := false
	for _, kw := range [...]string{"anyOf", "oneOf"} {
		a := s.Get(kw)
		if a == nil || a.Kind != jsonvalue.Array {
			continue
		}
		for i := range a.Items {
			b := &a.Items[i]
			if b.Kind != jsonvalue.Object || !(hasProperties(b) || provider.HasType(b, "null") && len(b.Members) == 1) {
				return false
			}
			found = true
		}
	}
	return found
}

// booleans reports false where a subschema belongs: properties values,
// prefixItems/anyOf/oneOf/allOf elements, items and not (additionalProperties
// is dropped whole, and definitions are gone after inlining).
func (c *checker) booleans(s *jsonvalue.Value, at *provider.Cursor) {
	record := func(v *jsonvalue.Value) {
		switch {
		case v.IsFalse():
			c.emitAt(ruleFalseSubschema, at.Here(), "A `false` schema accepts nothing, which a Gemini Schema cannot say. Compiling writes `{}`, which accepts anything; remove it, or restate the rule.", "")
		case v.Kind == jsonvalue.Object:
			c.booleans(v, at)
		}
	}
	if pm := s.Member("properties"); pm != nil && pm.Value.Kind == jsonvalue.Object {
		p := &pm.Value
		at.PushMember(s, pm)
		for i := range p.Members {
			at.PushMember(p, &p.Members[i])
			record(&p.Members[i].Value)
			at.Pop()
		}
		at.Pop()
	}
	for _, slot := range [...]string{"prefixItems", "anyOf", "oneOf", "allOf"} {
		if lm := s.Member(slot); lm != nil && lm.Value.Kind == jsonvalue.Array {
			l := &lm.Value
			at.PushMember(s, lm)
			for i := range l.Items {
				at.PushIndex(i)
				record(&l.Items[i])
				at.Pop()
			}
			at.Pop()
		}
	}
	for _, slot := range [...]string{"items", "not"} {
		if m := s.Member(slot); m != nil {
			at.PushMember(s, m)
			record(&m.Value)
			at.Pop()
		}
	}
}

// subschema applies the per-subschema rules in one pass over its keys (the
// emission order does not matter: the output is sorted, and findings that
// share a path and code are identical).
func (c *checker) subschema(s *jsonvalue.Value, at *provider.Cursor) {
	var unenforcedMask uint16
	for i := range s.Members {
		m := &s.Members[i]
		kw, v := m.Key, &m.Value
		role := roles.Get(kw)
		unenforcedMask |= role.unenforced
		switch kw {
		case "additionalProperties":
			switch {
			case s == c.root && c.omitted:
				// Compiling leaves out `parameters` (empty-parameters-omitted).
			case v.IsTrue():
				c.emitAt(ruleAdditionalPropertiesTrue, at.MemberPlace(s, m), "Gemini rejects `additionalProperties` as written (HTTP 400, Unknown name \"additionalProperties\": Cannot find field; google-genai: \"only supported in Gemini Enterprise Agent Platform mode\"). Compiling drops `true`, JSON Schema's default, so nothing accepted changes; compile, or remove it.", "")
			case v.IsFalse():
				c.emitAt(ruleAdditionalPropertiesFalse, at.MemberPlace(s, m), "Gemini rejects `additionalProperties` as written (HTTP 400, Unknown name \"additionalProperties\": Cannot find field). Compile (the Gemini declaration leaves it out) or remove it; either way the object is no longer closed, so reject unknown keys in your handler.", "")
			default:
				c.emitAt(ruleAdditionalPropertiesSchema, at.MemberPlace(s, m), "Gemini rejects `additionalProperties` as written (HTTP 400, Unknown name \"additionalProperties\": Cannot find field). Compile (the Gemini declaration leaves it out) or remove it, declaring the keys you know as `properties`; either way check extra keys in your handler.", "")
			}
		case "oneOf":
			if v.Kind == jsonvalue.Array {
				c.emitAt(ruleOneOf, at.MemberPlace(s, m), "Gemini rejects `oneOf` as written (HTTP 400, Unknown name \"oneOf\": Cannot find field). Compiling writes the branches as `anyOf`, which also accepts a value matching several branches; make the branches exclusive.", "")
			}
		case "const":
			if v.Kind == jsonvalue.String {
				c.emitAt(ruleStringConst, at.MemberPlace(s, m), "Gemini rejects `const` as written (HTTP 400, Unknown name \"const\": Cannot find field). Compiling writes a one-value `enum`, which accepts the same value; compile, or write the enum yourself.", "")
			} else {
				c.emitAt(ruleOtherConst, at.MemberPlace(s, m), "Gemini rejects `const` as written (HTTP 400, Unknown name \"const\": Cannot find field), and its enums hold strings only. Compiling drops the constant; check the value in your handler.", "")
			}
		case "enum":
			switch {
			case v.Kind != jsonvalue.Array:
			case !allStrings(v):
				c.emitAt(ruleNonStringEnum, at.MemberPlace(s, m), "Gemini rejects this `enum` as written: its enums hold strings only (HTTP 400, \"enum only allowed for STRING type\"). Write the values as strings with `\"type\": \"string\"` (and convert in your handler), or remove the `enum` and list the values in `description`; compiling drops it, so the value is no longer restricted.", "")
			case !knownTyped(s) && !s.Has("anyOf") && !s.Has("oneOf"):
				// No type Gemini knows (compile drops an unknown one and
				// writes STRING, as for a missing type).
				c.emitAt(ruleEnumTypeMissing, at.MemberPlace(s, m), "Gemini rejects an `enum` without `type: string` as written (HTTP 400, \"function declaration enum only allowed for STRING type\"). Compiling adds `type: STRING`, which accepts the same values; compile, or add the type.", "")
			case knownTyped(s) && !stringTyped(s):
				c.emitAt(ruleEnumTypeNotString, at.MemberPlace(s, m), "Gemini rejects an `enum` on a schema that is not a string (HTTP 400, \"function declaration enum only allowed for STRING type\"). Compiling drops the enum, so the value is no longer restricted; make the type string.", "")
			}
		case "type": // every type rule needs a type
			c.types(s, m, at)
		case "format":
			if v.Kind == jsonvalue.String && v.Text != "enum" && v.Text != "date-time" && provider.HasType(s, "string") {
				c.emitAt(ruleUnsupportedFormat, at.MemberPlace(s, m), formatMessage.For(v.Text), v.Text)
			} else {
				c.emitAt(ruleFormatNotEnforced, at.MemberPlace(s, m), "Gemini accepts this `format` and passes it to the model without enforcing it. Compiling keeps it; validate the value in your handler.", "")
			}
		case "default":
			c.emitAt(ruleDefaultNotEnforced, at.MemberPlace(s, m), "Gemini accepts `default` but does not apply it: an omitted argument stays omitted. Compiling keeps it; apply the default in your handler.", "")
		default:
			if d := role.dropped; d != nil {
				c.emitAt(d.rule, at.MemberPlace(s, m), droppedMessage.For(kw), kw)
			} else if role.annotation {
				if s != c.root || !c.omitted {
					c.emitAt(ruleAnnotationDropped, at.MemberPlace(s, m), annotationMessage.For(kw), kw)
				}
			} else if !role.handled {
				msg := unsupportedMessage.For(kw)
				if near := provider.NearKeyword(kw); near != "" {
					msg = c.e.Concat("Gemini rejects `", kw, "` as written (HTTP 400, Unknown name \"", kw, "\": Cannot find field). Compiling drops it; did you mean `", near, "`?")
				}
				c.emitAt(ruleUnsupportedKeyword, at.MemberPlace(s, m), msg, kw)
			}
		}
	}
	if s != c.root && provider.HasType(s, "object") && !hasProperties(s) && !unionOfObjects(s) {
		c.emitAt(ruleFreeFormObject, at.Here(), "Gemini rejects this object as written: an OBJECT without properties is a 400 (\"should be non-empty for OBJECT type\"). Compiling cannot fix it and refuses the tool; declare the keys, or take the value as a JSON string.", "")
	}
	if unenforcedMask != 0 {
		c.emitAt(ruleConstraintNotEnforced, at.Here(), unenforcedMessages.Get(unenforcedMask), "")
	}
}

// role is what the tables in rules.go make of one keyword, merged so that
// a subschema's rules look each of its keys up once.
type role struct {
	unenforced uint16   // its unenforcedBit, or 0
	dropped    *dropped // its droppedKeywords entry, or nil
	annotation bool
	handled    bool
}

var roles = func() *provider.KeywordTable[role] {
	m := map[string]role{}
	for kw, bit := range unenforcedBit {
		r := m[kw]
		r.unenforced = bit
		m[kw] = r
	}
	for kw := range droppedKeywords {
		r := m[kw]
		d := droppedKeywords[kw]
		r.dropped = &d
		m[kw] = r
	}
	for kw, yes := range annotations {
		r := m[kw]
		r.annotation = yes
		m[kw] = r
	}
	for kw, yes := range handled {
		r := m[kw]
		r.handled = yes
		m[kw] = r
	}
	return provider.NewKeywordTable(m)
}()

// Messages that depend on a keyword (or the set of keywords present)
// alone, interned: they recur by the hundred thousand across a corpus.
var (
	droppedMessage = provider.NewPhrase(func(kw string) string {
		return "Gemini rejects `" + kw + "` as written (HTTP 400, Unknown name \"" + kw + "\": Cannot find field). " + droppedKeywords[kw].fix + "; compiling drops it, losing " + droppedKeywords[kw].what + "."
	})
	annotationMessage = provider.NewPhrase(func(kw string) string {
		return "Gemini rejects `" + kw + "` as written (HTTP 400, Unknown name \"" + kw + "\": Cannot find field). Compiling drops it, an annotation, so nothing accepted changes; compile, or remove it."
	})
	unsupportedMessage = provider.NewPhrase(func(kw string) string {
		return "Gemini rejects `" + kw + "` as written (HTTP 400, Unknown name \"" + kw + "\": Cannot find field). Compiling drops it; remove it, or check what it constrained in your handler."
	})
	formatMessage = provider.NewPhrase(func(format string) string {
		return "Gemini rejects `format: " + jsonvalue.Quote(format) + "` on a string as written (HTTP 400, \"only 'enum' and 'date-time' are supported for STRING type\"). Remove `format` (name the format in `description`) and validate the value in your handler; compiling drops it."
	})
	unsupportedTypeMessage = provider.NewPhrase(func(t string) string {
		return "Gemini rejects the type `" + t + "` as written: it is not a Gemini type. Compiling drops it; use string, number, integer, boolean, array, object or null."
	})
	unenforcedMessages = provider.NewInterner(func(mask uint16) string {
		var present []string
		for i, kw := range unenforced {
			if mask&(1<<i) != 0 {
				present = append(present, "`"+kw+"`")
			}
		}
		them := "them"
		if len(present) == 1 {
			them = "it"
		}
		return "Gemini accepts " + strings.Join(present, ", ") + "; its guide promises schema adherence only in function-calling modes ANY and VALIDATED, not in the default AUTO. Compiling keeps " + them + "; in AUTO mode, check " + them + " in your handler."
	})
)

// typeListMessage says what compiling makes of a type list with nonNull
// types other than null, and null among them or not.
func typeListMessage(nonNull int, null bool) string {
	const asWritten = "Gemini rejects a `type` list as written (HTTP 400, \"Proto field is not repeating, cannot start list\"). "
	switch {
	case nonNull > 1 && null:
		return asWritten + "Compiling writes one `anyOf` branch per type and `nullable: true` for `\"null\"`; compile, or write the branches yourself."
	case nonNull > 1:
		return asWritten + "Compiling writes one `anyOf` branch per type; compile, or write the branches yourself."
	case null:
		return asWritten + "Compiling writes the one type with `nullable: true`, which accepts the same values; compile, or write it so."
	}
	return asWritten + "Compiling writes the one type, which accepts the same values; compile, or write it so."
}

func allStrings(arr *jsonvalue.Value) bool {
	for i := range arr.Items {
		if arr.Items[i].Kind != jsonvalue.String {
			return false
		}
	}
	return true
}

func (c *checker) types(s *jsonvalue.Value, typ *jsonvalue.Member, at *provider.Cursor) {
	var buf [4]string
	types := provider.SchemaTypes(s, buf[:0])
	nonNull := 0
	for _, t := range types {
		if !typeNameTable.Get(t) {
			c.emitAt(ruleUnsupportedType, at.MemberPlace(s, typ), unsupportedTypeMessage.For(t), "")
		}
		if t != "null" {
			nonNull++
		}
	}
	if typ.Value.Kind == jsonvalue.Array {
		c.emitAt(ruleTypeList, at.MemberPlace(s, typ), typeListMessage(nonNull, len(types) > nonNull), "")
	}
	if nonNull > 1 {
		c.emitAt(ruleMultiTypeUnion, at.MemberPlace(s, typ), "Whether the keywords beside `type` still apply to each `anyOf` branch compiling writes is undocumented; write the branches yourself, each with its own constraints.", "")
	}
	branches := false
	if a := s.Get("anyOf"); a != nil && a.Kind == jsonvalue.Array && len(a.Items) > 0 && !isNullablePair(a) { // no branches: compiling keeps the type
		branches = true
	}
	if o := s.Get("oneOf"); o != nil && o.Kind == jsonvalue.Array {
		branches = true
	}
	if branches && nonNull == 1 {
		c.emitAt(ruleTypeWithAnyOf, at.MemberPlace(s, typ), "Gemini rejects `type` beside union branches (HTTP 400, \"When using any_of, it must be the only field set\"). Remove `type` here and give each branch its own; compiling drops it.", "")
	}
}

// isNullablePair: exactly two branches, one exactly {"type":"null"} and the
// other an object — Gemini's nullable X, not a union.
func isNullablePair(anyOf *jsonvalue.Value) bool {
	if len(anyOf.Items) != 2 {
		return false
	}
	nullOnly := func(v *jsonvalue.Value) bool {
		return v.Kind == jsonvalue.Object && len(v.Members) == 1 && v.Members[0].Key == "type" &&
			v.Members[0].Value.Kind == jsonvalue.String && v.Members[0].Value.Text == "null"
	}
	switch {
	case nullOnly(&anyOf.Items[0]):
		return anyOf.Items[1].Kind == jsonvalue.Object
	case nullOnly(&anyOf.Items[1]):
		return anyOf.Items[0].Kind == jsonvalue.Object
	}
	return false
}
