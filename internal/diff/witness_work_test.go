package diff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/witness"
)

// wideTool is a schema of n string properties, each with the given
// maxLength (and enough keywords that generating a value is real work).
func wideSchema(n, maxLength int) string {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"f%05d":{"type":"string","format":"uuid","pattern":"^a","minLength":1,"maxLength":%d}`, i, maxLength)
	}
	b.WriteString(`}}`)
	return b.String()
}

// A search builds its candidate calls from the whole input schema, so
// its cost grows with the schema; the allowance grew with the breaking
// changes: a tool of 5,000 properties, each narrowed, was quadratic (a
// 1,000-property one took 8 s of CPU, a 2,000-property one 30 s). The
// candidates a tool may judge are bounded by searchWork over its size:
// the search covers what it can, and the other changes say they were not
// searched.
func TestWitnessSearchWorkIsBoundedByTheSchemaSize(t *testing.T) {
	const n = 1200
	o := schemaTool(t, "t.json", wideSchema(n, 10))
	nw := schemaTool(t, "t.json", wideSchema(n, 5))
	values := size(member(o, "inputSchema")) + size(member(nw, "inputSchema"))
	ledger := &witness.Ledger{}
	opts := Options{compiled: witness.NewCache()}
	changes := diffTool(o, nw, "demo_tool", opts, ledger)
	searched, notSearched := 0, 0
	for _, c := range changes {
		if c.Classification != Breaking || c.Witness == nil {
			continue
		}
		if c.Witness.Reason == reasonNotSearch {
			notSearched++
		} else {
			searched++
		}
	}
	if searched+notSearched != n {
		t.Fatalf("%d breaking changes with a witness or a reason, want %d", searched+notSearched, n)
	}
	if work := ledger.Judged * values; work > searchWork+witness.Budget*values {
		t.Errorf("judged %d candidates of a %d-node schema pair: %d > the bound %d", ledger.Judged, values, work, searchWork+witness.Budget*values)
	}
	if searched == 0 || notSearched == 0 {
		t.Errorf("searched %d, not searched %d: the bound should cut the search short, not skip it", searched, notSearched)
	}
}

// Past maxSearchedValues a tool is not searched at all: compiling its
// schemas for the validator alone was quadratic (20,000 properties: 7 s).
// Every breaking change says why it has no example call.
func TestWitnessSearchSkipsATooLargeTool(t *testing.T) {
	const n = 3000
	o := schemaTool(t, "t.json", wideSchema(n, 10))
	nw := schemaTool(t, "t.json", wideSchema(n, 5))
	if values := size(member(o, "inputSchema")) + size(member(nw, "inputSchema")); values <= maxSearchedValues {
		t.Fatalf("the tool has %d values: not too large", values)
	}
	ledger := &witness.Ledger{}
	changes := diffTool(o, nw, "demo_tool", Options{compiled: witness.NewCache()}, ledger)
	tooLarge := 0
	for _, c := range changes {
		if c.Classification == Breaking && c.Witness != nil && c.Witness.Reason == reasonTooLarge {
			tooLarge++
		}
	}
	if tooLarge != n || ledger.Judged != 0 {
		t.Errorf("%d of %d changes say the tool is too large, %d candidates judged", tooLarge, n, ledger.Judged)
	}
}
