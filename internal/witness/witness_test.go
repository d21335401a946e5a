package witness

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

func parse(t *testing.T, s string) *jsonvalue.Value {
	t.Helper()
	v, err := jsonvalue.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestPatternSample(t *testing.T) {
	for _, tc := range []struct{ pattern, want string }{
		{`^[a-z0-9-]+$`, "a"},
		{`^\d{4}-\d{2}-\d{2}$`, "0000-00-00"},
		{`^(foo|bar)_[A-Z]{2}$`, "foo_AA"},
	} {
		got, ok := patternSample(tc.pattern)
		if !ok || got != tc.want {
			t.Errorf("%s: got %q (%v), want %q", tc.pattern, got, ok, tc.want)
		}
	}
	// Lookahead is ECMA-262 but not RE2: no sample, never a wrong one.
	if _, ok := patternSample(`^(?=a)a$`); ok {
		t.Errorf("lookahead sampled")
	}
}

// TestFindIsVerified: a found witness is accepted by the old schema and
// rejected by the new one, at the change's own keyword.
func TestFindIsVerified(t *testing.T) {
	old := parse(t, `{"type":"object","properties":{"id":{"type":"string","pattern":"^[0-9]+$"},"n":{"type":"integer","maximum":10}},"required":["id","n"]}`)
	new := parse(t, `{"type":"object","properties":{"id":{"type":"string","pattern":"^[0-9]+$"},"n":{"type":"integer","maximum":5}},"required":["id","n"]}`)
	p := NewPair(old, new, nil, nil)
	r := p.Find([]string{"properties", "n", "maximum"}, []*jsonvalue.Value{parse(t, `10`), parse(t, `5`)}, nil)
	if r.Arguments == nil {
		t.Fatal("no witness")
	}
	if ok, where := p.Breaks(r.Arguments); !ok || len(where) == 0 || where[0] != "/properties/n/maximum" {
		t.Errorf("witness %s: breaks %v at %v", jsonvalue.Encode(r.Arguments, ""), ok, where)
	}
	// The same schema twice: nothing to find.
	if r := NewPair(old, old, nil, nil).Find(nil, nil, nil); r.Arguments != nil {
		t.Errorf("witness between equal schemas: %s", jsonvalue.Encode(r.Arguments, ""))
	}
	if c := Call(old); c == nil || !NewPair(old, old, nil, nil).AcceptedByOld(c) {
		t.Errorf("Call: %v", c)
	}
}

// TestCacheSharesAndBudgets: pairs over the same content share one compiled
// schema (key order does not matter), and the judgements of every pair
// charged to a budget count against the run's, from where the tools
// before it left it.
func TestCacheSharesAndBudgets(t *testing.T) {
	a := parse(t, `{"type":"object","properties":{"n":{"type":"integer","maximum":10}},"required":["n"]}`)
	b := parse(t, `{"required":["n"],"properties":{"n":{"maximum":10,"type":"integer"}},"type":"object"}`)
	c := NewCache()
	budget := &Ledger{Before: RunBudget - 50}
	p, q := NewPair(a, b, c, budget), NewPair(b, a, c, budget)
	if !p.Usable() || !q.Usable() || p.old != q.old || p.old != p.new || len(c.byContent) != 1 {
		t.Fatalf("equal content compiled apart: %d entries", len(c.byContent))
	}
	call := parse(t, `{"n":3}`)
	for !budget.Spent() {
		if !p.AcceptedByOld(call) || !q.AcceptedByOld(call) {
			t.Fatal("old schema rejects {\"n\":3}")
		}
		if budget.Judged > 50 {
			t.Fatal("Spent not reported at the budget")
		}
	}
	if budget.Judged != 50 || p.Judged != 25 || q.Judged != 25 {
		t.Errorf("judged %d (pairs %d and %d), want 50 (25 each)", budget.Judged, p.Judged, q.Judged)
	}
	if new(Ledger).Spent() || (*Ledger)(nil).Spent() {
		t.Error("an unused budget is spent")
	}
}

// TestCacheBounded: a run over more distinct schemas than the cache holds
// keeps at most cachedSchemas compiled ones (they are many times their
// source), and the most recent one is still shared.
func TestCacheBounded(t *testing.T) {
	c := NewCache()
	var last *jsonvalue.Value
	for i := 0; i <= cachedSchemas; i++ {
		last = parse(t, `{"type":"object","properties":{"n":{"type":"integer","maximum":`+strconv.Itoa(i)+`}}}`)
		c.compile(last)
		if len(c.byContent) > cachedSchemas {
			t.Fatalf("%d schemas kept, want at most %d", len(c.byContent), cachedSchemas)
		}
	}
	if c.compile(last) != c.compile(parse(t, `{"properties":{"n":{"maximum":`+strconv.Itoa(cachedSchemas)+`,"type":"integer"}},"type":"object"}`)) {
		t.Error("the most recent schema is not shared after the cache started over")
	}
}

// TestFindAddedOneOfBranch: a branch added to a oneOf breaks a value that
// matches it and the one old branch the value matched; the search merges
// what the new branch accepts into each old branch's candidates.
func TestFindAddedOneOfBranch(t *testing.T) {
	old := parse(t, `{"type":"object","properties":{"v":{"oneOf":[{"type":"object","properties":{"url":{"type":"string"}},"required":["url"]},{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}]}},"required":["v"]}`)
	new := parse(t, `{"type":"object","properties":{"v":{"oneOf":[{"type":"object","properties":{"url":{"type":"string"}},"required":["url"]},{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]},{"$ref":"#/$defs/D"}]}},"required":["v"],"$defs":{"D":{"type":"object","properties":{"data":{"type":"string"}},"required":["data"]}}}`)
	p := NewPair(old, new, nil, nil)
	r := p.Find([]string{"properties", "v", "oneOf", "2"}, nil, nil)
	if got := jsonvalue.Encode(r.Arguments, ""); got != `{"v":{"url":"a","data":"a"}}` {
		t.Errorf("witness %s", got)
	}
	if ok, _ := p.Breaks(r.Arguments); !ok {
		t.Errorf("not verified")
	}
}

// TestFindReorderedBranch: the diff names a branch by its new index; when
// the old branch there is another one, the search varies the whole anyOf.
func TestFindReorderedBranch(t *testing.T) {
	old := parse(t, `{"type":"object","properties":{"v":{"anyOf":[{"type":"string","maxLength":10},{"type":"integer"}]}},"required":["v"]}`)
	new := parse(t, `{"type":"object","properties":{"v":{"anyOf":[{"type":"integer","minimum":0},{"type":"string","maxLength":10}]}},"required":["v"]}`)
	p := NewPair(old, new, nil, nil)
	r := p.Find([]string{"properties", "v", "anyOf", "0", "minimum"}, []*jsonvalue.Value{parse(t, `0`)}, nil)
	if got := jsonvalue.Encode(r.Arguments, ""); got != `{"v":-1}` {
		t.Errorf("witness %s", got)
	}
	if ok, where := p.Breaks(r.Arguments); !ok || len(where) == 0 {
		t.Errorf("not verified")
	}
}

// TestFindStopsAtTheChange: the search stops at the first call the new
// schema rejects at the change, also where the validator names that
// keyword otherwise than the diff does: through a $ref (where the target
// is written) and, for a property no longer declared, at its object's
// additionalProperties. It used to judge the focus's whole allowance
// there, looking for a rejection "at the change".
func TestFindStopsAtTheChange(t *testing.T) {
	money := func(min string) string {
		return `"$defs":{"Money":{"type":"object","properties":{"amount":{"type":"number","minimum":` + min + `},"currency":{"enum":["USD","EUR"]}},"required":["amount","currency"]}}`
	}
	for _, tc := range []struct {
		name, old, new, focus string
		rejectedAt            string
	}{
		{"through a $ref",
			`{"type":"object",` + money("0") + `,"properties":{"a":{"type":"string"},"price":{"description":"d","$ref":"#/$defs/Money"}},"required":["a"]}`,
			`{"type":"object",` + money("1") + `,"properties":{"a":{"type":"string"},"price":{"description":"d","$ref":"#/$defs/Money"}},"required":["a"]}`,
			"properties/price/properties/amount/minimum", "/$defs/Money/properties/amount/minimum"},
		{"a property removed from a closed object",
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer","minimum":3},"c":{"type":"boolean"}},"required":["a"],"additionalProperties":false}`,
			`{"type":"object","properties":{"a":{"type":"string"},"c":{"type":"boolean"}},"required":["a"],"additionalProperties":false}`,
			"properties/b", "/additionalProperties"},
		{"a property removed from a closed object behind a $ref",
			`{"type":"object","$defs":{"O":{"type":"object","properties":{"b":{"type":"integer"},"c":{"type":"string"}},"additionalProperties":false}},"properties":{"o":{"$ref":"#/$defs/O"}}}`,
			`{"type":"object","$defs":{"O":{"type":"object","properties":{"c":{"type":"string"}},"additionalProperties":false}},"properties":{"o":{"$ref":"#/$defs/O"}}}`,
			"properties/o/properties/b", "/$defs/O/additionalProperties"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPair(parse(t, tc.old), parse(t, tc.new), nil, nil)
			r := p.Find(strings.Split(tc.focus, "/"), nil, nil)
			if r.Arguments == nil {
				t.Fatal("no witness")
			}
			if !slices.Contains(r.Where, tc.rejectedAt) {
				t.Errorf("rejected at %v, want %s", r.Where, tc.rejectedAt)
			}
			if p.Judged > 3 {
				t.Errorf("judged %d candidates for %s, want the search to stop at the first rejection at the change", p.Judged, jsonvalue.Encode(r.Arguments, ""))
			}
			if got, ok := Reuse([]Result{r}, p.newRoot, strings.Split(tc.focus, "/")); !ok || got.Arguments != r.Arguments {
				t.Errorf("the call is not reused for the same change")
			}
		})
	}
}

// A required string whose pattern the walk cannot follow (a lookahead)
// still gets a value the pattern matches: without one no call is accepted
// by the old schema, and every change of the tool goes without an example.
func TestLookaheadPatternGetsAValue(t *testing.T) {
	old := parse(t, `{"type":"object","properties":{"code":{"type":"string","pattern":"^(?=.*\\d)[A-Za-z0-9_-]{6,32}$"},"n":{"type":"integer","maximum":10}},"required":["code"]}`)
	new := parse(t, `{"type":"object","properties":{"code":{"type":"string","pattern":"^(?=.*\\d)[A-Za-z0-9_-]{6,32}$"},"n":{"type":"integer","maximum":5}},"required":["code"]}`)
	if c := Call(old); c == nil {
		t.Fatal("no call the old schema accepts")
	}
	p := NewPair(old, new, nil, nil)
	r := p.Find([]string{"properties", "n", "maximum"}, nil, nil)
	if r.Arguments == nil {
		t.Fatalf("no witness after judging %d candidates", p.Judged)
	}
	if got := guessStrings(`^(?=.*[A-Z])(?=.*\d).{8,}$`, 0, 10, 2); len(got) == 0 || len(got[0]) < 8 || len(got[0]) > 10 {
		t.Errorf("guesses for an upper case letter and a digit: %q", got)
	}
	if got := guessStrings(`^(?=x)y$`, 0, -1, 3); len(got) != 0 {
		t.Errorf("a pattern nothing matches got %q", got)
	}
}

// A format's sample that the string's lengths refuse is not the value the
// calls are built on (a format is not asserted; lengths are).
func TestFormatSampleWithinTheLengths(t *testing.T) {
	old := parse(t, `{"type":"object","properties":{"site":{"type":"string","format":"uri","maxLength":10},"n":{"type":"integer","maximum":10}},"required":["site"]}`)
	new := parse(t, `{"type":"object","properties":{"site":{"type":"string","format":"uri","maxLength":10},"n":{"type":"integer","maximum":5}},"required":["site"]}`)
	p := NewPair(old, new, nil, nil)
	if r := p.Find([]string{"properties", "n", "maximum"}, nil, nil); r.Arguments == nil || p.Judged > 3 {
		t.Fatalf("witness %v after judging %d candidates", r.Arguments, p.Judged)
	}
}

// TestFindPropertyNames: a narrowed propertyNames needs an undeclared key
// its old schema accepts and its new one rejects; extra1 fits both.
func TestFindPropertyNames(t *testing.T) {
	for _, tc := range []struct{ old, new string }{
		{`{"type":"object","propertyNames":{"maxLength":20}}`, `{"type":"object","propertyNames":{"maxLength":10}}`},
		{`{"type":"object","properties":{"a":{"type":"string"}},"propertyNames":{"pattern":"^[a-z0-9]+$"}}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"propertyNames":{"pattern":"^[a-z]+$"}}`},
	} {
		old, new := parse(t, tc.old), parse(t, tc.new)
		p := NewPair(old, new, nil, nil)
		r := p.Find([]string{"propertyNames"}, nil, nil)
		if r.Arguments == nil {
			t.Errorf("%s → %s: no witness", tc.old, tc.new)
			continue
		}
		if ok, _ := p.Breaks(r.Arguments); !ok {
			t.Errorf("witness %s does not break", jsonvalue.Encode(r.Arguments, ""))
		}
	}
}

// TestFindPrefixItem: a narrowed prefixItems position needs that position
// to vary, not only its first candidate.
func TestFindPrefixItem(t *testing.T) {
	old := parse(t, `{"type":"object","properties":{"l":{"type":"array","prefixItems":[{"type":"string"},{"type":"number"}]}}}`)
	new := parse(t, `{"type":"object","properties":{"l":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]}}}`)
	p := NewPair(old, new, nil, nil)
	r := p.Find([]string{"properties", "l", "prefixItems", "1", "type"}, nil, nil)
	if r.Arguments == nil {
		t.Fatal("no witness")
	}
	if ok, _ := p.Breaks(r.Arguments); !ok {
		t.Errorf("witness %s does not break", jsonvalue.Encode(r.Arguments, ""))
	}
}

// TestFindThen: a narrowed `then` needs a value that meets `if`, holding
// what the old `then` asks and not what the new one adds.
func TestFindThen(t *testing.T) {
	old := parse(t, `{"type":"object","properties":{"k":{"type":"string"},"n":{"type":"number"},"m":{"type":"number"}},"if":{"properties":{"k":{"const":"a"}},"required":["k"]},"then":{"required":["n"]},"else":{}}`)
	new := parse(t, `{"type":"object","properties":{"k":{"type":"string"},"n":{"type":"number"},"m":{"type":"number"}},"if":{"properties":{"k":{"const":"a"}},"required":["k"]},"then":{"required":["n","m"]},"else":{}}`)
	p := NewPair(old, new, nil, nil)
	r := p.Find([]string{"then", "required"}, []*jsonvalue.Value{parse(t, `"n"`), parse(t, `"m"`)}, nil)
	if r.Arguments == nil {
		t.Fatal("no witness")
	}
	if ok, _ := p.Breaks(r.Arguments); !ok {
		t.Errorf("witness %s does not break", jsonvalue.Encode(r.Arguments, ""))
	}
}

// TestFindDependentSchema: an added dependentSchemas entry constrains only
// calls that send its property: the property sent, the entry's bounds
// overstepped.
func TestFindDependentSchema(t *testing.T) {
	old := parse(t, `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}}}`)
	new := parse(t, `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"dependentSchemas":{"a":{"properties":{"b":{"maximum":3}}}}}`)
	p := NewPair(old, new, nil, nil)
	r := p.Find([]string{"dependentSchemas", "a"}, nil, nil)
	if r.Arguments == nil {
		t.Fatal("no witness")
	}
	if ok, _ := p.Breaks(r.Arguments); !ok {
		t.Errorf("witness %s does not break", jsonvalue.Encode(r.Arguments, ""))
	}
}
