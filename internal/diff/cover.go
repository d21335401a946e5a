package diff

import (
	"sort"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Branch coverage: anyOf/oneOf branches are matched by what they accept,
// not by position. An old branch is covered by a new branch that accepts
// every value it accepts; in oneOf, only when no other new branch can match
// any of those values either (else such a value matches two branches and is
// rejected). A union whose old branches are all covered accepts every value
// it accepted: a value matched some old branch, so it matches its cover
// (and, in oneOf, only it). Covers are proven by the engine's own
// subsumption check (subsume.go), bounded like the other part checks.

// Marks in a cover list: the old branch has no cover, or accepts nothing
// (false), which needs none.
const (
	uncovered    = -1
	coverNothing = -2
)

// branchCover returns, for each old branch of an anyOf or oneOf, the new
// branch covering it, uncovered, or coverNothing; nil when the lists are too
// long to check pair by pair. overlapped lists the old oneOf branches some
// new branch accepts all of, left uncovered only because another new branch
// may match their values too.
func (c *comparer) branchCover(key string, ov, nv *jsonvalue.Value) (cover, overlapped []int) {
	if len(ov.Items)*len(nv.Items) > maxPartChecks || len(ov.Items) == 0 {
		return nil, nil
	}
	var newBs []*jsonvalue.Value
	var ov0 *overlapCheck
	if key == "oneOf" {
		// Overlap is judged on resolved object schemas only.
		newBs = c.branchSchemas(c.n, nv)
		ov0 = &overlapCheck{c: c, ov: ov, nv: nv, within: map[[2]int]bool{}}
	}
	nodes := make([]*node, len(nv.Items))
	kinds := make([]kind, len(nv.Items))
	canon := make([]string, len(nv.Items))
	for j := range nv.Items {
		nodes[j], kinds[j] = c.child(c.n, &nv.Items[j], valueSpan(&nv.Items[j]))
		canon[j] = jsonvalue.Canonical(&nv.Items[j])
	}
	sameText := !c.o.hasRefs && !c.n.hasRefs
	cover = make([]int, len(ov.Items))
	for i := range ov.Items {
		cover[i] = uncovered
		oe := &ov.Items[i]
		on, ok := c.child(c.o, oe, valueSpan(oe))
		switch ok {
		case kFalse:
			cover[i] = coverNothing
			continue
		case kTrue:
			on = standIn(valueSpan(oe))
		case kSchema:
		default:
			continue
		}
		oc := jsonvalue.Canonical(oe)
		over := false
		for _, j := range coverOrder(oe, oc, nv, canon) {
			accepts := false
			switch kinds[j] {
			case kTrue:
				accepts = true
			case kSchema:
				accepts = sameText && oc == canon[j] || c.subsumed(on, nodes[j])
			}
			if !accepts {
				continue
			}
			if key == "oneOf" && (newBs == nil || on.conj != nil || !ov0.free(on.v, i, newBs, j)) {
				over = true
				continue
			}
			cover[i] = j
			break
		}
		if cover[i] == uncovered && over {
			overlapped = append(overlapped, i)
		}
	}
	return cover, overlapped
}

// overlapCheck decides, for oneOf, whether a value that matched old branch
// i alone can match a new branch x: not when x is disjoint from branch i,
// nor when x accepts no more than some other old branch k (the value did
// not match k).
type overlapCheck struct {
	c      *comparer
	ov, nv *jsonvalue.Value
	within map[[2]int]bool // [x, k]: new x proven within old k
}

// free reports whether no new branch but j can match a value old branch i
// (resolved: v) matched alone.
func (oc *overlapCheck) free(v *jsonvalue.Value, i int, newBs []*jsonvalue.Value, j int) bool {
	for x := range newBs {
		if x == j || disjointSchemas(v, newBs[x]) {
			continue
		}
		inside := false
		for k := range oc.ov.Items {
			if k != i && oc.newWithinOld(x, k) {
				inside = true
				break
			}
		}
		if !inside {
			return false
		}
	}
	return true
}

// newWithinOld reports whether new branch x accepts no value old branch k
// does not: an equal text, or the engine's subsumption with the sides
// swapped.
func (oc *overlapCheck) newWithinOld(x, k int) bool {
	key := [2]int{x, k}
	if r, ok := oc.within[key]; ok {
		return r
	}
	c := oc.c
	xe, ke := &oc.nv.Items[x], &oc.ov.Items[k]
	r := false
	if !c.o.hasRefs && !c.n.hasRefs && jsonvalue.Canonical(xe) == jsonvalue.Canonical(ke) {
		r = true
	} else {
		swapped := &comparer{name: c.name, o: c.n, n: c.o, limit: c.limit, depth: c.depth, visits: c.visits}
		xn, xk := swapped.child(c.n, xe, valueSpan(xe))
		kn, kk := swapped.child(c.o, ke, valueSpan(ke))
		switch {
		case xk == kFalse || kk == kTrue:
			r = true
		case xk == kSchema && kk == kSchema:
			r = swapped.subsumed(xn, kn)
			c.visits = swapped.visits
		}
	}
	oc.within[key] = r
	return r
}

// coverOrder lists the new branches in the order they are tried as an old
// branch's cover: an equal one first, then the most similar (so that the
// pair diffed is the one a reader would match), then by index.
func coverOrder(oe *jsonvalue.Value, oc string, nv *jsonvalue.Value, canon []string) []int {
	type cand struct{ equal, score, j int }
	cands := make([]cand, len(nv.Items))
	for j := range nv.Items {
		eq := 0
		if canon[j] == oc {
			eq = 1
		}
		cands[j] = cand{eq, similarity(oe, &nv.Items[j]), j}
	}
	sort.SliceStable(cands, func(a, b int) bool {
		x, y := cands[a], cands[b]
		if x.equal != y.equal {
			return x.equal > y.equal
		}
		return x.score > y.score
	})
	out := make([]int, len(cands))
	for i, cd := range cands {
		out[i] = cd.j
	}
	return out
}

// coveredAll reports whether every old branch in lost is covered.
func coveredAll(cover []int, lost []int) bool {
	if cover == nil {
		return false
	}
	for _, i := range lost {
		if cover[i] == uncovered {
			return false
		}
	}
	return true
}

// allOfImplied reports whether every allOf branch listed (of list, on the
// other side than whole's) accepts every value the whole schema on side s
// accepts: a branch added that the old schema already implied narrows
// nothing, and one removed that the new schema still implies widens
// nothing (an allOf regrouped, a nested allOf merged).
func (c *comparer) allOfImplied(s *side, whole *node, list *jsonvalue.Value, idx []int) bool {
	if len(idx) > maxPartChecks/8 {
		return false
	}
	other := c.n
	if s == c.n {
		other = c.o
	}
	// A comparer whose old side is s: whole is compared as the old schema.
	cc := c
	if s == c.n {
		cc = &comparer{name: c.name, o: c.n, n: c.o, limit: c.limit, depth: c.depth, visits: c.visits}
	}
	ok := true
	for _, j := range idx {
		be := &list.Items[j]
		bn, bk := cc.child(other, be, valueSpan(be))
		switch bk {
		case kTrue:
			continue
		case kSchema:
			if cc.subsumed(whole, bn) {
				continue
			}
		}
		ok = false
		break
	}
	if cc != c {
		c.visits = cc.visits
	}
	return ok
}
