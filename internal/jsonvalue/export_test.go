package jsonvalue

// For the external tests and benchmarks (they use the corpus generator,
// which imports this package).
var (
	CountChildren          = countChildren
	CountChildrenReference = countChildrenReference
)
