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
	docsDefault    = "https://json-schema.org/draft/2020-12/json-schema-validation#section-9.2"
	docsExamples   = "https://json-schema.org/draft/2020-12/json-schema-validation#section-9.5"
	docsVocabulary = "https://json-schema.org/draft/2020-12/json-schema-core#section-4.3.1"
)

// Rows of Rules.
const (
	ruleInvalidDefault = iota
	ruleInvalidExample
	ruleNotEvaluated
	ruleMisspelledKeyword
	ruleHiddenCharacters
)

// Rules is every diagnostic this target can report.
var Rules = []provider.Rule{
	ruleInvalidDefault: {Code: "core/invalid-default", Severity: provider.SeverityError,
		Trigger: "a default that its own subschema rejects (JSON Schema 2020-12, formats not asserted)",
		Compile: "not compilable: Refused: SchemaPort will not guess the intended value; fix it in the source schema.", DocsURL: docsDefault},
	ruleInvalidExample: {Code: "core/invalid-example", Severity: provider.SeverityError,
		Trigger: "an examples item that its own subschema rejects (JSON Schema 2020-12, formats not asserted)",
		Compile: "not compilable: Refused: SchemaPort will not guess the intended value; fix it in the source schema.", DocsURL: docsExamples},
	// Ours: a `pattern` that needs backtracking (lookaround,
	// backreferences) can take exponential time on a value. Each match has
	// 250 ms and a run 10 s in all (tool.DefaultRegexBudget); a value whose
	// match ran out is neither valid nor invalid.
	ruleNotEvaluated: {Code: "core/value-not-evaluated", Severity: provider.SeverityInfo,
		Trigger: "a default or examples item whose `pattern` match ran out of time (250 ms per match, 10 s per run)",
		Compile: "compilable: Compiles unchanged; the value was not judged.", DocsURL: docsPattern},
	// Ours. An unknown keyword is ignored by JSON Schema validators (2020-12
	// §4.3.1, "unknown keywords SHOULD be treated as annotations"), so a
	// misspelled one drops its constraint silently, for every target at
	// once: said once, here. Gemini's `parameters` rejects it outright
	// ("Unknown name ... Cannot find field"; openswarm-ai/openswarm#24).
	ruleMisspelledKeyword: {Code: "core/misspelled-keyword", Severity: provider.SeverityWarning,
		Trigger: "an unknown keyword one typo (or only letter case) away from a JSON Schema or OpenAPI keyword: types, require, additionalproperties, enums, minlength",
		Compile: "not compilable: Refused: SchemaPort will not guess which keyword was meant; rename it in the source schema.", DocsURL: docsVocabulary, Source: "JSON Schema 2020-12 core section 4.3.1: unknown keywords are ignored (collected as annotations), so nothing enforces a misspelled one"},
	// Ours. Every provider sends these characters to the model as they
	// are, and no reviewer sees them: the way tool-poisoning hides
	// instructions (internal/hidden says what passes as ordinary text).
	ruleHiddenCharacters: {Code: "core/hidden-characters", Severity: provider.SeverityError,
		Trigger: "a tag character (U+E0000–E007F), zero-width character (U+200B–U+200F, U+2060, U+FEFF), bidi control (U+202A–U+202E, U+2066–U+2069) or variation selector outside an emoji sequence in the tool's name, title or description, or in a description, title, property name, enum, const, default or example of its inputSchema",
		Compile: "not compilable: Refused: SchemaPort will not decide which hidden text was meant; remove it in the source.", DocsURL: docsHidden},
}

const docsHidden = "https://www.unicode.org/reports/tr36/"

const docsPattern = "https://json-schema.org/draft/2020-12/json-schema-validation#section-6.3.3"

// notEvaluatedText ends the message of a value that was not judged.
const notEvaluatedText = " was not checked against its schema: matching a `pattern` that needs backtracking took longer than allowed (250 ms per match, 10 s per run). Check the value by hand, or simplify the pattern."

// Check validates every default and examples item in t's inputSchema
// against the subschema it sits in. default and examples are annotations,
// so they do not take part in that validation themselves.
func Check(t *tool.Tool) []provider.Diagnostic {
	e := provider.NewEmitter(t, ID)
	h := checkHidden(t, e)
	root := t.InputSchema()
	if root == nil || root.Kind != jsonvalue.Object {
		return e.Finish()
	}
	v := validator{root: root}
	walkSchemas(root, e.Cursor(), func(s *jsonvalue.Value, at *provider.Cursor) {
		for i := range s.Members {
			m := &s.Members[i]
			h.member(at, m)
			if near := provider.NearKeyword(m.Key); near != "" {
				e.EmitAt(&Rules[ruleMisspelledKeyword], at.MemberPlace(s, m), misspelledMessage(m.Key, near), "")
			}
			switch m.Key {
			case "default":
				switch reason, verdict := v.reject(s, at, &m.Value); verdict {
				case invalid:
					e.EmitAt(&Rules[ruleInvalidDefault], at.MemberPlace(s, m),
						"This `default` does not satisfy its own schema ("+reason+"); fix the value or the schema.", "")
				case notEvaluated:
					e.EmitAt(&Rules[ruleNotEvaluated], at.MemberPlace(s, m), "This `default`"+notEvaluatedText, "")
				}
			case "examples":
				ex := &m.Value
				if ex.Kind != jsonvalue.Array {
					continue
				}
				for i := range ex.Items {
					switch reason, verdict := v.reject(s, at, &ex.Items[i]); verdict {
					case invalid:
						e.Emit(&Rules[ruleInvalidExample], schemapath.Index(at.Key("examples"), i),
							"Example "+strconv.Itoa(i+1)+" does not satisfy its own schema ("+reason+"); fix the example or the schema.", "")
					case notEvaluated:
						e.Emit(&Rules[ruleNotEvaluated], schemapath.Index(at.Key("examples"), i), "Example "+strconv.Itoa(i+1)+notEvaluatedText, "")
					}
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

// slotOf numbers the applicators in visit order: schemaMaps, then
// schemaLists, then schemaOnes (a switch: this runs for every member of
// every subschema).
func slotOf(key string) (int, bool) {
	switch key {
	case "properties":
		return 0, true
	case "patternProperties":
		return 1, true
	case "$defs":
		return 2, true
	case "definitions":
		return 3, true
	case "dependentSchemas":
		return 4, true
	case "prefixItems":
		return 5, true
	case "allOf":
		return 6, true
	case "anyOf":
		return 7, true
	case "oneOf":
		return 8, true
	case "items":
		return 9, true
	case "additionalItems":
		return 10, true
	case "contains":
		return 11, true
	case "additionalProperties":
		return 12, true
	case "propertyNames":
		return 13, true
	case "if":
		return 14, true
	case "then":
		return 15, true
	case "else":
		return 16, true
	case "not":
		return 17, true
	case "unevaluatedItems":
		return 18, true
	case "unevaluatedProperties":
		return 19, true
	case "contentSchema":
		return 20, true
	}
	return 0, false
}

const slotCount = len(schemaMaps) + len(schemaLists) + len(schemaOnes)

// walkSchemas visits every object subschema below s, wherever JSON Schema
// puts one (including conditionals, patternProperties and draft-07 tuple
// items), applicators in the order of schemaMaps, schemaLists, schemaOnes.
func walkSchemas(s *jsonvalue.Value, at *provider.Cursor, visit func(*jsonvalue.Value, *provider.Cursor)) {
	visit(s, at)
	// One pass finds the applicators present (most subschemas have none).
	var slots [slotCount]*jsonvalue.Member
	found := false
	for i := range s.Members {
		if k, ok := slotOf(s.Members[i].Key); ok && slots[k] == nil {
			slots[k], found = &s.Members[i], true
		}
	}
	if !found {
		return
	}
	for k, m := range slots {
		if m == nil {
			continue
		}
		c := &m.Value
		switch {
		case k < len(schemaMaps):
			if c.Kind != jsonvalue.Object {
				continue
			}
			at.PushMember(s, m)
			for i := range c.Members {
				if child := &c.Members[i]; child.Value.Kind == jsonvalue.Object {
					at.PushMember(c, child)
					walkSchemas(&child.Value, at, visit)
					at.Pop()
				}
			}
			at.Pop()
		case k < len(schemaMaps)+len(schemaLists):
			if c.Kind == jsonvalue.Array {
				walkItems(s, m, at, visit)
			}
		case c.Kind == jsonvalue.Object:
			at.PushMember(s, m)
			walkSchemas(c, at, visit)
			at.Pop()
		case c.Kind == jsonvalue.Array && m.Key == "items":
			walkItems(s, m, at, visit)
		}
	}
}

func walkItems(s *jsonvalue.Value, m *jsonvalue.Member, at *provider.Cursor, visit func(*jsonvalue.Value, *provider.Cursor)) {
	at.PushMember(s, m)
	l := &m.Value
	for i := range l.Items {
		if c := &l.Items[i]; c.Kind == jsonvalue.Object {
			at.PushIndex(i)
			walkSchemas(c, at, visit)
			at.Pop()
		}
	}
	at.Pop()
}

// misspelledMessage says what a misspelled keyword costs and what was
// probably meant.
func misspelledMessage(kw, near string) string {
	return "`" + kw + "` is not a JSON Schema keyword: validators, OpenAI and Anthropic ignore it, so nothing enforces it, and Gemini rejects it as written (HTTP 400, Unknown name: Cannot find field). Compiling will not guess what was meant; did you mean `" + near + "`?"
}
