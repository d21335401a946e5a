package cost

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The hand-written splitter gives the library's count on text made of the
// characters it handles, including the corners of the expression:
// contractions, capitals runs, digit groups, punctuation before letters,
// space runs before punctuation, letters and line ends.
func TestSplitterMatchesLibrary(t *testing.T) {
	fixed := []string{
		"", "a", " ", "  ", "   x", "\n", " \n", "a\n\n", "  \n  \n", "x  ", "x   \n",
		`  "name": "refund_order",`, `"description": "Refunds an order. It's the customer's choice; they'll see it."`,
		"HTTPServer's ID'S I'm we're you've I'd ABc AbC aBC", "12345 1234567 a1b2 3.14159 -42 1e+21",
		`"pattern": "^[a-z]{2,3}/\\d+$"`, "}, ] ], {}, [], \"\": null", `//comment /* x */ a/b/c`,
		"foo\"bar", "(\"name", "don't DON'T Don'T 'tis", "''s 's", "a 'll", " 're",
	}
	for _, s := range fixed {
		checkCount(t, s)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte(" \n\n  aAbBzZ'sStTrReEvVlLmMdD019\"{}[],:./\\-_!?#")
	for range 20000 {
		b := make([]byte, 1+rng.IntN(24))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		checkCount(t, string(b))
	}
}

func checkCount(t *testing.T, s string) {
	t.Helper()
	c := &counter{lines: map[string]int32{}, pieces: map[string]int32{}}
	if got, want := c.count([]byte(s)), libraryCount(s); got != want {
		var pieces []string
		splitASCII([]byte(s), func(p []byte) { pieces = append(pieces, string(p)) })
		t.Fatalf("%q: %d tokens, library %d; pieces %q", s, got, want, pieces)
	}
}

// spaceRunTokens gives the library's count of every run up to 1,100
// spaces and of longer runs up to 20,000 (the indentation of a schema
// 10,000 levels deep, the parser's limit), each counted whole by the
// library.
func TestSpaceRunTokens(t *testing.T) {
	check := func(n int) {
		if got, want := spaceRunTokens(n), libraryCount(strings.Repeat(" ", n)); got != want {
			t.Fatalf("%d spaces: %d tokens, the library counts %d", n, got, want)
		}
	}
	for n := 0; n <= 1100; n++ {
		check(n)
	}
	for n := 1101; n <= 20000; n += 997 {
		check(n)
		check(n + 1)
	}
	if k := libraryCount(strings.Repeat(" ", spaceRun)); k != 1 {
		t.Errorf("a run of %d spaces is %d tokens", spaceRun, k)
	}
}
