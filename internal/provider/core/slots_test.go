package core

import "testing"

// slotOf's switch numbers the applicator lists in order.
func TestSlotOfFollowsTheLists(t *testing.T) {
	n := 0
	for _, list := range [][]string{schemaMaps[:], schemaLists[:], schemaOnes[:]} {
		for _, kw := range list {
			if k, ok := slotOf(kw); !ok || k != n {
				t.Errorf("slotOf(%q) = %d, %v; want %d", kw, k, ok, n)
			}
			n++
		}
	}
	if n != slotCount {
		t.Errorf("slotCount = %d, want %d", slotCount, n)
	}
	if _, ok := slotOf("type"); ok {
		t.Error("type is not an applicator")
	}
}
