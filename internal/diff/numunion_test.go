package diff

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// TestNumUnionAgreesWithPoints holds the set comparison of number unions
// to brute force: random unions with bounds on a half-integer grid, judged
// at every quarter from -8 to 8 (where the two differ, some such point
// shows it: every piece the cuts make holds one).
func TestNumUnionAgreesWithPoints(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	bound := func() string {
		keys := []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}
		var parts []string
		for _, k := range keys {
			if r.IntN(3) == 0 {
				parts = append(parts, `"`+k+`":`+strconv.FormatFloat(float64(r.IntN(13)-6)/2, 'f', -1, 64))
			}
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	schema := func() string {
		typ := []string{"integer", "number"}[r.IntN(2)]
		var bs []string
		for n := 1 + r.IntN(3); n > 0; n-- {
			bs = append(bs, bound())
		}
		own := bound()
		own = own[1 : len(own)-1]
		if own != "" {
			own += ","
		}
		return `{` + own + `"type":"` + typ + `","` + []string{"anyOf", "oneOf"}[r.IntN(2)] + `":[` + strings.Join(bs, ",") + `]}`
	}
	node := func(s string) *node {
		v, err := jsonvalue.Parse([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return &node{v: v}
	}
	decided := 0
	for i := 0; i < 3000; i++ {
		os, ns := schema(), schema()
		ou, _ := numUnionOf(node(os))
		nu, _ := numUnionOf(node(ns))
		within, same := true, true
		for q := -32; q <= 32; q++ {
			x := big.NewRat(int64(q), 4)
			a, b := ou.accepts(x), nu.accepts(x)
			if a && !b {
				within = false
			}
			if a != b {
				same = false
			}
		}
		gotSame, ok := numUnionWithin(node(os), node(ns))
		if ok != within || (ok && gotSame != same) {
			t.Fatalf("%s -> %s: within %v same %v, want %v %v", os, ns, ok, gotSame, within, same)
		}
		if ok {
			decided++
		}
	}
	if decided < 100 {
		t.Errorf("only %d pairs within", decided)
	}
}
