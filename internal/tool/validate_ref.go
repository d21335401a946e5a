package tool

import (
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// checkRef makes a `$ref` resolvable inside this inputSchema (README "do
// better" 6, loader.md §10.1). Each reference is checked where it is
// written, whether or not anything uses the definition it sits in: a
// dangling reference is broken either way, and reporting it at its own
// path points at the text to fix. Recursive references are fine: resolving
// one never follows another.
func (c *checker) checkRef(ref *jsonvalue.Value) {
	at := func() string { return schemapath.Key(c.here(), "$ref") }
	if ref.Kind != jsonvalue.String {
		c.add(at(), "`$ref` must be a string such as `#/$defs/Name`, not "+kindArticle(ref.Kind)+".")
		return
	}
	r := ref.Text
	target, _, problem := ResolveRef(c.root, r)
	switch problem {
	case RefExternal:
		c.add(at(), codeSpan(r)+" points outside this document. Only same-document references (starting with `#`) are resolved: move the target into `$defs` and refer to it as `#/$defs/<name>`.")
	case RefAnchor:
		if c.anchors == nil {
			c.anchors = map[string]bool{}
			collectAnchors(c.root, c.anchors)
		}
		if name := r[1:]; !c.anchors[name] {
			c.add(at(), codeSpan(r)+" does not resolve: no subschema has `$anchor` "+codeSpan(name)+". Add "+
				codeSpan(`"$anchor": `+jsonvalue.Quote(name))+" to the subschema it means, or use a pointer such as `#/$defs/Name`.")
		}
	case RefBadEscape:
		c.add(at(), codeSpan(r)+" is not a valid JSON Pointer: a percent-escape in it cannot be decoded. Write `%25` for a literal `%`.")
	case RefDangling:
		c.add(at(), codeSpan(r)+" does not resolve: nothing exists at that location in this schema. Point it at an existing subschema, or add the missing one.")
	case RefNotSchema:
		c.add(at(), codeSpan(r)+" resolves to "+kindArticle(target.Kind)+", not a schema object. Point it at a subschema.")
	}
}

// collectAnchors gathers the plain-name anchors ($anchor, and $dynamicAnchor,
// which also defines a plain anchor in 2020-12) of every schema object in v.
// Values of keywords that hold data rather than schemas are not searched.
func collectAnchors(v *jsonvalue.Value, into map[string]bool) {
	switch v.Kind {
	case jsonvalue.Object:
		for i := range v.Members {
			m := &v.Members[i]
			switch m.Key {
			case "$anchor", "$dynamicAnchor":
				if m.Value.Kind == jsonvalue.String {
					into[m.Value.Text] = true
				}
			case "enum", "const", "default", "examples":
				continue
			}
			collectAnchors(&m.Value, into)
		}
	case jsonvalue.Array:
		for i := range v.Items {
			collectAnchors(&v.Items[i], into)
		}
	}
}
