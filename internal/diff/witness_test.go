package diff

import (
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/witness"
)

// verifyWitness checks a witness with the validator: the old schema
// accepts it and the new one rejects it.
func verifyWitness(tb testing.TB, oldSchema, newSchema string, w *Witness) {
	tb.Helper()
	if w == nil || w.Arguments == nil {
		tb.Fatalf("no witness (%+v)", w)
	}
	o, err1 := jsonvalue.Parse([]byte(oldSchema))
	n, err2 := jsonvalue.Parse([]byte(newSchema))
	if err1 != nil || err2 != nil {
		tb.Fatal(err1, err2)
	}
	if ok, _ := witness.NewPair(o, n, nil, nil).Breaks(w.Arguments); !ok {
		tb.Errorf("witness %s is not accepted by the old schema and rejected by the new one", jsonvalue.Encode(w.Arguments, ""))
	}
}

// TestWitnessPerChange: each breaking change carries a call built from it,
// verified against both schemas.
func TestWitnessPerChange(t *testing.T) {
	cases := []struct {
		name, old, new string
		want           string // the expected witness
	}{
		{"enum value removed", obj(`{"enum":["a","b"]}`), obj(`{"enum":["a"]}`), `{"v":"b"}`},
		{"maximum lowered", obj(`{"type":"integer","maximum":10}`), obj(`{"type":"integer","maximum":5}`), `{"v":10}`},
		{"maxLength added", obj(`{"type":"string"}`), obj(`{"type":"string","maxLength":50}`), `{"v":"` + repeat("a", 51) + `"}`},
		{"property made required", `{"type":"object","properties":{"a":{"type":"string"}}}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`, `{}`},
		// The call without the new property, not one that sends it
		// wrongly: that would fail the new type or enum, not the change.
		{"required property added", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`,
			`{"type":"object","properties":{"a":{"type":"string"},"currency":{"type":"string","enum":["usd","eur"]}},"required":["a","currency"]}`, `{"a":"a"}`},
		{"type narrowed", obj(`{"type":["string","null"]}`), obj(`{"type":"string"}`), `{"v":null}`},
		{"closed object", obj(`{"type":"object","properties":{"x":{"type":"integer"}}}`),
			obj(`{"type":"object","properties":{"x":{"type":"integer"}},"additionalProperties":false}`), `{"v":{"extra1":"a"}}`},
		{"pattern added", obj(`{"type":"string"}`), obj(`{"type":"string","pattern":"^[0-9]+$"}`), `{"v":"a"}`},
		{"exclusive bound", obj(`{"type":"number","exclusiveMinimum":0}`), obj(`{"type":"number","minimum":0.01}`), `{"v":0.009}`},
		{"pattern narrowed", obj(`{"type":"string","pattern":"^[a-z]{2,}$"}`), obj(`{"type":"string","pattern":"^[a-v]{2,}$"}`), `{"v":"aw"}`},
		{"pattern narrowed by a count past RE2's", obj(`{"type":"string","pattern":"^[a-z]{5,1024}$"}`), obj(`{"type":"string","pattern":"^[a-z]{5,1000}$"}`), `{"v":"` + repeat("a", 1001) + `"}`},
		{"maxItems added under uniqueItems", obj(`{"type":"array","items":{"type":"string"},"uniqueItems":true}`),
			obj(`{"type":"array","items":{"type":"string"},"uniqueItems":true,"maxItems":3}`), `{"v":["a","b","c","d"]}`},
		{"maxItems of enum items", obj(`{"type":"array","items":{"enum":["x","y","z"]},"uniqueItems":true}`),
			obj(`{"type":"array","items":{"enum":["x","y","z"]},"uniqueItems":true,"maxItems":2}`), `{"v":["x","y","z"]}`},
		{"not over a wider inner schema", obj(`{"type":"array","not":{"items":{"type":"string"}}}`),
			obj(`{"type":"array","not":{"items":{"type":["string","integer"]}}}`), `{"v":[1]}`},
		{"patternProperties narrowed", obj(`{"type":"object","patternProperties":{"^cf_[a-z]+$":{"type":["string","boolean"]}},"additionalProperties":false}`),
			obj(`{"type":"object","patternProperties":{"^cf_[a-z]+$":{"type":"string"}},"additionalProperties":false}`), `{"v":{"cf_a":true}}`},
		// A value matching the added branch and exactly one old branch.
		{"oneOf of open objects gains an overlapping branch",
			obj(`{"oneOf":[{"type":"object","properties":{"url":{"type":"string"}},"required":["url"]},{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}]}`),
			obj(`{"oneOf":[{"type":"object","properties":{"url":{"type":"string"}},"required":["url"]},{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]},{"type":"object","properties":{"data":{"type":"string"}},"required":["data"]}]}`),
			`{"v":{"url":"a","data":"a"}}`},
		// The narrowed branch is anyOf[0] in the new schema, anyOf[1] in
		// the old one: the search varies every old branch.
		{"anyOf reordered and a branch narrowed", obj(`{"anyOf":[{"type":"string","maxLength":10},{"type":"integer"}]}`),
			obj(`{"anyOf":[{"type":"integer","minimum":0},{"type":"string","maxLength":10}]}`), `{"v":-1}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := diffSchemas(t, tc.old, tc.new)
			n := 0
			for _, ch := range got {
				if ch.Classification != Breaking {
					continue
				}
				n++
				verifyWitness(t, tc.old, tc.new, ch.Witness)
				if enc := jsonvalue.Encode(ch.Witness.Arguments, ""); enc != tc.want {
					t.Errorf("%s witness %s, want %s", ch.Code, enc, tc.want)
				}
			}
			if n == 0 {
				t.Fatalf("no breaking change:%s", describe(got))
			}
		})
	}
}

func repeat(s string, n int) string {
	out := ""
	for i := 0; i < n; i++ {
		out += s
	}
	return out
}

// TestNoWitnessSaysWhy: a breaking verdict the validator cannot back says
// why there is no example.
func TestNoWitnessSaysWhy(t *testing.T) {
	// Under not, a wider inner schema narrows the outer one; the engine
	// calls it breaking but no call shows it (the edit widens).
	got := diffSchemas(t, obj(`{"type":"integer","not":{"minimum":100}}`), obj(`{"type":"integer","not":{"minimum":50}}`))
	found := false
	for _, ch := range got {
		if ch.Classification == Breaking {
			found = true
			if ch.Witness == nil || ch.Witness.Arguments == nil {
				continue
			}
			verifyWitness(t, obj(`{"type":"integer","not":{"minimum":100}}`), obj(`{"type":"integer","not":{"minimum":50}}`), ch.Witness)
		}
	}
	if !found {
		t.Fatalf("no breaking change:%s", describe(got))
	}
	got = diffSchemas(t, obj(`{"type":"integer","not":{"minimum":50}}`), obj(`{"type":"integer","not":{"minimum":100}}`))
	for _, ch := range got {
		if ch.Classification == Breaking && (ch.Witness == nil || ch.Witness.Arguments != nil || ch.Witness.Reason != reasonBudget) {
			t.Errorf("%s: want no witness with the budget reason, got %+v", ch.Code, ch.Witness)
		}
	}
}

// TestNoWitnessReasonsAreTrue: a reason that says no call can exist is
// given only where that is so; elsewhere the search says it found none.
func TestNoWitnessReasonsAreTrue(t *testing.T) {
	cases := []struct {
		name, old, new, code, reason string
	}{
		{"pattern widened", obj(`{"type":"string","pattern":"^[a-v0-9]{5,1024}$"}`), obj(`{"type":"string","pattern":"^[a-z0-9_]{5,1024}$"}`),
			"pattern-changed", "No example call: the new pattern matches every string the old one matched"},
		{"pattern with lookahead", obj(`{"type":"string","pattern":"^(?=a)a"}`), obj(`{"type":"string","pattern":"^(?=a)[ab]"}`),
			"pattern-changed", reasonBudget},
		// An additionalProperties the engine cannot prove covers it (an
		// if/then that accepts everything), though the validator accepts
		// the same calls.
		{"property removed beside an if/then for extra properties", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"additionalProperties":{"if":{"type":"string"},"then":{"type":"string"}}}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"if":{"type":"string"},"then":{"type":"string"}}}`, "property-removed", reasonBudget},
		{"unknown keyword", obj(`{"type":"string","x-order":1}`), obj(`{"type":"string","x-order":2,"propertyOrdering":["a"]}`),
			"keyword-changed", "No example call: the validator does not act on this keyword"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := diffSchemas(t, tc.old, tc.new)
			n := 0
			for _, ch := range got {
				if ch.Code != tc.code || ch.Classification != Breaking {
					continue
				}
				n++
				if ch.Witness == nil || ch.Witness.Arguments != nil || !strings.HasPrefix(ch.Witness.Reason, tc.reason) {
					t.Errorf("%s: want no witness with reason %q, got %+v", ch.Path, tc.reason, ch.Witness)
				}
			}
			if n == 0 {
				t.Fatalf("no breaking %s:%s", tc.code, describe(got))
			}
		})
	}
}

// TestSafetyNet: when the keyword comparison finds nothing breaking in a
// rewritten spelling, a call the validator shows failing becomes a
// schema-narrowed change carrying that call.
func TestSafetyNet(t *testing.T) {
	oldS := `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`
	newS := `{"type":"object","properties":{"a":{"type":"string","maxLength":1}},"additionalProperties":false}`
	o, n := schemaTool(t, "old.json", oldS), schemaTool(t, "new.json", newS)
	// The engine's own verdict is withheld (no changes), as if it had
	// missed the narrowing.
	got := attachWitnesses(o, n, "demo_tool", nil, true, nil, nil)
	checkChanges(t, got, want{"schema-narrowed", Breaking, "inputSchema.properties.a.maxLength"})
	verifyWitness(t, oldS, newS, got[0].Witness)
	if got[0].New.Line == 0 {
		t.Errorf("schema-narrowed not located: %+v", got[0].New)
	}
	// Not rewritten: the keyword comparison is trusted, nothing is added.
	if got := attachWitnesses(o, n, "demo_tool", nil, false, nil, nil); len(got) != 0 {
		t.Errorf("safety net ran on a plain comparison:%s", describe(got))
	}
}

// budgetSchemas is a pair where a call breaks but the search cannot find
// it: the new schema forbids one value of the last of 200 properties, a
// value no bound or enum names, so every candidate the budget allows is
// judged in vain.
func budgetSchemas() (string, string) {
	var props []string
	for i := 0; i < 200; i++ {
		props = append(props, `"p`+itoa(1000 + i)[1:]+`":{"type":"integer"}`)
	}
	p := `"properties":{` + strings.Join(props, ",") + `}`
	return `{"type":"object",` + p + `}`,
		`{"type":"object",` + p + `,"not":{"properties":{"p199":{"const":987654321}},"required":["p199"]}}`
}

// TestBudgetSpentSaysSo: when the search judges its whole budget without
// finding a call (though one exists), the change says so.
func TestBudgetSpentSaysSo(t *testing.T) {
	oldS, newS := budgetSchemas()
	got := diffSchemas(t, oldS, newS)
	checkChanges(t, got, want{"not-added", Breaking, "inputSchema.not"})
	if w := got[0].Witness; w == nil || w.Arguments != nil || w.Reason != reasonBudget {
		t.Fatalf("want no witness and the budget reason, got %+v", w)
	}
	// The search really ran out: it judged every candidate it allows
	// itself (the focus's cap, below Budget) ...
	o, n := schemaTool(t, "old.json", oldS), schemaTool(t, "new.json", newS)
	p := witness.NewPair(member(o, "inputSchema"), member(n, "inputSchema"), nil, nil)
	if r := p.Find([]string{"not"}, nil, nil); r.Arguments != nil || p.Judged < 40 || p.Judged > witness.Budget {
		t.Fatalf("search found %v after judging %d candidates, want none after judging its whole allowance", r.Arguments, p.Judged)
	}
	// ... and a call it could have shown exists.
	call, err := jsonvalue.Parse([]byte(`{"p199":987654321}`))
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := p.Breaks(call); !ok {
		t.Fatalf("the call that breaks is not confirmed")
	}
}

// TestManyChangesEachSearched: a tool with many breaking changes gets a
// search for each (the allowance grows with them), not only the first few.
// Each change here widens a pattern, so each search tries all it has.
func TestManyChangesEachSearched(t *testing.T) {
	var oldProps, newProps []string
	for i := 0; i < 200; i++ {
		name := `"p` + itoa(1000 + i)[1:] + `"`
		oldProps = append(oldProps, name+`:{"type":"string","pattern":"^a"}`)
		newProps = append(newProps, name+`:{"type":"string","pattern":"^[ab]"}`)
	}
	got := diffSchemas(t, `{"type":"object","properties":{`+strings.Join(oldProps, ",")+`}}`,
		`{"type":"object","properties":{`+strings.Join(newProps, ",")+`}}`)
	if len(got) != 200 {
		t.Fatalf("want 200 changes, got %d", len(got))
	}
	for _, ch := range got {
		if ch.Witness == nil || !strings.HasPrefix(ch.Witness.Reason, "No example call: the new pattern matches every string") {
			t.Fatalf("%s %s: want the widened-pattern reason, got %+v", ch.Code, ch.Path, ch.Witness)
		}
	}
}
