package cost

import (
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool"
)

// Reusing the base's figures for tools written the same way gives what
// counting the head alone gives.
func TestCountReusing(t *testing.T) {
	for _, pair := range [][2]string{{"realworld/v1", "realworld/v2"}, {"refund-order/v1", "refund-order/v2"}} {
		base := load(t, filepath.Join("..", "..", "testdata", pair[0]))
		head := load(t, filepath.Join("..", "..", "testdata", pair[1]))
		baseSet := Count(base, allTargets, nil)
		alone := Count(head, defaultTargets, nil)
		reused := CountReusing(head, defaultTargets, nil, baseSet, base)
		same := 0
		byName := map[string]int{}
		for i, b := range base {
			byName[b.Name] = i
		}
		for i, h := range head {
			if k, ok := byName[h.Name]; ok && tool.SameText(h, base[k]) {
				same++
			}
			for j := range defaultTargets {
				if alone.Tools[i][j] != reused.Tools[i][j] {
					t.Errorf("%s: %+v alone, %+v reused", pair[1], alone.Tools[i][j], reused.Tools[i][j])
				}
			}
		}
		for j := range alone.Totals {
			if alone.Totals[j] != reused.Totals[j] {
				t.Errorf("%s: totals %+v alone, %+v reused", pair[1], alone.Totals[j], reused.Totals[j])
			}
		}
		t.Logf("%s: %d of %d tools reused", pair[1], same, len(head))
		if pair[0] == "realworld/v1" && same == 0 {
			t.Error("nothing reused")
		}
	}
}
