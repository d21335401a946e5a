// Package provider holds what every provider target shares: the diagnostic
// shape, rule-table rows, the emitter that turns a rule firing into a
// located diagnostic, the canonical sort, and the schema helpers the
// provider packages walk with.
package provider

import (
	"bytes"
	"cmp"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Emitter collects one provider's diagnostics for one tool. Providers call
// Emit in production order; Finish sorts them and fills in positions.
type Emitter struct {
	tool       *tool.Tool
	providerID string
	scratch    *[]Diagnostic // pooled: reused across tools, copied out by Finish
}

var scratchPool = sync.Pool{New: func() any { s := make([]Diagnostic, 0, 64); return &s }}

// NewEmitter starts collecting diagnostics of providerID for t.
func NewEmitter(t *tool.Tool, providerID string) *Emitter {
	return &Emitter{tool: t, providerID: providerID, scratch: scratchPool.Get().(*[]Diagnostic)}
}

// Emit records that rule r fired at path. message is ours, specific to this
// occurrence; arg fills the "%s" of the rule's compile detail.
func (e *Emitter) Emit(r *Rule, path, message, arg string) {
	*e.scratch = append(*e.scratch, Diagnostic{
		ProviderID: e.providerID,
		ToolName:   e.tool.Name,
		Severity:   r.Severity,
		Code:       r.Code,
		Message:    message,
		Path:       path,
		Compile:    r.CompileWith(arg),
		DocsURL:    r.DocsURL,
	})
}

// Finish returns the diagnostics in the canonical order, each carrying the
// file position of its path (the nearest existing ancestor when the path
// names something absent, such as a missing additionalProperties). The
// Emitter must not be used afterwards.
func (e *Emitter) Finish() []Diagnostic {
	ds := *e.scratch
	out := []Diagnostic{}
	if len(ds) > 0 {
		// Sort positions rather than the (large) diagnostics themselves,
		// then copy each once into an exactly sized result.
		order := make([]int32, len(ds))
		for i := range order {
			order[i] = int32(i)
		}
		slices.SortFunc(order, func(a, b int32) int {
			if c := compareDiagnostics(&ds[a], &ds[b]); c != 0 {
				return c
			}
			return cmp.Compare(a, b) // ties keep production order
		})
		out = make([]Diagnostic, len(ds))
		for i, j := range order {
			out[i] = ds[j]
		}
		e.locate(out)
	}
	clear(ds)
	*e.scratch = ds[:0]
	if cap(ds) <= 4096 {
		scratchPool.Put(e.scratch)
	}
	e.scratch = nil
	return out
}

func (e *Emitter) locate(ds []Diagnostic) {
	file := e.tool.File()
	src := e.tool.Source
	var lastPath string
	var last tool.Span
	for i := range ds {
		d := &ds[i]
		d.File = file
		if src == nil || e.tool.Value == nil {
			continue
		}
		if i == 0 || d.Path != lastPath {
			start, end := locateIn(e.tool.Value, d.Path)
			last, lastPath = span(src, start, end), d.Path
		}
		d.Line, d.Column, d.EndLine, d.EndColumn = last.Line, last.Column, last.EndLine, last.EndColumn
	}
}

// span is src.Span(start, end), finding the line once when the range does
// not cross a line break (a key always, most values).
func span(src *tool.Source, start, end int32) tool.Span {
	if start < 0 || end < start || int(end) > len(src.Data) || bytes.IndexByte(src.Data[start:end], '\n') >= 0 {
		return src.Span(start, end)
	}
	line, col := src.Position(start)
	return tool.Span{Line: line, Column: col, EndLine: line, EndColumn: col + utf8.RuneCount(src.Data[start:end])}
}

// locateIn is tool.LocateIn without allocating: the byte range of the key
// (or array element) path names inside root, or of its nearest existing
// ancestor.
func locateIn(root *jsonvalue.Value, path string) (start, end int32) {
	start, end = root.Start, root.End
	cur := root
	for i := 0; i < len(path); {
		var key string
		index, isIndex := 0, false
		switch path[i] {
		case '[':
			j := i + 1
			if j < len(path) && path[j] == '"' {
				k, next, ok := quotedKey(path, j)
				if !ok {
					return start, end
				}
				key, i = k, next
				break
			}
			for j < len(path) && path[j] != ']' {
				j++
			}
			n, err := strconv.Atoi(path[i+1 : min(j, len(path))])
			if err != nil || j >= len(path) {
				return start, end
			}
			index, isIndex, i = n, true, j+1
		default:
			if path[i] == '.' {
				i++
			}
			j := i
			for j < len(path) && path[j] != '.' && path[j] != '[' {
				j++
			}
			key, i = path[i:j], j
		}
		if isIndex {
			if cur.Kind != jsonvalue.Array || index < 0 || index >= len(cur.Items) {
				return start, end
			}
			cur = &cur.Items[index]
			start, end = cur.Start, cur.End
			continue
		}
		m := cur.Member(key)
		if m == nil {
			return start, end
		}
		cur = &m.Value
		start, end = m.KeyStart, m.KeyEnd
	}
	return start, end
}

// quotedKey reads the JSON string literal at path[at] == '"' followed by
// ']', returning the key and the offset after the ']'.
func quotedKey(path string, at int) (string, int, bool) {
	escaped := false
	for j := at + 1; j < len(path); j++ {
		switch path[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			if j+1 >= len(path) || path[j+1] != ']' {
				return "", 0, false
			}
			if !escaped {
				return path[at+1 : j], j + 2, true
			}
			v, err := jsonvalue.Parse([]byte(path[at : j+1]))
			if err != nil || v.Kind != jsonvalue.String {
				return "", 0, false
			}
			return v.Text, j + 2, true
		}
	}
	return "", 0, false
}

// SortDiagnostics orders ds stably by severity (error, warning, info), then
// path, then code, comparing strings by UTF-16 code unit as SchemaPort does.
// Exact ties keep their production order.
func SortDiagnostics(ds []Diagnostic) {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int { return compareDiagnostics(&a, &b) })
}

func compareDiagnostics(a, b *Diagnostic) int {
	if ra, rb := SeverityRank(a.Severity), SeverityRank(b.Severity); ra != rb {
		return ra - rb
	}
	if c := CompareUTF16(a.Path, b.Path); c != 0 {
		return c
	}
	return CompareUTF16(a.Code, b.Code)
}
