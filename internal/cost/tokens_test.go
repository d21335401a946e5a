package cost

import (
	"math/rand/v2"
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
