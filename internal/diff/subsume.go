package diff

import "github.com/schemaport/schemaport-action/internal/jsonvalue"

// Union by parts: a value an anyOf (or oneOf, which accepts no more)
// accepts matches one of its branches, so when every branch, taken with
// the keywords beside the applicator, is proven to accept no more than the
// new schema, the whole union is; and an anyOf/oneOf branch that is gone
// narrows nothing when another new branch accepts all it did. "Proven"
// is the engine's own verdict: the pair compared afresh, nothing breaking.
// These checks run only where the plain comparison found something
// breaking, and are bounded: at most maxPartChecks pairs per union.

const maxPartChecks = 64

// maxSubsumeDepth bounds nested fresh comparisons (each may itself check a
// union's parts): without it a $ref cycle would recurse without end.
const maxSubsumeDepth = 2

// subsumed reports whether the engine proves that n accepts every value o
// accepts: a fresh comparison of the pair finds nothing breaking.
func (c *comparer) subsumed(o, n *node) bool {
	if c.exceeded || c.visits >= c.limit || c.depth >= maxSubsumeDepth {
		return false
	}
	sub := &comparer{name: c.name, o: c.o, n: c.n, limit: c.limit - c.visits, depth: c.depth + 1}
	sub.schema(o, n)
	c.visits += sub.visits
	c.rewrote = c.rewrote || sub.rewrote
	if sub.exceeded {
		return false
	}
	for i := range sub.out {
		if sub.out[i].Classification == Breaking || !provesSubset(sub.out[i].Code) {
			return false
		}
	}
	return true
}

// provesSubset reports whether a change the engine calls non-breaking
// also means, as a set of values, that the new schema accepts all the old
// one did. A newly declared optional property is non-breaking by the
// contract (undeclared names are not part of a tool's interface), yet its
// schema can reject a value the old open object let through under that
// name; a proof of subsumption cannot rest on it.
func provesSubset(code string) bool {
	return code != "optional-property-added"
}

// unionWithin reports whether every branch of o's anyOf or oneOf, merged
// with o's other keywords, is subsumed by n (which has neither); it
// returns the keyword.
func (c *comparer) unionWithin(o, n *node) (string, bool) {
	if n.get(kwAnyOf) != nil || n.get(kwOneOf) != nil || o.conj != nil {
		return "", false
	}
	var key string
	var list *jsonvalue.Value
	switch {
	case o.get(kwAnyOf) != nil && o.get(kwOneOf) == nil:
		key, list = "anyOf", o.get(kwAnyOf)
	case o.get(kwOneOf) != nil && o.get(kwAnyOf) == nil:
		key, list = "oneOf", o.get(kwOneOf)
	default:
		return "", false
	}
	if list.Kind != jsonvalue.Array || len(list.Items) == 0 || len(list.Items) > maxPartChecks {
		return "", false
	}
	base := []seg{k(key)}
	if to, ok := o.moved[key]; ok {
		base = to
	}
	for i := range list.Items {
		part := c.mergeConjuncts(c.o, o, key, []conjunct{{&list.Items[i], appendSegs(base, ix(i))}})
		if part == nil {
			return "", false
		}
		part.index()
		if !c.subsumed(part, n) {
			return "", false
		}
	}
	return key, true
}

// lostWithin reports whether every old branch in lost is false or
// subsumed by some new branch.
func (c *comparer) lostWithin(ov, nv *jsonvalue.Value, lost []int) bool {
	if len(lost)*len(nv.Items) > maxPartChecks {
		return false
	}
	for _, i := range lost {
		on, ok := c.child(c.o, &ov.Items[i], valueSpan(&ov.Items[i]))
		if ok == kFalse {
			continue
		}
		if ok != kSchema && ok != kTrue {
			return false
		}
		if ok == kTrue {
			on = standIn(valueSpan(&ov.Items[i]))
		}
		found := false
		for j := 0; j < len(nv.Items) && !found; j++ {
			nn, nk := c.child(c.n, &nv.Items[j], valueSpan(&nv.Items[j]))
			switch nk {
			case kTrue:
				found = true
			case kSchema:
				found = c.subsumed(on, nn)
			}
		}
		if !found {
			return false
		}
	}
	return true
}
