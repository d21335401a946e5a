package diff

import "github.com/schemaport/schemaport-action/internal/jsonvalue"

// unevaluatedProperties and unevaluatedItems apply to whatever the rest of
// the schema did not evaluate: properties, patternProperties,
// additionalProperties, items, prefixItems and contains evaluate, and so do
// the same keywords inside in-place applicators (allOf, anyOf, oneOf, if,
// then, else, dependentSchemas, a $ref's target). Where one of them is
// closed (false, or a constraining schema), removing an evaluating keyword
// hands part of the value to it, and it may reject that part: a removal
// that is safe elsewhere is not proven safe there.

// feed says which closed unevaluated* keywords a node's evaluation feeds.
type feed uint8

const (
	feedProperties feed = 1 << iota
	feedItems
)

// closedFeed returns the closed unevaluated* keywords of a node itself.
func closedFeed(n *node) feed {
	if n == nil {
		return 0
	}
	var f feed
	if closedUnevaluated(n.get(kwUnevaluatedProperties)) {
		f |= feedProperties
	}
	if closedUnevaluated(n.get(kwUnevaluatedItems)) {
		f |= feedItems
	}
	return f
}

// closedUnevaluated reports whether an unevaluated* value may reject
// something: false, or a schema with a constraint (a $ref counts).
func closedUnevaluated(v *jsonvalue.Value) bool {
	switch {
	case v == nil || v.IsTrue() || v.Kind == jsonvalue.Null:
		return false
	case v.Kind == jsonvalue.Object:
		return !acceptsAll(&node{v: v})
	}
	return true
}

// inPlaceFeed is what the in-place applicator children of o and n feed:
// their own closed keywords and whatever they feed themselves.
func inPlaceFeed(o, n *node) feed {
	var f feed
	for _, x := range [2]*node{o, n} {
		if x != nil {
			f |= x.feeds | closedFeed(x)
		}
	}
	return f
}

// shrinkFeeds lists the codes whose change may stop evaluating part of the
// value, with the unevaluated* keywords that would then see that part.
var shrinkFeeds = map[string]feed{
	"additional-properties-relaxed": feedProperties,
	"pattern-property-removed":      feedProperties,
	"dependent-schema-removed":      feedProperties,
	"prefix-item-removed":           feedItems,
	"array-items-removed":           feedItems,
	"contains-removed":              feedItems,
	"composition-removed":           feedProperties | feedItems,
	"composition-widened":           feedProperties | feedItems,
	"conditional-removed":           feedProperties | feedItems,
	// A nested unevaluated* evaluates what it sees: relaxing it is safe at
	// its own node, but not where that node feeds an outer closed one.
	"unevaluated-properties-relaxed": feedProperties,
	"unevaluated-items-relaxed":      feedItems,
}

// shrinkBreaks reports whether a change with code at the pair o, n may
// hand values to a closed unevaluated* keyword.
func shrinkBreaks(code string, o, n *node) bool {
	return shrinkFeedsAt(code, o, n) != 0
}

// shrinkFeedsAt is the closed unevaluated* keywords a change with code at
// the pair o, n may hand values to (0: none).
func shrinkFeedsAt(code string, o, n *node) feed {
	want, ok := shrinkFeeds[code]
	if !ok {
		return 0
	}
	var f feed
	for _, x := range [2]*node{o, n} {
		if x == nil {
			continue
		}
		f |= x.feeds
		if code != "unevaluated-properties-relaxed" && code != "unevaluated-items-relaxed" {
			f |= closedFeed(x)
		}
	}
	return f & want
}
