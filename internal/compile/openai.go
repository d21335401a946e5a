package compile

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// openaiOrder is the fixed key order of every compiled OpenAI schema.
var openaiOrder = newKeyOrder("$ref", "type", "description", "enum", "pattern", "format", "multipleOf",
	"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "items",
	"properties", "required", "additionalProperties", "anyOf", "$defs")

// openaiDrops maps a check code that says "compiling drops this keyword"
// to the record of that drop. Check decides which keywords these are
// (internal/provider/openai keyword classes); compile follows it.
var openaiDrops = map[string]struct {
	code  string
	lossy bool
	why   string
}{
	"openai/annotation-keyword-dropped":      {"dropped-annotation-keyword", false, "it is an annotation and constrains nothing"},
	"openai/unsupported-keyword":             {"dropped-unsupported-keyword", true, "OpenAI does not support it, so its constraint is no longer enforced"},
	"openai/undocumented-constraint-keyword": {"dropped-undocumented-constraint-keyword", true, "OpenAI does not document it, so its constraint is no longer enforced"},
	"openai/unknown-keyword":                 {"dropped-unknown-keyword", true, "OpenAI does not know it, so whatever it meant is lost"},
}

// noDrop is dropFor's answer for a keyword that stays.
var noDrop struct {
	code  string
	lossy bool
	why   string
}

// openaiConsults: the codes compileOpenAI looks up.
func openaiConsults(code string) bool {
	_, drop := openaiDrops[code]
	return drop || code == "openai/unsupported-string-format"
}

const openaiFormats = "date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid"

type openaiCompiler struct {
	mem         *slab
	diags       diagIndex
	rec         recorder
	path        *pather
	rewriteRefs bool
	root        *jsonvalue.Value
	carry       map[string]string // root definitions beside $defs that references use: name in $defs
	anchors     map[string]string // $anchor name: the anchored schema's pointer in the output ("" when not emitted); built on first use

	// A `$ref` at an optional property's schema must not take the null
	// compile adds to the property. When the schema has local references
	// (track), cur is the output pointer of the schema being compiled,
	// refs the pointers references name (their unescaped tokens), nulled
	// the properties made nullable, and forced (second pass only) those
	// of them written as anyOf [schema, null] so a reference can name
	// the schema alone.
	track  bool
	ptrs   pointers
	cur    int32
	refs   [][]string
	nulled map[int32]bool
	forced map[int32]bool
}

// pointers interns output JSON Pointers, so tracking the current one
// costs O(1) per schema at any depth: 0 is "#", every other id a parent
// id and one (unescaped) token.
type pointers struct {
	ids map[ptrStep]int32
	n   int32
}

type ptrStep struct {
	parent int32
	tok    string
}

func (p *pointers) child(parent int32, tok string) int32 {
	if p.ids == nil {
		p.ids = map[ptrStep]int32{}
	}
	k := ptrStep{parent, tok}
	if id, ok := p.ids[k]; ok {
		return id
	}
	p.n++
	p.ids[k] = p.n
	return p.n
}

// lookup is child without interning: -1 when the pointer was never seen.
func (p *pointers) lookup(parent int32, tok string) int32 {
	if id, ok := p.ids[ptrStep{parent, tok}]; ok {
		return id
	}
	return -1
}

// compileOpenAI writes a Responses API function tool, always strict.
func compileOpenAI(t *tool.Tool, j job) (*jsonvalue.Value, []Transformation) {
	root := t.InputSchema()
	track := hasLocalRef(root)
	run := func(forced [][]string) (openaiCompiler, jsonvalue.Value) {
		c := openaiCompiler{mem: j.mem, diags: j.diags, rec: recorder{off: !j.record}, path: newPather(j), track: track}
		for _, toks := range forced {
			if c.forced == nil {
				c.forced = map[int32]bool{}
			}
			id := int32(0)
			for _, tok := range toks {
				id = c.ptrs.child(id, tok)
			}
			c.forced[id] = true
		}
		c.rewriteRefs = isObj(root.Get("definitions")) && !isObj(root.Get("$defs"))
		c.root = root
		if isObj(root.Get("definitions")) && isObj(root.Get("$defs")) {
			c.carry = carriedDefinitions(root)
		}
		c.rec.add("renamed-input-schema-to-parameters", provider.RootPath, false, "Wrote `inputSchema` as `parameters`.")
		c.rec.add("enabled-strict-mode", provider.RootPath, false, "Set `strict: true`, so OpenAI guarantees calls match the schema.")
		params := c.schema(root, provider.RootPath)
		return c, params
	}
	c, params := run(nil)
	if w := c.widenedTargets(); len(w) > 0 {
		// Rare: compile again, now knowing which properties to write so.
		c, params = run(w)
	}

	env := c.mem.object(5)
	env.set("type", str("function"))
	env.set("name", str(t.Name))
	if d, ok := t.Description(); ok && !provider.IsBlank(d) {
		env.set("description", str(d))
	}
	env.set("parameters", params)
	env.set("strict", jsonvalue.NewBool(true))
	out := env.value(nil)
	return &out, c.rec.list
}

// slot compiles a value standing where a subschema belongs.
func (c *openaiCompiler) slot(v *jsonvalue.Value, path string) jsonvalue.Value {
	switch {
	case v.Kind == jsonvalue.Object:
		return c.schema(v, path)
	case v.IsTrue():
		c.rec.add("normalized-true-subschema", path, false, "Wrote the schema `true` as `{}`, which accepts the same values.")
	case v.IsFalse():
		c.rec.add("widened-false-subschema", path, true, "Wrote the schema `false` as `{}`: it accepted nothing, now it accepts anything.")
	default:
		c.rec.add("widened-invalid-subschema", path, true, "Wrote a ", v.Kind.String(), " standing where a schema belongs as `{}`, which accepts anything.")
	}
	return emptyObject()
}

func (c *openaiCompiler) schema(s *jsonvalue.Value, at string) jsonvalue.Value {
	o := c.mem.object(len(s.Members) + 2)
	nullable := false
	var constant, enum *jsonvalue.Value
	anyOfArr, oneOfArr := isArr(s.Get("anyOf")), isArr(s.Get("oneOf"))
	for i := range s.Members {
		m := &s.Members[i]
		k, v := m.Key, &m.Value
		kp := c.path.key(at, k)
		if drop, ok := c.dropFor(kp); ok {
			if k == "nullable" {
				c.rec.add(drop.code, kp, drop.lossy, "Dropped `nullable: false`: it means nothing to OpenAI.")
			} else {
				c.rec.add(drop.code, kp, drop.lossy, "Dropped `", k, "`: ", drop.why, ".")
			}
			continue
		}
		switch k {
		case "properties", "$defs":
			if v.Kind == jsonvalue.Object {
				m := c.slotMap(v, kp, k)
				if k == "$defs" && s == c.root && len(c.carry) > 0 {
					m = c.carryInto(m)
				}
				o.set(k, m)
			}
		case "items":
			saved := c.cur
			if c.track {
				c.cur = c.ptrs.child(saved, "items")
			}
			o.set(k, c.slot(v, kp))
			c.cur = saved
		case "anyOf":
			if v.Kind == jsonvalue.Array {
				o.set(k, c.slotList(v, kp, "anyOf"))
			}
		case "format":
			if v.Kind == jsonvalue.String && c.diags.has(kp, "openai/unsupported-string-format") {
				c.rec.add("dropped-unsupported-format", kp, true, "Dropped `format: ", jsonvalue.Quote(v.Text), "`; OpenAI supports only "+openaiFormats+".")
				continue
			}
			o.set(k, *v)
		case "$ref":
			if v.Kind == jsonvalue.String && c.rewriteRefs && strings.HasPrefix(v.Text, "#/definitions/") {
				to := c.renamed(c.root, "#", v.Text[2:])
				c.rec.add("rewrote-definitions-reference", kp, false, "Rewrote `", v.Text, "` as `", to, "`.")
				o.set(k, str(c.ref(to, kp)))
				continue
			}
			if v.Kind == jsonvalue.String && c.carry != nil && strings.HasPrefix(v.Text, "#/definitions/") {
				name, rest, _ := strings.Cut(strings.TrimPrefix(v.Text, "#/definitions/"), "/")
				if to, ok := c.carry[unescapeToken(name)]; ok {
					to = "#/$defs/" + pointerToken(to)
					if rest != "" {
						to = c.renamed(c.root.Get("definitions").Get(unescapeToken(name)), to, rest)
					}
					c.rec.add("rewrote-definitions-reference", kp, false, "Rewrote `", v.Text, "` as `", to, "`.")
					o.set(k, str(c.ref(to, kp)))
					continue
				}
			}
			if v.Kind == jsonvalue.String && isAnchorRef(v.Text) {
				// Compiling drops `$anchor` (OpenAI documents only pointer
				// references), so "#name" would dangle: point at where the
				// anchored schema is written instead.
				if to := c.anchorPointer(v.Text[1:]); to != "" {
					c.rec.add("rewrote-anchor-reference", kp, false, "Rewrote `", v.Text, "` as `", to, "`: compiling drops `$anchor`.")
					o.set(k, str(c.ref(to, kp)))
					continue
				}
			}
			if v.Kind == jsonvalue.String && strings.HasPrefix(v.Text, "#/") {
				// A pointer through a keyword compile renames (oneOf,
				// a nested definitions) must follow the rename.
				if to := c.renamed(c.root, "#", v.Text[2:]); to != v.Text {
					c.rec.add("rewrote-renamed-keyword-reference", kp, false, "Rewrote `", v.Text, "` as `", to, "`: compiling renames a keyword on its way.")
					o.set(k, str(c.ref(to, kp)))
					continue
				}
			}
			if v.Kind == jsonvalue.String {
				if to := c.ref(v.Text, kp); to != v.Text {
					o.set(k, str(to))
					continue
				}
			}
			o.set(k, *v)
		case "required", "additionalProperties":
		case "const":
			constant = v
			c.rec.add("converted-const-to-enum", kp, false, "Wrote `const` as a one-value `enum`, which accepts the same value.")
		case "enum":
			enum = v
			o.set(k, *v)
		case "oneOf":
			if v.Kind != jsonvalue.Array {
				continue
			}
			if anyOfArr {
				// Both would become the one output anyOf; the canonical
				// anyOf is exact, so it is kept and the oneOf goes, on
				// the record (SchemaPort lets the later key win silently).
				c.rec.add("dropped-conflicting-one-of", kp, true, "Dropped `oneOf`: the schema also has `anyOf`, and OpenAI has room for one union only; the `oneOf` branches are no longer enforced.")
				continue
			}
			c.rec.add("converted-one-of-to-any-of", kp, true, "Wrote `oneOf` as `anyOf`, which also accepts a value matching several branches.")
			o.set("anyOf", c.slotList(v, kp, "anyOf"))
		case "definitions":
			if v.Kind != jsonvalue.Object {
				continue
			}
			if isObj(s.Get("$defs")) {
				if s == c.root && len(c.carry) > 0 {
					c.rec.add("dropped-conflicting-definitions", kp, true, "Dropped `definitions` beside `$defs`, moving the "+plural(len(c.carry), "entry", "entries")+" references use into `$defs`.")
				} else {
					c.rec.add("dropped-conflicting-definitions", kp, true, "Dropped `definitions` beside `$defs`; references into it no longer resolve.")
				}
				continue
			}
			c.rec.add("renamed-definitions-to-defs", kp, false, "Renamed `definitions` to `$defs`.")
			o.set("$defs", c.slotMap(v, kp, "$defs"))
		case "nullable":
			if v.IsTrue() {
				nullable = true
				c.rec.add("converted-nullable-to-type-union", kp, false, "Wrote `nullable: true` as a `\"null\"` type.")
			}
		case "default":
			c.rec.add("dropped-default-keyword", kp, false, "Dropped `default`; OpenAI ignores it.")
		default:
			o.set(k, *v)
		}
	}
	_ = oneOfArr
	if constant != nil {
		// const and enum both constrain: the value must equal const and be
		// in enum. One enum says both exactly, whatever the key order.
		vals := []jsonvalue.Value{*constant}
		if enum != nil && enum.Kind == jsonvalue.Array {
			vals = vals[:0]
			for i := range enum.Items {
				if jsonvalue.Equal(&enum.Items[i], constant) {
					vals = append(vals, *constant)
					break
				}
			}
		}
		o.set("enum", jsonvalue.NewArray(vals...))
	}
	if c.objectLike(s) {
		c.close(s, at, &o)
	}
	out := o.value(&openaiOrder)
	if nullable {
		out = c.nullableForm(out)
	}
	return out
}

func (c *openaiCompiler) dropFor(path string) (struct {
	code  string
	lossy bool
	why   string
}, bool) {
	if c.diags == nil || path == "" {
		return noDrop, false
	}
	for _, code := range c.diags[path] {
		if d, ok := openaiDrops[code]; ok {
			return d, true
		}
	}
	return noDrop, false
}

// slotMap compiles the schemas of a keyword's map, written under kw.
func (c *openaiCompiler) slotMap(m *jsonvalue.Value, at, kw string) jsonvalue.Value {
	out := c.mem.members(len(m.Members))[:len(m.Members)]
	saved := c.cur
	var under int32
	if c.track {
		under = c.ptrs.child(saved, kw)
	}
	for i := range m.Members {
		if c.track {
			c.cur = c.ptrs.child(under, m.Members[i].Key)
		}
		out[i] = member(m.Members[i].Key, c.slot(&m.Members[i].Value, c.path.key(at, m.Members[i].Key)))
	}
	c.cur = saved
	return jsonvalue.Value{Kind: jsonvalue.Object, Members: out}
}

// slotList compiles the schemas of a keyword's list, written under kw.
func (c *openaiCompiler) slotList(l *jsonvalue.Value, at, kw string) jsonvalue.Value {
	out := c.mem.values(len(l.Items))[:len(l.Items)]
	saved := c.cur
	var under int32
	if c.track {
		under = c.ptrs.child(saved, kw)
	}
	for i := range l.Items {
		if c.track {
			c.cur = c.ptrs.child(under, strconv.Itoa(i))
		}
		out[i] = c.slot(&l.Items[i], c.path.index(at, i))
	}
	c.cur = saved
	return jsonvalue.NewArray(out...)
}

// carriedDefinitions names, for each entry of the root's `definitions` that
// a `#/definitions/...` reference anywhere in root uses, its key in the
// compiled `$defs`: its own, or with a suffix when `$defs` has that key.
// Dropping `definitions` beside `$defs` would leave those references
// dangling, and OpenAI rejects a schema whose `$ref` does not resolve.
func carriedDefinitions(root *jsonvalue.Value) map[string]string {
	used := map[string]bool{}
	var walk func(v *jsonvalue.Value)
	walk = func(v *jsonvalue.Value) {
		for i := range v.Items {
			walk(&v.Items[i])
		}
		for i := range v.Members {
			m := &v.Members[i]
			if m.Key == "$ref" && m.Value.Kind == jsonvalue.String && strings.HasPrefix(m.Value.Text, "#/definitions/") {
				name, _, _ := strings.Cut(strings.TrimPrefix(m.Value.Text, "#/definitions/"), "/")
				used[unescapeToken(name)] = true
			}
			walk(&m.Value)
		}
	}
	walk(root)
	defs, taken := root.Get("definitions"), map[string]bool{}
	for _, m := range root.Get("$defs").Members {
		taken[m.Key] = true
	}
	carry := map[string]string{}
	for _, m := range defs.Members {
		if !used[m.Key] {
			continue
		}
		if _, dup := carry[m.Key]; dup {
			continue
		}
		to := m.Key
		for n := 1; taken[to]; n++ {
			to = m.Key + "_definitions"
			if n > 1 {
				to += strconv.Itoa(n)
			}
		}
		taken[to] = true
		carry[m.Key] = to
	}
	return carry
}

// carryInto appends the carried `definitions` entries, compiled, to the
// root's compiled `$defs`, in their source order.
func (c *openaiCompiler) carryInto(m jsonvalue.Value) jsonvalue.Value {
	at := c.path.key(provider.RootPath, "definitions")
	for _, e := range c.root.Get("definitions").Members {
		if to, ok := c.carry[e.Key]; ok && !hasKey(m, to) {
			v := e.Value
			saved := c.cur
			if c.track {
				c.cur = c.ptrs.child(c.ptrs.child(0, "$defs"), to)
			}
			m.Members = append(m.Members, member(to, c.slot(&v, c.path.key(at, e.Key))))
			c.cur = saved
		}
	}
	return m
}

func hasKey(m jsonvalue.Value, key string) bool { return m.Get(key) != nil }

// unescapeToken undoes a JSON Pointer token's escapes (RFC 6901 section 4)
// and its URI fragment percent-encoding.
func unescapeToken(tok string) string {
	if u, err := url.PathUnescape(tok); err == nil {
		tok = u
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}

// ref notes the local pointer a compiled `$ref` names and, on the second
// pass, points it past the anyOf a nullable property was wrapped in.
func (c *openaiCompiler) ref(to, kp string) string {
	if !c.track || !strings.HasPrefix(to, "#/") {
		return to
	}
	toks := strings.Split(to[2:], "/")
	for i := range toks {
		toks[i] = unescapeToken(toks[i])
	}
	if c.forced == nil {
		c.refs = append(c.refs, toks)
		return to
	}
	out, id, moved := "#", int32(0), false
	for _, tok := range toks {
		id = c.ptrs.child(id, tok)
		out += "/" + pointerToken(tok)
		if c.forced[id] {
			out += "/anyOf/0"
			moved = true
		}
	}
	if !moved {
		return to
	}
	c.rec.add("rewrote-nullable-property-reference", kp, false, "Pointed `", to, "` at `", out, "`: compiling made the property it names nullable, and the reference must not accept null.")
	return out
}

// renamed returns the output pointer prefix+rest names when rest, a
// pointer's tokens below node in the source, passes keywords compile
// renames: oneOf written as anyOf, definitions as $defs. The rest as
// written when nothing is renamed.
func (c *openaiCompiler) renamed(node *jsonvalue.Value, prefix, rest string) string {
	toks := strings.Split(rest, "/")
	out, changed := prefix, false
	for _, raw := range toks {
		tok := unescapeToken(raw)
		next := (*jsonvalue.Value)(nil)
		switch {
		case node == nil:
		case node.Kind == jsonvalue.Object:
			next = node.Get(tok)
			if tok == "oneOf" && isArr(next) && !isArr(node.Get("anyOf")) ||
				tok == "definitions" && isObj(next) && !isObj(node.Get("$defs")) {
				if tok == "oneOf" {
					tok = "anyOf"
				} else {
					tok = "$defs"
				}
				raw, changed = tok, true
			}
		case node.Kind == jsonvalue.Array:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(node.Items) {
				next = &node.Items[i]
			}
		}
		out += "/" + raw
		node = next
	}
	if !changed {
		return prefix + "/" + rest
	}
	return out
}

// widenedTargets are the nullable-made properties that a reference names
// (or names something inside), as token lists: written as anyOf
// [schema, null], the reference can name the schema without the null.
func (c *openaiCompiler) widenedTargets() [][]string {
	var w [][]string
	for _, toks := range c.refs {
		id := int32(0)
		for i, tok := range toks {
			if id = c.ptrs.lookup(id, tok); id < 0 {
				break
			}
			if c.nulled[id] {
				w = append(w, toks[:i+1])
			}
		}
	}
	return w
}

// hasLocalRef reports whether a `$ref` in v names a pointer or an anchor
// in this document.
func hasLocalRef(v *jsonvalue.Value) bool {
	for i := range v.Items {
		if hasLocalRef(&v.Items[i]) {
			return true
		}
	}
	for i := range v.Members {
		m := &v.Members[i]
		if m.Key == "$ref" && m.Value.Kind == jsonvalue.String && (strings.HasPrefix(m.Value.Text, "#/") || isAnchorRef(m.Value.Text)) {
			return true
		}
		if hasLocalRef(&m.Value) {
			return true
		}
	}
	return false
}

// isAnchorRef reports whether ref is a plain-name fragment ("#name").
func isAnchorRef(ref string) bool {
	return len(ref) > 1 && ref[0] == '#' && ref[1] != '/'
}

// anchorPointer returns the output pointer of the schema whose `$anchor`
// (or `$dynamicAnchor`) is name, or "" when compile does not emit it.
func (c *openaiCompiler) anchorPointer(name string) string {
	if c.anchors == nil {
		c.anchors = map[string]string{}
		c.collectAnchors(c.root, provider.RootPath, "#")
	}
	return c.anchors[name]
}

// collectAnchors walks the keywords schema() emits subschemas for, as it
// renames them (definitions → $defs, oneOf → anyOf), skipping what it drops.
func (c *openaiCompiler) collectAnchors(s *jsonvalue.Value, at, ptr string) {
	if s.Kind != jsonvalue.Object {
		return
	}
	for i := range s.Members {
		k, v := s.Members[i].Key, &s.Members[i].Value
		kp := schemapath.Key(at, k)
		if k == "$anchor" || k == "$dynamicAnchor" {
			if _, seen := c.anchors[v.Text]; v.Kind == jsonvalue.String && !seen {
				c.anchors[v.Text] = ptr
			}
			continue
		}
		if _, drop := c.dropFor(kp); drop {
			continue
		}
		out := k
		switch k {
		case "definitions":
			if isObj(s.Get("$defs")) {
				continue
			}
			out = "$defs"
			fallthrough
		case "properties", "$defs":
			if v.Kind == jsonvalue.Object {
				for j := range v.Members {
					e := &v.Members[j]
					c.collectAnchors(&e.Value, schemapath.Key(kp, e.Key), ptr+"/"+out+"/"+pointerToken(e.Key))
				}
			}
		case "items":
			c.collectAnchors(v, kp, ptr+"/items")
		case "oneOf":
			if isArr(s.Get("anyOf")) {
				continue
			}
			out = "anyOf"
			fallthrough
		case "anyOf":
			if v.Kind == jsonvalue.Array {
				for j := range v.Items {
					c.collectAnchors(&v.Items[j], schemapath.Index(kp, j), ptr+"/"+out+"/"+strconv.Itoa(j))
				}
			}
		}
	}
}

// pointerToken escapes a key as a JSON Pointer token inside a URI
// fragment (RFC 6901 sections 3 and 6).
func pointerToken(key string) string {
	key = strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
	return url.PathEscape(key)
}

// objectLike: strict mode treats the schema as an object it must close.
func (c *openaiCompiler) objectLike(s *jsonvalue.Value) bool {
	return provider.HasType(s, "object") || isObj(s.Get("properties")) || isArr(s.Get("required")) || s.Has("additionalProperties")
}

// close makes every property required (optional ones nullable) and the
// object closed, as strict mode demands.
func (c *openaiCompiler) close(s *jsonvalue.Value, at string, o *object) {
	if !isObj(o.get("properties")) {
		o.set("properties", emptyObject())
	}
	props := o.get("properties")
	required := provider.NewRequiredSet(s.Get("required"))
	var names []jsonvalue.Value
	if sp := s.Get("properties"); isObj(sp) {
		names = c.mem.values(len(sp.Members))
		for i := range sp.Members {
			name := sp.Members[i].Key
			names = append(names, str(name))
			if required.Has(name) {
				continue
			}
			pp := c.path.join(at, "properties", name)
			c.rec.add("converted-optional-property-to-nullable", pp, false, "Made the optional property `", name, "` required and nullable: the model sends null instead of leaving it out.")
			if c.track {
				id := c.ptrs.child(c.ptrs.child(c.cur, "properties"), name)
				if c.nulled == nil {
					c.nulled = map[int32]bool{}
				}
				c.nulled[id] = true
				if c.forced[id] {
					// A reference names this schema: null goes beside it.
					props.Members[i].Value = jsonvalue.NewObject(member("anyOf", jsonvalue.NewArray(props.Members[i].Value, nullType)))
					continue
				}
			}
			props.Members[i].Value = c.nullableForm(props.Members[i].Value)
		}
	}
	o.set("required", jsonvalue.NewArray(names...))
	ap := s.Get("additionalProperties")
	apPath := c.path.key(at, "additionalProperties")
	switch {
	case ap == nil:
		c.rec.add("added-additional-properties-false", apPath, false, "Added `additionalProperties: false`, which strict mode requires.")
	case ap.IsTrue():
		c.rec.add("closed-open-object", apPath, false, "Replaced `additionalProperties: true` with `false`: keys the schema does not declare are now rejected.")
	case ap.Kind == jsonvalue.Object:
		c.rec.add("dropped-additional-properties-schema", apPath, true, "Replaced the `additionalProperties` schema with `false`: the object no longer takes extra keys.")
	case ap.IsFalse():
	default:
		// Not a schema at all: SchemaPort closes the object silently.
		c.rec.add("added-additional-properties-false", apPath, false, "Wrote `additionalProperties: false` in place of a value that is not a schema.")
	}
	o.set("additionalProperties", jsonvalue.NewBool(false))
}

var nullType = jsonvalue.NewObject(member("type", str("null")))

// nullableForm returns the compiled schema x that also accepts null, with
// nothing else changed: null joins the type, the anyOf and the enum; a
// $ref (which cannot take siblings' null) moves into an anyOf branch with
// every constraint beside it, its description staying outside.
func (c *openaiCompiler) nullableForm(x jsonvalue.Value) jsonvalue.Value {
	// x is this compiler's own output, never the source's: its members
	// are changed in place (every set below replaces an existing key).
	o := object{members: x.Members}
	t := o.get("type")
	switch {
	case t != nil && t.Kind == jsonvalue.String:
		if t.Text != "null" {
			o.set("type", jsonvalue.NewArray(append(c.mem.values(2), *t, str("null"))...))
		}
	case t != nil && t.Kind == jsonvalue.Array:
		if !containsString(t, "null") {
			items := append(append(c.mem.values(len(t.Items)+1), t.Items...), str("null"))
			o.set("type", jsonvalue.NewArray(items...))
		}
	case isArr(o.get("anyOf")):
		a := o.get("anyOf")
		has := false
		for i := range a.Items {
			if ty := a.Items[i].Get("type"); ty != nil && ty.Kind == jsonvalue.String && ty.Text == "null" {
				has = true
			}
		}
		if !has {
			items := append(append(c.mem.values(len(a.Items)+1), a.Items...), nullType)
			o.set("anyOf", jsonvalue.NewArray(items...))
		}
	case o.get("$ref") != nil && o.get("$ref").Kind == jsonvalue.String:
		inner := object{members: append([]jsonvalue.Member(nil), o.members...)}
		outer := object{}
		if d := inner.get("description"); d != nil {
			outer.set("description", *d)
			inner.del("description")
		}
		outer.set("anyOf", jsonvalue.NewArray(inner.value(&openaiOrder), nullType))
		return outer.value(&openaiOrder)
	}
	if e := o.get("enum"); e != nil && e.Kind == jsonvalue.Array {
		has := false
		for i := range e.Items {
			if e.Items[i].Kind == jsonvalue.Null {
				has = true
			}
		}
		if !has {
			items := append(append(c.mem.values(len(e.Items)+1), e.Items...), jsonvalue.NewNull())
			o.set("enum", jsonvalue.NewArray(items...))
		}
	}
	return o.value(&openaiOrder)
}

func containsString(arr *jsonvalue.Value, s string) bool { return provider.Contains(arr, s) }
