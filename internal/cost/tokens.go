package cost

import (
	"math"
	"strings"
	"sync"
	"unsafe"

	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/shortwords"
	"github.com/tiktoken-go/tokenizer/codec"
)

// o200k is OpenAI's o200k_base encoding (GPT-4o, GPT-4.1, GPT-5, o-series),
// from github.com/tiktoken-go/tokenizer's embedded vocabulary: no network.
// Its Count is safe for concurrent use (a read-only vocabulary and a
// compiled regexp).
var o200k = sync.OnceValue(codec.NewO200kBase)

// Encoding names the tokenizer the figures come from.
const Encoding = "o200k_base"

// counter counts o200k_base tokens of the lines of a compiled file. It is
// not safe for concurrent use: each worker has its own (pooled).
//
// Why lines, and why it is exact: o200k_base first splits text into
// pieces with a regular expression, then encodes each piece alone. In a
// file as compile writes it (two-space indentation, one member or item
// per line, no blank line, no line ending in a space, no raw line break
// inside a string), every line break ends a piece and the next piece
// starts the next line, so the file's count is the sum of its lines'
// counts. Inside a line, the indentation's spaces but the last are one
// piece (`\s+(?!\S)`) and the last space starts the next piece (` "key`),
// so a line of depth d > 0 counts as spaces(2d-1) plus " "+content+"\n",
// and the second part does not depend on the depth. A member's line
// `"key": value` splits once more, after the colon: no piece holds a
// colon and the space after it (the colon can only end a punctuation run
// or prefix letters), so it counts as ` "key":` plus " "+value+"\n", the
// same value part an array item of that value has. Keys and values recur
// (a tool's description is the same value for every provider, a keyword
// the same key everywhere): their counts are cached, first by the
// string's identity (the same bytes in memory hold the same text), then
// by content. A part of printable ASCII is split into pieces by hand
// (splitASCII, the expression's alternatives in order), each piece
// encoded once per counter; any other part goes to the library whole.
// Tests compare every figure with the library's count of the whole file
// (compile.Encode's bytes).
type counter struct {
	lines   map[string]int32 // parts' counts, by content
	pieces  map[string]int32
	cached  int // bytes of keys held
	indent  []int32
	scratch []byte
	puncts  [2][4][2]int32 // root line?, bracket, comma: count+1 (0: not yet)
	*caches                // nil: count uses the maps alone (tests)
	tool    uint32         // the tool being counted, for blocks
	render  compile.Renderer
	// held and heldBlocks note the identity entries written while
	// holding (CountTool): dropTool clears them.
	holding    bool
	held       []*seen
	heldBlocks []*block
}

// caches are a counter's fixed tables (about 1.7 MB).
type caches struct {
	keys   [1 << keyBits]seen    // keys' counts, by identity
	values [1 << valueBits]seen  // scalar values' counts, by identity
	shorts [1 << shortBits]short // short keys', values' and pieces' counts, by content
	blocks [1 << blockBits]block // objects' and arrays' counts, by identity
}

// nextTool starts a tool: the renderer reuses the memory of the last
// tool's definitions, so the blocks cached by identity (some of that
// memory) are dropped.
func (c *counter) nextTool() {
	c.render.Reset()
	c.tool++
	if c.tool == 0 { // wrapped: no entry may look current
		if c.caches != nil {
			clear(c.blocks[:])
		}
		c.tool = 1
	}
}

// block is an object's or array's count (all its lines but its key), by
// the identity of its members or items, and where it stands.
type block struct {
	p     unsafe.Pointer
	n     int
	tool  uint32
	depth int32
	comma bool
	part  part
	level level
	parts Parts
}

const blockBits = 10

func (b *block) slot() uint64 {
	h := uint64(uintptr(b.p)) ^ uint64(b.n)<<32 ^ uint64(b.depth)<<48 ^ uint64(b.part)<<56 ^ uint64(b.level)<<59
	if b.comma {
		h ^= 1 << 63
	}
	return (h * 0x9E3779B97F4A7C15) >> (64 - blockBits)
}

// counted returns the cached count of the block at b's identity and place.
func (c *counter) counted(b *block) (Parts, bool) {
	e := &c.blocks[b.slot()]
	if e.p != nil && e.tool == c.tool && e.p == b.p && e.n == b.n && e.depth == b.depth && e.comma == b.comma && e.part == b.part && e.level == b.level {
		return e.parts, true
	}
	return Parts{}, false
}

// rememberBlock caches b with its count; nested blocks are cached before
// the block holding them, so b's slot is written last.
func (c *counter) rememberBlock(b *block) {
	b.tool = c.tool
	e := &c.blocks[b.slot()]
	if c.holding {
		c.heldBlocks = append(c.heldBlocks, e)
	}
	*e = *b
}

// hold returns e, noting it when the counter drops a tool's entries
// (dropTool).
func (c *counter) hold(e *seen) *seen {
	if c.holding {
		c.held = append(c.held, e)
	}
	return e
}

// dropTool clears the identity entries written since the last call: a
// counter that counts tools as a stream loads them (CountTool) must not
// keep them alive, and clearing the whole tables per tool costs more
// than the entries it wrote.
func (c *counter) dropTool() {
	for _, e := range c.held {
		*e = seen{}
	}
	for _, e := range c.heldBlocks {
		*e = block{}
	}
	c.held, c.heldBlocks = c.held[:0], c.heldBlocks[:0]
}

// seen is a string whose part was counted: the string (its bytes and
// length), the value's kind and whether a comma follows.
type seen struct {
	p     *byte
	n     int32
	kind  jsonvalue.Kind
	comma bool
	k     int32
}

// short is a key or value of at most 16 bytes whose part was counted, or
// a piece of text: its bytes (a, b), length, kind (keyKind for a key,
// pieceKind for a piece) and whether a comma follows; k is the count plus
// one (0: an empty entry).
type short struct {
	a, b  uint64
	n     uint8
	kind  jsonvalue.Kind
	comma bool
	k     int32
}

const (
	maxShort  = 16
	shortBits = 16
	keyKind   = jsonvalue.Kind(0xFF)
	pieceKind = jsonvalue.Kind(0xFE) // a piece of text being counted
)

// shortEntry is where s's count is cached by content (len(s) <= maxShort).
func (c *counter) shortEntry(s string, kind jsonvalue.Kind, comma bool) (e *short, want short) {
	a, b := shortwords.Of(s)
	want = short{a: a, b: b, n: uint8(len(s)), kind: kind, comma: comma}
	h := want.a*0x9E3779B97F4A7C15 ^ want.b*0xC2B2AE3D27D4EB4F ^ uint64(len(s))<<48 ^ uint64(kind)<<56
	if comma {
		h ^= 1 << 63
	}
	h *= 0x165667B19E3779F9
	return &c.shorts[h>>(64-shortBits)], want
}

// found reports whether e caches want, with its count.
func (e *short) found(want short) (int, bool) {
	if e.k == 0 || e.a != want.a || e.b != want.b || e.n != want.n || e.kind != want.kind || e.comma != want.comma {
		return 0, false
	}
	return int(e.k) - 1, true
}

// slot is where s's count is cached: a hash of its address and length.
func slot(p *byte, n int, kind jsonvalue.Kind, comma bool, bits uint) uint64 {
	h := uint64(uintptr(unsafe.Pointer(p))) ^ uint64(n)<<40 ^ uint64(kind)<<56
	if comma {
		h ^= 1 << 62
	}
	return (h * 0x9E3779B97F4A7C15) >> (64 - bits)
}

const (
	keyBits   = 10
	valueBits = 12
)

// forget drops the identity caches, which hold the strings they name
// (and so the tools), and the renderer's memory: a pooled counter keeps
// only content.
func (c *counter) forget() {
	if c.caches != nil {
		clear(c.keys[:])
		clear(c.values[:])
		clear(c.blocks[:])
	}
	c.render = compile.Renderer{} // its blocks hold the last tools' values
}

const (
	maxCachedLine = 8 << 10 // longer parts are counted each time
	maxCacheBytes = 2 << 20 // per counter: small enough to stay in the processor's cache
)

var counters = newPool()

func newPool() *sync.Pool {
	return &sync.Pool{New: func() any {
		return &counter{lines: map[string]int32{}, pieces: map[string]int32{}, caches: new(caches)}
	}}
}

// keyTokens counts a member's key part, ` "key":`.
func (c *counter) keyTokens(key string) int {
	var e *seen
	if len(key) > 0 {
		p := unsafe.StringData(key)
		e = &c.keys[slot(p, len(key), 0, false, keyBits)]
		if e.p == p && int(e.n) == len(key) {
			return int(e.k)
		}
	}
	var se *short
	var want short
	if len(key) <= maxShort {
		se, want = c.shortEntry(key, keyKind, false)
		if k, ok := se.found(want); ok {
			if e != nil {
				*c.hold(e) = seen{p: unsafe.StringData(key), n: int32(len(key)), k: int32(k)}
			}
			return k
		}
	}
	kv := jsonvalue.Value{Kind: jsonvalue.String, Text: key}
	buf := append(c.scratch[:0], ' ')
	buf = compile.AppendScalar(buf, &kv)
	buf = append(buf, ':')
	k := c.part(buf)
	if se != nil {
		want.k = int32(k) + 1
		*se = want
	}
	if e != nil && len(key) <= math.MaxInt32 {
		*c.hold(e) = seen{p: unsafe.StringData(key), n: int32(len(key)), k: int32(k)}
	}
	return k
}

// scalar counts a one-line value's part (a scalar, {} or []), ` value,`
// (comma) and the line break; at depth 0 without the leading space.
func (c *counter) scalar(depth int, v *jsonvalue.Value, comma bool) int {
	var e *seen
	if depth > 0 && len(v.Text) > 0 {
		p := unsafe.StringData(v.Text)
		e = &c.values[slot(p, len(v.Text), v.Kind, comma, valueBits)]
		if e.p == p && int(e.n) == len(v.Text) && e.kind == v.Kind && e.comma == comma {
			return int(e.k)
		}
	}
	var se *short
	var want short
	if depth > 0 && len(v.Text) <= maxShort {
		se, want = c.shortEntry(v.Text, v.Kind, comma)
		if k, ok := se.found(want); ok {
			if e != nil {
				*c.hold(e) = seen{p: unsafe.StringData(v.Text), n: int32(len(v.Text)), kind: v.Kind, comma: comma, k: int32(k)}
			}
			return k
		}
	}
	buf := c.scratch[:0]
	if depth > 0 {
		buf = append(buf, ' ')
	}
	switch v.Kind {
	case jsonvalue.Object:
		buf = append(buf, "{}"...) // empty: larger ones take several lines
	case jsonvalue.Array:
		buf = append(buf, "[]"...)
	default:
		buf = compile.AppendScalar(buf, v)
	}
	if comma {
		buf = append(buf, ',')
	}
	buf = append(buf, '\n')
	var k int
	if se != nil || depth == 0 {
		k = c.part(buf)
	} else {
		// A long value, met again only in this tool's other
		// definitions (the identity cache): counted piece by piece.
		c.scratch = buf
		k = c.count(buf)
	}
	if se != nil {
		want.k = int32(k) + 1
		*se = want
	}
	if e != nil && len(v.Text) <= math.MaxInt32 {
		*c.hold(e) = seen{p: unsafe.StringData(v.Text), n: int32(len(v.Text)), kind: v.Kind, comma: comma, k: int32(k)}
	}
	return k
}

// punct counts the value part of a line that opens or closes an object
// or array: ` {` and the line break, ` },` (comma), ...
func (c *counter) punct(depth int, b byte, comma bool) int {
	root, which, cm := 0, 0, 0
	if depth == 0 {
		root = 1
	}
	switch b {
	case '}':
		which = 1
	case '[':
		which = 2
	case ']':
		which = 3
	}
	if comma {
		cm = 1
	}
	if k := c.puncts[root][which][cm]; k > 0 {
		return int(k) - 1
	}
	buf := c.scratch[:0]
	if depth > 0 {
		buf = append(buf, ' ')
	}
	buf = append(buf, b)
	if comma {
		buf = append(buf, ',')
	}
	buf = append(buf, '\n')
	c.scratch = buf
	k := c.count(buf)
	c.puncts[root][which][cm] = int32(k) + 1
	return k
}

// part counts a key or value part (whole pieces), through the content
// cache.
func (c *counter) part(buf []byte) int {
	c.scratch = buf
	if len(buf) <= maxCachedLine {
		if k, ok := c.lines[string(buf)]; ok {
			return int(k)
		}
	}
	k := c.count(buf)
	if len(buf) <= maxCachedLine {
		c.remember()
		c.lines[string(buf)] = int32(k)
		c.cached += len(buf)
	}
	return k
}

// remember makes room for one more cached count: a full cache starts
// over, keeping what recurs soon (the same tool's lines for the next
// target, the structure lines of the next tools) and bounding memory.
func (c *counter) remember() {
	if c.cached >= maxCacheBytes {
		clear(c.lines)
		clear(c.pieces)
		c.cached = 0
	}
}

func (c *counter) indentTokens(depth int) int {
	for len(c.indent) <= depth {
		d := len(c.indent)
		k := 0
		if d > 0 {
			k = spaceRunTokens(2*d - 1)
		}
		c.indent = append(c.indent, int32(k))
	}
	return int(c.indent[depth])
}

// spaceRunTokens is the o200k_base count of n spaces. The library takes
// time in proportion to n for each run, and a schema thousands of levels
// deep has a run per level: counting its indentation that way was
// quadratic (2,400 levels: 7 s). A run of more than 128 spaces counts one
// token more than the run 128 spaces shorter (the vocabulary's longest
// run of spaces is 128; TestSpaceRunTokens holds this to the library), so
// only a run of at most 256 is given to the library.
func spaceRunTokens(n int) int {
	q := 0
	if n > 2*spaceRun {
		q = (n - spaceRun - 1) / spaceRun
	}
	return libraryCount(strings.Repeat(" ", n-q*spaceRun)) + q
}

// spaceRun is the longest run of spaces that is one o200k_base token.
const spaceRun = 128

// count is the o200k_base count of s, a whole number of pieces.
func (c *counter) count(s []byte) int {
	if !printableASCII(s) {
		return libraryCount(string(s))
	}
	n := 0
	splitASCII(s, func(p []byte) {
		var se *short
		var want short
		if len(p) <= maxShort && c.caches != nil { // most pieces: a word and what precedes it
			se, want = c.shortEntry(unsafe.String(unsafe.SliceData(p), len(p)), pieceKind, false)
			if k, ok := se.found(want); ok {
				n += k
				return
			}
		}
		k, ok := c.pieces[string(p)]
		if !ok {
			k = int32(libraryCount(string(p)))
			c.remember()
			c.pieces[string(p)] = k
			c.cached += len(p)
		}
		if se != nil {
			want.k = k + 1
			*se = want
		}
		n += int(k)
	})
	return n
}

func libraryCount(s string) int {
	n, err := o200k().Count(s)
	if err != nil {
		// The default error mode never fails on text; a failure would be
		// the library's bug: count bytes rather than nothing.
		return len(s)
	}
	return n
}

// printableASCII: bytes 0x20–0x7E and '\n' only, the classes splitASCII
// knows.
func printableASCII(s []byte) bool {
	for _, b := range s {
		if (b < 0x20 || b > 0x7E) && b != '\n' {
			return false
		}
	}
	return true
}

func isUpper(b byte) bool  { return b >= 'A' && b <= 'Z' }
func isLower(b byte) bool  { return b >= 'a' && b <= 'z' }
func isLetter(b byte) bool { return isUpper(b) || isLower(b) }
func isDigit(b byte) bool  { return b >= '0' && b <= '9' }
func isSpace(b byte) bool  { return b == ' ' || b == '\n' }
func isPunct(b byte) bool  { return !isSpace(b) && !isLetter(b) && !isDigit(b) }

// splitASCII splits s (printableASCII) into o200k_base's pieces, calling
// fn for each in order. The expression, alternative by alternative (the
// first that matches at a position wins):
//
//  1. [^\r\n\p{L}\p{N}]?[\p{Lu}…]*[\p{Ll}…]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//  2. [^\r\n\p{L}\p{N}]?[\p{Lu}…]+[\p{Ll}…]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//  3. \p{N}{1,3}
//  4. ?[^\s\p{L}\p{N}]+[\r\n/]*
//  5. \s*[\r\n]+
//  6. \s+(?!\S)
//  7. \s+
func splitASCII(s []byte, fn func([]byte)) {
	for i := 0; i < len(s); {
		end := pieceEnd(s, i)
		fn(s[i:end])
		i = end
	}
}

func pieceEnd(s []byte, i int) int {
	c := s[i]
	// 1 and 2: an optional prefix (anything but a line break, letter or
	// digit), then letters. The prefix and a letter at i exclude each
	// other, so there is no other way to try.
	j := i
	if c != '\n' && !isLetter(c) && !isDigit(c) {
		j = i + 1
	}
	u := j
	for u < len(s) && isUpper(s[u]) {
		u++
	}
	l := u
	for l < len(s) && isLower(s[l]) {
		l++
	}
	if l > u || u > j { // 1 (lower letters after the capitals) or 2 (capitals alone)
		return contraction(s, l)
	}
	// 3.
	if isDigit(c) {
		k := i + 1
		for k < len(s) && k < i+3 && isDigit(s[k]) {
			k++
		}
		return k
	}
	// 4.
	k := i
	if c == ' ' {
		k++
	}
	p := k
	for p < len(s) && isPunct(s[p]) {
		p++
	}
	if p > k {
		for p < len(s) && (s[p] == '\n' || s[p] == '/') {
			p++
		}
		return p
	}
	// 5, 6, 7: c is a space or a line break.
	w := i
	lastNL := -1
	for w < len(s) && isSpace(s[w]) {
		if s[w] == '\n' {
			lastNL = w
		}
		w++
	}
	switch {
	case lastNL >= 0:
		return lastNL + 1
	case w == len(s):
		return w
	case w-i >= 2:
		return w - 1
	}
	return w
}

// contraction extends a letters piece ending at e by an English
// contraction ('s 't 're 've 'm 'll 'd, any case).
func contraction(s []byte, e int) int {
	if e+1 >= len(s) || s[e] != '\'' {
		return e
	}
	lower := func(b byte) byte {
		if isUpper(b) {
			return b + 'a' - 'A'
		}
		return b
	}
	switch lower(s[e+1]) {
	case 's', 't', 'm', 'd':
		return e + 2
	case 'r':
		if e+2 < len(s) && lower(s[e+2]) == 'e' {
			return e + 3
		}
	case 'v':
		if e+2 < len(s) && lower(s[e+2]) == 'e' {
			return e + 3
		}
	case 'l':
		if e+2 < len(s) && lower(s[e+2]) == 'l' {
			return e + 3
		}
	}
	return e
}
