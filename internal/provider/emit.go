// Package provider holds what every provider target shares: the diagnostic
// shape, rule-table rows, the emitter that turns a rule firing into a
// located diagnostic, the canonical sort, and the schema helpers the
// provider packages walk with.
package provider

import (
	"slices"

	"github.com/schemaport/schemaport-action/internal/tool"
)

// Emitter collects one provider's diagnostics for one tool. Providers call
// Emit in production order; Finish sorts them and fills in positions.
type Emitter struct {
	tool       *tool.Tool
	providerID string
	diags      []Diagnostic
}

// NewEmitter starts collecting diagnostics of providerID for t.
func NewEmitter(t *tool.Tool, providerID string) *Emitter {
	return &Emitter{tool: t, providerID: providerID}
}

// Emit records that rule r fired at path. message is ours, specific to this
// occurrence; arg fills the "%s" of the rule's compile detail.
func (e *Emitter) Emit(r *Rule, path, message, arg string) {
	e.diags = append(e.diags, Diagnostic{
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
// names something absent, such as a missing additionalProperties).
func (e *Emitter) Finish() []Diagnostic {
	SortDiagnostics(e.diags)
	file := e.tool.File()
	for i := range e.diags {
		d := &e.diags[i]
		span, _ := e.tool.Locate(d.Path)
		d.File = file
		d.Line, d.Column, d.EndLine, d.EndColumn = span.Line, span.Column, span.EndLine, span.EndColumn
	}
	return e.diags
}

// SortDiagnostics orders ds stably by severity (error, warning, info), then
// path, then code, comparing strings by UTF-16 code unit as SchemaPort does.
// Exact ties keep their production order.
func SortDiagnostics(ds []Diagnostic) {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		if ra, rb := SeverityRank(a.Severity), SeverityRank(b.Severity); ra != rb {
			return ra - rb
		}
		if c := CompareUTF16(a.Path, b.Path); c != 0 {
			return c
		}
		return CompareUTF16(a.Code, b.Code)
	})
}
