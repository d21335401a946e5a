package provider

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
}
