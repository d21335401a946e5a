package mcp

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Check reports where t departs from the MCP Tool definition, in the
// canonical order.
func Check(t *tool.Tool) []provider.Diagnostic {
	e := provider.NewEmitter(t, ID)
	emit := func(rule int, path, message string) { e.Emit(&Rules[rule], path, message, "") }

	name := t.Name
	if n := provider.UTF16Len(name); n < 1 || n > 128 {
		emit(ruleNameLength, "name", "Tool name is "+strconv.Itoa(n)+" characters long; MCP says names should be 1 to 128 characters. Rename the tool.")
	}
	if name != "" && !provider.IsASCIIWord(name, "_.-") {
		emit(ruleNameCharacters, "name", "Tool name "+jsonvalue.Quote(name)+" has characters MCP advises against; use letters, digits, `_`, `-` and `.` only.")
	}
	root := t.InputSchema()
	if root == nil || root.Kind != jsonvalue.Object {
		return e.Finish()
	}

	const typePath = "inputSchema.type"
	typ := root.Get("type")
	var buf [4]string
	types := provider.SchemaTypes(root, buf[:0])
	switch {
	case typ != nil && typ.Kind == jsonvalue.String && typ.Text == "object":
	case typ == nil:
		emit(ruleMissingType, typePath, "`inputSchema` declares no type; MCP requires `\"type\": \"object\"` at the root. Add it.")
	case !contains(types, "object"):
		emit(ruleNotObject, typePath, "`inputSchema` does not accept objects, but MCP tool arguments are always an object; make the root `\"type\": \"object\"`.")
	case len(types) == 1:
		emit(ruleTypeNotLiteral, typePath, "MCP requires the root type as the string \"object\", not an array; write `\"type\": \"object\"`.")
	default:
		emit(ruleTypeUnion, typePath, "The root type also allows "+strings.Join(others(types), ", ")+", but MCP requires exactly \"object\"; drop the other types.")
	}

	if d := root.Get("$schema"); d != nil && (d.Kind != jsonvalue.String || !dialects2020[d.Text]) {
		emit(ruleDialect, "inputSchema.$schema", "`$schema` selects "+jsonvalue.Encode(d, "")+"; MCP requires clients to support only JSON Schema 2020-12, and a client without this dialect rejects the tool. Remove `$schema` (2020-12 is the default) or set it to \"https://json-schema.org/draft/2020-12/schema\", after checking the schema means the same there (`dependencies` becomes `dependentRequired`/`dependentSchemas`; keywords beside `$ref` start to apply).")
	}

	type node struct {
		s    *jsonvalue.Value
		path string
	}
	var nodes []node
	provider.WalkFrom(root, e.Cursor(), func(s *jsonvalue.Value, at *provider.Cursor) {
		for i := range s.Members {
			switch s.Members[i].Key {
			case "$ref", "x-mcp-header", "nullable":
				nodes = append(nodes, node{s, at.Path()})
				return
			}
		}
	})
	refs := refResolver{root: root}
	for _, n := range nodes {
		ref := n.s.Get("$ref")
		if ref == nil || ref.Kind != jsonvalue.String {
			continue
		}
		if !strings.HasPrefix(ref.Text, "#") {
			emit(ruleExternalRef, schemapath.Key(n.path, "$ref"), "`$ref` points outside the tool ("+ref.Text+"); MCP clients must not fetch it. Inline the referenced schema.")
			continue
		}
		if !refs.resolves(ref.Text) {
			emit(ruleUnresolvableRef, schemapath.Key(n.path, "$ref"), "`$ref` "+ref.Text+" resolves to no schema inside `inputSchema`; fix the pointer or add the definition.")
		}
	}
	seen := map[string]string{}
	for _, n := range nodes {
		h := n.s.Get("x-mcp-header")
		if h == nil {
			continue
		}
		at := schemapath.Key(n.path, "x-mcp-header")
		if h.Kind != jsonvalue.String || !isToken(h.Text) {
			emit(ruleHeaderInvalid, at, "`x-mcp-header` must be a non-empty HTTP field name (letters, digits and !#$%&'*+-.^_`|~); clients exclude a tool whose value is not. Fix the value.")
			continue
		}
		key := strings.ToLower(h.Text)
		if first, dup := seen[key]; dup {
			emit(ruleHeaderDuplicate, at, "`x-mcp-header` "+jsonvalue.Quote(h.Text)+" repeats the one at "+first+" (header names ignore case); give each parameter its own header.")
		} else {
			seen[key] = at
		}
		var tbuf [4]string
		if ts := provider.SchemaTypes(n.s, tbuf[:0]); len(ts) != 1 || (ts[0] != "integer" && ts[0] != "string" && ts[0] != "boolean") {
			emit(ruleHeaderType, at, "`x-mcp-header` is allowed only on a parameter of exactly one type: integer, string or boolean (not number). Change the type or drop the header.")
		}
	}
	for _, n := range nodes {
		if n.s.Has("nullable") {
			emit(ruleNullableIgnored, schemapath.Key(n.path, "nullable"), "`nullable` is OpenAPI, not JSON Schema, and MCP validators ignore it; write `\"type\": [..., \"null\"]` to allow null.")
		}
	}
	return e.Finish()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func others(types []string) []string {
	var out []string
	for _, t := range types {
		if t != "object" {
			out = append(out, "`"+t+"`")
		}
	}
	return out
}

// isToken reports whether s is an RFC 9110 token: 1*tchar.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// collectAnchors gathers the $anchor names of every subschema the core
// walker reaches.
func collectAnchors(root *jsonvalue.Value) map[string]bool {
	anchors := map[string]bool{}
	provider.Walk(root, func(s *jsonvalue.Value, _ *provider.Cursor) {
		if a := s.Get("$anchor"); a != nil && a.Kind == jsonvalue.String {
			anchors[a.Text] = true
		}
	})
	return anchors
}

// refResolver answers whether local references resolve, remembering the
// answers: a tool uses the same few definitions many times.
type refResolver struct {
	root    *jsonvalue.Value
	anchors map[string]bool // collected on the first "#name" reference
	known   map[string]bool
}

func (r *refResolver) resolves(ref string) bool {
	if ok, seen := r.known[ref]; seen {
		return ok
	}
	if r.known == nil {
		r.known = map[string]bool{}
	}
	ok := r.resolvesLocally(ref)
	r.known[ref] = ok
	return ok
}

// resolvesLocally: "#" and "#/" name the root; "#/..." is a JSON pointer
// (percent-decoded, ~1 and ~0 unescaped) that must land on an object or
// boolean schema; "#name" must be the $anchor of a walked subschema.
func (r *refResolver) resolvesLocally(ref string) bool {
	if ref == "#" || ref == "#/" {
		return true
	}
	_, _, problem := tool.ResolveRef(r.root, ref)
	switch problem {
	case tool.RefOK:
		return true
	case tool.RefAnchor:
		if r.anchors == nil {
			r.anchors = collectAnchors(r.root)
		}
		return r.anchors[ref[1:]]
	}
	return false
}
