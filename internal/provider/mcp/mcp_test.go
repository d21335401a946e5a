package mcp

import (
	"strings"
	"testing"

	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
)

// wrap puts a property schema into an otherwise clean tool, at
// inputSchema.properties.p.
func wrap(prop string) string {
	return `{"name":"t","inputSchema":{"type":"object","properties":{"p":` + prop + `}}}`
}

const clean = `{"name":"execute_sql.v2","inputSchema":{"$schema":"http://json-schema.org/draft/2020-12/schema#","type":"object",` +
	`"properties":{"region":{"type":"string","x-mcp-header":"Region"},"n":{"type":"integer","x-mcp-header":"X-N"},` +
	`"a":{"$ref":"#/$defs/A"},"b":{"$ref":"#anchor"},"c":{"$ref":"#"},"d":{"$ref":"#/properties/a%7E"},"e":{"$ref":"#/$defs/A~1B"},` +
	`"a~":{"type":"string"},"f":{"$ref":"#/$defs/T"},"g":{"oneOf":[{"x-y":1}],"not":{"const":1},"additionalProperties":{"minimum":1}}},` +
	`"$defs":{"A":{"$anchor":"anchor","type":"object"},"A/B":{},"T":true}}}`

var triggers = []pt.Trigger{
	pt.Fire(ruleNameLength, `{"name":"","inputSchema":{"type":"object"}}`, "name"),
	pt.Fire(ruleNameLength, `{"name":"`+strings.Repeat("a", 129)+`","inputSchema":{"type":"object"}}`, "name"),
	pt.Fire(ruleNameCharacters, `{"name":"refund/order:v2","inputSchema":{"type":"object"}}`, "name"),
	pt.Fire(ruleMissingType, `{"name":"t","inputSchema":{"properties":{}}}`, "inputSchema.type"),
	pt.Fire(ruleTypeNotLiteral, `{"name":"t","inputSchema":{"type":["object"]}}`, "inputSchema.type"),
	pt.Fire(ruleTypeUnion, `{"name":"t","inputSchema":{"type":["object","null"]}}`, "inputSchema.type"),
	pt.Fire(ruleNotObject, `{"name":"t","inputSchema":{"type":[]}}`, "inputSchema.type"),
	pt.Fire(ruleNotObject, `{"name":"t","inputSchema":{"type":null}}`, "inputSchema.type"),
	pt.Fire(ruleDialect, `{"name":"t","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}}`, "inputSchema.$schema"),
	pt.Fire(ruleExternalRef, wrap(`{"$ref":"other.json"}`), "inputSchema.properties.p.$ref"),
	pt.Fire(ruleUnresolvableRef, wrap(`{"$ref":"#/$defs/none"}`), "inputSchema.properties.p.$ref"),
	pt.Fire(ruleUnresolvableRef, wrap(`{"$ref":"#/required/0"}`), "inputSchema.properties.p.$ref"),
	pt.Fire(ruleUnresolvableRef, wrap(`{"$ref":"#/properties/%zz"}`), "inputSchema.properties.p.$ref"),
	pt.Fire(ruleUnresolvableRef, wrap(`{"$ref":"#nowhere"}`), "inputSchema.properties.p.$ref"),
	pt.Fire(ruleHeaderInvalid, wrap(`{"type":"string","x-mcp-header":"Bad Header"}`), `inputSchema.properties.p["x-mcp-header"]`),
	pt.Fire(ruleHeaderInvalid, wrap(`{"type":"string","x-mcp-header":""}`), `inputSchema.properties.p["x-mcp-header"]`),
	pt.Fire(ruleHeaderDuplicate, `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Region"},"p":{"type":"string","x-mcp-header":"REGION"}}}}`, `inputSchema.properties.p["x-mcp-header"]`),
	pt.Fire(ruleHeaderType, wrap(`{"type":"number","x-mcp-header":"N"}`), `inputSchema.properties.p["x-mcp-header"]`),
	pt.Fire(ruleHeaderType, wrap(`{"x-mcp-header":"N"}`), `inputSchema.properties.p["x-mcp-header"]`),
	pt.Fire(ruleNullableIgnored, wrap(`{"type":"string","nullable":false}`), "inputSchema.properties.p.nullable"),
}

func TestRuleTable(t *testing.T) { pt.CheckRuleTable(t, "mcp/", Rules) }

func TestEveryRuleFires(t *testing.T) { pt.CheckTriggers(t, Rules, triggers, Check) }

func TestCleanToolIsSilent(t *testing.T) { pt.CheckSilent(t, clean, Check) }

func TestPublicCases(t *testing.T) { pt.RunCases(t, "testdata/check-cases.json", ID, Check) }

// The duplicate is the later header in SchemaPort's walk order, where a
// JavaScript object lists array-index keys ("1") before the others.
func TestDuplicateHeaderFollowsJavaScriptKeyOrder(t *testing.T) {
	got := Check(pt.Tool(t, `{"name":"t","inputSchema":{"type":"object","properties":{"b":{"type":"string","x-mcp-header":"A"},"1":{"type":"string","x-mcp-header":"a"}}}}`))
	if len(got) != 1 || got[0].Path != `inputSchema.properties.b["x-mcp-header"]` {
		t.Errorf("want the duplicate at properties.b, got %+v", got)
	}
}

// An invalid header is not also judged for duplication or type.
func TestInvalidHeaderSkipsTheOtherChecks(t *testing.T) {
	got := Check(pt.Tool(t, wrap(`{"type":"number","x-mcp-header":7}`)))
	if len(got) != 1 || got[0].Code != "mcp/x-mcp-header-invalid" {
		t.Errorf("got %+v", got)
	}
}

// TestDialectFixWorks: the dialect message names both fixes, and each
// leaves the tool without an MCP finding.
func TestDialectFixWorks(t *testing.T) {
	before := `{"name":"t","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"a":{"type":"string"}}}}`
	ds := Check(pt.Tool(t, before))
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "Remove `$schema`") || !strings.Contains(ds[0].Message, `"https://json-schema.org/draft/2020-12/schema"`) {
		t.Fatalf("want one dialect finding naming both fixes, got %+v", ds)
	}
	for _, after := range []string{
		`{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string"}}}}`,
		`{"name":"t","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"a":{"type":"string"}}}}`,
	} {
		if ds := Check(pt.Tool(t, after)); len(ds) != 0 {
			t.Errorf("%s: still %+v", after, ds)
		}
	}
}
