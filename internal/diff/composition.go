package diff

import (
	"sort"
	"strconv"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// composition classifies anyOf, oneOf and allOf branch by branch, then not
// and if/then/else.
//
// Branches are matched, not compared by position: equal branches (as JSON
// values, wherever they sit) pair first, then the remaining ones pair with
// their most similar counterpart and are diffed at full depth under the new
// index. A pure reorder is therefore no change. Unmatched anyOf/allOf
// branches, and removed oneOf ones, are reported once per keyword with the
// full before/after lists (SchemaPort's shape, diff-rules §5.11); a new
// oneOf branch (our code) is reported at the branch itself.
func (c *comparer) composition(o, n *node) {
	c.branches(o, n, kwAnyOf, "anyOf")
	c.branches(o, n, kwOneOf, "oneOf")
	c.branches(o, n, kwAllOf, "allOf")
	c.slot(o, n, kwNot, "not", slotRules{added: "not-added", removed: "not-removed", unsafe: true, negates: true})
	c.slot(o, n, kwIf, "if", slotRules{added: "conditional-added", removed: "conditional-removed", unsafe: true, inPlace: true})
	c.slot(o, n, kwThen, "then", slotRules{added: "conditional-added", removed: "conditional-removed", trivial: true, inPlace: true})
	c.slot(o, n, kwElse, "else", slotRules{added: "conditional-added", removed: "conditional-removed", trivial: true, inPlace: true})
}

func (c *comparer) branches(o, n *node, id kw, key string) {
	ov, nv := o.get(id), n.get(id)
	if ov == nil && nv == nil {
		return
	}
	if (ov != nil && ov.Kind != jsonvalue.Array) || (nv != nil && nv.Kind != jsonvalue.Array) {
		if !jsonvalue.Equal(ov, nv) {
			c.emit("composition-changed", "`"+key+"` no longer holds a list of schemas on both sides; treat the change as breaking.", o, n, ov, nv, k(key))
		}
		return
	}
	switch {
	case ov == nil:
		c.emit("composition-added", "`"+key+"` was added; values must now match "+compositionRule(key)+". To stay compatible, leave it out and check that rule in your handler.", o, n, nil, nv, k(key))
		return
	case nv == nil:
		c.emit("composition-removed", "`"+key+"` was removed.", o, n, ov, nil, k(key))
		return
	}
	// anyOf/oneOf: an old branch is covered when a new branch accepts all
	// it accepts (and, in oneOf, no other new branch can match any of its
	// values); it is diffed against that branch (cover.go).
	var cover, overlapped []int
	if key != "allOf" {
		cover, overlapped = c.branchCover(key, ov, nv)
	}
	mark := len(c.out)
	pairs, lost, gained := matchBranches(ov.Items, nv.Items, !c.o.hasRefs && !c.n.hasRefs, cover)
	allCovered := cover != nil
	for _, x := range cover {
		allCovered = allCovered && x != uncovered
	}
	// Where no two branches can match one value, on both sides, oneOf is
	// anyOf: an edit inside a branch is judged as it would be there. So
	// it is where every old branch is covered: each old value matches
	// exactly one new branch, whatever else the new branches accept.
	var newBranches []*jsonvalue.Value
	disjoint := false
	if key == "oneOf" {
		newBranches = c.branchSchemas(c.n, nv)
		disjoint = allCovered || pairwiseDisjoint(newBranches) && pairwiseDisjoint(c.branchSchemas(c.o, ov))
	}
	for _, p := range pairs {
		oe, ne := &ov.Items[p[0]], &nv.Items[p[1]]
		on, ok := c.child(c.o, oe, valueSpan(oe))
		nn, nk := c.child(c.n, ne, valueSpan(ne))
		// A covered pair is judged as in anyOf: its old values match this
		// new branch only. Any other pair of an overlapping oneOf is not
		// proven safe by a widening.
		unsafe := key == "oneOf" && !disjoint && (cover == nil || cover[p[0]] != p[1])
		if unsafe {
			c.unsafe++
		}
		c.compareSlot(o, n, on, ok, nn, nk, oe, ne, slotRules{inPlace: true}, k(key), ix(p[1]))
		if unsafe {
			c.unsafe--
		}
	}
	if len(lost) > 0 {
		switch {
		case key == "allOf" && c.allOfImplied(c.n, n, ov, lost):
			// Each removed branch holds for every value the new schema
			// accepts (allOf regrouped, nested allOf merged): no widening.
		case key == "allOf":
			c.emit("composition-widened", "A branch was removed from `allOf`; values need to satisfy fewer schemas.", o, n, ov, nv, k(key))
		case coveredAll(cover, lost) || cover == nil && key == "anyOf" && c.lostWithin(ov, nv, lost):
			// cover.go/subsume.go: another branch accepts all it did.
			c.emitAs("composition-widened", NonBreaking, "A branch was removed from `"+key+"`; another branch accepts every value it accepted.", o, n, ov, nv, k(key))
		default:
			c.emit("composition-narrowed", "A branch was removed from `"+key+"`; values that matched only it are rejected now.", o, n, ov, nv, k(key))
		}
	}
	if len(gained) > 0 {
		switch key {
		case "allOf":
			if !c.allOfImplied(c.o, o, nv, gained) {
				c.emit("composition-narrowed", "A branch was added to `allOf`; values must satisfy it too. To stay compatible, leave it out and check that rule in your handler.", o, n, ov, nv, k(key))
			}
		case "oneOf":
			// Ours: one change per new branch, at the branch, with only it
			// as `after` (branches are matched, so its index is its own).
			for _, j := range gained {
				rel := []seg{k(key), ix(j)}
				at, _ := walkSpan(n, rel)
				if !disjointFromOthers(newBranches, j) && allCovered {
					c.record("one-of-branch-added", NonBreaking, "A branch was added to `oneOf`; every value accepted before still matches exactly one branch, so nothing accepted before is rejected.", nil, &nv.Items[j], span{}, at, rel)
					continue
				}
				if disjointFromOthers(newBranches, j) {
					c.record("one-of-branch-added", NonBreaking, "A branch was added to `oneOf`; no value can match it and another branch (their types differ, a required property's const differs, or one requires a property the other's closed object does not allow), so nothing accepted before is rejected.", nil, &nv.Items[j], span{}, at, rel)
					continue
				}
				c.record("one-of-branch-added", "", "A branch was added to `oneOf`; a value that matches it and another branch is rejected now. To stay compatible, make the branches exclusive (for example a distinct `const` tag in each), or write them as `anyOf`.", nil, &nv.Items[j], span{}, at, rel)
			}
		default:
			// Explicitly non-breaking: a new branch only adds to what is
			// evaluated, so no closed unevaluated* keyword sees more.
			c.emitAs("composition-widened", NonBreaking, "A branch was added to `anyOf`; more values are accepted.", o, n, ov, nv, k(key))
		}
	}
	if len(overlapped) > 0 && !anyBreaking(c.out[mark:]) {
		// An old branch some new branch accepts in full, yet another new
		// branch may match its values too: oneOf rejects such a value.
		c.emitAs("composition-narrowed", Breaking, "A value that matched only branch "+strconv.Itoa(overlapped[0])+" of the old `oneOf` may now match two new branches, and `oneOf` rejects it.", o, n, ov, nv, k(key))
	}
}

func compositionRule(key string) string {
	switch key {
	case "allOf":
		return "every branch"
	case "oneOf":
		return "exactly one branch"
	}
	return "at least one branch"
}

// matchBranches pairs old and new branches. exactSkip drops pairs of equal
// branches (safe only when no $ref could make equal text mean different
// schemas). It returns [old, new] index pairs in new-index order and the
// indices of the old and new branches left unmatched, ascending.
//
// cover (nil when not computed) gives, per old branch, the new branch that
// covers it: such a branch pairs with it before any similarity pairing, or,
// when another old branch took it, is left unmatched (lost, and covered).
func matchBranches(old, new []jsonvalue.Value, exactSkip bool, cover []int) (pairs [][2]int, lost, gained []int) {
	usedO := make([]bool, len(old))
	usedN := make([]bool, len(new))
	byKey := map[string][]int{}
	for j := range new {
		key := jsonvalue.Canonical(&new[j])
		byKey[key] = append(byKey[key], j)
	}
	for i := range old {
		key := jsonvalue.Canonical(&old[i])
		if js := byKey[key]; len(js) > 0 {
			usedO[i], usedN[js[0]] = true, true
			byKey[key] = js[1:]
			if !exactSkip {
				pairs = append(pairs, [2]int{i, js[0]})
			}
		}
	}
	for i, j := range cover {
		if usedO[i] || j == uncovered {
			continue
		}
		usedO[i] = true
		if j >= 0 && !usedN[j] {
			usedN[j] = true
			pairs = append(pairs, [2]int{i, j})
			continue
		}
		// Covered by a branch another old branch took, or accepting
		// nothing: reported as lost, within the new branches.
		lost = append(lost, i)
	}
	type cand struct{ score, i, j int }
	var cands []cand
	for i := range old {
		if usedO[i] {
			continue
		}
		for j := range new {
			if usedN[j] {
				continue
			}
			if s := similarity(&old[i], &new[j]); s > 0 {
				cands = append(cands, cand{s, i, j})
			}
		}
	}
	sort.Slice(cands, func(a, b int) bool {
		x, y := cands[a], cands[b]
		if x.score != y.score {
			return x.score > y.score
		}
		if x.i != y.i {
			return x.i < y.i
		}
		return x.j < y.j
	})
	for _, cd := range cands {
		if !usedO[cd.i] && !usedN[cd.j] {
			usedO[cd.i], usedN[cd.j] = true, true
			pairs = append(pairs, [2]int{cd.i, cd.j})
		}
	}
	// A branch edited in place (README 12) may share no equal keyword with
	// its old self ({"minLength":3} -> {"minLength":1}): at the same index,
	// with a keyword in common, it is that branch's counterpart.
	for i := range old {
		if i < len(new) && !usedO[i] && !usedN[i] && shareKeyword(&old[i], &new[i]) {
			usedO[i], usedN[i] = true, true
			pairs = append(pairs, [2]int{i, i})
		}
	}
	for i, u := range usedO {
		if !u {
			lost = append(lost, i)
		}
	}
	sort.Ints(lost)
	for j, u := range usedN {
		if !u {
			gained = append(gained, j)
		}
	}
	sort.Slice(pairs, func(a, b int) bool { return pairs[a][1] < pairs[b][1] })
	return pairs, lost, gained
}

// similarity scores how alike two branches are: keywords with equal values
// count, a shared type or $ref counts double, and so does each property
// name both declare. Zero means unrelated: such
// branches are reported as removed and added, not as one edited branch.
func similarity(a, b *jsonvalue.Value) int {
	if a.Kind != jsonvalue.Object || b.Kind != jsonvalue.Object {
		if a.Kind == b.Kind {
			return 1
		}
		return 0
	}
	score := 0
	for i := range a.Members {
		m := &a.Members[i]
		other := b.Get(m.Key)
		if other == nil {
			continue
		}
		if m.Key == "properties" && m.Value.Kind == jsonvalue.Object && other.Kind == jsonvalue.Object {
			for j := range m.Value.Members {
				if other.Has(m.Value.Members[j].Key) {
					score++
				}
			}
		}
		if !jsonvalue.Equal(&m.Value, other) {
			continue
		}
		switch m.Key {
		case "type", "$ref", "const":
			score += 2
		case "description", "title", "examples", "default", "$comment":
		default:
			score++
		}
	}
	return score
}

// shareKeyword reports whether two object branches use a keyword in common
// that constrains values.
func shareKeyword(a, b *jsonvalue.Value) bool {
	if a.Kind != jsonvalue.Object || b.Kind != jsonvalue.Object {
		return false
	}
	for i := range a.Members {
		if key := a.Members[i].Key; !annotationOnly(key) && b.Has(key) {
			return true
		}
	}
	return false
}

// anyBreaking reports whether some change in cs is breaking.
func anyBreaking(cs []Change) bool {
	for i := range cs {
		if cs[i].Classification == Breaking {
			return true
		}
	}
	return false
}
