package compile

import (
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// compileMCP writes an MCP Tool for tools/list: the schema verbatim, with
// the root's type repaired to the literal "object" MCP requires.
func compileMCP(t *tool.Tool, j job) (*jsonvalue.Value, []Transformation) {
	rec := recorder{off: !j.record}
	env := newObject(3)
	env.set("name", str(t.Name))
	if d := t.Value.Get("description"); d != nil && d.Kind == jsonvalue.String {
		env.set("description", str(d.Text))
	}
	root := t.InputSchema()
	var schema jsonvalue.Value
	if root != nil {
		schema = j.copyOf(root)
	} else {
		schema = emptyObject()
	}
	if schema.Kind == jsonvalue.Object {
		schema = mcpRoot(schema, &rec)
	}
	env.set("inputSchema", schema)
	out := env.value(nil)
	return &out, rec.list
}

func mcpRoot(s jsonvalue.Value, rec *recorder) jsonvalue.Value {
	const at = "inputSchema.type"
	idx := -1
	for i := range s.Members {
		if s.Members[i].Key == "type" {
			idx = i
		}
	}
	if idx < 0 {
		rec.add("added-input-schema-type-object", at, false, "Added `\"type\": \"object\"` as the first key of the root, which MCP requires.")
		s.Members = append([]jsonvalue.Member{member("type", str("object"))}, s.Members...)
		return s
	}
	t := &s.Members[idx].Value
	if t.Kind != jsonvalue.Array {
		return s
	}
	var others []string
	objects := 0
	for i := range t.Items {
		if t.Items[i].Kind != jsonvalue.String {
			continue
		}
		if t.Items[i].Text == "object" {
			objects++
		} else {
			others = append(others, "`"+t.Items[i].Text+"`")
		}
	}
	switch {
	case objects == 0:
		return s
	case len(others) == 0:
		rec.add("normalized-input-schema-type-to-object", at, false, "Wrote the root type `[\"object\"]` as the string `\"object\"`.")
	default:
		rec.add("narrowed-input-schema-type-to-object", at, false, "Wrote the root type as `\"object\"`, dropping ", strings.Join(others, ", "), ": MCP arguments are always an object.")
	}
	s.Members = slices.Clone(s.Members) // s may share the source's members
	s.Members[idx].Value = str("object")
	return s
}
