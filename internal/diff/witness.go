package diff

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/witness"
)

// Every breaking change gets a witness: a call (argument object) that the
// old input schema accepts and the new one rejects, found by the witness
// package and verified by the validator against both schemas. The same
// search is the safety net for a tool the engine found nothing breaking
// in: a call that worked before and fails now is a breaking change
// (schema-narrowed) whatever the keyword comparison concluded.

// judgedPerTool bounds the candidate calls judged for one tool (each
// search judges at most witness.Budget), raised by judgedPerChange for
// each of its breaking changes, so a tool with hundreds of them gets each
// a search of its own (a search judges a few dozen on average): the cost
// grows with the changes, and the run's budget bounds the whole. Past the
// bound, a breaking change says that it was not searched.
const (
	judgedPerTool   = 8 * witness.Budget
	judgedPerChange = 64
)

// searchWork bounds a tool's search by its size as well: a search builds
// its candidates from the whole input schema, so judging costs about the
// schema's size (old and new, in values), and an allowance that grows with
// the breaking changes made a wide tool whose every property narrowed
// quadratic (2,000 properties: 30 s). A tool judges at most searchWork /
// size candidates (about a second's work), which leaves every tool of a
// real size its whole allowance (up to about 7,800 values).
const searchWork = 25_000_000

// maxSearchedValues is the largest tool (old and new schema together, in
// values) searched at all: the validator's compiler is quadratic in a
// schema's subschemas (20,000 properties: 7 s before any search).
const maxSearchedValues = 20_000

// Reasons given when a breaking change has no witness.
const (
	reasonBudget     = "No example call found: none of the calls tried within the search budget is accepted by the old schema and rejected by the new one."
	reasonNotSearch  = "No example call searched: the tool has more breaking changes than the search budget covers."
	reasonRunBudget  = "No example call searched: the run's search budget is spent (too many changed tools); the change is breaking all the same."
	reasonNoValidate = "No example call can be verified: the validator cannot compile one of the two schemas."
	reasonTooLarge   = "No example call searched: the tool's schema is too large for the search budget; the change is breaking all the same."
)

// attachWitnesses searches a witness for each breaking change of one tool
// pair and, when none is breaking but the comparison read some schema in a
// rewritten spelling (rewrote), looks for a call the engine missed. Plain
// keyword comparisons are not double-checked: compiling a schema for the
// validator costs more than the whole keyword comparison, and the
// semantic tests hold those comparisons to the validator instead.
func attachWitnesses(o, n *tool.Tool, name string, changes []Change, rewrote bool, cache *witness.Cache, ledger *witness.Ledger) []Change {
	oldRoot, newRoot := member(o, "inputSchema"), member(n, "inputSchema")
	var p *witness.Pair
	pair := func() *witness.Pair {
		if p == nil {
			p = witness.NewPair(oldRoot, newRoot, cache, ledger)
		}
		return p
	}
	breaking := 0
	for i := range changes {
		if changes[i].Classification == Breaking {
			breaking++
		}
	}
	values := -1
	tooLarge := func() bool {
		if values < 0 {
			values = size(oldRoot) + size(newRoot)
		}
		return values > maxSearchedValues
	}
	allowance := max(judgedPerTool, judgedPerChange*breaking)
	if breaking > 0 && !tooLarge() {
		allowance = min(allowance, searchWork/max(1, values))
	}
	var found []witness.Result
	for i := range changes {
		ch := &changes[i]
		if ch.Classification != Breaking {
			continue
		}
		if tooLarge() {
			ch.Witness = &Witness{Reason: reasonTooLarge}
			continue
		}
		if p == nil && ledger.Spent() {
			ch.Witness = &Witness{Reason: reasonRunBudget}
			continue
		}
		if !pair().Usable() {
			ch.Witness = &Witness{Reason: reasonNoValidate}
			continue
		}
		focus := focusOf(ch.Path)
		// A call already found that the new schema rejects right here
		// serves this change too.
		if r, ok := witness.Reuse(found, newRoot, focus); ok {
			ch.Witness = &Witness{Arguments: r.Arguments}
			continue
		}
		if ledger.Spent() {
			ch.Witness = &Witness{Reason: reasonRunBudget}
			continue
		}
		if pair().Judged >= allowance {
			ch.Witness = &Witness{Reason: reasonNotSearch}
			continue
		}
		r := pair().Find(focus, hintsOf(ch), nil)
		if r.Arguments != nil {
			found = append(found, r)
			ch.Witness = &Witness{Arguments: r.Arguments}
			continue
		}
		ch.Witness = &Witness{Reason: noWitnessReason(ch, focus, newRoot)}
	}
	if breaking > 0 || !rewrote || jsonvalue.Equal(oldRoot, newRoot) || ledger.Spent() || tooLarge() || !pair().Usable() {
		return changes
	}
	// A property newly declared where the old schema let any name through
	// is non-breaking by contract (optional-property-added): a call that
	// fails only on it is no evidence against the engine.
	var declared []string
	for i := range changes {
		if changes[i].Code == "optional-property-added" {
			declared = append(declared, "/"+strings.Join(escapePointer(focusOf(changes[i].Path)), "/"))
		}
	}
	r := pair().Find(nil, nil, func(where []string) bool {
		for _, w := range where {
			if !underAny(w, declared) {
				return false
			}
		}
		return len(declared) > 0
	})
	if r.Arguments == nil {
		return changes
	}
	path := "inputSchema"
	if len(r.Where) > 0 {
		path = pointerPath(r.Where[0])
	}
	return append(changes, Change{
		Classification: Breaking,
		Code:           "schema-narrowed",
		ToolName:       name,
		Path:           path,
		Message:        "The new schema rejects a call the old one accepted, though no single keyword change explains it (keywords regrouped or moved between subschemas); review what the new schema accepts.",
		New:            toolLocation(n, path),
		Witness:        &Witness{Arguments: r.Arguments},
	})
}

// noWitnessReason says why a breaking change has no example call. Some
// codes are breaking by contract for what a provider or server does, not
// for what the JSON Schema validator decides: for those, when it is
// provably so, that is the reason; otherwise the search found none.
func noWitnessReason(ch *Change, focus []string, newRoot *jsonvalue.Value) string {
	switch ch.Code {
	case "nullable-removed":
		return "No example call: `nullable` is OpenAPI's keyword, which a JSON Schema 2020-12 validator ignores; providers that read it reject null now."
	case "property-removed":
		// The removed name now falls to the rules for undeclared
		// properties; when those accept anything, so does the validator.
		if len(focus) >= 2 && focus[len(focus)-2] == "properties" && witness.OpenTo(newRoot, focus[:len(focus)-2], focus[len(focus)-1]) {
			return "No example call: the rules for undeclared properties still accept what the removed property accepted, so the validator accepts the same calls; the change is breaking because the tool no longer declares the property."
		}
	case "keyword-changed":
		if keywordAt(focus) && !validatorKeyword[focus[len(focus)-1]] {
			return "No example call: the validator does not act on this keyword, so it accepts the same calls; providers or servers that read it may not."
		}
	case "pattern-changed":
		if ch.Before != nil && ch.After != nil && ch.Before.Kind == jsonvalue.String && ch.After.Kind == jsonvalue.String &&
			witness.PatternWidened(ch.Before.Text, ch.After.Text) {
			return "No example call: the new pattern matches every string the old one matched, so the validator accepts the same calls; any edit of a pattern is breaking by contract."
		}
	}
	return reasonBudget
}

// keywordAt: the path ends at a keyword of a schema object, not at a
// property name, a definition's name or an index.
func keywordAt(focus []string) bool {
	if len(focus) == 0 {
		return false
	}
	if _, err := strconv.Atoi(focus[len(focus)-1]); err == nil {
		return false
	}
	if len(focus) >= 2 {
		switch focus[len(focus)-2] {
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependentRequired":
			return false
		}
	}
	return true
}

// validatorKeyword lists the keywords a JSON Schema 2020-12 validator acts
// on (and older ones it might): a change to any other cannot change what
// it accepts. Annotations (format included: the validator does not assert
// it) are not here.
var validatorKeyword = map[string]bool{
	"type": true, "enum": true, "const": true, "multipleOf": true, "maximum": true, "exclusiveMaximum": true,
	"minimum": true, "exclusiveMinimum": true, "maxLength": true, "minLength": true, "pattern": true,
	"maxItems": true, "minItems": true, "uniqueItems": true, "maxContains": true, "minContains": true,
	"maxProperties": true, "minProperties": true, "required": true, "dependentRequired": true,
	"allOf": true, "anyOf": true, "oneOf": true, "not": true, "if": true, "then": true, "else": true,
	"dependentSchemas": true, "prefixItems": true, "items": true, "contains": true, "properties": true,
	"patternProperties": true, "additionalProperties": true, "propertyNames": true,
	"unevaluatedItems": true, "unevaluatedProperties": true, "$ref": true, "$dynamicRef": true,
	"$id": true, "$anchor": true, "$dynamicAnchor": true, "$schema": true, "$vocabulary": true, "$defs": true,
	"$recursiveRef": true, "$recursiveAnchor": true, "dependencies": true, "additionalItems": true, "definitions": true,
}

// toolCallWitness is the witness of a tool removed or renamed: any call
// the old tool accepted fails now.
func toolCallWitness(t *tool.Tool) *Witness {
	if c := witness.Call(member(t, "inputSchema")); c != nil {
		return &Witness{Arguments: c}
	}
	return &Witness{Reason: reasonNoValidate}
}

// focusOf turns a change path into schema path segments below inputSchema
// (nil for a tool-level change).
func focusOf(path string) []string {
	segs, ok := schemapath.Parse(path)
	if !ok || len(segs) == 0 || segs[0].IsIndex || segs[0].Key != "inputSchema" {
		return nil
	}
	out := make([]string, 0, len(segs)-1)
	for _, s := range segs[1:] {
		if s.IsIndex {
			out = append(out, strconv.Itoa(s.Index))
		} else {
			out = append(out, s.Key)
		}
	}
	return out
}

// hintsOf lists the plain values a change names: an old or new bound, the
// members of an old or new enum.
func hintsOf(ch *Change) []*jsonvalue.Value {
	var out []*jsonvalue.Value
	for _, v := range [2]*jsonvalue.Value{ch.Before, ch.After} {
		switch {
		case v == nil:
		case v.Kind == jsonvalue.Array:
			for i := range v.Items {
				if v.Items[i].Kind != jsonvalue.Object && v.Items[i].Kind != jsonvalue.Array {
					out = append(out, &v.Items[i])
				}
			}
		case v.Kind != jsonvalue.Object:
			out = append(out, v)
		}
	}
	return out
}

// pointerPath turns a JSON pointer into the input schema into a schema
// path ("/properties/a/maxLength" is inputSchema.properties.a.maxLength).
func pointerPath(ptr string) string {
	p := "inputSchema"
	if ptr == "" {
		return p
	}
	toks := splitPointer(ptr)
	var prev string
	for i, t := range toks {
		if n, err := strconv.Atoi(t); err == nil && i > 0 && listKeyword(prev) {
			p = schemapath.Index(p, n)
		} else {
			p = schemapath.Key(p, t)
		}
		prev = t
	}
	return p
}

// listKeyword: the keyword holds a list, so a number after it is an index.
func listKeyword(key string) bool {
	switch key {
	case "allOf", "anyOf", "oneOf", "prefixItems", "enum", "required", "type", "examples":
		return true
	}
	return false
}

func splitPointer(ptr string) []string {
	out := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i := range out {
		out[i] = unescapePointer(out[i])
	}
	return out
}

func unescapePointer(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && i+1 < len(s) {
			switch s[i+1] {
			case '0':
				out = append(out, '~')
				i++
				continue
			case '1':
				out = append(out, '/')
				i++
				continue
			}
		}
		out = append(out, s[i])
	}
	return string(out)
}

func underAny(ptr string, roots []string) bool {
	for _, r := range roots {
		if ptr == r || strings.HasPrefix(ptr, r+"/") {
			return true
		}
	}
	return false
}

func escapePointer(segs []string) []string {
	out := make([]string, len(segs))
	for i, s := range segs {
		out[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
	}
	return out
}
