package provider

// consequences maps a code that states a consequence of another finding
// at the same path to the code it restates: the pair is one fact (the
// provider rejects X, so compiling does Y, so your handler sees Z).
var consequences = map[string]string{
	"openai/nullable-instead-of-omitted":         "openai/strict-optional-property",
	"openai/extra-properties-no-longer-accepted": "openai/additional-properties-true",
	"anthropic/strict-closed-open-object":        "anthropic/strict-drops-additional-properties",
}

// targetWide are the codes true of every tool of a target that takes
// arguments, said once per target in reports for people.
var targetWide = map[string]bool{
	"anthropic/schema-not-enforced": true,
}

// IsTargetWide reports whether code is said once per target in reports
// for people.
func IsTargetWide(code string) bool { return targetWide[code] }

// Fold marks, in one target's diagnostics of one tool, each finding that
// restates another at the same path (FoldedInto) and each target-wide
// fact (TargetWide). Nothing is removed or reordered.
func Fold(ds []Diagnostic) {
	var primaries map[string]bool // "code\x00path" of the findings present
	for i := range ds {
		d := &ds[i]
		d.TargetWide = targetWide[d.Code]
		if _, ok := consequences[d.Code]; ok && primaries == nil {
			primaries = make(map[string]bool, len(ds))
			for j := range ds {
				primaries[ds[j].Code+"\x00"+ds[j].Path] = true
			}
		}
	}
	if primaries == nil {
		return
	}
	for i := range ds {
		d := &ds[i]
		if primary, ok := consequences[d.Code]; ok && primaries[primary+"\x00"+d.Path] {
			d.FoldedInto = primary
		}
	}
}

// FoldsInto returns the code that code restates, if it is a consequence
// code (reports for people show it inside that code's entry).
func FoldsInto(code string) (string, bool) {
	primary, ok := consequences[code]
	return primary, ok
}
