package diff

import "testing"

// One test per "where we do better" item of the README (11-15).

// README 11: keywords SchemaPort never compares are classified.
func TestReadme11EveryKeywordClassified(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		want     []want
	}{
		{"prefixItems position by position, at depth",
			obj(`{"prefixItems":[{"type":"string"},{"type":"integer"}]}`),
			obj(`{"prefixItems":[{"type":"string"},{"type":"number","description":"n"}]}`),
			[]want{{"type-widened", NonBreaking, p + ".prefixItems[1].type"}, {"description-changed", Informational, p + ".prefixItems[1].description"}}},
		{"prefixItems grown is compared against the old items",
			obj(`{"items":{"type":"string"}}`),
			obj(`{"prefixItems":[{"type":"string","minLength":2}],"items":{"type":"string"}}`),
			[]want{{"constraint-added", Breaking, p + ".prefixItems[0].minLength"}}},
		{"tuple closed with items:false",
			obj(`{"prefixItems":[{"type":"string"}]}`), obj(`{"prefixItems":[{"type":"string"}],"items":false}`),
			[]want{{"schema-closed", Breaking, p + ".items"}}},
		// not {type: T} is the other types (negation.go).
		{"not: narrowing inside not widens",
			obj(`{"not":{"type":["string","null"]}}`), obj(`{"not":{"type":"string"}}`),
			[]want{{"type-widened", NonBreaking, p + ".not"}}},
		{"not: widening inside not narrows",
			obj(`{"not":{"type":"string"}}`), obj(`{"not":{"type":["string","null"]}}`),
			[]want{{"type-narrowed", Breaking, p + ".not"}}},
		// A not with no positive spelling: edits inside are breaking.
		{"not: narrowing inside a not of two keywords is not proven safe",
			obj(`{"not":{"type":"string","maxLength":5}}`), obj(`{"not":{"type":"string","maxLength":3}}`),
			[]want{{"constraint-narrowed", Breaking, p + ".not.maxLength"}}},
		{"not: widening inside a not of two keywords is breaking",
			obj(`{"not":{"type":"string","maxLength":3}}`), obj(`{"not":{"type":"string","maxLength":5}}`),
			[]want{{"constraint-relaxed", Breaking, p + ".not.maxLength"}}},
		{"patternProperties edited at depth",
			obj(`{"patternProperties":{"^a":{"maximum":5}}}`), obj(`{"patternProperties":{"^a":{"maximum":6}}}`),
			[]want{{"constraint-relaxed", NonBreaking, p + `.patternProperties["^a"].maximum`}}},
		{"patternProperties removed under additionalProperties:false is breaking",
			obj(`{"patternProperties":{"^a":{}},"additionalProperties":false}`), obj(`{"additionalProperties":false}`),
			[]want{{"pattern-property-removed", Breaking, p + `.patternProperties["^a"]`}}},
		{"propertyNames at depth",
			obj(`{"propertyNames":{"maxLength":8}}`), obj(`{"propertyNames":{"maxLength":4}}`),
			[]want{{"constraint-narrowed", Breaking, p + ".propertyNames.maxLength"}}},
		{"contains with minContains default 1 and maxContains",
			obj(`{"contains":{"type":"string"}}`), obj(`{"contains":{"type":"string"},"minContains":1,"maxContains":3}`),
			[]want{{"constraint-added", Breaking, p + ".maxContains"}}},
		{"minContains 0 relaxes the default",
			obj(`{"contains":{"type":"string"}}`), obj(`{"contains":{"type":"string"},"minContains":0}`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".minContains"}}},
		{"dependentRequired",
			obj(`{"dependentRequired":{"card":["cvv"]}}`), obj(`{"dependentRequired":{"card":["cvv","expiry"]}}`),
			[]want{{"dependent-required-added", Breaking, p + ".dependentRequired.card"}}},
		{"dependentSchemas at depth",
			obj(`{"dependentSchemas":{"a":{"required":["b"]}}}`), obj(`{"dependentSchemas":{"a":{"required":["b"],"properties":{"b":{}}}}}`),
			[]want{{"required-property-added", Breaking, p + ".dependentSchemas.a.properties.b"}}},
		{"if edits are breaking, then edits are classified",
			obj(`{"if":{"properties":{"k":{"const":1}}},"then":{"required":["a"]}}`),
			obj(`{"if":{"properties":{"k":{"const":1}},"required":["k"]},"then":{"required":[]}}`),
			[]want{{"property-made-required", Breaking, p + ".if.required"}, {"property-made-optional", NonBreaking, p + ".then.required"}}},
		{"unevaluatedProperties at depth",
			obj(`{"unevaluatedProperties":{"type":"string"}}`), obj(`{"unevaluatedProperties":{"type":"string","maxLength":3}}`),
			[]want{{"constraint-added", Breaking, p + ".unevaluatedProperties.maxLength"}}},
		{"unevaluatedItems closed",
			obj(`{"unevaluatedItems":true}`), obj(`{"unevaluatedItems":false}`),
			[]want{{"unevaluated-items-restricted", Breaking, p + ".unevaluatedItems"}}},
		{"unknown keyword changed is breaking",
			obj(`{"dependencies":{"a":["b"]}}`), obj(`{"dependencies":{"a":["c"]}}`),
			[]want{{"keyword-changed", Breaking, p + ".dependencies"}}},
		{"x-* and annotations are informational",
			obj(`{"x-a":1,"readOnly":false,"$comment":"a"}`), obj(`{"x-a":{"b":2},"writeOnly":true,"$comment":"b"}`),
			[]want{{"annotation-changed", Informational, p + ".$comment"}, {"annotation-changed", Informational, p + ".writeOnly"}, {"extension-changed", Informational, p + `["x-a"]`}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { checkChanges(t, diffSchemas(t, tc.old, tc.new), tc.want...) })
	}
}

// README 12: branch reorder is no change; edited branches are diffed
// against their counterpart; adding a oneOf branch is breaking.
func TestReadme12Branches(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		want     []want
	}{
		{"anyOf reorder", obj(`{"anyOf":[{"type":"string"},{"type":"number"}]}`), obj(`{"anyOf":[{"type":"number"},{"type":"string"}]}`), nil},
		{"oneOf and allOf reorder", obj(`{"oneOf":[{"type":"string"},{"type":"number"}],"allOf":[{"minimum":1},{"maximum":3}]}`),
			obj(`{"allOf":[{"maximum":3},{"minimum":1}],"oneOf":[{"type":"number"},{"type":"string"}]}`), nil},
		{"edited branch at full depth under its new index",
			obj(`{"anyOf":[{"type":"string"},{"type":"object","properties":{"a":{"type":"integer"}}}]}`),
			obj(`{"anyOf":[{"type":"object","properties":{"a":{"type":"integer","description":"x"}}},{"type":"string","description":"s"}]}`),
			[]want{{"description-changed", Informational, p + ".anyOf[0].properties.a.description"}, {"description-changed", Informational, p + ".anyOf[1].description"}}},
		{"edited anyOf branch narrowing", obj(`{"anyOf":[{"type":"string","maxLength":9},{"type":"null"}]}`),
			obj(`{"anyOf":[{"type":"null"},{"type":"string","maxLength":5}]}`),
			[]want{{"constraint-narrowed", Breaking, p + ".anyOf[1].maxLength"}}},
		{"oneOf branch widened into another is not proven safe", obj(`{"oneOf":[{"type":"string","maxLength":5},{"type":"string","minLength":7}]}`),
			obj(`{"oneOf":[{"type":"string","maxLength":9},{"type":"string","minLength":7}]}`),
			// The widened branch still covers its old values; the other
			// branch's values of length 7 to 9 now match both (cover.go).
			[]want{{"composition-narrowed", Breaking, p + ".oneOf"}, {"constraint-relaxed", NonBreaking, p + ".oneOf[0].maxLength"}}},
		{"oneOf branch widened, branches disjoint by type", obj(`{"oneOf":[{"type":"string","maxLength":5},{"type":"integer"}]}`),
			obj(`{"oneOf":[{"type":"string","maxLength":9},{"type":"integer"}]}`),
			[]want{{"constraint-relaxed", NonBreaking, p + ".oneOf[0].maxLength"}}},
		{"oneOf branch added", obj(`{"oneOf":[{"type":"number"}]}`), obj(`{"oneOf":[{"type":"integer"},{"type":"number"}]}`),
			[]want{{"one-of-branch-added", Breaking, p + ".oneOf[0]"}}},
		{"oneOf branch added, disjoint by type", obj(`{"oneOf":[{"type":"string"}]}`), obj(`{"oneOf":[{"type":"integer"},{"type":"string"}]}`),
			[]want{{"one-of-branch-added", NonBreaking, p + ".oneOf[0]"}}},
		{"oneOf of disjoint branches spelled anyOf", obj(`{"oneOf":[{"type":"string"},{"type":"integer"}]}`),
			obj(`{"anyOf":[{"type":"string"},{"type":"integer"}]}`), nil},
		{"anyOf branch swapped for an unrelated one", obj(`{"anyOf":[{"type":"string"},{"type":"null"}]}`),
			obj(`{"anyOf":[{"type":"null"},{"const":7}]}`),
			[]want{{"composition-narrowed", Breaking, p + ".anyOf"}, {"composition-widened", NonBreaking, p + ".anyOf"}}},
		{"branches equal as JSON values in another key order", obj(`{"anyOf":[{"type":"string","minLength":1},{"type":"null"}]}`),
			obj(`{"anyOf":[{"type":"null"},{"minLength":1.0,"type":"string"}]}`), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { checkChanges(t, diffSchemas(t, tc.old, tc.new), tc.want...) })
	}
}

// README 13: absent equals the default; const x equals enum [x]; values
// compare as JSON values.
func TestReadme13Defaults(t *testing.T) {
	same := []struct{ name, old, new string }{
		{"uniqueItems false", obj(`{}`), obj(`{"uniqueItems":false}`)},
		{"nullable false", obj(`{"nullable":false}`), obj(`{}`)},
		{"additionalProperties true", obj(`{}`), obj(`{"additionalProperties":true}`)},
		{"additionalProperties {}", obj(`{"additionalProperties":true}`), obj(`{"additionalProperties":{}}`)},
		{"minItems 0", obj(`{}`), obj(`{"minItems":0}`)},
		{"minLength 0", obj(`{"minLength":0}`), obj(`{}`)},
		{"minProperties 0", obj(`{}`), obj(`{"minProperties":0.0}`)},
		{"required []", `{"type":"object","properties":{"a":{}}}`, `{"type":"object","properties":{"a":{}},"required":[]}`},
		{"items {}", obj(`{"type":"array"}`), obj(`{"type":"array","items":{}}`)},
		{"items true", obj(`{"type":"array","items":true}`), obj(`{"type":"array"}`)},
		{"const x is enum [x]", obj(`{"const":"a"}`), obj(`{"enum":["a"]}`)},
		{"enum [x] is const x", obj(`{"enum":[{"a":1,"b":[1]}]}`), obj(`{"const":{"b":[1.0],"a":1}}`)},
		{"enum members as JSON values", obj(`{"enum":[{"a":1,"b":2},10]}`), obj(`{"enum":[1e1,{"b":2,"a":1}]}`)},
		{"bound 1 equals 1.0", obj(`{"maximum":1}`), obj(`{"maximum":1.0}`)},
		{"type integer equals [integer,number]... as number", obj(`{"type":"number"}`), obj(`{"type":["integer","number"]}`)},
		{"object-valued description unchanged", obj(`{"description":{"a":1,"b":2}}`), obj(`{"description":{"b":2,"a":1}}`)},
	}
	for _, tc := range same {
		t.Run(tc.name, func(t *testing.T) {
			checkChanges(t, diffSchemas(t, tc.old, tc.new))
			checkChanges(t, diffSchemas(t, tc.new, tc.old))
		})
	}
	t.Run("items gaining only a description is informational", func(t *testing.T) {
		checkChanges(t, diffSchemas(t, obj(`{"type":"array"}`), obj(`{"type":"array","items":{"description":"d"}}`)),
			want{"description-changed", Informational, p + ".items.description"})
	})
	t.Run("const x to enum [x, y] is an expansion", func(t *testing.T) {
		checkChanges(t, diffSchemas(t, obj(`{"const":"a"}`), obj(`{"enum":["a","b"]}`)),
			want{"enum-expanded", NonBreaking, p + ".enum"})
	})
}

// README 14: integer/number widening and narrowing, exact multipleOf.
func TestReadme14Numbers(t *testing.T) {
	checkChanges(t, diffSchemas(t, obj(`{"type":"integer"}`), obj(`{"type":"number"}`)), want{"type-widened", NonBreaking, p + ".type"})
	checkChanges(t, diffSchemas(t, obj(`{"type":["integer","string"]}`), obj(`{"type":["number","string"]}`)), want{"type-widened", NonBreaking, p + ".type"})
	checkChanges(t, diffSchemas(t, obj(`{"type":"number"}`), obj(`{"type":"integer"}`)), want{"type-narrowed", Breaking, p + ".type"})
	checkChanges(t, diffSchemas(t, obj(`{"multipleOf":60}`), obj(`{"multipleOf":30}`)), want{"constraint-relaxed", NonBreaking, p + ".multipleOf"})
	checkChanges(t, diffSchemas(t, obj(`{"multipleOf":30}`), obj(`{"multipleOf":60}`)), want{"constraint-narrowed", Breaking, p + ".multipleOf"})
	checkChanges(t, diffSchemas(t, obj(`{"multipleOf":0.3}`), obj(`{"multipleOf":0.1}`)), want{"constraint-relaxed", NonBreaking, p + ".multipleOf"})
	checkChanges(t, diffSchemas(t, obj(`{"multipleOf":4}`), obj(`{"multipleOf":6}`)), want{"constraint-narrowed", Breaking, p + ".multipleOf"})
	checkChanges(t, diffSchemas(t, obj(`{"multipleOf":18446744073709551615}`), obj(`{"multipleOf":18446744073709551614}`)),
		want{"constraint-narrowed", Breaking, p + ".multipleOf"})
	checkChanges(t, diffSchemas(t, obj(`{"maximum":18446744073709551615}`), obj(`{"maximum":18446744073709551614}`)),
		want{"constraint-narrowed", Breaking, p + ".maximum"})
	checkChanges(t, diffSchemas(t, obj(`{"maximum":1e400}`), obj(`{"maximum":1e401}`)),
		want{"constraint-relaxed", NonBreaking, p + ".maximum"})
	checkChanges(t, diffSchemas(t, obj(`{"minimum":0.30000000000000001}`), obj(`{"minimum":0.3}`)),
		want{"constraint-relaxed", NonBreaking, p + ".minimum"})
}

// README 15: an edit to a definition no $ref reaches is informational at most.
func TestReadme15UnreachableDefinitions(t *testing.T) {
	old := `{"type":"object","$defs":{"Unused":{"type":"string"},"Used":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/Used"}}}`
	new := `{"type":"object","$defs":{"Unused":{"type":"integer","minimum":3},"Used":{"type":"integer"}},"properties":{"a":{"$ref":"#/$defs/Used"}}}`
	checkChanges(t, diffSchemas(t, old, new),
		want{"type-changed", Breaking, "inputSchema.$defs.Used.type"},
		want{"constraint-added", Informational, "inputSchema.$defs.Unused.minimum"},
		want{"type-changed", Informational, "inputSchema.$defs.Unused.type"})
	// Without any $ref nothing reaches a definition.
	checkChanges(t, diffSchemas(t, `{"type":"object","definitions":{"A":{"required":["x"],"properties":{"x":{}}}}}`,
		`{"type":"object","definitions":{"A":{"properties":{"x":{}}}}}`),
		want{"property-made-optional", Informational, "inputSchema.definitions.A.required"})
}
