package anthropicstrict

import (
	"strconv"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Budget tracks the per-request limits of strict tool use over a tool set,
// tool by tool in the set's order. A limit is a fact about the set, so it
// is reported once: on the tool whose counts first take the set over it,
// with a message that says so. Add must see the tools in one fixed order
// for the output to be deterministic.
type Budget struct {
	tools, optional, unions int
}

// Add counts t into the set and returns the limit findings t crosses
// (usually none), each a located diagnostic of this target.
func (b *Budget) Add(t *tool.Tool) []provider.Diagnostic {
	optional, unions := Parameters(t.InputSchema())
	before := *b
	b.tools++
	b.optional += optional
	b.unions += unions
	crossed := func(old, now, limit int) bool { return old <= limit && now > limit }
	var e *provider.Emitter
	emit := func(rule int, path, message string) {
		if e == nil {
			e = provider.NewEmitter(t, ID)
		}
		e.Emit(&Rules[rule], path, message, "")
	}
	itoa := strconv.Itoa
	if crossed(before.tools, b.tools, MaxStrictTools) {
		emit(ruleTooManyTools, "name", "This is tool "+itoa(b.tools)+" of the set; strict tool use accepts at most "+itoa(MaxStrictTools)+" strict tools per request (HTTP 400 beyond). Send the rest without strict, or split the set across requests.")
	}
	if crossed(before.optional, b.optional, MaxOptionalParams) {
		emit(ruleTooManyOptional, provider.RootPath, "With this tool's "+itoa(optional)+" optional properties the set has "+itoa(b.optional)+"; strict tool use accepts at most "+itoa(MaxOptionalParams)+" across the strict tools of a request (HTTP 400 beyond). Require more properties or send fewer tools with strict.")
	}
	if crossed(before.unions, b.unions, MaxUnionTypedParams) {
		emit(ruleTooManyUnions, provider.RootPath, "With this tool's "+itoa(unions)+" union-typed properties the set has "+itoa(b.unions)+"; strict tool use accepts at most "+itoa(MaxUnionTypedParams)+" across the strict tools of a request (HTTP 400 beyond). Replace some unions or send fewer tools with strict.")
	}
	if e == nil {
		return nil
	}
	return e.Finish()
}

// Crosses reports whether a tool with these Parameters counts, added now,
// would take the set over a limit (Add would return findings for it),
// and counts it in as Add does. A caller that has dropped a tool's tree
// keeps its counts, runs the budget over them, and calls Add, with the
// tool loaded again, only for a tool that crosses (on a copy of the
// budget taken before Crosses).
func (b *Budget) Crosses(optional, unions int) bool {
	before := *b
	b.tools++
	b.optional += optional
	b.unions += unions
	crossed := func(old, now, limit int) bool { return old <= limit && now > limit }
	return crossed(before.tools, b.tools, MaxStrictTools) ||
		crossed(before.optional, b.optional, MaxOptionalParams) ||
		crossed(before.unions, b.unions, MaxUnionTypedParams)
}

// Parameters counts, over every object the walk reaches, the properties
// not listed in required (optional) and the properties whose schema is a
// union: a type array of two or more names, or anyOf/oneOf.
func Parameters(root *jsonvalue.Value) (optional, unions int) {
	provider.Walk(root, func(s *jsonvalue.Value, _ *provider.Cursor) {
		p := s.Get("properties")
		if p == nil || p.Kind != jsonvalue.Object {
			return
		}
		required := provider.NewRequiredSet(s.Get("required"))
		for i := range p.Members {
			m := &p.Members[i]
			if !required.Has(m.Key) {
				optional++
			}
			if isUnion(&m.Value) {
				unions++
			}
		}
	})
	return optional, unions
}

func isUnion(s *jsonvalue.Value) bool {
	if s.Kind != jsonvalue.Object {
		return false
	}
	if t := s.Get("type"); t != nil && t.Kind == jsonvalue.Array && len(t.Items) > 1 {
		return true
	}
	for _, kw := range [...]string{"anyOf", "oneOf"} {
		if v := s.Get(kw); v != nil && v.Kind == jsonvalue.Array {
			return true
		}
	}
	return false
}
