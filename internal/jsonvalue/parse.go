package jsonvalue

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// SyntaxError is malformed JSON at a byte offset.
type SyntaxError struct {
	Offset int64
	Reason string
}

func (e *SyntaxError) Error() string { return e.Reason }

// DuplicateKeyError is an object that names the same key twice. JSON.parse
// would silently keep the last value; we refuse to guess.
type DuplicateKeyError struct {
	Key         string
	FirstStart  int32 // byte offset of the first occurrence of the key
	SecondStart int32 // byte offset of the repeated key
}

func (e *DuplicateKeyError) Error() string {
	return fmt.Sprintf("duplicate key %q", e.Key)
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// BOMLength returns 3 when data starts with a UTF-8 byte-order mark, else 0.
func BOMLength(data []byte) int {
	if bytes.HasPrefix(data, bom) {
		return 3
	}
	return 0
}

// Parse decodes exactly one JSON value from data. A leading UTF-8 BOM is
// skipped (offsets still count it). The error, if any, is a *SyntaxError or a
// *DuplicateKeyError.
//
// Strings follow JSON.parse: an invalid UTF-8 byte becomes U+FFFD, and so
// does an escaped lone surrogate (\ud800), which a Go string cannot hold.
// The returned tree does not share memory with data.
func Parse(data []byte) (*Value, error) { return parse(data, false, nil) }

// ParseInPlace is Parse for a caller that keeps data alive and never
// modifies it while the tree is in use (a loader holding each file's bytes
// for source positions anyway). Strings and number literals without escapes
// then share data's memory instead of being copied, which removes most of
// the allocations of a large document. Modifying data afterwards changes
// the tree's strings.
func ParseInPlace(data []byte) (*Value, error) { return parse(data, true, nil) }

// Arena parses many documents that are kept together (a loader's files):
// besides sharing data as ParseInPlace does, small arrays and objects of
// all its documents are carved from shared slabs, one allocation for many
// objects and no size-class rounding. A slab stays in memory while any
// tree carved from it is in use, so use one Arena per batch of documents
// with the same lifetime, from one goroutine at a time.
type Arena struct {
	members []Member
	items   []Value
}

// ParseInPlace parses data as the package-level ParseInPlace does, with
// the tree's slices carved from the arena.
func (a *Arena) ParseInPlace(data []byte) (*Value, error) { return parse(data, true, a) }

// Shape is what the parser's structural pre-pass learns of a document:
// how many children each array and object has, in the order they open,
// one byte for a count under 128 (uvarint), about a byte per 100 of
// pretty-printed JSON. A caller that parses the same bytes again (a
// loader's second pass over a file it has hashed) gives it back to skip
// the pre-pass.
type Shape []byte

// ParseInPlaceShape is ParseInPlace that also returns the document's
// Shape (nil with an error).
func (a *Arena) ParseInPlaceShape(data []byte) (*Value, Shape, error) {
	var shape Shape
	v, err := parseShaped(data, true, a, nil, &shape)
	return v, shape, err
}

// ParseInPlaceWithShape is ParseInPlace for data whose Shape an earlier
// parse returned: the pre-pass is skipped. The shape only sizes the
// tree's slices, so whatever it says (another document's, or garbage)
// the tree or the error is exactly ParseInPlace's; a shape that cannot be
// this document's (more children than data has bytes) is ignored.
func (a *Arena) ParseInPlaceWithShape(data []byte, shape Shape) (*Value, error) {
	return parseShaped(data, true, a, shape, nil)
}

// decodeShape appends shape's counts to counts; ok is false when shape
// cannot be a document of n bytes: malformed, or more containers or
// children than bytes, which would size slices beyond any document's.
func decodeShape(shape Shape, n int, counts []int32) (_ []int32, ok bool) {
	total := 0
	for len(shape) > 0 {
		c, size := binary.Uvarint(shape)
		if size <= 0 || c > uint64(n) {
			return counts, false
		}
		shape = shape[size:]
		total += int(c)
		if total > n || len(counts) >= n {
			return counts, false
		}
		counts = append(counts, int32(c))
	}
	return counts, true
}

// encodeShape is the Shape of counts.
func encodeShape(counts []int32) Shape {
	size := 0
	for _, c := range counts {
		size += uvarintLen(uint32(c))
	}
	shape := make(Shape, 0, size)
	for _, c := range counts {
		shape = binary.AppendUvarint(shape, uint64(c))
	}
	return shape
}

func uvarintLen(c uint32) int {
	n := 1
	for c >= 0x80 {
		c >>= 7
		n++
	}
	return n
}

const (
	slabLen      = 128         // elements per slab
	maxSlabCarve = slabLen / 4 // larger slices get their own allocation
)

func (p *parser) newMembers(n int) []Member {
	a := p.arena
	if a == nil || n > maxSlabCarve {
		return make([]Member, n)
	}
	if n > len(a.members) {
		a.members = make([]Member, slabLen)
	}
	m := a.members[:n:n]
	a.members = a.members[n:]
	return m
}

func (p *parser) newItems(n int) []Value {
	a := p.arena
	if a == nil || n > maxSlabCarve {
		return make([]Value, n)
	}
	if n > len(a.items) {
		a.items = make([]Value, slabLen)
	}
	v := a.items[:n:n]
	a.items = a.items[n:]
	return v
}

func parse(data []byte, share bool, arena *Arena) (*Value, error) {
	return parseShaped(data, share, arena, nil, nil)
}

// parseShaped is parse with the pre-pass's counts taken from known when
// it is set (and fits data), and recorded in *record when that is set
// and data parses.
func parseShaped(data []byte, share bool, arena *Arena, known Shape, record *Shape) (*Value, error) {
	p := scratchPool.Get().(*parser)
	p.data, p.pos, p.share, p.arena = data, BOMLength(data), share, arena
	defer p.release()
	ok := false
	if known != nil {
		p.counts, ok = decodeShape(known, len(data), p.counts[:0])
	}
	if !ok {
		p.counts, p.open = countChildren(data[p.pos:], p.counts[:0], p.open[:0])
	}
	p.next = 0
	p.skipSpace()
	v := new(Value)
	if err := p.value(v, 0); err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(p.data) {
		return nil, p.fail(p.pos, "unexpected content after the top-level value")
	}
	if record != nil {
		*record = encodeShape(p.counts)
	}
	return v, nil
}

// maxDepth bounds nesting so that hostile input cannot exhaust the stack.
const maxDepth = 10000

// parser is a recursive-descent JSON parser that writes each value where
// it will live in the tree. A structural pre-pass (countChildren) has
// counted the children of every container, so an object's or array's slice
// is allocated once at its exact size when the container opens and its
// children are parsed straight into their slots: no value is returned by
// value, pushed on a stack and copied again into its slice (those copies of
// 80- and 104-byte nodes, with their write barriers, were most of the
// parse's time). A parsed tree carries no spare slice capacity.
type parser struct {
	data   []byte
	pos    int
	counts []int32           // children per container, in the order they open
	next   int               // index in counts of the next container to open
	open   []int32           // countChildren's stack of open containers
	keys   map[string]string // interned object keys of this document
	share  bool              // strings may point into data (ParseInPlace)
	buf    []byte            // scratch for strings with escapes
	arena  *Arena            // where small slices come from, if set
}

var scratchPool = sync.Pool{New: func() any { return &parser{} }}

// release drops what the parser must not retain and pools it. The counts
// hold no pointers; only unusually large scratch is let go.
func (p *parser) release() {
	p.data, p.keys, p.arena = nil, nil, nil
	if cap(p.buf) > 1<<16 {
		p.buf = nil
	}
	if cap(p.counts) > 1<<20 {
		p.counts = nil
	}
	if cap(p.open) > 1<<16 {
		p.open = nil
	}
	scratchPool.Put(p)
}

// countChildren is the parser's structural pre-pass: it appends to counts,
// for every array and object of d in the order they open, how many
// children it has (its top-level commas, plus one unless it is empty).
// Strings are skipped whole, escapes included, so brackets and commas in
// them do not count. For a document the parser accepts the counts are
// exact; for a malformed one they may be wrong or missing, and the parser,
// which still checks every byte, grows a slice that turns out too short
// (childCount, growMembers) before it reports the error. Nesting deeper
// than the parser accepts stops the pass, which keeps open bounded.
func countChildren(d []byte, counts, open []int32) ([]int32, []int32) {
	for i := 0; i < len(d); i++ {
		if !structural[d[i]] {
			// Indentation of pretty-printed JSON is most of what is
			// skipped here: the spaces after d[i] are passed eight at a
			// time, the last partial word in one step too (its leading
			// spaces are the trailing zero bytes of the word XOR eight
			// spaces), as skipWhitespace does.
			for i+9 <= len(d) {
				x := binary.LittleEndian.Uint64(d[i+1:]) ^ (ones * ' ')
				if x != 0 {
					i += bits.TrailingZeros64(x) / 8
					break
				}
				i += 8
			}
			continue
		}
		switch d[i] {
		case '"':
			i = skipString(d, i+1)
		case '{', '[':
			if len(open) > maxDepth+1 {
				return counts, open // the parser fails before it gets here
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
	return counts, open
}

// structural marks the bytes countChildren looks at; it skips the rest
// (whitespace, literals, numbers) with one table load each.
var structural = [256]bool{'"': true, '{': true, '[': true, '}': true, ']': true, ',': true}

// skipString returns the offset of the quote closing the string whose
// contents start at d[i], or len(d) when it is unterminated (the parser
// reports that). It looks at eight bytes at a time for a quote or a
// backslash (an escape, whose next byte cannot close the string).
func skipString(d []byte, i int) int {
	for i+8 <= len(d) {
		x := binary.LittleEndian.Uint64(d[i:])
		m := zeroBytes(x^(ones*'"')) | zeroBytes(x^(ones*'\\'))
		if m == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(m) / 8 // the first quote or backslash
		if d[i] == '"' {
			return i
		}
		i += 2
	}
	for ; i < len(d); i++ {
		switch d[i] {
		case '"':
			return i
		case '\\':
			i++
		}
	}
	return len(d)
}

const ones = 0x0101010101010101

// zeroBytes has the high bit set in the lowest zero byte of x (and maybe in
// higher bytes, after a borrow; only the lowest is used).
func zeroBytes(x uint64) uint64 { return (x - ones) &^ x & (ones * 0x80) }

// stringStops has the high bit set in the lowest byte of x (eight string
// bytes, little-endian) that ends the plain run of a string: a quote, a
// backslash, a control character or a non-ASCII byte. A borrow of the
// per-byte subtractions may mark bytes above the first such byte, never
// below it; only the lowest mark is used.
func stringStops(x uint64) uint64 {
	q := x ^ (ones * '"')
	b := x ^ (ones * '\\')
	return (x | (x - ones*0x20) | (q-ones)&^q | (b-ones)&^b) & (ones * 0x80)
}

// childCount is the pre-pass's count for the container opening now, or 0
// when the pass did not get that far.
func (p *parser) childCount() int {
	i := p.next
	p.next++
	if i < len(p.counts) {
		return int(p.counts[i])
	}
	return 0
}

// growMembers and growItems make room for a child the pre-pass did not
// count, which only happens in a document the parser goes on to reject.
func growMembers(m []Member) []Member {
	g := make([]Member, max(4, 2*len(m)))
	copy(g, m)
	return g
}

func growItems(v []Value) []Value {
	g := make([]Value, max(4, 2*len(v)))
	copy(g, v)
	return g
}

// fail builds a syntax error. For the mistakes people make in hand-edited
// JSON the reason says what to change instead of naming the character.
func (p *parser) fail(off int, reason string) error {
	if off < len(p.data) {
		switch p.data[off] {
		case '/':
			reason = "comments are not allowed in JSON"
		case '\'':
			reason = "strings and keys must use double quotes"
		}
	}
	return &SyntaxError{Offset: int64(off), Reason: reason}
}

func (p *parser) eof() error { return p.fail(len(p.data), "unexpected end of JSON input") }

// skipSpace passes whitespace. Most calls meet none (or the one space
// after a colon): that test is inlined; the rest is skipWhitespace.
func (p *parser) skipSpace() {
	if p.pos < len(p.data) && p.data[p.pos] > ' ' {
		return // every JSON whitespace byte is <= ' '
	}
	p.skipWhitespace()
}

// skipWhitespace passes whitespace. The indentation of pretty-printed
// JSON, a run of spaces after each line break, is passed eight bytes at a
// time, the last partial word in one step too (its leading spaces are the
// trailing zero bytes of the word XOR eight spaces).
func (p *parser) skipWhitespace() {
	d, i := p.data, p.pos
	for i < len(d) {
		switch d[i] {
		case ' ', '\n', '\r', '\t':
			i++
			for i+8 <= len(d) {
				x := binary.LittleEndian.Uint64(d[i:]) ^ (ones * ' ')
				if x != 0 {
					i += bits.TrailingZeros64(x) / 8
					break
				}
				i += 8
			}
		default:
			p.pos = i
			return
		}
	}
	p.pos = i
}

// describe renders the character at off for an error message.
func (p *parser) describe(off int) string {
	r, size := utf8.DecodeRune(p.data[off:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("'\\x%02x'", p.data[off])
	}
	return strconv.QuoteRune(r)
}

// value parses the value at p.pos into *v, its place in the tree. *v is
// zero (a fresh slot: every slice is newly allocated and each slot filled
// once), so only the fields that are set are written. On an error *v is
// left partly written; the caller discards the whole tree.
func (p *parser) value(v *Value, depth int) error {
	if depth > maxDepth {
		return p.fail(p.pos, fmt.Sprintf("nesting deeper than %d levels", maxDepth))
	}
	if p.pos >= len(p.data) {
		return p.eof()
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(v, depth)
	case c == '[':
		return p.array(v, depth)
	case c == '"':
		start := p.pos
		s, err := p.str(false)
		if err != nil {
			return err
		}
		v.Kind, v.Start, v.End, v.Text = String, int32(start), int32(p.pos), s
		return nil
	case c == 't':
		return p.literal(v, "true", Bool)
	case c == 'f':
		return p.literal(v, "false", Bool)
	case c == 'n':
		return p.literal(v, "null", Null)
	case c == '-' || c >= '0' && c <= '9':
		return p.number(v)
	}
	return p.fail(p.pos, "invalid character "+p.describe(p.pos)+" at start of value")
}

func (p *parser) literal(v *Value, word string, kind Kind) error {
	start := p.pos
	for i := 0; i < len(word); i++ {
		if p.pos >= len(p.data) {
			return p.eof()
		}
		if p.data[p.pos] != word[i] {
			return p.fail(p.pos, "invalid character "+p.describe(p.pos)+" in literal "+word+" (expecting '"+word[i:i+1]+"')")
		}
		p.pos++
	}
	v.Kind, v.Start, v.End = kind, int32(start), int32(p.pos)
	if kind == Bool {
		v.Text = word
	}
	return nil
}

func (p *parser) number(v *Value) error {
	start := p.pos
	d := p.data
	if d[p.pos] == '-' {
		p.pos++
	}
	switch {
	case p.pos >= len(d):
		return p.eof()
	case d[p.pos] == '0':
		p.pos++
	default:
		if err := p.digits(); err != nil {
			return err
		}
	}
	if p.pos < len(d) && d[p.pos] == '.' {
		p.pos++
		if err := p.digits(); err != nil {
			return err
		}
	}
	if p.pos < len(d) && (d[p.pos] == 'e' || d[p.pos] == 'E') {
		p.pos++
		if p.pos < len(d) && (d[p.pos] == '+' || d[p.pos] == '-') {
			p.pos++
		}
		if err := p.digits(); err != nil {
			return err
		}
	}
	text := p.intern(d[start:p.pos], false)
	v.Kind, v.Start, v.End, v.Text = Number, int32(start), int32(p.pos), text
	return nil
}

// digits passes a run of one or more digits of a number.
func (p *parser) digits() error {
	d := p.data
	if p.pos >= len(d) {
		return p.eof()
	}
	if d[p.pos] < '0' || d[p.pos] > '9' {
		return p.fail(p.pos, "invalid character "+p.describe(p.pos)+" in number (expecting digit)")
	}
	for p.pos < len(d) && d[p.pos] >= '0' && d[p.pos] <= '9' {
		p.pos++
	}
	return nil
}

func (p *parser) object(v *Value, depth int) error {
	v.Kind, v.Start = Object, int32(p.pos)
	want := p.childCount()
	p.pos++
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		v.End = int32(p.pos)
		return nil
	}
	var members []Member
	if want > 0 {
		members = p.newMembers(want)
	}
	n := 0                    // members parsed so far
	var seen map[string]int32 // only for objects with many members
	for {
		if p.pos >= len(p.data) {
			return p.eof()
		}
		if p.data[p.pos] != '"' {
			return p.badKey()
		}
		kstart := p.pos
		key, err := p.str(true)
		if err != nil {
			return err
		}
		kend := p.pos
		if n < 16 {
			for i := range members[:n] {
				if members[i].Key == key {
					return &DuplicateKeyError{Key: key, FirstStart: members[i].KeyStart, SecondStart: int32(kstart)}
				}
			}
		} else {
			if seen == nil {
				seen = make(map[string]int32, 2*n)
				for i := range members[:n] {
					seen[members[i].Key] = members[i].KeyStart
				}
			}
			if first, dup := seen[key]; dup {
				return &DuplicateKeyError{Key: key, FirstStart: first, SecondStart: int32(kstart)}
			}
			seen[key] = int32(kstart)
		}
		p.skipSpace()
		if p.pos >= len(p.data) {
			return p.eof()
		}
		if p.data[p.pos] != ':' {
			return p.fail(p.pos, "invalid character "+p.describe(p.pos)+" after object key (expecting ':')")
		}
		p.pos++
		p.skipSpace()
		if n == len(members) {
			members = growMembers(members)
		}
		m := &members[n]
		n++
		m.Key, m.KeyStart, m.KeyEnd = key, int32(kstart), int32(kend)
		if err := p.value(&m.Value, depth+1); err != nil {
			return err
		}
		p.skipSpace()
		if p.pos >= len(p.data) {
			return p.eof()
		}
		switch p.data[p.pos] {
		case ',':
			comma := p.pos
			p.pos++
			p.skipSpace()
			if p.pos < len(p.data) && p.data[p.pos] == '}' {
				return p.fail(comma, "trailing comma before '}' (remove the comma)")
			}
			continue
		case '}':
			p.pos++
		default:
			return p.fail(p.pos, "invalid character "+p.describe(p.pos)+" after object value (expecting ',' or '}')")
		}
		break
	}
	v.Members = members[:n:n] // n == len(members) unless the pre-pass was wrong; see countChildren
	v.End = int32(p.pos)
	return nil
}

// badKey reports a member that does not start with a string key. A word
// such as `not` is read as far as it matches a literal, so the error points
// at the first character that cannot be JSON at all.
func (p *parser) badKey() error {
	c := p.data[p.pos]
	if c == ',' {
		return p.fail(p.pos, "trailing comma before '}' (remove the comma)")
	}
	for _, word := range [...]string{"true", "false", "null"} {
		if c != word[0] {
			continue
		}
		start := p.pos
		var discard Value
		if err := p.literal(&discard, word, Null); err != nil {
			return err
		}
		return p.fail(start, "object key must be a string")
	}
	if c == '-' || c >= '0' && c <= '9' || c == '{' || c == '[' {
		return p.fail(p.pos, "object key must be a string")
	}
	return p.fail(p.pos, "invalid character "+p.describe(p.pos)+" where an object key or '}' was expected")
}

func (p *parser) array(v *Value, depth int) error {
	v.Kind, v.Start = Array, int32(p.pos)
	want := p.childCount()
	p.pos++
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		v.End = int32(p.pos)
		return nil
	}
	var items []Value
	if want > 0 {
		items = p.newItems(want)
	}
	n := 0 // items parsed so far
	for {
		if n == len(items) {
			items = growItems(items)
		}
		n++
		if err := p.value(&items[n-1], depth+1); err != nil {
			return err
		}
		p.skipSpace()
		if p.pos >= len(p.data) {
			return p.eof()
		}
		switch p.data[p.pos] {
		case ',':
			comma := p.pos
			p.pos++
			p.skipSpace()
			if p.pos < len(p.data) && p.data[p.pos] == ']' {
				return p.fail(comma, "trailing comma before ']' (remove the comma)")
			}
			continue
		case ']':
			p.pos++
		default:
			return p.fail(p.pos, "invalid character "+p.describe(p.pos)+" after array element (expecting ',' or ']')")
		}
		break
	}
	v.Items = items[:n:n]
	v.End = int32(p.pos)
	return nil
}

// str decodes the string literal at p.pos. Keys are interned: a schema
// corpus repeats the same few dozen keywords millions of times.
func (p *parser) str(key bool) (string, error) {
	d := p.data
	start := p.pos + 1
	i := start
	// Plain ASCII, the bulk of every string, is passed eight bytes at a
	// time; the first byte that is not plain decides.
	for i+8 <= len(d) {
		if m := stringStops(binary.LittleEndian.Uint64(d[i:])); m != 0 {
			i += bits.TrailingZeros64(m) / 8
			break
		}
		i += 8
	}
	for i < len(d) {
		c := d[i]
		if c == '"' {
			p.pos = i + 1
			return p.intern(d[start:i], key), nil
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			return p.slowStr(start, i)
		}
		i++
	}
	return "", p.eof()
}

func (p *parser) intern(b []byte, key bool) string {
	if p.share {
		if len(b) == 0 {
			return ""
		}
		return unsafe.String(&b[0], len(b))
	}
	if len(b) <= 24 {
		if s, ok := common[string(b)]; ok {
			return s
		}
	}
	if !key || len(b) > 32 {
		return string(b)
	}
	if s, ok := p.keys[string(b)]; ok {
		return s
	}
	if p.keys == nil {
		p.keys = make(map[string]string, 64)
	}
	s := string(b)
	p.keys[s] = s
	return s
}

// controlCharReason says how to write a raw control character that JSON
// does not allow inside a string. A raw line break is usually a string
// left unclosed at the end of its line.
func controlCharReason(c byte) string {
	switch c {
	case '\n', '\r':
		return `line break inside a string (close the string with '"', or write the line break as \n)`
	case '\t':
		return `control character U+0009 inside a string (write it as \t)`
	}
	return fmt.Sprintf(`control character U+%04X inside a string (write it as \u%04x)`, c, c)
}

// slowStr decodes a string with escapes, control characters or non-ASCII
// bytes; d[start:i] is plain ASCII already scanned.
func (p *parser) slowStr(start, i int) (string, error) {
	d := p.data
	buf := append(p.buf[:0], d[start:i]...)
	defer func() { p.buf = buf }()
	for i < len(d) {
		c := d[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return string(buf), nil
		case c < 0x20:
			return "", p.fail(i, controlCharReason(c))
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				buf = utf8.AppendRune(buf, utf8.RuneError)
			} else {
				buf = append(buf, d[i:i+size]...)
			}
			i += size
		case c != '\\':
			buf = append(buf, c)
			i++
		default:
			if i+1 >= len(d) {
				return "", p.eof()
			}
			switch e := d[i+1]; e {
			case '"', '\\', '/':
				buf = append(buf, e)
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				r, ok := hex4(d, i+2)
				if !ok {
					end := min(i+6, len(d))
					return "", p.fail(i, "invalid escape sequence `"+string(d[i:end])+"` in string")
				}
				i += 6
				if utf16.IsSurrogate(r) {
					// A high surrogate escape followed by a low one is one
					// character; any other surrogate stands alone.
					if r < 0xDC00 && i+1 < len(d) && d[i] == '\\' && d[i+1] == 'u' {
						if r2, ok := hex4(d, i+2); ok {
							if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
								r = pair
								i += 6
							}
						}
					}
					if utf16.IsSurrogate(r) {
						r = utf8.RuneError // a lone surrogate
					}
				}
				buf = utf8.AppendRune(buf, r)
				continue
			default:
				return "", p.fail(i, "invalid escape sequence `"+string(d[i:i+2])+"` in string")
			}
			i += 2
		}
	}
	return "", p.eof()
}

// hex4 reads four hex digits at d[i:].
func hex4(d []byte, i int) (rune, bool) {
	if i+4 > len(d) {
		return 0, false
	}
	var r rune
	for _, c := range d[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// common holds strings that recur across documents (schema keywords, type
// names, small numbers), shared so that parsing them allocates nothing. It
// is never written after init, so concurrent parses may read it.
var common = func() map[string]string {
	words := []string{
		"name", "description", "inputSchema", "tools", "type", "properties", "required", "items",
		"prefixItems", "additionalProperties", "enum", "const", "default", "examples", "title",
		"format", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
		"multipleOf", "minLength", "maxLength", "minItems", "maxItems", "uniqueItems",
		"minProperties", "maxProperties", "anyOf", "oneOf", "allOf", "not", "if", "then", "else",
		"$ref", "$defs", "definitions", "$schema", "$id", "$anchor", "$comment", "nullable",
		"patternProperties", "propertyNames", "dependentRequired", "dependentSchemas",
		"contains", "minContains", "maxContains", "unevaluatedProperties", "unevaluatedItems",
		"deprecated", "readOnly", "writeOnly", "contentEncoding", "contentMediaType",
		"object", "array", "string", "number", "integer", "boolean", "null",
		"date-time", "date", "time", "email", "uri", "uuid",
	}
	m := make(map[string]string, len(words)+110)
	for _, w := range words {
		m[w] = w
	}
	for i := 0; i <= 100; i++ {
		s := strconv.Itoa(i)
		m[s] = s
	}
	return m
}()
