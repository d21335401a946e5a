package provider

import "strings"

// knownKeywords are the keywords of JSON Schema 2020-12 (core, applicator,
// validation, unevaluated, meta-data, format and content vocabularies),
// the draft-07 names generators still write, and the OpenAPI 3.0 Schema
// fields Gemini's schema takes. A key of a schema that is none of these
// and sits one typo away from one is almost certainly that keyword
// misspelled: every validator and provider ignores it, so the constraint
// it meant silently disappears.
var knownKeywords = []string{
	"$schema", "$id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
	"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "prefixItems", "items",
	"contains", "properties", "patternProperties", "additionalProperties", "propertyNames",
	"unevaluatedItems", "unevaluatedProperties",
	"type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
	"maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
	"maxProperties", "minProperties", "required", "dependentRequired",
	"title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
	"format", "contentEncoding", "contentMediaType", "contentSchema",
	"definitions", "dependencies",
	"nullable", "example", "discriminator", "propertyOrdering",
}

var knownKeywordSet = func() map[string]bool {
	m := make(map[string]bool, len(knownKeywords))
	for _, k := range knownKeywords {
		m[k] = true
	}
	return m
}()

// knownKeywordTable is knownKeywordSet for lookups: core asks about every
// key of every subschema.
var knownKeywordTable = NewKeywordTable(knownKeywordSet)

// IsKnownKeyword reports whether kw is a keyword of knownKeywords.
func IsKnownKeyword(kw string) bool { return knownKeywordTable.Get(kw) }

// NearKeyword returns the known keyword that kw is a near miss of (the
// same letters in another case, or one letter added, dropped, changed or
// two neighbours swapped), or "" when kw is known, an `x-` extension,
// shorter than three characters, or near none.
func NearKeyword(kw string) string {
	if len(kw) < 3 || knownKeywordTable.Get(kw) || strings.HasPrefix(kw, "x-") {
		return ""
	}
	for _, k := range knownKeywords {
		if strings.EqualFold(k, kw) {
			return k
		}
	}
	lower := strings.ToLower(kw) // once, not once per known keyword
	for i, k := range knownKeywords {
		if len(k) >= 4 && oneEdit(lower, lowerKnownKeywords[i]) {
			return k
		}
	}
	return ""
}

// lowerKnownKeywords are knownKeywords in lower case, by place.
var lowerKnownKeywords = func() []string {
	out := make([]string, len(knownKeywords))
	for i, k := range knownKeywords {
		out[i] = strings.ToLower(k)
	}
	return out
}()

// oneEdit reports whether a becomes b by one insertion, deletion,
// substitution or swap of adjacent bytes; both are in lower case.
func oneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	switch len(b) - len(a) {
	case 0:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		if i == len(a) {
			return false // equal
		}
		if a[i+1:] == b[i+1:] {
			return true // substitution
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case 1:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		return a[i:] == b[i+1:]
	}
	return false
}
