// Package openai checks tools against OpenAI's Responses API function tools
// with `strict: true`: what the API rejects, what compiling for it drops,
// and the documented size limits.
package openai

import "github.com/schemaport/schemaport-action/internal/provider"

// Target identity.
const (
	ID   = "openai"
	Name = "OpenAI"
)

// RulesReviewedAt is when these rules were last compared with OpenAI's
// documentation (the date SchemaPort's review, which they follow, records).
const RulesReviewedAt = "2026-08-20"

// Documentation the rules cite.
const (
	docsChatCreate        = "https://developers.openai.com/api/docs/api-reference/chat/create"
	docsResponsesCreate   = "https://developers.openai.com/api/docs/api-reference/responses/create"
	docsFunctionCalling   = "https://developers.openai.com/api/docs/guides/function-calling"
	docsStructuredOutputs = "https://developers.openai.com/api/docs/guides/structured-outputs"
)

// Documented limits. The nesting limit is OpenAI's "up to 10 levels"; one
// SchemaPort commit says 11, everything else (and OpenAI) says 10.
const (
	maxNameLength       = 64
	maxTotalProperties  = 5000
	nearTotalProperties = 4500
	maxNestingDepth     = 10
	nearNestingDepth    = maxNestingDepth - 1
	maxTotalEnumValues  = 1000
	nearTotalEnumValues = 900
	largeEnumValues     = 250
	largeEnumMaxLength  = 15000
	maxTotalStringLen   = 120000
	nearTotalStringLen  = 108000
)

// Rows of Rules, by what they are about.
const (
	ruleNameCharacters = iota
	ruleNameTooLong
	ruleMissingDescription
	ruleRootNotObject
	ruleRootAnyOf
	ruleAnnotationDropped
	ruleUnsupportedKeyword
	ruleUndocumentedConstraint
	ruleUnknownKeyword
	ruleConstToEnum
	ruleOneOfToAnyOf
	ruleConflictingDefinitions
	ruleLegacyDefinitions
	ruleNullableConverted
	ruleDefaultDropped
	ruleUnsupportedFormat
	ruleMissingAdditionalProperties
	ruleAdditionalPropertiesTrue
	ruleExtraPropertiesRejected
	ruleAdditionalPropertiesSchema
	ruleOptionalProperty
	ruleNullableInsteadOfOmitted
	ruleTooManyProperties
	rulePropertiesNearLimit
	ruleTooDeep
	ruleNestingNearLimit
	ruleTooManyEnumValues
	ruleEnumValuesNearLimit
	ruleLargeEnumTooLong
	ruleTooLarge
	ruleSizeNearLimit
	ruleTrueSubschema
	ruleFalseSubschema
	ruleFalseSubschemaDropped
	ruleNonSchemaSubschema
	ruleNonSchemaSubschemaDropped
	ruleMissingType
	ruleMissingAdditionalPropertiesEmpty
	ruleAdditionalPropertiesTrueEmpty
	ruleMissingAdditionalPropertiesRoot
	ruleStringLength
)

// Rules is every diagnostic this target can report. Compile reads
// "<ability>: <detail>", %s standing for the keyword or property.
var Rules = []provider.Rule{
	ruleNameCharacters: {Code: "openai/tool-name-invalid-characters", Severity: provider.SeverityError,
		Trigger: "name does not match ^[a-zA-Z0-9_-]+$ (the empty name included)",
		Compile: "not compilable: Refused: renaming the tool would change the identifier callers dispatch on.", DocsURL: docsChatCreate},
	ruleNameTooLong: {Code: "openai/tool-name-too-long", Severity: provider.SeverityError,
		Trigger: "name is longer than 64 UTF-16 code units",
		Compile: "not compilable: Refused: truncating the tool name would change the identifier callers dispatch on.", DocsURL: docsChatCreate},
	ruleMissingDescription: {Code: "openai/missing-tool-description", Severity: provider.SeverityInfo,
		Trigger: "description absent or blank after trimming",
		Compile: "compilable: Emits the tool without a `description` field.", DocsURL: docsResponsesCreate},
	ruleRootNotObject: {Code: "openai/root-schema-not-object", Severity: provider.SeverityError,
		Trigger: "the root's types are not exactly [\"object\"] (missing, \"string\", [\"object\",\"null\"])",
		Compile: "not compilable: Refused: SchemaPort will not invent an object wrapper around the root schema.", DocsURL: docsStructuredOutputs},
	ruleRootAnyOf: {Code: "openai/root-schema-anyof", Severity: provider.SeverityError,
		Trigger: "the root has an anyOf array",
		Compile: "not compilable: Refused: collapsing a root union would change which arguments are accepted.", DocsURL: docsStructuredOutputs},
	ruleAnnotationDropped: {Code: "openai/annotation-keyword-dropped", Severity: provider.SeverityInfo,
		Trigger: "title, examples, $comment, $schema, $id, $anchor, deprecated, readOnly, writeOnly, or nullable other than true",
		Compile: "compilable: Drops `%s`.", DocsURL: docsStructuredOutputs},
	ruleUnsupportedKeyword: {Code: "openai/unsupported-keyword", Severity: provider.SeverityError,
		Trigger: "allOf, not, dependentRequired, dependentSchemas, if, then or else (named unsupported by OpenAI)",
		Compile: "lossy: Drops `%s`; the constraint is no longer enforced.", DocsURL: docsStructuredOutputs},
	// Strict mode answers HTTP 400 "In context=(...), 'propertyNames' is
	// not permitted." for such a keyword (can1357/oh-my-pi#209).
	ruleUndocumentedConstraint: {Code: "openai/undocumented-constraint-keyword", Severity: provider.SeverityError,
		Trigger: "min/maxProperties, patternProperties, propertyNames, uniqueItems, prefixItems, contains, min/maxContains, unevaluated*",
		Compile: "lossy: Drops `%s`; SchemaPort cannot promise OpenAI would have enforced it.", DocsURL: docsStructuredOutputs},
	ruleUnknownKeyword: {Code: "openai/unknown-keyword", Severity: provider.SeverityError,
		Trigger: "a keyword in no list (x-*, contentEncoding, example, propertyOrdering, ...)",
		Compile: "lossy: Drops the undocumented keyword `%s`.", DocsURL: docsStructuredOutputs},
	ruleConstToEnum: {Code: "openai/const-converted-to-enum", Severity: provider.SeverityInfo,
		Trigger: "const present",
		Compile: "compilable: Emits `enum: [<const value>]`.", DocsURL: docsStructuredOutputs},
	// Strict mode answers "Invalid schema for function '...': In
	// context=(...), 'oneOf' is not permitted." (the guide lists anyOf only).
	ruleOneOfToAnyOf: {Code: "openai/one-of-converted-to-any-of", Severity: provider.SeverityError,
		Trigger: "oneOf present",
		Compile: "lossy: Emits the `oneOf` branches as `anyOf`; exclusivity is not enforced.", DocsURL: docsStructuredOutputs},
	ruleConflictingDefinitions: {Code: "openai/conflicting-definitions-keywords", Severity: provider.SeverityError,
		Trigger: "definitions present beside an object $defs",
		Compile: "lossy: Drops `definitions`; any `#/definitions/...` reference will dangle.", DocsURL: docsStructuredOutputs},
	ruleLegacyDefinitions: {Code: "openai/legacy-definitions-keyword", Severity: provider.SeverityWarning,
		Trigger: "definitions present without an object $defs beside it",
		Compile: "compilable: Renames `definitions` to `$defs` and rewrites `$ref` pointers.", DocsURL: docsStructuredOutputs},
	ruleNullableConverted: {Code: "openai/nullable-keyword-converted", Severity: provider.SeverityWarning,
		Trigger: "nullable: true",
		Compile: "compilable: Adds `\"null\"` to `type` and drops `nullable`.", DocsURL: docsStructuredOutputs},
	// api.openai.com accepts `default` in strict mode (tested publicly in
	// openai-agents-python#4390); some Azure OpenAI deployments reject it.
	// Neither applies it. Compiling drops it so the tool works on both.
	ruleDefaultDropped: {Code: "openai/default-keyword-dropped", Severity: provider.SeverityWarning,
		Trigger: "default present",
		Compile: "compilable: Drops `default`.", DocsURL: docsStructuredOutputs},
	// Strict mode answers HTTP 400 "Invalid schema for function
	// 'git_git_remote': In context=('properties', 'url', ...), 'uri' is not a
	// valid format." (cyanheads/git-mcp-server#47, can1357/oh-my-pi#206).
	ruleUnsupportedFormat: {Code: "openai/unsupported-string-format", Severity: provider.SeverityError,
		Trigger: "a string format outside date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid",
		Compile: "lossy: Drops `format: \"%s\"`.", DocsURL: docsStructuredOutputs},
	ruleMissingAdditionalProperties: {Code: "openai/object-missing-additional-properties", Severity: provider.SeverityError,
		Trigger: "an object-like schema with properties but without additionalProperties",
		Compile: "compilable: Adds `additionalProperties: false`.", DocsURL: docsStructuredOutputs},
	ruleAdditionalPropertiesTrue: {Code: "openai/additional-properties-true", Severity: provider.SeverityError,
		Trigger: "an object-like schema with properties and additionalProperties: true",
		Compile: "compilable: Replaces `additionalProperties: true` with `false`.", DocsURL: docsStructuredOutputs},
	ruleExtraPropertiesRejected: {Code: "openai/extra-properties-no-longer-accepted", Severity: provider.SeverityWarning,
		Trigger: "paired with additional-properties-true",
		Compile: "compilable: Emits `additionalProperties: false`; undeclared keys are rejected.", DocsURL: docsStructuredOutputs},
	ruleAdditionalPropertiesSchema: {Code: "openai/additional-properties-schema", Severity: provider.SeverityError,
		Trigger: "an object-like schema whose additionalProperties is a schema",
		Compile: "lossy: Replaces the value schema with `additionalProperties: false`, dropping the map.", DocsURL: docsStructuredOutputs},
	// Strict mode answers HTTP 400 "In context=(), 'required' is required to
	// be supplied and to be an array including every key in properties.
	// Missing '...'." The fix keeps "may be left out" as "may be null".
	ruleOptionalProperty: {Code: "openai/strict-optional-property", Severity: provider.SeverityError,
		Trigger: "a property not listed in required",
		Compile: "compilable: Emits `%s` as required and nullable.", DocsURL: docsFunctionCalling},
	ruleNullableInsteadOfOmitted: {Code: "openai/nullable-instead-of-omitted", Severity: provider.SeverityWarning,
		Trigger: "paired with strict-optional-property",
		Compile: "compilable: Adds `\"null\"` to the type of `%s`; the key is always present.", DocsURL: docsFunctionCalling},
	ruleTooManyProperties: {Code: "openai/too-many-properties", Severity: provider.SeverityError,
		Trigger: "more than 5000 properties in total",
		Compile: "not compilable: Refused: SchemaPort will not delete parts of the schema to fit a size limit.", DocsURL: docsStructuredOutputs},
	rulePropertiesNearLimit: {Code: "openai/property-count-near-limit", Severity: provider.SeverityWarning,
		Trigger: "4501 to 5000 properties in total",
		Compile: "compilable: Compiles unchanged. The schema is within the limit; this is advance warning only.", DocsURL: docsStructuredOutputs},
	ruleTooDeep: {Code: "openai/schema-too-deep", Severity: provider.SeverityError,
		Trigger: "nesting deeper than 10 levels (the root is level 1)",
		Compile: "not compilable: Refused: SchemaPort will not delete parts of the schema to fit a size limit.", DocsURL: docsStructuredOutputs},
	ruleNestingNearLimit: {Code: "openai/schema-nesting-near-limit", Severity: provider.SeverityWarning,
		Trigger: "nesting 9 or 10 levels deep",
		Compile: "compilable: Compiles unchanged. The schema is within the depth limit; this is advance warning only.", DocsURL: docsStructuredOutputs},
	ruleTooManyEnumValues: {Code: "openai/too-many-enum-values", Severity: provider.SeverityError,
		Trigger: "more than 1000 enum values in total",
		Compile: "not compilable: Refused: SchemaPort will not delete parts of the schema to fit a size limit.", DocsURL: docsStructuredOutputs},
	ruleEnumValuesNearLimit: {Code: "openai/enum-values-near-limit", Severity: provider.SeverityWarning,
		Trigger: "901 to 1000 enum values in total",
		Compile: "compilable: Compiles unchanged. The schema is within the limit; this is advance warning only.", DocsURL: docsStructuredOutputs},
	ruleLargeEnumTooLong: {Code: "openai/large-enum-too-long", Severity: provider.SeverityError,
		Trigger: "one enum with more than 250 values whose strings total more than 15,000 characters",
		Compile: "not compilable: Refused: SchemaPort will not delete parts of the schema to fit a size limit.", DocsURL: docsStructuredOutputs},
	ruleTooLarge: {Code: "openai/schema-too-large", Severity: provider.SeverityError,
		Trigger: "property and definition names, string enum values and string consts total more than 120,000 characters",
		Compile: "not compilable: Refused: SchemaPort will not delete parts of the schema to fit a size limit.", DocsURL: docsStructuredOutputs},
	ruleSizeNearLimit: {Code: "openai/schema-size-near-limit", Severity: provider.SeverityWarning,
		Trigger: "those strings total 108,001 to 120,000 characters",
		Compile: "compilable: Compiles unchanged. The schema is within the limit; this is advance warning only.", DocsURL: docsStructuredOutputs},
	ruleTrueSubschema: {Code: "openai/boolean-subschema", Severity: provider.SeverityInfo,
		Trigger: "true where a subschema belongs",
		Compile: "compilable: Emits `{}` in place of `true`.", DocsURL: docsStructuredOutputs},
	ruleFalseSubschema: {Code: "openai/boolean-subschema", Severity: provider.SeverityError,
		Trigger: "false where a subschema belongs",
		Compile: "lossy: Emits `{}`, which accepts any value.", DocsURL: docsStructuredOutputs},
	ruleFalseSubschemaDropped: {Code: "openai/boolean-subschema", Severity: provider.SeverityError,
		Trigger: "false where a subschema belongs, under allOf, not or prefixItems",
		Compile: "lossy: Drops the enclosing keyword, so nothing constrains this value.", DocsURL: docsStructuredOutputs},
	ruleNonSchemaSubschema: {Code: "openai/non-schema-subschema", Severity: provider.SeverityError,
		Trigger: "a string, number, null or array where a subschema belongs (tuple items included)",
		Compile: "lossy: Emits `{}`, which accepts any value.", DocsURL: docsStructuredOutputs},
	ruleNonSchemaSubschemaDropped: {Code: "openai/non-schema-subschema", Severity: provider.SeverityError,
		Trigger: "the same, under allOf, not or prefixItems",
		Compile: "lossy: Drops the enclosing keyword, so nothing constrains this value.", DocsURL: docsStructuredOutputs},
	// Ours. Strict mode answers HTTP 400 "Invalid schema for function
	// '...': In context=('properties', 'slide_instructions', 'items'),
	// schema must have a 'type' key." for a subschema such as `{}`
	// (reported in can1357/oh-my-pi#211).
	ruleMissingType: {Code: "openai/schema-missing-type", Severity: provider.SeverityError,
		Trigger: "a subschema below the root with none of type, anyOf, oneOf, $ref, enum, const or allOf (`{}` included)",
		Compile: "not compilable: Refused: SchemaPort will not guess the type of a value; add `type` (or an `anyOf` of the types it may take).", DocsURL: docsStructuredOutputs, Source: "HTTP 400 `Invalid schema for function '...': In context=('properties', 'slide_instructions', 'items'), schema must have a 'type' key.` (can1357/oh-my-pi#211)"},
	// Closing an object that declares no properties leaves a schema that
	// accepts only `{}`: every other value valid before is rejected after,
	// so these two are lossy where SchemaPort called them safe.
	ruleMissingAdditionalPropertiesEmpty: {Code: "openai/object-missing-additional-properties", Severity: provider.SeverityError,
		Trigger: "an object-like schema without properties and without additionalProperties",
		Compile: "lossy: Adds `additionalProperties: false` to an object without properties; the compiled object accepts only `{}`.", DocsURL: docsStructuredOutputs},
	ruleAdditionalPropertiesTrueEmpty: {Code: "openai/additional-properties-true", Severity: provider.SeverityError,
		Trigger: "an object-like schema without properties and with additionalProperties: true",
		Compile: "lossy: Replaces `additionalProperties: true` with `false` on an object without properties; the compiled object accepts only `{}`.", DocsURL: docsStructuredOutputs},
	// A root without properties is a tool without parameters: closing it
	// says exactly that (the MCP spec recommends {"type": "object",
	// "additionalProperties": false} for such tools), so nothing is lost.
	// Strict mode still needs the key at the root: "Invalid schema for
	// function 'testing': In context=(), 'additionalProperties' is required
	// to be supplied and to be false" (sashirestela/simple-openai#177).
	ruleMissingAdditionalPropertiesRoot: {Code: "openai/object-missing-additional-properties", Severity: provider.SeverityError,
		Trigger: "the root of a tool without parameters (no properties, no additionalProperties)",
		Compile: "compilable: Adds `additionalProperties: false`; the tool takes no arguments, which is what a root without properties means.", DocsURL: docsStructuredOutputs,
		Source: "HTTP 400 `Invalid schema for function 'testing': In context=(), 'additionalProperties' is required to be supplied and to be false` (sashirestela/simple-openai#177)"},
	// The structured-outputs guide lists minLength and maxLength as not
	// supported only "for fine-tuned models" (openai-node's helper docs say
	// the same); it does not say strict mode enforces them elsewhere.
	ruleStringLength: {Code: "openai/string-length-not-guaranteed", Severity: provider.SeverityWarning,
		Trigger: "minLength or maxLength",
		Compile: "compilable: Emits `%s` unchanged.", DocsURL: docsStructuredOutputs,
		Source: "Structured Outputs guide: minLength and maxLength are listed as unsupported only for fine-tuned models"},
}

// keywordClass is how compiling for OpenAI treats a keyword.
type keywordClass uint8

const (
	classUnknown      keywordClass = iota
	classSupported                 // emitted as is
	classRewritten                 // const, oneOf, definitions, nullable, default
	classAnnotation                // dropped, constrains nothing
	classUnsupported               // tier 1: named unsupported by OpenAI
	classUndocumented              // tier 2: absent from OpenAI's supported list
	classLength                    // minLength, maxLength: kept, enforcement unsaid
)

// keywordClasses is looked up for every key of every subschema compiling
// keeps (keywordClass).
var keywordClasses = provider.NewKeywordTable(map[string]keywordClass{
	"type": classSupported, "description": classSupported, "enum": classSupported,
	"properties": classSupported, "required": classSupported, "additionalProperties": classSupported,
	"items": classSupported, "anyOf": classSupported, "$ref": classSupported, "$defs": classSupported,
	"pattern": classSupported, "format": classSupported, "multipleOf": classSupported,
	"minimum": classSupported, "maximum": classSupported, "exclusiveMinimum": classSupported,
	"exclusiveMaximum": classSupported, "minItems": classSupported, "maxItems": classSupported,

	"const": classRewritten, "oneOf": classRewritten, "definitions": classRewritten,
	"nullable": classRewritten, "default": classRewritten,

	"title": classAnnotation, "examples": classAnnotation, "$comment": classAnnotation,
	"$schema": classAnnotation, "$id": classAnnotation, "$anchor": classAnnotation,
	"deprecated": classAnnotation, "readOnly": classAnnotation, "writeOnly": classAnnotation,

	"allOf": classUnsupported, "not": classUnsupported, "dependentRequired": classUnsupported,
	"dependentSchemas": classUnsupported, "if": classUnsupported, "then": classUnsupported, "else": classUnsupported,

	"minLength": classLength, "maxLength": classLength, "minProperties": classUndocumented,
	"maxProperties": classUndocumented, "patternProperties": classUndocumented, "propertyNames": classUndocumented,
	"uniqueItems": classUndocumented, "prefixItems": classUndocumented, "contains": classUndocumented,
	"minContains": classUndocumented, "maxContains": classUndocumented,
	"unevaluatedProperties": classUndocumented, "unevaluatedItems": classUndocumented,
})

var supportedFormats = provider.NewKeywordTable(map[string]bool{
	"date-time": true, "time": true, "date": true, "duration": true, "email": true,
	"hostname": true, "ipv4": true, "ipv6": true, "uuid": true,
})
