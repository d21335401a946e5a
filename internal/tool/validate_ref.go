package tool

import (
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// refUse is one `$ref` keyword met by the schema walk.
type refUse struct {
	value *jsonvalue.Value
	path  string
}

// checkRefs makes every `$ref` in the walked schemas resolvable inside this
// inputSchema (README "do better" 6, loader.md §10.1). Each reference is
// checked where it is written, whether or not anything uses the definition
// it sits in: a dangling reference is broken either way, and reporting it at
// its own path points at the text to fix. Recursive references are fine:
// resolving one never follows another.
func (c *checker) checkRefs(root *jsonvalue.Value) {
	var anchors map[string]bool
	for _, use := range c.refs {
		if use.value.Kind != jsonvalue.String {
			c.add(use.path, "`$ref` must be a string.")
			continue
		}
		ref := use.value.Text
		_, _, problem := ResolveRef(root, ref)
		switch problem {
		case RefOK:
		case RefExternal:
			c.add(use.path, "`"+ref+"` points outside this document. Only same-document references (starting with `#`) are resolved: move the target into `$defs` and refer to it as `#/$defs/<name>`.")
		case RefAnchor:
			if anchors == nil {
				anchors = map[string]bool{}
				collectAnchors(root, anchors)
			}
			if !anchors[ref[1:]] {
				c.add(use.path, "`"+ref+"` does not resolve: no subschema declares `\"$anchor\": \""+ref[1:]+"\"`.")
			}
		case RefBadEscape:
			c.add(use.path, "`"+ref+"` is not a valid JSON Pointer: a percent-escape in it cannot be decoded.")
		case RefDangling:
			c.add(use.path, "`"+ref+"` does not resolve: nothing exists at that location in this schema.")
		case RefNotSchema:
			c.add(use.path, "`"+ref+"` resolves to something that is not a schema object.")
		}
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

// isPlainAnchor reports whether s is a valid anchor name
// (^[A-Za-z_][-A-Za-z0-9._]*$, the 2020-12 metaschema's anchorString).
func isPlainAnchor(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c == '_':
		case i > 0 && (c >= '0' && c <= '9' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// isIDWithoutFragment mirrors the metaschema's `$id` pattern ^[^#]*#?$.
func isIDWithoutFragment(s string) bool {
	i := strings.IndexByte(s, '#')
	return i < 0 || i == len(s)-1
}
