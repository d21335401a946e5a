package diff

import "testing"

// Issue 9 (diff): annotation keywords never make a change breaking, also
// where relaxations are (inside not and overlapping oneOf branches).
func TestAnnotationsAreInformational(t *testing.T) {
	for _, tc := range []struct{ key, old, new string }{
		{"example", `"a"`, `"b"`},
		{"examples", `["a"]`, `["b"]`},
		{"deprecated", `false`, `true`},
		{"readOnly", `false`, `true`},
		{"writeOnly", `false`, `true`},
		{"title", `"A"`, `"B"`},
		{"$comment", `"a"`, `"b"`},
		{"x-order", `1`, `2`},
	} {
		for _, wrapIn := range []func(string) string{
			func(s string) string { return obj(s) },
			func(s string) string { return obj(`{"not":` + s + `}`) },
			func(s string) string { return obj(`{"oneOf":[` + s + `,{"type":"integer"}]}`) },
		} {
			o := wrapIn(`{"type":"string","` + tc.key + `":` + tc.old + `}`)
			n := wrapIn(`{"type":"string","` + tc.key + `":` + tc.new + `}`)
			got := diffSchemas(t, o, n)
			if len(got) != 1 || got[0].Classification != Informational || got[0].Code == "keyword-changed" {
				t.Errorf("%s changed in %s: want one informational change, got:%s", tc.key, o, describe(got))
			}
		}
	}
}
