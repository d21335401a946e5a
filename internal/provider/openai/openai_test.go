package openai

import (
	"fmt"
	"strings"
	"testing"

	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
)

// wrap puts a property schema into an otherwise clean tool, at
// inputSchema.properties.p.
func wrap(prop string) string {
	return `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":` + prop +
		`},"required":["p"],"additionalProperties":false}}`
}

// nested builds a chain of objects depth levels deep (the root is level 1).
func nested(depth int) string {
	s := `{"type":"string"}`
	for i := 1; i < depth; i++ {
		s = `{"type":"object","properties":{"n":` + s + `},"required":["n"],"additionalProperties":false}`
	}
	return `{"name":"t","description":"d","inputSchema":` + s + `}`
}

func manyProperties(n int) string {
	var props, req strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			props.WriteByte(',')
			req.WriteByte(',')
		}
		fmt.Fprintf(&props, `"p%d":{"type":"string"}`, i)
		fmt.Fprintf(&req, `"p%d"`, i)
	}
	return `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{` + props.String() +
		`},"required":[` + req.String() + `],"additionalProperties":false}}`
}

// enumTool has one enum of n values, each width characters long.
func enumTool(n, width int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		v := fmt.Sprintf("v%d", i)
		v += strings.Repeat("x", max(0, width-len(v)))
		b.WriteString(`"` + v + `"`)
	}
	return wrap(`{"type":"string","enum":[` + b.String() + `]}`)
}

const clean = `{"name":"close_ticket","description":"Closes a ticket","inputSchema":{"type":"object",` +
	`"properties":{"ticketId":{"type":"string","format":"uuid","pattern":"^t","description":"id"},` +
	`"n":{"type":"integer","minimum":1,"maximum":9,"multipleOf":1},"tags":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":3},` +
	`"mode":{"anyOf":[{"type":"string","enum":["a","b"]},{"type":"null"}]},"ref":{"$ref":"#/$defs/R"}},` +
	`"required":["ticketId","n","tags","mode","ref"],"additionalProperties":false,` +
	`"$defs":{"R":{"type":"object","properties":{},"additionalProperties":false}}}}`

var triggers = []pt.Trigger{
	pt.Fire(ruleNameCharacters, `{"name":"a.b","description":"d","inputSchema":{"type":"object","additionalProperties":false}}`, "name"),
	pt.Fire(ruleNameCharacters, `{"name":"","description":"d","inputSchema":{"type":"object","additionalProperties":false}}`, "name"),
	pt.Fire(ruleNameTooLong, `{"name":"`+strings.Repeat("a", 65)+`","description":"d","inputSchema":{"type":"object","additionalProperties":false}}`, "name"),
	pt.Fire(ruleMissingDescription, `{"name":"t","description":"  \n","inputSchema":{"type":"object","additionalProperties":false}}`, "description"),
	pt.Fire(ruleMissingDescription, `{"name":"t","inputSchema":{"type":"object","additionalProperties":false}}`, "description"),
	pt.Fire(ruleRootNotObject, `{"name":"t","description":"d","inputSchema":{"type":["object","null"],"additionalProperties":false}}`, "inputSchema"),
	pt.Fire(ruleRootAnyOf, `{"name":"t","description":"d","inputSchema":{"type":"object","anyOf":[],"additionalProperties":false}}`, "inputSchema.anyOf"),
	pt.Fire(ruleAnnotationDropped, wrap(`{"type":"string","title":"T"}`), "inputSchema.properties.p.title"),
	pt.Fire(ruleAnnotationDropped, wrap(`{"type":"string","nullable":false}`), "inputSchema.properties.p.nullable"),
	pt.Fire(ruleUnsupportedKeyword, wrap(`{"type":"string","not":{"const":"x"}}`), "inputSchema.properties.p.not"),
	pt.Fire(ruleUndocumentedConstraint, wrap(`{"type":"array","uniqueItems":true}`), "inputSchema.properties.p.uniqueItems"),
	pt.Fire(ruleUnknownKeyword, wrap(`{"type":"string","contentEncoding":"base64"}`), "inputSchema.properties.p.contentEncoding"),
	pt.Fire(ruleUnknownKeyword, wrap(`{"type":"string","x-a b":1}`), `inputSchema.properties.p["x-a b"]`),
	pt.Fire(ruleConstToEnum, wrap(`{"const":3}`), "inputSchema.properties.p.const"),
	pt.Fire(ruleOneOfToAnyOf, wrap(`{"oneOf":[{"type":"string"},{"type":"integer"}]}`), "inputSchema.properties.p.oneOf"),
	pt.Fire(ruleConflictingDefinitions, wrap(`{"type":"string","$defs":{},"definitions":{}}`), "inputSchema.properties.p.definitions"),
	pt.Fire(ruleLegacyDefinitions, wrap(`{"type":"string","definitions":{}}`), "inputSchema.properties.p.definitions"),
	pt.Fire(ruleNullableConverted, wrap(`{"type":"string","nullable":true}`), "inputSchema.properties.p.nullable"),
	pt.Fire(ruleDefaultDropped, wrap(`{"type":"string","default":"x"}`), "inputSchema.properties.p.default"),
	pt.Fire(ruleUnsupportedFormat, wrap(`{"type":"string","format":"uri"}`), "inputSchema.properties.p.format"),
	pt.Fire(ruleMissingAdditionalProperties, wrap(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`), "inputSchema.properties.p.additionalProperties"),
	pt.Fire(ruleMissingAdditionalPropertiesEmpty, wrap(`{"required":[]}`), "inputSchema.properties.p.additionalProperties"),
	pt.Fire(ruleMissingAdditionalPropertiesRoot, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{}}}`, "inputSchema.additionalProperties"),
	pt.Fire(ruleStringLength, wrap(`{"type":"string","minLength":1}`), "inputSchema.properties.p.minLength"),
	pt.Fire(ruleStringLength, wrap(`{"type":"string","maxLength":9}`), "inputSchema.properties.p.maxLength"),
	pt.Fire(ruleAdditionalPropertiesTrue, wrap(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":true}`), "inputSchema.properties.p.additionalProperties"),
	pt.Fire(ruleExtraPropertiesRejected, wrap(`{"type":"object","additionalProperties":true}`), "inputSchema.properties.p.additionalProperties"),
	pt.Fire(ruleAdditionalPropertiesSchema, wrap(`{"type":"object","additionalProperties":{"type":"integer"}}`), "inputSchema.properties.p.additionalProperties"),
	pt.Fire(ruleOptionalProperty, wrap(`{"type":"object","properties":{"q":{"type":"string"}},"additionalProperties":false}`), "inputSchema.properties.p.properties.q"),
	pt.Fire(ruleNullableInsteadOfOmitted, wrap(`{"type":"object","properties":{"q":{"type":"string"}},"required":"q","additionalProperties":false}`), "inputSchema.properties.p.properties.q"),
	pt.Fire(ruleTooManyProperties, manyProperties(5001), "inputSchema"),
	pt.Fire(rulePropertiesNearLimit, manyProperties(4501), "inputSchema"),
	pt.Fire(ruleTooDeep, nested(11), "inputSchema"),
	pt.Fire(ruleNestingNearLimit, nested(9), "inputSchema"),
	pt.Fire(ruleNestingNearLimit, nested(10), "inputSchema"),
	pt.Fire(ruleTooManyEnumValues, enumTool(1001, 1), "inputSchema"),
	pt.Fire(ruleEnumValuesNearLimit, enumTool(901, 1), "inputSchema"),
	pt.Fire(ruleLargeEnumTooLong, enumTool(251, 60), "inputSchema.properties.p.enum"),
	pt.Fire(ruleTooLarge, enumTool(600, 201), "inputSchema"),
	pt.Fire(ruleSizeNearLimit, enumTool(600, 181), "inputSchema"),
	pt.Fire(ruleTrueSubschema, wrap(`{"type":"array","items":true}`), "inputSchema.properties.p.items"),
	pt.Fire(ruleFalseSubschema, wrap(`{"anyOf":[{"type":"string"},false]}`), "inputSchema.properties.p.anyOf[1]"),
	pt.Fire(ruleFalseSubschemaDropped, wrap(`{"not":{"anyOf":[false]}}`), "inputSchema.properties.p.not.anyOf[0]"),
	pt.Fire(ruleNonSchemaSubschema, wrap(`{"type":"array","items":null}`), "inputSchema.properties.p.items"),
	pt.Fire(ruleNonSchemaSubschemaDropped, wrap(`{"type":"array","prefixItems":[7]}`), "inputSchema.properties.p.prefixItems[0]"),
	pt.Fire(ruleMissingAdditionalPropertiesEmpty, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":{"type":"object"}},"required":["p"],"additionalProperties":false}}`, "inputSchema.properties.p.additionalProperties"),
	pt.Fire(ruleAdditionalPropertiesTrueEmpty, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":{"type":"object","additionalProperties":true}},"required":["p"],"additionalProperties":false}}`, "inputSchema.properties.p.additionalProperties"),
	pt.Fire(ruleMissingType, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":{"type":"array","items":{}}},"required":["p"],"additionalProperties":false}}`, "inputSchema.properties.p.items"),
	pt.Fire(ruleMissingType, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":{"description":"anything"}},"required":["p"],"additionalProperties":false}}`, "inputSchema.properties.p"),
}

func TestRuleTable(t *testing.T) { pt.CheckRuleTable(t, "openai/", Rules) }

func TestEveryRuleFires(t *testing.T) { pt.CheckTriggers(t, Rules, triggers, Check) }

func TestCleanToolIsSilent(t *testing.T) { pt.CheckSilent(t, clean, Check) }

func TestPublicCases(t *testing.T) { pt.RunCases(t, "testdata/check-cases.json", ID, Check) }

// The nesting limit is 10 levels: 8 is silent, 9 and 10 warn, 11 is an error.
func TestNestingLimitIsTen(t *testing.T) {
	for depth, want := range map[int]string{8: "", 9: "openai/schema-nesting-near-limit", 10: "openai/schema-nesting-near-limit", 11: "openai/schema-too-deep", 14: "openai/schema-too-deep"} {
		got := Check(pt.Tool(t, nested(depth)))
		codes := ""
		for _, d := range got {
			codes += d.Code
		}
		if codes != want {
			t.Errorf("depth %d: got %q, want %q", depth, codes, want)
		}
	}
}

// The near-limit warning says how much room is left: at 9 levels one more
// level is still accepted, at 10 it is not.
func TestNestingNearLimitMessage(t *testing.T) {
	for depth, want := range map[int]string{9: "1 more level is accepted", 10: "at OpenAI's limit of 10"} {
		got := Check(pt.Tool(t, nested(depth)))
		if len(got) != 1 || !strings.Contains(got[0].Message, want) {
			t.Errorf("depth %d: want %q in %+v", depth, want, got)
		}
	}
}

// Just under every limit nothing is reported.
func TestBelowLimitsIsSilent(t *testing.T) {
	for _, tool := range []string{manyProperties(4500), enumTool(900, 1), enumTool(250, 70), enumTool(250, 431)} {
		pt.CheckSilent(t, tool, Check)
	}
}

// A typed additionalProperties map is dropped whole, so nothing inside it
// is reported; the surviving walk does not enter allOf either.
func TestDroppedSubschemasAreNotWalked(t *testing.T) {
	got := Check(pt.Tool(t, wrap(`{"type":"object","additionalProperties":{"type":"string","minLength":1,"x-y":1},"allOf":[{"maxLength":3}]}`)))
	for _, d := range got {
		if strings.Contains(d.Path, ".additionalProperties.") || strings.Contains(d.Path, ".allOf[") {
			t.Errorf("reported inside a dropped subschema: %s @%s", d.Code, d.Path)
		}
	}
	if len(got) != 2 {
		t.Errorf("want additional-properties-schema and unsupported-keyword, got %v", got)
	}
}

// Positions point at the keyword's key, or at the parent when the keyword
// is missing.
func TestPositions(t *testing.T) {
	text := "{\n  \"name\": \"t\",\n  \"description\": \"d\",\n  \"inputSchema\": {\n    \"type\": \"object\",\n    \"properties\": {\"é\": {\"type\": \"string\", \"title\": \"x\"}},\n    \"required\": [\"é\"]\n  }\n}"
	got := Check(pt.Tool(t, text))
	want := map[string][4]int{
		"openai/object-missing-additional-properties": {4, 3, 4, 16},
		"openai/annotation-keyword-dropped":           {6, 44, 6, 51},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics: %+v", len(got), got)
	}
	for _, d := range got {
		if w := want[d.Code]; [4]int{d.Line, d.Column, d.EndLine, d.EndColumn} != w {
			t.Errorf("%s: got %d:%d-%d:%d, want %v", d.Code, d.Line, d.Column, d.EndLine, d.EndColumn, w)
		}
	}
}

// The enum budget counts what compiling writes: a `null` joins an optional
// property's enum and a `const` becomes a one-value enum, so 1000 values
// on an optional property compile to 1001, over the limit (compile would
// refuse the tool), while the same enum on a required property is at it.
func TestEnumBudgetCountsCompiledValues(t *testing.T) {
	optional := strings.Replace(enumTool(1000, 1), `"required":["p"]`, `"required":[]`, 1)
	codes := func(tool string) []string {
		var out []string
		for _, d := range Check(pt.Tool(t, tool)) {
			if strings.Contains(d.Code, "enum-values") {
				out = append(out, d.Code+": "+d.Message)
			}
		}
		return out
	}
	if got := codes(optional); len(got) != 1 || !strings.HasPrefix(got[0], "openai/too-many-enum-values: The schema has 1000 enum values, 1001 once compiled") {
		t.Errorf("optional: %q", got)
	}
	if got := codes(enumTool(1000, 1)); len(got) != 1 || !strings.HasPrefix(got[0], "openai/enum-values-near-limit: The schema has 1000 of the 1000") {
		t.Errorf("required: %q", got)
	}
	consts := `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":{"type":"string","enum":[` +
		strings.TrimSuffix(strings.SplitN(strings.SplitN(enumTool(999, 1), `"enum":[`, 2)[1], `]}`, 2)[0], ",") +
		`]},"c":{"const":"x"},"d":{"const":"y"}},"required":["p","c","d"],"additionalProperties":false}}`
	if got := codes(consts); len(got) != 1 || !strings.HasPrefix(got[0], "openai/too-many-enum-values: The schema has 999 enum values, 1001 once compiled") {
		t.Errorf("consts: %q", got)
	}
}
