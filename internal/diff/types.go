package diff

import (
	"sort"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// types classifies a change of the `type` set. number covers integer, so
// integer -> number widens and number -> integer narrows.
func (c *comparer) types(o, n *node) {
	ov, nv := o.get(kwType), n.get(kwType)
	if ov == nil && nv == nil {
		return
	}
	os, okO := typeSet(ov)
	ns, okN := typeSet(nv)
	if !okO || !okN {
		if !jsonvalue.Equal(ov, nv) {
			c.keywordChanged(o, n, "type", ov, nv)
		}
		return
	}
	oldCoversNew, newCoversOld := covers(os, ns), covers(ns, os)
	if oldCoversNew && newCoversOld {
		return
	}
	ol, nl := typeList(os), typeList(ns)
	// A type union spelled as anyOf/oneOf is reported as the file spells it.
	ob, nb := o.spelledAs("type", ov), n.spelledAs("type", nv)
	switch {
	case len(os) == 0 && typeDecidedElsewhere(o) != "":
		// The old schema had no type of its own, but its applicators
		// decided which values it took: "any type" would not be true.
		c.emit("type-narrowed", "Type "+nl+" is now required here; the old schema had no `type` of its own (its `"+typeDecidedElsewhere(o)+"` decided which values it accepted), so values of other types it accepted are rejected.", o, n, nil, nb, k("type"))
	case len(os) == 0:
		c.emit("type-narrowed", "Type "+nl+" is now required where any type was accepted.", o, n, nil, nb, k("type"))
	case len(ns) == 0:
		c.emit("type-widened", "Type "+ol+" is no longer required; any type is accepted.", o, n, ob, nil, k("type"))
	case newCoversOld:
		c.emit("type-widened", "Type widened from "+ol+" to "+nl+".", o, n, ob, nb, k("type"))
	case oldCoversNew:
		c.emit("type-narrowed", "Type narrowed from "+ol+" to "+nl+"; callers sending the dropped types will be rejected. To stay compatible, keep the old types in `type` and convert such values in your handler.", o, n, ob, nb, k("type"))
	default:
		c.emit("type-changed", "Type changed from "+ol+" to "+nl+"; existing callers' values no longer match. To stay compatible, accept the old type too (list both in `type`) and convert in your handler.", o, n, ob, nb, k("type"))
	}
}

// typeSet returns the declared type names; ok is false for a malformed type.
func typeSet(v *jsonvalue.Value) (set []string, ok bool) {
	if v == nil {
		return nil, true
	}
	switch v.Kind {
	case jsonvalue.String:
		return []string{v.Text}, true
	case jsonvalue.Array:
		for i := range v.Items {
			if v.Items[i].Kind != jsonvalue.String {
				return nil, false
			}
			set = append(set, v.Items[i].Text)
		}
		return set, true
	}
	return nil, false
}

// covers reports whether every type in sub is accepted by set (an empty set
// accepts everything).
func covers(set, sub []string) bool {
	if len(set) == 0 {
		return true
	}
	if len(sub) == 0 {
		return false
	}
	has := func(t string) bool {
		for _, s := range set {
			if s == t {
				return true
			}
		}
		return false
	}
	for _, t := range sub {
		if !has(t) && !(t == "integer" && has("number")) {
			return false
		}
	}
	return true
}

func typeList(set []string) string {
	if len(set) == 0 {
		return "(any)"
	}
	l := append([]string(nil), set...)
	sort.Strings(l)
	out := l[:0]
	for i, t := range l {
		if i == 0 || t != l[i-1] {
			out = append(out, t)
		}
	}
	return strings.Join(out, " | ")
}

// typeDecidedElsewhere names the first keyword of a schema without a type
// of its own that still restricts which types it accepts ("" for none).
func typeDecidedElsewhere(x *node) string {
	for _, key := range [...]string{"anyOf", "oneOf", "allOf", "not", "$ref", "enum", "const", "if"} {
		if x.v.Has(key) {
			return key
		}
	}
	return ""
}
