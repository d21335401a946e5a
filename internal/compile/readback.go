package compile

import (
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// ReadBack turns a compiled definition back into a canonical tool, so that
// the target's own check can judge what compile emits. For Gemini the
// Schema spellings are undone (upper-case types, int64 decimal strings).
// Reading provider-native files in general is the loader's job; this knows
// only what compile itself writes.
func ReadBack(targetID string, out *jsonvalue.Value) *tool.Tool {
	var schema jsonvalue.Value
	switch targetID {
	case "openai", "gemini":
		if p := out.Get("parameters"); p != nil {
			schema = *p
		} else {
			schema = jsonvalue.NewObject(member("type", str("object")))
		}
	case "anthropic", "anthropic-strict":
		schema = *out.Get("input_schema")
	default:
		schema = *out.Get("inputSchema")
	}
	if targetID == "gemini" {
		schema = fromGemini(schema)
	}
	canon := object{}
	canon.set("name", *out.Get("name"))
	if d := out.Get("description"); d != nil {
		canon.set("description", *d)
	}
	canon.set("inputSchema", schema)
	v := canon.value(nil)
	// No source: the check's findings on it carry paths, not positions.
	return &tool.Tool{Name: out.Get("name").Text, Value: &v}
}

func fromGemini(s jsonvalue.Value) jsonvalue.Value {
	if s.Kind != jsonvalue.Object {
		return s
	}
	out := jsonvalue.Value{Kind: jsonvalue.Object}
	for _, m := range s.Members {
		v := m.Value
		switch m.Key {
		case "type":
			if v.Kind == jsonvalue.String {
				v = str(strings.ToLower(v.Text))
			}
		case "minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties":
			if v.Kind == jsonvalue.String {
				v = jsonvalue.NewNumber(v.Text)
			}
		case "properties":
			p := jsonvalue.Value{Kind: jsonvalue.Object}
			for _, e := range v.Members {
				p.Members = append(p.Members, member(e.Key, fromGemini(e.Value)))
			}
			v = p
		case "items":
			v = fromGemini(v)
		case "anyOf":
			a := jsonvalue.Value{Kind: jsonvalue.Array}
			for _, e := range v.Items {
				a.Items = append(a.Items, fromGemini(e))
			}
			v = a
		}
		out.Members = append(out.Members, member(m.Key, v))
	}
	return out
}
