package tool

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// The loader's own rules (loader.md §4). The wording of the rules SchemaPort
// 0.1.0 also has is kept, so filters written against SchemaPort's output
// keep working; the rules we add have messages of our own.
const (
	msgNotObject      = "A tool definition must be a JSON object."
	msgNameRequired   = "`name` is required and must be a non-empty string."
	msgNameFormat     = "`name` must be at most 128 characters and contain no whitespace."
	msgDescription    = "`description` must be a string when present."
	msgSchemaRequired = "`inputSchema` is required and must be a JSON Schema object."
	msgSchemaType     = "`inputSchema` must declare `\"type\": \"object\"`. Tool arguments are always a named set."
	msgBoolSubschema  = "SchemaPort does not support boolean subschemas. Use `{}` to accept any value, or remove the entry to disallow it."
	msgTypeShape      = "`type` must be a string or an array of strings."
	msgProperties     = "`properties` must be an object."
	msgRequiredShape  = "`required` must be an array of property names."
	msgEnum           = "`enum` must be a non-empty array."
	msgPatternType    = "`pattern` must be a string."
	msgPatternInvalid = "`pattern` is not a valid regular expression."
	msgItemsArray     = "`items` must be one schema object; the array form is from draft-04. Use `prefixItems` for per-position schemas."
)

func msgNotASchema(kind jsonvalue.Kind) string {
	return "A subschema must be a JSON Schema object, not " + kindArticle(kind) + ". Use `{}` to accept any value."
}

func msgUnknownType(t string) string { return "Unknown JSON Schema type " + codeSpan(t) + "." }

const msgTypeEmpty = "`type` is an empty array; name at least one type, or remove `type` to accept any value."

func msgTypeRepeated(t string) string {
	return "`type` lists " + codeSpan(t) + " more than once; list each type once."
}

// countString counts the string items equal to s.
func countString(items []jsonvalue.Value, s string) int {
	n := 0
	for i := range items {
		if items[i].Kind == jsonvalue.String && items[i].Text == s {
			n++
		}
	}
	return n
}

func msgRequiredUndeclared(name string) string {
	return "`required` lists " + codeSpan(name) + ", which is not declared in `properties`."
}

func msgNotNumber(kw string) string { return "`" + kw + "` must be a number." }

func kindArticle(k jsonvalue.Kind) string {
	switch k {
	case jsonvalue.Array:
		return "an array"
	case jsonvalue.Object:
		return "an object"
	case jsonvalue.Null:
		return "null"
	}
	return "a " + k.String()
}

// numericKeywords are checked in this order (rule N1).
var numericKeywords = [...]string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"}

// isKnownType reports whether t names a JSON Schema type (a switch: it is
// asked for nearly every schema, twice).
func isKnownType(t string) bool {
	switch t {
	case "object", "array", "string", "number", "integer", "boolean", "null":
		return true
	}
	return false
}

// issue is one problem with a candidate, at a tool-relative schema path.
type issue struct {
	path string
	msg  string
}

// seg is one step of the schema path being walked: an object key, or an
// array position when index >= 0.
type seg struct {
	key   string
	index int
}

// here renders the path of the schema being checked. The path is kept as a
// stack of segments and only rendered when a rule fires, so a clean schema
// costs no string building.
func (c *checker) here() string { return renderPath(c.segs) }

// renderPath renders "inputSchema" followed by segs, in one pass (deep
// schemas have long paths).
func renderPath(segs []seg) string {
	var b strings.Builder
	b.WriteString("inputSchema")
	for _, s := range segs {
		if s.index >= 0 {
			writeIndex(&b, s.index)
		} else {
			writeKey(&b, s.key)
		}
	}
	return b.String()
}

// writeKey and writeIndex append one segment the way schemapath.Key and
// schemapath.Index do.
func writeKey(b *strings.Builder, key string) {
	if schemapath.IsIdentifier(key) {
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(key)
		return
	}
	b.WriteByte('[')
	b.WriteString(jsonvalue.Quote(key))
	b.WriteByte(']')
}

func writeIndex(b *strings.Builder, i int) {
	b.WriteByte('[')
	b.WriteString(strconv.Itoa(i))
	b.WriteByte(']')
}

func (c *checker) push(key string, index int) { c.segs = append(c.segs, seg{key, index}) }
func (c *checker) pop()                       { c.segs = c.segs[:len(c.segs)-1] }

// validateTool applies every loader rule to one candidate. An empty result
// means the candidate is a tool.
func validateTool(t *jsonvalue.Value) []issue {
	if t.Kind != jsonvalue.Object {
		return []issue{{path: "", msg: msgNotObject}}
	}
	c := &checker{}
	if name := t.Get("name"); name == nil || name.Kind != jsonvalue.String || name.Text == "" {
		c.add("name", msgNameRequired)
	} else if !validName(name.Text) {
		c.add("name", msgNameFormat)
	}
	if d := t.Get("description"); d != nil && d.Kind != jsonvalue.String {
		c.add("description", msgDescription)
	}
	s := t.Get("inputSchema")
	if s == nil || s.Kind != jsonvalue.Object {
		c.add("inputSchema", msgSchemaRequired)
		return c.issues
	}
	if !declaresOnlyObject(s) {
		c.add("inputSchema.type", msgSchemaType)
	}
	c.root = s
	c.schema(s, scope{})
	if !c.full {
		c.checkMetaschema(s)
	}
	if c.full {
		c.issues = append(c.issues, issue{path: "", msg: msgTooMany})
	}
	return c.issues
}

type checker struct {
	root    *jsonvalue.Value // the inputSchema, for resolving $refs
	segs    []seg            // path from the inputSchema to the schema being checked
	issues  []issue
	anchors map[string]bool // plain-name anchors of root, collected on first use
	full    bool            // maxIssues reached
}

// maxInherited bounds the composition ancestors whose `properties` a
// branch's `required` is checked against (deeper chains are not real
// schemas, and copying them would cost quadratic time).
const maxInherited = 16

// maxIssues bounds what one tool reports: past it, more errors help nobody
// and a hostile file could make the report huge.
const maxIssues = 100

const msgTooMany = "This tool has more problems than are listed here; fix these and load it again to see the rest."

func (c *checker) add(path, msg string) {
	if len(c.issues) >= maxIssues {
		c.full = true
		return
	}
	c.issues = append(c.issues, issue{path, msg})
}

// validName applies JavaScript's /^\S{1,128}$/ without the u flag: the
// length is in UTF-16 code units and \s is JavaScript's whitespace set.
func validName(s string) bool {
	units := 0
	for _, r := range s {
		if isJSSpace(r) {
			return false
		}
		units++
		if r >= 0x10000 {
			units++
		}
	}
	return units >= 1 && units <= 128
}

// isJSSpace is JavaScript's \s: WhiteSpace and LineTerminator. It differs
// from unicode.IsSpace (which has U+0085 and lacks U+FEFF) and from RE2's
// ASCII-only \s.
func isJSSpace(r rune) bool {
	switch {
	case r >= 0x09 && r <= 0x0D, r == 0x20, r == 0xA0, r == 0x1680,
		r >= 0x2000 && r <= 0x200A, r == 0x2028, r == 0x2029, r == 0x202F,
		r == 0x205F, r == 0x3000, r == 0xFEFF:
		return true
	}
	return false
}

// declaredTypes follows loader.md §4.4: a string gives itself, an array its
// string entries, anything else nothing.
func declaredTypes(s *jsonvalue.Value) []string {
	t := s.Get("type")
	if t == nil {
		return nil
	}
	switch t.Kind {
	case jsonvalue.String:
		return []string{t.Text}
	case jsonvalue.Array:
		var out []string
		for i := range t.Items {
			if t.Items[i].Kind == jsonvalue.String {
				out = append(out, t.Items[i].Text)
			}
		}
		return out
	}
	return nil
}

func declaresOnlyObject(s *jsonvalue.Value) bool {
	ts := declaredTypes(s)
	return len(ts) == 1 && ts[0] == "object"
}

// Keyword slots: one pass over a schema's members finds every keyword a
// rule or the walk needs, instead of one linear Get per keyword.
const (
	kwProperties = iota
	kwDefs
	kwDefinitions
	kwItems
	kwNot
	kwPrefixItems
	kwAnyOf
	kwOneOf
	kwAllOf
	kwAdditionalProperties
	kwIf
	kwThen
	kwElse
	kwDependentSchemas
	kwPatternProperties
	kwContains
	kwPropertyNames
	kwUnevaluatedItems
	kwUnevaluatedProperties
	kwContentSchema
	kwType
	kwRequired
	kwEnum
	kwPattern
	kwRef
	kwNumeric // numericKeywords follow, in their order
	kwCount   = kwNumeric + len(numericKeywords)
)

var keywordNames = [kwCount]string{
	"properties", "$defs", "definitions", "items", "not", "prefixItems", "anyOf", "oneOf", "allOf",
	"additionalProperties", "if", "then", "else", "dependentSchemas", "patternProperties", "contains",
	"propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema", "type", "required",
	"enum", "pattern", "$ref",
}

func init() {
	for i, kw := range numericKeywords {
		keywordNames[kwNumeric+i] = kw
	}
}

// keywordSlot maps a keyword to its slot (a switch: this runs once per
// member of every schema).
func keywordSlot(key string) int {
	switch key {
	case "properties":
		return kwProperties
	case "$defs":
		return kwDefs
	case "definitions":
		return kwDefinitions
	case "items":
		return kwItems
	case "not":
		return kwNot
	case "prefixItems":
		return kwPrefixItems
	case "anyOf":
		return kwAnyOf
	case "oneOf":
		return kwOneOf
	case "allOf":
		return kwAllOf
	case "additionalProperties":
		return kwAdditionalProperties
	case "if":
		return kwIf
	case "then":
		return kwThen
	case "else":
		return kwElse
	case "dependentSchemas":
		return kwDependentSchemas
	case "patternProperties":
		return kwPatternProperties
	case "contains":
		return kwContains
	case "propertyNames":
		return kwPropertyNames
	case "unevaluatedItems":
		return kwUnevaluatedItems
	case "unevaluatedProperties":
		return kwUnevaluatedProperties
	case "contentSchema":
		return kwContentSchema
	case "type":
		return kwType
	case "required":
		return kwRequired
	case "enum":
		return kwEnum
	case "pattern":
		return kwPattern
	case "$ref":
		return kwRef
	case "minimum":
		return kwNumeric + 0
	case "maximum":
		return kwNumeric + 1
	case "exclusiveMinimum":
		return kwNumeric + 2
	case "exclusiveMaximum":
		return kwNumeric + 3
	case "multipleOf":
		return kwNumeric + 4
	case "minLength":
		return kwNumeric + 5
	case "maxLength":
		return kwNumeric + 6
	case "minItems":
		return kwNumeric + 7
	case "maxItems":
		return kwNumeric + 8
	case "minProperties":
		return kwNumeric + 9
	case "maxProperties":
		return kwNumeric + 10
	}
	return -1
}

// keywords holds the values of the keywords in keywordNames (nil if absent).
type keywords [kwCount]*jsonvalue.Value

func (k *keywords) scan(s *jsonvalue.Value) {
	for i := range s.Members {
		if slot := keywordSlot(s.Members[i].Key); slot >= 0 {
			k[slot] = &s.Members[i].Value
		}
	}
}

// scope is what a schema inherits from the schema it sits in, for the
// `required` rule: a branch of anyOf/oneOf/allOf/not/if/then/else constrains
// the same object as its parent, so its `required` may name the parent's
// properties.
type scope struct {
	props []*jsonvalue.Value // `properties` objects of composition ancestors, nearest first
	// partial is set when props was cut at maxInherited: a name not found
	// may be declared further up, so it is not reported.
	partial bool
	// inDefs is set inside a $defs/definitions entry: a definition without
	// `properties` is a mixin whose `required` names properties of whatever
	// refers to it, which cannot be checked here.
	inDefs bool
}

// schema applies the subschema rules (§4.3 plus the §13 better behaviours)
// to s and walks its children depth-first, pre-order.
func (c *checker) schema(s *jsonvalue.Value, sc scope) {
	if c.full {
		return
	}
	var kws keywords // on the stack: this runs for every schema in the corpus
	kws.scan(s)
	k := &kws
	c.slots(k)
	c.typeRules(k[kwType])
	props := k[kwProperties]
	if props != nil && props.Kind != jsonvalue.Object {
		c.add(schemapath.Key(c.here(), "properties"), msgProperties)
	}
	c.requiredRules(k, sc)
	if e := k[kwEnum]; e != nil && (e.Kind != jsonvalue.Array || len(e.Items) == 0) {
		c.add(schemapath.Key(c.here(), "enum"), msgEnum)
	}
	for i, kw := range numericKeywords {
		if v := k[kwNumeric+i]; v != nil && v.Kind != jsonvalue.Number {
			c.add(schemapath.Key(c.here(), kw), msgNotNumber(kw))
		}
	}
	if p := k[kwPattern]; p != nil {
		if p.Kind != jsonvalue.String {
			c.add(schemapath.Key(c.here(), "pattern"), msgPatternType)
		} else if err := checkPattern(p.Text); err != nil {
			c.add(schemapath.Key(c.here(), "pattern"), patternMessage(msgPatternInvalid, err))
		}
	}
	if pp := k[kwPatternProperties]; pp != nil && pp.Kind == jsonvalue.Object {
		for i := range pp.Members {
			if err := checkPattern(pp.Members[i].Key); err != nil {
				c.add(schemapath.Key(schemapath.Key(c.here(), "patternProperties"), pp.Members[i].Key),
					patternMessage("This `patternProperties` key is not a valid regular expression.", err))
			}
		}
	}
	if ref := k[kwRef]; ref != nil {
		c.checkRef(ref)
	}
	c.children(k, sc)
}

func patternMessage(lead string, err error) string {
	pe, ok := err.(*PatternError)
	if !ok {
		return lead
	}
	if pe.Unsupported {
		return lead[:len(lead)-1] + " that can be evaluated here: ECMAScript accepts it, but " + pe.Reason + ". Rewrite it with common ECMAScript syntax."
	}
	return lead + " ECMAScript rejects it: " + pe.Reason + "."
}

// slots reports boolean (rule B) and other non-object (S4) values where a
// subschema belongs, in the order of loader.md §4.3.
func (c *checker) slots(k *keywords) {
	for _, kw := range [...]int{kwProperties, kwDefs, kwDefinitions} {
		m := k[kw]
		if m == nil || m.Kind != jsonvalue.Object {
			continue
		}
		order := jsOrder(m)
		for j := range m.Members {
			mem := &m.Members[at1(order, j)]
			if kind := mem.Value.Kind; kind != jsonvalue.Object {
				c.add(schemapath.Key(schemapath.Key(c.here(), keywordNames[kw]), mem.Key), slotMessage(kind))
			}
		}
	}
	for _, kw := range [...]int{kwItems, kwNot} {
		v := k[kw]
		if v == nil || v.Kind == jsonvalue.Object {
			continue
		}
		msg := slotMessage(v.Kind)
		if kw == kwItems && v.Kind == jsonvalue.Array {
			msg = msgItemsArray
		}
		c.add(schemapath.Key(c.here(), keywordNames[kw]), msg)
	}
	for _, kw := range [...]int{kwPrefixItems, kwAnyOf, kwOneOf, kwAllOf} {
		a := k[kw]
		if a == nil || a.Kind != jsonvalue.Array {
			continue
		}
		for i := range a.Items {
			if kind := a.Items[i].Kind; kind != jsonvalue.Object {
				c.add(schemapath.Index(schemapath.Key(c.here(), keywordNames[kw]), i), slotMessage(kind))
			}
		}
	}
	// A boolean additionalProperties is its normal form; anything else that
	// is not a schema object is not.
	if ap := k[kwAdditionalProperties]; ap != nil && ap.Kind != jsonvalue.Object && ap.Kind != jsonvalue.Bool {
		c.add(schemapath.Key(c.here(), "additionalProperties"), msgNotASchema(ap.Kind))
	}
}

func slotMessage(k jsonvalue.Kind) string {
	if k == jsonvalue.Bool {
		return msgBoolSubschema
	}
	return msgNotASchema(k)
}

// typeRules are Y1 (unknown type names) and Y2 with S5 (a type array with a
// non-string entry is malformed, not silently filtered).
func (c *checker) typeRules(t *jsonvalue.Value) {
	if t == nil {
		return
	}
	switch t.Kind {
	case jsonvalue.String:
		if !isKnownType(t.Text) {
			c.add(schemapath.Key(c.here(), "type"), msgUnknownType(t.Text))
		}
	case jsonvalue.Array:
		if len(t.Items) == 0 {
			c.add(schemapath.Key(c.here(), "type"), msgTypeEmpty)
			return
		}
		malformed := false
		for i := range t.Items {
			item := &t.Items[i]
			switch {
			case item.Kind != jsonvalue.String:
				malformed = true
			case !isKnownType(item.Text):
				c.add(schemapath.Key(c.here(), "type"), msgUnknownType(item.Text))
			case countString(t.Items[:i], item.Text) == 1: // reported once, at the first repeat
				c.add(schemapath.Key(c.here(), "type"), msgTypeRepeated(item.Text))
			}
		}
		if malformed {
			c.add(schemapath.Key(c.here(), "type"), msgTypeShape)
		}
	default:
		c.add(schemapath.Key(c.here(), "type"), msgTypeShape)
	}
}

// requiredRules are R1 and R2, with S2 (own keys only) and S3 (a schema
// without `properties` declares none). A name counts as declared when the
// schema's own `properties` has it, or the `properties` of a schema that
// constrains the same object: a composition ancestor, an allOf/anyOf/oneOf
// branch, or the target of a local `$ref` (directly or in such a branch).
func (c *checker) requiredRules(k *keywords, sc scope) {
	req, props := k[kwRequired], k[kwProperties]
	if req == nil {
		return
	}
	if req.Kind != jsonvalue.Array {
		c.add(schemapath.Key(c.here(), "required"), msgRequiredShape)
		return
	}
	for i := range req.Items {
		if req.Items[i].Kind != jsonvalue.String {
			c.add(schemapath.Key(c.here(), "required"), msgRequiredShape)
			return
		}
	}
	if props != nil && props.Kind != jsonvalue.Object {
		return // `properties` itself is reported
	}
	sources, open := c.siblingProperties(k)
	if open {
		return // a `$ref` we cannot follow may declare anything
	}
	if props != nil {
		sources = append(sources, props)
	}
	sources = append(sources, sc.props...)
	if len(sources) == 0 && sc.inDefs {
		return
	}
	for i := range req.Items {
		name := req.Items[i].Text
		declared := false
		for _, p := range sources {
			if p.Has(name) {
				declared = true
				break
			}
		}
		if !declared && !sc.partial {
			c.add(schemapath.Key(c.here(), "required"), msgRequiredUndeclared(name))
		}
	}
}

// siblingProperties collects the `properties` objects of the schema's local
// `$ref` target and of its allOf/anyOf/oneOf branches (and their `$ref`
// targets). open is true when one of those references cannot be followed.
func (c *checker) siblingProperties(k *keywords) (out []*jsonvalue.Value, open bool) {
	propsOf := func(v *jsonvalue.Value) {
		if p := v.Get("properties"); p != nil && p.Kind == jsonvalue.Object {
			out = append(out, p)
		}
	}
	follow := func(ref *jsonvalue.Value) {
		if ref == nil {
			return
		}
		if ref.Kind != jsonvalue.String {
			open = true
			return
		}
		target, _, problem := ResolveRef(c.root, ref.Text)
		if problem != RefOK {
			open = true
			return
		}
		propsOf(target)
	}
	follow(k[kwRef])
	for _, kw := range [...]int{kwAllOf, kwAnyOf, kwOneOf} {
		if a := k[kw]; a != nil && a.Kind == jsonvalue.Array {
			for i := range a.Items {
				propsOf(&a.Items[i])
				follow(a.Items[i].Get("$ref"))
			}
		}
	}
	return out, open
}

// children walks the object-valued subschemas in the fixed order of
// loader.md §4.5, then the applicators SchemaPort 0.1.0 does not walk, so
// that `pattern`, numeric keywords and `$ref` are checked there too.
func (c *checker) children(k *keywords, sc scope) {
	plain := scope{inDefs: sc.inDefs}
	branch := plain
	branch.props, branch.partial = sc.props, sc.partial
	if p := k[kwProperties]; p != nil && p.Kind == jsonvalue.Object {
		inherited := sc.props
		if len(inherited) == maxInherited {
			inherited, branch.partial = inherited[:maxInherited-1], true
		}
		branch.props = append(append(make([]*jsonvalue.Value, 0, len(inherited)+1), p), inherited...)
	}
	c.members(k, kwProperties, plain)
	c.members(k, kwDefs, scope{inDefs: true})
	c.members(k, kwDefinitions, scope{inDefs: true})
	c.elements(k, kwPrefixItems, plain)
	c.elements(k, kwAnyOf, branch)
	c.elements(k, kwOneOf, branch)
	c.elements(k, kwAllOf, branch)
	c.single(k, kwItems, plain)
	c.single(k, kwNot, branch)
	c.single(k, kwAdditionalProperties, plain)
	c.single(k, kwIf, branch)
	c.single(k, kwThen, branch)
	c.single(k, kwElse, branch)
	c.members(k, kwDependentSchemas, branch)
	c.members(k, kwPatternProperties, plain)
	for _, kw := range [...]int{kwContains, kwPropertyNames, kwUnevaluatedItems, kwUnevaluatedProperties, kwContentSchema} {
		c.single(k, kw, plain)
	}
}

// members walks the object-valued entries of a name-to-schema keyword, in
// JavaScript's key order.
func (c *checker) members(k *keywords, kw int, sc scope) {
	m := k[kw]
	if m == nil || m.Kind != jsonvalue.Object {
		return
	}
	order := jsOrder(m)
	for j := range m.Members {
		mem := &m.Members[at1(order, j)]
		if mem.Value.Kind == jsonvalue.Object {
			c.push(keywordNames[kw], -1)
			c.push(mem.Key, -1)
			c.schema(&mem.Value, sc)
			c.pop()
			c.pop()
		}
	}
}

// elements walks the object-valued elements of an array-of-schemas keyword.
func (c *checker) elements(k *keywords, kw int, sc scope) {
	a := k[kw]
	if a == nil || a.Kind != jsonvalue.Array {
		return
	}
	for i := range a.Items {
		if a.Items[i].Kind == jsonvalue.Object {
			c.push(keywordNames[kw], -1)
			c.push("", i)
			c.schema(&a.Items[i], sc)
			c.pop()
			c.pop()
		}
	}
}

func (c *checker) single(k *keywords, kw int, sc scope) {
	if v := k[kw]; v != nil && v.Kind == jsonvalue.Object {
		c.push(keywordNames[kw], -1)
		c.schema(v, sc)
		c.pop()
	}
}

// jsOrder returns the visiting order of an object's members in JavaScript's
// own-property order (canonical array-index keys ascending, then the rest
// as written), or nil when that is document order. SchemaPort's walk uses
// that order, and it decides the order of errors whose text is identical.
func jsOrder(obj *jsonvalue.Value) []int {
	hasIndex := false
	for i := range obj.Members {
		if _, ok := arrayIndexKey(obj.Members[i].Key); ok {
			hasIndex = true
			break
		}
	}
	if !hasIndex {
		return nil
	}
	type indexed struct {
		n uint64
		i int
	}
	var idx []indexed
	var rest []int
	for i := range obj.Members {
		if n, ok := arrayIndexKey(obj.Members[i].Key); ok {
			idx = append(idx, indexed{n, i})
		} else {
			rest = append(rest, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return idx[a].n < idx[b].n })
	order := make([]int, 0, len(obj.Members))
	for _, e := range idx {
		order = append(order, e.i)
	}
	return append(order, rest...)
}

// at1 maps position j of a visit to a member index (order nil: identity).
func at1(order []int, j int) int {
	if order == nil {
		return j
	}
	return order[j]
}

// arrayIndexKey reports whether key is a canonical array index ("0", "17",
// never "01"), below 2^32-1, which JavaScript enumerates first.
func arrayIndexKey(key string) (uint64, bool) {
	if key == "" || len(key) > 10 || (len(key) > 1 && key[0] == '0') {
		return 0, false
	}
	for i := 0; i < len(key); i++ {
		if key[i] < '0' || key[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseUint(key, 10, 64)
	if err != nil || n >= 1<<32-1 {
		return 0, false
	}
	return n, true
}

// utf16Compare orders strings by UTF-16 code units, as JavaScript compares
// them. Byte order agrees except between supplementary-plane characters
// and BMP characters at or above U+E000.
//
// Names are compared millions of times in a large run (sorting, and the
// capped view's heaps), and most differ first at an ASCII byte: when the
// first different byte is ASCII in both, no character straddles it (a
// multi-byte character continues only with bytes from 0x80), so it
// decides as it is; the same holds at the end of the shorter string when
// its last byte is ASCII. Anything else is decoded character by
// character (utf16CompareRunes).
func utf16Compare(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	switch {
	case i < n && a[i] < utf8.RuneSelf && b[i] < utf8.RuneSelf:
		if a[i] < b[i] {
			return -1
		}
		return 1
	case i == n && (n == 0 || a[n-1] < utf8.RuneSelf):
		switch {
		case len(a) == len(b):
			return 0
		case len(a) < len(b):
			return -1
		}
		return 1
	}
	return utf16CompareRunes(a, b)
}

// utf16CompareRunes is utf16Compare decoding every character.
func utf16CompareRunes(a, b string) int {
	for len(a) > 0 && len(b) > 0 {
		if a[0] == b[0] && a[0] < utf8.RuneSelf {
			a, b = a[1:], b[1:]
			continue
		}
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			ua, ub := utf16Units(ra), utf16Units(rb)
			if ua[0] != ub[0] {
				return cmpRune(ua[0], ub[0])
			}
			return cmpRune(ua[1], ub[1])
		}
		a, b = a[na:], b[nb:]
	}
	switch {
	case len(a) == len(b):
		return 0
	case len(a) == 0:
		return -1
	}
	return 1
}

func utf16Units(r rune) [2]rune {
	if r >= 0x10000 {
		r -= 0x10000
		return [2]rune{0xD800 + r>>10, 0xDC00 + r&0x3FF}
	}
	return [2]rune{r, -1}
}

func cmpRune(a, b rune) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
