package diff

import (
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// kw is a keyword the engine classifies; everything else is "unknown" and
// compared as a raw JSON value (keyword-changed, or extension-changed for x-*).
type kw uint8

const (
	kwNone kw = iota
	kwRef
	kwType
	kwEnum
	kwConst
	kwMinimum
	kwExclusiveMinimum
	kwMinLength
	kwMinItems
	kwMinProperties
	kwMinContains
	kwMaximum
	kwExclusiveMaximum
	kwMaxLength
	kwMaxItems
	kwMaxProperties
	kwMaxContains
	kwMultipleOf
	kwUniqueItems
	kwPattern
	kwItems
	kwPrefixItems
	kwContains
	kwUnevaluatedItems
	kwProperties
	kwRequired
	kwAdditionalProperties
	kwPatternProperties
	kwPropertyNames
	kwDependentRequired
	kwDependentSchemas
	kwUnevaluatedProperties
	kwAnyOf
	kwOneOf
	kwAllOf
	kwNot
	kwIf
	kwThen
	kwElse
	kwDefs
	kwDefinitions
	kwDescription
	kwTitle
	kwDefault
	kwExamples
	kwFormat
	kwNullable
	kwDeprecated
	kwReadOnly
	kwWriteOnly
	kwComment
	kwContentSchema
	numKW
)

var keywordIDs = map[string]kw{
	"$ref":                  kwRef,
	"type":                  kwType,
	"enum":                  kwEnum,
	"const":                 kwConst,
	"minimum":               kwMinimum,
	"exclusiveMinimum":      kwExclusiveMinimum,
	"minLength":             kwMinLength,
	"minItems":              kwMinItems,
	"minProperties":         kwMinProperties,
	"minContains":           kwMinContains,
	"maximum":               kwMaximum,
	"exclusiveMaximum":      kwExclusiveMaximum,
	"maxLength":             kwMaxLength,
	"maxItems":              kwMaxItems,
	"maxProperties":         kwMaxProperties,
	"maxContains":           kwMaxContains,
	"multipleOf":            kwMultipleOf,
	"uniqueItems":           kwUniqueItems,
	"pattern":               kwPattern,
	"items":                 kwItems,
	"prefixItems":           kwPrefixItems,
	"contains":              kwContains,
	"unevaluatedItems":      kwUnevaluatedItems,
	"properties":            kwProperties,
	"required":              kwRequired,
	"additionalProperties":  kwAdditionalProperties,
	"patternProperties":     kwPatternProperties,
	"propertyNames":         kwPropertyNames,
	"dependentRequired":     kwDependentRequired,
	"dependentSchemas":      kwDependentSchemas,
	"unevaluatedProperties": kwUnevaluatedProperties,
	"anyOf":                 kwAnyOf,
	"oneOf":                 kwOneOf,
	"allOf":                 kwAllOf,
	"not":                   kwNot,
	"if":                    kwIf,
	"then":                  kwThen,
	"else":                  kwElse,
	"$defs":                 kwDefs,
	"definitions":           kwDefinitions,
	"description":           kwDescription,
	"title":                 kwTitle,
	"default":               kwDefault,
	"examples":              kwExamples,
	"format":                kwFormat,
	"nullable":              kwNullable,
	"deprecated":            kwDeprecated,
	"readOnly":              kwReadOnly,
	"writeOnly":             kwWriteOnly,
	"$comment":              kwComment,
	"contentSchema":         kwContentSchema,
}

// isExtension reports whether a keyword is a vendor extension (x-*).
func isExtension(key string) bool { return strings.HasPrefix(key, "x-") }

// annotationOnly lists keywords that never reject a value: a schema made of
// nothing else accepts everything, so it is as good as an absent one.
// contentEncoding, contentMediaType and contentSchema are annotations in
// JSON Schema 2020-12, but they tell the server how to decode the string,
// so a caller encoding the old way fails: they are treated as constraints
// (an unknown keyword's keyword-changed, contentSchema at full depth).
func annotationOnly(key string) bool {
	switch key {
	case "description", "title", "default", "examples", "example", "deprecated", "readOnly", "writeOnly",
		"$comment", "$defs", "definitions":
		return true
	}
	return isExtension(key)
}

// refAnnotation lists the siblings of a $ref that override the target's value
// instead of conjoining with it (SchemaPort's merge rule).
func refAnnotation(key string) bool {
	switch key {
	case "$anchor", "$comment", "$defs", "$id", "$schema", "default", "definitions", "deprecated",
		"description", "examples", "readOnly", "title", "writeOnly":
		return true
	}
	return false
}

// unknownKeywords compares every keyword the families above do not own:
// x-* extensions are informational, anything else that changed is breaking,
// because the engine cannot tell what it does to accepted values.
func (c *comparer) unknownKeywords(o, n *node) {
	seen := func(list []*jsonvalue.Member, key string) *jsonvalue.Member {
		for _, m := range list {
			if m.Key == key {
				return m
			}
		}
		return nil
	}
	for _, om := range o.unknown {
		nm := seen(n.unknown, om.Key)
		var nv *jsonvalue.Value
		if nm != nil {
			nv = &nm.Value
		}
		c.unknownKeyword(o, n, om.Key, &om.Value, nv)
	}
	for _, nm := range n.unknown {
		if seen(o.unknown, nm.Key) == nil {
			c.unknownKeyword(o, n, nm.Key, nil, &nm.Value)
		}
	}
}

func (c *comparer) unknownKeyword(o, n *node, key string, ov, nv *jsonvalue.Value) {
	if jsonvalue.Equal(ov, nv) {
		return
	}
	if key == "$schema" {
		c.dialect(o, n, ov, nv)
		return
	}
	// An $anchor only names a schema for "#name" references, which are
	// followed (a renamed anchor shows as the references it breaks).
	// $dynamicAnchor is not skipped: $dynamicRef is not followed.
	if key == "$anchor" {
		return
	}
	// example (OpenAPI's singular examples) is an annotation: it never
	// rejects a value.
	if key == "example" {
		c.emit("annotation-changed", "Annotation `example` changed.", o, n, ov, nv, k(key))
		return
	}
	if isExtension(key) {
		c.emit("extension-changed", "Extension `"+key+"` changed; tools that read it may behave differently.", o, n, ov, nv, k(key))
		return
	}
	c.keywordChanged(o, n, key, ov, nv)
}

// keywordChanged reports a keyword whose change the engine cannot prove safe.
func (c *comparer) keywordChanged(o, n *node, key string, ov, nv *jsonvalue.Value) {
	var msg string
	switch {
	case ov == nil:
		msg = "Keyword `" + key + "` was added; its effect on accepted values cannot be checked, so treat it as breaking."
	case nv == nil:
		msg = "Keyword `" + key + "` was removed; its effect on accepted values cannot be checked, so treat it as breaking."
	default:
		msg = "Keyword `" + key + "` changed; its effect on accepted values cannot be checked, so treat it as breaking."
	}
	c.emit("keyword-changed", msg, o, n, ov, nv, k(key))
}
