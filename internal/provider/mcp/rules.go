// Package mcp checks tools against the Model Context Protocol's Tool
// definition (spec revision 2026-07-28), which takes any JSON Schema
// 2020-12: only the root type, names, references, the dialect and the
// x-mcp-header extension have rules.
package mcp

import "github.com/schemaport/schemaport-action/internal/provider"

// Target identity.
const (
	ID   = "mcp"
	Name = "MCP"
)

// RulesReviewedAt is when these rules were last compared with the MCP
// specification (the date SchemaPort's review, which they follow, records).
const RulesReviewedAt = "2026-08-20"

const specBase = "https://modelcontextprotocol.io/specification/2026-07-28"

// Documentation the rules cite.
const (
	docsTools           = specBase + "/server/tools"
	docsToolNames       = specBase + "/server/tools#tool-names"
	docsXMcpHeader      = specBase + "/server/tools#x-mcp-header"
	docsJSONSchemaUsage = specBase + "/basic#json-schema-usage"
	docsRefResolution   = specBase + "/basic#ref-resolution"
)

// Rows of Rules.
const (
	ruleNameLength = iota
	ruleNameCharacters
	ruleMissingType
	ruleTypeNotLiteral
	ruleTypeUnion
	ruleNotObject
	ruleDialect
	ruleExternalRef
	ruleUnresolvableRef
	ruleHeaderInvalid
	ruleHeaderDuplicate
	ruleHeaderType
	ruleNullableIgnored
)

// Rules is every diagnostic this target can report. Compile reads
// "<ability>: <detail>".
var Rules = []provider.Rule{
	ruleNameLength: {Code: "mcp/tool-name-length", Severity: provider.SeverityWarning,
		Trigger: "name shorter than 1 or longer than 128 characters (a SHOULD)",
		Compile: "not compilable: The tool name is emitted unchanged; renaming a tool changes its identity.", DocsURL: docsToolNames},
	ruleNameCharacters: {Code: "mcp/tool-name-characters", Severity: provider.SeverityWarning,
		Trigger: "a non-empty name with characters outside A-Z a-z 0-9 _ . - (a SHOULD)",
		Compile: "not compilable: The tool name is emitted unchanged; renaming a tool changes its identity.", DocsURL: docsToolNames},
	ruleMissingType: {Code: "mcp/input-schema-missing-type", Severity: provider.SeverityError,
		Trigger: "the root has no type",
		Compile: "compilable: Emits `\"type\": \"object\"` at the root of `inputSchema`.", DocsURL: docsTools},
	ruleTypeNotLiteral: {Code: "mcp/input-schema-type-not-literal-object", Severity: provider.SeverityError,
		Trigger: "the root type is an array whose only string is \"object\"",
		Compile: "compilable: Emits `\"type\": \"object\"` as a string instead of a single-element array.", DocsURL: docsTools},
	ruleTypeUnion: {Code: "mcp/input-schema-type-union", Severity: provider.SeverityWarning,
		Trigger: "the root type is an array with \"object\" and other types",
		Compile: "compilable: Emits `\"type\": \"object\"`, dropping the other root types from the union.", DocsURL: docsTools},
	ruleNotObject: {Code: "mcp/input-schema-not-object", Severity: provider.SeverityError,
		Trigger: "the root type does not include \"object\"",
		Compile: "not compilable: Refused: rewriting a non-object root schema would change what the tool accepts.", DocsURL: docsTools},
	// The 2025-11-25 spec (JSON Schema Usage, SEP-1613): 2020-12 without
	// `$schema`; clients and servers "MUST support JSON Schema 2020-12" and
	// must answer an unsupported dialect with an error. Clients that
	// validate only 2020-12 fail such tools: "JSON Schema declares an
	// unsupported dialect ("$schema": "http://json-schema.org/draft-07/schema#").
	// The default validator supports JSON Schema 2020-12 only"
	// (@modelcontextprotocol/sdk's AjvJsonSchemaValidator in Claude Code,
	// nataliapc/mcp-openmsx#22).
	// A warning: draft-07 is allowed, and most clients take it.
	ruleDialect: {Code: "mcp/non-default-schema-dialect", Severity: provider.SeverityWarning,
		Trigger: "a root $schema other than JSON Schema 2020-12",
		Compile: "not compilable: `$schema` is emitted unchanged; SchemaPort does not translate dialects.", DocsURL: docsJSONSchemaUsage},
	ruleExternalRef: {Code: "mcp/external-ref", Severity: provider.SeverityWarning,
		Trigger: "a $ref that does not start with #",
		Compile: "not compilable: `$ref` is emitted unchanged; SchemaPort does not resolve references.", DocsURL: docsRefResolution},
	ruleUnresolvableRef: {Code: "mcp/unresolvable-ref", Severity: provider.SeverityWarning,
		Trigger: "a local $ref that resolves to no schema inside inputSchema",
		Compile: "not compilable: `$ref` is emitted unchanged; SchemaPort does not resolve references.", DocsURL: docsRefResolution},
	ruleHeaderInvalid: {Code: "mcp/x-mcp-header-invalid", Severity: provider.SeverityError,
		Trigger: "x-mcp-header that is not a non-empty HTTP token",
		Compile: "not compilable: Refused: removing `x-mcp-header` would silently drop header routing the author asked for.", DocsURL: docsXMcpHeader},
	ruleHeaderDuplicate: {Code: "mcp/x-mcp-header-duplicate", Severity: provider.SeverityError,
		Trigger: "x-mcp-header equal (ignoring case) to an earlier one",
		Compile: "not compilable: Refused: SchemaPort cannot choose which `x-mcp-header` value to drop.", DocsURL: docsXMcpHeader},
	ruleHeaderType: {Code: "mcp/x-mcp-header-unsupported-type", Severity: provider.SeverityError,
		Trigger: "x-mcp-header on a schema whose type is not exactly integer, string or boolean",
		Compile: "not compilable: Refused: SchemaPort will not change a property's type to make `x-mcp-header` valid.", DocsURL: docsXMcpHeader},
	ruleNullableIgnored: {Code: "mcp/nullable-keyword-ignored", Severity: provider.SeverityInfo,
		Trigger: "nullable present (an OpenAPI keyword JSON Schema ignores)",
		Compile: "not compilable: `nullable` is emitted unchanged, alongside the rest of the schema.", DocsURL: docsJSONSchemaUsage},
}

var dialects2020 = map[string]bool{
	"https://json-schema.org/draft/2020-12/schema":  true,
	"https://json-schema.org/draft/2020-12/schema#": true,
	"http://json-schema.org/draft/2020-12/schema":   true,
	"http://json-schema.org/draft/2020-12/schema#":  true,
}
