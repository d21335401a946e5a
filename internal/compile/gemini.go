package compile

import (
	"slices"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/gemini"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// geminiOrder is the key order of every converted Gemini Schema.
var geminiOrder = newKeyOrder("type", "format", "title", "description", "nullable", "default", "example",
	"enum", "properties", "required", "propertyOrdering", "items", "minItems", "maxItems", "minimum",
	"maximum", "minLength", "maxLength", "minProperties", "maxProperties", "pattern", "anyOf")

// geminiConsults: the codes compileGemini looks up.
func geminiConsults(code string) bool { return code == "gemini/unsupported-string-format" }

// geminiInt64 are the Schema fields typed int64, which the API takes as
// decimal strings, in the order the summary record names them.
var geminiInt64 = [...]string{"minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"}

// geminiDropped are the validation keywords a Gemini Schema has no field
// for, in the fixed order their records are made.
var geminiDropped = []struct{ key, code, what string }{
	{"allOf", "dropped-all-of", "every constraint in `allOf`"},
	{"not", "dropped-not", "the negated schema in `not`"},
	{"multipleOf", "dropped-multiple-of", "the divisibility constraint"},
	{"exclusiveMinimum", "dropped-exclusive-minimum", "the exclusive lower bound"},
	{"exclusiveMaximum", "dropped-exclusive-maximum", "the exclusive upper bound"},
	{"uniqueItems", "dropped-unique-items", "the uniqueness constraint"},
	{"prefixItems", "dropped-prefix-items", "the tuple positions"},
}

// maxInlinedNodes bounds reference inlining, as check does: definitions
// that each use the next twice double the schema at every level.
const maxInlinedNodes = 200000

type geminiCompiler struct {
	mem        *slab
	job        job
	diags      diagIndex
	rec        recorder
	path       *pather
	defs       map[string]*jsonvalue.Value
	nodes      int
	typeCount  int
	int64Seen  [len(geminiInt64)]bool
	int64Nodes int
}

// compileGemini writes a FunctionDeclaration: references inlined, one
// upper-case type per schema, unsupported keywords dropped on the record.
func compileGemini(t *tool.Tool, j job) (*jsonvalue.Value, []Transformation) {
	c := geminiCompiler{mem: j.mem, job: j, diags: j.diags, rec: recorder{off: !j.record}, path: newPather(j)}
	env := c.mem.object(3)
	env.set("name", str(t.Name))
	if d, ok := t.Description(); ok && d != "" {
		env.set("description", str(d))
	}
	root := t.InputSchema()
	if root == nil || root.Kind != jsonvalue.Object {
		out := env.value(nil)
		return &out, nil
	}
	resolved := c.inline(root)
	if omitsGeminiParameters(resolved) {
		c.rec.add("omitted-empty-parameters", provider.RootPath, false, "Left out `parameters`: the function takes none.")
	} else {
		params := c.convert(resolved, provider.RootPath, nil)
		env.set("parameters", params)
		c.rec.add("renamed-input-schema-to-parameters", provider.RootPath, false, "Wrote `inputSchema` as `parameters`.")
	}
	if c.typeCount > 0 {
		c.rec.add("normalized-type-case", provider.RootPath, false, "Wrote ", plural(c.typeCount, "type value", "type values"), " in upper case, as Gemini's Type enum spells them.")
	}
	if c.int64Nodes > 0 && !c.rec.off {
		var seen []string
		for i, k := range geminiInt64 {
			if c.int64Seen[i] {
				seen = append(seen, "`"+k+"`")
			}
		}
		c.rec.add("int64-constraint-as-string", provider.RootPath, false, "Wrote "+strings.Join(seen, ", ")+" as decimal strings (Gemini's int64 fields) in "+plural(c.int64Nodes, "subschema", "subschemas")+"; the values are unchanged.")
	}
	out := env.value(nil)
	return &out, c.rec.list
}

// upperTypes are the type names as Gemini's Type enum spells them, so
// that converting a type allocates nothing.
var upperTypes = map[string]string{"string": "STRING", "number": "NUMBER", "integer": "INTEGER",
	"boolean": "BOOLEAN", "array": "ARRAY", "object": "OBJECT", "null": "NULL"}

func upperType(t string) string {
	if u, ok := upperTypes[t]; ok {
		return u
	}
	return strings.ToUpper(t)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// omitsGeminiParameters is check's rule (gemini/empty-parameters-omitted):
// the two must agree on which roots lose `parameters`.
func omitsGeminiParameters(root *jsonvalue.Value) bool { return gemini.OmitsParameters(root) }

// inline replaces every $ref to a root definition by the definition,
// expanded at the use site, its siblings laid over it; then the
// definitions go.
func (c *geminiCompiler) inline(root *jsonvalue.Value) *jsonvalue.Value {
	for _, kw := range [...]string{"$defs", "definitions"} {
		if m := root.Get(kw); isObj(m) {
			for i := range m.Members {
				if v := &m.Members[i].Value; v.Kind == jsonvalue.Object {
					if c.defs == nil {
						c.defs = map[string]*jsonvalue.Value{}
					}
					key := "#/" + kw + "/" + m.Members[i].Key
					if _, dup := c.defs[key]; !dup {
						c.defs[key] = v
					}
				}
			}
		}
	}
	out := c.inlineNode(root, provider.RootPath, nil)
	defs, definitions := isObj(out.Get("$defs")), isObj(out.Get("definitions"))
	if defs || definitions {
		at := "inputSchema.definitions"
		if defs {
			at = "inputSchema.$defs"
		}
		c.rec.add("dropped-schema-definitions", at, false, "Removed the definitions: Gemini has no `$ref`, and every reference was inlined.")
		out = jsonvalue.Without(out, "$defs", "definitions")
	}
	return out
}

func (c *geminiCompiler) inlineNode(s *jsonvalue.Value, at string, stack []string) *jsonvalue.Value {
	c.nodes++
	cur := s
	if ref := s.Get("$ref"); ref != nil && ref.Kind == jsonvalue.String {
		rp := c.path.key(at, "$ref")
		siblings := jsonvalue.Without(s, "$ref")
		target := c.defs[ref.Text]
		switch {
		case target == nil, slices.Contains(stack, ref.Text):
			cur = siblings // check refuses: gemini/unresolvable-schema-reference
		case c.nodes > maxInlinedNodes:
			c.rec.add("dropped-schema-reference", rp, true, "Dropped `", ref.Text, "`: inlining it would exceed "+strconv.Itoa(maxInlinedNodes)+" subschemas.")
			cur = siblings
		default:
			c.rec.add("inlined-schema-reference", rp, false, "Inlined `", ref.Text, "` here: Gemini has no `$ref`.")
			expanded := c.inlineNode(target, at, append(stack[:len(stack):len(stack)], ref.Text))
			cur = jsonvalue.Overlay(expanded, siblings)
		}
	}
	return c.inlineChildren(cur, at, stack)
}

// inlineChildren returns s with its subschemas inlined; s itself when
// nothing below it changes (copies are made only on the way to a change).
func (c *geminiCompiler) inlineChildren(s *jsonvalue.Value, at string, stack []string) *jsonvalue.Value {
	var members []jsonvalue.Member // s's members, copied at the first change
	set := func(i int, v jsonvalue.Value) {
		if members == nil {
			members = append(c.mem.members(len(s.Members)), s.Members...)
		}
		members[i].Value = v
	}
	for i := range s.Members {
		m := &s.Members[i]
		switch m.Key {
		case "properties":
			if m.Value.Kind != jsonvalue.Object {
				continue
			}
			kp := c.path.key(at, m.Key)
			var ps []jsonvalue.Member
			for j := range m.Value.Members {
				p := &m.Value.Members[j]
				if p.Value.Kind != jsonvalue.Object {
					continue
				}
				if n := c.inlineNode(&p.Value, c.path.key(kp, p.Key), stack); n != &p.Value {
					if ps == nil {
						ps = append(c.mem.members(len(m.Value.Members)), m.Value.Members...)
					}
					ps[j].Value = *n
				}
			}
			if ps != nil {
				v := m.Value
				v.Members = ps
				set(i, v)
			}
		case "prefixItems", "anyOf", "oneOf", "allOf":
			if m.Value.Kind != jsonvalue.Array {
				continue
			}
			kp := c.path.key(at, m.Key)
			var items []jsonvalue.Value
			for j := range m.Value.Items {
				it := &m.Value.Items[j]
				if it.Kind != jsonvalue.Object {
					continue
				}
				if n := c.inlineNode(it, c.path.index(kp, j), stack); n != it {
					if items == nil {
						items = append(c.mem.values(len(m.Value.Items)), m.Value.Items...)
					}
					items[j] = *n
				}
			}
			if items != nil {
				v := m.Value
				v.Items = items
				set(i, v)
			}
		case "items", "not", "additionalProperties":
			if m.Value.Kind == jsonvalue.Object {
				if n := c.inlineNode(&m.Value, c.path.key(at, m.Key), stack); n != &m.Value {
					set(i, *n)
				}
			}
		}
	}
	if members == nil {
		return s
	}
	out := *s
	out.Members = members
	return &out
}

// geminiSchema is a schema being converted: its members, and for each the
// canonical path of its key (a collapsed nullable branch's keys keep the
// branch's path, which is where check reports them).
type geminiSchema struct {
	members []jsonvalue.Member
	paths   []string // none when the run needs no paths
	keys    uint64   // keyBit of every member's key: most keys asked for are absent
}

// keyBit is a key's bit in geminiSchema.keys (by its length and first byte).
func keyBit(k string) uint64 {
	if k == "" {
		return 1
	}
	return 1 << ((uint(len(k))*31 + uint(k[0])) & 63)
}

func (g *geminiSchema) get(key string) *jsonvalue.Value {
	if g.keys&keyBit(key) == 0 {
		return nil
	}
	for i := range g.members {
		if g.members[i].Key == key {
			return &g.members[i].Value
		}
	}
	return nil
}

func (g *geminiSchema) path(key string) string {
	if g.paths == nil || g.keys&keyBit(key) == 0 {
		return ""
	}
	for i := range g.members {
		if g.members[i].Key == key {
			return g.paths[i]
		}
	}
	return ""
}

func (g *geminiSchema) pathAt(i int) string {
	if g.paths == nil {
		return ""
	}
	return g.paths[i]
}

// slot converts a value standing where a subschema belongs. Values that
// are not schemas vanish (ok false); our loader never lets one through.
func (c *geminiCompiler) slot(v *jsonvalue.Value, at string) (jsonvalue.Value, bool) {
	switch {
	case v.Kind == jsonvalue.Object:
		return c.convert(v, at, nil), true
	case v.IsTrue():
		c.rec.add("converted-true-subschema", at, false, "Wrote the schema `true` as `{}`, which accepts the same values.")
		return emptyObject(), true
	case v.IsFalse():
		c.rec.add("widened-false-subschema", at, true, "Wrote the schema `false` as `{}`: it accepted nothing, now it accepts anything.")
		return emptyObject(), true
	}
	return jsonvalue.Value{}, false
}

func isNullOnly(v *jsonvalue.Value) bool {
	return v.Kind == jsonvalue.Object && len(v.Members) == 1 && v.Members[0].Key == "type" &&
		v.Members[0].Value.Kind == jsonvalue.String && v.Members[0].Value.Text == "null"
}

// collapse turns {anyOf: [X, {type: null}]} into X marked nullable. The
// parent's description and title stay (they describe this use); any other
// key both sides hold must agree, or the pair is left a union.
func collapse(s *jsonvalue.Value, at string, path *pather, mem *slab) (g geminiSchema, ok bool) {
	a := s.Get("anyOf")
	if !isArr(a) || len(a.Items) != 2 {
		return g, false
	}
	bi := -1
	switch {
	case isNullOnly(&a.Items[0]) && a.Items[1].Kind == jsonvalue.Object:
		bi = 1
	case isNullOnly(&a.Items[1]) && a.Items[0].Kind == jsonvalue.Object:
		bi = 0
	default:
		return g, false
	}
	branch := &a.Items[bi]
	bp := path.index(path.key(at, "anyOf"), bi)
	for _, m := range branch.Members {
		if pv := s.Get(m.Key); pv != nil && m.Key != "description" && m.Key != "title" && !jsonvalue.Equal(pv, &m.Value) {
			return g, false
		}
	}
	g.members = mem.members(len(s.Members) + len(branch.Members))
	for _, m := range s.Members {
		if m.Key == "anyOf" {
			continue
		}
		g.members = append(g.members, m)
		if path.on(at) {
			g.paths = append(g.paths, path.key(at, m.Key))
		}
	}
	for _, m := range branch.Members {
		if s.Has(m.Key) {
			continue
		}
		g.members = append(g.members, m)
		if path.on(at) {
			g.paths = append(g.paths, path.key(bp, m.Key))
		}
	}
	return g, true
}

// convert writes one Gemini Schema for s at path at.
func (c *geminiCompiler) convert(s *jsonvalue.Value, at string, _ any) jsonvalue.Value {
	o := c.mem.object(len(s.Members) + 2)
	nullable := false
	var g geminiSchema
	if cg, ok := collapse(s, at, c.path, c.mem); ok {
		g = cg
		nullable = true
		c.rec.add("collapsed-nullable-any-of", c.path.key(at, "anyOf"), false, "Wrote `anyOf` of a schema and `{\"type\": \"null\"}` as that schema with `nullable: true`.")
	} else {
		g.members = s.Members
		if c.path.on(at) {
			g.paths = make([]string, len(s.Members))
			for i := range s.Members {
				g.paths[i] = c.path.key(at, s.Members[i].Key)
			}
		}
	}
	for i := range g.members {
		g.keys |= keyBit(g.members[i].Key)
	}
	tv := &jsonvalue.Value{Kind: jsonvalue.Object, Members: g.members}

	// Types.
	var buf [4]string
	var known []string
	for _, t := range provider.SchemaTypes(tv, buf[:0]) {
		if !gemini.IsTypeName(t) {
			c.rec.add("dropped-unknown-type", g.path("type"), true, "Dropped the type `", t, "`, which Gemini does not know.")
			continue
		}
		known = append(known, t)
	}
	if len(known) >= 2 && slices.Contains(known, "null") {
		known = slices.DeleteFunc(known, func(t string) bool { return t == "null" })
		nullable = true
		c.rec.add("converted-null-type-to-nullable", g.path("type"), false, "Wrote the `\"null\"` type as `nullable: true`.")
	}
	if tl := g.get("type"); tl != nil && tl.Kind == jsonvalue.Array && len(known) == 1 && !slices.ContainsFunc(tl.Items, func(v jsonvalue.Value) bool { return v.Kind == jsonvalue.String && v.Text == "null" }) {
		// Gemini's type is one value, never a list (check's gemini/type-list).
		c.rec.add("converted-type-list-to-one-type", g.path("type"), false, "Wrote the one-type list as that type: Gemini's `type` is a single value.")
	}
	var branches []jsonvalue.Value
	singleType := false
	switch {
	case len(known) == 1:
		o.set("type", str(upperType(known[0])))
		c.typeCount++
		singleType = true
	case len(known) >= 2:
		for _, t := range known {
			branches = append(branches, jsonvalue.NewObject(member("type", str(upperType(t)))))
			c.typeCount++
		}
		c.rec.add("converted-type-array-to-any-of", g.path("type"), false, "Wrote the type list as `anyOf` branches, one type each.")
	}

	// Branches.
	if a := g.get("anyOf"); isArr(a) {
		for i := range a.Items {
			if v, ok := c.slot(&a.Items[i], c.path.index(g.path("anyOf"), i)); ok {
				branches = append(branches, v)
			}
		}
	}
	if a := g.get("oneOf"); isArr(a) {
		for i := range a.Items {
			if v, ok := c.slot(&a.Items[i], c.path.index(g.path("oneOf"), i)); ok {
				branches = append(branches, v)
			}
		}
		c.rec.add("converted-one-of-to-any-of", g.path("oneOf"), true, "Wrote `oneOf` as `anyOf`, which also accepts a value matching several branches.")
	}
	if singleType && len(branches) > 0 {
		o.del("type")
		c.rec.add("dropped-type-beside-any-of", g.path("type"), true, "Dropped `type` beside the `anyOf` branches, which Gemini rejects; the branches no longer share that type.")
	}

	// Enum, const, format.
	var values *jsonvalue.Value
	if e := g.get("enum"); e != nil {
		if isArr(e) && allStrings(e) {
			values = e
		} else {
			c.rec.add("dropped-non-string-enum", g.path("enum"), true, "Dropped `enum`: Gemini enums hold strings only, so the allowed values are no longer enforced.")
		}
	}
	if k := g.get("const"); k != nil {
		if k.Kind == jsonvalue.String {
			one := jsonvalue.NewArray(*k)
			values = &one
			c.rec.add("converted-const-to-enum", g.path("const"), false, "Wrote `const` as a one-value `enum`, which accepts the same value.")
		} else {
			c.rec.add("dropped-const", g.path("const"), true, "Dropped `const`: Gemini has no `const` and its enums hold strings only.")
		}
	}
	format := g.get("format")
	if format != nil && format.Kind == jsonvalue.String && c.diags.has(g.path("format"), "gemini/unsupported-string-format") {
		// Gemini rejects this string format outright (check's rule).
		c.rec.add("dropped-unsupported-format", g.path("format"), true, "Dropped `format: ", jsonvalue.Quote(format.Text), "`; Gemini accepts only `enum` and `date-time` on a string.")
		format = nil
	}
	if values != nil && len(known) > 0 && !(len(known) == 1 && known[0] == "string") {
		// Gemini takes an enum on a STRING only (check's
		// gemini/enum-without-string-type).
		c.rec.add("dropped-enum-on-non-string", g.path("enum"), true, "Dropped `enum`: Gemini allows it only on a STRING, so the allowed values are no longer enforced.")
		values = nil
	}
	if values != nil && len(known) == 0 && len(branches) == 0 {
		o.set("type", str("STRING"))
		c.typeCount++
		c.rec.add("added-string-type-to-enum", g.path("enum"), false, "Added `type: STRING` beside the string `enum`, which Gemini needs; the allowed values are the same.")
	}
	if values != nil {
		o.set("enum", c.job.copyOf(values))
		if format != nil && format.Kind == jsonvalue.String {
			o.set("format", *format)
		} else {
			fp := g.path("format")
			if fp == "" {
				fp = c.path.key(at, "format")
			}
			o.set("format", str("enum"))
			c.rec.add("added-enum-format", fp, false, "Added `format: \"enum\"`, which Gemini needs beside a string `enum`.")
		}
	} else if format != nil && format.Kind == jsonvalue.String {
		o.set("format", *format)
	}

	// Plain fields.
	for _, k := range [...]string{"title", "description"} {
		if v := g.get(k); v != nil && v.Kind == jsonvalue.String {
			o.set(k, *v)
		}
	}
	if v := g.get("nullable"); v.IsTrue() {
		nullable = true
	}
	if nullable {
		o.set("nullable", jsonvalue.NewBool(true))
	}
	for _, k := range [...]string{"default", "example"} {
		if v := g.get(k); v != nil {
			o.set(k, c.job.copyOf(v))
		}
	}

	// Children.
	if p := g.get("properties"); isObj(p) {
		pp := g.path("properties")
		out := c.mem.members(len(p.Members))
		for i := range p.Members {
			if v, ok := c.slot(&p.Members[i].Value, c.path.key(pp, p.Members[i].Key)); ok {
				out = append(out, member(p.Members[i].Key, v))
			}
		}
		o.set("properties", jsonvalue.Value{Kind: jsonvalue.Object, Members: out})
	}
	if r := g.get("required"); isArr(r) {
		var names []jsonvalue.Value
		for i := range r.Items {
			if r.Items[i].Kind == jsonvalue.String {
				names = append(names, r.Items[i])
			}
		}
		o.set("required", jsonvalue.NewArray(names...))
	}
	if po := g.get("propertyOrdering"); isArr(po) && allStrings(po) {
		o.set("propertyOrdering", c.job.copyOf(po))
	}
	if it := g.get("items"); it != nil {
		if v, ok := c.slot(it, g.path("items")); ok {
			o.set("items", v)
		}
	}

	// int64 fields as decimal strings.
	counted := false
	for i, k := range geminiInt64 {
		if v := g.get(k); v != nil && v.Kind == jsonvalue.Number {
			o.set(k, str(NumberText(v.Text)))
			c.int64Seen[i] = true
			if !counted {
				c.int64Nodes++
				counted = true
			}
		}
	}
	for _, k := range [...]string{"minimum", "maximum"} {
		if v := g.get(k); v != nil && v.Kind == jsonvalue.Number {
			o.set(k, *v)
		}
	}
	if v := g.get("pattern"); v != nil && v.Kind == jsonvalue.String {
		o.set("pattern", *v)
	}
	if len(branches) > 0 {
		o.set("anyOf", jsonvalue.NewArray(branches...))
	}

	// Dropped keywords, on the record.
	if ap := g.get("additionalProperties"); ap != nil {
		if ap.IsTrue() {
			c.rec.add("dropped-open-additional-properties", g.path("additionalProperties"), false, "Dropped `additionalProperties: true`; Gemini objects take extra keys anyway.")
		} else {
			c.rec.add("dropped-additional-properties", g.path("additionalProperties"), true, "Dropped `additionalProperties`: Gemini has no such field, so extra keys are no longer constrained.")
		}
	}
	for _, d := range geminiDropped {
		if g.get(d.key) != nil {
			c.rec.add(d.code, g.path(d.key), true, "Dropped `", d.key, "`: Gemini has no such field, so ", d.what, " is no longer enforced.")
		}
	}
	for i, m := range g.members {
		switch {
		case gemini.IsAnnotation(m.Key):
			c.rec.add("dropped-annotation-keyword", g.pathAt(i), false, "Dropped `", m.Key, "`, an annotation Gemini has no field for.")
		case !gemini.IsHandled(m.Key):
			c.rec.add("dropped-unsupported-keyword", g.pathAt(i), true, "Dropped `", m.Key, "`, which is not a Gemini Schema field; whatever it constrained is lost.")
		}
	}
	return o.value(&geminiOrder)
}

func allStrings(arr *jsonvalue.Value) bool {
	for i := range arr.Items {
		if arr.Items[i].Kind != jsonvalue.String {
			return false
		}
	}
	return true
}
