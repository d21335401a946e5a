package diff

import (
	"sort"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/witness"
)

// ToolSets compares two versions of a tool set: tools removed, added and
// renamed, then every tool present on both sides. Tools are visited in the
// given order (the loader sorts by name), which decides rename pairing.
func ToolSets(old, new []*tool.Tool, opts Options) *Result {
	old, new = nonNil(old), nonNil(new)
	if !opts.NoWitnesses && opts.compiled == nil {
		opts.compiled = witness.NewCache()
	}
	oldByName := lastByName(old)
	newByName := lastByName(new)
	var removed, added []*tool.Tool
	for _, t := range old {
		if _, ok := newByName[t.Name]; !ok {
			removed = append(removed, t)
		}
	}
	for _, t := range new {
		if _, ok := oldByName[t.Name]; !ok {
			added = append(added, t)
		}
	}

	var changes []Change
	// A removed tool and an added one whose schemas differ at most
	// informationally are a rename: greedy, one-to-one, in input order.
	matched := make([]bool, len(added))
	addedKeys := make([]schemaID, len(added))
	for j, t := range added {
		addedKeys[j] = identify(t)
	}
	var stillRemoved []*tool.Tool
	var jobs []pairJob
	for _, gone := range removed {
		goneKey := identify(gone)
		match := -1
		for j, cand := range added {
			if !matched[j] && equivalentSchemas(gone, goneKey, cand, addedKeys[j]) {
				match = j
				break
			}
		}
		if match < 0 {
			stillRemoved = append(stillRemoved, gone)
			continue
		}
		matched[match] = true
		jobs = append(jobs, pairJob{gone, added[match], gone.Name})
	}
	renames := len(jobs)
	for _, t := range old {
		if next, ok := newByName[t.Name]; ok {
			jobs = append(jobs, pairJob{t, next, t.Name})
		}
	}
	diffs := diffPairs(jobs, opts)
	for k, job := range jobs[:renames] {
		gone, to := job.o, job.n
		before, after := jsonvalue.NewString(gone.Name), jsonvalue.NewString(to.Name)
		changes = append(changes, Change{
			Classification: Breaking,
			Code:           "tool-renamed",
			ToolName:       gone.Name,
			Path:           "name",
			Message:        "Tool `" + gone.Name + "` was renamed to `" + to.Name + "`; callers using the old name will fail. Keep the old name as an alias until callers move.",
			Before:         &before,
			After:          &after,
			Old:            toolLocation(gone, "name"),
			New:            toolLocation(to, "name"),
		})
		if !opts.NoWitnesses {
			changes[len(changes)-1].Witness = toolCallWitness(gone)
		}
		changes = append(changes, diffs[k]...)
	}
	for _, gone := range stillRemoved {
		before := jsonvalue.NewString(gone.Name)
		changes = append(changes, Change{
			Classification: Breaking,
			Code:           "tool-removed",
			ToolName:       gone.Name,
			Path:           "name",
			Message:        "Tool `" + gone.Name + "` was removed; callers that still use it will fail. To stay compatible, keep it (say in its description that it is deprecated) until callers have moved.",
			Before:         &before,
			Old:            toolLocation(gone, "name"),
		})
		if !opts.NoWitnesses {
			changes[len(changes)-1].Witness = toolCallWitness(gone)
		}
	}
	for j, fresh := range added {
		if matched[j] {
			continue
		}
		after := jsonvalue.NewString(fresh.Name)
		changes = append(changes, Change{
			Classification: NonBreaking,
			Code:           "tool-added",
			ToolName:       fresh.Name,
			Path:           "name",
			Message:        "Tool `" + fresh.Name + "` was added.",
			After:          &after,
			New:            toolLocation(fresh, "name"),
		})
	}
	for _, d := range diffs[renames:] {
		changes = append(changes, d...)
	}
	return summarize(filter(changes, opts))
}

// Tools compares two versions of one tool; changes carry the old name.
func Tools(old, new *tool.Tool, opts Options) []Change {
	if old == nil || new == nil {
		return nil
	}
	return summarize(filter(diffTool(old, new, old.Name, opts, nil), opts)).Changes
}

func lastByName(ts []*tool.Tool) map[string]*tool.Tool {
	m := make(map[string]*tool.Tool, len(ts))
	for _, t := range ts {
		m[t.Name] = t
	}
	return m
}

// toolLocation locates a tool-relative path, or its nearest ancestor.
func toolLocation(t *tool.Tool, path string) Location {
	if t == nil || t.Source == nil || t.Value == nil {
		return Location{}
	}
	sp, _ := t.Locate(path)
	return Location{File: t.File(), Line: sp.Line, Column: sp.Column, EndLine: sp.EndLine, EndColumn: sp.EndColumn}
}

// diffTool compares the description and the input schema of two tools.
// ledger, when not nil, is the tool's account of the run's search budget.
func diffTool(o, n *tool.Tool, name string, opts Options, ledger *witness.Ledger) []Change {
	if tool.SameText(o, n) {
		return nil
	}
	var out []Change
	od, nd := member(o, "description"), member(n, "description")
	if !jsonvalue.Equal(od, nd) {
		ch := Change{
			Classification: Informational,
			Code:           "tool-description-changed",
			ToolName:       name,
			Path:           "description",
			Message:        "The tool description changed; models choose tools by it, so review the new wording.",
			Before:         od,
			After:          nd,
			New:            toolLocation(n, "description"),
		}
		if added, ok := hiddenAdded(od, nd); ok {
			ch.Classification, ch.Code = Breaking, hiddenAddedCode
			ch.Message = "The tool description now has " + added + hiddenAddedTail
		}
		if od != nil {
			ch.Old = toolLocation(o, "description")
		}
		out = append(out, ch)
	}
	os, ns := member(o, "inputSchema"), member(n, "inputSchema")
	if jsonvalue.Equal(os, ns) {
		return out
	}
	c := newComparer(name, newSide(o), newSide(n))
	c.compareRoots()
	c.nameUses()
	if opts.NoWitnesses {
		return append(out, c.out...)
	}
	return append(out, attachWitnesses(o, n, name, c.out, c.rewrote, opts.compiled, ledger)...)
}

func member(t *tool.Tool, key string) *jsonvalue.Value {
	if t == nil || t.Value == nil {
		return nil
	}
	return t.Value.Get(key)
}

// compareRoots compares the two input schemas; an absent one counts as {}.
func (c *comparer) compareRoots() {
	on, ok := c.child(c.o, c.o.root, c.o.rootAt)
	nn, nk := c.child(c.n, c.n.root, c.n.rootAt)
	if ok == kInvalid || nk == kInvalid || ok == kFalse || nk == kFalse {
		if !jsonvalue.Equal(c.o.root, c.n.root) {
			c.record("keyword-changed", "", "`inputSchema` is not an object schema on both sides; treat the change as breaking.", c.o.root, c.n.root, c.o.rootAt, c.n.rootAt, nil)
		}
		return
	}
	if on == nil {
		on = standIn(span{})
	}
	if nn == nil {
		nn = standIn(span{})
	}
	c.limit = visitBudget + 8*(size(c.o.root)+size(c.n.root))
	c.pair(on, nn)
	if c.exceeded {
		c.record("schema-too-complex", "", "The schema's $refs expand into more than can be compared; the rest of it was not checked, so treat it as breaking.", nil, nil, span{}, c.n.rootAt, nil)
	}
}

// size counts the values in v.
func size(v *jsonvalue.Value) int {
	if v == nil {
		return 0
	}
	n := 1
	for i := range v.Items {
		n += size(&v.Items[i])
	}
	for i := range v.Members {
		n += size(&v.Members[i].Value)
	}
	return n
}

func nonNil(ts []*tool.Tool) []*tool.Tool {
	for _, t := range ts {
		if t == nil {
			out := make([]*tool.Tool, 0, len(ts))
			for _, t := range ts {
				if t != nil {
					out = append(out, t)
				}
			}
			return out
		}
	}
	return ts
}

// schemaID identifies an input schema for rename matching: its canonical
// text, and a cheap necessary condition for equivalence.
type schemaID struct {
	canonical, signature string
}

func identify(t *tool.Tool) schemaID {
	return schemaID{jsonvalue.Canonical(member(t, "inputSchema")), rootSignature(t)}
}

// equivalentSchemas: equal as JSON values, or differing only in ways that
// cannot affect a caller (informational changes).
func equivalentSchemas(a *tool.Tool, aID schemaID, b *tool.Tool, bID schemaID) bool {
	if aID.canonical == bID.canonical {
		return true
	}
	if aID.signature != bID.signature {
		return false
	}
	c := newComparer(a.Name, newSide(a), newSide(b))
	c.compareRoots()
	if c.exceeded {
		return false
	}
	for _, ch := range c.out {
		// Hidden characters added to a description are breaking, but
		// leave the schema what it was: a rename that adds them is still
		// a rename (and reports them).
		if ch.Classification != Informational && ch.Code != hiddenAddedCode {
			return false
		}
	}
	return true
}

// rootSignature is a cheap necessary condition for equivalence: the sorted
// top-level property names (unknown when the root is a $ref).
func rootSignature(t *tool.Tool) string {
	root := member(t, "inputSchema")
	if root == nil || root.Has("$ref") {
		return "?"
	}
	keys := root.Get("properties").Keys()
	sort.Strings(keys)
	return strings.Join(keys, "\x00")
}

var descriptionCodes = map[string]bool{
	"tool-description-changed": true,
	"description-changed":      true,
	"title-changed":            true,
}

func filter(changes []Change, opts Options) []Change {
	if !opts.IgnoreDescriptions {
		return changes
	}
	out := changes[:0]
	for _, ch := range changes {
		if !descriptionCodes[ch.Code] {
			out = append(out, ch)
		}
	}
	return out
}
