// Package cost measures what a tool set costs in context: the tokens of
// each tool's definition as it is sent to each provider (the compiled
// provider-native definition, as compile writes it), broken down into the
// tool's name and description, its parameter descriptions and the schema's
// structure, and what a change (base vs head) adds.
//
// The figures are o200k_base counts (OpenAI's tokenizer, in process, no
// network) of the compiled JSON. For OpenAI that is the tokenizer's exact
// count of the JSON sent (Exact); OpenAI still renders tools into its own
// prompt format before the model reads them, so what a request is billed
// can differ by a few tokens per tool. Anthropic and Gemini re-render tools
// into their own prompt formats and publish no tokenizer: their figures
// are estimates (Exact false), good for comparing tools and changes, not
// for billing; their count_tokens/countTokens endpoints give the exact
// figure.
package cost

import (
	"runtime"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/workers"
)

// Parts breaks a figure down by where its tokens are. The parts add up to
// the total: every line of the compiled file counts in exactly one part.
type Parts struct {
	// NameDescription: the lines of the tool's name, title and
	// description.
	NameDescription int `json:"nameDescription"`
	// Parameters: the `description` lines inside the schema (of
	// parameters and nested properties alike).
	Parameters int `json:"parameterDescriptions"`
	// Structure: everything else (keys, types, enums, brackets, indentation).
	Structure int `json:"schemaStructure"`
}

// Part names, as Parts' JSON keys: for deltas and messages.
const (
	PartNameDescription = "nameDescription"
	PartParameters      = "parameterDescriptions"
	PartStructure       = "schemaStructure"
)

func (p Parts) total() int { return p.NameDescription + p.Parameters + p.Structure }

func (p Parts) plus(q Parts) Parts {
	return Parts{p.NameDescription + q.NameDescription, p.Parameters + q.Parameters, p.Structure + q.Structure}
}

// Figure is one tool's cost for one target.
type Figure struct {
	Tool   string `json:"tool"`
	Target string `json:"target"`
	Tokens int    `json:"tokens"`
	Parts  Parts  `json:"parts"`
	// Exact: the count is the tokenizer's own for what the provider
	// reads (OpenAI); false: an estimate (Anthropic, Gemini, MCP clients).
	Exact bool `json:"exact"`
}

// ExactFor reports whether o200k_base counts are exact for a target.
func ExactFor(target string) bool { return target == "openai" }

// Total is one target's figure for a whole set.
type Total struct {
	Target string `json:"target"`
	Tokens int    `json:"tokens"`
	Parts  Parts  `json:"parts"`
	Exact  bool   `json:"exact"`
}

// Set is a tool set's cost: Tools[i][j] is tool i for target j (tools in
// the order given, targets in the order given), Totals per target.
type Set struct {
	Targets []string   `json:"targets"`
	Tools   [][]Figure `json:"tools"`
	Totals  []Total    `json:"totals"`
}

// Diagnostics gives a target's check findings on a tool, as check made
// them (before config adjustments), so that the compiled definition is
// built without checking again; nil asks Tool to run the check.
type Diagnostics func(toolIndex int, target string) []provider.Diagnostic

func measure(c *counter, t *tool.Tool, target string, diags []provider.Diagnostic) Figure {
	f := Figure{Tool: t.Name, Target: target, Exact: ExactFor(target)}
	out := c.render.Render(t, target, diags)
	if out == nil {
		return f
	}
	f.Parts = measureWith(c, out)
	f.Tokens = f.Parts.total()
	return f
}

// measureWith counts a compiled definition (the root object compile
// writes), line by line as compile.Encode lays it out.
func measureWith(c *counter, out *jsonvalue.Value) Parts {
	l := layout{c: c}
	l.value(out, 0, "", false, false, partStructure, rootLevel)
	return l.parts
}

// Count measures every tool for every target, on GOMAXPROCS workers;
// the result does not depend on scheduling. diags may be nil.
func Count(tools []*tool.Tool, targets []string, diags Diagnostics) *Set {
	rows := make([][]Figure, len(tools))
	var next atomic.Int64
	workers.Run(max(1, min(runtime.GOMAXPROCS(0), len(tools))), func() {
		c := counters.Get().(*counter)
		defer counters.Put(c)
		defer c.forget()
		for {
			i := int(next.Add(1) - 1)
			if i >= len(tools) {
				return
			}
			rows[i] = c.row(tools[i], targets, func(target string) []provider.Diagnostic {
				if diags == nil {
					return nil
				}
				return diags(i, target)
			})
		}
	})
	return NewSet(targets, rows)
}

// CountTool measures one tool for every target, on any goroutine, and
// keeps nothing of it: for a check that counts each tool as its file
// loads and then drops the file's trees. diags gives a target's findings
// on the tool as check made them.
func CountTool(t *tool.Tool, targets []string, diags func(target string) []provider.Diagnostic) []Figure {
	c := counters.Get().(*counter)
	defer counters.Put(c)
	c.holding = true
	row := c.row(t, targets, func(target string) []provider.Diagnostic {
		if d := diags(target); d != nil {
			return d
		}
		return none // nil would ask Render to check again
	})
	// The name is copied: the tool's text (its file, read into memory the
	// scan reuses) must not stay alive with the figures.
	name := strings.Clone(t.Name)
	for j := range row {
		row[j].Tool = name
	}
	c.dropTool()
	c.holding = false
	return row
}

// row measures one tool for every target; diags(target) nil asks Render
// to check the tool itself.
func (c *counter) row(t *tool.Tool, targets []string, diags func(target string) []provider.Diagnostic) []Figure {
	c.nextTool()
	row := make([]Figure, len(targets))
	for j, target := range targets {
		row[j] = measure(c, t, target, diags(target))
	}
	return row
}

// none is a check that found nothing.
var none = []provider.Diagnostic{}

// NewSet is the set of rows (CountTool's, one per tool in report order).
func NewSet(targets []string, rows [][]Figure) *Set {
	s := &Set{Targets: append([]string(nil), targets...), Tools: rows}
	s.Totals = totals(s)
	return s
}

func totals(s *Set) []Total {
	out := make([]Total, len(s.Targets))
	for j, target := range s.Targets {
		out[j] = Total{Target: target, Exact: ExactFor(target)}
		for _, row := range s.Tools {
			f := row[j]
			out[j].Tokens += f.Tokens
			out[j].Parts.NameDescription += f.Parts.NameDescription
			out[j].Parts.Parameters += f.Parts.Parameters
			out[j].Parts.Structure += f.Parts.Structure
		}
	}
	return out
}

// Total returns the set's figure for target (ok false when not measured).
func (s *Set) Total(target string) (Total, bool) {
	for _, t := range s.Totals {
		if t.Target == target {
			return t, true
		}
	}
	return Total{}, false
}

type part int

const (
	partStructure part = iota
	partNameDescription
	partParameters
)

// level says what the value being laid out is, for attributing lines.
type level int

const (
	rootLevel   level = iota // the compiled tool object
	schemaLevel              // a schema (or a map of schemas)
	valueLevel               // a value inside default, enum, const, examples
)

// layout walks a compiled definition as compile.Encode writes it (see
// encode.go: "{", each member on its own line at depth+1 as `"key": `
// followed by its value, "," after every member but the last, "}" at the
// object's depth; arrays alike; empty ones as "{}" and "[]"), counting
// each line in one part.
//
// A line below the root counts as its indentation, its key (` "key":`,
// when it has one) and its value (` value,` and the line break): see
// counter for why these are whole pieces. Keys and values recur (the same
// strings in every target's definition of a tool), so each is counted
// once and looked up by identity.
type layout struct {
	c     *counter
	parts Parts
}

// value lays out v at depth; key is its member key (hasKey), comma
// whether a comma follows its last line.
func (l *layout) value(v *jsonvalue.Value, depth int, key string, hasKey bool, comma bool, p part, lv level) {
	n := 0
	if hasKey {
		n = l.c.keyTokens(key)
	}
	if (v.Kind != jsonvalue.Object || len(v.Members) == 0) && (v.Kind != jsonvalue.Array || len(v.Items) == 0) {
		// One line (most lines are): scalars, {} and [].
		l.add(n+l.c.indentTokens(depth)+l.c.scalar(depth, v, comma), p)
		return
	}
	l.add(n, p)
	var id block
	switch {
	case depth > maxBlockDepth:
	case v.Kind == jsonvalue.Object && len(v.Members) >= minBlock:
		id = block{p: unsafe.Pointer(unsafe.SliceData(v.Members)), n: len(v.Members)}
	case v.Kind == jsonvalue.Array && len(v.Items) >= minBlock:
		id = block{p: unsafe.Pointer(unsafe.SliceData(v.Items)), n: len(v.Items)}
	}
	if id.p != nil {
		id.depth, id.comma, id.part, id.level = int32(depth), comma, p, lv
		if ps, ok := l.c.counted(&id); ok {
			l.parts.NameDescription += ps.NameDescription
			l.parts.Parameters += ps.Parameters
			l.parts.Structure += ps.Structure
			return
		}
	}
	before := l.parts
	switch v.Kind {
	case jsonvalue.Object:
		l.line(depth, l.c.punct(depth, '{', false), p)
		for i := range v.Members {
			m := &v.Members[i]
			mp, mlv := p, lv
			switch lv {
			case rootLevel:
				switch m.Key {
				case "name", "title", "description":
					mp = partNameDescription
				}
				mlv = schemaLevel
			case schemaLevel:
				switch m.Key {
				case "description":
					if m.Value.Kind == jsonvalue.String {
						mp = partParameters
					}
				case "default", "const", "enum", "examples", "example":
					mlv = valueLevel
				}
			}
			l.value(&m.Value, depth+1, m.Key, true, i < len(v.Members)-1, mp, mlv)
		}
		l.line(depth, l.c.punct(depth, '}', comma), p)
	case jsonvalue.Array:
		l.line(depth, l.c.punct(depth, '[', false), p)
		for i := range v.Items {
			l.value(&v.Items[i], depth+1, "", false, i < len(v.Items)-1, p, lv)
		}
		l.line(depth, l.c.punct(depth, ']', comma), p)
	}
	if id.p != nil {
		id.parts = Parts{
			NameDescription: l.parts.NameDescription - before.NameDescription,
			Parameters:      l.parts.Parameters - before.Parameters,
			Structure:       l.parts.Structure - before.Structure,
		}
		l.c.rememberBlock(&id)
	}
}

// minBlock is the smallest object or array whose count is cached by
// identity: Anthropic's and MCP's definitions hold the tool's schema
// itself, laid out the same under either key.
const minBlock = 2

// maxBlockDepth: below it nothing recurs (the providers' own schemas are
// built afresh; the shared one is met whole at depth 1, or its
// properties at depth 2 when a root was given a type).
const maxBlockDepth = 2

// line adds one line below its key: its indentation and n, its value's
// count.
func (l *layout) line(depth int, n int, p part) {
	l.add(n+l.c.indentTokens(depth), p)
}

func (l *layout) add(n int, p part) {
	switch p {
	case partNameDescription:
		l.parts.NameDescription += n
	case partParameters:
		l.parts.Parameters += n
	default:
		l.parts.Structure += n
	}
}
