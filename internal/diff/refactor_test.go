package diff

import "testing"

// Refactors are not changes: each pair below accepts exactly the same
// values both ways round, so the diff may report nothing breaking or
// non-breaking in either direction (informational at most).
func TestRefactorsAreNotChanges(t *testing.T) {
	cases := []struct{ name, a, b string }{
		{"subschema moved into $defs behind a $ref",
			`{"type":"object","properties":{"addr":{"type":"object","properties":{"zip":{"type":"string","maxLength":10}},"required":["zip"]}}}`,
			`{"type":"object","properties":{"addr":{"$ref":"#/$defs/Addr"}},"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string","maxLength":10}},"required":["zip"]}}}`},
		{"definition used twice",
			`{"type":"object","properties":{"from":{"type":"string","format":"date"},"to":{"type":"string","format":"date"}}}`,
			`{"type":"object","properties":{"from":{"$ref":"#/$defs/D"},"to":{"$ref":"#/$defs/D"}},"$defs":{"D":{"type":"string","format":"date"}}}`},
		{"allOf split into branches",
			obj(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a"]}`),
			obj(`{"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"properties":{"b":{"type":"integer"}}}]}`)},
		{"allOf bounds split",
			obj(`{"type":"integer","minimum":1,"maximum":9}`),
			obj(`{"allOf":[{"type":"integer","minimum":1},{"maximum":9}]}`)},
		{"nested allOf merged",
			obj(`{"allOf":[{"allOf":[{"type":"string"},{"minLength":2}]},{"maxLength":5}]}`),
			obj(`{"allOf":[{"type":"string","minLength":2},{"maxLength":5}]}`)},
		{"properties reordered",
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a","b"]}`,
			`{"type":"object","required":["b","a"],"properties":{"b":{"type":"integer"},"a":{"type":"string"}}}`},
		{"enum reordered", obj(`{"enum":["x","y","z"]}`), obj(`{"enum":["z","x","y"]}`)},
		{"anyOf branches reordered", obj(`{"anyOf":[{"type":"string"},{"type":"integer","minimum":0}]}`),
			obj(`{"anyOf":[{"minimum":0,"type":"integer"},{"type":"string"}]}`)},
		{"oneOf branches reordered", obj(`{"oneOf":[{"type":"string"},{"type":"object","properties":{"k":{"const":1}},"required":["k"]}]}`),
			obj(`{"oneOf":[{"type":"object","properties":{"k":{"const":1}},"required":["k"]},{"type":"string"}]}`)},
		{"type list reordered", obj(`{"type":["string","null"]}`), obj(`{"type":["null","string"]}`)},
		{"enum of one is const", obj(`{"enum":["only"]}`), obj(`{"const":"only"}`)},
		{"enum of one object is const", obj(`{"enum":[{"a":1}]}`), obj(`{"const":{"a":1}}`)},
		{"type list is anyOf of single types", obj(`{"type":["string","integer"]}`),
			obj(`{"anyOf":[{"type":"string"},{"type":"integer"}]}`)},
		{"nullable type list is anyOf", obj(`{"type":["string","null"],"maxLength":5}`),
			obj(`{"anyOf":[{"type":"string","maxLength":5},{"type":"null"}]}`)},
		{"minimum on a string dropped", obj(`{"type":"string","minimum":3}`), obj(`{"type":"string"}`)},
		{"maxLength on an integer dropped", obj(`{"type":"integer","maxLength":3}`), obj(`{"type":"integer"}`)},
		{"items on an object dropped", obj(`{"type":"object","items":{"type":"string"}}`), obj(`{"type":"object"}`)},
		{"required on a string dropped", obj(`{"type":"string","required":["a"]}`), obj(`{"type":"string"}`)},
		{"pattern on an array dropped", obj(`{"type":"array","pattern":"^a"}`), obj(`{"type":"array"}`)},
		{"properties on a number dropped", obj(`{"type":"number","properties":{"a":{"type":"string"}}}`), obj(`{"type":"number"}`)},
		{"uniqueItems false dropped", obj(`{"type":"array","uniqueItems":false}`), obj(`{"type":"array"}`)},
		{"single-branch allOf around a $ref",
			`{"type":"object","properties":{"a":{"allOf":[{"$ref":"#/$defs/S"}]}},"$defs":{"S":{"type":"string"}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for dir, pair := range [][2]string{{tc.a, tc.b}, {tc.b, tc.a}} {
				for _, ch := range diffSchemas(t, pair[0], pair[1]) {
					if ch.Classification != Informational {
						t.Errorf("direction %d: %s %s at %s: %s", dir, ch.Classification, ch.Code, ch.Path, ch.Message)
					}
				}
			}
		})
	}
}
