package anthropicstrict

import (
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropic"
	"github.com/schemaport/schemaport-action/internal/schemapath"
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

	provider.Walk(root, provider.RootPath, func(s *jsonvalue.Value, path string) {
		for _, dc := range dropClasses {
			if s.Has(dc.keyword) {
				emit(dc.rule, schemapath.Key(path, dc.keyword), "Strict tool use rejects `"+dc.keyword+"` (HTTP 400); compiling drops it, so check the constraint in your handler.", dc.keyword)
			}
		}
		if mi := s.Get("minItems"); mi != nil && mi.Kind == jsonvalue.Number && !anthropic.SupportedMinItems(mi) {
			emit(ruleDropsArray, schemapath.Key(path, "minItems"), "Strict tool use accepts `minItems` of 0 or 1 only, not "+mi.Text+"; compiling drops it, so check the length in your handler.", "minItems")
		}
		object(s, path, emit)
		for _, kw := range undocumented {
			if s.Has(kw) {
				emit(ruleKeywordUndocumented, schemapath.Key(path, kw), "Anthropic does not say whether strict tool use accepts `"+kw+"`; it is kept, and the request may be rejected. Try the tool once before relying on it.", "")
			}
		}
		if r := s.Get("$ref"); r != nil && r.Kind == jsonvalue.String && strings.HasPrefix(r.Text, "#") {
			emit(ruleLocalRef, schemapath.Key(path, "$ref"), "Strict tool use rejects recursive schemas; make sure `"+r.Text+"` does not lead back to itself.", "")
		}
		if f, ok := anthropic.UndocumentedFormat(s); ok {
			emit(ruleUnsupportedFormat, schemapath.Key(path, "format"), "Strict tool use rejects `format: "+jsonvalue.Quote(f)+"` (HTTP 400); use a documented format or validate the value in your handler.", f)
		}
		if p := s.Get("pattern"); p != nil && p.Kind == jsonvalue.String {
			if feature := unsupportedRegexFeature(p.Text); feature != "" {
				emit(ruleUnsupportedRegex, schemapath.Key(path, "pattern"), "Strict tool use supports simple regular expressions only; this pattern uses a "+feature+". Simplify it or check the value in your handler.", "")
			}
		}
		if anthropic.HasNonPrimitiveEnum(s) {
			emit(ruleEnumNonPrimitive, schemapath.Key(path, "enum"), "Strict tool use rejects enums with object or array members (HTTP 400); use primitive values.", "")
		}
		if ref, ok := anthropic.ExternalRef(s); ok {
			emit(ruleExternalRef, schemapath.Key(path, "$ref"), "Strict tool use rejects external references such as "+ref+" (HTTP 400); inline the referenced schema.", "")
		}
	})
	return e.Finish()
}

// object applies the strict subset's object requirements: every property is
// made required, and additionalProperties must be false.
func object(s *jsonvalue.Value, path string, emit func(int, string, string, string)) {
	if !isObjectSchema(s) {
		return
	}
	if props := s.Get("properties"); props != nil && props.Kind == jsonvalue.Object {
		required := s.Get("required")
		base := schemapath.Key(path, "properties")
		for i := range props.Members {
			name := props.Members[i].Key
			if !provider.Contains(required, name) {
				emit(ruleAlwaysPresent, schemapath.Key(base, name), "Compiling for strict tool use makes `"+name+"` required, so the model always sends it; handle a value where you relied on its absence.", name)
			}
		}
	}
	ap := s.Get("additionalProperties")
	if ap == nil || ap.IsFalse() {
		return
	}
	at := schemapath.Key(path, "additionalProperties")
	if ap.IsTrue() {
		emit(ruleAdditionalPropertiesTrue, at, "Strict tool use rejects `additionalProperties: true`; set it to false.", "")
		emit(ruleClosedOpenObject, at, "Once compiled this object rejects keys it does not declare; declare every key callers send.", "")
		return
	}
	emit(ruleAdditionalPropertiesSchema, at, "Strict tool use accepts only `additionalProperties: false`; compiling closes the object and drops the typed map. Use an array of key/value objects instead.", "")
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
