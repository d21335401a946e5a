package anthropic

import (
	"strings"
	"testing"

	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
)

// wrap puts a property schema into an otherwise clean tool (one that has no
// properties at the root, so schema-not-enforced stays quiet) under $defs.
func wrap(prop string) string {
	return `{"name":"t","description":"d","inputSchema":{"type":"object","$defs":{"p":` + prop + `}}}`
}

// clean has no root properties: default tool use has nothing to leave unenforced.
const clean = `{"name":"ping","description":"Checks the service is up","inputSchema":{"type":"object",` +
	`"$defs":{"x":{"type":"string","format":"uri","enum":["a",1,null,true],"minItems":1,"additionalProperties":false,"$ref":"#/$defs/y","allOf":[{"const":"a"}]}}}}`

var triggers = []pt.Trigger{
	pt.Fire(ruleInvalidToolName, `{"name":"billing.refund","description":"d","inputSchema":{"type":"object"}}`, "name"),
	pt.Fire(ruleInvalidToolName, `{"name":"`+strings.Repeat("a", 65)+`","description":"d","inputSchema":{"type":"object"}}`, "name"),
	pt.Fire(ruleMissingDescription, `{"name":"t","description":" ","inputSchema":{"type":"object"}}`, "description"),
	pt.Fire(ruleMissingRootType, `{"name":"t","description":"d","inputSchema":{}}`, "inputSchema.type"),
	pt.Fire(ruleRootNotObject, `{"name":"t","description":"d","inputSchema":{"type":["object","null"]}}`, "inputSchema.type"),
	pt.Fire(ruleSchemaNotEnforced, `{"name":"t","description":"d","inputSchema":{"type":"object","required":["a"]}}`, "inputSchema"),
	pt.Fire(ruleConstraintNotEnforced, wrap(`{"type":"array","uniqueItems":false}`), "inputSchema.$defs.p.uniqueItems"),
	pt.Fire(ruleConstraintNotEnforced, wrap(`{"type":"array","minItems":2}`), "inputSchema.$defs.p.minItems"),
	pt.Fire(ruleConstraintNotEnforced, wrap(`{"type":"object","additionalProperties":null}`), "inputSchema.$defs.p.additionalProperties"),
	pt.Fire(ruleKeywordNotDocumented, wrap(`{"type":"object","minProperties":1}`), "inputSchema.$defs.p.minProperties"),
	pt.Fire(ruleEnumNonPrimitive, wrap(`{"enum":["a",[1]]}`), "inputSchema.$defs.p.enum"),
	pt.Fire(ruleUndocumentedFormat, wrap(`{"type":"string","format":"iri"}`), "inputSchema.$defs.p.format"),
	pt.Fire(ruleExternalRef, wrap(`{"$ref":"other.json#/x"}`), "inputSchema.$defs.p.$ref"),
}

func TestRuleTable(t *testing.T) { pt.CheckRuleTable(t, "anthropic/", Rules) }

func TestEveryRuleFires(t *testing.T) { pt.CheckTriggers(t, Rules, triggers, Check) }

func TestCleanToolIsSilent(t *testing.T) { pt.CheckSilent(t, clean, Check) }

func TestPublicCases(t *testing.T) { pt.RunCases(t, "testdata/check-cases.json", ID, Check) }

// minItems 0 and 1 (in any spelling of those numbers) are supported.
func TestMinItemsZeroOrOneIsSilent(t *testing.T) {
	for _, v := range []string{"0", "1", "1.0", "0e3", "-0"} {
		pt.CheckSilent(t, wrap(`{"type":"array","minItems":`+v+`}`), Check)
	}
}

// additionalProperties: true constrains nothing, so nothing is left
// unenforced (issue #24); a typed map is.
func TestOpenObjectIsNotAnUnenforcedConstraint(t *testing.T) {
	for prop, want := range map[string]bool{
		`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":true}`:              false,
		`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"string"}}`: true,
	} {
		got := false
		for _, d := range Check(pt.Tool(t, wrap(prop))) {
			if d.Code == "anthropic/constraint-not-enforced" {
				got = true
			}
		}
		if got != want {
			t.Errorf("%s: constraint-not-enforced %v, want %v", prop, got, want)
		}
	}
}
