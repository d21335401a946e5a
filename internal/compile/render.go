package compile

import (
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Render is the provider-native definition compile writes for t and the
// target (as with --allow-lossy), without deciding whether the pair is
// refused and without the self-check: for measuring what is sent (the
// context cost), not for writing. diags are the target's own check
// findings on t, as check reported them before any config adjustment;
// nil runs the target's check. Unknown ids give nil. The definition may
// share values with t: it is for reading only.
func Render(t *tool.Tool, targetID string, diags []provider.Diagnostic) *jsonvalue.Value {
	var r Renderer
	return r.Render(t, targetID, diags)
}

// Renderer is Render for many definitions in a row, reusing its memory:
// what it renders stays valid until Reset. Not safe for concurrent use.
type Renderer struct{ mem slab }

// Render is the package's Render, its output valid until r.Reset.
func (r *Renderer) Render(t *tool.Tool, targetID string, diags []provider.Diagnostic) *jsonvalue.Value {
	target, ok := Lookup(targetID)
	if !ok {
		return nil
	}
	if diags == nil {
		diags = target.Check(t)
	}
	out, _ := target.compile(t, job{diags: newDiagIndex(diags, target.consults), mem: &r.mem})
	return out
}

// Reset lets r reuse the memory of everything it rendered, which must no
// longer be in use.
func (r *Renderer) Reset() { r.mem.reset() }

// AppendScalar appends a string, number, boolean or null as Encode writes
// it (other kinds: nothing), for callers that lay out Encode's lines
// themselves.
func AppendScalar(buf []byte, v *jsonvalue.Value) []byte {
	switch v.Kind {
	case jsonvalue.Array, jsonvalue.Object:
		return buf
	}
	return appendValue(buf, v, 0)
}
