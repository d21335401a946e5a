// Package anthropic checks tools against Anthropic's Messages API tool use
// in its default (non-strict) form, where input_schema is accepted verbatim
// but not enforced. The strict form is the anthropicstrict target; the
// facts both share are exported from here.
package anthropic

import "github.com/schemaport/schemaport-action/internal/provider"

// Target identity.
const (
	ID   = "anthropic"
	Name = "Anthropic"
)

// RulesReviewedAt is when these rules were last compared with Anthropic's
// documentation (the date SchemaPort's review, which they follow, records).
const RulesReviewedAt = "2026-08-20"

// Documentation the rules cite.
const (
	DocsDefineTools           = "https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools"
	DocsStrictToolUse         = "https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use"
	DocsJSONSchemaLimitations = "https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations"
	DocsMessagesAPI           = "https://platform.claude.com/docs/en/api/messages"
)

// Rows of Rules.
const (
	ruleInvalidToolName = iota
	ruleMissingDescription
	ruleMissingRootType
	ruleRootNotObject
	ruleSchemaNotEnforced
	ruleConstraintNotEnforced
	ruleKeywordNotDocumented
	ruleEnumNonPrimitive
	ruleUndocumentedFormat
	ruleExternalRef
)

// Rules is every diagnostic this target can report. Compile reads
// "<ability>: <detail>", %s standing for the keyword or property.
var Rules = []provider.Rule{
	ruleInvalidToolName: {Code: "anthropic/invalid-tool-name", Severity: provider.SeverityError,
		Trigger: "name does not match ^[a-zA-Z0-9_-]{1,64}$",
		Compile: "not compilable: Refused: renaming a tool would change the identity your code dispatches on. Rename it in the source schema.", DocsURL: DocsDefineTools},
	ruleMissingDescription: {Code: "anthropic/missing-tool-description", Severity: provider.SeverityInfo,
		Trigger: "description absent or blank after trimming",
		Compile: "compilable: Omits the `description` field, which the Messages API treats as optional.", DocsURL: DocsDefineTools},
	ruleMissingRootType: {Code: "anthropic/missing-input-schema-type", Severity: provider.SeverityError,
		Trigger: "the root declares no type",
		Compile: "compilable: Adds `\"type\": \"object\"` to the compiled `input_schema`.", DocsURL: DocsMessagesAPI},
	ruleRootNotObject: {Code: "anthropic/input-schema-not-object", Severity: provider.SeverityError,
		Trigger: "the root's types are not exactly [\"object\"]",
		Compile: "not compilable: Refused: rewriting the root type would change what arguments the tool takes.", DocsURL: DocsMessagesAPI},
	ruleSchemaNotEnforced: {Code: "anthropic/schema-not-enforced", Severity: provider.SeverityWarning,
		Trigger: "the root declares properties or required (default tool use does not validate inputs)",
		Compile: "compilable: Emits the default (non-strict) tool definition, preserving the schema verbatim.", DocsURL: DocsStrictToolUse},
	ruleConstraintNotEnforced: {Code: "anthropic/constraint-not-enforced", Severity: provider.SeverityWarning,
		Trigger: "minimum, maximum, exclusive*, multipleOf, minLength, maxLength, maxItems, uniqueItems; minItems other than 0/1; additionalProperties that is a schema (true constrains nothing)",
		Compile: "compilable: Preserved verbatim in `input_schema`.", DocsURL: DocsJSONSchemaLimitations},
	ruleKeywordNotDocumented: {Code: "anthropic/keyword-not-documented", Severity: provider.SeverityWarning,
		Trigger: "maxProperties, minProperties, not, oneOf or prefixItems",
		Compile: "compilable: Preserved verbatim in `input_schema`.", DocsURL: DocsJSONSchemaLimitations},
	ruleEnumNonPrimitive: {Code: "anthropic/enum-non-primitive-value", Severity: provider.SeverityWarning,
		Trigger: "an enum with an object or array member",
		Compile: "compilable: Preserved verbatim in `input_schema`.", DocsURL: DocsJSONSchemaLimitations},
	ruleUndocumentedFormat: {Code: "anthropic/undocumented-string-format", Severity: provider.SeverityWarning,
		Trigger: "a string format outside date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid",
		Compile: "compilable: Preserved verbatim in `input_schema`.", DocsURL: DocsJSONSchemaLimitations},
	ruleExternalRef: {Code: "anthropic/external-ref", Severity: provider.SeverityWarning,
		Trigger: "a $ref that does not start with #",
		Compile: "compilable: Preserved verbatim in `input_schema`; SchemaPort does not fetch external documents.", DocsURL: DocsJSONSchemaLimitations},
}

// IsNeverEnforced reports the keywords Anthropic lists as not supported:
// ignored in default tool use, rejected (HTTP 400) under strict: true.
func IsNeverEnforced(kw string) bool {
	switch kw {
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
		"minLength", "maxLength", "maxItems", "uniqueItems":
		return true
	}
	return false
}

// IsUndocumented reports the keywords in neither of Anthropic's lists.
// `pattern` is not among them (SchemaPort listed it): the limitations page
// (DocsJSONSchemaLimitations) lists "Regular expression patterns: simple
// regular expressions" as supported, and names the complex constructs
// (backreferences, lookaround, word boundaries) that are not.
func IsUndocumented(kw string) bool {
	switch kw {
	case "maxProperties", "minProperties", "not", "oneOf", "prefixItems":
		return true
	}
	return false
}

// documentedFormatTable is DocumentedFormats for the format rule, which
// looks up every format of every subschema.
var documentedFormatTable = provider.NewKeywordTable(DocumentedFormats)

// DocumentedFormats are the string formats Anthropic lists as supported.
var DocumentedFormats = map[string]bool{
	"date-time": true, "time": true, "date": true, "duration": true, "email": true,
	"hostname": true, "uri": true, "ipv4": true, "ipv6": true, "uuid": true,
}
