package tool

import (
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// loadNative reads one entry of a provider-native file as a tool of format:
// it finds the name, description and schema where the provider keeps them,
// builds the canonical view the checks and the diff read, and validates that
// view with the canonical rules. Every value of the view is the native
// file's own node, so every position points into the native file.
func loadNative(src *Source, root *jsonvalue.Value, e element, format Format, r *fileResult) {
	fail := func(path, msg string) {
		r.errs = append(r.errs, issueError(src, root, e.value, joinBase(e.base, path), msg))
	}
	if e.value.Kind != jsonvalue.Object {
		fail("", msgNotObject)
		return
	}
	n := &Native{Format: format, NamePath: "name", DescriptionPath: "description"}
	obj := e.value
	schemaKey := "parameters"
	switch format {
	case FormatOpenAIChat, FormatOpenAIResponses:
		n.Provider = ProviderOpenAI
		if t := obj.Get("type"); !t.IsString() || t.Text != "function" {
			fail("type", "An OpenAI function tool needs `\"type\": \"function\"`.")
			return
		}
		if format == FormatOpenAIChat {
			fn := obj.Get("function")
			if !fn.IsObject() {
				fail("function", "A Chat Completions tool keeps its definition in `function`, an object with `name`, `description` and `parameters`.")
				return
			}
			obj = fn
			n.NamePath, n.DescriptionPath, schemaKey = "function.name", "function.description", "function.parameters"
		}
		// Chat Completions: strict defaults to false. Responses: the
		// API reference says "Whether to enforce strict parameter
		// validation. Default `true`." (FunctionTool.strict,
		// https://platform.openai.com/docs/api-reference/responses/create).
		strict := obj.Get("strict")
		switch {
		case strict == nil || strict.Kind == jsonvalue.Null:
			n.Strict = format == FormatOpenAIResponses
		case strict.Kind == jsonvalue.Bool:
			n.Strict = strict.IsTrue()
		default:
			fail(lastKey(schemaKey, "strict"), "`strict` must be true or false.")
			return
		}
	case FormatAnthropic:
		n.Provider = ProviderAnthropic
		schemaKey = "input_schema"
		if strict := obj.Get("strict"); strict != nil {
			if strict.Kind != jsonvalue.Bool {
				fail("strict", "`strict` must be true or false.")
				return
			}
			n.Strict = strict.IsTrue()
		}
		if !obj.Has("input_schema") {
			fail("", "An Anthropic tool needs `input_schema`, the JSON Schema of its input.")
			return
		}
	case FormatGemini:
		n.Provider = ProviderGemini
		if obj.Has("parameters") && obj.Has("parametersJsonSchema") {
			fail("parametersJsonSchema", "`parameters` and `parametersJsonSchema` are mutually exclusive; keep one.")
			return
		}
		if obj.Has("parametersJsonSchema") {
			schemaKey, n.JSONSchema = "parametersJsonSchema", true
		}
	}
	n.SchemaPath = schemaKey
	local := strings.TrimPrefix(schemaKey, "function.")

	view := &jsonvalue.Value{Kind: jsonvalue.Object, Start: e.value.Start, End: e.value.End}
	if m := obj.Member("name"); m != nil {
		view.Members = append(view.Members, jsonvalue.Member{Key: "name", KeyStart: m.KeyStart, KeyEnd: m.KeyEnd, Value: m.Value})
	}
	if m := obj.Member("description"); m != nil {
		view.Members = append(view.Members, jsonvalue.Member{Key: "description", KeyStart: m.KeyStart, KeyEnd: m.KeyEnd, Value: m.Value})
	}
	if m := obj.Member(local); m != nil {
		schema := m.Value
		if format == FormatGemini && !n.JSONSchema {
			schema = lowerOpenAPITypes(schema)
		}
		view.Members = append(view.Members, jsonvalue.Member{Key: "inputSchema", KeyStart: m.KeyStart, KeyEnd: m.KeyEnd, Value: schema})
	} else {
		// OpenAI: "Omitting `parameters` defines a function with an empty
		// parameter list" (FunctionDefinition.parameters, Chat
		// Completions API reference); Gemini: "For function with no
		// parameters, this can be left unset" (FunctionDeclaration).
		// Positions of the stand-in point at the tool.
		at := obj.Start
		view.Members = append(view.Members, jsonvalue.Member{Key: "inputSchema", KeyStart: at, KeyEnd: at + 1,
			Value: jsonvalue.Value{Kind: jsonvalue.Object, Start: obj.Start, End: obj.End, Members: []jsonvalue.Member{
				{Key: "type", KeyStart: at, KeyEnd: at + 1, Value: jsonvalue.Value{Kind: jsonvalue.String, Text: "object", Start: obj.Start, End: obj.End}},
				{Key: "properties", KeyStart: at, KeyEnd: at + 1, Value: jsonvalue.Value{Kind: jsonvalue.Object, Start: obj.Start, End: obj.End}},
			}}})
	}

	issues := validateTool(view)
	if len(issues) == 0 {
		r.tools = append(r.tools, &Tool{Name: view.Get("name").Text, Value: view, Source: src, Base: e.base, Native: n})
		return
	}
	for _, is := range issues {
		msg := is.msg
		if local != "inputSchema" {
			msg = strings.ReplaceAll(msg, "`inputSchema`", "`"+local+"`")
		}
		fail(n.nativePath(is.path), msg)
	}
}

// lastKey replaces the last key of a dotted path.
func lastKey(path, key string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i+1] + key
	}
	return key
}

// openAPITypes are the type names of Gemini's OpenAPI-subset Schema
// (Type enum: STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL;
// https://ai.google.dev/api/caching#Type). The API reads them in any case;
// the canonical view uses JSON Schema's lower-case names.
var openAPITypes = map[string]string{
	"STRING": "string", "NUMBER": "number", "INTEGER": "integer", "BOOLEAN": "boolean",
	"ARRAY": "array", "OBJECT": "object", "NULL": "null",
}

// lowerOpenAPITypes returns s with every upper-case Schema type name in
// lower case and every int64 count written as a string a number, copying only the objects on the way to a change. Only the
// Schema fields that hold schemas are entered (properties, items, anyOf),
// so a `default` or `example` that happens to hold {"type": "STRING"} is
// left as written.
func lowerOpenAPITypes(s jsonvalue.Value) jsonvalue.Value {
	if s.Kind != jsonvalue.Object {
		return s
	}
	var out []jsonvalue.Member
	set := func(i int, v jsonvalue.Value) {
		if out == nil {
			out = append([]jsonvalue.Member(nil), s.Members...)
		}
		out[i].Value = v
	}
	for i := range s.Members {
		m := &s.Members[i]
		switch m.Key {
		case "type":
			if m.Value.Kind == jsonvalue.String {
				if lower, ok := openAPITypes[m.Value.Text]; ok {
					v := m.Value
					v.Text = lower
					set(i, v)
				}
			}
		case "minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties":
			// Schema types these int64, which proto3 JSON (and compile) writes
			// as decimal strings: https://ai.google.dev/api/caching#Schema
			// ("maxItems: string (int64 format)").
			if m.Value.Kind == jsonvalue.String && isDecimalInt(m.Value.Text) {
				v := m.Value
				v.Kind = jsonvalue.Number
				set(i, v)
			}
		case "items":
			if v := lowerOpenAPITypes(m.Value); !sameObject(v, m.Value) {
				set(i, v)
			}
		case "properties":
			if m.Value.Kind != jsonvalue.Object {
				continue
			}
			var props []jsonvalue.Member
			for j := range m.Value.Members {
				p := &m.Value.Members[j]
				if v := lowerOpenAPITypes(p.Value); !sameObject(v, p.Value) {
					if props == nil {
						props = append([]jsonvalue.Member(nil), m.Value.Members...)
					}
					props[j].Value = v
				}
			}
			if props != nil {
				v := m.Value
				v.Members = props
				set(i, v)
			}
		case "anyOf":
			if m.Value.Kind != jsonvalue.Array {
				continue
			}
			var items []jsonvalue.Value
			for j := range m.Value.Items {
				if v := lowerOpenAPITypes(m.Value.Items[j]); !sameObject(v, m.Value.Items[j]) {
					if items == nil {
						items = append([]jsonvalue.Value(nil), m.Value.Items...)
					}
					items[j] = v
				}
			}
			if items != nil {
				v := m.Value
				v.Items = items
				set(i, v)
			}
		}
	}
	if out == nil {
		return s
	}
	s.Members = out
	return s
}

// isDecimalInt reports whether s is a proto3 JSON int64: an optional minus
// and decimal digits, without leading zeros (so it is also a JSON number).
func isDecimalInt(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" || len(s) > 1 && s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// sameObject reports whether lowerOpenAPITypes returned its input as is.
func sameObject(a, b jsonvalue.Value) bool {
	return len(a.Members) == len(b.Members) && (len(a.Members) == 0 || &a.Members[0] == &b.Members[0])
}
