package diff

import "testing"

// Per-family edge cases (the codes themselves are in codes_test.go, the
// README improvements in improvements_test.go).

type familyCase struct {
	name     string
	old, new string
	want     []want
}

func runFamily(t *testing.T, cases []familyCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { checkChanges(t, diffSchemas(t, tc.old, tc.new), tc.want...) })
	}
}
