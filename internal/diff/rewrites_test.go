package diff

import "testing"

// Rewrites into an equivalent schema (merge.go, negation.go, equiv.go):
// each equivalent pair gives no change both ways; each near miss keeps the
// change that makes it breaking, reported where the file writes it.

func runSame(t *testing.T, same []struct{ name, old, new string }) {
	t.Helper()
	for _, tc := range same {
		t.Run(tc.name, func(t *testing.T) {
			checkChanges(t, diffSchemas(t, tc.old, tc.new))
			checkChanges(t, diffSchemas(t, tc.new, tc.old))
		})
	}
}

func TestAllOfFlattening(t *testing.T) {
	runSame(t, []struct{ name, old, new string }{
		{"properties split across branches", obj(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a","b"]}`),
			obj(`{"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"type":"object","properties":{"b":{"type":"integer"}},"required":["b"]}]}`)},
		{"type intersection with a sibling", obj(`{"type":"number"}`), obj(`{"allOf":[{"type":"number"}],"type":["number","string"]}`)},
		{"integer is the intersection of number and integer", obj(`{"type":"integer"}`), obj(`{"allOf":[{"type":"number"},{"type":["integer","string"]}]}`)},
		{"nested allOf", obj(`{"type":"string"}`), obj(`{"allOf":[{"allOf":[{"type":["number","string","boolean"]},{"type":["number","string"]}]},{"allOf":[{"type":["string","array"]},{"type":["string"]}]}]}`)},
		{"branches merged into one schema", obj(`{"type":"integer","minimum":0}`), obj(`{"allOf":[{"type":"integer"},{"minimum":0}]}`)},
		{"stricter bound wins", obj(`{"type":"string","minLength":3,"maxLength":5}`), obj(`{"allOf":[{"type":"string","minLength":1,"maxLength":5},{"minLength":3,"maxLength":9}]}`)},
		{"required united", obj(`{"type":"object","properties":{"a":{},"b":{}},"required":["a","b"]}`),
			obj(`{"type":"object","properties":{"a":{},"b":{}},"allOf":[{"required":["a"]},{"required":["b","a"]}]}`)},
	})
	runFamily(t, []familyCase{
		{"a change inside a branch is reported there", obj(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}}}`),
			obj(`{"allOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","properties":{"b":{"type":"string"}}}]}`),
			[]want{{"type-changed", Breaking, p + ".allOf[1].properties.b.type"}}},
		{"a property only the old schema has is reported there", obj(`{"allOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"b":{"type":"integer"}}}]}`),
			obj(`{"properties":{"a":{"type":"string"}}}`),
			// b is undeclared now, and the object is open (exact_test.go).
			[]want{{"property-removed", NonBreaking, p + ".allOf[1].properties.b"}}},
		// additionalProperties sees only the properties beside it: merging
		// another branch's properties would change what it closes.
		{"closed branch beside another branch's properties", obj(`{"type":"object","properties":{"a":{},"b":{}},"additionalProperties":false}`),
			obj(`{"allOf":[{"properties":{"a":{}},"additionalProperties":false},{"properties":{"b":{}}}]}`),
			[]want{{"composition-added", Breaking, p + ".allOf"}, {"additional-properties-relaxed", NonBreaking, p + ".additionalProperties"},
				{"property-removed", NonBreaking, p + ".properties.a"}, {"property-removed", NonBreaking, p + ".properties.b"}, {"type-widened", NonBreaking, p + ".type"}}},
		{"disjoint types are left alone", obj(`{"type":"string"}`), obj(`{"allOf":[{"type":"string"},{"type":"integer"}]}`),
			[]want{{"composition-added", Breaking, p + ".allOf"}, {"type-widened", NonBreaking, p + ".type"}}},
		{"the same property twice with different schemas is left alone", obj(`{"properties":{"a":{"type":"string"}}}`),
			obj(`{"allOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"a":{"maxLength":3}}}]}`),
			[]want{{"composition-added", Breaking, p + ".allOf"}, {"property-removed", NonBreaking, p + ".properties.a"}}},
		{"a tighter bound in a branch", obj(`{"type":"integer","minimum":0}`), obj(`{"allOf":[{"type":"integer","minimum":0},{"minimum":5}]}`),
			[]want{{"constraint-narrowed", Breaking, p + ".allOf[1].minimum"}}},
	})
}

func TestNotByPolarity(t *testing.T) {
	runSame(t, []struct{ name, old, new string }{
		{"not string is every other type", obj(`{"type":["array","boolean","integer","null","number","object"]}`), obj(`{"not":{"type":"string"}}`)},
		{"not number is every type but numbers", obj(`{"type":["array","boolean","null","object","string"]}`), obj(`{"not":{"type":"number"}}`)},
		{"double negation", obj(`{"type":"integer"}`), obj(`{"type":"number","not":{"not":{"type":"integer"}}}`)},
		{"minLength 1 is not maxLength 0", obj(`{"type":"string","minLength":1}`), obj(`{"type":"string","not":{"maxLength":0}}`)},
		{"minItems 1 is not maxItems 0", obj(`{"type":"array","items":{"type":"string"},"minItems":1}`), obj(`{"type":"array","items":{"type":"string"},"not":{"maxItems":0}}`)},
		{"not maxLength alone is strings only", obj(`{"type":"string","minLength":3}`), obj(`{"not":{"maxLength":2}}`)},
		{"not minimum is below it", obj(`{"type":"number","exclusiveMaximum":5}`), obj(`{"not":{"minimum":5}}`)},
		{"not exclusiveMaximum is from it", obj(`{"type":"integer","minimum":5}`), obj(`{"type":"integer","not":{"exclusiveMaximum":5}}`)},
		{"not false accepts everything", obj(`{"type":"string"}`), obj(`{"type":"string","not":false}`)},
		{"De Morgan", obj(`{"not":{"allOf":[{"type":["string","array"]},{"type":"array","items":{"type":"string"}}]}}`),
			obj(`{"anyOf":[{"not":{"type":["string","array"]}},{"not":{"type":"array","items":{"type":"string"}}}]}`)},
	})
	runFamily(t, []familyCase{
		// Narrowing the inner schema widens the outer one.
		{"not range moved up", obj(`{"type":"integer","not":{"minimum":50}}`), obj(`{"type":"integer","not":{"minimum":100}}`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".not.minimum"}}},
		{"not range moved down", obj(`{"type":"integer","not":{"minimum":100}}`), obj(`{"type":"integer","not":{"minimum":50}}`),
			[]want{{"constraint-narrowed", Breaking, p + ".not.minimum"}}},
		{"not maxLength 3 to 0", obj(`{"type":"string","not":{"maxLength":3}}`), obj(`{"type":"string","not":{"maxLength":0}}`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".not.maxLength"}}},
		{"a type joins not", obj(`{"not":{"type":"string"}}`), obj(`{"not":{"type":["string","null"]}}`),
			[]want{{"type-narrowed", Breaking, p + ".not"}}},
		{"not minLength 0 accepts nothing: left as written", obj(`{"type":"string"}`), obj(`{"type":"string","not":{"minLength":0}}`),
			[]want{{"not-added", Breaking, p + ".not"}}},
		{"not of integer has no type spelling", obj(`{"type":"number"}`), obj(`{"type":"number","not":{"type":"integer"}}`),
			[]want{{"not-added", Breaking, p + ".not"}}},
	})
}

// An edit inside a `not` that has no positive spelling says how it works
// outside.
func TestNotMessages(t *testing.T) {
	for _, tc := range []struct{ name, old, new, msg string }{
		{"relaxed inside not", obj(`{"not":{"type":"string","maxLength":3}}`), obj(`{"not":{"type":"string","maxLength":5}}`),
			"`maxLength` changed from 3 to 5; the range is wider now. This is inside `not`, so it works the other way round: values the inner schema now accepts are rejected."},
		{"narrowed inside not", obj(`{"not":{"type":"string","maxLength":5}}`), obj(`{"not":{"type":"string","maxLength":3}}`),
			"`maxLength` changed from 5 to 3; values that passed before may be rejected now. This is inside `not`, so it works the other way round: values the inner schema now rejects may be accepted, but the engine cannot prove that nothing accepted before is rejected, so treat it as breaking."},
		{"inside a not of a not", obj(`{"not":{"not":{"type":"string","maxLength":5},"type":"string"}}`), obj(`{"not":{"not":{"type":"string","maxLength":3},"type":"string"}}`),
			"`maxLength` changed from 5 to 3; values that passed before may be rejected now. This is inside a `not` of a `not`; it is not proven safe, so treat it as breaking."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := diffSchemas(t, tc.old, tc.new)
			if len(got) != 1 || got[0].Classification != Breaking || got[0].Message != tc.msg {
				t.Errorf("got %s\nmessage %q\nwant %q", describe(got), messages(got), tc.msg)
			}
		})
	}
}

func messages(cs []Change) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Message)
	}
	return out
}

func TestEquivalentEmptySpellings(t *testing.T) {
	runSame(t, []struct{ name, old, new string }{
		{"every type listed is no type", obj(`{}`), obj(`{"type":["string","array","number","integer","boolean","null","object"]}`)},
		{"every type but integer beside number", obj(`{"minLength":2}`), obj(`{"type":["string","array","number","boolean","null","object"],"minLength":2}`)},
		{"anyOf with a branch accepting everything", obj(`{}`), obj(`{"anyOf":[{},{"type":"string"}]}`)},
		{"additionalProperties false is maxProperties 0", obj(`{"type":"object","additionalProperties":false}`), obj(`{"type":"object","maxProperties":0}`)},
		{"items false is maxItems 0", obj(`{"type":"array","items":false}`), obj(`{"type":"array","maxItems":0}`)},
		{"items not {} is maxItems 0", obj(`{"type":"array","items":{"not":{}}}`), obj(`{"type":"array","maxItems":0}`)},
		{"maxProperties no lower than the declared count of a closed object", obj(`{"type":"object","properties":{"a":{}},"additionalProperties":false}`),
			obj(`{"type":"object","properties":{"a":{}},"additionalProperties":false,"maxProperties":1}`)},
	})
	runFamily(t, []familyCase{
		{"every type but integer, without number", obj(`{}`), obj(`{"type":["string","array","integer","boolean","null","object"]}`),
			[]want{{"type-narrowed", Breaking, p + ".type"}}},
		{"items accepting nothing to maxItems 3", obj(`{"type":"array","items":{"not":{}}}`), obj(`{"type":"array","maxItems":3}`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".maxItems"}}},
		{"maxProperties below the declared count", obj(`{"type":"object","properties":{"a":{},"b":{}},"additionalProperties":false}`),
			obj(`{"type":"object","properties":{"a":{},"b":{}},"additionalProperties":false,"maxProperties":1}`),
			[]want{{"constraint-added", Breaking, p + ".maxProperties"}}},
		{"additionalProperties false beside properties is not maxProperties 0", obj(`{"type":"object","properties":{"a":{}},"additionalProperties":false}`),
			obj(`{"type":"object","properties":{"a":{}},"maxProperties":0}`),
			[]want{{"constraint-added", Breaking, p + ".maxProperties"}, {"additional-properties-relaxed", NonBreaking, p + ".additionalProperties"}}},
	})
}

// oneOf accepts no more than anyOf over the same branches.
func TestOneOfToAnyOf(t *testing.T) {
	runFamily(t, []familyCase{
		{"overlapping oneOf to anyOf", obj(`{"oneOf":[{"type":"number"},{"type":"integer"}]}`), obj(`{"anyOf":[{"type":"number"},{"type":"integer"}]}`), nil},
		// Inside not, reading the old oneOf as the wider anyOf would hide a
		// narrowing: it is compared as written.
		{"overlapping oneOf to anyOf inside not", obj(`{"not":{"oneOf":[{"minItems":2},{"maxItems":1}]}}`), obj(`{"not":{"anyOf":[{"minItems":2},{"maxItems":1}]}}`),
			[]want{{"composition-removed", Breaking, p + ".not.oneOf"}}},
		{"overlapping anyOf to oneOf", obj(`{"anyOf":[{"type":"number"},{"type":"integer"}]}`), obj(`{"oneOf":[{"type":"number"},{"type":"integer"}]}`),
			[]want{{"composition-added", Breaking, p + ".oneOf"}, {"type-widened", NonBreaking, p + ".anyOf"}}},
	})
}

// A union whose every part the other schema covers (subsume.go).
func TestUnionByParts(t *testing.T) {
	runFamily(t, []familyCase{
		{"array length ranges to all arrays", obj(`{"anyOf":[{"minItems":3,"type":"array"},{"maxItems":1,"type":"array"}]}`), obj(`{"type":"array"}`),
			[]want{{"composition-removed", NonBreaking, p + ".anyOf"}}},
		{"oneOf of array parts to all arrays of numbers", obj(`{"oneOf":[{"items":{"type":"number"},"maxItems":1,"type":"array"},{"items":{"type":"number"},"minItems":3,"type":"array"}]}`),
			obj(`{"items":{"type":"number"},"type":"array"}`),
			[]want{{"composition-removed", NonBreaking, p + ".oneOf"}}},
		{"element types united", obj(`{"anyOf":[{"items":{"type":"string"},"type":"array"},{"items":{"type":"number"},"type":"array"}]}`),
			obj(`{"items":{"type":["string","number"]},"type":"array"}`),
			[]want{{"composition-removed", NonBreaking, p + ".anyOf"}}},
		{"siblings go with every part", obj(`{"anyOf":[{"minItems":3,"type":"array"},{"type":"array","maxItems":1}],"items":{"type":"string"}}`), obj(`{"type":"array","items":{"type":["string","null"]}}`),
			[]want{{"composition-removed", NonBreaking, p + ".anyOf"}}},
		{"a part the new schema does not cover", obj(`{"anyOf":[{"items":{"type":"string"},"type":"array"},{"type":"string"}]}`),
			obj(`{"items":{"type":["string","number"]},"type":"array"}`),
			[]want{{"type-narrowed", Breaking, p + ".type"}, {"type-widened", NonBreaking, p + ".items.type"}}},
		{"a branch another one covers is dropped", obj(`{"anyOf":[{"type":"integer"},{"type":"number"}]}`), obj(`{"anyOf":[{"type":"number"}]}`),
			[]want{{"composition-widened", NonBreaking, p + ".anyOf"}}},
		{"a oneOf branch another one covers is dropped", obj(`{"oneOf":[{"type":"string","maxLength":3},{"type":"string"},{"type":"null"}]}`),
			obj(`{"oneOf":[{"type":"string"},{"type":"null"}]}`),
			[]want{{"composition-widened", NonBreaking, p + ".oneOf"}}},
	})
}

func TestUnionByPartsMessages(t *testing.T) {
	for _, tc := range []struct{ old, new, msg string }{
		{obj(`{"anyOf":[{"minItems":3,"type":"array"},{"maxItems":1,"type":"array"}]}`), obj(`{"type":"array"}`),
			"`anyOf` was removed; the new schema accepts every value each of its branches accepted."},
		{obj(`{"anyOf":[{"type":"integer"},{"type":"number"}]}`), obj(`{"anyOf":[{"type":"number"}]}`),
			"A branch was removed from `anyOf`; another branch accepts every value it accepted."},
	} {
		got := diffSchemas(t, tc.old, tc.new)
		if len(got) != 1 || got[0].Message != tc.msg {
			t.Errorf("got %q, want %q", messages(got), tc.msg)
		}
	}
}

func TestJoinedRanges(t *testing.T) {
	runSame(t, []struct{ name, old, new string }{
		{"two array length ranges are every array", obj(`{"type":["array"]}`), obj(`{"anyOf":[{"minItems":3,"type":"array"},{"maxItems":2,"type":"array"}]}`)},
		{"disjoint oneOf ranges of a string", obj(`{"type":"string","maxLength":9}`), obj(`{"oneOf":[{"type":"string","maxLength":4},{"type":"string","minLength":5,"maxLength":9}]}`)},
		{"untyped anyOf ranges", obj(`{}`), obj(`{"anyOf":[{"maxLength":4},{"minLength":5}]}`)},
		{"overlapping anyOf ranges", obj(`{"type":"object","minProperties":1,"maxProperties":5}`), obj(`{"anyOf":[{"type":"object","minProperties":1,"maxProperties":3},{"type":"object","minProperties":2,"maxProperties":5}]}`)},
		{"not of one branch beside it", obj(`{"type":"number"}`), obj(`{"anyOf":[{"not":{"type":"integer"},"type":"number"},{"type":"integer"}]}`)},
	})
	runFamily(t, []familyCase{
		{"a gap between the ranges", obj(`{"type":"array"}`), obj(`{"anyOf":[{"minItems":3,"type":"array"},{"maxItems":1,"type":"array"}]}`),
			[]want{{"composition-added", Breaking, p + ".anyOf"}, {"type-widened", NonBreaking, p + ".type"}}},
		{"untyped oneOf ranges reject every other type", obj(`{}`), obj(`{"oneOf":[{"maxLength":4},{"minLength":5}]}`),
			[]want{{"composition-added", Breaking, p + ".oneOf"}}},
		{"overlapping oneOf ranges reject the overlap", obj(`{"type":"string"}`), obj(`{"oneOf":[{"type":"string","maxLength":4},{"type":"string","minLength":3}]}`),
			[]want{{"composition-added", Breaking, p + ".oneOf"}, {"type-widened", NonBreaking, p + ".type"}}},
	})
}

// Two closed objects that require properties the other does not allow
// cannot both match: a third such oneOf branch rejects nothing.
func TestOneOfClosedObjectsDisjoint(t *testing.T) {
	branch := func(p string) string {
		return `{"type":"object","properties":{"kind":{"type":"string"},"` + p + `":{"type":"string"}},"required":["kind","` + p + `"],"additionalProperties":false}`
	}
	open := `{"type":"object","properties":{"kind":{"type":"string"},"data":{"type":"string"}},"required":["kind"]}`
	runFamily(t, []familyCase{
		{"closed branches", obj(`{"oneOf":[` + branch("url") + `,` + branch("path") + `]}`), obj(`{"oneOf":[` + branch("url") + `,` + branch("path") + `,` + branch("data") + `]}`),
			[]want{{"one-of-branch-added", NonBreaking, p + ".oneOf[2]"}}},
		{"an open branch may overlap", obj(`{"oneOf":[` + branch("url") + `,` + branch("path") + `]}`), obj(`{"oneOf":[` + branch("url") + `,` + branch("path") + `,` + open + `]}`),
			[]want{{"one-of-branch-added", Breaking, p + ".oneOf[2]"}}},
	})
}

// An old schema that accepts nothing cannot be broken (unsat.go).
func TestOldSchemaAcceptingNothing(t *testing.T) {
	opened := func(path string) []want { return []want{{"schema-opened", NonBreaking, path}} }
	runFamily(t, []familyCase{
		{"minimum above maximum", obj(`{"type":"number","minimum":5,"maximum":3}`), obj(`{"type":"string"}`), opened(p)},
		{"exclusive bounds that meet", obj(`{"type":"number","exclusiveMinimum":3,"maximum":3}`), obj(`{"type":"integer","minimum":9}`), opened(p)},
		{"no integer in range", obj(`{"type":"integer","minimum":1.2,"maximum":1.8}`), obj(`{"type":"integer","const":4}`), opened(p)},
		{"maxLength below minLength", obj(`{"type":"string","minLength":4,"maxLength":3}`), obj(`{"type":"string","maxLength":1}`), opened(p)},
		{"items false with minItems", obj(`{"type":"array","items":false,"minItems":1}`), obj(`{"type":"array","items":{"type":"string"},"maxItems":1}`), opened(p)},
		{"items not {} with minItems", obj(`{"type":"array","items":{"not":{}},"minItems":1}`), obj(`{"type":"array","items":{"type":"string"}}`),
			[]want{{"schema-opened", NonBreaking, p + ".items"}, {"constraint-removed", NonBreaking, p + ".minItems"}}},
		{"closed object needing more properties than declared", obj(`{"type":"object","additionalProperties":false,"minProperties":1}`),
			obj(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`), opened(p)},
		{"closed object requiring an undeclared property", obj(`{"type":"object","properties":{"a":{}},"required":["b"],"additionalProperties":false}`),
			obj(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`), opened(p)},
		{"allOf of different types", obj(`{"allOf":[{"type":"string"},{"type":"number"}]}`), obj(`{"type":"boolean"}`), opened(p)},
		{"not of everything", obj(`{"not":{}}`), obj(`{"type":"boolean"}`), opened(p)},
		{"duplicate oneOf branches", obj(`{"oneOf":[{"type":"string"},{"type":"string"}]}`), obj(`{"type":"boolean"}`), opened(p)},
		{"const of a type not allowed", obj(`{"type":"string","const":1}`), obj(`{"type":"boolean"}`), opened(p)},
		{"required property accepting nothing", obj(`{"type":"object","properties":{"a":{"type":"string","maxLength":2,"minLength":3}},"required":["a"]}`),
			obj(`{"type":"object","properties":{"a":{"type":"string"},"b":{}},"required":["a","b"]}`), opened(p)},
		{"not of what the rest implies", obj(`{"type":"object","additionalProperties":{"type":"string"},"not":{"anyOf":[{"additionalProperties":{"type":"string"}},{"additionalProperties":{"type":"number"}}]}}`),
			obj(`{"type":"object","required":["a"],"properties":{"a":{}}}`), opened(p)},
		{"closed object whose allOf branch requires an undeclared property", `{"type":"object","properties":{"v":{"type":"object","allOf":[{"$ref":"#/$defs/B"}],"additionalProperties":false}},"$defs":{"B":{"properties":{"id":{}},"required":["id"]}}}`,
			`{"type":"object","properties":{"v":{"type":"object","properties":{"id":{}},"required":["id"],"additionalProperties":false}},"$defs":{"B":{"properties":{"id":{}},"required":["id"]}}}`, opened(p)},
		{"both accept nothing: no change", obj(`{"type":"string","minLength":4,"maxLength":3}`), obj(`{"type":"number","minimum":4,"maximum":3}`), nil},
		// Inside not, an old schema accepting nothing made the outer one
		// accept everything: the edit narrows.
		{"inside not it still breaks", obj(`{"not":{"type":"string","minLength":4,"maxLength":3}}`), obj(`{"not":{"type":"string","maxLength":3}}`),
			[]want{{"constraint-removed", Breaking, p + ".not.minLength"}}},
		// An optional property is non-breaking by the contract but narrows
		// the values an open object accepts: it proves nothing. The old
		// schema accepts {"c": 1}; the new one accepts no object.
		{"not over an optional property is not implied by an open object", obj(`{"type":"object","not":{"properties":{"c":{"type":"null"}}}}`),
			obj(`{"type":"object","not":{"properties":{"c":{}}}}`),
			[]want{{"type-widened", Breaking, p + ".not.properties.c.type"}}},
		// Satisfiable near misses keep their changes.
		{"minimum equal to maximum accepts one number", obj(`{"type":"number","minimum":3,"maximum":3}`), obj(`{"type":"number","minimum":4,"maximum":4}`),
			[]want{{"constraint-narrowed", Breaking, p + ".minimum"}, {"constraint-relaxed", NonBreaking, p + ".maximum"}}},
		{"a number allowed beside an impossible integer range", obj(`{"type":"number","minimum":1.2,"maximum":1.8}`), obj(`{"type":"integer"}`),
			[]want{{"type-narrowed", Breaking, p + ".type"}, {"constraint-removed", NonBreaking, p + ".maximum"}, {"constraint-removed", NonBreaking, p + ".minimum"}}},
	})
	got := diffSchemas(t, obj(`{"type":"number","minimum":5,"maximum":3}`), obj(`{"type":"string"}`))
	const msg = "The old schema here accepted no value (its lower bound is above its upper bound), so nothing accepted before can be rejected by what changed."
	if len(got) != 1 || got[0].Message != msg {
		t.Errorf("got %q, want %q", messages(got), msg)
	}
}

// A type added where the old schema had none of its own but restricted
// types through an applicator says so.
func TestTypeAddedBesideApplicatorMessage(t *testing.T) {
	got := diffSchemas(t, obj(`{"anyOf":[{"type":"string"},{"type":"integer","minimum":3},{"type":"integer","maximum":1}]}`), obj(`{"type":"string"}`))
	const msg = "Type string is now required here; the old schema had no `type` of its own (its `anyOf` decided which values it accepted), so values of other types it accepted are rejected."
	for _, c := range got {
		if c.Code == "type-narrowed" {
			if c.Message != msg {
				t.Errorf("got %q, want %q", c.Message, msg)
			}
			return
		}
	}
	t.Errorf("no type-narrowed in %s", describe(got))
}
