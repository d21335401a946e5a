package gemini

import (
	"fmt"
	"strings"
	"testing"

	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
)

// wrap puts a property schema into an otherwise clean tool, at
// inputSchema.properties.p.
func wrap(prop string) string {
	return `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":` + prop + `},"required":["p"]}}`
}

const clean = `{"name":"search_orders","description":"Searches orders","inputSchema":{"type":"object",` +
	`"title":"Search","properties":{"status":{"type":"string","enum":["open","shipped"],"nullable":true,"example":"open"},` +
	`"limit":{"anyOf":[{"type":"integer"},{"type":"null"}]},"tags":{"type":"array","items":{"type":"string","nullable":true}},` +
	`"more":{"type":"object","properties":{"a":{"type":"boolean"}},"propertyOrdering":["a"]},` +
	`"pick":{"anyOf":[{"type":"object","properties":{"x":{"type":"string"}}},{"type":"object","properties":{"y":{"type":"string"}}}]}},` +
	`"required":["status"]}}`

var triggers = []pt.Trigger{
	pt.Fire(ruleInvalidName, `{"name":"refund order!","description":"d","inputSchema":{"type":"object","properties":{"a":{}}}}`, "name"),
	pt.Fire(ruleInvalidName, `{"name":"`+strings.Repeat("a", 129)+`","description":"d","inputSchema":{"type":"object","properties":{"a":{}}}}`, "name"),
	pt.Fire(ruleNameLeadingCharacter, `{"name":"-x","description":"d","inputSchema":{"type":"object","properties":{"a":{}}}}`, "name"),
	pt.Fire(ruleMissingDescription, `{"name":"t","description":"","inputSchema":{"type":"object","properties":{"a":{}}}}`, "description"),
	pt.Fire(ruleRecursiveReference, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":{"$ref":"#/$defs/N"}},"$defs":{"N":{"type":"array","items":{"$ref":"#/$defs/N"}}}}}`, "inputSchema.$defs.N.items.$ref"),
	pt.Fire(ruleUnresolvableReference, wrap(`{"$ref":"#/$defs/missing"}`), "inputSchema.properties.p.$ref"),
	pt.Fire(ruleUnresolvableReference, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":{"$ref":"#/properties/q"},"q":{"type":"string"}}}}`, "inputSchema.properties.p.$ref"),
	pt.Fire(ruleInlinedReference, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":{"$ref":"#/definitions/S"}},"definitions":{"S":{"type":"string"}}}}`, "inputSchema.properties.p.$ref"),
	pt.Fire(ruleParameterName, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"order id":{"type":"string"}}}}`, `inputSchema.properties["order id"]`),
	pt.Fire(ruleParameterName, `{"name":"t","description":"d","inputSchema":{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","properties":{"order id":{"type":"string"}}}}}}`, `inputSchema.$defs.A.properties["order id"]`),
	pt.Fire(ruleParameterName, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"`+strings.Repeat("a", 65)+`":{"type":"string"}}}}`, "inputSchema.properties."+strings.Repeat("a", 65)),
	pt.Fire(ruleEmptyParameters, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{},"required":[]}}`, "inputSchema"),
	pt.Fire(ruleFalseSubschema, wrap(`{"anyOf":[{"type":"string"},{"not":false}]}`), "inputSchema.properties.p.anyOf[1].not"),
	pt.Fire(ruleAdditionalPropertiesFalse, wrap(`{"type":"object","additionalProperties":false}`), "inputSchema.properties.p.additionalProperties"),
	pt.Fire(ruleAdditionalPropertiesSchema, wrap(`{"type":"object","additionalProperties":{}}`), "inputSchema.properties.p.additionalProperties"),
	pt.Fire(ruleOneOf, wrap(`{"oneOf":[{"type":"string"}]}`), "inputSchema.properties.p.oneOf"),
	pt.Fire(ruleAllOf, wrap(`{"allOf":[{"type":"string"}]}`), "inputSchema.properties.p.allOf"),
	pt.Fire(ruleNot, wrap(`{"not":{"type":"string"}}`), "inputSchema.properties.p.not"),
	pt.Fire(ruleMultipleOf, wrap(`{"type":"number","multipleOf":2}`), "inputSchema.properties.p.multipleOf"),
	pt.Fire(ruleExclusiveMinimum, wrap(`{"type":"number","exclusiveMinimum":0}`), "inputSchema.properties.p.exclusiveMinimum"),
	pt.Fire(ruleExclusiveMaximum, wrap(`{"type":"number","exclusiveMaximum":0}`), "inputSchema.properties.p.exclusiveMaximum"),
	pt.Fire(ruleUniqueItems, wrap(`{"type":"array","uniqueItems":false}`), "inputSchema.properties.p.uniqueItems"),
	pt.Fire(rulePrefixItems, wrap(`{"type":"array","prefixItems":[]}`), "inputSchema.properties.p.prefixItems"),
	pt.Fire(ruleStringConst, wrap(`{"const":"x"}`), "inputSchema.properties.p.const"),
	pt.Fire(ruleOtherConst, wrap(`{"const":null}`), "inputSchema.properties.p.const"),
	pt.Fire(ruleNonStringEnum, wrap(`{"enum":["a",null]}`), "inputSchema.properties.p.enum"),
	pt.Fire(ruleUnsupportedType, wrap(`{"type":"decimal"}`), "inputSchema.properties.p.type"),
	pt.Fire(ruleMultiTypeUnion, wrap(`{"type":["string","integer","null"]}`), "inputSchema.properties.p.type"),
	pt.Fire(ruleTypeWithAnyOf, wrap(`{"type":"string","anyOf":[{"maxLength":1},{"minLength":3}]}`), "inputSchema.properties.p.type"),
	pt.Fire(ruleTypeWithAnyOf, wrap(`{"type":["string","null"],"oneOf":[{"type":"string"}]}`), "inputSchema.properties.p.type"),
	pt.Fire(ruleAnnotationDropped, wrap(`{"type":"string","$comment":"c"}`), "inputSchema.properties.p.$comment"),
	pt.Fire(ruleUnsupportedKeyword, wrap(`{"type":"object","patternProperties":{}}`), "inputSchema.properties.p.patternProperties"),
	pt.Fire(ruleUnsupportedKeyword, wrap(`{"type":"string","x-tag":1}`), `inputSchema.properties.p["x-tag"]`),
	pt.Fire(ruleConstraintNotEnforced, wrap(`{"type":"object","maxProperties":3}`), "inputSchema.properties.p"),
	pt.Fire(ruleFormatNotEnforced, wrap(`{"type":"string","format":"date-time"}`), "inputSchema.properties.p.format"),
	pt.Fire(ruleFormatNotEnforced, wrap(`{"type":"integer","format":"int64"}`), "inputSchema.properties.p.format"),
	pt.Fire(ruleUnsupportedFormat, wrap(`{"type":"string","format":"date"}`), "inputSchema.properties.p.format"),
	pt.Fire(ruleUnsupportedFormat, wrap(`{"type":["string","null"],"format":"email"}`), "inputSchema.properties.p.format"),
	pt.Fire(ruleEmptyParameters, `{"name":"t","description":"d","inputSchema":{"$schema":"x","type":"object","properties":{},"additionalProperties":false}}`, "inputSchema"),
	pt.Fire(ruleEmptyObjectRoot, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{},"additionalProperties":true}}`, "inputSchema"),
	pt.Fire(ruleEmptyObjectRoot, `{"name":"t","description":"d","inputSchema":{"type":"object","minProperties":1}}`, "inputSchema"),
	pt.Fire(ruleAdditionalPropertiesTrue, wrap(`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":true}`), "inputSchema.properties.p.additionalProperties"),
	pt.Fire(ruleTypeList, wrap(`{"type":["string","null"]}`), "inputSchema.properties.p.type"),
	pt.Fire(ruleTypeList, wrap(`{"type":["integer"]}`), "inputSchema.properties.p.type"),
	pt.Fire(ruleEnumTypeMissing, wrap(`{"enum":["a","b"]}`), "inputSchema.properties.p.enum"),
	pt.Fire(ruleEnumTypeNotString, wrap(`{"type":"integer","enum":["1","2"]}`), "inputSchema.properties.p.enum"),
	pt.Fire(ruleFreeFormObject, wrap(`{"type":"object","description":"any options"}`), "inputSchema.properties.p"),
	pt.Fire(ruleFreeFormObject, wrap(`{"type":"object","properties":{},"additionalProperties":true}`), "inputSchema.properties.p"),
	pt.Fire(ruleFreeFormObject, wrap(`{"type":"object","additionalProperties":{"type":"string"}}`), "inputSchema.properties.p"),
	pt.Fire(ruleFreeFormObject, wrap(`{"type":"object","oneOf":[{"properties":{"a":{"type":"string"}}},{"type":"object"}]}`), "inputSchema.properties.p"),
	pt.Fire(ruleDefaultNotEnforced, wrap(`{"type":"string","default":"a"}`), "inputSchema.properties.p.default"),
}

func TestRuleTable(t *testing.T) { pt.CheckRuleTable(t, "gemini/", Rules) }

func TestEveryRuleFires(t *testing.T) { pt.CheckTriggers(t, Rules, triggers, Check) }

func TestCleanToolIsSilent(t *testing.T) { pt.CheckSilent(t, clean, Check) }

func TestPublicCases(t *testing.T) { pt.RunCases(t, "testdata/check-cases.json", ID, Check) }

// A definition is checked where it is used, with the $ref's siblings
// overriding it (a finding a sibling causes stays at the use site); a
// finding inside the definition itself is reported once, at its path in
// the file, naming the references; an unused definition is never checked.
func TestDefinitionsAreCheckedAtUseSites(t *testing.T) {
	tl := pt.Tool(t, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{`+
		`"a":{"$ref":"#/$defs/M","description":"x"},"b":{"$ref":"#/$defs/M","maximum":3}},"required":["a","b"],`+
		`"$defs":{"M":{"type":"number","minimum":0},"Unused":{"type":"number","multipleOf":3}}}}`)
	var got []string
	for _, d := range Check(tl) {
		got = append(got, d.Code+"@"+d.Path)
	}
	want := []string{
		"gemini/unsupported-schema-reference@inputSchema.properties.a.$ref",
		"gemini/unsupported-schema-reference@inputSchema.properties.b.$ref",
		"gemini/constraint-not-enforced@inputSchema.properties.a",
		"gemini/constraint-not-enforced@inputSchema.properties.b",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Inlining must not touch the tool it was given.
func TestResolveDoesNotModifyTheTool(t *testing.T) {
	text := `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/M"}},"$defs":{"M":{"type":"string"}}}}`
	tl := pt.Tool(t, text)
	before := tl.Value.Get("inputSchema").Get("properties").Get("a")
	Check(tl)
	if after := tl.Value.Get("inputSchema").Get("properties").Get("a"); after != before || !after.Has("$ref") || len(after.Members) != 1 {
		t.Errorf("the tool's schema changed: %+v", after)
	}
}

// Definitions that each use the next twice would expand to 2^40 nodes;
// inlining stops expanding past a bound instead of hanging.
func TestExponentialInliningIsBounded(t *testing.T) {
	var defs strings.Builder
	const n = 40
	for i := 0; i < n; i++ {
		fmt.Fprintf(&defs, `"d%d":{"type":"object","properties":{"a":{"$ref":"#/$defs/d%d"},"b":{"$ref":"#/$defs/d%d"}}},`, i, i+1, i+1)
	}
	defs.WriteString(`"d40":{"type":"string","minLength":1}`)
	tl := pt.Tool(t, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"x":{"$ref":"#/$defs/d0"}},"required":["x"],"$defs":{`+defs.String()+`}}}`)
	got := Check(tl)
	if len(got) == 0 || len(got) > 2*maxResolvedNodes {
		t.Errorf("got %d diagnostics", len(got))
	}
}

// A finding inside an inlined definition sits on the definition's path
// and points at the key inside it that holds the keyword (where the user
// edits it), once however many references use it; a $ref sibling that
// overrides a key is pointed at where it stands, at the use site.
func TestInlinedFindingsPointIntoTheDefinition(t *testing.T) {
	text := "{\"name\":\"t\",\"description\":\"d\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\n" +
		"\"a\":{\"$ref\":\"#/$defs/M\",\"default\":\"x\"},\n" +
		"\"b\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/M\"}}},\n" +
		"\"$defs\":{\"M\":{\"type\":\"object\",\"properties\":{\n" +
		"\"email\":{\"type\":\"string\",\"format\":\"email\",\"default\":\"y\"},\n" +
		"\"n\":{\"$ref\":\"#/$defs/N\"}}},\n" +
		"\"N\":{\"type\":\"integer\",\"multipleOf\":2,\"minimum\":1}}}}"
	tl := pt.Tool(t, text)
	got := map[string]string{}
	for _, d := range Check(tl) {
		got[d.Code+"@"+d.Path] = fmt.Sprintf("%d:%d-%d:%d", d.Line, d.Column, d.EndLine, d.EndColumn)
	}
	for _, c := range []struct{ key, at string }{
		{"gemini/unsupported-string-format@inputSchema.$defs.M.properties.email.format", "5:26-5:34"},
		{"gemini/default-not-enforced@inputSchema.$defs.M.properties.email.default", "5:43-5:52"},
		{"gemini/default-not-enforced@inputSchema.properties.a.default", "2:25-2:34"},
		{"gemini/unsupported-schema-reference@inputSchema.$defs.M.properties.n.$ref", "6:6-6:12"},
		{"gemini/unsupported-multiple-of@inputSchema.$defs.N.multipleOf", "7:23-7:35"},
		{"gemini/constraint-not-enforced@inputSchema.$defs.M.properties.n", "6:1-6:4"},
		{"gemini/unsupported-schema-reference@inputSchema.properties.a.$ref", "2:6-2:12"},
	} {
		if at, ok := got[c.key]; !ok {
			t.Errorf("no %s; got %v", c.key, got)
		} else if at != c.at {
			t.Errorf("%s at %s, want %s", c.key, at, c.at)
		}
	}
}

// An object that is a union of objects declaring properties is no free-form
// object: compiling moves it into the branches, which Gemini accepts.
func TestUnionOfObjectsIsNotFreeForm(t *testing.T) {
	for _, prop := range []string{
		`{"type":"object","oneOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"b":{"type":"string"}}}]}`,
		`{"type":"object","anyOf":[{"properties":{"a":{"type":"string"}}},{"type":"null"}]}`,
	} {
		for _, d := range Check(pt.Tool(t, wrap(prop))) {
			if d.Code == "gemini/free-form-object" {
				t.Errorf("%s: free-form-object at %s", prop, d.Path)
			}
		}
	}
}

// generate_ui's shape: one definition used from many places. Every finding
// inside it sits on a path in the file, once, naming the references, so
// no two findings are the same line of output.
func TestDefinitionFindingsAreNotRepeated(t *testing.T) {
	text := "{\"name\":\"t\",\"description\":\"d\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\n" +
		"\"a\":{\"$ref\":\"#/$defs/C\"},\"b\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/C\"}}},\"required\":[\"a\"],\n" +
		"\"$defs\":{\"C\":{\"type\":\"object\",\"properties\":{\"kind\":{\"const\":\"x\"},\"children\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/L\"}}},\"additionalProperties\":false},\n" +
		"\"L\":{\"type\":\"object\",\"properties\":{\"v\":{\"type\":[\"string\",\"null\"]}}}}}}"
	tl := pt.Tool(t, text)
	seen := map[string]bool{}
	for _, d := range Check(tl) {
		line := fmt.Sprintf("%d:%d %s %s", d.Line, d.Column, d.Code, d.Message)
		if seen[line] {
			t.Errorf("repeated: %s", line)
		}
		seen[line] = true
		if !strings.HasPrefix(d.Path, "inputSchema.$defs.") {
			continue
		}
		if !strings.Contains(d.Message, "used via `inputSchema.") || len(d.UseSites) == 0 {
			t.Errorf("%s at %s: no reference named (%q, uses %v)", d.Code, d.Path, d.Message, d.UseSites)
		}
		if _, ok := tl.Locate(d.Path); !ok {
			t.Errorf("%s: path %s is not in the file", d.Code, d.Path)
		}
	}
	for _, want := range []string{"gemini/unsupported-const@inputSchema.$defs.C.properties.kind.const", "gemini/type-list@inputSchema.$defs.L.properties.v.type"} {
		found := false
		for _, d := range Check(tl) {
			found = found || d.Code+"@"+d.Path == want
		}
		if !found {
			t.Errorf("no %s", want)
		}
	}
}
