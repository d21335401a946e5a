package tool

import (
	"strings"
	"testing"
	"time"

	"github.com/dlclark/regexp2"
)

// The translated pattern on Go's regexp must agree with the ECMAScript
// engine on every value without astral characters.
func TestLinearTranslationAgreesWithECMAScript(t *testing.T) {
	patterns := []string{
		`^[A-Z]{3}-[0-9]{4,8}$`, `^[^\s@]+@[^\s@]+$`, `^.+$`, `^.$`, `\s`, `^\S+$`, `a.c`, `^\d+(\.\d+)?$`,
		`^(a+)+$`, `^[\w.-]+$`, `\bword\b`, `^\x41\u00e9$`, `a{`, `a{2}`, `x{1,2`, `^a{2,}$`, `}`, `]`, `[[]`,
		`[\]]`, `[a\-z]`, `^[\s]+$`, `[\b]`, `\0`, `^\t\n\v\f\r$`, `a|`, `(?:)`, `()`, `$^`, `[-a]`, `[a-]`,
		`\/`, `[é-ü]`, `^[^a]$`, `^\W\D$`, `[\d\w]`, `^\u2028$`,
	}
	values := []string{"", "a", "abc", "ABC-1234", "a@b", "a b", "x\u2028y", "\u00a0", "\ufeff", "a\nc", "a\rc", "aXc",
		"1.5", "aaaaaaaa", "aaaa!", "a_b-c.d", "word", "a word here", "Aé", "a{", "aa", "a{1,2", "}", "]", "[", "-", "z",
		"\b", "\x00", "\t\n\v\f\r", "/", "ö", "b", "!0", "\u2028", "é", "aaa"}
	linear := 0
	for _, p := range patterns {
		lin := linearRegexp(p)
		if lin == nil {
			continue
		}
		linear++
		re, err := regexp2.Compile(translateForRegexp2(p), regexp2.ECMAScript)
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		for _, v := range values {
			if strings.ContainsAny(v, "\u2028\u2029") && strings.Contains(p, ".") {
				continue // see TestLinearDotExcludesLineTerminators
			}
			want, _ := re.MatchString(v)
			if got := lin.MatchString(v); got != want {
				t.Errorf("pattern %q value %q: linear %v, ECMAScript %v", p, v, got, want)
			}
		}
	}
	if linear < len(patterns)-3 {
		t.Errorf("only %d of %d patterns run linearly", linear, len(patterns))
	}
}

// Lookaround, backreferences and the JavaScript-only forms stay on the
// ECMAScript engine.
func TestPatternsThatNeedBacktracking(t *testing.T) {
	for _, p := range []string{`^(?=.*\d).+$`, `(?<=a)b`, `(?<!a)b`, `^(a)\1$`, `(?<n>x)`, `[]`, `[^]`, `\cA`, `\k`,
		`[\d-z]`, `\8`, `\377`, `a{1001}`, `[\S]`, `\uD83D`, `\p{L}`} {
		if linearRegexp(p) != nil {
			t.Errorf("%q runs linearly", p)
		}
	}
}

// `.` follows JavaScript, which excludes every line terminator; regexp2
// (the backtracking engine) lets U+2028 and U+2029 through.
func TestLinearDotExcludesLineTerminators(t *testing.T) {
	engine, err := ECMARegexpEngine(`^.$`)
	if err != nil {
		t.Fatal(err)
	}
	for v, want := range map[string]bool{"é": true, "\n": false, "\r": false, "\u2028": false, "\u2029": false} {
		if got := engine.MatchString(v); got != want {
			t.Errorf("^.$ on %q: %v, want %v", v, got, want)
		}
	}
}

// FuzzLinearPattern: where the translation accepts a pattern, Go's regexp
// and the ECMAScript engine agree on printable ASCII values (without line
// terminators, where `.` differs on purpose, see above).
func FuzzLinearPattern(f *testing.F) {
	for _, p := range []string{`^[A-Z]{3}-[0-9]{4,8}$`, `^[^\s@]+@[^\s@]+$`, `a{`, `[\b]`, `^(a+)+$`, `\bx\B`, `[-a\]]`, `x{2,}?`} {
		f.Add(p, "ABC-1234 a@b x{")
	}
	f.Fuzz(func(t *testing.T, pattern, value string) {
		if jsPatternError(pattern) != "" {
			return
		}
		lin := linearRegexp(pattern)
		if lin == nil {
			return
		}
		for i := 0; i < len(value); i++ {
			if value[i] < 0x20 || value[i] > 0x7e {
				return
			}
		}
		re, err := regexp2.Compile(translateForRegexp2(pattern), regexp2.ECMAScript)
		if err != nil {
			return
		}
		re.MatchTimeout = 100 * time.Millisecond
		want, err := re.MatchString(value)
		if err != nil {
			return
		}
		if got := lin.MatchString(value); got != want {
			t.Errorf("pattern %q value %q: linear %v, ECMAScript %v (translated %q)", pattern, value, got, want, lin.String())
		}
	})
}

// TestRegularPatternCounts: counts past RE2's 1000 are kept as written,
// and a lazy mark after them changes nothing.
func TestRegularPatternCounts(t *testing.T) {
	for _, tc := range []struct{ pattern, want string }{
		{`^[a-v0-9]{5,1024}$`, `(?-m:\A[0-9a-v]{5,1024}$)`},
		{`^(ab){2000}?c$`, `(?-m:\A(ab){2000}c$)`},
		{`^x{1001,}$`, `(?-m:\Ax{1001,}$)`},
		{`^a{2,3}$`, `(?-m:\Aa{2,3}$)`},
	} {
		re, ok := RegularPattern(tc.pattern)
		if !ok {
			t.Errorf("%s: not parsed", tc.pattern)
			continue
		}
		if got := re.String(); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.pattern, got, tc.want)
		}
	}
	for _, p := range []string{`^(?=a)`, `(a)\1`, `^a{200000}$`} {
		if _, ok := RegularPattern(p); ok {
			t.Errorf("%s: parsed", p)
		}
	}
}
