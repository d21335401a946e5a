package diff

import (
	"strconv"
	"strings"
	"testing"
)

func TestRefMovedIntoDefsIsNoChange(t *testing.T) {
	inline := `{"type":"object","properties":{"a":{"type":"object","properties":{"c":{"type":"integer"}}},"b":{"type":"object","properties":{"c":{"type":"integer"}}}}}`
	viaDefs := `{"type":"object","$defs":{"M":{"type":"object","properties":{"c":{"type":"integer"}}}},"properties":{"a":{"$ref":"#/$defs/M"},"b":{"$ref":"#/$defs/M"}}}`
	checkChanges(t, diffSchemas(t, inline, viaDefs))
	checkChanges(t, diffSchemas(t, viaDefs, inline))
	// A ref to a ref, and definitions under the draft-07 name.
	chain := `{"type":"object","definitions":{"N":{"$ref":"#/definitions/M"},"M":{"type":"object","properties":{"c":{"type":"integer"}}}},"properties":{"a":{"$ref":"#/definitions/N"},"b":{"$ref":"#/definitions/M"}}}`
	checkChanges(t, diffSchemas(t, inline, chain))
}

// Issue 9 (diff): an edit to a definition used at several places is one
// change, at the definition, naming the places that use it.
func TestEditBehindRefReportedOnceAtTheDefinition(t *testing.T) {
	old := `{"type":"object","$defs":{"M":{"type":"integer"}},"properties":{"a":{"$ref":"#/$defs/M"},"b":{"items":{"$ref":"#/$defs/M"}}}}`
	new := `{"type":"object","$defs":{"M":{"type":"integer","minimum":0}},"properties":{"a":{"$ref":"#/$defs/M"},"b":{"items":{"$ref":"#/$defs/M"}}}}`
	got := diffSchemas(t, old, new)
	checkChanges(t, got, want{"constraint-added", Breaking, "inputSchema.$defs.M.minimum"})
	if len(got) == 1 && !strings.HasSuffix(got[0].Message, " Used by `properties.a`, `properties.b.items`.") {
		t.Errorf("message does not name the uses: %q", got[0].Message)
	}
	// Both point at the one place to look in the new file: the definition.
	if len(got) == 2 && (got[0].New != got[1].New || got[0].New.Line == 0) {
		t.Errorf("use sites located differently: %+v vs %+v", got[0].New, got[1].New)
	}
}

func TestRefSiblingsMerge(t *testing.T) {
	inline := obj(`{"type":"string","description":"d"}`)
	// An annotation beside $ref overrides; a conflicting constraint conjoins.
	checkChanges(t, diffSchemas(t, inline,
		`{"type":"object","$defs":{"S":{"type":"string","description":"x"}},"properties":{"v":{"$ref":"#/$defs/S","description":"d"}}}`))
	// The conflicting sibling is a conjunct compared at the use site (not
	// SchemaPort's synthetic allOf branch, whose path is in neither file).
	checkChanges(t, diffSchemas(t, inline,
		`{"type":"object","$defs":{"S":{"type":"string","description":"d"}},"properties":{"v":{"$ref":"#/$defs/S","type":"number"}}}`),
		want{"type-narrowed", Breaking, p + ".type"})
	// Conflicting bounds and required lists fold exactly: the stricter
	// bound, the union of names.
	checkChanges(t, diffSchemas(t, obj(`{"type":"string","maxLength":5}`),
		`{"type":"object","$defs":{"S":{"type":"string","maxLength":10}},"properties":{"v":{"$ref":"#/$defs/S","maxLength":5}}}`))
	sib := func(max string) string {
		return `{"type":"object","$defs":{"S":{"type":"string","maxLength":10}},"properties":{"v":{"$ref":"#/$defs/S","maxLength":` + max + `}}}`
	}
	checkChanges(t, diffSchemas(t, sib("5"), sib("3")), want{"constraint-narrowed", Breaking, p + ".maxLength"})
	checkChanges(t, diffSchemas(t, sib("5"), sib("12")), want{"constraint-relaxed", NonBreaking, p + ".maxLength"})
	checkChanges(t, diffSchemas(t, obj(`{"type":"object","properties":{"a":{},"b":{}},"required":["a","b"]}`),
		`{"type":"object","$defs":{"S":{"type":"object","properties":{"a":{},"b":{}},"required":["a"]}},"properties":{"v":{"$ref":"#/$defs/S","required":["b"]}}}`))
	// Conflicting enums stay a conjunct: narrowing it is breaking.
	en := func(vals string) string {
		return `{"type":"object","$defs":{"S":{"enum":["a","b","c"]}},"properties":{"v":{"$ref":"#/$defs/S","enum":[` + vals + `]}}}`
	}
	checkChanges(t, diffSchemas(t, en(`"a","b"`), en(`"a"`)), want{"enum-narrowed", Breaking, p + ".enum"})
}

func TestRecursiveRefs(t *testing.T) {
	tree := func(extra string) string {
		return `{"type":"object","$defs":{"Node":{"type":"object","properties":{"label":{"type":"string"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}` + extra + `}}},"properties":{"root":{"$ref":"#/$defs/Node"}}}`
	}
	checkChanges(t, diffSchemas(t, tree(""), tree("")))
	checkChanges(t, diffSchemas(t, tree(""), tree(`,"n":{"type":"integer"}`)),
		want{"optional-property-added", NonBreaking, "inputSchema.$defs.Node.properties.n"})
	// Mutual recursion and a root self-reference terminate.
	mutual := func(t2 string) string {
		return `{"type":"object","$defs":{"A":{"properties":{"b":{"$ref":"#/$defs/B"}}},"B":{"type":"` + t2 + `","properties":{"a":{"$ref":"#/$defs/A"}}}},"properties":{"x":{"$ref":"#/$defs/A"}}}`
	}
	checkChanges(t, diffSchemas(t, mutual("object"), mutual("array")),
		want{"type-changed", Breaking, "inputSchema.$defs.B.type"})
	self := `{"type":"object","properties":{"child":{"$ref":"#"}}}`
	checkChanges(t, diffSchemas(t, self, `{"type":"object","properties":{"child":{"$ref":"#"},"n":{}}}`),
		want{"optional-property-added", NonBreaking, "inputSchema.properties.n"})
	// A pure $ref loop has no schema at its end: an unchanged one is no
	// change, anything else cannot be compared (issue 13, item 2).
	loop := `{"type":"object","$defs":{"L":{"$ref":"#/$defs/L"}},"properties":{"v":{"$ref":"#/$defs/L"}}}`
	checkChanges(t, diffSchemas(t, loop, loop))
	checkChanges(t, diffSchemas(t, loop, obj(`{}`)), want{"schema-too-complex", Breaking, p})
}

// A $ref fan-out that doubles at every level is exponential when expanded;
// unchanged parts are remembered, and a change that would have to be
// reported at 2^30 use sites stops at the budget and says so.
func TestRefFanOutIsBounded(t *testing.T) {
	build := func(leaf string) string {
		var b strings.Builder
		b.WriteString(`{"type":"object","$defs":{`)
		for i := 0; i < 30; i++ {
			next := "#/$defs/D" + strconv.Itoa(i+1)
			b.WriteString(`"D` + strconv.Itoa(i) + `":{"properties":{"l":{"$ref":"` + next + `"},"r":{"$ref":"` + next + `"}}},`)
		}
		b.WriteString(`"D30":{"type":"` + leaf + `"}},"properties":{"root":{"$ref":"#/$defs/D0"}},"description":"` + leaf + `"}`)
		return b.String()
	}
	// Only the root description differs: the clean fan-out is remembered.
	same := build("string")
	other := strings.Replace(same, `"description":"string"`, `"description":"other"`, 1)
	checkChanges(t, diffSchemas(t, same, other), want{"description-changed", Informational, "inputSchema.description"})
	// The leaf edit is one change at the definition, not one per path
	// to it (2^30 of them).
	checkChanges(t, diffSchemas(t, build("string"), build("integer")),
		want{"type-changed", Breaking, "inputSchema.$defs.D30.type"}, want{"description-changed", Informational, "inputSchema.description"})
}

// refChain builds a schema whose property v reaches its type through n
// $ref hops ($defs D0 -> D1 -> ... -> Dn).
func refChain(n int, leaf string) string {
	defs := ""
	for i := 0; i < n; i++ {
		defs += `"D` + itoa(i) + `":{"$ref":"#/$defs/D` + itoa(i+1) + `"},`
	}
	defs += `"D` + itoa(n) + `":` + leaf
	return `{"type":"object","properties":{"v":{"$ref":"#/$defs/D0"}},"$defs":{` + defs + `}}`
}

// TestLongRefChainIsTooComplex (issue 13, item 2): past the hop limit the
// engine stops following $refs; it must not then compare two equal $ref
// strings and call a changed target "no change".
func TestLongRefChainIsTooComplex(t *testing.T) {
	for _, hops := range []int{maxRefChain, maxRefChain + 6} {
		got := diffSchemas(t, refChain(hops, `{"type":"string"}`), refChain(hops, `{"type":"integer"}`))
		breaking := false
		for _, ch := range got {
			breaking = breaking || (ch.Code == "schema-too-complex" && ch.Classification == Breaking)
		}
		if !breaking {
			t.Errorf("%d hops: want schema-too-complex, got:%s", hops, describe(got))
		}
	}
	// Below the limit the edit is found where it is.
	got := diffSchemas(t, refChain(10, `{"type":"string"}`), refChain(10, `{"type":"integer"}`))
	checkChanges(t, got, want{"type-changed", Breaking, "inputSchema.$defs.D10.type"})
}

// TestRefLoopMidChainIsTooComplex: a chain that runs into a loop of pure
// $refs has no schema at its end; that is not "no change".
func TestRefLoopMidChainIsTooComplex(t *testing.T) {
	schema := func(extra string) string {
		return `{"type":"object","properties":{"v":{"$ref":"#/$defs/A"}` + extra + `},"$defs":{"A":{"$ref":"#/$defs/B"},"B":{"$ref":"#/$defs/C"},"C":{"$ref":"#/$defs/B"}}}`
	}
	got := diffSchemas(t, schema(``), schema(`,"w":{"type":"string"}`))
	found := false
	for _, ch := range got {
		found = found || (ch.Code == "schema-too-complex" && ch.Classification == Breaking && ch.Path == "inputSchema.properties.v")
	}
	if !found {
		t.Errorf("want schema-too-complex at the property, got:%s", describe(got))
	}
}
