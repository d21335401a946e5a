package diff

import (
	"sort"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Keywords written beside a $ref that would change meaning next to the
// target's keywords stay a separate conjunct (resolve.go, mergeSiblings).
// A keyword moved between the schema object and such a conjunct is then
// compared twice at one path: gone from the schema object, new in the
// conjunct (or the reverse). regroup reads such a pair as the move it is:
// a keyword nothing else reads or is read by asserts the same wherever
// it sits in the conjunction, so the pair is no change; any other keyword
// now sees, or is seen by, other keywords than before, and the pair is one
// breaking keyword-regrouped-with-ref saying which.

// regroup rewrites the changes of one node pair: main holds those the
// schema objects gave (c.out[mark:split]), the rest those the conjuncts
// gave. o and n are the pair's nodes (their v the schema objects).
func (c *comparer) regroup(mark, split int, o, n *node) {
	if split == len(c.out) || split == mark {
		return
	}
	main, conj := c.out[mark:split], c.out[split:]
	dropConj := make([]bool, len(conj))
	dropMain := make([]bool, len(main))
	for i := range main {
		for j := range conj {
			if dropConj[j] || dropMain[i] {
				continue
			}
			a, b := &main[i], &conj[j]
			key, forward, ok := movedKeyword(a, b)
			// Annotations and $-keywords moved are compared as before.
			if !ok || !validatorKeyword[key] || strings.HasPrefix(key, "$") ||
				!o.has(key) && !n.has(key) && !conjHas(o, key) && !conjHas(n, key) {
				continue
			}
			dropConj[j] = true
			if independentKeyword(key) {
				dropMain[i] = true
				continue
			}
			moved := Change{
				Classification: Breaking,
				Code:           "keyword-regrouped-with-ref",
				ToolName:       a.ToolName,
				Path:           a.Path,
			}
			rem, add := a, b
			if !forward {
				rem, add = b, a
			}
			moved.Before, moved.After = rem.Before, add.After
			moved.Old, moved.New = rem.Old, add.New
			if forward {
				moved.Message = "`" + key + "` now sits beside a `$ref` instead of in one schema object with the keywords of its target; " + regroupReason(key, n.v, true) + " Values accepted before may be rejected now."
			} else {
				moved.Message = "`" + key + "` was written beside a `$ref`, apart from the keywords of its target, and now sits in one schema object with them; " + regroupReason(key, o.v, false) + " The engine cannot prove that nothing accepted before is rejected, so treat it as breaking."
			}
			main[i] = moved
		}
	}
	out := c.out[:mark]
	for i := range main {
		if !dropMain[i] {
			out = append(out, main[i])
		}
	}
	for j := range conj {
		if !dropConj[j] {
			out = append(out, conj[j])
		}
	}
	c.out = out
}

// movedKeyword pairs a change of the schema objects (a) with one of the
// conjuncts (b) at the same keyword: absent from one side of each, the
// same value. forward: it left the schema object for the conjunct.
func movedKeyword(a, b *Change) (key string, forward, ok bool) {
	if a.Path != b.Path {
		return "", false, false
	}
	focus := focusOf(a.Path)
	if !keywordAt(focus) {
		return "", false, false
	}
	key = focus[len(focus)-1]
	// Whatever the codes say (contains-removed, additional-properties-
	// relaxed, ...): present on one side only, the same value.
	if a.Before != nil && a.After == nil && b.Before == nil && b.After != nil && jsonvalue.Equal(a.Before, b.After) {
		return key, true, true
	}
	if a.Before == nil && a.After != nil && b.Before != nil && b.After == nil && jsonvalue.Equal(a.After, b.Before) {
		return key, false, true
	}
	return "", false, false
}

func (x *node) has(key string) bool {
	return x != nil && x.v != nil && x.v.Get(key) != nil
}

func conjHas(x *node, key string) bool {
	return x != nil && x.conj != nil && x.conj.Get(key) != nil
}

// independentKeyword: no other keyword reads what key evaluates or
// decides, and key reads no other keyword, so it asserts the same in any
// conjunct. Applicators are not (their evaluations reach unevaluated*).
func independentKeyword(key string) bool {
	if _, ok := dependents[key]; ok {
		return false
	}
	for _, deps := range dependents {
		for _, d := range deps {
			if d == key {
				return false
			}
		}
	}
	for k, evs := range evaluators {
		if k == key {
			return false
		}
		for _, e := range evs {
			if e == key {
				return false
			}
		}
	}
	switch key {
	case "not", "dependencies", "definitions", "$defs":
		return false
	}
	return true
}

// regroupReason names what the keyword no longer sees or is seen by
// (forward), or now sees or is seen by (the reverse), in the target's
// keywords (target: the schema object on the side where they sit apart,
// or together).
func regroupReason(key string, target *jsonvalue.Value, forward bool) string {
	for _, u := range [...]string{"unevaluatedItems", "unevaluatedProperties"} {
		if target.Get(u) == nil {
			continue
		}
		for _, e := range evaluators[u] {
			if e == key {
				if forward {
					return "the target's `" + u + "` no longer sees what `" + key + "` evaluates."
				}
				return "`" + u + "` now sees what `" + key + "` evaluates."
			}
		}
	}
	for _, d := range dependents[key] {
		if target.Get(d) != nil {
			if forward {
				return "it no longer sees the target's `" + d + "`, which it depends on."
			}
			return "it now sees the `" + d + "` it depends on."
		}
	}
	keys := make([]string, 0, len(dependents))
	for t := range dependents {
		keys = append(keys, t)
	}
	sort.Strings(keys)
	for _, t := range keys {
		if target.Get(t) == nil {
			continue
		}
		for _, d := range dependents[t] {
			if d == key {
				if forward {
					return "the target's `" + t + "` no longer sees it."
				}
				return "`" + t + "` now sees it."
			}
		}
	}
	if forward {
		return "the keywords that read it, or that it reads, no longer sit beside it."
	}
	return "keywords that read it, or that it reads, sit beside it now."
}
