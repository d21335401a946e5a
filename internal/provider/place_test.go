package provider

import (
	"slices"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// placeTool has keys that need quoting and unescaping in paths, array
// indexes, a byte-order mark and CRLF line ends.
const placeTool = "\ufeff{\"name\": \"t\",\r\n \"inputSchema\": {\"type\": \"object\",\r\n" +
	` "properties": {"a b": {"type": "string", "minLength": 1}, "é": {"anyOf": [{"x": 1}, true, {"y": 2}]},` + "\r\n" +
	` "a\"b": {"$ref": "#/$defs/D", "description": "d"}, "0": {}, "k.k": {"properties": {"inner": {"items": {}}}}},` + "\r\n" +
	` "$defs": {"D": {"properties": {"p": {"format": "x"}}}}, "additionalProperties": {"not": {}}}}`

// Places made by an Emitter's cursor carry the byte range locateIn finds
// for their path in the file's own tree; in a rewritten copy of it (as
// Gemini's inlining makes) the range of the key inside the definition
// the rewrite moved in. Keys present and absent.
func TestCursorPlacesAgreeWithLocate(t *testing.T) {
	v, err := jsonvalue.Parse([]byte(placeTool))
	if err != nil {
		t.Fatal(err)
	}
	tl := &tool.Tool{Name: "t", Value: v, Source: &tool.Source{Path: "x.json", Data: []byte(placeTool)}}
	original := tl.InputSchema()

	// The rewritten tree: copies of the root and of its properties map,
	// one property replaced by the definition it refers to.
	rewritten := *original
	rewritten.Members = slices.Clone(original.Members)
	props := &rewritten.Members[1].Value
	props.Members = slices.Clone(props.Members)
	props.Members[2].Value = *original.Get("$defs").Get("D")

	for name, root := range map[string]*jsonvalue.Value{"file": original, "rewritten": &rewritten} {
		e := NewEmitter(tl, "test")
		checked := 0
		check := func(what string, p Place) {
			t.Helper()
			checked++
			if p.start < 0 {
				t.Errorf("%s %s %s: position not known", name, what, p.Path)
				return
			}
			locate := locateIn
			if name == "rewritten" {
				locate = locateThroughRef
			}
			if start, end := locate(v, p.Path); start != p.start || end != p.end {
				t.Errorf("%s %s %s: range %d-%d, locateIn says %d-%d", name, what, p.Path, p.start, p.end, start, end)
			}
		}
		WalkFrom(root, e.Cursor(), func(s *jsonvalue.Value, at *Cursor) {
			check("here", at.Here())
			check("absent key", at.KeyPlace("additionalProperties2"))
			for i := range s.Members {
				check("member", at.MemberPlace(s, &s.Members[i]))
				check("key", at.KeyPlace(s.Members[i].Key))
			}
			if at.Path() == "inputSchema" {
				// Into a property and out again, by member and by key.
				pm := s.Member("properties")
				at.PushMember(s, pm)
				for i := range pm.Value.Members {
					check("property", at.MemberPlace(&pm.Value, &pm.Value.Members[i]))
					at.PushKey(pm.Value.Members[i].Key)
					check("pushed", at.Here())
					at.PushIndex(1)
					check("index", at.Here())
					at.Pop()
					at.Pop()
				}
				at.Pop()
			}
		})
		e.Finish()
		if checked < 50 {
			t.Errorf("%s: only %d places checked", name, checked)
		}
	}
}

// locateThroughRef is locateIn where a key absent from a schema with a
// "#/$defs/<name>" reference is looked up in that definition instead.
func locateThroughRef(root *jsonvalue.Value, path string) (start, end int32) {
	start, end = root.Start, root.End
	segs, ok := schemapath.Parse(path)
	if !ok {
		return start, end
	}
	defs := root.Get(RootPath).Get("$defs")
	cur := root
	for _, s := range segs {
		if s.IsIndex {
			if cur.Kind != jsonvalue.Array || s.Index >= len(cur.Items) {
				break
			}
			cur = &cur.Items[s.Index]
			start, end = cur.Start, cur.End
			continue
		}
		m := cur.Member(s.Key)
		if ref := cur.Get("$ref"); m == nil && ref != nil {
			if def := defs.Get(strings.TrimPrefix(ref.Text, "#/$defs/")); def != nil {
				m = def.Member(s.Key)
			}
		}
		if m == nil {
			break
		}
		cur, start, end = &m.Value, m.KeyStart, m.KeyEnd
	}
	return start, end
}

// A cursor that follows no file leaves places to be located by path.
func TestPlainCursorPlacesAreLocatedLater(t *testing.T) {
	c := NewCursor(RootPath)
	c.PushKey("properties")
	if p := c.KeyPlace("x"); p.start >= 0 || p.Path != "inputSchema.properties.x" {
		t.Errorf("got %+v", p)
	}
}
