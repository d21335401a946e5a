package provider

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// Cursor is where a schema walk is: the path from the root as a stack of
// segments. Walks visit far more nodes than they report on, so the path
// string is built only when a diagnostic asks for it (and then cached for
// that node).
type Cursor struct {
	segs   []segment
	cached string // the path of the current node, when valid
	valid  bool
}

type segment struct {
	key   string
	index int // >= 0: an array position; -1: key
}

// NewCursor starts at the root named base ("inputSchema").
func NewCursor(base string) *Cursor {
	return &Cursor{segs: append(make([]segment, 0, 16), segment{key: base, index: -1})}
}

// PushKey enters the value of an object key.
func (c *Cursor) PushKey(key string) {
	c.segs = append(c.segs, segment{key: key, index: -1})
	c.valid = false
}

// PushIndex enters an array element.
func (c *Cursor) PushIndex(i int) {
	c.segs = append(c.segs, segment{index: i})
	c.valid = false
}

// Pop leaves the last entered value.
func (c *Cursor) Pop() {
	c.segs = c.segs[:len(c.segs)-1]
	c.valid = false
}

// Path renders the current path ("inputSchema.properties[\"a b\"]").
func (c *Cursor) Path() string {
	if !c.valid {
		var b strings.Builder
		b.Grow(16 * len(c.segs))
		for i, s := range c.segs {
			writeSegment(&b, s, i == 0)
		}
		c.cached, c.valid = b.String(), true
	}
	return c.cached
}

// Key renders the path of key inside the current node.
func (c *Cursor) Key(key string) string { return schemapath.Key(c.Path(), key) }

// Join renders the path of keys nested inside the current node.
func (c *Cursor) Join(keys ...string) string { return schemapath.Join(c.Path(), keys...) }

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

func writeSegment(b *strings.Builder, s segment, first bool) {
	switch {
	case s.index >= 0:
		b.WriteByte('[')
		b.WriteString(strconv.Itoa(s.index))
		b.WriteByte(']')
	case schemapath.IsIdentifier(s.key):
		if !first {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	default:
		b.WriteByte('[')
		b.WriteString(jsonvalue.Quote(s.key))
		b.WriteByte(']')
	}
}
