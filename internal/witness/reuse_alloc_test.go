package witness

import (
	"strconv"
	"strings"
	"testing"
)

// Reuse is asked once per breaking change of a tool, over every witness
// found so far: a schema 4,800 levels deep with a change at each level
// made 30 GB of garbage (a string built per comparison) and a 2 GB peak in
// one diff. Comparing a found location with the change's site allocates
// nothing, so asking costs the same allocations however many were found.
func TestReuseAllocatesNothingPerFoundWitness(t *testing.T) {
	// Names long enough that a joined location does not fit the
	// compiler's 32-byte stack buffer.
	root := parse(t, `{"type": "object", "properties": {"parcel": {"type": "object", "properties": {"quantity_of_items": {"type": "string"}}}}}`)
	focus := []string{"properties", "parcel", "properties", "quantity_of_items"}
	found := func(n int) []Result {
		out := make([]Result, n)
		for i := range out {
			out[i].Where = []string{"/properties/x" + strconv.Itoa(i) + strings.Repeat("/properties/p", 20)}
		}
		return out
	}
	one, many := found(1), found(1000)
	a1 := testing.AllocsPerRun(20, func() { Reuse(one, root, focus) })
	a1000 := testing.AllocsPerRun(20, func() { Reuse(many, root, focus) })
	if a1000 != a1 {
		t.Errorf("Reuse allocates %v times over 1 found witness, %v over 1,000", a1, a1000)
	}
	// The comparison still finds what is at or under the site, and only that.
	hit := append(found(3), Result{Where: []string{"/properties/parcel/properties/quantity_of_items/type"}})
	if r, ok := Reuse(hit, root, focus); !ok || r.Where[0] != "/properties/parcel/properties/quantity_of_items/type" {
		t.Errorf("Reuse missed the witness under the site: %v %v", r.Where, ok)
	}
	near := []Result{{Where: []string{"/properties/parcel/properties/quantity_of_items_2"}}, {Where: []string{"/properties/parcel"}}}
	if _, ok := Reuse(near, root, focus); ok {
		t.Error("Reuse took a location beside or above the site")
	}
}
