package diff

import "testing"

func TestRefsFamily(t *testing.T) {
	runFamily(t, []familyCase{
		{"ref to true", `{"type":"object","$defs":{"T":true},"properties":{"v":{"$ref":"#/$defs/T"}}}`, obj(`{}`), nil},
		{"ref to false", `{"type":"object","$defs":{"F":false},"properties":{"v":{"$ref":"#/$defs/F"}}}`, obj(`{}`), []want{{"schema-opened", NonBreaking, p}}},
		{"non-string $ref", obj(`{"$ref":1}`), obj(`{}`), []want{{"keyword-changed", Breaking, p + ".$ref"}}},
		{"same unresolvable ref", obj(`{"$ref":"other.json"}`), obj(`{"$ref":"other.json"}`), nil},
	})
}
