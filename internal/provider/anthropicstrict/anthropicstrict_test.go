package anthropicstrict

import (
	"strconv"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/provider"
	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// wrap puts a schema under $defs of an otherwise clean tool.
func wrap(prop string) string {
	return `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{},"additionalProperties":false,"$defs":{"p":` + prop + `}}}`
}

const clean = `{"name":"create_ticket","description":"Creates a ticket","inputSchema":{"type":"object",` +
	`"properties":{"title":{"type":"string","pattern":"^[a-z\\b]+(x|y)?$","format":"uri","default":"a"},` +
	`"tags":{"type":"array","items":{"type":"string","enum":["a",1,null]},"minItems":1},"n":{"type":["integer","null"],"contentEncoding":"x"}},` +
	`"required":["title","tags","n"],"additionalProperties":false}}`

var triggers = []pt.Trigger{
	pt.Fire(ruleInvalidToolName, `{"name":"a b","description":"d","inputSchema":{"type":"object"}}`, "name"),
	pt.Fire(ruleMissingDescription, `{"name":"t","inputSchema":{"type":"object"}}`, "description"),
	pt.Fire(ruleMissingRootType, `{"name":"t","description":"d","inputSchema":{"properties":{}}}`, "inputSchema.type"),
	pt.Fire(ruleRootNotObject, `{"name":"t","description":"d","inputSchema":{"type":"string"}}`, "inputSchema.type"),
	pt.Fire(ruleDropsNumeric, wrap(`{"type":"number","exclusiveMinimum":0}`), "inputSchema.$defs.p.exclusiveMinimum"),
	pt.Fire(ruleDropsString, wrap(`{"type":"string","minLength":1}`), "inputSchema.$defs.p.minLength"),
	pt.Fire(ruleDropsArray, wrap(`{"type":"array","minItems":2}`), "inputSchema.$defs.p.minItems"),
	pt.Fire(ruleDropsArray, wrap(`{"type":"array","uniqueItems":false}`), "inputSchema.$defs.p.uniqueItems"),
	pt.Fire(ruleMissingAdditionalProperties, wrap(`{"type":"object","properties":{"a":{"type":"string"}}}`), "inputSchema.$defs.p.additionalProperties"),
	pt.Fire(ruleMissingAdditionalProperties, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"a":{"type":"string"}}}}`, "inputSchema.additionalProperties"),
	pt.Fire(ruleMissingAdditionalPropertiesEmpty, wrap(`{"type":"object"}`), "inputSchema.$defs.p.additionalProperties"),
	pt.Fire(ruleMissingAdditionalPropertiesRoot, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{}}}`, "inputSchema.additionalProperties"),
	pt.Fire(ruleAdditionalPropertiesTrue, wrap(`{"type":"object","properties":{"a":{}},"additionalProperties":true}`), "inputSchema.$defs.p.additionalProperties"),
	pt.Fire(ruleAdditionalPropertiesTrueEmpty, wrap(`{"type":"object","additionalProperties":true}`), "inputSchema.$defs.p.additionalProperties"),
	pt.Fire(ruleClosedOpenObject, wrap(`{"type":"object","properties":{"a":{}},"additionalProperties":true}`), "inputSchema.$defs.p.additionalProperties"),
	pt.Fire(ruleAdditionalPropertiesSchema, wrap(`{"type":"object","additionalProperties":{"type":"string"}}`), "inputSchema.$defs.p.additionalProperties"),
	pt.Fire(ruleKeywordUndocumented, wrap(`{"oneOf":[{"type":"string"}]}`), "inputSchema.$defs.p.oneOf"),
	pt.Fire(ruleUnsupportedFormat, wrap(`{"type":"string","format":"iri"}`), "inputSchema.$defs.p.format"),
	pt.Fire(ruleUnsupportedRegex, wrap(`{"type":"string","pattern":"(a)\\1"}`), "inputSchema.$defs.p.pattern"),
	pt.Fire(ruleUnsupportedRegex, wrap(`{"type":"string","pattern":"^(?!x)"}`), "inputSchema.$defs.p.pattern"),
	pt.Fire(ruleEnumNonPrimitive, wrap(`{"enum":[{"a":1}]}`), "inputSchema.$defs.p.enum"),
	pt.Fire(ruleExternalRef, wrap(`{"$ref":"https://example.com/s.json"}`), "inputSchema.$defs.p.$ref"),
	pt.Fire(ruleRecursiveSchema, wrap(`{"type":"array","items":{"$ref":"#/$defs/p"}}`), "inputSchema.$defs.p.items.$ref"),
	pt.Fire(ruleRecursiveSchema, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"next":{"$ref":"#"}},"required":["next"],"additionalProperties":false}}`, "inputSchema.properties.next.$ref"),
	pt.Fire(ruleTooManyTools, wrap(`{"type":"string"}`), "name"),
	pt.Fire(ruleTooManyOptional, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}}`, "inputSchema"),
	pt.Fire(ruleTooManyUnions, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"a":{"type":["string","null"]}},"required":["a"],"additionalProperties":false}}`, "inputSchema"),
}

// atTheLimits checks t as the next tool of a set already at every
// per-request limit, so that the set rules can fire on one tool.
func atTheLimits(t *tool.Tool) []provider.Diagnostic {
	b := Budget{tools: MaxStrictTools, optional: MaxOptionalParams, unions: MaxUnionTypedParams}
	ds := append(Check(t), b.Add(t)...)
	provider.SortDiagnostics(ds)
	return ds
}

func TestRuleTable(t *testing.T) { pt.CheckRuleTable(t, "anthropic/", Rules) }

func TestEveryRuleFires(t *testing.T) { pt.CheckTriggers(t, Rules, triggers, atTheLimits) }

// A budget finding goes to the tool whose counts take the set over a
// limit, once; tools before it and after it get none.
func TestBudgetReportsOnceOnTheCrossingTool(t *testing.T) {
	optional := pt.Tool(t, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":["string","null"]},"c":{"anyOf":[{"type":"string"},{"type":"integer"}]},"d":{"type":"object","properties":{"e":{"type":"string"}},"additionalProperties":false}},"required":["d"],"additionalProperties":false}}`)
	if o, u := Parameters(optional.InputSchema()); o != 4 || u != 2 {
		t.Fatalf("Parameters = %d optional, %d unions; want 4, 2", o, u)
	}
	var b Budget
	var fired []string
	for i := 0; i < 25; i++ {
		for _, d := range b.Add(optional) {
			fired = append(fired, strconv.Itoa(i+1)+" "+d.Code+" "+d.Message)
		}
	}
	want := []string{
		"7 anthropic/strict-too-many-optional-parameters With this tool's 4 optional properties the set has 28; strict tool use accepts at most 24 across the strict tools of a request (HTTP 400 beyond). Require more properties or send fewer tools with strict.",
		"9 anthropic/strict-too-many-union-parameters With this tool's 2 union-typed properties the set has 18; strict tool use accepts at most 16 across the strict tools of a request (HTTP 400 beyond). Replace some unions or send fewer tools with strict.",
		"21 anthropic/strict-too-many-tools This is tool 21 of the set; strict tool use accepts at most 20 strict tools per request (HTTP 400 beyond). Send the rest without strict, or split the set across requests.",
	}
	if strings.Join(fired, "\n") != strings.Join(want, "\n") {
		t.Errorf("fired:\n%s\nwant:\n%s", strings.Join(fired, "\n"), strings.Join(want, "\n"))
	}
}

// Strict tool use accepts optional properties and non-recursive $refs:
// neither gets a finding of its own.
func TestOptionalPropertiesAndPlainRefsAreSilent(t *testing.T) {
	tl := pt.Tool(t, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"b":{"type":"string"}},"additionalProperties":false,"$defs":{"A":{"type":"string"}}}}`)
	if ds := Check(tl); len(ds) != 0 {
		t.Errorf("want no findings, got %+v", ds)
	}
}

func TestCleanToolIsSilent(t *testing.T) { pt.CheckSilent(t, clean, Check) }

func TestPublicCases(t *testing.T) { pt.RunCases(t, "testdata/check-cases.json", ID, Check) }

func TestUnsupportedRegexFeature(t *testing.T) {
	for pattern, want := range map[string]string{
		`^[a-z]+$`:     "",
		`[\b\1(?=]`:    "",
		`a\\b`:         "",
		`\d{2,4}`:      "",
		`(a)\1`:        `backreference (\1)`,
		`(?<n>a)\k<n>`: `named backreference (\k<...>)`,
		`\bword`:       `word boundary (\b)`,
		`x\B`:          `word boundary (\B)`,
		`a(?=b)`:       "lookahead ((?=...)",
		`a(?!b)`:       "lookahead ((?!...)",
		`(?<=a)b`:      "lookbehind ((?<=...)",
		`(?<!a)b`:      "lookbehind ((?<!...)",
		`(?<name>a)b`:  "",
		`trailing\`:    "",
	} {
		if got := unsupportedRegexFeature(pattern); got != want {
			t.Errorf("%q: got %q, want %q", pattern, got, want)
		}
	}
}

// A $ref is recursive when following it, and the references inside what
// it reaches, leads back to it: directly (a definition naming itself) or
// through other definitions. A reference into a recursive definition from
// outside it is not itself recursive, and non-recursive chains are silent.
func TestRecursiveSchemas(t *testing.T) {
	for _, c := range []struct {
		name, defs, props string
		want              []string
	}{
		{"direct", `"A":{"type":"array","items":{"$ref":"#/$defs/A"}}`, `"a":{"$ref":"#/$defs/A"}`,
			[]string{"inputSchema.$defs.A.items.$ref"}},
		{"indirect", `"A":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"}}},"B":{"anyOf":[{"type":"null"},{"$ref":"#/$defs/A"}]}`, `"a":{"$ref":"#/$defs/A"}`,
			[]string{"inputSchema.$defs.A.properties.b.$ref", "inputSchema.$defs.B.anyOf[1].$ref"}},
		{"through a pointer into a definition", `"A":{"type":"object","properties":{"x":{"type":"array","items":{"$ref":"#/$defs/A/properties/x"}}}}`, `"a":{"$ref":"#/$defs/A"}`,
			[]string{"inputSchema.$defs.A.properties.x.items.$ref"}},
		{"chain", `"A":{"$ref":"#/$defs/B"},"B":{"$ref":"#/$defs/C"},"C":{"type":"string"}`, `"a":{"$ref":"#/$defs/A"},"c":{"$ref":"#/$defs/C"}`, nil},
		{"shared definition", `"C":{"type":"string"},"P":{"type":"object","properties":{"x":{"$ref":"#/$defs/C"},"y":{"$ref":"#/$defs/C"}}}`, `"p":{"$ref":"#/$defs/P"},"q":{"$ref":"#/$defs/P"}`, nil},
		{"dangling and external", `"A":{"type":"string"}`, `"a":{"$ref":"#/$defs/Missing"},"b":{"$ref":"https://example.com/a.json"},"c":{"$ref":"#anchor"}`, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			tl := pt.Tool(t, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{`+c.props+`},"$defs":{`+c.defs+`}}}`)
			var got []string
			for _, d := range Check(tl) {
				if d.Code == Rules[ruleRecursiveSchema].Code {
					got = append(got, d.Path)
				}
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("recursive refs at\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// Crosses, over a tool's counts, says exactly when Add, over the tool,
// returns findings, and counts as Add does.
func TestCrossesAgreesWithAdd(t *testing.T) {
	tools := []*tool.Tool{
		pt.Tool(t, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":["string","null"]},"c":{"anyOf":[{"type":"string"},{"type":"integer"}]}},"additionalProperties":false}}`),
		pt.Tool(t, `{"name":"u","description":"d","inputSchema":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}}`),
		pt.Tool(t, `{"name":"v","description":"d","inputSchema":{"type":"object","properties":{"a":{"type":["string","integer"]}},"additionalProperties":false}}`),
	}
	var byAdd, byCounts Budget
	findings := 0
	for i := 0; i < 40; i++ {
		tl := tools[(i*i)%len(tools)]
		before := byCounts
		o, u := Parameters(tl.InputSchema())
		crosses := byCounts.Crosses(o, u)
		ds := byAdd.Add(tl)
		if crosses != (len(ds) > 0) || byCounts != byAdd {
			t.Fatalf("tool %d: Crosses = %v, Add gave %d findings; budgets %+v and %+v", i, crosses, len(ds), byCounts, byAdd)
		}
		if crosses {
			findings += len(ds)
			if again := before.Add(tl); len(again) != len(ds) {
				t.Fatalf("tool %d: Add on the budget before Crosses gave %d findings, want %d", i, len(again), len(ds))
			}
		}
	}
	if findings != 3 {
		t.Fatalf("%d findings, want one per limit", findings)
	}
}
