// Package diff compares two versions of a tool set and classifies every
// change as breaking, non-breaking or informational.
//
// Layout: tools.go matches tools (added, removed, renamed) and runs the
// per-tool comparison; walk.go is the structural comparison that pairs
// schema nodes (resolve.go follows $refs on the way) and records changes
// with their paths and source positions; each check family (types.go,
// values.go, bounds.go, pattern.go, arrays.go, objects.go, composition.go,
// definitions.go, metadata.go, refs.go, keywords.go) classifies its keywords;
// codes.go is the table of every code; sort.go orders the result.
//
// Where a change cannot be proven safe it is breaking.
package diff

import "github.com/schemaport/schemaport-action/internal/witness"

// Summary counts changes per classification.
type Summary struct {
	Breaking      int `json:"breaking"`
	NonBreaking   int `json:"nonBreaking"`
	Informational int `json:"informational"`
}

// Options tune a diff.
type Options struct {
	// IgnoreDescriptions drops tool-description-changed, description-changed
	// and title-changed.
	IgnoreDescriptions bool
	// NoWitnesses skips the witness search (witness.go): breaking changes
	// carry no example call, and nothing is double-checked by the
	// validator. For callers that only need the classification.
	NoWitnesses bool

	// compiled shares the validator's compiled schemas among the tools
	// of one run (set by ToolSets).
	compiled *witness.Cache
	// runBudget replaces witness.RunBudget (tests: a budget a few tools
	// spend).
	runBudget int
}

// Result is the sorted list of changes and their counts.
type Result struct {
	Changes []Change
	Summary Summary
}
