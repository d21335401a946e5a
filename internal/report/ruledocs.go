package report

import (
	"strings"

	"github.com/schemaport/schemaport-action/internal/version"
)

// RulesDocURL is the rule catalogue: every check and diff code with its
// trigger, its provider source and a worked example.
const RulesDocURL = version.InformationURI + "/blob/main/docs/rules.md"

// RuleDocsURL is the anchor of code's entry in the rule catalogue. Each
// entry's heading is the bare code, which GitHub turns into an anchor by
// lowercasing it and dropping every character but letters, digits, `-`
// and `_` (so `openai/tool-name-too-long` is #openaitool-name-too-long).
func RuleDocsURL(code string) string {
	return RulesDocURL + "#" + RuleAnchor(code)
}

// RuleAnchor is GitHub's anchor for a heading that reads code.
func RuleAnchor(code string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(code) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}
