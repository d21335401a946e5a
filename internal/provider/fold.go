package provider

import "slices"

// consequences maps a code that states a consequence of another finding
// at the same path to the code it restates: the pair is one fact (the
// provider rejects X, so compiling does Y, so your handler sees Z). Every
// restated code here is an error and every restating one a warning (Fold
// and FoldedInto search for them as such).
var consequences = map[string]string{
	"openai/nullable-instead-of-omitted":         "openai/strict-optional-property",
	"openai/extra-properties-no-longer-accepted": "openai/additional-properties-true",
	"anthropic/strict-closed-open-object":        "anthropic/strict-drops-additional-properties",
	// A type list of several types: Gemini rejects the list (the error),
	// and the anyOf compile writes for it is what the warning is about.
	"gemini/multi-type-union": "gemini/type-list",
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
// fact (TargetWide). Nothing is removed or reordered. ds must be in the
// canonical order (SortDiagnostics), where the restated finding, an
// error, is found by binary search: no allocation per tool.
func Fold(ds []Diagnostic) {
	for i := range ds {
		d := &ds[i]
		d.TargetWide = targetWide[d.Code]
		primary, ok := consequences[d.Code]
		if !ok {
			continue
		}
		if _, found := search(ds, SeverityError, d.Path, primary); found {
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

// restatedBy maps a restated code to the codes that restate it (all
// warnings), the reverse of consequences.
var restatedBy = func() map[string][]string {
	m := map[string][]string{}
	for consequence, primary := range consequences {
		m[primary] = append(m[primary], consequence)
	}
	for _, cs := range m {
		slices.Sort(cs)
	}
	return m
}()

// FoldedInto returns the findings of ds (canonical order, marked by Fold)
// folded into d, found by binary search: reports for people show their
// messages inside d's entry.
func FoldedInto(ds []Diagnostic, d *Diagnostic) []*Diagnostic {
	var out []*Diagnostic
	for _, code := range restatedBy[d.Code] {
		if i, found := search(ds, SeverityWarning, d.Path, code); found && ds[i].FoldedInto == d.Code {
			out = append(out, &ds[i])
		}
	}
	return out
}
