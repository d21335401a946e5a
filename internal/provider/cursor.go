package provider

import (
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// Cursor is where a schema walk is: the path from the root as a stack of
// segments. Walks visit far more nodes than they report on, so the path
// string is rendered only when a finding asks for it, and then only the
// segments pushed since the last rendering.
//
// A cursor made by an Emitter also follows the walk through the tool's
// file: each segment remembers the walked value at the path and the byte
// range of the key (or array element) that holds it in the file. A finding
// placed with Here, KeyPlace or MemberPlace then carries its position, and
// Finish does not re-parse its path. For the file's own tree that range is
// the one tool.Locate gives for the path. A rewritten tree (Gemini's
// inlined references) is made of the file's members moved under another
// path; their ranges are kept, so a finding inside an inlined definition
// keeps its use-site path but points at the key in the definition, which
// is where the user edits it. Only members that carry no file range
// (made up, not parsed) are looked up in the file by key, as Locate would.
type Cursor struct {
	segs     []segment
	path     []byte // rendering of segs[:rendered]
	rendered int
	text     *textArena // where path strings go; nil: ordinary strings
}

type segment struct {
	key   string
	index int    // >= 0: an array position; -1: key
	mark  int    // len(path) before this segment was rendered
	cache string // this segment's whole path, once asked for

	// start and end are the byte range Locate gives for the path so far
	// (the nearest existing ancestor's once the path leaves the file);
	// start < 0 when the cursor does not follow a file.
	start, end int32
	node       *jsonvalue.Value // the walked value at this path, or nil
}

// Place is where a finding is: its schema path and, when the walk already
// knew it, the byte range tool.Locate would return for that path.
type Place struct {
	Path       string
	start, end int32 // start < 0: not known; Finish locates Path
}

// PathPlace is a place known only by its path.
func PathPlace(path string) Place { return Place{Path: path, start: -1} }

// Offset is the byte offset in the file the place starts at, or -1 when
// not known: a provider that walks a rewritten schema (Gemini's inlined
// references) finds by it where in the file a finding really is.
func (p Place) Offset() int32 { return p.start }

// Moved is p at another path naming the same place in the file (its
// position unchanged).
func (p Place) Moved(path string) Place {
	p.Path = path
	return p
}

// NewCursor starts at the root named base ("inputSchema"), following no
// file.
func NewCursor(base string) *Cursor {
	c := &Cursor{segs: make([]segment, 0, 16)}
	c.segs = append(c.segs, segment{key: base, index: -1, start: -1})
	return c
}

// reset starts c over at base; origin is the file's value for base and
// (start, end) Locate's range for it, or start < 0 when not following a
// file.
func (c *Cursor) reset(base string, origin *jsonvalue.Value, start, end int32, text *textArena) {
	c.segs = append(c.segs[:0], segment{key: base, index: -1, start: start, end: end, node: origin})
	c.path = c.path[:0]
	c.rendered = 0
	c.text = text
}

// PushKey enters the value of an object key.
func (c *Cursor) PushKey(key string) {
	top := &c.segs[len(c.segs)-1]
	seg := segment{key: key, index: -1, start: top.start, end: top.end}
	if top.start >= 0 && !utf8.ValidString(key) {
		// Such a key does not survive rendering and re-parsing; leave
		// this branch to Finish's locating by path, as Locate would.
		seg.start = -1
	} else if top.node != nil {
		if m := top.node.Member(key); m != nil {
			seg.node, seg.start, seg.end = &m.Value, m.KeyStart, m.KeyEnd
		}
	}
	c.segs = append(c.segs, seg)
}

// PushMember enters m, a member of the walked value parent. When parent's
// members are the file's own (parent is the file's value, or a copy that
// shares its members) or m was moved from elsewhere in the file (an
// inlined definition's), m's own range is its position, found without a
// search.
func (c *Cursor) PushMember(parent *jsonvalue.Value, m *jsonvalue.Member) {
	if top := &c.segs[len(c.segs)-1]; top.start < 0 || !sameMembers(top.node, parent) && !parsed(m) {
		c.PushKey(m.Key)
		return
	}
	c.segs = append(c.segs, segment{key: m.Key, index: -1, start: m.KeyStart, end: m.KeyEnd, node: &m.Value})
}

// parsed reports whether m came from parsing the file, so that its key
// range is a place in the file (a made-up member has none). Keys that do
// not survive rendering are left to Finish's locating by path, as
// PushKey leaves them.
func parsed(m *jsonvalue.Member) bool {
	return m.KeyEnd > m.KeyStart && utf8.ValidString(m.Key)
}

// sameMembers reports whether the walked value s holds the file value
// node's own members (not copies of them), so that a member of s is a
// member of node.
func sameMembers(node, s *jsonvalue.Value) bool {
	if node == nil || node.Kind != jsonvalue.Object || s.Kind != jsonvalue.Object {
		return false
	}
	if node == s {
		return true
	}
	return len(node.Members) == len(s.Members) && len(s.Members) > 0 && &node.Members[0] == &s.Members[0]
}

// PushIndex enters an array element.
func (c *Cursor) PushIndex(i int) {
	top := &c.segs[len(c.segs)-1]
	seg := segment{index: i, start: top.start, end: top.end}
	if n := top.node; n != nil && n.Kind == jsonvalue.Array && i >= 0 && i < len(n.Items) {
		seg.node = &n.Items[i]
		seg.start, seg.end = seg.node.Start, seg.node.End
	}
	c.segs = append(c.segs, seg)
}

// Pop leaves the last entered value.
func (c *Cursor) Pop() {
	n := len(c.segs) - 1
	if c.rendered > n {
		c.path = c.path[:c.segs[n].mark]
		c.rendered = n
	}
	c.segs = c.segs[:n]
}

// render brings c.path up to the current node.
func (c *Cursor) render() []byte {
	for c.rendered < len(c.segs) {
		s := &c.segs[c.rendered]
		s.mark = len(c.path)
		c.path = appendSegment(c.path, s.key, s.index, c.rendered == 0)
		c.rendered++
	}
	return c.path
}

// Path renders the current path ("inputSchema.properties[\"a b\"]").
func (c *Cursor) Path() string {
	top := &c.segs[len(c.segs)-1]
	if top.cache == "" {
		p := c.render()
		b := c.text.alloc(len(p))
		copy(b, p)
		top.cache = str(b)
	}
	return top.cache
}

// Key renders the path of key inside the current node.
func (c *Cursor) Key(key string) string {
	p := c.render()
	if !schemapath.IsIdentifier(key) {
		return c.text.concat(str(p), "[", jsonvalue.Quote(key), "]")
	}
	if len(p) == 0 {
		return c.text.concat(key)
	}
	b := c.text.alloc(len(p) + 1 + len(key))
	n := copy(b, p)
	b[n] = '.'
	copy(b[n+1:], key)
	return str(b)
}

// Here is the place of the current node.
func (c *Cursor) Here() Place {
	top := &c.segs[len(c.segs)-1]
	return Place{Path: c.Path(), start: top.start, end: top.end}
}

// KeyPlace is the place of key inside the current node (the node's own
// position when the key is absent, as Locate gives it).
func (c *Cursor) KeyPlace(key string) Place {
	top := &c.segs[len(c.segs)-1]
	p := Place{Path: c.Key(key), start: top.start, end: top.end}
	if top.start >= 0 && !utf8.ValidString(key) {
		p.start = -1
	} else if top.node != nil {
		if m := top.node.Member(key); m != nil {
			p.start, p.end = m.KeyStart, m.KeyEnd
		}
	}
	return p
}

// MemberPlace is the place of m, a member of the walked current node s:
// no search when s holds the file's own members or m is a parsed member
// moved by a rewrite (see PushMember).
func (c *Cursor) MemberPlace(s *jsonvalue.Value, m *jsonvalue.Member) Place {
	top := &c.segs[len(c.segs)-1]
	if top.start < 0 || !sameMembers(top.node, s) && !parsed(m) {
		return c.KeyPlace(m.Key)
	}
	return Place{Path: c.Key(m.Key), start: m.KeyStart, end: m.KeyEnd}
}

// Pointer renders the current node as a JSON Pointer from the root, escaped
// for use as a URI fragment ("/properties/a~1b").
func (c *Cursor) Pointer() string {
	var b strings.Builder
	for _, s := range c.segs[1:] {
		b.WriteByte('/')
		if s.index >= 0 {
			b.WriteString(strconv.Itoa(s.index))
			continue
		}
		b.WriteString(url.PathEscape(strings.ReplaceAll(strings.ReplaceAll(s.key, "~", "~0"), "/", "~1")))
	}
	return b.String()
}

// appendSegment renders one segment as schemapath does.
func appendSegment(b []byte, key string, index int, first bool) []byte {
	switch {
	case index >= 0:
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(index), 10)
		return append(b, ']')
	case schemapath.IsIdentifier(key):
		if !first {
			b = append(b, '.')
		}
		return append(b, key...)
	}
	b = append(b, '[')
	b = append(b, jsonvalue.Quote(key)...)
	return append(b, ']')
}

// SpanPlace is a place at path whose byte range in the tool's file is
// known: [start, end), a part of a value (one character of a string) as
// well as a whole key.
func SpanPlace(path string, start, end int32) Place {
	return Place{Path: path, start: start, end: end}
}
