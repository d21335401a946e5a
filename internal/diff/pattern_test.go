package diff

import "testing"

func TestPatternFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"same text", obj(`{"pattern":"^(?=a)"}`), obj(`{"pattern":"^(?=a)"}`), nil},
		{"non-string", obj(`{"pattern":1}`), obj(`{"pattern":"1"}`), []want{{"keyword-changed", Breaking, p + ".pattern"}}},
	})
}
