package diff

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// wideRequired is a schema of n properties, every one required when req.
func wideRequired(n int, typ string, req bool) string {
	var b, r strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
			r.WriteString(",")
		}
		fmt.Fprintf(&b, `"p%05d":{"type":%q}`, i, typ)
		fmt.Fprintf(&r, `"p%05d"`, i)
	}
	b.WriteString(`}`)
	if req {
		b.WriteString(`,"required":[` + r.String() + `]`)
	}
	b.WriteString(`}`)
	return b.String()
}

// A wide object's properties are looked up through an index: each
// property of one side was looked up in the other's list, and each change
// of requiredness in the required list, so a 50,000-property tool took
// 100 s of CPU (2.5 billion key comparisons). The comparison of two
// 3,000-property objects compares no keys one by one, and finds what the
// linear lookups find.
func TestWidePropertyLookupsAreIndexed(t *testing.T) {
	const n = 3000
	o := schemaTool(t, "old.json", wideRequired(n, "integer", false))
	nw := schemaTool(t, "new.json", wideRequired(n, "string", true))
	run := func() ([]Change, int) {
		c := newComparer("demo_tool", newSide(o), newSide(nw))
		c.compareRoots()
		return c.out, c.keyScans
	}
	got, scans := run()
	if scans > 0 {
		t.Errorf("%d keys compared one by one for %d properties", scans, n)
	}
	required := 0
	for _, ch := range got {
		if ch.Code == "property-made-required" {
			required++
		}
	}
	if required != n {
		t.Fatalf("%d properties made required, want %d", required, n)
	}
	defer func(was int) { indexedFrom = was }(indexedFrom)
	indexedFrom = 1 << 30
	linear, _ := run()
	if !reflect.DeepEqual(got, linear) {
		t.Errorf("the indexed lookups found other changes than the linear ones (%d vs %d)", len(got), len(linear))
	}
}
