package provider

import (
	"maps"
	"slices"

	"github.com/schemaport/schemaport-action/internal/shortwords"
)

// KeywordTable is a fixed map from keywords to what a rule table says of
// them. Rules look up every key of every subschema they walk, some ten
// million lookups for a large corpus; a Go map hashes the whole key and
// probes a group for each, which was a tenth of the rules' time. Keywords
// are short and known in advance, so the table finds a perfect hash for
// them once: a lookup reads at most the key's first and last eight bytes,
// multiplies twice, indexes a small array and compares one candidate.
type KeywordTable[V any] struct {
	ix   keywordIndex
	vals []V // by place in ix.keys
}

// keywordIndex finds a keyword's place; it is not generic, so that its
// lookup compiles to plain code.
type keywordIndex struct {
	slots    []uint8 // by hash: 1 + the keyword's place in keys; 0: none
	keys     []string
	words    []keyWords // by place in keys
	m1, m2   uint64
	shift    uint
	fallback map[string]int // when no perfect hash was found
}

// keyWords is what hash reads of a key: for a key of up to 16 bytes, all
// of it, so comparing them compares the keys without a call.
type keyWords struct {
	a, b uint64
	n    int
}

// maxTableBits bounds the index a table may use (4 KB).
const maxTableBits = 12

// NewKeywordTable builds the table of m (at most 255 keywords take the
// perfect hash; a bigger table is an ordinary map).
func NewKeywordTable[V any](m map[string]V) *KeywordTable[V] {
	t := &KeywordTable[V]{}
	// In sorted order, not the map's: the same table (hash multipliers
	// and places) on every run.
	t.ix.keys = slices.Sorted(maps.Keys(m))
	for _, k := range t.ix.keys {
		t.vals = append(t.vals, m[k])
	}
	t.ix.build()
	return t
}

func (x *keywordIndex) build() {
	x.words = make([]keyWords, len(x.keys))
	for i, k := range x.keys {
		x.words[i] = words(k)
	}
	if len(x.keys) <= 255 {
		// The multipliers come from a fixed sequence; sizes grow until
		// one works. A collision only means another try (a lookup
		// compares the whole key). At eight slots per keyword about one
		// try in fifty works for the rule tables: microseconds, at
		// every start of the program.
		seed := uint64(0x9E3779B97F4A7C15)
		for bits := uint(8); bits <= maxTableBits; bits++ {
			if 1<<bits < 8*len(x.keys) && bits < maxTableBits {
				continue
			}
			x.slots = make([]uint8, 1<<bits)
			for try := 0; try < 512; try++ {
				x.m1, x.m2 = splitmix(&seed)|1, splitmix(&seed)|1
				x.shift = 64 - bits
				if x.fill() {
					return
				}
			}
		}
	}
	x.slots, x.fallback = nil, make(map[string]int, len(x.keys))
	for i, k := range x.keys {
		x.fallback[k] = i
	}
}

// fill places every keyword in x.slots, or reports a collision.
func (x *keywordIndex) fill() bool {
	clear(x.slots)
	for i, w := range x.words {
		h := x.hash(w)
		if x.slots[h] != 0 {
			return false
		}
		x.slots[h] = uint8(i + 1)
	}
	return true
}

func splitmix(x *uint64) uint64 {
	*x += 0x9E3779B97F4A7C15
	z := *x
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// words packs a key (shortwords): all of it for keys up to 16 bytes, so
// distinct short keys have distinct words.
func words(s string) keyWords {
	a, b := shortwords.Of(s)
	return keyWords{a: a, b: b, n: len(s)}
}

func (x *keywordIndex) hash(w keyWords) uint64 {
	return (w.a*x.m1 + (w.b^uint64(w.n))*x.m2) >> x.shift
}

// find returns the place of keyword s in keys, or -1.
func (x *keywordIndex) find(s string) int {
	if x.slots == nil {
		if i, ok := x.fallback[s]; ok {
			return i
		}
		return -1
	}
	w := words(s)
	i := int(x.slots[x.hash(w)&uint64(len(x.slots)-1)]) - 1
	if i < 0 || x.words[i] != w || w.n > 16 && x.keys[i] != s {
		return -1
	}
	return i
}

// Lookup returns the value of keyword s, if s is one.
func (t *KeywordTable[V]) Lookup(s string) (V, bool) {
	if i := t.ix.find(s); i >= 0 {
		return t.vals[i], true
	}
	var zero V
	return zero, false
}

// Get is Lookup's value alone (the zero value for a non-keyword).
func (t *KeywordTable[V]) Get(s string) V {
	v, _ := t.Lookup(s)
	return v
}
