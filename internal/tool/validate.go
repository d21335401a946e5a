package tool

import (
	"strconv"
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

func msgUnknownType(t string) string { return "Unknown JSON Schema type `" + t + "`." }

func msgRequiredUndeclared(name string) string {
	return "`required` lists `" + name + "`, which is not declared in `properties`."
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

var knownTypes = map[string]bool{"object": true, "array": true, "string": true, "number": true, "integer": true, "boolean": true, "null": true}

// issue is one problem with a candidate, at a tool-relative schema path.
type issue struct {
	path string
	msg  string
}

// pathNode is a schema path under construction. Paths are only rendered
// when a rule fires, so a clean schema costs no string building.
type pathNode struct {
	parent *pathNode
	key    string
	index  int // >= 0 for an array position
}

func (n *pathNode) String() string {
	if n == nil {
		return ""
	}
	if n.index >= 0 {
		return schemapath.Index(n.parent.String(), n.index)
	}
	return schemapath.Key(n.parent.String(), n.key)
}

func (n *pathNode) child(key string) pathNode { return pathNode{parent: n, key: key, index: -1} }
func (n *pathNode) item(i int) pathNode       { return pathNode{parent: n, index: i} }

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
	root := pathNode{key: "inputSchema", index: -1}
	c.schema(s, &root, scope{})
	c.checkRefs(s)
	c.checkMetaschema(s)
	return c.issues
}

type checker struct {
	root   *jsonvalue.Value // the inputSchema, for resolving $refs
	issues []issue
	refs   []refUse
}

func (c *checker) add(path, msg string) { c.issues = append(c.issues, issue{path, msg}) }

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

// scope is what a schema inherits from the schema it sits in, for the
// `required` rule: a branch of anyOf/oneOf/allOf/not/if/then/else constrains
// the same object as its parent, so its `required` may name the parent's
// properties.
type scope struct {
	props []*jsonvalue.Value // `properties` objects of composition ancestors
	// inDefs is set inside a $defs/definitions entry: a definition without
	// `properties` is a mixin whose `required` names properties of whatever
	// refers to it, which cannot be checked here.
	inDefs bool
}

// schema applies the subschema rules (§4.3 plus the §13 better behaviours)
// to s and walks its children depth-first, pre-order.
func (c *checker) schema(s *jsonvalue.Value, at *pathNode, sc scope) {
	c.slots(s, at)
	c.typeRules(s, at)
	props := s.Get("properties")
	if props != nil && props.Kind != jsonvalue.Object {
		c.add(schemapath.Key(at.String(), "properties"), msgProperties)
	}
	c.requiredRules(s, props, at, sc)
	if e := s.Get("enum"); e != nil && (e.Kind != jsonvalue.Array || len(e.Items) == 0) {
		c.add(schemapath.Key(at.String(), "enum"), msgEnum)
	}
	for _, kw := range numericKeywords {
		if v := s.Get(kw); v != nil && v.Kind != jsonvalue.Number {
			c.add(schemapath.Key(at.String(), kw), msgNotNumber(kw))
		}
	}
	if p := s.Get("pattern"); p != nil {
		if p.Kind != jsonvalue.String {
			c.add(schemapath.Key(at.String(), "pattern"), msgPatternType)
		} else if err := checkPattern(p.Text); err != nil {
			c.add(schemapath.Key(at.String(), "pattern"), patternMessage(msgPatternInvalid, err))
		}
	}
	if pp := s.Get("patternProperties"); pp != nil && pp.Kind == jsonvalue.Object {
		for i := range pp.Members {
			if err := checkPattern(pp.Members[i].Key); err != nil {
				c.add(schemapath.Key(schemapath.Key(at.String(), "patternProperties"), pp.Members[i].Key),
					patternMessage("This `patternProperties` key is not a valid regular expression.", err))
			}
		}
	}
	if ref := s.Member("$ref"); ref != nil {
		node := at.child("$ref")
		c.refs = append(c.refs, refUse{value: &ref.Value, path: node.String()})
	}
	c.children(s, at, sc, props)
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
func (c *checker) slots(s *jsonvalue.Value, at *pathNode) {
	for _, kw := range [...]string{"properties", "$defs", "definitions"} {
		m := s.Get(kw)
		if m == nil || m.Kind != jsonvalue.Object {
			continue
		}
		forEachJSOrder(m, func(mem *jsonvalue.Member) {
			if k := mem.Value.Kind; k != jsonvalue.Object {
				c.add(schemapath.Key(schemapath.Key(at.String(), kw), mem.Key), slotMessage(k))
			}
		})
	}
	for _, kw := range [...]string{"items", "not"} {
		v := s.Get(kw)
		if v == nil || v.Kind == jsonvalue.Object {
			continue
		}
		msg := slotMessage(v.Kind)
		if kw == "items" && v.Kind == jsonvalue.Array {
			msg = msgItemsArray
		}
		c.add(schemapath.Key(at.String(), kw), msg)
	}
	for _, kw := range [...]string{"prefixItems", "anyOf", "oneOf", "allOf"} {
		a := s.Get(kw)
		if a == nil || a.Kind != jsonvalue.Array {
			continue
		}
		for i := range a.Items {
			if k := a.Items[i].Kind; k != jsonvalue.Object {
				c.add(schemapath.Index(schemapath.Key(at.String(), kw), i), slotMessage(k))
			}
		}
	}
	// A boolean additionalProperties is its normal form; anything else that
	// is not a schema object is not.
	if ap := s.Get("additionalProperties"); ap != nil && ap.Kind != jsonvalue.Object && ap.Kind != jsonvalue.Bool {
		c.add(schemapath.Key(at.String(), "additionalProperties"), msgNotASchema(ap.Kind))
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
func (c *checker) typeRules(s *jsonvalue.Value, at *pathNode) {
	t := s.Get("type")
	if t == nil {
		return
	}
	switch t.Kind {
	case jsonvalue.String:
		if !knownTypes[t.Text] {
			c.add(schemapath.Key(at.String(), "type"), msgUnknownType(t.Text))
		}
	case jsonvalue.Array:
		malformed := false
		for i := range t.Items {
			if t.Items[i].Kind != jsonvalue.String {
				malformed = true
			} else if !knownTypes[t.Items[i].Text] {
				c.add(schemapath.Key(at.String(), "type"), msgUnknownType(t.Items[i].Text))
			}
		}
		if malformed {
			c.add(schemapath.Key(at.String(), "type"), msgTypeShape)
		}
	default:
		c.add(schemapath.Key(at.String(), "type"), msgTypeShape)
	}
}

// requiredRules are R1 and R2, with S2 (own keys only) and S3 (a schema
// without `properties` declares none). A name counts as declared when the
// schema's own `properties` has it, or the `properties` of a schema that
// constrains the same object: a composition ancestor, an allOf/anyOf/oneOf
// branch, or the target of a local `$ref` (directly or in such a branch).
func (c *checker) requiredRules(s, props *jsonvalue.Value, at *pathNode, sc scope) {
	req := s.Get("required")
	if req == nil {
		return
	}
	if req.Kind != jsonvalue.Array {
		c.add(schemapath.Key(at.String(), "required"), msgRequiredShape)
		return
	}
	for i := range req.Items {
		if req.Items[i].Kind != jsonvalue.String {
			c.add(schemapath.Key(at.String(), "required"), msgRequiredShape)
			return
		}
	}
	if props != nil && props.Kind != jsonvalue.Object {
		return // `properties` itself is reported
	}
	sources, open := c.siblingProperties(s)
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
		if !declared {
			c.add(schemapath.Key(at.String(), "required"), msgRequiredUndeclared(name))
		}
	}
}

// siblingProperties collects the `properties` objects of s's local `$ref`
// target and of its allOf/anyOf/oneOf branches (and their `$ref` targets).
// open is true when one of those references cannot be followed.
func (c *checker) siblingProperties(s *jsonvalue.Value) (out []*jsonvalue.Value, open bool) {
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
	follow(s.Get("$ref"))
	for _, kw := range [...]string{"allOf", "anyOf", "oneOf"} {
		if a := s.Get(kw); a != nil && a.Kind == jsonvalue.Array {
			for i := range a.Items {
				propsOf(&a.Items[i])
				follow(a.Items[i].Get("$ref"))
			}
		}
	}
	return out, open
}

// children walks the object-valued subschemas of s in the fixed order of
// loader.md §4.5, then the applicators SchemaPort 0.1.0 does not walk, so
// that `pattern`, numeric keywords and `$ref` are checked there too.
func (c *checker) children(s *jsonvalue.Value, at *pathNode, sc scope, props *jsonvalue.Value) {
	branch := scope{inDefs: sc.inDefs, props: sc.props}
	if props != nil && props.Kind == jsonvalue.Object {
		branch.props = append(append(make([]*jsonvalue.Value, 0, len(sc.props)+1), props), sc.props...)
	}
	for _, kw := range [...]string{"properties", "$defs", "definitions"} {
		m := s.Get(kw)
		if m == nil || m.Kind != jsonvalue.Object {
			continue
		}
		kwNode := at.child(kw)
		child := scope{inDefs: sc.inDefs || kw != "properties"}
		forEachJSOrder(m, func(mem *jsonvalue.Member) {
			if mem.Value.Kind == jsonvalue.Object {
				n := kwNode.child(mem.Key)
				c.schema(&mem.Value, &n, child)
			}
		})
	}
	for _, kw := range [...]string{"prefixItems", "anyOf", "oneOf", "allOf"} {
		a := s.Get(kw)
		if a == nil || a.Kind != jsonvalue.Array {
			continue
		}
		kwNode := at.child(kw)
		child := scope{inDefs: sc.inDefs}
		if kw != "prefixItems" {
			child = branch
		}
		for i := range a.Items {
			if a.Items[i].Kind == jsonvalue.Object {
				n := kwNode.item(i)
				c.schema(&a.Items[i], &n, child)
			}
		}
	}
	c.single(s, at, "items", scope{inDefs: sc.inDefs})
	c.single(s, at, "not", branch)
	c.single(s, at, "additionalProperties", scope{inDefs: sc.inDefs})
	for _, kw := range [...]string{"if", "then", "else"} {
		c.single(s, at, kw, branch)
	}
	for _, kw := range [...]string{"dependentSchemas", "patternProperties"} {
		m := s.Get(kw)
		if m == nil || m.Kind != jsonvalue.Object {
			continue
		}
		kwNode := at.child(kw)
		child := scope{inDefs: sc.inDefs}
		if kw == "dependentSchemas" {
			child = branch
		}
		forEachJSOrder(m, func(mem *jsonvalue.Member) {
			if mem.Value.Kind == jsonvalue.Object {
				n := kwNode.child(mem.Key)
				c.schema(&mem.Value, &n, child)
			}
		})
	}
	for _, kw := range [...]string{"contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema"} {
		c.single(s, at, kw, scope{inDefs: sc.inDefs})
	}
}

func (c *checker) single(s *jsonvalue.Value, at *pathNode, kw string, sc scope) {
	if v := s.Get(kw); v != nil && v.Kind == jsonvalue.Object {
		n := at.child(kw)
		c.schema(v, &n, sc)
	}
}

// forEachJSOrder visits an object's members in JavaScript's own-property
// order: canonical array-index keys ascending, then the rest as written.
// SchemaPort's walk uses that order, and it decides the order of errors
// whose text is identical.
func forEachJSOrder(obj *jsonvalue.Value, fn func(*jsonvalue.Member)) {
	hasIndex := false
	for i := range obj.Members {
		if _, ok := arrayIndexKey(obj.Members[i].Key); ok {
			hasIndex = true
			break
		}
	}
	if !hasIndex {
		for i := range obj.Members {
			fn(&obj.Members[i])
		}
		return
	}
	type indexed struct {
		n   uint64
		mem *jsonvalue.Member
	}
	var idx []indexed
	for i := range obj.Members {
		if n, ok := arrayIndexKey(obj.Members[i].Key); ok {
			idx = append(idx, indexed{n, &obj.Members[i]})
		}
	}
	// Insertion sort: index keys are few and this keeps the code obvious.
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && idx[j].n < idx[j-1].n; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	for _, e := range idx {
		fn(e.mem)
	}
	for i := range obj.Members {
		if _, ok := arrayIndexKey(obj.Members[i].Key); !ok {
			fn(&obj.Members[i])
		}
	}
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
func utf16Compare(a, b string) int {
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
