// Package gemini checks tools against Gemini function declarations
// (FunctionDeclaration.parameters), whose Schema object has 22 fields: no
// $ref, no additionalProperties, no oneOf/allOf/not, string-only enums.
package gemini

import "github.com/schemaport/schemaport-action/internal/provider"

// Target identity.
const (
	ID   = "gemini"
	Name = "Gemini"
)

// RulesReviewedAt is when these rules were last compared with Gemini's
// documentation (the date SchemaPort's review, which they follow, records).
const RulesReviewedAt = "2026-08-20"

// Documentation the rules cite.
const (
	// The Schema object's fields: anything else in `parameters` is a 400.
	docsSchema          = "https://ai.google.dev/api/caching#Schema"
	docsDiscovery       = "https://generativelanguage.googleapis.com/$discovery/rest?version=v1beta"
	docsVertexDiscovery = "https://aiplatform.googleapis.com/$discovery/rest?version=v1"
	docsSDK             = "https://github.com/googleapis/js-genai"
	docsFunctionCalling = "https://ai.google.dev/gemini-api/docs/function-calling"
)

// Rows of Rules.
const (
	ruleInvalidName = iota
	ruleNameLeadingCharacter
	ruleMissingDescription
	ruleRecursiveReference
	ruleUnresolvableReference
	ruleInlinedReference
	ruleParameterName
	ruleEmptyParameters
	ruleFalseSubschema
	ruleAdditionalPropertiesFalse
	ruleAdditionalPropertiesSchema
	ruleOneOf
	ruleAllOf
	ruleNot
	ruleMultipleOf
	ruleExclusiveMinimum
	ruleExclusiveMaximum
	ruleUniqueItems
	rulePrefixItems
	ruleStringConst
	ruleOtherConst
	ruleNonStringEnum
	ruleUnsupportedType
	ruleMultiTypeUnion
	ruleTypeWithAnyOf
	ruleAnnotationDropped
	ruleUnsupportedKeyword
	ruleConstraintNotEnforced
	ruleFormatNotEnforced
	ruleDefaultNotEnforced
	ruleUnsupportedFormat
	ruleEmptyObjectRoot
	ruleFreeFormObject
	ruleAdditionalPropertiesTrue
	ruleTypeList
	ruleEnumTypeMissing
	ruleEnumTypeNotString
)

// Rules is every diagnostic this target can report. Compile reads
// "<ability>: <detail>", %s standing for the keyword.
var Rules = []provider.Rule{
	ruleInvalidName: {Code: "gemini/invalid-function-name", Severity: provider.SeverityError,
		Trigger: "name does not match ^[A-Za-z0-9_.:-]+$ or is longer than 128",
		Compile: "not compilable: Refused: renaming the tool would change the contract callers use.", DocsURL: docsDiscovery},
	ruleNameLeadingCharacter: {Code: "gemini/function-name-leading-character", Severity: provider.SeverityWarning,
		Trigger: "an otherwise valid name that does not start with a letter or _",
		Compile: "compilable: Emits the name unchanged.", DocsURL: docsVertexDiscovery},
	ruleMissingDescription: {Code: "gemini/missing-function-description", Severity: provider.SeverityWarning,
		Trigger: "description absent or empty (whitespace counts as a description)",
		Compile: "compilable: Emits the declaration without a description; SchemaPort never invents one.", DocsURL: docsDiscovery},
	ruleRecursiveReference: {Code: "gemini/unresolvable-schema-reference", Severity: provider.SeverityError,
		Trigger: "a $ref that leads back to a definition being inlined",
		Compile: "not compilable: Refused: a recursive reference cannot be expanded into a finite schema.", DocsURL: docsFunctionCalling},
	ruleUnresolvableReference: {Code: "gemini/unresolvable-schema-reference", Severity: provider.SeverityError,
		Trigger: "a $ref not of the form #/$defs/<name> or #/definitions/<name> naming a root definition",
		Compile: "not compilable: Refused: the reference does not point at a root-level `$defs` or `definitions` entry.", DocsURL: docsFunctionCalling},
	ruleInlinedReference: {Code: "gemini/unsupported-schema-reference", Severity: provider.SeverityError,
		Trigger: "a $ref to a root definition (Gemini has no $ref; it is inlined)",
		Compile: "compilable: Inlines the referenced schema; no constraint is lost.", DocsURL: docsFunctionCalling},
	ruleParameterName: {Code: "gemini/parameter-name-charset", Severity: provider.SeverityWarning,
		Trigger: "a top-level property name not matching ^[A-Za-z_][A-Za-z0-9_]*$ or longer than 64",
		Compile: "compilable: Emits the parameter name unchanged.", DocsURL: docsSDK},
	// A tool without parameters, sent as `{"type":"object","properties":{}}`,
	// draws the 400 of ruleEmptyObjectRoot (agno-agi/agno#2112,
	// pipecat-ai/pipecat-flows#110); leaving `parameters` out is accepted
	// (FunctionDeclaration.parameters is optional). additionalProperties:
	// false on such a root says "no arguments" too (the MCP spec's advice for
	// tools without parameters), and annotations change nothing accepted.
	ruleEmptyParameters: {Code: "gemini/empty-parameters-omitted", Severity: provider.SeverityError,
		Trigger: "a root with no properties and no required, whose other keys are type, title, description, propertyOrdering, annotations or additionalProperties: false",
		Compile: "compilable: Emits a `FunctionDeclaration` with no `parameters` field.", DocsURL: docsSDK,
		Source: "HTTP 400 `...function_declarations[2].parameters.properties: should be non-empty for OBJECT type` for a function without parameters (agno-agi/agno#2112)"},
	ruleFalseSubschema: {Code: "gemini/boolean-subschema", Severity: provider.SeverityError,
		Trigger: "false in properties, prefixItems, anyOf, oneOf, allOf, items or not",
		Compile: "lossy: Emits an unconstrained schema in place of `false`.", DocsURL: docsFunctionCalling},
	// `parameters` is the OpenAPI-subset Schema, which has no such field:
	// "Invalid JSON payload received. Unknown name "additionalProperties"
	// at 'tools[0].function_declarations[8].parameters.properties[1].value.items':
	// Cannot find field." (nanbingxyz/5ire#42). google-genai refuses it
	// before sending for the Gemini Developer API: python-genai
	// _transformers.py, _raise_for_unsupported_mldev_properties, raises for
	// any truthy value (true or a schema; false passes the SDK, not the API):
	// "additionalProperties is not supported in the Gemini API." (stored
	// version, commit 077a45f), "additionalProperties is only supported in
	// Gemini Enterprise Agent Platform mode, not in Gemini Developer API
	// mode" in later releases.
	ruleAdditionalPropertiesFalse: {Code: "gemini/unsupported-additional-properties", Severity: provider.SeverityError,
		Trigger: "additionalProperties: false",
		Compile: "lossy: Drops `additionalProperties: false`; the object stays open.", DocsURL: docsFunctionCalling},
	ruleAdditionalPropertiesSchema: {Code: "gemini/unsupported-additional-properties", Severity: provider.SeverityError,
		Trigger: "additionalProperties other than true or false (a schema, null, ...)",
		Compile: "lossy: Drops the `additionalProperties` schema; extra properties become unconstrained.", DocsURL: docsFunctionCalling},
	ruleAdditionalPropertiesTrue: {Code: "gemini/unsupported-additional-properties", Severity: provider.SeverityError,
		Trigger: "additionalProperties: true",
		Compile: "compilable: Drops `additionalProperties: true`, JSON Schema's default; nothing accepted changes.", DocsURL: docsSchema,
		Source: "HTTP 400 `Unknown name \"additionalProperties\" at 'tools[0].function_declarations[8].parameters...': Cannot find field.` (nanbingxyz/5ire#42); google-genai: `additionalProperties is only supported in Gemini Enterprise Agent Platform mode, not in Gemini Developer API mode`"},
	// Every keyword outside the Schema object's fields is answered "Invalid
	// JSON payload received. Unknown name "<kw>" at '...parameters...':
	// Cannot find field." (openswarm-ai/openswarm#24 lists $schema, const,
	// exclusiveMinimum, propertyNames and additionalProperties;
	// zed-industries/zed#44875 const in any_of).
	ruleOneOf: {Code: "gemini/unsupported-one-of", Severity: provider.SeverityError,
		Trigger: "a oneOf array",
		Compile: "lossy: Emits the branches as `anyOf`, losing the exactly-one requirement.", DocsURL: docsFunctionCalling},
	ruleAllOf: {Code: "gemini/unsupported-all-of", Severity: provider.SeverityError,
		Trigger: "allOf present", Compile: "lossy: Drops `%s`; the constraint stops being expressed.", DocsURL: docsFunctionCalling},
	ruleNot: {Code: "gemini/unsupported-not", Severity: provider.SeverityError,
		Trigger: "not present", Compile: "lossy: Drops `%s`; the constraint stops being expressed.", DocsURL: docsFunctionCalling},
	ruleMultipleOf: {Code: "gemini/unsupported-multiple-of", Severity: provider.SeverityError,
		Trigger: "multipleOf present", Compile: "lossy: Drops `%s`; the constraint stops being expressed.", DocsURL: docsFunctionCalling},
	ruleExclusiveMinimum: {Code: "gemini/unsupported-exclusive-minimum", Severity: provider.SeverityError,
		Trigger: "exclusiveMinimum present", Compile: "lossy: Drops `%s`; the constraint stops being expressed.", DocsURL: docsFunctionCalling},
	ruleExclusiveMaximum: {Code: "gemini/unsupported-exclusive-maximum", Severity: provider.SeverityError,
		Trigger: "exclusiveMaximum present", Compile: "lossy: Drops `%s`; the constraint stops being expressed.", DocsURL: docsFunctionCalling},
	ruleUniqueItems: {Code: "gemini/unsupported-unique-items", Severity: provider.SeverityError,
		Trigger: "uniqueItems present (even false)", Compile: "lossy: Drops `%s`; the constraint stops being expressed.", DocsURL: docsFunctionCalling},
	rulePrefixItems: {Code: "gemini/unsupported-prefix-items", Severity: provider.SeverityError,
		Trigger: "prefixItems present", Compile: "lossy: Drops `%s`; the constraint stops being expressed.", DocsURL: docsFunctionCalling},
	// python-genai's process_schema does what compile does: a const on a
	// STRING becomes `enum: [const]`; on another type it raises "Literal
	// values must be strings."
	ruleStringConst: {Code: "gemini/unsupported-const", Severity: provider.SeverityError,
		Trigger: "a string const (becomes a one-value enum)",
		Compile: "compilable: Emits `enum` with the single allowed value and `format: \"enum\"`.", DocsURL: docsFunctionCalling},
	ruleOtherConst: {Code: "gemini/unsupported-const", Severity: provider.SeverityError,
		Trigger: "a const that is not a string",
		Compile: "lossy: Drops `const`; the value stops being pinned.", DocsURL: docsFunctionCalling},
	ruleNonStringEnum: {Code: "gemini/non-string-enum-values", Severity: provider.SeverityError,
		Trigger: "an enum with a member that is not a string (null included)",
		Compile: "lossy: Drops `enum`; the value stops being restricted to the listed set.", DocsURL: docsFunctionCalling},
	ruleUnsupportedType: {Code: "gemini/unsupported-type", Severity: provider.SeverityError,
		Trigger: "each type name other than string, number, integer, boolean, array, object, null",
		Compile: "lossy: Drops the unknown type; the value stops being type-constrained.", DocsURL: docsFunctionCalling},
	// Beside ruleTypeList (the list itself is a 400): whether the sibling
	// constraints apply to each branch is undocumented.
	ruleMultiTypeUnion: {Code: "gemini/multi-type-union", Severity: provider.SeverityWarning,
		Trigger: "more than one non-null type",
		Compile: "compilable: Emits one `anyOf` branch per type, mirroring the SDK conversion.", DocsURL: docsFunctionCalling},
	// HTTP 400 "... schema specified other fields alongside any_of. When
	// using any_of, it must be the only field set." (anomalyco/opencode#14700,
	// lambda-alpha-labs/Graphenium#37).
	ruleTypeWithAnyOf: {Code: "gemini/type-with-any-of", Severity: provider.SeverityError,
		Trigger: "one non-null type beside anyOf (other than a nullable pair) or oneOf",
		Compile: "lossy: Drops `type` and keeps the branches; the type constraint is lost.", DocsURL: docsFunctionCalling},
	// Not a Schema field, so a 400 as written ("Unknown name "$schema" at
	// 'request.tools[0].function_declarations[0].parameters': Cannot find
	// field.", router-for-me/CLIProxyAPI#97, openswarm-ai/openswarm#24);
	// an annotation, so dropping it changes nothing accepted.
	ruleAnnotationDropped: {Code: "gemini/dropped-annotation-keyword", Severity: provider.SeverityError,
		Trigger: "$anchor, $comment, $id, $schema, deprecated, examples, readOnly or writeOnly",
		Compile: "compilable: Drops `%s`.", DocsURL: docsSchema,
		Source: "HTTP 400 `Invalid JSON payload received. Unknown name \"$schema\" at 'request.tools[0].function_declarations[0].parameters': Cannot find field.` (router-for-me/CLIProxyAPI#97)"},
	ruleUnsupportedKeyword: {Code: "gemini/unsupported-keyword", Severity: provider.SeverityError,
		Trigger: "any other keyword Gemini's Schema has no field for (patternProperties, propertyNames, if, x-*, contentEncoding, ...)",
		Compile: "lossy: Drops `%s`; anything it constrained stops being checked.", DocsURL: docsSchema,
		Source: "HTTP 400 `Invalid JSON payload received. Unknown name \"propertyNames\" at 'tools[0].function_declarations[17]...': Cannot find field.` (openswarm-ai/openswarm#24)"},
	// The function-calling guide: mode ANY "guarantees function schema
	// adherence", and VALIDATED (preview) does the same while allowing text;
	// in the default AUTO mode nothing is said to be enforced.
	ruleConstraintNotEnforced: {Code: "gemini/constraint-not-enforced", Severity: provider.SeverityWarning,
		Trigger: "once per subschema with minimum, maximum, minLength, maxLength, pattern, minItems, maxItems, minProperties or maxProperties",
		Compile: "compilable: Emits the constraint unchanged.", DocsURL: docsFunctionCalling},
	ruleFormatNotEnforced: {Code: "gemini/format-not-enforced", Severity: provider.SeverityWarning,
		Trigger: "a format Gemini accepts: enum or date-time on a string, any format on another type",
		Compile: "compilable: Emits `format` unchanged.", DocsURL: docsFunctionCalling},
	ruleDefaultNotEnforced: {Code: "gemini/default-not-enforced", Severity: provider.SeverityWarning,
		Trigger: "default present",
		Compile: "compilable: Emits `default` unchanged.", DocsURL: docsFunctionCalling},
	// Gemini answers HTTP 400 "format: only 'enum' and 'date-time' are
	// supported for STRING type" for any other string format (the exact
	// error, as reported in enechange/collmbo#195).
	ruleUnsupportedFormat: {Code: "gemini/unsupported-string-format", Severity: provider.SeverityError,
		Trigger: "a string schema whose format is neither enum nor date-time",
		Compile: "lossy: Drops `format: \"%s\"`; the format is no longer stated.", DocsURL: docsFunctionCalling, Source: "HTTP 400 `format: only 'enum' and 'date-time' are supported for STRING type` (enechange/collmbo#195)"},
	// Gemini answers HTTP 400 "...parameters.properties: should be
	// non-empty for OBJECT type" (reported on discuss.ai.google.dev,
	// "Gemini API requires non-empty properties for open-ended object
	// parameters"). A root that compiling can leave out entirely is
	// ruleEmptyParameters instead.
	ruleEmptyObjectRoot: {Code: "gemini/empty-object-parameters", Severity: provider.SeverityError,
		Trigger: "a root object with no properties that compiling cannot omit (it carries other keywords)",
		Compile: "not compilable: Refused: SchemaPort will not invent parameters. Declare the properties, or remove the other root keywords so that `parameters` can be left out.", DocsURL: docsFunctionCalling, Source: "HTTP 400 `...parameters.properties: should be non-empty for OBJECT type` (discuss.ai.google.dev, open-ended object parameters)"},
	// The same 400 for nested objects without properties
	// ("...parameters.properties[action].properties[go_back].properties:
	// should be non-empty for OBJECT type", browser-use/browser-use#7);
	// `parametersJsonSchema`, which compile does not write, takes free-form
	// objects. A map (additionalProperties a schema) is one too once its
	// additionalProperties is dropped. A union whose branches all declare
	// properties is not: compiling moves the object into the branches.
	ruleFreeFormObject: {Code: "gemini/free-form-object", Severity: provider.SeverityError,
		Trigger: "a nested object schema that declares no properties (maps included), unless it is a union whose branches all declare properties",
		Compile: "not compilable: Refused: SchemaPort will not invent keys. Declare them, or take the value as a JSON string.", DocsURL: docsFunctionCalling,
		Source: "HTTP 400 `...parameters.properties[action].properties[go_back].properties: should be non-empty for OBJECT type` (browser-use/browser-use#7); `parametersJsonSchema` accepts free-form objects"},
	// Schema.type is one enum value, not a list: "Invalid JSON payload
	// received. Unknown name "type" at '...': Proto field is not repeating,
	// cannot start list." (genkit-ai/genkit#1393; zed-industries/zed#53919).
	// `nullable` is the field for a null union: python-genai's
	// handle_null_fields turns a {"type": "null"} branch into
	// `nullable: true`, as compile does.
	ruleTypeList: {Code: "gemini/type-list", Severity: provider.SeverityError,
		Trigger: "type written as a list ([\"string\",\"null\"], [\"string\"], ...)",
		Compile: "compilable: Emits one type (`nullable: true` for `\"null\"`), or one `anyOf` branch per type when several remain.", DocsURL: docsSchema,
		Source: "HTTP 400 `Invalid JSON payload received. Unknown name \"type\" at '...properties[2].value.items.properties[1].value': Proto field is not repeating, cannot start list` (genkit-ai/genkit#1393)"},
	// "function declaration enum only allowed for STRING type" (the 400
	// issue #24's judged sample records for an enum without `type: string`;
	// public Gemini schema sanitizers list "enum: only allowed for STRING
	// type" among Gemini's rejections, and coerce the type to string).
	ruleEnumTypeMissing: {Code: "gemini/enum-without-string-type", Severity: provider.SeverityError,
		Trigger: "an enum of strings on a schema with no type",
		Compile: "compilable: Emits `type: STRING` beside the enum, which accepts the same values.", DocsURL: docsSchema,
		Source: "HTTP 400 `function declaration enum only allowed for STRING type`"},
	ruleEnumTypeNotString: {Code: "gemini/enum-without-string-type", Severity: provider.SeverityError,
		Trigger: "an enum of strings on a schema whose type is not string alone (nullable aside)",
		Compile: "lossy: Drops `enum`; the value stops being restricted to the listed set.", DocsURL: docsSchema,
		Source: "HTTP 400 `function declaration enum only allowed for STRING type`"},
}

type dropped struct {
	rule int
	what string
	fix  string
}

// droppedKeywords are validation keywords Gemini's Schema has no field for.
// Each says how to write the schema without it (Gemini's Schema has
// minimum and maximum, inclusive).
var droppedKeywords = map[string]dropped{
	"allOf":            {ruleAllOf, "every constraint in `allOf`", "Remove it: merge its branches' keywords into this schema, or check them in your handler"},
	"not":              {ruleNot, "the negated schema in `not`", "Remove it, restating what it excludes as an `enum` of what is allowed, or check it in your handler"},
	"multipleOf":       {ruleMultipleOf, "the divisibility constraint", "Remove it, state it in `description`, and check it in your handler"},
	"exclusiveMinimum": {ruleExclusiveMinimum, "the exclusive lower bound", "Write `minimum` instead (for an integer, the bound plus 1, which accepts the same values) and check the exclusive bound in your handler"},
	"exclusiveMaximum": {ruleExclusiveMaximum, "the exclusive upper bound", "Write `maximum` instead (for an integer, the bound minus 1, which accepts the same values) and check the exclusive bound in your handler"},
	"uniqueItems":      {ruleUniqueItems, "the uniqueness constraint", "Remove it, state it in `description`, and check it in your handler"},
	"prefixItems":      {rulePrefixItems, "the tuple positions", "Remove it: take an object with one named property per position, or check the positions in your handler"},
}

// unenforced are Schema fields Gemini accepts whose adherence its guide
// promises only in function-calling modes ANY and VALIDATED (not the default
// AUTO), in the order the message lists them.
var unenforced = [...]string{"minimum", "maximum", "minLength", "maxLength", "pattern", "minItems", "maxItems", "minProperties", "maxProperties"}

// unenforcedBit is each unenforced keyword's bit, by its place in the list.
var unenforcedBit = func() map[string]uint16 {
	m := make(map[string]uint16, len(unenforced))
	for i, kw := range unenforced {
		m[kw] = 1 << i
	}
	return m
}()

var annotations = map[string]bool{
	"$anchor": true, "$comment": true, "$id": true, "$schema": true,
	"deprecated": true, "examples": true, "readOnly": true, "writeOnly": true,
}

// handled are the keywords some rule already speaks for: the 22 Schema
// fields, the dropped keywords and the ones inlining or rewriting removes.
var handled = map[string]bool{
	"type": true, "format": true, "title": true, "description": true, "nullable": true, "default": true,
	"example": true, "enum": true, "properties": true, "required": true, "propertyOrdering": true,
	"items": true, "minItems": true, "maxItems": true, "minimum": true, "maximum": true,
	"minLength": true, "maxLength": true, "minProperties": true, "maxProperties": true, "pattern": true, "anyOf": true,

	"allOf": true, "not": true, "multipleOf": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"uniqueItems": true, "prefixItems": true,

	"additionalProperties": true, "const": true, "definitions": true, "oneOf": true, "$defs": true, "$ref": true,
}

var typeNames = map[string]bool{
	"string": true, "number": true, "integer": true, "boolean": true, "array": true, "object": true, "null": true,
}

// IsAnnotation reports whether kw is an annotation Gemini's conversion
// drops without a finding; compile drops exactly these.
func IsAnnotation(kw string) bool { return annotations[kw] }

// IsHandled reports whether some rule already speaks for kw (so it is not
// an unsupported keyword); compile reports exactly the others.
func IsHandled(kw string) bool { return handled[kw] }

// IsTypeName reports whether t is a JSON Schema type name.
func IsTypeName(t string) bool { return typeNameTable.Get(t) }

// typeNameTable is typeNames for the type rules, which look up every type
// of every subschema.
var typeNameTable = provider.NewKeywordTable(typeNames)
