// Package schemapath builds and parses SchemaPort's schema paths:
// identifiers after a dot, array positions as [n], any other key as a
// JSON-quoted string in brackets (inputSchema.properties["order id"]).
package schemapath

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// IsIdentifier reports whether key matches ^[A-Za-z_$][A-Za-z0-9_$]*$.
func IsIdentifier(key string) bool {
	if key == "" {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c == '_', c == '$':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// Key appends an object key to base.
func Key(base, key string) string {
	if IsIdentifier(key) {
		if base == "" {
			return key
		}
		return base + "." + key
	}
	return base + "[" + jsonvalue.Quote(key) + "]"
}

// AppendKey appends Key(base, key) to dst, for callers that test a path
// before keeping it.
func AppendKey(dst []byte, base, key string) []byte {
	dst = append(dst, base...)
	if IsIdentifier(key) {
		if base != "" {
			dst = append(dst, '.')
		}
		return append(dst, key...)
	}
	dst = append(dst, '[')
	dst = append(dst, jsonvalue.Quote(key)...)
	return append(dst, ']')
}

// AppendIndex appends Index(base, i) to dst.
func AppendIndex(dst []byte, base string, i int) []byte {
	dst = append(dst, base...)
	dst = append(dst, '[')
	dst = strconv.AppendInt(dst, int64(i), 10)
	return append(dst, ']')
}

// Index appends an array position to base.
func Index(base string, i int) string {
	return base + "[" + strconv.Itoa(i) + "]"
}

// Join appends several keys.
func Join(base string, keys ...string) string {
	for _, k := range keys {
		base = Key(base, k)
	}
	return base
}

// Segment is one step of a parsed path: an object key or an array index.
type Segment struct {
	Key     string
	Index   int
	IsIndex bool
}

// Parse splits a path into segments. ok is false for text that no Key/Index
// sequence could have produced.
func Parse(path string) (segs []Segment, ok bool) {
	i := 0
	for i < len(path) {
		switch path[i] {
		case '.':
			i++
			fallthrough
		default:
			j := i
			for j < len(path) && path[j] != '.' && path[j] != '[' {
				j++
			}
			if j == i {
				return nil, false
			}
			segs = append(segs, Segment{Key: path[i:j]})
			i = j
		case '[':
			if i+1 < len(path) && path[i+1] == '"' {
				end, key, good := readQuoted(path, i+1)
				if !good || end >= len(path) || path[end] != ']' {
					return nil, false
				}
				segs = append(segs, Segment{Key: key})
				i = end + 1
			} else {
				j := strings.IndexByte(path[i:], ']')
				if j < 0 {
					return nil, false
				}
				n, err := strconv.Atoi(path[i+1 : i+j])
				if err != nil {
					return nil, false
				}
				segs = append(segs, Segment{Index: n, IsIndex: true})
				i += j + 1
			}
		}
	}
	return segs, true
}

// readQuoted reads the JSON string literal starting at path[start] == '"'
// and returns the offset just past it.
func readQuoted(path string, start int) (int, string, bool) {
	for j := start + 1; j < len(path); j++ {
		switch path[j] {
		case '\\':
			j++
		case '"':
			v, err := jsonvalue.Parse([]byte(path[start : j+1]))
			if err != nil || v.Kind != jsonvalue.String {
				return 0, "", false
			}
			return j + 1, v.Text, true
		}
	}
	return 0, "", false
}

// Format renders segments back into a path.
func Format(segs []Segment) string {
	var p string
	for _, s := range segs {
		if s.IsIndex {
			p = Index(p, s.Index)
		} else {
			p = Key(p, s.Key)
		}
	}
	return p
}
