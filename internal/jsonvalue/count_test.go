package jsonvalue

import (
	"slices"
	"testing"
)

// countChildrenReference is countChildren one byte at a time, without
// its word-at-a-time skips: the fast pass must give the same counts on
// every input, well-formed or not.
func countChildrenReference(d []byte) []int32 {
	var counts, open []int32
	for i := 0; i < len(d); i++ {
		switch d[i] {
		case '"':
			i++
			for i < len(d) && d[i] != '"' {
				if d[i] == '\\' {
					i++
				}
				i++
			}
			i = min(i, len(d))
		case '{', '[':
			if len(open) > maxDepth+1 {
				return counts
			}
			open = append(open, int32(len(counts)))
			n := int32(0)
			k := i + 1
			for k < len(d) && (d[k] == ' ' || d[k] == '\n' || d[k] == '\r' || d[k] == '\t') {
				k++
			}
			if k < len(d) && d[k] != '}' && d[k] != ']' {
				n = 1
			}
			counts = append(counts, n)
			i = k - 1
		case '}', ']':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		case ',':
			if len(open) > 0 {
				counts[open[len(open)-1]]++
			}
		}
	}
	return counts
}

// countDocs are inputs for the pre-pass: the parser's seeds and
// indentation of every width around every structural character (the
// generated tool files are in bench_test.go's TestCountChildrenOnToolFiles).
func countDocs() [][]byte {
	var docs [][]byte
	for _, s := range parseSeeds {
		docs = append(docs, []byte(s))
	}
	for w := 0; w <= 20; w++ {
		pad := spaces(w)
		docs = append(docs, []byte("{"+pad+"\"a\":"+pad+"[1,"+pad+"2 ,"+pad+"{}"+pad+",[ ]"+pad+"]"+pad+","+pad+"\"b\" :"+pad+"{\"c\":true,"+pad+"\"d\":null}"+pad+"}"+pad))
		docs = append(docs, []byte("\n"+pad+"["+pad+"\"x,\\\"]\""+pad+", tr"+pad+"ue"+pad))
	}
	return docs
}

func spaces(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = ' '
	}
	return string(b)
}

func TestCountChildrenMatchesReference(t *testing.T) {
	for _, d := range countDocs() {
		got, _ := countChildren(d, nil, nil)
		if want := countChildrenReference(d); !slices.Equal(got, want) {
			t.Fatalf("%q: counts %v, want %v", d, got, want)
		}
		if v, err := Parse(d); err == nil {
			if want := childCounts(v, nil); !slices.Equal(got, want) {
				t.Fatalf("%q: counts %v, the tree has %v", d, got, want)
			}
		}
	}
}

func FuzzCountChildrenMatchesReference(f *testing.F) {
	for _, d := range countDocs() {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, d []byte) {
		got, _ := countChildren(d, nil, nil)
		if want := countChildrenReference(d); !slices.Equal(got, want) {
			t.Fatalf("%q: counts %v, want %v", d, got, want)
		}
	})
}
