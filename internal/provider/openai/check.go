package openai

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
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
	if root != nil && root.Kind == jsonvalue.Object {
		c.at = c.e.Cursor()
		c.node(root, reach{surviving: true, slotted: true}, 1)
		c.budget()
	}
	return c.e.Finish()
}

type checker struct {
	e    *provider.Emitter
	tool *tool.Tool
	at   *provider.Cursor
	b    budget
}

// reach says how a walk got to a subschema, which decides the rules that
// apply to it. One walk serves all of them:
//   - the size budget counts every subschema in properties, $defs,
//     definitions, anyOf, oneOf, allOf, prefixItems, items,
//     additionalProperties and not;
//   - surviving: compiling keeps it (it is reached only through properties,
//     $defs, definitions, anyOf, oneOf and object items), so the keyword,
//     additionalProperties and optional-property rules apply. Keywords that
//     compiling drops whole (allOf, not, prefixItems, a schema-valued
//     additionalProperties) are reported at their parent, not entered;
//   - slotted: its subschema slots are inspected for true, false and
//     non-schema values (everywhere but under additionalProperties);
//   - dropped: it sits under allOf, not or prefixItems, so whatever it holds
//     is dropped with the enclosing keyword.
type reach struct {
	surviving, slotted, dropped bool
}

// budget is the schema measured against OpenAI's documented size limits.
type budget struct {
	properties int // keys of every properties map reached
	maxDepth   int // the root is level 1; a scalar leaf counts as a level
	enumValues int // elements of every enum array reached
	// compiledEnum: the enum values compiling adds, which OpenAI counts
	// too: a one-value enum for each `const` (without an enum beside it)
	// and a `null` joining an optional property's enum.
	compiledEnum int
	stringLen    int // property/definition names, string enum values, string consts (UTF-16 units)
	largeEnums   []provider.Place
}

// keys are the members of a subschema the rules look at, found in one pass.
type keys struct {
	maps  [3]*jsonvalue.Member // properties, $defs, definitions
	lists [4]*jsonvalue.Member // anyOf, oneOf, allOf, prefixItems
	items, not, additionalProperties,
	enum, constant, format, required *jsonvalue.Member
}

// value is the value of a member keysOf found, or nil.
func value(m *jsonvalue.Member) *jsonvalue.Value {
	if m == nil {
		return nil
	}
	return &m.Value
}

func keysOf(s *jsonvalue.Value) (k keys) {
	for i := range s.Members {
		v := &s.Members[i]
		switch v.Key {
		case "properties":
			k.maps[0] = v
		case "$defs":
			k.maps[1] = v
		case "definitions":
			k.maps[2] = v
		case "anyOf":
			k.lists[0] = v
		case "oneOf":
			k.lists[1] = v
		case "allOf":
			k.lists[2] = v
		case "prefixItems":
			k.lists[3] = v
		case "items":
			k.items = v
		case "not":
			k.not = v
		case "additionalProperties":
			k.additionalProperties = v
		case "enum":
			k.enum = v
		case "const":
			k.constant = v
		case "format":
			k.format = v
		case "required":
			k.required = v
		}
	}
	return k
}

func (c *checker) node(s *jsonvalue.Value, r reach, depth int) {
	k := keysOf(s)
	c.measure(&k, depth)
	if r.surviving {
		if depth > 1 && !typed(s) {
			c.emitAt(ruleMissingType, c.at.Here(), "OpenAI strict mode rejects a schema without `type` (HTTP 400, \"schema must have a 'type' key\"); say what this value is, e.g. `\"type\": \"string\"`, or an `anyOf` of the types it may take.", "")
		}
		c.keywords(s, &k)
		c.additionalProperties(s, &k, depth == 1)
		c.optionalProperties(s, &k)
		if value(k.constant) != nil && value(k.enum) == nil {
			c.b.compiledEnum++ // compiled as a one-value enum
		}
	}
	for i, mm := range k.maps {
		m := value(mm)
		if m == nil || m.Kind != jsonvalue.Object {
			continue
		}
		c.at.PushMember(s, mm)
		for j := range m.Members {
			if i == 0 {
				c.b.properties++
			}
			c.b.stringLen += provider.UTF16Len(m.Members[j].Key)
			c.at.PushMember(m, &m.Members[j])
			c.child(&m.Members[j].Value, r, depth+1)
			c.at.Pop()
		}
		c.at.Pop()
	}
	for i, lm := range k.lists {
		l := value(lm)
		if l == nil || l.Kind != jsonvalue.Array {
			continue
		}
		cr := r
		if i >= 2 { // allOf, prefixItems: dropped whole
			cr.surviving, cr.dropped = false, true
		}
		c.at.PushMember(s, lm)
		for j := range l.Items {
			c.at.PushIndex(j)
			c.child(&l.Items[j], cr, depth+1)
			c.at.Pop()
		}
		c.at.Pop()
	}
	if k.items != nil {
		c.at.PushMember(s, k.items)
		c.child(&k.items.Value, r, depth+1)
		c.at.Pop()
	}
	if k.not != nil {
		c.at.PushMember(s, k.not)
		c.child(&k.not.Value, reach{slotted: r.slotted, dropped: true}, depth+1)
		c.at.Pop()
	}
	if ap := k.additionalProperties; ap != nil && ap.Value.Kind == jsonvalue.Object {
		c.at.PushMember(s, ap)
		c.node(&ap.Value, reach{}, depth+1)
		c.at.Pop()
	}
}

// typed: s says what kind of value it takes, in a way strict mode accepts
// instead of a `type` key. An `allOf` counts: it already has its own error
// (unsupported-keyword), and one place should not get two for one fix.
func typed(s *jsonvalue.Value) bool {
	for _, kw := range [...]string{"type", "anyOf", "oneOf", "$ref", "enum", "const", "allOf"} {
		if s.Has(kw) {
			return true
		}
	}
	return false
}

// child enters a subschema slot's value: a schema object is walked; true,
// false or a non-schema value is reported where slots are inspected.
func (c *checker) child(v *jsonvalue.Value, r reach, depth int) {
	switch {
	case v.Kind == jsonvalue.Object:
		c.node(v, r, depth)
	case !r.slotted:
	case v.IsTrue():
		c.emitAt(ruleTrueSubschema, c.at.Here(), "OpenAI does not take `true` as a schema; compiling writes `{}`, which accepts the same values.", "")
	case v.IsFalse():
		rule := ruleFalseSubschema
		if r.dropped {
			rule = ruleFalseSubschemaDropped
		}
		c.emitAt(rule, c.at.Here(), "A `false` schema accepts nothing, which OpenAI cannot express; compiled, it accepts any value. Remove the property or restate the rule.", "")
	default:
		rule := ruleNonSchemaSubschema
		if r.dropped {
			rule = ruleNonSchemaSubschemaDropped
		}
		c.emitAt(rule, c.at.Here(), nonSchemaMessage.For(v.Kind.String()), "")
	}
}

func (c *checker) measure(k *keys, depth int) {
	c.b.maxDepth = max(c.b.maxDepth, depth)
	if e := value(k.enum); e != nil && e.Kind == jsonvalue.Array {
		c.b.enumValues += len(e.Items)
		n := 0
		for i := range e.Items {
			if e.Items[i].Kind == jsonvalue.String {
				n += provider.UTF16Len(e.Items[i].Text)
			}
		}
		c.b.stringLen += n
		if len(e.Items) > largeEnumValues && n > largeEnumMaxLength {
			c.b.largeEnums = append(c.b.largeEnums, c.at.KeyPlace("enum"))
		}
	}
	if v := value(k.constant); v != nil && v.Kind == jsonvalue.String {
		c.b.stringLen += provider.UTF16Len(v.Text)
	}
}

// compileAddsNull reports whether compiling, making the optional property
// with schema v nullable, adds a `null` to its enum (a `$ref` gets a null
// branch instead; `nullable` and enums with null are left out as
// uncertain or unchanged).
func compileAddsNull(v *jsonvalue.Value) bool {
	if v.Kind != jsonvalue.Object || v.Get("$ref") != nil || v.Get("nullable") != nil {
		return false
	}
	e, cst := v.Get("enum"), v.Get("const")
	switch {
	case e != nil && cst != nil:
		return false // the enum becomes [const] or []: not counted
	case cst != nil:
		return cst.Kind != jsonvalue.Null
	case e == nil || e.Kind != jsonvalue.Array || len(e.Items) == 0:
		return false
	}
	for i := range e.Items {
		if e.Items[i].Kind == jsonvalue.Null {
			return false
		}
	}
	return true
}

func (c *checker) budget() {
	b := &c.b
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
		c.emit(ruleNestingNearLimit, at, nearDepthMessage(b.maxDepth), "")
	}
	// OpenAI counts the compiled schema's values (compile refuses a tool
	// whose output is over the limit): https://platform.openai.com/docs/guides/structured-outputs
	// ("up to 1000 enum values across all enum properties").
	enums := b.enumValues + b.compiledEnum
	switch {
	case enums > maxTotalEnumValues && b.compiledEnum > 0:
		c.emit(ruleTooManyEnumValues, at, "The schema has "+itoa(b.enumValues)+" enum values, "+itoa(enums)+" once compiled (a `null` joins each optional property's enum, a `const` becomes an enum); OpenAI allows "+itoa(maxTotalEnumValues)+" across all properties. Shorten the enums, or make the properties required.", "")
	case enums > maxTotalEnumValues:
		c.emit(ruleTooManyEnumValues, at, "The schema has "+itoa(b.enumValues)+" enum values; OpenAI allows "+itoa(maxTotalEnumValues)+" across all properties. Shorten the enums or take free text.", "")
	case b.enumValues > nearTotalEnumValues:
		c.emit(ruleEnumValuesNearLimit, at, "The schema has "+itoa(b.enumValues)+" of the "+itoa(maxTotalEnumValues)+" enum values OpenAI allows; plan before adding more.", "")
	}
	for _, p := range b.largeEnums {
		c.emitAt(ruleLargeEnumTooLong, p, "This enum has more than "+itoa(largeEnumValues)+" values totalling over "+itoa(largeEnumMaxLength)+" characters, which OpenAI rejects; shorten the values or split the enum.", "")
	}
	switch {
	case b.stringLen > maxTotalStringLen:
		c.emit(ruleTooLarge, at, "Property names, definition names, enum values and consts total "+itoa(b.stringLen)+" characters; OpenAI allows "+itoa(maxTotalStringLen)+". Shrink the schema.", "")
	case b.stringLen > nearTotalStringLen:
		c.emit(ruleSizeNearLimit, at, "Property names, definition names, enum values and consts total "+itoa(b.stringLen)+" of the "+itoa(maxTotalStringLen)+" characters OpenAI allows; plan before adding more.", "")
	}
}

func (c *checker) emit(rule int, path, message, arg string) {
	c.e.Emit(&Rules[rule], path, message, arg)
}

func (c *checker) emitAt(rule int, at provider.Place, message, arg string) {
	c.e.EmitAt(&Rules[rule], at, message, arg)
}

// Messages that depend on a keyword (or a kind, a format) alone, interned:
// they recur by the hundred thousand across a large corpus.
var (
	nonSchemaMessage = provider.NewPhrase(func(kind string) string {
		return "A " + kind + " stands where a schema belongs; compiled, it accepts any value. Replace it with a schema object."
	})
	annotationMessage = provider.NewPhrase(func(kw string) string {
		return "`" + kw + "` is not among the keywords OpenAI's strict mode documents. It is an annotation: compiling drops it, which changes nothing accepted; nothing to do."
	})
	unsupportedMessage = provider.NewPhrase(func(kw string) string {
		return "OpenAI's guide lists `" + kw + "` as not supported in strict mode. Remove it and restate its rule with supported keywords (`anyOf`, `enum`, `required`) or check it in your handler; compiling drops it."
	})
	lengthMessage = provider.NewPhrase(func(kw string) string {
		return "OpenAI accepts `" + kw + "` (its guide lists it as unsupported only for fine-tuned models) but does not say strict mode enforces it. Compiling keeps it; check the length in your handler."
	})
	undocumentedMessage = provider.NewPhrase(func(kw string) string {
		return "OpenAI does not document `" + kw + "` for strict mode, and strict mode rejects keywords it does not take (HTTP 400, \"'" + kw + "' is not permitted\"). Remove it and check its constraint in your handler; compiling drops it."
	})
	unknownMessage = provider.NewPhrase(func(kw string) string {
		return "`" + kw + "` is not a keyword OpenAI documents. Remove it (say in `description` what it meant, if it matters); compiling drops it."
	})
	formatMessage = provider.NewPhrase(func(format string) string {
		return "OpenAI strict mode rejects `format: " + jsonvalue.Quote(format) + "` (HTTP 400, \"... is not a valid format\"; it takes date-time, time, date, duration, email, hostname, ipv4, ipv6 and uuid). Remove `format` (name the format in `description`) and validate the value in your handler; compiling drops it."
	})
)

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

func (c *checker) keywords(s *jsonvalue.Value, k *keys) {
	for i := range s.Members {
		m := &s.Members[i]
		kw := m.Key
		class := keywordClasses.Get(kw)
		if class == classSupported {
			continue
		}
		at := c.at.MemberPlace(s, m)
		switch class {
		case classAnnotation:
			c.emitAt(ruleAnnotationDropped, at, annotationMessage.For(kw), kw)
		case classUnsupported:
			c.emitAt(ruleUnsupportedKeyword, at, unsupportedMessage.For(kw), kw)
		case classUndocumented:
			c.emitAt(ruleUndocumentedConstraint, at, undocumentedMessage.For(kw), kw)
		case classLength:
			c.emitAt(ruleStringLength, at, lengthMessage.For(kw), kw)
		case classUnknown:
			msg := unknownMessage.For(kw)
			if near := provider.NearKeyword(kw); near != "" {
				msg = c.e.Concat("`", kw, "` is not a keyword OpenAI documents. Compiling drops it; did you mean `", near, "`?")
			}
			c.emitAt(ruleUnknownKeyword, at, msg, kw)
		case classRewritten:
			c.rewritten(k, &m.Value, kw, at)
		}
	}
	if f := k.format; f != nil && f.Value.Kind == jsonvalue.String && !supportedFormats.Get(f.Value.Text) {
		c.emitAt(ruleUnsupportedFormat, c.at.MemberPlace(s, f), formatMessage.For(f.Value.Text), f.Value.Text)
	}
}

func (c *checker) rewritten(k *keys, v *jsonvalue.Value, kw string, at provider.Place) {
	switch kw {
	case "const":
		c.emitAt(ruleConstToEnum, at, "Compiling writes `const` as a one-value `enum`, which OpenAI's guide documents and which accepts the same value; nothing to do.", "")
	case "oneOf":
		c.emitAt(ruleOneOfToAnyOf, at, "OpenAI strict mode rejects `oneOf` as written (HTTP 400, \"'oneOf' is not permitted\"). Compiling writes the branches as `anyOf`, which also accepts a value matching several branches; make the branches exclusive, or write `anyOf`.", "")
	case "definitions":
		if d := value(k.maps[1]); d != nil && d.Kind == jsonvalue.Object {
			c.emitAt(ruleConflictingDefinitions, at, "Both `definitions` and `$defs` are present and OpenAI knows only `$defs`; compiling drops `definitions`. Merge them into `$defs`.", "")
		} else {
			c.emitAt(ruleLegacyDefinitions, at, "OpenAI documents `$defs`, not `definitions`. Compiling renames it and rewrites the `$ref`s; rename it yourself, or compile.", "")
		}
	case "nullable":
		if v.IsTrue() {
			c.emitAt(ruleNullableConverted, at, "`nullable` is OpenAPI, not JSON Schema, and OpenAI does not document it. Compiling writes it as a `\"null\"` type; write `\"type\": [..., \"null\"]` yourself, or compile.", "")
		} else {
			c.emitAt(ruleAnnotationDropped, at, "`nullable` other than true means nothing to OpenAI. Compiling drops it; remove it.", "nullable")
		}
	case "default":
		c.emitAt(ruleDefaultDropped, at, "api.openai.com accepts `default` in strict mode but does not apply it, and some Azure OpenAI deployments reject it (HTTP 400). State the default in `description` (\"Defaults to ...\") and remove `default`; compiling drops it, so the tool works on both.", "")
	}
}

// isObjectLike: compiling treats the schema as an object that strict mode
// requires to be closed and fully required.
func isObjectLike(s *jsonvalue.Value, k *keys) bool {
	if p := value(k.maps[0]); p != nil && p.Kind == jsonvalue.Object {
		return true
	}
	if r := value(k.required); r != nil && r.Kind == jsonvalue.Array {
		return true
	}
	return k.additionalProperties != nil || provider.HasType(s, "object")
}

func (c *checker) additionalProperties(s *jsonvalue.Value, k *keys, root bool) {
	if !isObjectLike(s, k) {
		return
	}
	ap := value(k.additionalProperties)
	if ap != nil && ap.Kind != jsonvalue.Object && !ap.IsTrue() {
		return // false, or a scalar no rule speaks for
	}
	var at provider.Place
	if ap != nil {
		at = c.at.MemberPlace(s, k.additionalProperties)
	} else {
		at = c.at.KeyPlace("additionalProperties")
	}
	empty := true
	if p := value(k.maps[0]); p != nil && p.Kind == jsonvalue.Object && len(p.Members) > 0 {
		empty = false
	}
	switch {
	case ap == nil && empty && root:
		c.emitAt(ruleMissingAdditionalPropertiesRoot, at, "OpenAI strict mode rejects this root as written: it needs `additionalProperties: false` on every object, the root included (HTTP 400, \"'additionalProperties' is required to be supplied and to be false\"). Add `\"additionalProperties\": false` to the root, which says what a root without properties means: the tool takes no arguments; compiling adds it.", "")
	case ap == nil && empty:
		c.emitAt(ruleMissingAdditionalPropertiesEmpty, at, "OpenAI strict mode rejects this object as written (HTTP 400, \"'additionalProperties' is required to be supplied and to be false\"). Compiling adds `additionalProperties: false`, and as it declares no properties it then accepts only `{}`; declare its keys, or take the value as a JSON string.", "")
	case ap == nil:
		c.emitAt(ruleMissingAdditionalProperties, at, "OpenAI strict mode rejects this object as written (HTTP 400, \"'additionalProperties' is required to be supplied and to be false\"). Compiling adds `additionalProperties: false`; add it yourself, or compile.", "")
	case ap.IsTrue() && empty:
		c.emitAt(ruleAdditionalPropertiesTrueEmpty, at, "OpenAI strict mode rejects `additionalProperties: true` as written (HTTP 400, \"'additionalProperties' is required to be supplied and to be false\"). Compiling sets it to false, and as the object declares no properties it then accepts only `{}`; declare its keys, or take the value as a JSON string.", "")
		c.emitAt(ruleExtraPropertiesRejected, at, "Once compiled this object rejects keys it does not declare; declare every key callers send.", "")
	case ap.IsTrue():
		c.emitAt(ruleAdditionalPropertiesTrue, at, "OpenAI strict mode rejects `additionalProperties: true` as written (HTTP 400, \"'additionalProperties' is required to be supplied and to be false\"). Compiling sets it to false; set it yourself, or compile.", "")
		c.emitAt(ruleExtraPropertiesRejected, at, "Once compiled this object rejects keys it does not declare; declare every key callers send.", "")
	case ap.Kind == jsonvalue.Object:
		c.emitAt(ruleAdditionalPropertiesSchema, at, "OpenAI strict mode rejects a typed map as written (HTTP 400, \"'additionalProperties' is required to be supplied and to be false\"). Compiling closes the object and drops the map. Take an array of key/value objects instead (`\"type\": \"array\"`, `\"items\"` an object whose `key` and `value` are both required, closed with `\"additionalProperties\": false`).", "")
	}
}

func (c *checker) optionalProperties(s *jsonvalue.Value, k *keys) {
	props := value(k.maps[0])
	if props == nil || props.Kind != jsonvalue.Object || len(props.Members) == 0 {
		return
	}
	required := provider.NewRequiredSet(value(k.required))
	c.at.PushMember(s, k.maps[0])
	for i := range props.Members {
		name := props.Members[i].Key
		if required.Has(name) {
			continue
		}
		if compileAddsNull(&props.Members[i].Value) {
			c.b.compiledEnum++
		}
		at := c.at.MemberPlace(props, &props.Members[i])
		c.emitAt(ruleOptionalProperty, at, c.e.Concat("`", name, "` is optional, but OpenAI strict mode requires every property in `required` (HTTP 400 otherwise). ", nullFix(&props.Members[i].Value), " Compiling does the same."), name)
		c.emitAt(ruleNullableInsteadOfOmitted, at, c.e.Concat("After compiling, the model sends `", name, ": null` instead of leaving it out; treat null as absent in the `", c.tool.Name, "` handler."), name)
	}
	c.at.Pop()
}

// nullFix says how to make an optional property strict-mode ready without
// changing what callers may leave out: list it in `required` and let it be
// null, written for this property's schema (as compileAddsNull and
// compile's nullableForm do it).
func nullFix(v *jsonvalue.Value) string {
	const head = "Add it to `required` and allow null, so the model can still leave it empty: "
	if v.Kind != jsonvalue.Object {
		return head + "give it a schema that allows null."
	}
	if r := v.Get("$ref"); r != nil && r.Kind == jsonvalue.String {
		return head + "`\"anyOf\": [{\"$ref\": " + jsonvalue.Quote(r.Text) + "}, {\"type\": \"null\"}]`."
	}
	enum := ""
	if e := v.Get("enum"); e != nil && e.Kind == jsonvalue.Array && !hasNull(e) {
		enum = " and `null` in its `enum`"
	}
	t := v.Get("type")
	switch {
	case t != nil && t.Kind == jsonvalue.String && t.Text == "null",
		t != nil && t.Kind == jsonvalue.Array && provider.Contains(t, "null") && enum == "":
		return "Add it to `required`; it already allows null, so the model can still leave it empty."
	case t != nil && t.Kind == jsonvalue.String:
		return head + "`\"type\": [" + jsonvalue.Quote(t.Text) + ", \"null\"]`" + enum + "."
	case t != nil && t.Kind == jsonvalue.Array && !provider.Contains(t, "null"):
		var b strings.Builder
		b.WriteString("`\"type\": [")
		for i := range t.Items {
			if t.Items[i].Kind == jsonvalue.String {
				b.WriteString(jsonvalue.Quote(t.Items[i].Text) + ", ")
			}
		}
		return head + b.String() + "\"null\"]`" + enum + "."
	case t != nil && t.Kind == jsonvalue.Array:
		return head + "`null` in its `enum`."
	}
	if a := v.Get("anyOf"); a != nil && a.Kind == jsonvalue.Array {
		for i := range a.Items {
			if provider.IsType(&a.Items[i], "null") && enum == "" {
				return "Add it to `required`; it already allows null, so the model can still leave it empty."
			}
		}
		return head + "a `{\"type\": \"null\"}` branch in its `anyOf`" + enum + "."
	}
	if o := v.Get("oneOf"); o != nil && o.Kind == jsonvalue.Array {
		return head + "write its `oneOf` as `anyOf` with a `{\"type\": \"null\"}` branch" + enum + "."
	}
	if c := v.Get("const"); c != nil && v.Get("enum") == nil && (c.Kind == jsonvalue.String && len(c.Text) <= 64 || c.Kind == jsonvalue.Number || c.Kind == jsonvalue.Bool) {
		return head + "`\"enum\": [" + jsonvalue.Encode(c, "") + ", null]` in place of `const`."
	}
	return head + "`\"null\"` among its types" + enum + "."
}

func hasNull(e *jsonvalue.Value) bool {
	for i := range e.Items {
		if e.Items[i].Kind == jsonvalue.Null {
			return true
		}
	}
	return false
}

// nearDepthMessage says how much nesting room is left below the limit.
func nearDepthMessage(depth int) string {
	head := "The schema nests " + strconv.Itoa(depth) + " levels deep, "
	limit := strconv.Itoa(maxNestingDepth)
	if room := maxNestingDepth - depth; room > 0 {
		return head + "near OpenAI's limit of " + limit + ": " + strconv.Itoa(room) + " more level is accepted, any deeper is rejected. Avoid adding nesting here."
	}
	return head + "at OpenAI's limit of " + limit + "; any deeper nesting is rejected. Avoid adding nesting here."
}
