package diff

import "testing"

// False positives found by the real-world trial (testdata/realworld in
// cmd/schemaport-action): harmless edits that were reported as breaking. Each case
// that is equivalent is also checked in reverse, and each near miss that is
// not equivalent must stay breaking.

// A `$schema` edit between JSON Schema dialects is informational, unless the
// schema uses a keyword that the new dialect applies and the old one
// ignored: then a validator that honours `$schema` may reject more.
func TestSchemaDialectChange(t *testing.T) {
	const (
		d7   = `"$schema":"http://json-schema.org/draft-07/schema#",`
		d7b  = `"$schema":"http://json-schema.org/draft-07/schema",`
		d4   = `"$schema":"http://json-schema.org/draft-04/schema#",`
		d201 = `"$schema":"https://json-schema.org/draft/2019-09/schema",`
		d202 = `"$schema":"https://json-schema.org/draft/2020-12/schema",`
	)
	root := func(dialect, body string) string { return `{` + dialect + `"type":"object"` + body + `}` }
	plain := `,"properties":{"a":{"type":"string","maxLength":5}},"required":["a"],"additionalProperties":false`
	runFamily(t, []familyCase{
		{"draft-07 to 2020-12", root(d7, plain), root(d202, plain),
			[]want{{"schema-dialect-changed", Informational, "inputSchema.$schema"}}},
		{"2020-12 to draft-07", root(d202, plain), root(d7, plain),
			[]want{{"schema-dialect-changed", Informational, "inputSchema.$schema"}}},
		{"draft-07 to absent (2020-12)", root(d7, plain), root("", plain),
			[]want{{"schema-dialect-changed", Informational, "inputSchema.$schema"}}},
		{"draft-04 to 2019-09", root(d4, plain), root(d201, plain),
			[]want{{"schema-dialect-changed", Informational, "inputSchema.$schema"}}},
		{"same dialect spelled differently", root(d7, plain), root(d7b, plain), nil},
		{"unknown dialect is not proven safe", root(d7, plain), root(`"$schema":"https://example.com/my-dialect",`, plain),
			[]want{{"keyword-changed", Breaking, "inputSchema.$schema"}}},
		{"non-string $schema", root(`"$schema":1,`, plain), root(d202, plain),
			[]want{{"keyword-changed", Breaking, "inputSchema.$schema"}}},
		// draft-07 ignores keywords beside $ref; 2019-09 on applies them.
		{"draft-07 to 2020-12 with constraints beside a $ref",
			root(d7, `,"$defs":{"S":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/S","maxLength":5}}`),
			root(d202, `,"$defs":{"S":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/S","maxLength":5}}`),
			[]want{{"schema-dialect-changed", Breaking, "inputSchema.$schema"}}},
		{"only annotations beside a $ref",
			root(d7, `,"$defs":{"S":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/S","description":"d"}}`),
			root(d202, `,"$defs":{"S":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/S","description":"d"}}`),
			[]want{{"schema-dialect-changed", Informational, "inputSchema.$schema"}}},
		// maxContains is a 2019-09 keyword: draft-07 validators ignore it.
		{"draft-07 to 2020-12 with maxContains",
			root(d7, `,"properties":{"l":{"type":"array","contains":{"const":1},"maxContains":2}}`),
			root(d202, `,"properties":{"l":{"type":"array","contains":{"const":1},"maxContains":2}}`),
			[]want{{"schema-dialect-changed", Breaking, "inputSchema.$schema"}}},
		// Going back stops applying it: that only accepts more.
		{"2020-12 to draft-07 with maxContains",
			root(d202, `,"properties":{"l":{"type":"array","contains":{"const":1},"maxContains":2}}`),
			root(d7, `,"properties":{"l":{"type":"array","contains":{"const":1},"maxContains":2}}`),
			[]want{{"schema-dialect-changed", Informational, "inputSchema.$schema"}}},
		// dependencies is gone from 2019-09: going back to draft-07 applies it.
		{"2020-12 to draft-07 with dependencies",
			root(d202, `,"properties":{"a":{}},"dependencies":{"a":["b"]}`),
			root(d7, `,"properties":{"a":{}},"dependencies":{"a":["b"]}`),
			[]want{{"schema-dialect-changed", Breaking, "inputSchema.$schema"}}},
		{"draft-04 to draft-07 with const", root(d4, `,"properties":{"k":{"const":1}}`), root(d7, `,"properties":{"k":{"const":1}}`),
			[]want{{"schema-dialect-changed", Breaking, "inputSchema.$schema"}}},
	})
}

// Equivalent spellings of the same set of values are no change, in both
// directions.
func TestEquivalentSpellings(t *testing.T) {
	same := []struct{ name, old, new string }{
		{"type union is anyOf of types", obj(`{"type":["string","null"]}`), obj(`{"anyOf":[{"type":"string"},{"type":"null"}]}`)},
		{"type union is oneOf of disjoint types", obj(`{"type":["string","null"]}`), obj(`{"oneOf":[{"type":"null"},{"type":"string"}]}`)},
		{"anyOf of types with annotations", obj(`{"type":["integer","string"],"title":"T"}`),
			obj(`{"anyOf":[{"type":"integer","description":"n"},{"type":"string"}],"title":"T"}`)},
		{"anyOf of types is oneOf of the same types", obj(`{"anyOf":[{"type":"string"},{"type":"boolean"}]}`), obj(`{"oneOf":[{"type":"boolean"},{"type":"string"}]}`)},
		{"$ref is single-branch allOf", `{"type":"object","properties":{"x":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`,
			`{"type":"object","properties":{"x":{"allOf":[{"$ref":"#/$defs/S"}]}},"$defs":{"S":{"type":"string"}}}`},
		{"single-branch allOf with a sibling annotation", `{"type":"object","properties":{"x":{"$ref":"#/$defs/S","description":"d"}},"$defs":{"S":{"type":"string"}}}`,
			`{"type":"object","properties":{"x":{"allOf":[{"$ref":"#/$defs/S"}],"description":"d"}},"$defs":{"S":{"type":"string"}}}`},
		{"single-branch anyOf", obj(`{"type":"string","maxLength":3}`), obj(`{"anyOf":[{"maxLength":3}],"type":"string"}`)},
		{"single-branch oneOf", obj(`{"minimum":1}`), obj(`{"oneOf":[{"minimum":1}]}`)},
		{"nested single branches", obj(`{"type":["string","null"]}`), obj(`{"allOf":[{"anyOf":[{"type":"string"},{"type":"null"}]}]}`)},
		{"Pydantic Optional with a string constraint", obj(`{"type":["string","null"],"maxLength":5}`),
			obj(`{"anyOf":[{"type":"string","maxLength":5},{"type":"null"}]}`)},
		{"integer exclusiveMinimum 0 is minimum 1", obj(`{"type":"integer","exclusiveMinimum":0}`), obj(`{"type":"integer","minimum":1}`)},
		{"integer exclusiveMaximum 10 is maximum 9", obj(`{"type":"integer","exclusiveMaximum":10}`), obj(`{"type":"integer","maximum":9}`)},
		{"integer minimum 0.5 is minimum 1", obj(`{"type":"integer","minimum":0.5}`), obj(`{"type":"integer","minimum":1}`)},
		{"integer negative bounds", obj(`{"type":["integer","null"],"exclusiveMinimum":-2.5,"maximum":-0.5}`), obj(`{"type":["integer","null"],"minimum":-2,"exclusiveMaximum":0}`)},
		{"redundant exclusive bound", obj(`{"minimum":5,"exclusiveMinimum":0}`), obj(`{"minimum":5}`)},
		{"maxContains without contains", obj(`{"type":"array","maxContains":3}`), obj(`{"type":"array"}`)},
		{"minContains without contains", obj(`{"type":"array","minContains":0}`), obj(`{"type":"array","minContains":2}`)},
	}
	for _, tc := range same {
		t.Run(tc.name, func(t *testing.T) {
			checkChanges(t, diffSchemas(t, tc.old, tc.new))
			checkChanges(t, diffSchemas(t, tc.new, tc.old))
		})
	}
}

// Widening into a nullable union is safe and says so where the new file
// spells it; narrowing out of one is breaking.
func TestNullableUnionWideningAndNarrowing(t *testing.T) {
	runFamily(t, []familyCase{
		{"string to anyOf [string, null]", obj(`{"type":"string"}`), obj(`{"anyOf":[{"type":"string"},{"type":"null"}],"default":null}`),
			[]want{{"type-widened", NonBreaking, p + ".anyOf"}}},
		{"anyOf [string, null] to string", obj(`{"anyOf":[{"type":"string"},{"type":"null"}]}`), obj(`{"type":"string"}`),
			[]want{{"type-narrowed", Breaking, p + ".type"}}},
		{"oneOf [string, null] to string", obj(`{"oneOf":[{"type":"string"},{"type":"null"}]}`), obj(`{"type":"string"}`),
			[]want{{"type-narrowed", Breaking, p + ".type"}}},
		{"Pydantic Optional keeps the constraint", obj(`{"type":"string","maxLength":5,"title":"N"}`),
			obj(`{"anyOf":[{"type":"string","maxLength":5},{"type":"null"}],"default":null,"title":"N"}`),
			[]want{{"type-widened", NonBreaking, p + ".anyOf"}}},
		{"Pydantic Optional with a tighter constraint", obj(`{"type":"string","maxLength":5}`),
			obj(`{"anyOf":[{"type":"string","maxLength":3},{"type":"null"}]}`),
			[]want{{"constraint-narrowed", Breaking, p + ".anyOf[0].maxLength"}, {"type-widened", NonBreaking, p + ".anyOf"}}},
		{"Pydantic Optional dropped", obj(`{"anyOf":[{"type":"integer","minimum":1},{"type":"null"}]}`), obj(`{"type":"integer","minimum":1}`),
			[]want{{"type-narrowed", Breaking, p + ".type"}}},
		{"Optional model behind a $ref",
			`{"type":"object","properties":{"v":{"$ref":"#/$defs/M"}},"$defs":{"M":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}}}`,
			`{"type":"object","properties":{"v":{"anyOf":[{"$ref":"#/$defs/M"},{"type":"null"}]}},"$defs":{"M":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}}}`,
			[]want{{"type-widened", NonBreaking, p + ".anyOf"}}},
		{"edit inside an Optional model is reported through the branch",
			`{"type":"object","properties":{"v":{"$ref":"#/$defs/M"}},"$defs":{"M":{"type":"object","properties":{"a":{"type":"string"}}}}}`,
			`{"type":"object","properties":{"v":{"anyOf":[{"$ref":"#/$defs/M"},{"type":"null"}]}},"$defs":{"M":{"type":"object","properties":{"a":{"type":"integer"}}}}}`,
			[]want{{"type-changed", Breaking, p + ".anyOf[0].properties.a.type"}, {"type-widened", NonBreaking, p + ".anyOf"}}},
		{"single-branch allOf gaining a constraint", `{"type":"object","properties":{"v":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`,
			`{"type":"object","properties":{"v":{"allOf":[{"$ref":"#/$defs/S"}],"maxLength":4}},"$defs":{"S":{"type":"string"}}}`,
			[]want{{"constraint-added", Breaking, p + ".maxLength"}}},
		{"single-branch allOf whose branch changed", obj(`{"type":"string"}`), obj(`{"allOf":[{"type":"string","minLength":2}]}`),
			[]want{{"constraint-added", Breaking, p + ".allOf[0].minLength"}}},
	})
}

// Spellings that look alike but accept different values stay breaking.
func TestNearEquivalentSpellingsStayBreaking(t *testing.T) {
	runFamily(t, []familyCase{
		// 1 is an integer and a number: it matches both branches.
		{"oneOf of overlapping types is not a union", obj(`{"type":["integer","number"]}`), obj(`{"oneOf":[{"type":"integer"},{"type":"number"}]}`),
			[]want{{"composition-added", Breaking, p + ".oneOf"}, {"type-widened", NonBreaking, p + ".type"}}},
		{"oneOf of a repeated type accepts none of it", obj(`{"type":"string"}`), obj(`{"oneOf":[{"type":"string"},{"type":"string"}]}`),
			[]want{{"composition-added", Breaking, p + ".oneOf"}, {"type-widened", NonBreaking, p + ".type"}}},
		// The constraint applies to every string, not only to one branch's.
		{"constraint beside the union", obj(`{"anyOf":[{"type":"string","maxLength":5},{"type":"null"}]}`), obj(`{"type":["string","null"],"maxLength":4}`),
			[]want{{"constraint-narrowed", Breaking, p + ".maxLength"}}},
		// Two branches of one kind each with a constraint: a union of ranges.
		{"two number branches with bounds", obj(`{"type":"number"}`), obj(`{"anyOf":[{"type":"number","maximum":1},{"type":"integer","minimum":5}]}`),
			[]want{{"composition-added", Breaking, p + ".anyOf"}, {"type-widened", NonBreaking, p + ".type"}}},
		// enum applies to every type, so it cannot leave its branch.
		{"enum inside a branch", obj(`{"type":["string","null"]}`), obj(`{"anyOf":[{"type":"string","enum":["a"]},{"type":"null"}]}`),
			[]want{{"composition-added", Breaking, p + ".anyOf"}, {"type-widened", NonBreaking, p + ".type"}}},
		// The types intersect to integer; the bound is what is new.
		{"single-branch allOf whose type a sibling narrows", obj(`{"type":"integer"}`), obj(`{"type":"integer","allOf":[{"type":"number","minimum":1}]}`),
			[]want{{"constraint-added", Breaking, p + ".allOf[0].minimum"}}},
		{"allOf whose patterns conflict", obj(`{"type":"string"}`), obj(`{"allOf":[{"type":"string","pattern":"a"},{"pattern":"b"}]}`),
			[]want{{"composition-added", Breaking, p + ".allOf"}, {"type-widened", NonBreaking, p + ".type"}}},
		{"number exclusiveMinimum 0 is not minimum 1", obj(`{"type":"number","exclusiveMinimum":0}`), obj(`{"type":"number","minimum":1}`),
			[]want{{"constraint-added", Breaking, p + ".minimum"}, {"constraint-removed", NonBreaking, p + ".exclusiveMinimum"}}},
		{"integer-or-number is not integer-only", obj(`{"type":["integer","number"],"exclusiveMinimum":0}`), obj(`{"type":["integer","number"],"minimum":1}`),
			[]want{{"constraint-added", Breaking, p + ".minimum"}, {"constraint-removed", NonBreaking, p + ".exclusiveMinimum"}}},
	})
}

// minimum and exclusiveMinimum (and the maximum pair) together make one
// bound: switching keyword is judged by the bound they make.
func TestBoundKeywordSwitch(t *testing.T) {
	num := func(body string) string { return obj(`{"type":"number",` + body + `}`) }
	integer := func(body string) string { return obj(`{"type":"integer",` + body + `}`) }
	runFamily(t, []familyCase{
		// minimum -> minimum and exclusiveMinimum -> exclusiveMinimum are the
		// plain per-keyword rules.
		{"number minimum 0 to minimum 1", num(`"minimum":0`), num(`"minimum":1`), []want{{"constraint-narrowed", Breaking, p + ".minimum"}}},
		{"number exclusiveMinimum 1 to exclusiveMinimum 0", num(`"exclusiveMinimum":1`), num(`"exclusiveMinimum":0`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".exclusiveMinimum"}}},
		// exclusiveMinimum 0 -> minimum 0 accepts 0 as well: relaxed.
		{"number exclusiveMinimum 0 to minimum 0", num(`"exclusiveMinimum":0`), num(`"minimum":0`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".minimum"}}},
		// minimum 0 -> exclusiveMinimum 0 rejects 0: narrowed.
		{"number minimum 0 to exclusiveMinimum 0", num(`"minimum":0`), num(`"exclusiveMinimum":0`),
			[]want{{"constraint-added", Breaking, p + ".exclusiveMinimum"}, {"constraint-removed", NonBreaking, p + ".minimum"}}},
		{"number minimum 5 to exclusiveMinimum 3", num(`"minimum":5`), num(`"exclusiveMinimum":3`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".exclusiveMinimum"}}},
		{"number both bounds loosened while one rose", num(`"minimum":5,"exclusiveMinimum":0`), num(`"minimum":0,"exclusiveMinimum":3`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".exclusiveMinimum"}}},
		{"integer exclusiveMinimum 0 to minimum 0", integer(`"exclusiveMinimum":0`), integer(`"minimum":0`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".minimum"}}},
		{"integer minimum 0 to exclusiveMinimum 0", integer(`"minimum":0`), integer(`"exclusiveMinimum":0`),
			[]want{{"constraint-added", Breaking, p + ".exclusiveMinimum"}, {"constraint-removed", NonBreaking, p + ".minimum"}}},
		{"integer minimum 1 to exclusiveMinimum 1", integer(`"minimum":1`), integer(`"exclusiveMinimum":1`),
			[]want{{"constraint-added", Breaking, p + ".exclusiveMinimum"}, {"constraint-removed", NonBreaking, p + ".minimum"}}},
		{"integer minimum 0 to minimum 0.5", integer(`"minimum":0`), integer(`"minimum":0.5`),
			[]want{{"constraint-narrowed", Breaking, p + ".minimum"}}},
		{"integer exclusiveMinimum 0 to exclusiveMinimum 0.5", integer(`"exclusiveMinimum":0`), integer(`"exclusiveMinimum":0.5`), nil},
		{"number exclusiveMaximum 10 to maximum 10", num(`"exclusiveMaximum":10`), num(`"maximum":10`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".maximum"}}},
		{"number maximum 10 to exclusiveMaximum 10", num(`"maximum":10`), num(`"exclusiveMaximum":10`),
			[]want{{"constraint-added", Breaking, p + ".exclusiveMaximum"}, {"constraint-removed", NonBreaking, p + ".maximum"}}},
		{"integer maximum 9 to exclusiveMaximum 9", integer(`"maximum":9`), integer(`"exclusiveMaximum":9`),
			[]want{{"constraint-added", Breaking, p + ".exclusiveMaximum"}, {"constraint-removed", NonBreaking, p + ".maximum"}}},
		{"integer exclusiveMaximum 10 to maximum 10", integer(`"exclusiveMaximum":10`), integer(`"maximum":10`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".maximum"}}},
		// maxContains only counts what contains matches.
		{"maxContains added without contains", obj(`{"type":"array"}`), obj(`{"type":"array","maxContains":1}`), nil},
		{"contains added with maxContains", obj(`{"type":"array","maxContains":1}`), obj(`{"type":"array","maxContains":1,"contains":{"const":1}}`),
			[]want{{"contains-added", Breaking, p + ".contains"}}},
		{"maxContains lowered with contains", obj(`{"type":"array","contains":{"const":1},"maxContains":3}`), obj(`{"type":"array","contains":{"const":1},"maxContains":2}`),
			[]want{{"constraint-narrowed", Breaking, p + ".maxContains"}}},
	})
}

// A oneOf branch added among reordered ones is reported at its own index,
// with only that branch as `after`.
func TestOneOfBranchAddedPointsAtTheBranch(t *testing.T) {
	old := obj(`{"oneOf":[{"type":"object","properties":{"k":{"const":"a"}}},{"type":"object","properties":{"k":{"const":"b"}}},{"type":"object","properties":{"k":{"const":"c"}}}]}`)
	new := obj(`{"oneOf":[{"type":"object","properties":{"k":{"const":"c"}}},{"type":"object","properties":{"k":{"const":"a"}}},{"type":"object","properties":{"k":{"const":"d"}},"required":["k"]},{"type":"object","properties":{"k":{"const":"b"}}}]}`)
	got := diffSchemas(t, old, new)
	checkChanges(t, got, want{"one-of-branch-added", Breaking, p + ".oneOf[2]"})
	if len(got) == 1 {
		if got[0].Before != nil || enc(got[0].After) != `{"type":"object","properties":{"k":{"const":"d"}},"required":["k"]}` {
			t.Errorf("before %s after %s, want only the new branch", enc(got[0].Before), enc(got[0].After))
		}
		if got[0].New.Line == 0 || got[0].Old != (Location{}) {
			t.Errorf("locations: new %+v old %+v", got[0].New, got[0].Old)
		}
	}
	// Two new branches: one change each, in index order. Disjoint by type
	// from every other branch, they reject nothing accepted before.
	checkChanges(t, diffSchemas(t, obj(`{"oneOf":[{"type":"string"}]}`), obj(`{"oneOf":[{"type":"integer","minimum":1},{"type":"string"},{"type":"boolean","const":true}]}`)),
		want{"one-of-branch-added", NonBreaking, p + ".oneOf[0]"}, want{"one-of-branch-added", NonBreaking, p + ".oneOf[2]"})
	// number overlaps integer: a value may match both now.
	checkChanges(t, diffSchemas(t, obj(`{"oneOf":[{"type":"integer"},{"type":"string"}]}`), obj(`{"oneOf":[{"type":"integer"},{"type":"string"},{"type":"number"}]}`)),
		want{"one-of-branch-added", Breaking, p + ".oneOf[2]"})
	// anyOf and allOf keep SchemaPort's whole-list before/after (spec 5.11).
	got = diffSchemas(t, obj(`{"anyOf":[{"type":"string"},{"type":"null"}]}`), obj(`{"anyOf":[{"type":"null"},{"type":"integer","minimum":1},{"type":"string"}]}`))
	checkChanges(t, got, want{"composition-widened", NonBreaking, p + ".anyOf"})
	if len(got) == 1 && (enc(got[0].Before) != `[{"type":"string"},{"type":"null"}]` || got[0].After == nil || len(got[0].After.Items) != 3) {
		t.Errorf("anyOf before/after: %s", describe(got))
	}
}

// Issue 9 (diff): a oneOf branch told apart from every other by a
// discriminator (a required property whose const or single-value enum
// differs) is non-breaking; without type object on either side a
// non-object value matches both, so it stays breaking.
func TestOneOfBranchAddedDisjointByDiscriminator(t *testing.T) {
	branch := func(typ, kind string) string {
		return `{` + typ + `"properties":{"kind":{"const":"` + kind + `"},"data":{"type":"string"}},"required":["kind"]}`
	}
	ob := `"type":"object",`
	checkChanges(t, diffSchemas(t, obj(`{"oneOf":[`+branch(ob, "a")+`,`+branch(ob, "b")+`]}`),
		obj(`{"oneOf":[`+branch(ob, "a")+`,`+branch(ob, "b")+`,`+branch(ob, "c")+`]}`)),
		want{"one-of-branch-added", NonBreaking, p + ".oneOf[2]"})
	// single-value enum as the discriminator
	checkChanges(t, diffSchemas(t, obj(`{"oneOf":[`+branch(ob, "a")+`]}`),
		obj(`{"oneOf":[`+branch(ob, "a")+`,{"type":"object","properties":{"kind":{"enum":["z"]}},"required":["kind"]}]}`)),
		want{"one-of-branch-added", NonBreaking, p + ".oneOf[1]"})
	// The same const: overlap.
	checkChanges(t, diffSchemas(t, obj(`{"oneOf":[`+branch(ob, "a")+`]}`), obj(`{"oneOf":[`+branch(ob, "a")+`,`+branch(ob, "a")+`]}`)),
		want{"one-of-branch-added", Breaking, p + ".oneOf[1]"})
	// No type: "x" matches both branches.
	checkChanges(t, diffSchemas(t, obj(`{"oneOf":[`+branch("", "a")+`]}`), obj(`{"oneOf":[`+branch("", "a")+`,`+branch("", "b")+`]}`)),
		want{"one-of-branch-added", Breaking, p + ".oneOf[1]"})
}
