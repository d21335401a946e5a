package core

import (
	"strings"
	"testing"

	pt "github.com/schemaport/schemaport-action/internal/provider/providertest"
	"github.com/schemaport/schemaport-action/internal/tool"
)

func wrap(prop string) string {
	return `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":` + prop + `}}}`
}

const clean = `{"name":"t","description":"d","inputSchema":{"type":"object","default":{"n":5},` +
	`"properties":{"n":{"type":"integer","minimum":1,"maximum":10,"default":10,"examples":[1,2.0,1e1]},` +
	`"s":{"type":"string","minLength":2,"maxLength":3,"pattern":"^(?!x)","default":"ab","examples":["😀😀"]},` +
	`"e":{"enum":["a",{"k":[1]}],"default":{"k":[1.0]}},"b":{"type":["boolean","null"],"default":null},` +
	`"r":{"$ref":"#/$defs/R","default":"x"},"m":{"type":"number","multipleOf":0.1,"default":0.3},` +
	`"f":{"type":"string","format":"email","default":"not an email"}},` +
	`"$defs":{"R":{"type":"string","const":"x"}}}}`

var triggers = append(hiddenTriggers,
	pt.Fire(ruleInvalidDefault, wrap(`{"type":"integer","default":"10"}`), "inputSchema.properties.p.default"),
	pt.Fire(ruleInvalidDefault,
		`{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":{"$ref":"#/$defs/R","default":"y"}},"$defs":{"R":{"const":"x"}}}}`,
		"inputSchema.properties.p.default"),
	pt.Fire(ruleInvalidDefault, wrap(`{"type":"object","if":{"required":["a"]},"then":{"properties":{"b":{"type":"string","pattern":"^x","default":"y"}}}}`), "inputSchema.properties.p.then.properties.b.default"),
	pt.Fire(ruleInvalidExample, wrap(`{"type":"string","maxLength":2,"examples":["ok","too long"]}`), "inputSchema.properties.p.examples[1]"),
	// Fires here because the test spends the whole regex budget first.
	pt.Fire(ruleNotEvaluated, wrap(`{"type":"string","pattern":"^(?=a)","default":"a"}`), "inputSchema.properties.p.default"),
	pt.Fire(ruleMisspelledKeyword, wrap(`{"types":"string"}`), "inputSchema.properties.p.types"),
	pt.Fire(ruleMisspelledKeyword, `{"name":"t","description":"d","inputSchema":{"type":"object","properties":{},"require":["a"]}}`, "inputSchema.require"),
	pt.Fire(ruleMisspelledKeyword, wrap(`{"type":"string","minlength":1}`), "inputSchema.properties.p.minlength"),
)

func TestRuleTable(t *testing.T) { pt.CheckRuleTable(t, "core/", Rules) }

func TestEveryRuleFires(t *testing.T) {
	defer tool.SetRegexBudget(0)()
	pt.CheckTriggers(t, Rules, triggers, Check)
}

func TestCleanToolIsSilent(t *testing.T) { pt.CheckSilent(t, clean, Check) }

// The message carries the validator's reason, and every failing item is
// reported once.
func TestReasonAndCount(t *testing.T) {
	got := Check(pt.Tool(t, wrap(`{"type":"object","properties":{"a":{"type":"integer","minimum":3}},"required":["a"],"default":{"a":1},"examples":[{"a":"x"},{"a":4},{}]}`)))
	var lines []string
	for _, d := range got {
		lines = append(lines, d.Code+" @"+d.Path+": "+d.Message)
	}
	text := strings.Join(lines, "\n")
	if len(got) != 3 {
		t.Fatalf("want 3 diagnostics, got:\n%s", text)
	}
	for _, want := range []string{"properties.p.default: ", "at /a: minimum", "properties.p.examples[0]: ", "at /a: got string, want integer", "properties.p.examples[2]: ", "missing property 'a'"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
}

// Keys that are not identifiers survive the trip through a JSON Pointer.
func TestOddPropertyNames(t *testing.T) {
	got := Check(pt.Tool(t, `{"name":"t","inputSchema":{"type":"object","properties":{"a/b~c d%":{"type":"integer","default":"x"}}}}`))
	if len(got) != 1 || got[0].Path != `inputSchema.properties["a/b~c d%"].default` {
		t.Errorf("got %+v", got)
	}
}

// Values are judged by 2020-12 whatever `$schema` says, as the loader
// validates the schema: an unknown dialect must not silence the rule, and
// draft-07 must not start asserting `format`.
func TestDialectDoesNotChangeTheVerdict(t *testing.T) {
	for _, dialect := range []string{"https://example.com/my-dialect", "http://json-schema.org/draft-07/schema#"} {
		got := Check(pt.Tool(t, `{"name":"t","inputSchema":{"$schema":"`+dialect+`","type":"object","properties":{`+
			`"a":{"type":"integer","default":"x"},"f":{"type":"string","format":"uuid","pattern":"^z","default":"zzz"}}}}`))
		if len(got) != 1 || got[0].Path != "inputSchema.properties.a.default" {
			t.Errorf("%s: got %+v", dialect, got)
		}
	}
}

// Bounds in the validator's reason are printed exactly, never rounded
// through float64 (where 2^64 and 2^64-1 look the same).
func TestReasonNumbersAreExact(t *testing.T) {
	for prop, want := range map[string]string{
		`{"type":"integer","maximum":18446744073709551615,"default":18446744073709551616}`: "got 18446744073709551616, want 18446744073709551615",
		`{"type":"number","exclusiveMinimum":0.1,"default":0.05}`:                          "got 0.05, want 0.1",
		`{"type":"number","multipleOf":0.01,"default":1.005}`:                              "got 1.005, want 0.01",
		`{"type":"number","minimum":1e-30,"default":0}`:                                    "got 0, want 0.000000000000000000000000000001",
	} {
		got := Check(pt.Tool(t, wrap(prop)))
		if len(got) != 1 || !strings.Contains(got[0].Message, want) {
			t.Errorf("%s: want %q in %+v", prop, want, got)
		}
	}
}
