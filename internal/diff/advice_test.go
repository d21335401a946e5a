package diff

import (
	"strings"
	"testing"
)

// TestBreakingMessagesSayHowToStayCompatible: a breaking change whose
// message proposes a compatible alternative names it, and the schema
// written that way instead breaks nothing.
func TestBreakingMessagesSayHowToStayCompatible(t *testing.T) {
	req := func(props, required string) string {
		return `{"type":"object","properties":` + props + `,"required":` + required + `}`
	}
	for _, tc := range []struct{ code, old, new, alt string }{
		{"property-made-required", req(`{"a":{"type":"string"},"b":{"type":"string"}}`, `["a"]`), req(`{"a":{"type":"string"},"b":{"type":"string"}}`, `["a","b"]`),
			req(`{"a":{"type":"string"},"b":{"type":"string","default":"x"}}`, `["a"]`)},
		{"required-property-added", req(`{"a":{"type":"string"}}`, `["a"]`), `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a","b"],"additionalProperties":false}`,
			req(`{"a":{"type":"string"},"b":{"type":"string","default":"x"}}`, `["a"]`)},
		{"type-changed", obj(`{"type":"integer"}`), obj(`{"type":"string"}`), obj(`{"type":["integer","string"]}`)},
		{"type-narrowed", obj(`{"type":["integer","string"]}`), obj(`{"type":"string"}`), obj(`{"type":["integer","string"]}`)},
		{"enum-narrowed", obj(`{"enum":["a","b"]}`), obj(`{"enum":["a"]}`), obj(`{"enum":["a","b"]}`)},
		{"enum-added", obj(`{"type":"string"}`), obj(`{"type":"string","enum":["a"]}`), obj(`{"type":"string","description":"One of: a."}`)},
		{"const-changed", obj(`{"const":"a"}`), obj(`{"const":"b"}`), obj(`{"enum":["a","b"]}`)},
		{"constraint-added", obj(`{"type":"integer"}`), obj(`{"type":"integer","minimum":1}`), obj(`{"type":"integer"}`)},
		{"constraint-narrowed", obj(`{"type":"integer","maximum":9}`), obj(`{"type":"integer","maximum":5}`), obj(`{"type":"integer","maximum":9}`)},
		{"pattern-added", obj(`{"type":"string"}`), obj(`{"type":"string","pattern":"^a"}`), obj(`{"type":"string"}`)},
		// A pattern edit is breaking by contract even when it widens; the
		// advice says so, and the compatible way is the old pattern.
		{"pattern-changed", obj(`{"type":"string","pattern":"^a"}`), obj(`{"type":"string","pattern":"^b"}`), obj(`{"type":"string","pattern":"^a"}`)},
		{"nullable-removed", obj(`{"type":"string","nullable":true}`), obj(`{"type":"string"}`), obj(`{"type":"string","nullable":true}`)},
		{"additional-properties-restricted", req(`{"a":{"type":"string"}}`, `[]`), `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`,
			req(`{"a":{"type":"string"},"extra":{}}`, `[]`)},
		{"property-removed", `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`, `{"type":"object","properties":{},"additionalProperties":false}`,
			`{"type":"object","properties":{"a":{"type":"string","description":"Deprecated; ignored."}},"additionalProperties":false}`},
	} {
		t.Run(tc.code, func(t *testing.T) {
			found := false
			for _, c := range diffSchemas(t, tc.old, tc.new) {
				if c.Code == tc.code && c.Classification == Breaking {
					found = true
					if !strings.Contains(c.Message, advice) {
						t.Errorf("message %q proposes no compatible alternative", c.Message)
					}
				}
			}
			if !found {
				t.Fatalf("no breaking %s: %s", tc.code, describe(diffSchemas(t, tc.old, tc.new)))
			}
			for _, c := range diffSchemas(t, tc.old, tc.alt) {
				if c.Classification == Breaking {
					t.Errorf("the compatible alternative %s still breaks: %s", tc.alt, describe([]Change{c}))
				}
			}
		})
	}
}

// TestNoAdviceInsideNot: inside `not` the change works the other way
// round, so the advice for callers meeting it as written is left out.
func TestNoAdviceInsideNot(t *testing.T) {
	for _, c := range diffSchemas(t, obj(`{"not":{"type":"string","maxLength":5}}`), obj(`{"not":{"type":"string","maxLength":3}}`)) {
		if strings.Contains(c.Message, advice) {
			t.Errorf("%s inside not carries advice: %q", c.Code, c.Message)
		}
	}
}

func TestWithoutAdvice(t *testing.T) {
	for in, want := range map[string]string{
		"A. To stay compatible, do x.":          "A.",
		"A. To stay compatible, do x. B extra.": "A. B extra.",
		"A.":                                    "A.",
	} {
		if got := withoutAdvice(in); got != want {
			t.Errorf("withoutAdvice(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRareBreakingCodesSayHowToStayCompatible: the less common breaking
// codes carry advice too, and following it (leaving the keyword out, or
// making the oneOf branches exclusive) breaks nothing.
func TestRareBreakingCodesSayHowToStayCompatible(t *testing.T) {
	for _, tc := range []struct{ code, old, new, alt string }{
		{"const-added", obj(`{}`), obj(`{"const":null}`), obj(`{}`)},
		{"array-items-added", obj(`{"type":"array"}`), obj(`{"type":"array","items":{"type":"string"}}`), obj(`{"type":"array"}`)},
		{"composition-added", obj(`{}`), obj(`{"anyOf":[{"minLength":1},{"maximum":3}]}`), obj(`{}`)},
		{"pattern-property-added", obj(`{}`), obj(`{"patternProperties":{"^x":{"type":"string"}}}`), obj(`{}`)},
		{"dependent-required-added", obj(`{}`), obj(`{"dependentRequired":{"a":["b"]}}`), obj(`{}`)},
		{"not-added", obj(`{}`), obj(`{"not":{"const":0}}`), obj(`{}`)},
		{"contains-added", obj(`{}`), obj(`{"contains":{"const":1}}`), obj(`{}`)},
		{"one-of-branch-added", obj(`{"oneOf":[{"type":"string"}]}`), obj(`{"oneOf":[{"type":"string"},{"maxLength":3}]}`),
			obj(`{"oneOf":[{"type":"string"},{"type":"integer"}]}`)},
		{"unevaluated-properties-restricted", obj(`{"type":"object"}`), obj(`{"type":"object","unevaluatedProperties":false}`), obj(`{"type":"object"}`)},
	} {
		t.Run(tc.code, func(t *testing.T) {
			found := false
			for _, c := range diffSchemas(t, tc.old, tc.new) {
				if c.Code == tc.code && c.Classification == Breaking {
					found = true
					if !strings.Contains(c.Message, advice) {
						t.Errorf("message %q proposes no compatible alternative", c.Message)
					}
				}
			}
			if !found {
				t.Fatalf("no breaking %s: %s", tc.code, describe(diffSchemas(t, tc.old, tc.new)))
			}
			for _, c := range diffSchemas(t, tc.old, tc.alt) {
				if c.Classification == Breaking {
					t.Errorf("the compatible alternative %s still breaks: %s", tc.alt, describe([]Change{c}))
				}
			}
		})
	}
}
