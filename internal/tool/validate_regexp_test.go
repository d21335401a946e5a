package tool

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// The validity lists of loader.md §4.3 (Node 20 `new RegExp(p)`), plus the
// constructs where regexp2 alone would disagree with JavaScript.
var jsValidPatterns = []string{
	`^(?=.*\d).+$`, `(?<=a)b`, `(?<!a)b`, `^(a)\1$`, `(?<n>x)`, `(?<n>x)\k<n>`, `\k<n>(?<n>x)`, `\p{L}`, `a{,3}`,
	`\A`, `\Z`, `[[:alpha:]]`, `\u{3}`, `\k`, `a{`, `}`, `]`, `\c`, `\cA`, `[\d-z]`, `[a-\d]`, `(?=a)*`, `(?!a){2}`,
	`\8`, `\1(a)`, `[]`, `[^]`, `x{1,2`, `a{1}?`, `(?:)`, `()`, `a|`, `|`, `$^`, `[-a]`, `[a-]`, `\-`, `\/`,
	`[\b]`, `\0`, `[\c_]`, `\x4`, `\u12`, `[\1]`, `\377`, `[\400]`, `(?<$a>x)`, `(?<é>x)`, `[\c]`, `a{99999999999}`,
	`\t\n\v\f\r`, `[😀]`, `^[A-Z]{3}-[0-9]{4,8}$`, `^[^\s@]+@[^\s@]+$`,
}

var jsInvalidPatterns = []string{
	`(?i)abc`, `(?P<n>x)`, `([`, `[`, `a{2,1}`, `[z-a]`, `*`, `\`, `a**`, `a++`, `+a`, `?`, `(?<=a)*`, `(?<!a)+`,
	`^*`, `$+`, `\b*`, `\B{2}`, `(?<n>x)(?<n>y)`, `(?<n>x)\k<m>`, `(?<n>x)\k`, `)`, `a)`, `(`, `(a`, `(?#c)`, `(?x)a`,
	`(?<1a>x)`, `(?<>x)`, `(?<n`, `a{1,2}{3}`, `{1}`, `x|*`, `(?>a)`, `(?'n'x)`, `(?-i)a`, `(?i:a)`, `[\`,
	`(?<n>x)[\k]`, `a{99999999999,1}`,
}

func TestJSPatternValidity(t *testing.T) {
	for _, p := range jsValidPatterns {
		if reason := jsPatternError(p); reason != "" {
			t.Errorf("%q: JavaScript accepts it, got %q", p, reason)
		}
	}
	for _, p := range jsInvalidPatterns {
		if jsPatternError(p) == "" {
			t.Errorf("%q: JavaScript rejects it, got valid", p)
		}
	}
}

func TestCheckPattern(t *testing.T) {
	for _, p := range jsValidPatterns {
		err := checkPattern(p)
		var pe *PatternError
		if err != nil && (!errors.As(err, &pe) || !pe.Unsupported) {
			t.Errorf("%q: %v", p, err)
		}
	}
	// Constructs JavaScript accepts but regexp2 cannot run are refused as
	// unsupported, not silently accepted.
	deep := strings.Repeat("(", maxPatternNesting+1) + "a" + strings.Repeat(")", maxPatternNesting+1)
	for _, p := range []string{`[a-\d]`, `(?<$a>x)`, `[\c]`, `a{99999999999}`, deep} {
		var pe *PatternError
		if err := checkPattern(p); !errors.As(err, &pe) || !pe.Unsupported {
			t.Errorf("%q: want unsupported, got %v", p, err)
		}
	}
	for _, p := range jsInvalidPatterns {
		var pe *PatternError
		if err := checkPattern(p); !errors.As(err, &pe) || pe.Unsupported {
			t.Errorf("%q: want invalid, got %v", p, err)
		}
	}
	// Cached verdicts are the same verdicts: the second call is answered
	// from the cache.
	first, cached := checkPattern(`(?i)x`), checkPattern(`(?i)x`)
	if first == nil || cached == nil || checkPattern(`^(?=a)`) != nil {
		t.Error("cache changed a verdict")
	}
}

func TestECMARegexpEngineMatches(t *testing.T) {
	cases := []struct {
		pattern, s string
		want       bool
	}{
		{`^(?=.*\d).+$`, "abc1", true},
		{`^(?=.*\d).+$`, "abc", false},
		{`^(a)\1$`, "aa", true},
		{`(?<=\$)\d+`, "$42", true},
		{`[]`, "anything", false},
		{`^[^]$`, "\n", true},
		{`a[]b`, "ab", false},
		{`^\d+$`, "١٢", false}, // ECMAScript \d is ASCII only
		{`^\u00e9$`, "é", true},
	}
	for _, c := range cases {
		re, err := ECMARegexpEngine(c.pattern)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		if got := re.MatchString(c.s); got != c.want {
			t.Errorf("%q on %q = %v, want %v", c.pattern, c.s, got, c.want)
		}
	}
	if _, err := ECMARegexpEngine(`(?i)x`); err == nil {
		t.Error("engine accepted (?i)")
	}
	re, _ := compileECMA(`^(a+)+$`)
	if re.MatchTimeout != patternMatchTimeout {
		t.Error("match timeout not set")
	}
}

func TestNewSchemaCompilerUsesECMAScript(t *testing.T) {
	var schema any
	if err := json.Unmarshal([]byte(`{"type":"string","pattern":"^(?=.*[A-Z])(?=.*\\d).{8,}$"}`), &schema); err != nil {
		t.Fatal(err)
	}
	c := NewSchemaCompiler()
	if err := c.AddResource("mem:///s.json", schema); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("mem:///s.json")
	if err != nil {
		t.Fatalf("a lookahead pattern must compile: %v", err)
	}
	if err := sch.Validate("Passw0rdX"); err != nil {
		t.Errorf("valid value rejected: %v", err)
	}
	if err := sch.Validate("password"); err == nil {
		t.Error("value without a digit accepted")
	}

	// (?i) is RE2 syntax, not ECMAScript: compiling must fail.
	var bad any
	_ = json.Unmarshal([]byte(`{"type":"string","pattern":"(?i)abc"}`), &bad)
	c = NewSchemaCompiler()
	_ = c.AddResource("mem:///bad.json", bad)
	if _, err := c.Compile("mem:///bad.json"); err == nil {
		t.Error("(?i) compiled")
	}

	// External references are never fetched, from disk or network.
	var ext any
	_ = json.Unmarshal([]byte(`{"$ref":"file:///etc/hostname"}`), &ext)
	c = NewSchemaCompiler()
	_ = c.AddResource("mem:///ext.json", ext)
	if _, err := c.Compile("mem:///ext.json"); err == nil || !strings.Contains(err.Error(), "not loaded") {
		t.Errorf("external $ref: %v", err)
	}
}

// FuzzPattern: judging and compiling any pattern never panics, and a
// pattern the engine compiles is one the ECMAScript grammar accepts.
func FuzzPattern(f *testing.F) {
	for _, p := range append(append([]string{}, jsValidPatterns...), jsInvalidPatterns...) {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		jsOK := jsPatternError(p) == ""
		re, err := ECMARegexpEngine(p)
		if err == nil {
			if !jsOK {
				t.Fatalf("%q compiled but the grammar rejects it", p)
			}
			re.MatchString("abc 123 é😀")
		}
	})
}
