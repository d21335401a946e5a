package compile

import (
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// anthropicEnvelope starts a Messages API tool: name, then the description
// unless it is absent or blank (check's missing-tool-description says
// compile omits it; SchemaPort kept a blank one).
func anthropicEnvelope(t *tool.Tool) object {
	env := newObject(4)
	env.set("name", str(t.Name))
	if d, ok := t.Description(); ok && !provider.IsBlank(d) {
		env.set("description", str(d))
	}
	return env
}

// anthropicRoot copies the root, adding "type": "object" first when the
// root has no usable type.
func anthropicRoot(root *jsonvalue.Value, rec *recorder) jsonvalue.Value {
	if root == nil || root.Kind != jsonvalue.Object {
		return emptyObject()
	}
	var buf [4]string
	if len(provider.SchemaTypes(root, buf[:0])) > 0 {
		return *root
	}
	rec.add("added-input-schema-type", "inputSchema.type", false, "Added `\"type\": \"object\"` to the root, which the Messages API requires.")
	out := jsonvalue.Value{Kind: jsonvalue.Object, Members: []jsonvalue.Member{member("type", str("object"))}}
	for _, m := range root.Members {
		if m.Key != "type" {
			out.Members = append(out.Members, m)
		}
	}
	return out
}

// compileAnthropic writes a Messages API tool in default mode: the schema
// verbatim under input_schema.
func compileAnthropic(t *tool.Tool, j job) (*jsonvalue.Value, []Transformation) {
	rec := recorder{off: !j.record}
	rec.add("renamed-input-schema-field", provider.RootPath, false, "Wrote `inputSchema` as `input_schema`.")
	env := anthropicEnvelope(t)
	root := anthropicRoot(t.InputSchema(), &rec)
	env.set("input_schema", j.copyOf(&root))
	out := env.value(nil)
	return &out, rec.list
}

// strictDrops maps the strict check's "compiling drops this keyword" codes
// to the record of the drop. The check decides which keywords (a minItems
// of 0 or 1 stays, a simple pattern stays); compile drops exactly those.
var strictDrops = map[string]struct {
	code, class string
}{
	"anthropic/strict-drops-numeric-constraint":  {"dropped-numeric-constraint", "a numeric constraint"},
	"anthropic/strict-drops-string-constraint":   {"dropped-string-constraint", "a string length constraint"},
	"anthropic/strict-drops-array-constraint":    {"dropped-array-constraint", "an array constraint"},
	"anthropic/strict-unsupported-string-format": {"dropped-unsupported-format", "a string format"},
	"anthropic/strict-unsupported-regex":         {"dropped-unsupported-pattern", "a regular expression"},
	"anthropic/strict-enum-non-primitive-value":  {"dropped-non-primitive-enum", "an enum with object or array members"},
}

// strictConsults: the codes compileAnthropicStrict looks up.
func strictConsults(code string) bool {
	_, ok := strictDrops[code]
	return ok
}

type strictCompiler struct {
	job   job
	diags diagIndex
	rec   recorder
	path  *pather
}

// compileAnthropicStrict writes a strict tool: every object closed and
// fully required, the keywords strict mode rejects removed.
func compileAnthropicStrict(t *tool.Tool, j job) (*jsonvalue.Value, []Transformation) {
	c := strictCompiler{job: j, diags: j.diags, rec: recorder{off: !j.record}, path: newPather(j)}
	c.rec.add("renamed-input-schema-field", provider.RootPath, false, "Wrote `inputSchema` as `input_schema`.")
	c.rec.add("enabled-strict-mode", provider.RootPath, false, "Set `strict: true`, so Claude's calls always match the schema.")
	env := anthropicEnvelope(t)
	root := anthropicRoot(t.InputSchema(), &c.rec)
	env.set("input_schema", c.reduce(&root, provider.RootPath))
	env.set("strict", jsonvalue.NewBool(true))
	out := env.value(nil)
	return &out, c.rec.list
}

func (c *strictCompiler) objectLike(s *jsonvalue.Value) bool {
	return provider.IsType(s, "object") || isObj(s.Get("properties")) || s.Has("additionalProperties")
}

func (c *strictCompiler) reduce(s *jsonvalue.Value, at string) jsonvalue.Value {
	objectLike := c.objectLike(s)
	o := newObject(len(s.Members) + 1)
	for i := range s.Members {
		m := &s.Members[i]
		k, v := m.Key, &m.Value
		kp := c.path.key(at, k)
		if objectLike && k == "additionalProperties" {
			continue
		}
		if d, ok := c.dropFor(kp); ok {
			if k == "minItems" {
				c.rec.add(d.code, kp, true, "Dropped `minItems: ", NumberText(v.Text), "`; strict tool use supports only 0 and 1, so the constraint is no longer enforced.")
			} else {
				c.rec.add(d.code, kp, true, "Dropped `", k, "`, ", d.class, " strict tool use rejects; the constraint is no longer enforced.")
			}
			continue
		}
		switch k {
		case "properties", "$defs", "definitions":
			if v.Kind != jsonvalue.Object {
				o.set(k, c.job.copyOf(v))
				continue
			}
			out := make([]jsonvalue.Member, len(v.Members))
			for j := range v.Members {
				e := &v.Members[j]
				if e.Value.Kind == jsonvalue.Object {
					out[j] = member(e.Key, c.reduce(&e.Value, c.path.key(kp, e.Key)))
				} else {
					out[j] = member(e.Key, c.job.copyOf(&e.Value))
				}
			}
			o.set(k, jsonvalue.Value{Kind: jsonvalue.Object, Members: out})
		case "items", "not":
			if v.Kind == jsonvalue.Object {
				o.set(k, c.reduce(v, kp))
			} else {
				o.set(k, c.job.copyOf(v))
			}
		case "anyOf", "oneOf", "allOf", "prefixItems":
			if v.Kind != jsonvalue.Array {
				o.set(k, c.job.copyOf(v))
				continue
			}
			out := make([]jsonvalue.Value, len(v.Items))
			for j := range v.Items {
				if v.Items[j].Kind == jsonvalue.Object {
					out[j] = c.reduce(&v.Items[j], c.path.index(kp, j))
				} else {
					out[j] = c.job.copyOf(&v.Items[j])
				}
			}
			o.set(k, jsonvalue.NewArray(out...))
		default:
			o.set(k, c.job.copyOf(v))
		}
	}
	if objectLike {
		c.close(s, at, &o)
	}
	return o.value(nil)
}

func (c *strictCompiler) dropFor(path string) (struct{ code, class string }, bool) {
	if path == "" { // a path Render did not build: no finding there
		return struct{ code, class string }{}, false
	}
	for _, code := range c.diags[path] {
		if d, ok := strictDrops[code]; ok {
			return d, true
		}
	}
	return struct{ code, class string }{}, false
}

// close closes an object-like schema: strict tool use requires
// `additionalProperties: false` on every object. Optional properties stay
// optional: strict mode accepts them (what it limits is their number per
// request, which check reports).
func (c *strictCompiler) close(s *jsonvalue.Value, at string, o *object) {
	ap := s.Get("additionalProperties")
	apPath := c.path.key(at, "additionalProperties")
	switch {
	case ap == nil:
		c.rec.add("added-additional-properties-false", apPath, false, "Added `additionalProperties: false`, which strict tool use requires.")
	case ap.IsTrue():
		c.rec.add("closed-open-object", apPath, false, "Replaced `additionalProperties: true` with `false`: keys the schema does not declare are now rejected.")
	case ap.IsFalse():
	default:
		c.rec.add("dropped-additional-properties-schema", apPath, true, "Replaced the `additionalProperties` schema with `false`: the object no longer takes extra keys.")
	}
	o.del("additionalProperties")
	o.set("additionalProperties", jsonvalue.NewBool(false))
}
