// Package core holds our provider-independent diagnostics: a `default` or an
// `examples` item that its own schema rejects is wrong for every provider,
// so it is reported once, by the `core` target, not once per provider.
package core

import (
	"strconv"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Target identity.
const (
	ID   = "core"
	Name = "Core"
)

// RulesReviewedAt is when these rules were last compared with JSON Schema
// 2020-12 (validation vocabulary, meta-data keywords).
const RulesReviewedAt = "2026-08-20"

const (
	docsDefault  = "https://json-schema.org/draft/2020-12/json-schema-validation#section-9.2"
	docsExamples = "https://json-schema.org/draft/2020-12/json-schema-validation#section-9.5"
)

// Rows of Rules.
const (
	ruleInvalidDefault = iota
	ruleInvalidExample
)

// Rules is every diagnostic this target can report.
var Rules = []provider.Rule{
	ruleInvalidDefault: {Code: "core/invalid-default", Severity: provider.SeverityError,
		Trigger: "a default that its own subschema rejects (JSON Schema 2020-12, formats not asserted)",
		Compile: "not compilable: Refused: SchemaPort will not guess the intended value; fix it in the source schema.", DocsURL: docsDefault},
	ruleInvalidExample: {Code: "core/invalid-example", Severity: provider.SeverityError,
		Trigger: "an examples item that its own subschema rejects (JSON Schema 2020-12, formats not asserted)",
		Compile: "not compilable: Refused: SchemaPort will not guess the intended value; fix it in the source schema.", DocsURL: docsExamples},
}

// Check validates every default and examples item in t's inputSchema
// against the subschema it sits in. default and examples are annotations,
// so they do not take part in that validation themselves.
func Check(t *tool.Tool) []provider.Diagnostic {
	e := provider.NewEmitter(t, ID)
	root := t.InputSchema()
	if root == nil || root.Kind != jsonvalue.Object {
		return e.Finish()
	}
	v := validator{root: root}
	walkSchemas(root, provider.NewCursor(provider.RootPath), func(s *jsonvalue.Value, at *provider.Cursor) {
		if d := s.Get("default"); d != nil {
			if reason, bad := v.reject(s, at, d); bad {
				e.Emit(&Rules[ruleInvalidDefault], at.Key("default"),
					"This `default` does not satisfy its own schema ("+reason+"); fix the value or the schema.", "")
			}
		}
		if ex := s.Get("examples"); ex != nil && ex.Kind == jsonvalue.Array {
			for i := range ex.Items {
				if reason, bad := v.reject(s, at, &ex.Items[i]); bad {
					e.Emit(&Rules[ruleInvalidExample], schemapath.Index(at.Key("examples"), i),
						"Example "+strconv.Itoa(i+1)+" does not satisfy its own schema ("+reason+"); fix the example or the schema.", "")
				}
			}
		}
	})
	return e.Finish()
}

// Applicator keywords whose values are schemas, by shape.
var (
	schemaMaps  = [...]string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
	schemaLists = [...]string{"prefixItems", "allOf", "anyOf", "oneOf"}
	schemaOnes  = [...]string{"items", "additionalItems", "contains", "additionalProperties", "propertyNames",
		"if", "then", "else", "not", "unevaluatedItems", "unevaluatedProperties", "contentSchema"}
)

// walkSchemas visits every object subschema below s, wherever JSON Schema
// puts one (including conditionals, patternProperties and draft-07 tuple
// items).
func walkSchemas(s *jsonvalue.Value, at *provider.Cursor, visit func(*jsonvalue.Value, *provider.Cursor)) {
	visit(s, at)
	for _, kw := range schemaMaps {
		if m := s.Get(kw); m != nil && m.Kind == jsonvalue.Object {
			at.PushKey(kw)
			for i := range m.Members {
				if c := &m.Members[i].Value; c.Kind == jsonvalue.Object {
					at.PushKey(m.Members[i].Key)
					walkSchemas(c, at, visit)
					at.Pop()
				}
			}
			at.Pop()
		}
	}
	for _, kw := range schemaLists {
		if l := s.Get(kw); l != nil && l.Kind == jsonvalue.Array {
			walkItems(l, at, kw, visit)
		}
	}
	for _, kw := range schemaOnes {
		c := s.Get(kw)
		switch {
		case c == nil:
		case c.Kind == jsonvalue.Object:
			at.PushKey(kw)
			walkSchemas(c, at, visit)
			at.Pop()
		case c.Kind == jsonvalue.Array && kw == "items":
			walkItems(c, at, kw, visit)
		}
	}
}

func walkItems(l *jsonvalue.Value, at *provider.Cursor, kw string, visit func(*jsonvalue.Value, *provider.Cursor)) {
	at.PushKey(kw)
	for i := range l.Items {
		if c := &l.Items[i]; c.Kind == jsonvalue.Object {
			at.PushIndex(i)
			walkSchemas(c, at, visit)
			at.Pop()
		}
	}
	at.Pop()
}
