package report

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"
)

// The selector prints what AnnotationsSeeAlso prints for the same
// annotations, whatever their number, levels, priorities and ties (equal
// annotations keep the order they came in), with and without overflow.
func TestAnnotationSelectorMatchesAnnotationsSeeAlso(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	levels := []string{LevelError, LevelWarning, LevelNotice, "info", ""}
	for round := 0; round < 300; round++ {
		n := rng.IntN(60)
		limit := []int{0, 1, 2, 3, 10}[rng.IntN(5)]
		items := make([]Annotation, n)
		for i := range items {
			items[i] = Annotation{
				Level:    levels[rng.IntN(len(levels))],
				Priority: rng.IntN(3),
				File:     "f" + strconv.Itoa(rng.IntN(3)),
				Line:     rng.IntN(4),
				Title:    "t" + strconv.Itoa(rng.IntN(2)),
				Message:  "m" + strconv.Itoa(rng.IntN(2)),
				Breaking: rng.IntN(3) == 0,
			}
		}
		var want, got bytes.Buffer
		if err := AnnotationsSeeAlso(&want, items, limit, "the report"); err != nil {
			t.Fatal(err)
		}
		sel := NewAnnotationSelector(limit)
		for _, a := range items {
			sel.Add(a)
		}
		if err := sel.Write(&got, "the report"); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("round %d (%d annotations, limit %d):\n%s\nwant\n%s", round, n, limit, got.String(), want.String())
		}
	}
}
