package core

import (
	"strconv"

	"github.com/schemaport/schemaport-action/internal/hidden"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// hiddenScan reports the text of one tool that holds hidden characters
// (internal/hidden): the tool's name, title and description, and in its
// inputSchema every description, title, property name, enum and const
// string, default and example (at any depth of those values, object keys
// included). Each finding points at the first hidden character of its
// text, where the file has it (as a character or a \u escape).
type hiddenScan struct {
	e    *provider.Emitter
	data []byte // the tool's file, or nil
}

func checkHidden(t *tool.Tool, e *provider.Emitter) {
	v := t.Value
	if v == nil || v.Kind != jsonvalue.Object {
		return
	}
	h := hiddenScan{e: e}
	if t.Source != nil {
		h.data = t.Source.Data
	}
	for _, key := range [...]string{"name", "title", "description"} {
		if m := v.Member(key); m != nil && m.Value.Kind == jsonvalue.String {
			h.text(key, what(key, true), m.Value.Text, m.Value.Start, m.Value.End)
		}
	}
	if a := v.Get("annotations"); a != nil {
		if m := a.Member("title"); m != nil && m.Value.Kind == jsonvalue.String {
			h.text("annotations.title", "The tool's title", m.Value.Text, m.Value.Start, m.Value.End)
		}
	}
	root := t.InputSchema()
	if root == nil || root.Kind != jsonvalue.Object {
		return
	}
	walkSchemas(root, e.Cursor(), func(s *jsonvalue.Value, at *provider.Cursor) {
		for i := range s.Members {
			m := &s.Members[i]
			switch m.Key {
			case "description", "title":
				if m.Value.Kind == jsonvalue.String {
					h.text(at.Key(m.Key), what(m.Key, false), m.Value.Text, m.Value.Start, m.Value.End)
				}
			case "enum", "const", "default", "examples", "example":
				h.value(at.Key(m.Key), what(m.Key, false), &m.Value)
			case "properties":
				if m.Value.Kind != jsonvalue.Object {
					continue
				}
				base := at.Key("properties")
				for j := range m.Value.Members {
					p := &m.Value.Members[j]
					h.text(schemapath.Key(base, p.Key), "The property name", p.Key, p.KeyStart, p.KeyEnd)
				}
			}
		}
	})
}

// what names the text at key for a message.
func what(key string, toolLevel bool) string {
	switch key {
	case "name":
		return "The tool name"
	case "title":
		if toolLevel {
			return "The tool's title"
		}
		return "This title"
	case "description":
		if toolLevel {
			return "The tool description"
		}
		return "This description"
	case "enum":
		return "An enum value"
	case "const":
		return "The const value"
	case "default":
		return "The default"
	}
	return "An example"
}

// value checks every string and object key of a JSON value.
func (h *hiddenScan) value(path, label string, v *jsonvalue.Value) {
	switch v.Kind {
	case jsonvalue.String:
		h.text(path, label, v.Text, v.Start, v.End)
	case jsonvalue.Array:
		for i := range v.Items {
			h.value(schemapath.Index(path, i), label, &v.Items[i])
		}
	case jsonvalue.Object:
		for i := range v.Members {
			m := &v.Members[i]
			p := schemapath.Key(path, m.Key)
			h.text(p, label, m.Key, m.KeyStart, m.KeyEnd)
			h.value(p, label, &m.Value)
		}
	}
}

// text reports s (written at [start, end) of the file: a string literal)
// when it holds hidden characters.
func (h *hiddenScan) text(path, label, s string, start, end int32) {
	cs := hidden.Find(s)
	if len(cs) == 0 {
		return
	}
	place := provider.PathPlace(path)
	if h.data != nil && start >= 0 && end > start && int(end) <= len(h.data) {
		if off, size, ok := jsonvalue.StringOffset(h.data[start:end], cs[0].Offset); ok {
			place = provider.SpanPlace(path, start+int32(off), start+int32(off+size))
		}
	}
	msg := ""
	if !h.e.Counting() {
		n, tail := "1 hidden character", "the model reads it, a reviewer does not see it. Remove it, or write visibly what it stands for."
		if len(cs) > 1 {
			n, tail = strconv.Itoa(len(cs))+" hidden characters", "the model reads them, a reviewer does not see them. Remove them, or write visibly what they stand for."
		}
		msg = label + " has " + n + " (" + hidden.Describe(cs) + "): " + tail
	}
	h.e.EmitAt(&Rules[ruleHiddenCharacters], place, msg, "")
}
