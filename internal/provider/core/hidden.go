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

// checkHidden checks the tool-level text and returns the scan for the
// schema walk (Check's, which calls member for every member of every
// subschema).
func checkHidden(t *tool.Tool, e *provider.Emitter) *hiddenScan {
	h := &hiddenScan{e: e}
	if t.Source != nil {
		h.data = t.Source.Data
	}
	v := t.Value
	if v == nil || v.Kind != jsonvalue.Object {
		return h
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
	return h
}

// member checks m, a member of a subschema at.
func (h *hiddenScan) member(at *provider.Cursor, m *jsonvalue.Member) {
	switch m.Key {
	case "description", "title":
		if m.Value.Kind == jsonvalue.String && hidden.Contains(m.Value.Text) {
			h.text(at.Key(m.Key), what(m.Key, false), m.Value.Text, m.Value.Start, m.Value.End)
		}
	case "enum", "const", "default", "examples", "example":
		if mayHide(&m.Value) {
			h.value(at.Key(m.Key), what(m.Key, false), &m.Value)
		}
	case "properties":
		if m.Value.Kind != jsonvalue.Object {
			return
		}
		var base string
		for j := range m.Value.Members {
			p := &m.Value.Members[j]
			if !hidden.Contains(p.Key) {
				continue
			}
			if base == "" {
				base = at.Key("properties")
			}
			h.text(schemapath.Key(base, p.Key), "The property name", p.Key, p.KeyStart, p.KeyEnd)
		}
	}
}

// mayHide reports whether a value holds a string or key with a hidden
// character, so that its paths are rendered only then.
func mayHide(v *jsonvalue.Value) bool {
	switch v.Kind {
	case jsonvalue.String:
		return hidden.Contains(v.Text)
	case jsonvalue.Array:
		for i := range v.Items {
			if mayHide(&v.Items[i]) {
				return true
			}
		}
	case jsonvalue.Object:
		for i := range v.Members {
			if hidden.Contains(v.Members[i].Key) || mayHide(&v.Members[i].Value) {
				return true
			}
		}
	}
	return false
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
	n, tail := "1 hidden character", "the model reads it, a reviewer does not see it. Remove it, or write visibly what it stands for."
	if len(cs) > 1 {
		n, tail = strconv.Itoa(len(cs))+" hidden characters", "the model reads them, a reviewer does not see them. Remove them, or write visibly what they stand for."
	}
	msg := label + " has " + n + " (" + hidden.Describe(cs) + "): " + tail
	h.e.EmitAt(&Rules[ruleHiddenCharacters], place, msg, "")
}
