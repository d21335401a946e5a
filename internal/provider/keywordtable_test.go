package provider

import (
	"strings"
	"testing"
)

// A KeywordTable answers as the map it was built from, for its keywords
// and for every near miss of them (a byte changed, dropped or added at
// either end or in the middle, another case), with a perfect hash for the
// rule tables' sizes and with its fallback map past 255 keywords.
func TestKeywordTableIsItsMap(t *testing.T) {
	m := map[string]int{}
	for i, kw := range knownKeywords {
		m[kw] = i + 1
	}
	m["a"], m["ab"], m["abc"], m["abcd"], m["abcdefgh"], m["abcdefghi"] = 100, 101, 102, 103, 104, 105
	big := map[string]int{}
	for i := 0; i < 300; i++ {
		big[strings.Repeat("k", i%7+1)+string(rune('a'+i%26))+strings.Repeat("z", i/26)] = i
	}
	for name, m := range map[string]map[string]int{"keywords": m, "big": big} {
		table := NewKeywordTable(m)
		if perfect := table.ix.slots != nil; perfect != (name == "keywords") {
			t.Errorf("%s: perfect hash %v", name, perfect)
		}
		probes := []string{"", "x", "\x00", "\x00\x00\x00\x00\x00\x00\x00\x00"}
		for kw := range m {
			probes = append(probes, kw, strings.ToUpper(kw), kw+"s", "x"+kw, kw[1:], kw[:len(kw)-1],
				kw[:len(kw)/2]+"Q"+kw[len(kw)/2+1:], kw+"\x00")
		}
		for _, p := range probes {
			want, wantOK := m[p]
			got, ok := table.Lookup(p)
			if got != want || ok != wantOK || table.Get(p) != want {
				t.Errorf("%s: Lookup(%q) = %d, %v; want %d, %v", name, p, got, ok, want, wantOK)
			}
		}
	}
}

func BenchmarkKeywordLookup(b *testing.B) {
	probes := append(append([]string(nil), knownKeywords...), "x-internal", "foo", "minLenght", "customer_id")
	b.Run("table", func(b *testing.B) {
		table := NewKeywordTable(knownKeywordSet)
		n := 0
		for i := 0; i < b.N; i++ {
			for _, p := range probes {
				if table.Get(p) {
					n++
				}
			}
		}
	})
	b.Run("map", func(b *testing.B) {
		n := 0
		for i := 0; i < b.N; i++ {
			for _, p := range probes {
				if knownKeywordSet[p] {
					n++
				}
			}
		}
	})
}
