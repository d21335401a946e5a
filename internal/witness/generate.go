package witness

import (
	"math/big"
	"regexp/syntax"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// The candidate generator. For each schema it returns a short list of
// values, the first being the base: what the schema most plainly accepts.
// An object's base holds its required properties; its other candidates
// vary one property at a time, so the list grows with the schema, not with
// the product of its parts. The schema at the change (the focus) gets the
// rich set; candidates that vary something at or under the focus are
// "hot" and judged first.

// Per-schema caps: the focus gets many candidates, everything else a few.
const (
	perSchema      = 4
	perFocus       = 48
	maxDepth       = 12
	maxGenerations = 4000 // schemas expanded per search
	maxString      = 1000 // longest generated string
)

// A cand's value is built when it is first asked for: a search judges a
// few dozen candidates on average (at most Budget) of the hundreds the
// generator lists, and building them (copying objects and arrays) cost
// more than judging them. The list itself, and its order, are what an
// eager build gave; only the copying waits.
type cand struct {
	t   *thunk
	hot bool
}

// value builds (once) and returns the candidate's value.
func (c cand) value() *jsonvalue.Value { return c.t.get() }

// thunk is a value built on first use and kept: a part's value is shared
// by every candidate built on it (an object's base property, say).
type thunk struct {
	v     *jsonvalue.Value
	build func() *jsonvalue.Value
}

func (t *thunk) get() *jsonvalue.Value {
	if t.build != nil {
		t.v, t.build = t.build(), nil
	}
	return t.v
}

// now wraps a value that exists already; later one built on first use.
func now(v *jsonvalue.Value) *thunk          { return &thunk{v: v} }
func later(f func() *jsonvalue.Value) *thunk { return &thunk{build: f} }

type generator struct {
	root  *jsonvalue.Value
	focus *jsonvalue.Value // the old schema object at the change, nil if none
	// newFocus is the new schema's object at the same place (nil if
	// none): strings are built to pass the old pattern and fail the new.
	newFocus *jsonvalue.Value
	hints    []*jsonvalue.Value
	// names are property names the change is about that the old schema
	// does not declare: undeclared properties get them first.
	names      []string
	everywhere bool
	work       int
	// baseOnly > 0 while generating for a subtree of which only the base
	// is used (child); reach memoises which schemas lead to the focus.
	baseOnly int
	reach    map[*jsonvalue.Value]bool
	// Under `not` a call breaks when the new inner schema accepts it and
	// the old one does not: notHolder is the old schema holding the `not`
	// the change is under, newNot the new inner schema, newRoot what its
	// $refs resolve in. Values newNot accepts are tried for notHolder.
	notHolder, newNot, newRoot *jsonvalue.Value
	// A branch added to a oneOf rejects a value that matches it and the
	// one old branch the value matched: oneOfHolder is the old schema
	// holding that oneOf, newBranch the added branch (its $refs resolve
	// in newRoot). Values the new branch accepts are merged into each of
	// oneOfHolder's candidates.
	oneOfHolder, newBranch *jsonvalue.Value
	// A dependentSchemas entry the change is at applies only when its
	// property is sent: depHolder is the old schema holding it, depName
	// the property, depNew the new entry. Values the new entry's
	// generator yields (bounds just outside included) are tried beside
	// the property.
	depHolder, depNew *jsonvalue.Value
	depName           string
}

func newGenerator(root, newRoot *jsonvalue.Value, focus []string, hints []*jsonvalue.Value) *generator {
	g := &generator{root: root, hints: hints}
	if root != nil && root.Kind == jsonvalue.Object {
		g.focus = schemaAt(root, focus)
	}
	if newRoot != nil && newRoot.Kind == jsonvalue.Object && len(focus) > 0 {
		g.newFocus = schemaAt(newRoot, focus)
		// The innermost `not` keyword on the way to the change.
		for k := len(focus) - 1; k >= 0 && g.focus != nil; k-- {
			if focus[k] != "not" {
				continue
			}
			oh, nh := schemaAt(root, focus[:k]), schemaAt(newRoot, focus[:k])
			if oh != nil && nh != nil && oh.Get("not") != nil && nh.Get("not") != nil &&
				schemaAt(newRoot, focus[:k+1]) == nh.Get("not") {
				g.notHolder, g.newNot, g.newRoot = oh, nh.Get("not"), newRoot
				break
			}
		}
	}
	if i := len(focus) - 2; i >= 0 && focus[i] == "oneOf" && newRoot != nil && newRoot.Kind == jsonvalue.Object && root != nil && root.Kind == jsonvalue.Object {
		oh, nh := schemaAt(root, focus[:i]), schemaAt(newRoot, focus[:i])
		nb := schemaAt(newRoot, focus)
		if ov, nv := oh.Get("oneOf"), nh.Get("oneOf"); ov != nil && ov.Kind == jsonvalue.Array && nv != nil && nv.Kind == jsonvalue.Array &&
			nb != nh && inList(nv, nb) {
			g.oneOfHolder, g.newBranch, g.newRoot = oh, nb, newRoot
		}
	}
	if i := len(focus) - 2; i >= 0 && focus[i] == "dependentSchemas" && newRoot != nil && newRoot.Kind == jsonvalue.Object && root != nil && root.Kind == jsonvalue.Object {
		oh, nh := schemaAt(root, focus[:i]), schemaAt(newRoot, focus[:i])
		if ds := nh.Get("dependentSchemas"); ds != nil && ds.Kind == jsonvalue.Object {
			if e := ds.Get(focus[i+1]); e != nil && e.Kind == jsonvalue.Object {
				g.depHolder, g.depNew, g.depName, g.newRoot = oh, e, focus[i+1], newRoot
			}
		}
	}
	// The property a change names (the last key under properties and
	// the like) is the first name an undeclared property gets.
	if i := len(focus) - 1; i >= 1 {
		if _, mapOf, _ := schemaKeyword(focus[i-1]); mapOf && (i < 2 || focus[i-2] != "properties") {
			g.names = append(g.names, focus[i])
		}
	}
	// No focus (the safety net): every schema is varied.
	g.everywhere = len(focus) == 0
	return g
}

// candidates lists the values to judge: the base (the plainest call)
// first, then the hot ones, then the rest. Repeats are left in: the
// search drops them as it goes, so only what it judges is compared.
// Values are built as the caller asks for them (cand.value), so a search
// that stops early never builds the rest.
func (g *generator) candidates() []cand {
	if g.root == nil || g.root.Kind != jsonvalue.Object {
		obj := jsonvalue.Value{Kind: jsonvalue.Object}
		return []cand{{t: now(&obj)}}
	}
	cs := g.gen(g.root, 0)
	if len(cs) == 0 {
		return nil
	}
	out := make([]cand, 0, len(cs))
	out = append(out, cs[0])
	for _, c := range cs[1:] {
		if c.hot {
			out = append(out, c)
		}
	}
	for _, c := range cs[1:] {
		if !c.hot {
			out = append(out, c)
		}
	}
	return out
}

// schemaKeyword lists keywords by what they hold.
func schemaKeyword(key string) (single, mapOf, listOf bool) {
	switch key {
	case "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
		"unevaluatedProperties", "unevaluatedItems", "contentSchema", "additionalItems":
		return true, false, false
	case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
		return false, true, false
	case "allOf", "anyOf", "oneOf", "prefixItems":
		return false, false, true
	}
	return false, false, false
}

// schemaAt walks segs from root and returns the deepest schema object on
// the way (segs name file positions: keywords, property names, indexes).
func schemaAt(root *jsonvalue.Value, segs []string) *jsonvalue.Value {
	last := root
	cur := root
	const (
		inSchema = iota
		inMap
		inList
		inOther
	)
	state := inSchema
	for _, s := range segs {
		var next *jsonvalue.Value
		switch cur.Kind {
		case jsonvalue.Object:
			next = cur.Get(s)
			// A path through a $ref (the diff follows them) continues
			// in its target.
			for hops := 0; next == nil && state == inSchema && hops < 8; hops++ {
				ref := cur.Get("$ref")
				if ref == nil || ref.Kind != jsonvalue.String {
					break
				}
				t := resolveIn(root, ref.Text)
				if t == nil || t.Kind != jsonvalue.Object {
					break
				}
				cur = t
				next = cur.Get(s)
			}
		case jsonvalue.Array:
			if i, err := strconv.Atoi(s); err == nil && i >= 0 && i < len(cur.Items) {
				next = &cur.Items[i]
			}
		}
		if next == nil {
			break
		}
		switch state {
		case inSchema:
			single, mapOf, listOf := schemaKeyword(s)
			switch {
			case single:
				state = inSchema
			case mapOf:
				state = inMap
			case listOf:
				state = inList
			default:
				state = inOther
			}
		case inMap, inList:
			state = inSchema
		}
		cur = next
		if state == inSchema && cur.Kind == jsonvalue.Object {
			last = cur
		}
		if state == inOther {
			break
		}
	}
	return last
}

// resolve follows a local $ref ("#", "#/json/pointer") in the old schema;
// nil otherwise.
func (g *generator) resolve(ref string) *jsonvalue.Value { return resolveIn(g.root, ref) }

func resolveIn(root *jsonvalue.Value, ref string) *jsonvalue.Value {
	if !strings.HasPrefix(ref, "#") {
		return nil
	}
	cur := root
	if ref == "#" {
		return cur
	}
	if !strings.HasPrefix(ref, "#/") {
		return nil
	}
	for _, tok := range strings.Split(ref[2:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch cur.Kind {
		case jsonvalue.Object:
			cur = cur.Get(tok)
		case jsonvalue.Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Items) {
				return nil
			}
			cur = &cur.Items[i]
		default:
			return nil
		}
		if cur == nil {
			return nil
		}
	}
	return cur
}

// child generates for a subschema s of a schema whose own candidates use
// only s's base unless rich (an object's property away from the change,
// an array's items): where the focus is not under s either, s yields its
// base alone, and its subtree is not varied. The base is the same.
func (g *generator) child(s *jsonvalue.Value, depth int, rich bool) []cand {
	if rich || g.reaches(s) {
		return g.gen(s, depth)
	}
	g.baseOnly++
	cs := g.gen(s, depth)
	g.baseOnly--
	return cs[:min(len(cs), 1)]
}

// reaches reports whether the focus is s or lies under it (through
// subschemas and local $refs).
func (g *generator) reaches(s *jsonvalue.Value) bool {
	if g.focus == nil || s == nil || s.Kind != jsonvalue.Object {
		return false
	}
	if s == g.focus {
		return true
	}
	if r, ok := g.reach[s]; ok {
		return r
	}
	if g.reach == nil {
		g.reach = map[*jsonvalue.Value]bool{}
	}
	g.reach[s] = false // a cycle back here finds nothing new
	found := false
	for i := 0; i < len(s.Members) && !found; i++ {
		m := &s.Members[i]
		single, mapOf, listOf := schemaKeyword(m.Key)
		switch {
		case m.Key == "$ref" && m.Value.Kind == jsonvalue.String:
			found = g.reaches(g.resolve(m.Value.Text))
		case single:
			found = g.reaches(&m.Value)
		case mapOf && m.Value.Kind == jsonvalue.Object:
			for j := 0; j < len(m.Value.Members) && !found; j++ {
				found = g.reaches(&m.Value.Members[j].Value)
			}
		case listOf && m.Value.Kind == jsonvalue.Array:
			for j := 0; j < len(m.Value.Items) && !found; j++ {
				found = g.reaches(&m.Value.Items[j])
			}
		}
	}
	g.reach[s] = found
	return found
}

// gen returns candidates for schema s (nil when it has none to offer).
func (g *generator) gen(s *jsonvalue.Value, depth int) []cand {
	return g.genIn(s, depth, false)
}

// genIn is gen where inFocus says the schema applies in place to the
// focus's value (a branch or $ref target of the focus): it is varied as
// richly as the focus itself.
func (g *generator) genIn(s *jsonvalue.Value, depth int, inFocus bool) []cand {
	if s == nil || depth > maxDepth || g.work > maxGenerations {
		return nil
	}
	g.work++
	switch s.Kind {
	case jsonvalue.Bool:
		if s.IsTrue() {
			return []cand{{t: now(str("a"))}}
		}
		return nil
	case jsonvalue.Object:
	default:
		return nil
	}
	hot := s == g.focus || inFocus || g.everywhere
	limit := perSchema
	if hot {
		limit = perFocus
	}
	var parts [][]cand
	if ref := s.Get("$ref"); ref != nil && ref.Kind == jsonvalue.String {
		if t := g.resolve(ref.Text); t != nil {
			parts = append(parts, g.genIn(t, depth+1, hot))
		}
	}
	if all := s.Get("allOf"); all != nil && all.Kind == jsonvalue.Array {
		for i := range all.Items {
			parts = append(parts, g.genIn(&all.Items[i], depth+1, hot))
		}
	}
	own := g.own(s, depth, hot)
	parts = append(parts, own)
	out := combineAll(parts)
	for _, key := range [...]string{"anyOf", "oneOf"} {
		alts := s.Get(key)
		if alts == nil || alts.Kind != jsonvalue.Array {
			continue
		}
		var branches []cand
		for i := range alts.Items {
			bc := g.genIn(&alts.Items[i], depth+1, hot)
			if len(bc) == 0 {
				continue
			}
			branches = append(branches, combine(out, bc)...)
		}
		out = branches
	}
	// A value meeting `if` is held to `then`: the base with `if`'s base
	// and each `then` candidate, so a narrowed `then` can show.
	if ifs, then := s.Get("if"), s.Get("then"); len(out) > 0 && ifs != nil && ifs.Kind == jsonvalue.Object && then != nil && then.Kind == jsonvalue.Object {
		ic, tc := g.genIn(ifs, depth+1, false), g.genIn(then, depth+1, hot)
		if len(ic) > 0 && len(tc) > 0 {
			reach := g.reaches(then)
			for _, c := range combine(combine(out[:1], ic[:1]), tc) {
				c.hot = c.hot || reach
				out = append(out, c)
			}
		}
	}
	if len(out) == 0 {
		out = anyValues(hot)
	} else if hot && !s.Has("type") {
		// No type: values of every type are worth a try.
		out = append(out, anyValues(true)...)
	}
	for _, key := range [...]string{"examples", "default"} {
		ex := s.Get(key)
		switch {
		case ex == nil:
		case key == "examples" && ex.Kind == jsonvalue.Array:
			for i := range ex.Items {
				out = append(out, cand{t: now(&ex.Items[i])})
			}
		case key == "default":
			out = append(out, cand{t: now(ex)})
		}
	}
	if s == g.notHolder && g.newNot != nil {
		// Values the new inner schema accepts (so the new `not` rejects
		// them), each merged with this schema's base.
		inner := &generator{root: g.newRoot, hints: g.hints, everywhere: true, work: g.work}
		if nc := inner.genIn(g.newNot, depth+1, true); len(nc) > 0 && len(out) > 0 {
			out = append(out, combine(out[:1], nc)[1:]...)
		}
		g.work = inner.work
	}
	if s == g.depHolder && g.depNew != nil && len(out) > 0 {
		// The property sent (its plainest value), with what the new
		// entry's generator yields beside it.
		var pv *jsonvalue.Value
		if props := s.Get("properties"); props != nil {
			if pc := g.child(props.Get(g.depName), depth+1, false); len(pc) > 0 {
				pv = pc[0].value()
			}
		}
		if pv == nil {
			pv = str("a")
		}
		trigger := []cand{{t: now(&jsonvalue.Value{Kind: jsonvalue.Object, Members: []jsonvalue.Member{{Key: g.depName, Value: *pv}}}), hot: true}}
		inner := &generator{root: g.newRoot, hints: g.hints, everywhere: true, work: g.work}
		if nc := inner.genIn(g.depNew, depth+1, true); len(nc) > 0 {
			for _, c := range combine(combine(out[:1], trigger), nc) {
				c.hot = true
				out = append(out, c)
			}
		}
		g.work = inner.work
	}
	if s == g.oneOfHolder && g.newBranch != nil && len(out) > 0 {
		// Each old candidate (one per old branch and variant) with what
		// the new branch most plainly accepts beside it, and the new
		// branch's variants beside the old base.
		inner := &generator{root: g.newRoot, hints: g.hints, everywhere: true, work: g.work}
		if nc := inner.genIn(g.newBranch, depth+1, true); len(nc) > 0 {
			both := combine(out, nc)
			for i := range both {
				both[i].hot = true
			}
			// The base stays what every other candidate builds on.
			out = append(append(append(make([]cand, 0, len(out)+len(both)), out[0]), both...), out[1:]...)
		}
		g.work = inner.work
	}
	if hot {
		// Everything here but the base varies the focus; the base is
		// what every other candidate is built on.
		for i := 1; i < len(out); i++ {
			out[i].hot = true
		}
		for _, h := range g.hints {
			out = append(out, cand{t: now(h), hot: true})
		}
	}
	return capList(out, limit)
}

// inList reports whether item is one of list's items (the same value in
// memory, not an equal one).
func inList(list, item *jsonvalue.Value) bool {
	for i := range list.Items {
		if &list.Items[i] == item {
			return true
		}
	}
	return false
}

// capList keeps the base, every hot candidate up to the focus cap, and cold
// ones up to limit.
func capList(cs []cand, limit int) []cand {
	if len(cs) <= limit {
		return cs
	}
	out := cs[:1:1]
	cold := 1
	for _, c := range cs[1:] {
		if c.hot {
			if len(out) < perFocus {
				out = append(out, c)
			}
			continue
		}
		if cold < limit {
			out = append(out, c)
			cold++
		}
	}
	return out
}

// anyValues stands for a schema with nothing to go by.
func anyValues(rich bool) []cand {
	if !rich {
		return []cand{{t: now(str("a"))}}
	}
	obj, arr := jsonvalue.Value{Kind: jsonvalue.Object}, jsonvalue.Value{Kind: jsonvalue.Array}
	null, t := jsonvalue.Value{Kind: jsonvalue.Null, Text: "null"}, jsonvalue.NewBool(true)
	return []cand{{t: now(str("a"))}, {t: now(num("1"))}, {t: now(&t)}, {t: now(&null)}, {t: now(&obj)}, {t: now(&arr)}, {t: now(str(""))}, {t: now(num("0.5"))}}
}

// combineAll intersects parts: an allOf of candidate lists. Parts that
// offer nothing are left out.
func combineAll(parts [][]cand) []cand {
	var out []cand
	for _, p := range parts {
		if len(p) == 0 {
			continue
		}
		if out == nil {
			out = p
			continue
		}
		out = combine(out, p)
	}
	return out
}

// combine merges two candidate lists: the bases together, then each
// variant of one with the base of the other.
func combine(a, b []cand) []cand {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]cand, 0, len(a)+len(b)-1)
	merged := func(x, y cand) *thunk {
		return later(func() *jsonvalue.Value { return merge(x.value(), y.value()) })
	}
	out = append(out, cand{merged(a[0], b[0]), a[0].hot || b[0].hot})
	// A variant wins a clash with the other base: it is what is varied.
	for _, x := range a[1:] {
		out = append(out, cand{merged(x, b[0]), x.hot || b[0].hot})
	}
	for _, y := range b[1:] {
		out = append(out, cand{merged(y, a[0]), a[0].hot || y.hot})
	}
	return out
}

// merge unites two objects' members (x wins a clash); otherwise the more
// specific of the two (an object or array over a scalar, else x).
func merge(x, y *jsonvalue.Value) *jsonvalue.Value {
	if x.Kind == jsonvalue.Object && y.Kind == jsonvalue.Object {
		out := &jsonvalue.Value{Kind: jsonvalue.Object, Members: append([]jsonvalue.Member(nil), x.Members...)}
		for _, m := range y.Members {
			if i := memberIndex(out.Members, m.Key); i >= 0 {
				out.Members[i].Value = *merge(&out.Members[i].Value, &m.Value)
				continue
			}
			out.Members = append(out.Members, jsonvalue.Member{Key: m.Key, Value: m.Value})
		}
		return out
	}
	if y.Kind == jsonvalue.Object && x.Kind != jsonvalue.Object && x.Kind != jsonvalue.Array {
		return y
	}
	return x
}

func memberIndex(ms []jsonvalue.Member, key string) int {
	for i := range ms {
		if ms[i].Key == key {
			return i
		}
	}
	return -1
}

// own generates from s's own keywords (not its applicators).
func (g *generator) own(s *jsonvalue.Value, depth int, rich bool) []cand {
	if c := s.Get("const"); c != nil {
		return []cand{{t: now(c)}}
	}
	if e := s.Get("enum"); e != nil && e.Kind == jsonvalue.Array {
		var out []cand
		for i := range e.Items {
			out = append(out, cand{t: now(&e.Items[i])})
		}
		return out
	}
	types := typesOf(s)
	var out []cand
	for _, t := range types {
		var cs []cand
		switch t {
		case "null":
			cs = []cand{{t: now(&jsonvalue.Value{Kind: jsonvalue.Null, Text: "null"})}}
		case "boolean":
			f, tr := jsonvalue.NewBool(false), jsonvalue.NewBool(true)
			cs = []cand{{t: now(&tr)}, {t: now(&f)}}
		case "integer", "number":
			cs = g.numbers(s, t == "integer", rich)
		case "string":
			cs = g.strings(s, rich)
		case "array":
			cs = g.arrays(s, depth, rich)
		case "object":
			cs = g.objects(s, depth, rich)
		}
		if len(out) == 0 {
			out = cs
		} else if len(cs) > 0 {
			// Other types: their base, and any hot variants.
			out = append(out, cs[0])
			for _, c := range cs[1:] {
				if c.hot || rich {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// typesOf returns the types s allows, as written, or as its keywords
// suggest when it names none (nil: nothing to go by).
func typesOf(s *jsonvalue.Value) []string {
	if t := s.Get("type"); t != nil {
		switch t.Kind {
		case jsonvalue.String:
			return []string{t.Text}
		case jsonvalue.Array:
			var out []string
			for i := range t.Items {
				out = append(out, t.Items[i].Text)
			}
			return out
		}
	}
	var out []string
	has := func(keys ...string) bool {
		for _, k := range keys {
			if s.Has(k) {
				return true
			}
		}
		return false
	}
	if has("properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames", "dependentRequired") {
		out = append(out, "object")
	}
	if has("items", "prefixItems", "minItems", "maxItems", "contains", "uniqueItems") {
		out = append(out, "array")
	}
	if has("minLength", "maxLength", "pattern", "format") {
		out = append(out, "string")
	}
	if has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf") {
		out = append(out, "number")
	}
	return out
}

func str(s string) *jsonvalue.Value {
	v := jsonvalue.NewString(s)
	return &v
}

func num(lit string) *jsonvalue.Value {
	v := jsonvalue.NewNumber(lit)
	return &v
}

func ratOf(v *jsonvalue.Value) *big.Rat {
	if v == nil || v.Kind != jsonvalue.Number {
		return nil
	}
	d, ok := jsonvalue.ParseDecimal(v.Text)
	if !ok {
		return nil
	}
	r, ok := d.Rat()
	if !ok {
		return nil
	}
	return r
}

func ratLiteral(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	s := strings.TrimRight(r.FloatString(12), "0")
	return strings.TrimSuffix(s, ".")
}

// numbers: at and next to every bound, a few plain values, multiples.
func (g *generator) numbers(s *jsonvalue.Value, integer, rich bool) []cand {
	var pts []*big.Rat
	add := func(r *big.Rat, delta int64, half bool) {
		if r == nil {
			return
		}
		x := new(big.Rat).Set(r)
		if half {
			x.Add(x, big.NewRat(delta, 2))
		} else {
			x.Add(x, big.NewRat(delta, 1))
		}
		pts = append(pts, x)
	}
	lo, elo := ratOf(s.Get("minimum")), ratOf(s.Get("exclusiveMinimum"))
	hi, ehi := ratOf(s.Get("maximum")), ratOf(s.Get("exclusiveMaximum"))
	mult := ratOf(s.Get("multipleOf"))
	// The base: the smallest value the bounds allow, else 1 (or below the
	// upper bound).
	switch {
	case lo != nil:
		add(ceilIf(lo, integer), 0, false)
	case elo != nil:
		add(jsonvalue.FloorRat(elo), 1, false)
	case hi != nil && hi.Cmp(big.NewRat(1, 1)) < 0:
		add(jsonvalue.FloorRat(hi), 0, false)
	case ehi != nil && ehi.Cmp(big.NewRat(1, 1)) <= 0:
		add(jsonvalue.CeilRat(ehi), -1, false)
	default:
		add(big.NewRat(1, 1), 0, false)
	}
	if mult != nil && mult.Sign() > 0 {
		base := pts[0]
		q := new(big.Rat).Quo(base, mult)
		k := jsonvalue.CeilRat(q)
		pts[0] = new(big.Rat).Mul(k, mult)
		add(pts[0], 0, false)
		m2 := new(big.Rat).Add(pts[0], mult)
		add(m2, 0, false)
	}
	if rich {
		for _, b := range []*big.Rat{lo, hi} {
			add(b, 0, false)
			add(b, 1, false)
			add(b, -1, false)
			if !integer {
				add(b, 1, true)
				add(b, -1, true)
			}
		}
		for _, b := range []*big.Rat{elo, ehi} {
			add(b, 1, false)
			add(b, -1, false)
			if !integer {
				add(b, 1, true)
				add(b, -1, true)
			}
		}
		for _, p := range []int64{0, 1, -1, 2, 3, 5, 10, 100, 1000, 1000000, -100} {
			add(big.NewRat(p, 1), 0, false)
		}
		if !integer {
			add(big.NewRat(1, 2), 0, false)
			add(big.NewRat(3, 2), 0, false)
		}
		for _, h := range g.hints {
			if r := ratOf(h); r != nil {
				add(r, 0, false)
				add(r, 1, false)
				add(r, -1, false)
				if !integer {
					// Just beside the bound, at a tenth of its last digit.
					eps := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Mul(r.Denom(), big.NewInt(10)))
					pts = append(pts, new(big.Rat).Add(r, eps), new(big.Rat).Sub(r, eps), new(big.Rat).Quo(r, big.NewRat(2, 1)))
				}
			}
		}
	}
	var out []cand
	for _, p := range pts {
		if integer && !p.IsInt() {
			continue
		}
		out = append(out, cand{t: now(num(ratLiteral(p)))})
	}
	return out
}

func ceilIf(r *big.Rat, integer bool) *big.Rat {
	if integer {
		return jsonvalue.CeilRat(r)
	}
	return r
}

func intOf(v *jsonvalue.Value) (int, bool) {
	r := ratOf(v)
	if r == nil || !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	n := r.Num().Int64()
	if n < 0 || n > maxString {
		return 0, false
	}
	return int(n), true
}

var formatSamples = map[string]string{
	"date-time": "2024-01-02T03:04:05Z", "date": "2024-01-02", "time": "03:04:05Z",
	"email": "a@example.com", "idn-email": "a@example.com", "uri": "https://example.com/a",
	"uri-reference": "https://example.com/a", "iri": "https://example.com/a", "url": "https://example.com/a",
	"uuid": "123e4567-e89b-12d3-a456-426614174000", "ipv4": "192.0.2.1", "ipv6": "2001:db8::1",
	"hostname": "example.com", "duration": "P1D",
}

// strings: the pattern's sample, a format sample, then every length limit.
func (g *generator) strings(s *jsonvalue.Value, rich bool) []cand {
	minL, hasMin := intOf(s.Get("minLength"))
	maxL, hasMax := intOf(s.Get("maxLength"))
	var out []cand
	hi := -1
	if hasMax {
		hi = maxL
	}
	p := s.Get("pattern")
	if p != nil && p.Kind != jsonvalue.String {
		p = nil
	}
	if p != nil {
		// Away from the change one plain sample does (the validator
		// judges it); at the change, the shortest few within the lengths.
		var samples []string
		if sample, ok := patternSample(p.Text); ok && !rich && len(sample) >= minL && (hi < 0 || len(sample) <= hi) {
			samples = []string{sample}
		} else {
			n := 1
			if rich {
				n = 3
			}
			samples = patternStrings(p.Text, minL, hi, n)
			if len(samples) == 0 && ok {
				samples = []string{sample}
			}
		}
		for _, sample := range samples {
			out = append(out, cand{t: now(str(sample))})
		}
	}
	// At the change: strings the old pattern matches and the new one
	// does not.
	if s == g.focus && g.newFocus != nil {
		if np := g.newFocus.Get("pattern"); np != nil && np.Kind == jsonvalue.String && (p == nil || np.Text != p.Text) {
			var yes []string
			if p != nil {
				yes = []string{p.Text}
			}
			// Not empty if it can be helped: "" reads as no value.
			samples := separatingStrings(yes, []string{np.Text}, max(minL, 1), hi, 3)
			if len(samples) == 0 && minL == 0 {
				samples = separatingStrings(yes, []string{np.Text}, 0, 0, 1)
			}
			for _, sample := range samples {
				out = append(out, cand{t: now(str(sample))})
			}
		}
	}
	if f := s.Get("format"); f != nil && f.Kind == jsonvalue.String {
		// Only within the lengths: a format is not asserted, the lengths
		// are, and a sample too long would spoil every call built on it.
		if sample, ok := formatSamples[f.Text]; ok && len(sample) >= minL && (hi < 0 || len(sample) <= hi) {
			out = append(out, cand{t: now(str(sample))})
		}
	}
	base := max(minL, 1)
	if hasMax && base > maxL {
		base = maxL
	}
	out = append(out, cand{t: now(str(strings.Repeat("a", base)))})
	if rich {
		var lengths []int
		for _, h := range g.hints {
			if n, ok := intOf(h); ok {
				lengths = append(lengths, n+1, n-1, n)
			}
		}
		lengths = append(lengths, 0, 1, 2, 3, 5, 10, 50, 100, 300, maxString)
		if hasMin {
			lengths = append(lengths, minL, minL+1, minL-1)
		}
		if hasMax {
			lengths = append(lengths, maxL, maxL-1, maxL+1)
		}
		for _, n := range lengths {
			if n >= 0 && n <= maxString {
				out = append(out, cand{t: now(str(strings.Repeat("a", n)))})
			}
		}
		for _, h := range g.hints {
			if h.Kind == jsonvalue.String {
				out = append(out, cand{t: now(h)})
			}
		}
		for _, f := range []string{"date-time", "email", "uri", "uuid"} {
			out = append(out, cand{t: now(str(formatSamples[f]))})
		}
	}
	return out
}

// patternSample writes one string the pattern matches, when the pattern
// is simple enough for Go's parser (lookaround and backreferences are not).
func patternSample(p string) (string, bool) {
	re, err := syntax.Parse(p, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	if !sampleRegexp(re, &b) || b.Len() > maxString {
		return "", false
	}
	return b.String(), true
}

func sampleRegexp(re *syntax.Regexp, b *strings.Builder) bool {
	if b.Len() > maxString {
		return false
	}
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		if len(re.Rune) < 2 {
			return false
		}
		b.WriteRune(classRune(re.Rune))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
	case syntax.OpCapture:
		return sampleRegexp(re.Sub[0], b)
	case syntax.OpPlus:
		return sampleRegexp(re.Sub[0], b)
	case syntax.OpStar, syntax.OpQuest:
	case syntax.OpRepeat:
		n := min(re.Min, maxString)
		for i := 0; i < n; i++ {
			if !sampleRegexp(re.Sub[0], b) {
				return false
			}
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !sampleRegexp(sub, b) {
				return false
			}
		}
	case syntax.OpAlternate:
		return sampleRegexp(re.Sub[0], b)
	case syntax.OpNoMatch:
		return false
	}
	return true
}

// classRune picks a readable member of a character class.
func classRune(ranges []rune) rune {
	for _, want := range []rune{'a', 'A', '0', '_', '-'} {
		for i := 0; i+1 < len(ranges); i += 2 {
			if ranges[i] <= want && want <= ranges[i+1] {
				return want
			}
		}
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i] > ' ' {
			return ranges[i]
		}
		if ranges[i+1] > ' ' {
			return '!'
		}
	}
	return ranges[0]
}

// arrays: the shortest array the bounds allow, then each item variant, then
// every length limit. At the change, lengths go up to maxArray (one past a
// new maxItems); elsewhere up to 64. Under uniqueItems the items are made
// distinct.
func (g *generator) arrays(s *jsonvalue.Value, depth int, rich bool) []cand {
	limit := 64
	if rich {
		limit = maxArray
	}
	minI, _ := countOf(s.Get("minItems"), limit)
	maxI, hasMax := countOf(s.Get("maxItems"), limit)
	minI, maxI = min(minI, limit), min(maxI, limit)
	unique := s.Get("uniqueItems") != nil && s.Get("uniqueItems").IsTrue()
	var prefix []cand
	var prefixAll [][]cand // every candidate of each position (all of them only near the focus)
	if p := s.Get("prefixItems"); p != nil && p.Kind == jsonvalue.Array {
		for i := range p.Items {
			pc := g.child(&p.Items[i], depth+1, false)
			if len(pc) == 0 {
				pc = []cand{{t: now(str("a"))}}
			}
			prefix = append(prefix, pc[0])
			prefixAll = append(prefixAll, pc)
		}
	}
	itemSchema := s.Get("items")
	items := g.child(itemSchema, depth+1, rich)
	if itemSchema == nil {
		items = nil
		if rich {
			items = anyValues(true)
		}
	}
	if c := s.Get("contains"); c != nil {
		cc := g.child(c, depth+1, false)
		if len(cc) > 0 {
			items = append(cc[:1:1], items...)
		}
	}
	if len(items) == 0 {
		items = []cand{{t: now(str("a"))}}
	}
	buildWith := func(n int, first cand, prefix []cand) cand {
		// The prefix items used: the same count the array will hold.
		used := 0
		hot := first.hot
		for _, p := range prefix {
			if used < n || used == 0 {
				used++
				hot = hot || p.hot
			}
		}
		return cand{t: later(func() *jsonvalue.Value {
			arr := &jsonvalue.Value{Kind: jsonvalue.Array, Items: make([]jsonvalue.Value, 0, max(n, used))}
			for _, p := range prefix[:used] {
				arr.Items = append(arr.Items, *p.value())
			}
			var distinct []*jsonvalue.Value
			if unique && n-len(arr.Items) > 1 {
				distinct = g.distinctItems(itemSchema, first.value(), n-len(arr.Items))
			}
			for k := 0; len(arr.Items) < n; k++ {
				if k < len(distinct) {
					arr.Items = append(arr.Items, *distinct[k])
				} else {
					arr.Items = append(arr.Items, *first.value())
				}
			}
			return arr
		}), hot: hot}
	}
	build := func(n int, first cand) cand { return buildWith(n, first, prefix) }
	baseLen := max(minI, len(prefix))
	if s.Has("contains") {
		baseLen = max(baseLen, 1)
	}
	out := []cand{build(baseLen, items[0])}
	for _, it := range items[1:] {
		if it.hot || rich {
			out = append(out, build(max(baseLen, 1), it))
		}
	}
	// Each prefix position with its other candidates, the rest as in the
	// base: a change to one position shows there.
	for i, pc := range prefixAll {
		for _, c := range pc[1:] {
			if c.hot || rich {
				varied := append([]cand(nil), prefix...)
				varied[i] = c
				out = append(out, buildWith(max(baseLen, i+1), items[0], varied))
			}
		}
	}
	if rich {
		// The lengths the change names first: the least call that
		// shows it.
		var lengths []int
		for _, h := range g.hints {
			if n, ok := countOf(h, limit); ok {
				lengths = append(lengths, n, n+1, n-1)
			}
		}
		lengths = append(lengths, 0, 1, 2, 3, 10, minI+1, maxI, maxI-1)
		for _, n := range lengths {
			if n >= 0 && (!hasMax || n <= maxI) && n <= limit {
				out = append(out, build(n, items[0]))
			}
		}
		// Distinct items, for uniqueItems.
		if len(items) > 1 {
			out = append(out, cand{t: later(func() *jsonvalue.Value {
				arr := &jsonvalue.Value{Kind: jsonvalue.Array, Items: make([]jsonvalue.Value, 0, len(items))}
				for _, it := range items {
					arr.Items = append(arr.Items, *it.value())
				}
				return arr
			})})
		}
	}
	return out
}

// maxArray is the longest array built: one past a maxItems of 2048.
const maxArray = 2049

// countOf reads a non-negative integer up to limit.
func countOf(v *jsonvalue.Value, limit int) (int, bool) {
	r := ratOf(v)
	if r == nil || !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	n := r.Num().Int64()
	if n < 0 || n > int64(limit) {
		return 0, false
	}
	return int(n), true
}

// distinctItems returns n distinct values for an array under uniqueItems,
// built from first: the members of an enum, strings a pattern matches, or
// first varied in place (the validator judges the array they make).
func (g *generator) distinctItems(item, first *jsonvalue.Value, n int) []*jsonvalue.Value {
	for hops := 0; item != nil && item.Kind == jsonvalue.Object && hops < 8; hops++ {
		ref := item.Get("$ref")
		if ref == nil || ref.Kind != jsonvalue.String {
			break
		}
		item = g.resolve(ref.Text)
	}
	out := make([]*jsonvalue.Value, 0, n)
	if item != nil && item.Kind == jsonvalue.Object {
		if e := item.Get("enum"); e != nil && e.Kind == jsonvalue.Array {
			for i := range e.Items {
				if len(out) < n {
					out = append(out, &e.Items[i])
				}
			}
			return out
		}
		if p := item.Get("pattern"); p != nil && p.Kind == jsonvalue.String && first.Kind == jsonvalue.String {
			minL, _ := intOf(item.Get("minLength"))
			maxL, ok := intOf(item.Get("maxLength"))
			if !ok {
				maxL = -1
			}
			for _, s := range patternStrings(p.Text, minL, maxL, n) {
				out = append(out, str(s))
			}
			return out
		}
	}
	for k := 0; k < n; k++ {
		out = append(out, variant(first, k))
	}
	return out
}

// variant returns the k-th value like v (k = 0: v itself), distinct for
// distinct k where v's kind allows: a string of the same length spelled
// differently, a number k more, an object or array with its first member
// varied.
func variant(v *jsonvalue.Value, k int) *jsonvalue.Value {
	if k == 0 {
		return v
	}
	switch v.Kind {
	case jsonvalue.String:
		rs := []rune(v.Text)
		// k written in base 26 over the string's last letters.
		i := len(rs) - 1
		for ; k > 0 && i >= 0; i-- {
			rs[i] = 'a' + rune(k%26)
			k /= 26
		}
		for ; k > 0; k /= 26 {
			rs = append([]rune{'a' + rune(k%26)}, rs...)
		}
		return str(string(rs))
	case jsonvalue.Number:
		if r := ratOf(v); r != nil {
			return num(ratLiteral(new(big.Rat).Add(r, big.NewRat(int64(k), 1))))
		}
	case jsonvalue.Bool:
		if k%2 == 1 {
			b := jsonvalue.NewBool(!v.IsTrue())
			return &b
		}
	case jsonvalue.Object:
		if len(v.Members) > 0 {
			out := &jsonvalue.Value{Kind: jsonvalue.Object, Members: append([]jsonvalue.Member(nil), v.Members...)}
			out.Members[0].Value = *variant(&v.Members[0].Value, k)
			return out
		}
	case jsonvalue.Array:
		if len(v.Items) > 0 {
			out := &jsonvalue.Value{Kind: jsonvalue.Array, Items: append([]jsonvalue.Value(nil), v.Items...)}
			out.Items[0] = *variant(&v.Items[0], k)
			return out
		}
	}
	return v
}

// objects: the required properties, then each property varied alone, then
// all declared properties, then one undeclared property.
func (g *generator) objects(s *jsonvalue.Value, depth int, rich bool) []cand {
	props := s.Get("properties")
	if props != nil && props.Kind != jsonvalue.Object {
		props = nil
	}
	required := map[string]bool{}
	var reqOrder []string
	if r := s.Get("required"); r != nil && r.Kind == jsonvalue.Array {
		for i := range r.Items {
			if r.Items[i].Kind == jsonvalue.String && !required[r.Items[i].Text] {
				required[r.Items[i].Text] = true
				reqOrder = append(reqOrder, r.Items[i].Text)
			}
		}
	}
	extra := g.child(s.Get("additionalProperties"), depth+1, rich)
	if ap := s.Get("additionalProperties"); ap == nil {
		extra = anyValues(rich)
	}
	type prop struct {
		name  string
		cands []cand
	}
	var list []prop
	declared := map[string]bool{}
	if props != nil {
		for i := range props.Members {
			m := &props.Members[i]
			declared[m.Key] = true
			pc := g.child(&m.Value, depth+1, rich)
			list = append(list, prop{m.Key, pc})
		}
	}
	for _, r := range reqOrder {
		if !declared[r] {
			list = append(list, prop{r, extra})
		}
	}
	// pick is the candidate property i holds in the object that varies
	// property vary to with (all: every declared property, not only the
	// required ones); false when it is left out.
	pick := func(i, vary int, with cand, all bool) (cand, bool) {
		p := list[i]
		switch {
		case i == vary:
			return with, true
		case len(p.cands) == 0:
			return cand{}, false
		case required[p.name] || all:
			return p.cands[0], true
		}
		return cand{}, false
	}
	// build returns the candidate and its member count; the object
	// itself is built when it is judged.
	build := func(vary int, with cand, all bool) (cand, int) {
		hot, n := false, 0
		for i := range list {
			if v, ok := pick(i, vary, with, all); ok {
				hot = hot || v.hot
				n++
			}
		}
		return cand{t: later(func() *jsonvalue.Value {
			obj := &jsonvalue.Value{Kind: jsonvalue.Object, Members: make([]jsonvalue.Member, 0, n)}
			for i, p := range list {
				if v, ok := pick(i, vary, with, all); ok {
					obj.Members = append(obj.Members, jsonvalue.Member{Key: p.name, Value: *v.value()})
				}
			}
			return obj
		}), hot: hot}, n
	}
	// Undeclared properties get the names the change is about, then
	// extra1, extra2, ...
	extraName := func(i int) string {
		if i < len(g.names) && !declared[g.names[i]] {
			return g.names[i]
		}
		name := "extra" + strconv.Itoa(i+1)
		for declared[name] {
			name += "_"
		}
		return name
	}
	// plus returns base with members added: names[i] holding vals[i].
	plus := func(base cand, names []string, vals []cand, hot bool) cand {
		return cand{t: later(func() *jsonvalue.Value {
			members := base.value().Members
			obj := &jsonvalue.Value{Kind: jsonvalue.Object, Members: append(make([]jsonvalue.Member, 0, len(members)+len(vals)), members...)}
			for i, v := range vals {
				obj.Members = append(obj.Members, jsonvalue.Member{Key: names[i], Value: *v.value()})
			}
			return obj
		}), hot: hot}
	}
	extraNames := func(n int) []string {
		names := make([]string, n)
		for i := range names {
			names[i] = extraName(i)
		}
		return names
	}
	base, baseLen := build(-1, cand{}, false)
	// minProperties: add optional properties until there are enough, then
	// undeclared ones.
	if minP, ok := intOf(s.Get("minProperties")); ok && baseLen < minP {
		base, baseLen = build(-1, cand{}, true)
		if baseLen < minP && len(extra) > 0 && minP-baseLen <= 64 {
			vals := make([]cand, minP-baseLen)
			for i := range vals {
				vals[i] = extra[0]
			}
			base, baseLen = plus(base, extraNames(len(vals)), vals, false), minP
		}
	}
	out := []cand{base}
	for i, p := range list {
		anyHot := false
		for _, c := range p.cands {
			anyHot = anyHot || c.hot
		}
		for j, c := range p.cands {
			if j == 0 && required[p.name] {
				continue
			}
			// An optional property leading to the focus is tried with
			// its base too: the focus may be the property itself.
			if c.hot || rich || (j == 0 && anyHot) {
				c.hot = c.hot || anyHot
				v, _ := build(i, c, false)
				out = append(out, v)
			}
		}
	}
	// patternProperties: a name each pattern matches (and no declared
	// property has), holding each of the subschema's candidates.
	if pp := s.Get("patternProperties"); pp != nil && pp.Kind == jsonvalue.Object && g.baseOnly == 0 {
		for i := range pp.Members {
			m := &pp.Members[i]
			name := ""
			for _, n := range patternStrings(m.Key, 1, 64, 4) {
				if !declared[n] {
					name = n
					break
				}
			}
			pc := g.child(&m.Value, depth+1, rich)
			if name == "" || len(pc) == 0 {
				continue
			}
			anyHot := false
			for _, c := range pc {
				anyHot = anyHot || c.hot
			}
			for j, c := range pc {
				if c.hot || rich || j == 0 {
					out = append(out, plus(base, []string{name}, []cand{c}, c.hot || anyHot))
				}
			}
		}
	}
	// propertyNames: undeclared keys its schema yields (at its length
	// bounds, matching its pattern), each holding an extra value: a
	// narrowed propertyNames rejects only keys no declared property has.
	if pn := s.Get("propertyNames"); pn != nil && pn.Kind == jsonvalue.Object && g.baseOnly == 0 && len(extra) > 0 {
		var names []cand
		hot := g.reaches(pn)
		for _, c := range g.child(pn, depth+1, rich) {
			if v := c.value(); v.Kind == jsonvalue.String && !declared[v.Text] {
				names = append(names, c)
			}
		}
		if p := pn.Get("pattern"); p != nil && p.Kind == jsonvalue.String {
			for _, n := range patternStrings(p.Text, 1, 64, 4) {
				if !declared[n] {
					names = append(names, cand{t: now(str(n)), hot: hot})
				}
			}
		}
		for _, c := range capList(names, 16) {
			out = append(out, plus(base, []string{c.value().Text}, []cand{extra[0]}, c.hot || hot))
		}
	}
	all, _ := build(-1, cand{}, true)
	out = append(out, all)
	extraHot := false
	for _, e := range extra {
		extraHot = extraHot || e.hot
	}
	if (rich || extraHot) && len(extra) > 0 {
		// Undeclared properties: one of each extra candidate, then as many
		// as the count bounds allow.
		with := func(vals []cand) cand {
			return plus(base, extraNames(len(vals)), vals, extraHot)
		}
		for _, e := range extra {
			out = append(out, with([]cand{e}))
		}
		maxP, _ := intOf(s.Get("maxProperties"))
		minP, _ := intOf(s.Get("minProperties"))
		counts := []int{2, 3, 10, maxP - baseLen, minP - baseLen + 1}
		for _, h := range g.hints {
			if n, ok := intOf(h); ok {
				counts = append(counts, n+1-baseLen, n-baseLen)
			}
		}
		for _, n := range counts {
			if n > 0 && n <= 64 {
				vals := make([]cand, n)
				for i := range vals {
					vals[i] = extra[0]
				}
				out = append(out, with(vals))
			}
		}
	}
	return out
}
