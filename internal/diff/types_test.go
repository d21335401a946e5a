package diff

import "testing"

func TestTypesFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"nullable union narrowed", obj(`{"type":["string","null"]}`), obj(`{"type":"string"}`), []want{{"type-narrowed", Breaking, p + ".type"}}},
		{"array of one equals the string", obj(`{"type":["string"]}`), obj(`{"type":"string"}`), nil},
		{"malformed type", obj(`{"type":5}`), obj(`{"type":"string"}`), []want{{"keyword-changed", Breaking, p + ".type"}}},
		{"integer to number|string widened", obj(`{"type":"integer"}`), obj(`{"type":["string","number"]}`), []want{{"type-widened", NonBreaking, p + ".type"}}},
	})
}
