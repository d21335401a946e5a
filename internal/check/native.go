package check

import (
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropic"
	"github.com/schemaport/schemaport-action/internal/provider/anthropicstrict"
	"github.com/schemaport/schemaport-action/internal/provider/gemini"
	"github.com/schemaport/schemaport-action/internal/provider/openai"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// A tool read from a provider-native file is checked as what it is: its
// provider and mode choose the one target that applies. The selected
// targets (--targets, the config) narrow that further but never widen it:
// checking an OpenAI file against Gemini's rules says nothing about what
// the file does.

// targetsFor returns the targets that check t: the selection for a
// canonical tool (MCP tools/list results included), else the tool's own
// target when the selection names it or its provider.
func targetsFor(t *tool.Tool, sel []TargetInfo) []TargetInfo {
	if t.Native == nil {
		return sel
	}
	own := nativeTarget(t.Native)
	for _, s := range sel {
		if s.ID == own.ID || s.ID == t.Native.Provider {
			return []TargetInfo{own}
		}
	}
	return nil
}

// nativeTarget is the target for one native mode.
func nativeTarget(n *tool.Native) TargetInfo {
	switch {
	case n.Provider == tool.ProviderOpenAI && n.Strict:
		t, _ := Lookup(openai.ID)
		return t
	case n.Provider == tool.ProviderOpenAI:
		t, _ := Lookup(openai.ID)
		t.Name += " (non-strict)"
		t.Check = openAINonStrict
		return t
	case n.Provider == tool.ProviderAnthropic && n.Strict:
		t, _ := Lookup(anthropicstrict.ID)
		return t
	case n.Provider == tool.ProviderAnthropic:
		t, _ := Lookup(anthropic.ID)
		return t
	case n.JSONSchema:
		t, _ := Lookup(gemini.ID)
		t.Name += " (parametersJsonSchema)"
		t.Check = geminiJSONSchema
		return t
	}
	t, _ := Lookup(gemini.ID)
	return t
}

// openAINonStrictCodes are the OpenAI rules that hold without `strict`:
// the function name ("Must be a-z, A-Z, 0-9, or contain underscores and
// dashes, with a maximum length of 64", FunctionDefinition.name in the
// Chat Completions API reference), a root that is an object (the API
// answers 400 "Invalid schema for function '…': schema must be a JSON
// Schema of 'type: \"object\"'" whatever `strict` says), and the size
// limits. The rest of the openai target is Structured Outputs' supported
// subset ("Only a subset of JSON Schema is supported when `strict` is
// `true`", FunctionDefinition.strict), which a non-strict function does not
// have to keep.
var openAINonStrictCodes = map[string]bool{
	"openai/tool-name-invalid-characters": true,
	"openai/tool-name-too-long":           true,
	"openai/missing-tool-description":     true,
	"openai/root-schema-not-object":       true,
	"openai/too-many-properties":          true,
	"openai/property-count-near-limit":    true,
	"openai/schema-too-deep":              true,
	"openai/schema-nesting-near-limit":    true,
	"openai/too-many-enum-values":         true,
	"openai/enum-values-near-limit":       true,
	"openai/large-enum-too-long":          true,
	"openai/schema-too-large":             true,
	"openai/schema-size-near-limit":       true,
}

func openAINonStrict(t *tool.Tool) []provider.Diagnostic {
	return slices.DeleteFunc(openai.Check(t), func(d provider.Diagnostic) bool { return !openAINonStrictCodes[d.Code] })
}

// Gemini's parametersJsonSchema takes JSON Schema itself. Google documents
// the supported part (GenerationConfig.responseJsonSchema, which
// FunctionDeclaration.parametersJsonSchema shares; Gemini API reference and
// https://ai.google.dev/gemini-api/docs/structured-output#json-schema):
// "$id, $defs, $ref, $anchor, type, format, title, description, enum (for
// strings and numbers), items, prefixItems, minItems, maxItems, minimum,
// maximum, anyOf, oneOf (interpreted as anyOf), properties,
// additionalProperties, required", plus the non-standard propertyOrdering;
// cyclic references are unrolled to a limited degree. So the gemini
// target's findings about `$ref`, `additionalProperties`, `prefixItems`,
// type unions and numeric enums do not apply; what it says about the rest
// (oneOf read as anyOf, const, allOf, not, ...) still does.
//
// The OpenAPI subset's own 400s do not apply either: a string format other
// than enum or date-time ("format" is in the list above; it is then only
// not enforced) and an object without properties.
//
// Nor do the rest of the OpenAPI subset's own 400s (issue #24): a type
// list, an untyped enum, a root without properties (JSON Schema says
// "no arguments" with it). Annotations are JSON Schema's: said as an info.
var geminiJSONSchemaDropped = map[string]bool{
	"gemini/type-list":                         true,
	"gemini/enum-without-string-type":          true,
	"gemini/empty-parameters-omitted":          true,
	"gemini/empty-object-parameters":           true,
	"gemini/free-form-object":                  true,
	"gemini/unresolvable-schema-reference":     true,
	"gemini/unsupported-schema-reference":      true,
	"gemini/unsupported-additional-properties": true,
	"gemini/unsupported-prefix-items":          true,
	"gemini/multi-type-union":                  true,
	"gemini/type-with-any-of":                  true,
}

func geminiJSONSchema(t *tool.Tool) []provider.Diagnostic {
	ds := gemini.Check(t)
	converted := false
	for i := range ds {
		if d := &ds[i]; d.Code == "gemini/unsupported-string-format" {
			formatNotEnforced(d)
			converted = true
		} else if d.Code == "gemini/dropped-annotation-keyword" {
			d.Severity = provider.SeverityInfo
			d.Message = "`" + d.Path[strings.LastIndexAny(d.Path, ".[")+1:] + "` is an annotation; `parametersJsonSchema` takes it, and it changes nothing accepted."
			converted = true
		}
	}
	if converted {
		provider.SortDiagnostics(ds) // an error became a warning
	}
	return slices.DeleteFunc(ds, func(d provider.Diagnostic) bool {
		switch {
		case geminiJSONSchemaDropped[d.Code]:
			return true
		case d.Code == "gemini/non-string-enum-values":
			return stringsAndNumbers(valueAt(t.Value, d.Path))
		case d.Code == "gemini/dropped-annotation-keyword":
			return strings.HasSuffix(d.Path, ".$id") || strings.HasSuffix(d.Path, ".$anchor")
		}
		return false
	})
}

// formatNotEnforced turns d, an unsupported-string-format finding, into
// the format-not-enforced warning the JSON Schema mode gets for any format
// (same path and position; the caller re-sorts).
func formatNotEnforced(d *provider.Diagnostic) {
	for i := range gemini.Rules {
		r := &gemini.Rules[i]
		if r.Code == "gemini/format-not-enforced" {
			c := r.CompileWith("")
			d.Code, d.Severity, d.Compile, d.DocsURL = r.Code, r.Severity, c, r.DocsURL
			d.Message = "Gemini passes `format` to the model without enforcing it; validate the value in your handler."
			return
		}
	}
}

// stringsAndNumbers reports an enum of strings and numbers only, which
// the JSON Schema mode accepts.
func stringsAndNumbers(enum *jsonvalue.Value) bool {
	if !enum.IsArray() {
		return false
	}
	for i := range enum.Items {
		if k := enum.Items[i].Kind; k != jsonvalue.String && k != jsonvalue.Number {
			return false
		}
	}
	return true
}

// valueAt finds the value at a tool-relative path, following local
// `$ref`s where the path runs through one (a finding inside a definition is
// reported at the use site); nil when the path leads nowhere.
func valueAt(tool *jsonvalue.Value, path string) *jsonvalue.Value {
	segs, ok := schemapath.Parse(path)
	if !ok {
		return nil
	}
	schema := tool.Get("inputSchema")
	cur := tool
	for _, s := range segs {
		for hops := 0; cur.IsObject() && !s.IsIndex && cur.Get(s.Key) == nil && cur.Get("$ref").IsString() && hops < 32; hops++ {
			cur = pointer(schema, cur.Get("$ref").Text)
		}
		switch {
		case s.IsIndex && cur.IsArray() && s.Index >= 0 && s.Index < len(cur.Items):
			cur = &cur.Items[s.Index]
		case !s.IsIndex && cur.IsObject() && cur.Get(s.Key) != nil:
			cur = cur.Get(s.Key)
		default:
			return nil
		}
	}
	return cur
}

// pointer resolves a local reference ("#/$defs/stop") in root.
func pointer(root *jsonvalue.Value, ref string) *jsonvalue.Value {
	rest, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil
	}
	cur := root
	for _, tok := range strings.Split(rest, "/")[1:] {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		if !cur.IsObject() {
			return nil
		}
		cur = cur.Get(tok)
	}
	return cur
}
