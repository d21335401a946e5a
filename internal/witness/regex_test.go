package witness

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/schemaport/schemaport-action/internal/tool"
)

var engines = map[string]jsonschema.Regexp{}

// matches judges a string as `pattern` does for the validator.
func matches(t *testing.T, pattern, s string) bool {
	t.Helper()
	re, ok := engines[pattern]
	if !ok {
		var err error
		if re, err = tool.ECMARegexpEngine(pattern); err != nil {
			t.Fatalf("%s: %v", pattern, err)
		}
		engines[pattern] = re
	}
	return re.MatchString(s)
}

func TestPatternStrings(t *testing.T) {
	for _, tc := range []struct {
		pattern        string
		minLen, maxLen int
		want           []string
	}{
		{`^[a-v0-9]{5,1024}$`, 0, -1, []string{"aaaaa"}},
		{`^[a-z0-9-]+$`, 3, -1, []string{"aaa"}},
		{`^\d{4}-\d{2}-\d{2}$`, 0, -1, []string{"0000-00-00"}},
		{`^(foo|bar)_[A-Z]{2}$`, 0, -1, []string{"bar_AA", "foo_AA"}},
		{`^cf_[a-z0-9_]+$`, 0, -1, []string{"cf_a", "cf_c"}},
		{`\bx`, 0, -1, []string{"x"}},
		{`^a.c$`, 0, -1, []string{"aac"}},
		{`^a{2000}$`, 0, 10, nil},
	} {
		got := patternStrings(tc.pattern, tc.minLen, tc.maxLen, len(tc.want)+0)
		if len(tc.want) == 0 {
			got = patternStrings(tc.pattern, tc.minLen, tc.maxLen, 1)
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: got %q, want %q", tc.pattern, got, tc.want)
		}
		for _, s := range got {
			if !matches(t, tc.pattern, s) {
				t.Errorf("%s: %q does not match", tc.pattern, s)
			}
		}
	}
	// Lookahead is regular but not walked: a plain guess the engine
	// confirms (guessStrings), never a wrong one.
	if got := patternStrings(`^(?=a)a$`, 0, -1, 1); len(got) != 1 || !matches(t, `^(?=a)a$`, got[0]) {
		t.Errorf("lookahead: %q", got)
	}
}

func TestSeparatingStrings(t *testing.T) {
	for _, tc := range []struct{ old, new, want string }{
		{`^[ab]`, `^a`, "b"},
		{`^[a-z]+$`, `^[a-z]{1,3}$`, "aaaa"},
		{`^[a-z0-9_]{5,1024}$`, `^[a-v0-9]{5,1024}$`, "aaaaw"},
		{`^\w+$`, `^\w+\b$`, ""},
		{`.`, `^[^\n]*$`, "a\n"},
		{`^a\s$`, `^a $`, "a\t"},
	} {
		got := separatingStrings([]string{tc.old}, []string{tc.new}, 0, -1, 1)
		if strings.Join(got, "") != tc.want {
			t.Errorf("%s vs %s: got %q, want %q", tc.old, tc.new, got, tc.want)
		}
		for _, s := range got {
			if !matches(t, tc.old, s) || matches(t, tc.new, s) {
				t.Errorf("%s vs %s: %q does not separate them", tc.old, tc.new, s)
			}
		}
	}
}

func TestPatternWidened(t *testing.T) {
	for _, tc := range []struct {
		old, new string
		want     bool
	}{
		{`^a`, `^[ab]`, true},
		{`^[a-v0-9]{5,1024}$`, `^[a-z0-9_]{5,1024}$`, true},
		{`^[a-z0-9_]{5,1024}$`, `^[a-v0-9]{5,1024}$`, false},
		{`abc`, `b`, true},
		{`^abc$`, `^abc`, true},
		{`^abc`, `^abc$`, false},
		{`^(?=a)`, `^a`, false}, // lookahead: cannot decide
		{`^\w+$`, `^\w+\b$`, true},
	} {
		if got := PatternWidened(tc.old, tc.new); got != tc.want {
			t.Errorf("%s -> %s: got %v, want %v", tc.old, tc.new, got, tc.want)
		}
	}
}

// TestPatternWalkAgreesWithEngine: for random small patterns, every string
// the walk offers is judged the same way by the validator's engine, and a
// proof that one pattern's strings all match another is not contradicted
// by any short string.
func TestPatternWalkAgreesWithEngine(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 3))
	atoms := []string{`a`, `b`, `[ab]`, `[^a]`, `.`, `\d`, `\w`, `\s`, `(a|bc)`, `(?:ab)?`, `\b`, `x`}
	quant := []string{``, ``, `*`, `+`, `?`, `{2}`, `{1,3}`}
	gen := func() string {
		var b strings.Builder
		if r.IntN(2) == 0 {
			b.WriteByte('^')
		}
		for i := 1 + r.IntN(3); i > 0; i-- {
			a := atoms[r.IntN(len(atoms))]
			b.WriteString(a)
			if a != `\b` {
				b.WriteString(quant[r.IntN(len(quant))])
			}
		}
		if r.IntN(2) == 0 {
			b.WriteByte('$')
		}
		return b.String()
	}
	alpha := []string{"a", "b", "c", "x", "1", " ", "\n", "_"}
	var short []string
	var grow func(prefix string, n int)
	grow = func(prefix string, n int) {
		short = append(short, prefix)
		if n == 0 {
			return
		}
		for _, c := range alpha {
			grow(prefix+c, n-1)
		}
	}
	grow("", 4)
	for i := 0; i < 300; i++ {
		old, new := gen(), gen()
		for _, s := range separatingStrings([]string{old}, []string{new}, 0, -1, 3) {
			if !matches(t, old, s) || matches(t, new, s) {
				t.Fatalf("%s vs %s: %q does not separate them", old, new, s)
			}
		}
		if PatternWidened(old, new) {
			for _, s := range short {
				if matches(t, old, s) && !matches(t, new, s) {
					t.Fatalf("%s -> %s called wider, but %q matches only the old", old, new, s)
				}
			}
		}
	}
}
