package jsonvalue

import (
	"fmt"
	"reflect"
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

// shapeParses parses d as ParseInPlace does, given shape.
func shapeParse(shape Shape) func([]byte) (*Value, error) {
	return func(d []byte) (*Value, error) { return new(Arena).ParseInPlaceWithShape(d, shape) }
}

// sameParse fails unless parse gives d the tree or the error Parse gives.
func sameParse(t *testing.T, d []byte, parse func([]byte) (*Value, error), what string) {
	t.Helper()
	want, werr := Parse(d)
	got, err := parse(d)
	if (err == nil) != (werr == nil) || err != nil && !reflect.DeepEqual(err, werr) {
		t.Fatalf("%q %s: err %v, want %v", d, what, err, werr)
	}
	if err == nil && !sameTree(got, want) {
		t.Fatalf("%q %s: tree differs", d, what)
	}
}

// A document's Shape is its pre-pass counts, and parsing with it (or
// with any other shape: another document's, a cut one, garbage) gives
// exactly Parse's tree or error.
func TestParseWithShapeIsParse(t *testing.T) {
	docs := countDocs()
	var shapes []Shape
	for _, d := range docs {
		v, shape, err := new(Arena).ParseInPlaceShape(d)
		if err != nil {
			if shape != nil || v != nil {
				t.Fatalf("%q: an error with a shape", d)
			}
			continue
		}
		counts, ok := decodeShape(shape, len(d), nil)
		if want := childCounts(v, nil); !ok || !slices.Equal(counts, want) {
			t.Fatalf("%q: shape says %v (ok %v), the tree has %v", d, counts, ok, want)
		}
		shapes = append(shapes, shape)
	}
	shapes = append(shapes, nil, Shape{}, Shape{0x80}, Shape{0xff, 0xff, 0xff, 0xff, 0x0f}, Shape{3, 0, 200, 1})
	for _, d := range docs {
		for i, shape := range shapes {
			sameParse(t, d, shapeParse(shape), fmt.Sprintf("with shape %d %v", i, shape))
			if len(shape) > 1 {
				sameParse(t, d, shapeParse(shape[:len(shape)/2]), fmt.Sprintf("with half of shape %d", i))
			}
		}
	}
}

// A shape that claims more children than a document has bytes is not
// used to size anything.
func TestShapeBeyondTheDocumentIsIgnored(t *testing.T) {
	for _, shape := range []Shape{{5}, {1, 1, 1, 1, 1}, {0x80, 0x80, 0x80, 0x80, 0x08}} {
		if _, ok := decodeShape(shape, 4, nil); ok {
			t.Errorf("shape %v accepted for 4 bytes", shape)
		}
	}
	if counts, ok := decodeShape(Shape{2, 0, 1}, 8, nil); !ok || !slices.Equal(counts, []int32{2, 0, 1}) {
		t.Errorf("counts %v ok %v", counts, ok)
	}
}

func FuzzParseWithShapeIsParse(f *testing.F) {
	for _, d := range countDocs() {
		_, shape, _ := new(Arena).ParseInPlaceShape(d)
		f.Add(d, []byte(shape))
	}
	f.Fuzz(func(t *testing.T, d, shape []byte) {
		sameParse(t, d, shapeParse(shape), "with the fuzzed shape")
		if _, own, err := new(Arena).ParseInPlaceShape(d); err == nil {
			sameParse(t, d, shapeParse(own), "with its own shape")
		}
	})
}
