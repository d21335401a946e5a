package anthropicstrict

import (
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropic"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Check reports what Anthropic strict tool use would do with t, in the
// canonical order.
func Check(t *tool.Tool) []provider.Diagnostic {
	e := provider.NewEmitter(t, ID)
	emit := func(rule int, path, message, arg string) { e.Emit(&Rules[rule], path, message, arg) }

	if !anthropic.ValidToolName(t.Name) {
		emit(ruleInvalidToolName, "name", anthropic.ToolNameMessage(t.Name), "")
	}
	if anthropic.MissingDescription(t) {
		emit(ruleMissingDescription, "description", anthropic.DescriptionMessage, "")
	}
	root := t.InputSchema()
	switch anthropic.RootType(root) {
	case anthropic.RootTypeMissing:
		emit(ruleMissingRootType, "inputSchema.type", anthropic.MissingRootTypeMessage, "")
	case anthropic.RootTypeNotObject:
		emit(ruleRootNotObject, "inputSchema.type", anthropic.RootNotObjectMessage(root), "")
	}

	// One pass over each subschema's keys; the emission order does not
	// matter, as the output is sorted and no two findings share a path.
	emitAt := func(rule int, at provider.Place, message, arg string) { e.EmitAt(&Rules[rule], at, message, arg) }
	var refs []localRef
	provider.WalkFrom(root, e.Cursor(), func(s *jsonvalue.Value, at *provider.Cursor) {
		object(s, at, e, s == root)
		for i := range s.Members {
			m := &s.Members[i]
			kw, v := m.Key, &m.Value
			if rule, ok := dropRule(kw); ok {
				emitAt(rule, at.MemberPlace(s, m), droppedMessage.For(kw), kw)
				continue
			}
			switch kw {
			case "minItems":
				if v.Kind == jsonvalue.Number && !anthropic.SupportedMinItems(v) {
					emitAt(ruleDropsArray, at.MemberPlace(s, m), minItemsMessage.For(v.Text), kw)
				}
			case "maxProperties", "minProperties", "not", "oneOf", "prefixItems":
				emitAt(ruleKeywordUndocumented, at.MemberPlace(s, m), undocumentedMessage.For(kw), "")
			case "$ref":
				if anthropic.IsExternalRef(v) {
					emitAt(ruleExternalRef, at.MemberPlace(s, m), "Strict tool use rejects external references such as "+v.Text+" (HTTP 400); inline the referenced schema.", "")
				} else if v.Kind == jsonvalue.String {
					// A local $ref is fine unless it is on a cycle (below).
					refs = append(refs, localRef{at: at.MemberPlace(s, m), ref: v.Text, offset: m.KeyStart})
				}
			case "format":
				if anthropic.IsUndocumentedFormat(v) {
					emitAt(ruleUnsupportedFormat, at.MemberPlace(s, m), formatMessage.For(v.Text), v.Text)
				}
			case "pattern":
				if v.Kind == jsonvalue.String {
					if feature := unsupportedRegexFeature(v.Text); feature != "" {
						emitAt(ruleUnsupportedRegex, at.MemberPlace(s, m), "Strict tool use supports simple regular expressions only; this pattern uses a "+feature+". Simplify it or check the value in your handler.", "")
					}
				}
			case "enum":
				if anthropic.HasNonPrimitive(v) {
					emitAt(ruleEnumNonPrimitive, at.MemberPlace(s, m), "Strict tool use rejects enums with object or array members (HTTP 400); use primitive values.", "")
				}
			}
		}
	})
	for _, r := range recursiveRefs(root, refs) {
		emitAt(ruleRecursiveSchema, r.at, recursiveMessage.For(r.ref), "")
	}
	return e.Finish()
}

// Messages that depend on a keyword (or a number, a reference, a format)
// alone, interned: they recur across a large corpus.
var (
	droppedMessage = provider.NewPhrase(func(kw string) string {
		return "Strict tool use rejects `" + kw + "` (HTTP 400, \"property '" + kw + "' is not supported\"). Remove it, state the rule in `description` (Anthropic's SDKs do so), and check it in your handler; compiling drops it."
	})
	minItemsMessage = provider.NewPhrase(func(n string) string {
		return "Strict tool use accepts `minItems` of 0 or 1 only, not " + n + " (HTTP 400). Set it to 1 (or remove it), state the real minimum in `description`, and check the length in your handler; compiling drops it."
	})
	undocumentedMessage = provider.NewPhrase(func(kw string) string {
		if kw == "oneOf" {
			// Anthropic's SDKs send oneOf as anyOf (transform_schema in
			// anthropic-sdk-python's lib/_parse/_transform.py).
			return "Anthropic does not say whether strict tool use accepts `oneOf`; it is kept, and the request may be rejected. Write it as `anyOf` (as Anthropic's SDKs do), which also accepts a value matching several branches."
		}
		return "Anthropic does not say whether strict tool use accepts `" + kw + "`; it is kept, and the request may be rejected. Remove it, state it in `description` (Anthropic's SDKs do so), and check it in your handler; or try the tool once before relying on it."
	})
	recursiveMessage = provider.NewPhrase(func(ref string) string {
		return "Strict tool use rejects recursive schemas (HTTP 400), and `" + ref + "` leads back to itself; bound the recursion (nest a fixed number of levels) or drop `strict`."
	})
	formatMessage = provider.NewPhrase(func(format string) string {
		return "Strict tool use rejects `format: " + jsonvalue.Quote(format) + "` (HTTP 400). Remove `format`, or use one it takes (date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid), and validate the value in your handler; compiling drops it."
	})
)

// object applies the strict subset's object requirement:
// additionalProperties must be explicitly false, on every object.
func object(s *jsonvalue.Value, at *provider.Cursor, e *provider.Emitter, root bool) {
	if !isObjectSchema(s) {
		return
	}
	apm := s.Member("additionalProperties")
	empty := !hasProperties(s)
	if apm == nil {
		if empty && root {
			e.EmitAt(&Rules[ruleMissingAdditionalPropertiesRoot], at.KeyPlace("additionalProperties"), "Strict tool use rejects this root as written: it needs `additionalProperties: false` on every object, the root included (HTTP 400, \"For 'object' type, 'additionalProperties' must be explicitly set to false\"). Add `\"additionalProperties\": false` to the root, which says what a root without properties means: the tool takes no arguments; compiling adds it.", "")
			return
		}
		if empty {
			e.EmitAt(&Rules[ruleMissingAdditionalPropertiesEmpty], at.KeyPlace("additionalProperties"), "Strict tool use needs `additionalProperties: false` on every object (HTTP 400 otherwise), and this object declares no properties: closed, it accepts only `{}`. Declare its keys, or take the value as a JSON string.", "")
			return
		}
		e.EmitAt(&Rules[ruleMissingAdditionalProperties], at.KeyPlace("additionalProperties"), "Strict tool use needs `additionalProperties: false` on every object, nested ones included (HTTP 400 otherwise); add `\"additionalProperties\": false` here.", "")
		return
	}
	if apm.Value.IsFalse() {
		return
	}
	apAt := at.MemberPlace(s, apm)
	if apm.Value.IsTrue() {
		if empty {
			e.EmitAt(&Rules[ruleAdditionalPropertiesTrueEmpty], apAt, "Strict tool use rejects `additionalProperties: true`, and this object declares no properties: closed, it accepts only `{}`. Declare its keys, or take the value as a JSON string.", "")
			return
		}
		e.EmitAt(&Rules[ruleAdditionalPropertiesTrue], apAt, "Strict tool use rejects `additionalProperties: true`; set it to `false`.", "")
		e.EmitAt(&Rules[ruleClosedOpenObject], apAt, "Once compiled this object rejects keys it does not declare; declare every key callers send.", "")
		return
	}
	e.EmitAt(&Rules[ruleAdditionalPropertiesSchema], apAt, "Strict tool use accepts only `additionalProperties: false`; compiling closes the object and drops the typed map. Take an array of key/value objects instead (`\"type\": \"array\"`, `\"items\"` an object with `key` and `value`), closed with `\"additionalProperties\": false`.", "")
}

// hasProperties: s declares at least one property.
func hasProperties(s *jsonvalue.Value) bool {
	p := s.Get("properties")
	return p != nil && p.Kind == jsonvalue.Object && len(p.Members) > 0
}

// isObjectSchema: typed exactly "object", or with properties, or with
// additionalProperties.
func isObjectSchema(s *jsonvalue.Value) bool {
	if provider.IsType(s, "object") || s.Has("additionalProperties") {
		return true
	}
	p := s.Get("properties")
	return p != nil && p.Kind == jsonvalue.Object
}

// unsupportedRegexFeature names the first construct of an ECMAScript
// pattern that strict tool use does not support (a backreference, a
// lookahead or lookbehind, a word boundary), or returns "".
func unsupportedRegexFeature(p string) string {
	inClass := false
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			if i+1 >= len(p) {
				return ""
			}
			n := p[i+1]
			i++
			if inClass {
				continue
			}
			switch {
			case n >= '1' && n <= '9':
				return "backreference (\\" + string(n) + ")"
			case n == 'k' && i+1 < len(p) && p[i+1] == '<':
				return "named backreference (\\k<...>)"
			case n == 'b' || n == 'B':
				return "word boundary (\\" + string(n) + ")"
			}
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
		case c == '(':
			rest := p[i:]
			switch {
			case strings.HasPrefix(rest, "(?="), strings.HasPrefix(rest, "(?!"):
				return "lookahead (" + rest[:3] + "...)"
			case strings.HasPrefix(rest, "(?<="), strings.HasPrefix(rest, "(?<!"):
				return "lookbehind (" + rest[:4] + "...)"
			}
		}
	}
	return ""
}
