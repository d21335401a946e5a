// Package anthropicstrict checks tools against Anthropic tool use with
// `strict: true`, where inputs are validated against a documented subset of
// JSON Schema and a request using anything outside it is rejected with HTTP
// 400. Its codes keep SchemaPort's `anthropic/` prefix: the strict rules
// were always Anthropic rules, and SchemaPort's strict tests name them so.
package anthropicstrict

import (
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropic"
)

// Target identity.
const (
	ID   = "anthropic-strict"
	Name = "Anthropic (strict)"
)

// RulesReviewedAt is when these rules were last compared with Anthropic's
// strict tool use and structured-output limitations pages.
const RulesReviewedAt = "2026-08-20"

const (
	docsLimitations = anthropic.DocsJSONSchemaLimitations
	docsStrict      = anthropic.DocsStrictToolUse
)

// Rows of Rules.
const (
	ruleInvalidToolName = iota
	ruleMissingDescription
	ruleMissingRootType
	ruleRootNotObject
	ruleDropsNumeric
	ruleDropsString
	ruleDropsArray
	ruleMissingAdditionalProperties
	ruleMissingAdditionalPropertiesEmpty
	ruleAdditionalPropertiesTrue
	ruleAdditionalPropertiesTrueEmpty
	ruleMissingAdditionalPropertiesRoot
	ruleClosedOpenObject
	ruleAdditionalPropertiesSchema
	ruleKeywordUndocumented
	ruleUnsupportedFormat
	ruleUnsupportedRegex
	ruleEnumNonPrimitive
	ruleExternalRef
	ruleRecursiveSchema
	ruleTooManyTools
	ruleTooManyOptional
	ruleTooManyUnions
)

// Rules is every diagnostic this target can report. Compile reads
// "<ability>: <detail>", %s standing for the keyword or property.
//
// The four rows before ruleExternalRef are ours: SchemaPort keeps those
// keywords in a strict request with a warning that Anthropic "may" reject
// it, but Anthropic documents each as unsupported under strict: true, and
// an unsupported feature is a 400. A request that cannot be sent is an
// error.
//
// ruleRecursiveSchema is ours too: Anthropic lists recursive schemas as
// unsupported, so a $ref on a cycle makes the request fail. It is not
// compilable rather than lossy: the only rewrite, unrolling the recursion
// to a fixed depth, changes which inputs are valid, and SchemaPort's
// compile does not attempt it. A $ref that is not on a cycle is fine and
// gets nothing (SchemaPort's strict-local-ref warned on every one).
//
// SchemaPort's strict-always-present-property (one warning per optional
// property) is gone: strict tool use accepts optional properties; what it
// limits is how many there are across the request (ruleTooManyOptional).
//
// The missing-additional-properties rows and the three budget rows are
// ours. Anthropic answers HTTP 400 "For 'object' type,
// 'additionalProperties' must be explicitly set to false" for a strict tool
// whose object (nested ones included) leaves it out (reproduced in
// vercel/ai#20681; the limitations page lists "additionalProperties must be
// set to false for objects").
//
// Closing an object that declares no properties is lossy, not compilable:
// the compiled object accepts only {}, so every non-empty value valid
// before is rejected after.
var Rules = []provider.Rule{
	ruleInvalidToolName: {Code: "anthropic/invalid-tool-name", Severity: provider.SeverityError,
		Trigger: "name does not match ^[a-zA-Z0-9_-]{1,64}$",
		Compile: "not compilable: Refused: renaming a tool would change the identity your code dispatches on. Rename it in the source schema.", DocsURL: anthropic.DocsDefineTools},
	ruleMissingDescription: {Code: "anthropic/missing-tool-description", Severity: provider.SeverityInfo,
		Trigger: "description absent or blank after trimming",
		Compile: "compilable: Omits the `description` field, which the Messages API treats as optional.", DocsURL: anthropic.DocsDefineTools},
	ruleMissingRootType: {Code: "anthropic/missing-input-schema-type", Severity: provider.SeverityError,
		Trigger: "the root declares no type",
		Compile: "compilable: Adds `\"type\": \"object\"` to the compiled `input_schema`.", DocsURL: anthropic.DocsMessagesAPI},
	ruleRootNotObject: {Code: "anthropic/input-schema-not-object", Severity: provider.SeverityError,
		Trigger: "the root's types are not exactly [\"object\"]",
		Compile: "not compilable: Refused: rewriting the root type would change what arguments the tool takes.", DocsURL: anthropic.DocsMessagesAPI},
	// The API answers HTTP 400 "output_format.schema: For 'integer' type,
	// property 'minimum' is not supported" (agentjido/req_llm#302); the
	// SDKs move such keywords into the description (anthropic-sdk-python
	// lib/_parse/_transform.py, transform_schema).
	ruleDropsNumeric: {Code: "anthropic/strict-drops-numeric-constraint", Severity: provider.SeverityError,
		Trigger: "minimum, maximum, exclusiveMinimum, exclusiveMaximum or multipleOf",
		Compile: "lossy: Drops `%s`; the constraint is gone from the compiled schema.", DocsURL: docsLimitations},
	ruleDropsString: {Code: "anthropic/strict-drops-string-constraint", Severity: provider.SeverityError,
		Trigger: "minLength or maxLength",
		Compile: "lossy: Drops `%s`; the constraint is gone from the compiled schema.", DocsURL: docsLimitations},
	ruleDropsArray: {Code: "anthropic/strict-drops-array-constraint", Severity: provider.SeverityError,
		Trigger: "maxItems, uniqueItems, or minItems other than 0 and 1",
		Compile: "lossy: Drops `%s`; the constraint is gone from the compiled schema.", DocsURL: docsLimitations},
	ruleMissingAdditionalProperties: {Code: "anthropic/strict-missing-additional-properties", Severity: provider.SeverityError,
		Trigger: "an object schema (root or nested) that declares properties but no additionalProperties",
		Compile: "compilable: Adds `additionalProperties: false`; only undeclared keys are rejected.", DocsURL: docsLimitations, Source: "HTTP 400 `For 'object' type, 'additionalProperties' must be explicitly set to false` (reproduced in vercel/ai#20681, nested objects included)"},
	ruleMissingAdditionalPropertiesEmpty: {Code: "anthropic/strict-missing-additional-properties", Severity: provider.SeverityError,
		Trigger: "an object schema that declares no properties and no additionalProperties",
		Compile: "lossy: Adds `additionalProperties: false` to an object without properties; the compiled object accepts only `{}`.", DocsURL: docsLimitations, Source: "HTTP 400 `For 'object' type, 'additionalProperties' must be explicitly set to false` (reproduced in vercel/ai#20681)"},
	// A root without properties is a tool without parameters: closing it
	// says exactly that (the MCP spec recommends {"type": "object",
	// "additionalProperties": false} for such tools), so nothing is lost.
	ruleMissingAdditionalPropertiesRoot: {Code: "anthropic/strict-missing-additional-properties", Severity: provider.SeverityError,
		Trigger: "the root of a tool without parameters (no properties, no additionalProperties)",
		Compile: "compilable: Adds `additionalProperties: false`; the tool takes no arguments, which is what a root without properties means.", DocsURL: docsLimitations, Source: "HTTP 400 `For 'object' type, 'additionalProperties' must be explicitly set to false` (reproduced in vercel/ai#20681)"},
	ruleAdditionalPropertiesTrue: {Code: "anthropic/strict-drops-additional-properties", Severity: provider.SeverityError,
		Trigger: "an object with properties and additionalProperties: true",
		Compile: "compilable: Replaces `additionalProperties: true` with `false`.", DocsURL: docsLimitations},
	ruleAdditionalPropertiesTrueEmpty: {Code: "anthropic/strict-drops-additional-properties", Severity: provider.SeverityError,
		Trigger: "an object without properties and with additionalProperties: true",
		Compile: "lossy: Replaces `additionalProperties: true` with `false` on an object without properties; the compiled object accepts only `{}`.", DocsURL: docsLimitations},
	ruleClosedOpenObject: {Code: "anthropic/strict-closed-open-object", Severity: provider.SeverityWarning,
		Trigger: "paired with additionalProperties: true",
		Compile: "compilable: Emits `additionalProperties: false`; undeclared keys are rejected.", DocsURL: docsLimitations},
	ruleAdditionalPropertiesSchema: {Code: "anthropic/strict-drops-additional-properties", Severity: provider.SeverityError,
		Trigger: "an object whose additionalProperties is neither false nor true (a schema, null, ...)",
		Compile: "lossy: Replaces the value schema with `additionalProperties: false`, dropping the open typed map.", DocsURL: docsLimitations},
	ruleKeywordUndocumented: {Code: "anthropic/strict-keyword-undocumented", Severity: provider.SeverityWarning,
		Trigger: "maxProperties, minProperties, not, oneOf or prefixItems",
		Compile: "compilable: Preserved verbatim in `input_schema`; SchemaPort will not drop a keyword Anthropic does not document as rejected.", DocsURL: docsLimitations},
	ruleUnsupportedFormat: {Code: "anthropic/strict-unsupported-string-format", Severity: provider.SeverityError,
		Trigger: "a string format outside date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid",
		Compile: "lossy: Drops `format: \"%s\"`; the format is no longer checked.", DocsURL: docsLimitations},
	ruleUnsupportedRegex: {Code: "anthropic/strict-unsupported-regex", Severity: provider.SeverityError,
		Trigger: "a pattern using a backreference, lookahead/lookbehind or word boundary (only simple regexes are supported)",
		Compile: "lossy: Drops `pattern`; the constraint is gone from the compiled schema.", DocsURL: docsLimitations, Source: "limitations page: simple regular expressions are supported; backreferences, lookaround and word boundaries are not"},
	ruleEnumNonPrimitive: {Code: "anthropic/strict-enum-non-primitive-value", Severity: provider.SeverityError,
		Trigger: "an enum with an object or array member (complex enum values are not supported)",
		Compile: "lossy: Drops `enum`; the value is no longer restricted to the listed set.", DocsURL: docsLimitations},
	ruleExternalRef: {Code: "anthropic/strict-external-ref", Severity: provider.SeverityError,
		Trigger: "a $ref that does not start with # (external references are not supported)",
		Compile: "not compilable: Refused: SchemaPort does not fetch external documents; inline the referenced schema in the source.", DocsURL: docsLimitations},
	ruleRecursiveSchema: {Code: "anthropic/strict-recursive-schema", Severity: provider.SeverityError,
		Trigger: "a local $ref on a cycle: following it, and the $refs inside what it reaches, leads back to it (recursive schemas are not supported)",
		Compile: "not compilable: Refused: a recursive schema has no finite form; SchemaPort does not unroll it. Bound the recursion in the source schema.", DocsURL: docsLimitations},
	ruleTooManyTools: {Code: "anthropic/strict-too-many-tools", Severity: provider.SeverityError,
		Trigger: "the tool set has more than 20 tools (every tool is sent with strict: true); reported once, on the 21st tool",
		Compile: "not compilable: Refused: SchemaPort will not drop tools to fit a per-request limit. Send fewer tools with strict: true.", DocsURL: docsLimitations, Source: "structured outputs limitations: at most 20 strict tools per request"},
	ruleTooManyOptional: {Code: "anthropic/strict-too-many-optional-parameters", Severity: provider.SeverityError,
		Trigger: "more than 24 optional properties (not in required, at any depth) across the tool set; reported once, on the tool that crosses the limit",
		Compile: "not compilable: Refused: making properties required would change what callers may leave out. Require more properties or send fewer tools.", DocsURL: docsLimitations, Source: "structured outputs limitations: at most 24 optional parameters across the strict schemas of a request"},
	ruleTooManyUnions: {Code: "anthropic/strict-too-many-union-parameters", Severity: provider.SeverityError,
		Trigger: "more than 16 properties with a union type (a type array of two or more, anyOf or oneOf) across the tool set; reported once, on the tool that crosses the limit",
		Compile: "not compilable: Refused: SchemaPort will not narrow a union to fit a per-request limit. Replace some unions or send fewer tools.", DocsURL: docsLimitations, Source: "structured outputs limitations: at most 16 parameters with union types across the strict schemas of a request"},
}

// Per-request limits of strict tool use, from the limitations page
// (docsLimitations, "Schema complexity limits"): a request with more is
// rejected with HTTP 400. They apply to the strict tools of one request,
// which for a checked tool set means all of its tools.
const (
	MaxStrictTools      = 20
	MaxOptionalParams   = 24
	MaxUnionTypedParams = 16
)

// dropRule maps each keyword the strict subset rejects to its row.
func dropRule(kw string) (int, bool) {
	switch kw {
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
		return ruleDropsNumeric, true
	case "minLength", "maxLength":
		return ruleDropsString, true
	case "maxItems", "uniqueItems":
		return ruleDropsArray, true
	}
	return 0, false
}

// The keywords in neither of Anthropic's lists get ruleKeywordUndocumented:
// maxProperties, minProperties, not, oneOf and prefixItems. Unlike the
// default target, `pattern` is not among them: strict tool use documents
// simple regular expressions as supported, and the complex ones as not
// (ruleUnsupportedRegex).
