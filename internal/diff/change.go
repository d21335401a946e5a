package diff

import "github.com/schemaport/schemaport-action/internal/jsonvalue"

// Classifications.
const (
	Breaking      = "breaking"
	NonBreaking   = "non-breaking"
	Informational = "informational"
)

// Location is a span in one file.
type Location struct {
	File      string
	Line      int
	Column    int
	EndLine   int
	EndColumn int
}

// Change is one classified difference between two versions of a tool.
// Before and After are nil when absent (JSON null is a non-nil Null value).
type Change struct {
	Classification string
	Code           string
	ToolName       string // the old tool's name (for a rename, the old name)
	Path           string
	Message        string
	Before         *jsonvalue.Value
	After          *jsonvalue.Value

	// New is where the change is in the new version: the changed thing itself,
	// or for something removed, the nearest surviving ancestor.
	New Location
	// Old is where the changed thing was in the old version (zero when the
	// thing is new).
	Old Location
	// Witness backs a breaking change with a concrete call (nil for the
	// others).
	Witness *Witness
}

// Witness is the evidence behind a breaking change: a call the old tool
// accepted and the new one rejects, both verdicts from the JSON Schema
// validator. Arguments is nil when no such call was found; Reason then
// says why.
type Witness struct {
	Arguments *jsonvalue.Value
	Reason    string
}
