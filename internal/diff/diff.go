// Package diff compares two versions of a tool set and classifies every
// change as breaking, non-breaking or informational.
package diff

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
}

// Result is the sorted list of changes and their counts.
type Result struct {
	Changes []Change
	Summary Summary
}
