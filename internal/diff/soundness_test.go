package diff

import "testing"

// Regression tests from the compliance review of issue 4: each pair below
// once reported a breaking change as safe (or not at all).

// A $ref with sibling keywords inside the definition it points to: the use
// site is a different schema from the definition itself, so the walk must
// not mistake it for the cycle it is in.
func TestCycleThroughRefWithSiblingsIsCompared(t *testing.T) {
	def := func(max string) string {
		return `{"type":"object","$defs":{"A":{"type":"object","properties":{"x":{"$ref":"#/$defs/A","maxProperties":` + max + `}}}},"properties":{"root":{"$ref":"#/$defs/A"}}}`
	}
	checkChanges(t, diffSchemas(t, def("3"), def("2")),
		want{"constraint-narrowed", Breaking, "inputSchema.$defs.A.properties.x.maxProperties"})
	root := func(max string) string {
		return `{"type":"object","properties":{"x":{"$ref":"#","maxProperties":` + max + `}}}`
	}
	checkChanges(t, diffSchemas(t, root("3"), root("2")),
		want{"constraint-narrowed", Breaking, "inputSchema.properties.x.maxProperties"})
}

// A recursion that passes through `not` meets the same pair of definitions
// in a context where relaxing is not safe: it must be compared there too.
func TestCycleCutKeepsContext(t *testing.T) {
	def := func(max string) string {
		return `{"type":"object","$defs":{"A":{"type":"object","properties":{"s":{"maxLength":` + max + `}},"not":{"properties":{"n":{"$ref":"#/$defs/A"}}}}},"properties":{"root":{"$ref":"#/$defs/A"}}}`
	}
	checkChanges(t, diffSchemas(t, def("5"), def("9")),
		want{"constraint-relaxed", Breaking, "inputSchema.$defs.A.properties.s.maxLength"},
		want{"constraint-relaxed", NonBreaking, "inputSchema.$defs.A.properties.s.maxLength"})
}

// The loader accepts `#name` references to an `$anchor`: they are followed
// like pointers, so an edit behind one is reported at the use site.
func TestAnchorRefsAreFollowed(t *testing.T) {
	anchored := func(typ string) string {
		return `{"type":"object","$defs":{"S":{"$anchor":"s","type":"` + typ + `"}},"properties":{"a":{"$ref":"#s"}}}`
	}
	checkChanges(t, diffSchemas(t, anchored("string"), anchored("integer")),
		want{"type-changed", Breaking, "inputSchema.properties.a.type"})
	// Moving the anchor's schema inline is no change.
	inline := `{"type":"object","properties":{"a":{"type":"string"}}}`
	checkChanges(t, diffSchemas(t, anchored("string"), inline))
	checkChanges(t, diffSchemas(t, inline, anchored("string")))
}

// A definition reached only through a reference the engine does not follow
// ($dynamicRef) is not proven unreachable: its edits keep their class.
func TestDefinitionsBehindUnfollowedRefsKeepTheirClass(t *testing.T) {
	dyn := func(typ string) string {
		return `{"type":"object","$defs":{"S":{"$dynamicAnchor":"s","type":"` + typ + `"}},"properties":{"a":{"$dynamicRef":"#s"}}}`
	}
	checkChanges(t, diffSchemas(t, dyn("string"), dyn("integer")),
		want{"type-changed", Breaking, "inputSchema.$defs.S.type"})
	// Nor can a definition appearing or disappearing be proven harmless.
	withDef := `{"type":"object","$defs":{"S":{"$dynamicAnchor":"s","type":"string"}},"properties":{"a":{"$dynamicRef":"#s"}}}`
	without := `{"type":"object","$defs":{},"properties":{"a":{"$dynamicRef":"#s"}}}`
	checkChanges(t, diffSchemas(t, withDef, without), want{"definition-removed", Breaking, "inputSchema.$defs.S"})
}

// Where additionalProperties is a schema, a caller may already send any
// name with a value matching it. Declaring that name with a schema that
// does not accept those values breaks such callers.
func TestOptionalPropertyAddedUnderAdditionalSchema(t *testing.T) {
	open := `{"type":"object","additionalProperties":{"type":"string"}}`
	checkChanges(t, diffSchemas(t, open, `{"type":"object","properties":{"a":{"type":"integer"}},"additionalProperties":{"type":"string"}}`),
		want{"optional-property-added", Breaking, "inputSchema.properties.a"})
	// One that accepts at least as much stays non-breaking.
	checkChanges(t, diffSchemas(t, open, `{"type":"object","properties":{"a":{"type":["string","null"],"description":"x"}},"additionalProperties":{"type":"string"}}`),
		want{"optional-property-added", NonBreaking, "inputSchema.properties.a"})
	// additionalProperties false or absent: callers send no undeclared names.
	checkChanges(t, diffSchemas(t, `{"type":"object","additionalProperties":false}`, `{"type":"object","properties":{"a":{"type":"integer"}},"additionalProperties":false}`),
		want{"optional-property-added", NonBreaking, "inputSchema.properties.a"})
	// The same through unevaluatedProperties.
	checkChanges(t, diffSchemas(t, `{"type":"object","unevaluatedProperties":{"maxLength":3}}`, `{"type":"object","properties":{"a":{"maxLength":5}},"unevaluatedProperties":{"maxLength":3}}`),
		want{"optional-property-added", NonBreaking, "inputSchema.properties.a"})
	checkChanges(t, diffSchemas(t, `{"type":"object","unevaluatedProperties":{"maxLength":3}}`, `{"type":"object","properties":{"a":{"maxLength":2}},"unevaluatedProperties":{"maxLength":3}}`),
		want{"optional-property-added", Breaking, "inputSchema.properties.a"})
}

// contentEncoding and contentMediaType tell the server how to decode the
// string; changing them changes what callers must send. README 11 lists
// only deprecated, readOnly, writeOnly and $comment as informational.
func TestContentKeywordsAreNotAnnotations(t *testing.T) {
	checkChanges(t, diffSchemas(t, obj(`{"type":"string","contentEncoding":"base64"}`), obj(`{"type":"string","contentEncoding":"base32"}`)),
		want{"keyword-changed", Breaking, p + ".contentEncoding"})
	checkChanges(t, diffSchemas(t, obj(`{"type":"string"}`), obj(`{"type":"string","contentMediaType":"application/json"}`)),
		want{"keyword-changed", Breaking, p + ".contentMediaType"})
	// contentSchema is a schema: edits are classified at full depth, also
	// behind a $ref.
	cs := func(typ string) string {
		return `{"type":"object","$defs":{"P":{"type":"object","properties":{"n":{"type":"` + typ + `"}}}},"properties":{"v":{"type":"string","contentMediaType":"application/json","contentSchema":{"$ref":"#/$defs/P"}}}}`
	}
	checkChanges(t, diffSchemas(t, cs("integer"), cs("number")), want{"type-widened", NonBreaking, "inputSchema.$defs.P.properties.n.type"})
	checkChanges(t, diffSchemas(t, cs("number"), cs("integer")), want{"type-narrowed", Breaking, "inputSchema.$defs.P.properties.n.type"})
}

// README 12: "a branch edited in place is diffed against its counterpart".
// A branch whose only keyword changed value has no equal keyword to match
// on; when it sits at the same index on both sides it is that counterpart.
func TestBranchEditedInPlaceIsPaired(t *testing.T) {
	checkChanges(t, diffSchemas(t, obj(`{"allOf":[{"minLength":3},{"maxLength":9}]}`), obj(`{"allOf":[{"minLength":1},{"maxLength":9}]}`)),
		want{"constraint-relaxed", NonBreaking, p + ".allOf[0].minLength"})
	checkChanges(t, diffSchemas(t, obj(`{"anyOf":[{"maxLength":3},{"type":"null"}]}`), obj(`{"anyOf":[{"maxLength":2},{"type":"null"}]}`)),
		want{"constraint-narrowed", Breaking, p + ".anyOf[0].maxLength"})
	// Reordered and edited: nothing says which is which, so no pairing.
	checkChanges(t, diffSchemas(t, obj(`{"anyOf":[{"maxLength":3},{"type":"null"}]}`), obj(`{"anyOf":[{"type":"null"},{"maxLength":2}]}`)),
		want{"composition-narrowed", Breaking, p + ".anyOf"}, want{"composition-widened", NonBreaking, p + ".anyOf"})
}

// maxContains caps how many elements may match contains: a contains
// schema that matches more elements can reject arrays it accepted.
func TestContainsRelaxedUnderMaxContains(t *testing.T) {
	checkChanges(t, diffSchemas(t, obj(`{"type":"array","contains":{"const":1},"maxContains":1}`), obj(`{"type":"array","contains":{"enum":[1,2]},"maxContains":1}`)),
		want{"enum-expanded", Breaking, p + ".contains.enum"})
	// Without maxContains a wider contains only accepts more arrays.
	checkChanges(t, diffSchemas(t, obj(`{"type":"array","contains":{"const":1}}`), obj(`{"type":"array","contains":{"enum":[1,2]}}`)),
		want{"enum-expanded", NonBreaking, p + ".contains.enum"})
}

// With unevaluatedProperties or unevaluatedItems closed, removing a keyword
// that evaluated part of the value hands that part to the closed keyword,
// which rejects it; also when the keyword sits in an in-place applicator
// (allOf, anyOf, oneOf, if/then/else, dependentSchemas, a $ref's target).
func TestRemovalUnderClosedUnevaluated(t *testing.T) {
	closed := func(body string) string {
		return obj(`{"type":"object",` + body + `"unevaluatedProperties":false}`)
	}
	checkChanges(t, diffSchemas(t, closed(`"additionalProperties":{"type":"string"},`), closed(``)),
		want{"additional-properties-relaxed", Breaking, p + ".additionalProperties"})
	checkChanges(t, diffSchemas(t, closed(`"allOf":[{"properties":{"a":{}}},{"required":["b"]}],`), closed(`"allOf":[{"required":["b"]}],`)),
		want{"composition-widened", Breaking, p + ".allOf"})
	checkChanges(t, diffSchemas(t, closed(`"if":{"required":["a"]},"then":{"properties":{"b":{}}},`), closed(`"if":{"required":["a"]},`)),
		want{"conditional-removed", Breaking, p + ".then"})
	checkChanges(t, diffSchemas(t, closed(`"allOf":[{"additionalProperties":{"type":"string"},"required":["x"]}],`), closed(`"allOf":[{"required":["x"]}],`)),
		want{"additional-properties-relaxed", Breaking, p + ".allOf[0].additionalProperties"})
	items := func(body string) string {
		return obj(`{"type":"array",` + body + `"unevaluatedItems":false}`)
	}
	checkChanges(t, diffSchemas(t, items(`"prefixItems":[{"type":"string"}],`), items(``)),
		want{"prefix-item-removed", Breaking, p + ".prefixItems[0]"})
	// A new anyOf branch only evaluates more.
	checkChanges(t, diffSchemas(t, closed(`"anyOf":[{"properties":{"a":{}}}],`), closed(`"anyOf":[{"properties":{"a":{}}},{"properties":{"b":{}}}],`)),
		want{"composition-widened", NonBreaking, p + ".anyOf"})
	// An open unevaluatedProperties changes nothing.
	checkChanges(t, diffSchemas(t, obj(`{"type":"object","additionalProperties":{"type":"string"}}`), obj(`{"type":"object"}`)),
		want{"additional-properties-relaxed", NonBreaking, p + ".additionalProperties"})
}

// An always-true evaluating keyword still evaluates: removing it hands what
// it covered to a closed unevaluated* keyword (breaking), adding it takes
// that away (wider; under not, narrower).
func TestTrueEvaluatorUnderClosedUnevaluated(t *testing.T) {
	closed := func(body string) string {
		return obj(`{"type":"object",` + body + `"unevaluatedProperties":false}`)
	}
	checkChanges(t, diffSchemas(t, closed(`"additionalProperties":{},`), closed(``)),
		want{"additional-properties-relaxed", Breaking, p + ".additionalProperties"})
	checkChanges(t, diffSchemas(t, closed(``), closed(`"additionalProperties":true,`)),
		want{"unevaluated-properties-relaxed", NonBreaking, p + ".additionalProperties"})
	checkChanges(t, diffSchemas(t, obj(`{"type":"array","items":true,"unevaluatedItems":false}`), obj(`{"type":"array","unevaluatedItems":false}`)),
		want{"array-items-removed", Breaking, p + ".items"})
	checkChanges(t, diffSchemas(t, obj(`{"not":{"unevaluatedProperties":false}}`), obj(`{"not":{"additionalProperties":{},"unevaluatedProperties":false}}`)),
		want{"unevaluated-properties-relaxed", Breaking, p + ".not.additionalProperties"})
	// Without a closed unevaluated* keyword in scope, nothing changed.
	checkChanges(t, diffSchemas(t, obj(`{"type":"object","additionalProperties":{}}`), obj(`{"type":"object"}`)))
}
