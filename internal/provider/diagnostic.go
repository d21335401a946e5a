package provider

import "strings"

// Severity of a diagnostic.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
	SeverityInfo    = "info"
)

// Compile says whether compiling the tool for the provider fixes the finding.
type Compile struct {
	Supported bool   `json:"supported"`
	Lossy     bool   `json:"lossy"`
	Detail    string `json:"detail"`
}

// Diagnostic is one finding of one provider on one tool. The field order is
// SchemaPort's JSON shape, followed by our position fields.
type Diagnostic struct {
	ProviderID string  `json:"providerId"`
	ToolName   string  `json:"toolName"`
	Severity   string  `json:"severity"`
	Code       string  `json:"code"`
	Message    string  `json:"message"`
	Path       string  `json:"path"`
	Compile    Compile `json:"compile"`
	DocsURL    string  `json:"docsUrl,omitempty"`

	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`

	// FoldedInto is set when this finding restates another of the same
	// target at the same path (its consequence): the code of that other
	// finding. Reports for people show the pair as one entry, this
	// message folded into the other's; the JSON report keeps both codes,
	// as SchemaPort does, and never shows this field.
	FoldedInto string `json:"-"`
	// TargetWide marks a finding that is true of every tool of its target
	// that has arguments (Anthropic's schema-not-enforced): reports for
	// people say it once per target, listing the tools, not per tool.
	TargetWide bool `json:"-"`
	// UseSites are, for a finding inside a definition that a provider
	// inlines (Gemini's $ref), the paths where the definition is used, as
	// compiling writes them; Path is the definition's own, in the file.
	UseSites []string `json:"-"`
}

// SeverityRank orders severities: error, warning, info.
func SeverityRank(s string) int {
	switch s {
	case SeverityError:
		return 0
	case SeverityWarning:
		return 1
	}
	return 2
}

// Rule is one row of a provider's rule table: what a reader scans to know
// what the provider checks.
type Rule struct {
	Code     string // "<provider>/<rule>"
	Severity string
	Trigger  string // what makes it fire, in one line
	Compile  string // "compilable", "lossy" or "not compilable", with what compile does
	DocsURL  string
	// Source is the provider's own words where they settle the rule (the
	// exact API error, and where it was observed), for the catalogue.
	Source string
}

// Compile abilities: the word a Rule.Compile text starts with, before ": ".
// "compilable" is {supported: true, lossy: false}, "lossy" is {supported:
// true, lossy: true} and "not compilable" is {supported: false, lossy: false};
// no rule is ever {supported: false, lossy: true}.
const (
	Compilable    = "compilable"
	Lossy         = "lossy"
	NotCompilable = "not compilable"
)

// Ability splits r.Compile ("lossy: Drops `%s`; ...") into the compile flags
// and the detail template. ok is false when the text does not start with one
// of the three abilities (a table typo, caught by the rule-table tests).
func (r *Rule) Ability() (supported, lossy bool, detail string, ok bool) {
	ability, detail, found := strings.Cut(r.Compile, ": ")
	if !found {
		return false, false, "", false
	}
	switch ability {
	case Compilable:
		return true, false, detail, true
	case Lossy:
		return true, true, detail, true
	case NotCompilable:
		return false, false, detail, true
	}
	return false, false, "", false
}

// KeptAsIs reports whether compiling emits what r is about unchanged
// ("Emits `default` unchanged.", "Preserved verbatim ..."): the finding is
// advice about how the provider treats it, and holds for the compiled
// tool too, so compiling does not make it go away.
func (r *Rule) KeptAsIs() bool {
	supported, lossy, detail, _ := r.Ability()
	return supported && !lossy && (strings.Contains(detail, "unchanged") || strings.Contains(detail, "verbatim"))
}

// CompileWith returns the Compile value of r for one finding: the detail
// template with its "%s" (if any) replaced by arg, the keyword or property
// the finding is about.
func (r *Rule) CompileWith(arg string) Compile {
	supported, lossy, detail, _ := r.Ability()
	detail = strings.Replace(detail, "%s", arg, 1)
	return Compile{Supported: supported, Lossy: lossy, Detail: detail}
}

// IsLossy reports whether compiling cannot fix the finding without loss:
// the provider refuses it (supported == false) or the fix drops a
// constraint (lossy == true).
func (c Compile) IsLossy() bool { return !c.Supported || c.Lossy }
