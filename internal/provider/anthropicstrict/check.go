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
	provider.Walk(root, func(s *jsonvalue.Value, at *provider.Cursor) {
		object(s, at, emit)
		for i := range s.Members {
			kw, v := s.Members[i].Key, &s.Members[i].Value
			if rule, ok := dropRule(kw); ok {
				emit(rule, at.Key(kw), "Strict tool use rejects `"+kw+"` (HTTP 400); compiling drops it, so check the constraint in your handler.", kw)
				continue
			}
			switch kw {
			case "minItems":
				if v.Kind == jsonvalue.Number && !anthropic.SupportedMinItems(v) {
					emit(ruleDropsArray, at.Key(kw), "Strict tool use accepts `minItems` of 0 or 1 only, not "+v.Text+"; compiling drops it, so check the length in your handler.", kw)
				}
			case "maxProperties", "minProperties", "not", "oneOf", "prefixItems":
				emit(ruleKeywordUndocumented, at.Key(kw), "Anthropic does not say whether strict tool use accepts `"+kw+"`; it is kept, and the request may be rejected. Try the tool once before relying on it.", "")
			case "$ref":
				if anthropic.IsExternalRef(v) {
					emit(ruleExternalRef, at.Key(kw), "Strict tool use rejects external references such as "+v.Text+" (HTTP 400); inline the referenced schema.", "")
				} else if v.Kind == jsonvalue.String {
					emit(ruleLocalRef, at.Key(kw), "Strict tool use rejects recursive schemas; make sure `"+v.Text+"` does not lead back to itself.", "")
				}
			case "format":
				if anthropic.IsUndocumentedFormat(v) {
					emit(ruleUnsupportedFormat, at.Key(kw), "Strict tool use rejects `format: "+jsonvalue.Quote(v.Text)+"` (HTTP 400); use a documented format or validate the value in your handler.", v.Text)
				}
			case "pattern":
				if v.Kind == jsonvalue.String {
					if feature := unsupportedRegexFeature(v.Text); feature != "" {
						emit(ruleUnsupportedRegex, at.Key(kw), "Strict tool use supports simple regular expressions only; this pattern uses a "+feature+". Simplify it or check the value in your handler.", "")
					}
				}
			case "enum":
				if anthropic.HasNonPrimitive(v) {
					emit(ruleEnumNonPrimitive, at.Key(kw), "Strict tool use rejects enums with object or array members (HTTP 400); use primitive values.", "")
				}
			}
		}
	})
	return e.Finish()
}

// object applies the strict subset's object requirements: every property is
// made required, and additionalProperties must be false.
func object(s *jsonvalue.Value, at *provider.Cursor, emit func(int, string, string, string)) {
	if !isObjectSchema(s) {
		return
	}
	if props := s.Get("properties"); props != nil && props.Kind == jsonvalue.Object {
		required := provider.NewRequiredSet(s.Get("required"))
		for i := range props.Members {
			name := props.Members[i].Key
			if !required.Has(name) {
				emit(ruleAlwaysPresent, at.Join("properties", name), "Compiling for strict tool use makes `"+name+"` required, so the model always sends it; handle a value where you relied on its absence.", name)
			}
		}
	}
	ap := s.Get("additionalProperties")
	if ap == nil || ap.IsFalse() {
		return
	}
	apPath := at.Key("additionalProperties")
	if ap.IsTrue() {
		emit(ruleAdditionalPropertiesTrue, apPath, "Strict tool use rejects `additionalProperties: true`; set it to false.", "")
		emit(ruleClosedOpenObject, apPath, "Once compiled this object rejects keys it does not declare; declare every key callers send.", "")
		return
	}
	emit(ruleAdditionalPropertiesSchema, apPath, "Strict tool use accepts only `additionalProperties: false`; compiling closes the object and drops the typed map. Use an array of key/value objects instead.", "")
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
