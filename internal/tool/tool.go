// Package tool loads canonical tool files: the three file shapes, the
// directory walk, validation, and the source span of every schema path.
package tool

import (
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// Tool is one validated canonical tool, still attached to its source so that
// any schema path in it can be located.
type Tool struct {
	Name string
	// Value is the whole tool object as written (unknown members included).
	Value *jsonvalue.Value
	// Source is the file the tool came from.
	Source *Source
	// Base is where the tool sits inside its file: "" for a single-tool
	// file, "[1]" in an array file, "tools[0]" in a wrapper.
	Base string
	// Native is set for a tool read from a provider-native file: Value is
	// then its canonical view (name, description, inputSchema), built
	// from the native file's own nodes.
	Native *Native
}

// InputSchema returns the tool's inputSchema object.
func (t *Tool) InputSchema() *jsonvalue.Value { return t.Value.Get("inputSchema") }

// Description returns the description and whether it is present.
func (t *Tool) Description() (string, bool) {
	d := t.Value.Get("description")
	if d == nil || d.Kind != jsonvalue.String {
		return "", false
	}
	return d.Text, true
}

// File returns the display path of the tool's file.
func (t *Tool) File() string {
	if t.Source == nil {
		return ""
	}
	return t.Source.Path
}

// Locate returns the source span for a tool-relative schema path such as
// "inputSchema.properties.amount.minimum". A keyword or property maps to its
// key; an array element to the element. When the path does not exist in the
// file (a keyword a rule says is missing, say) the span of the nearest
// existing ancestor is returned with exact=false.
func (t *Tool) Locate(path string) (span Span, exact bool) {
	if t == nil || t.Source == nil || t.Value == nil {
		return Span{}, false
	}
	start, end, exact := LocateIn(t.Value, path)
	return t.Source.Span(start, end), exact
}

// LocateIn finds the byte range for path inside root (see Tool.Locate).
func LocateIn(root *jsonvalue.Value, path string) (start, end int32, exact bool) {
	start, end = root.Start, root.End
	segs, ok := schemapath.Parse(path)
	if !ok {
		return start, end, false
	}
	cur := root
	for _, s := range segs {
		if s.IsIndex {
			if cur.Kind != jsonvalue.Array || s.Index < 0 || s.Index >= len(cur.Items) {
				return start, end, false
			}
			cur = &cur.Items[s.Index]
			start, end = cur.Start, cur.End
			continue
		}
		m := cur.Member(s.Key)
		if m == nil {
			return start, end, false
		}
		cur = &m.Value
		start, end = m.KeyStart, m.KeyEnd
	}
	return start, end, true
}

// FilePath prefixes a tool-relative path with the tool's place in its file
// ("name" in the second array element is "[1].name").
func (t *Tool) FilePath(path string) string {
	if t.Native != nil {
		path = t.Native.nativePath(path)
	}
	return joinBase(t.Base, path)
}

func joinBase(base, path string) string {
	if base == "" {
		return path
	}
	if path == "" {
		return base
	}
	if path[0] == '[' {
		return base + path
	}
	return base + "." + path
}
