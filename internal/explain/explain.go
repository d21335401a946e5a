// Package explain prints one rule's entry of the rule catalogue for a
// terminal: what triggers it, the provider's words and source, the example
// and its output, how to fix it and whether compile does. It reads the
// same rule tables docs/rules.md is rendered from, and the examples and
// outputs from the catalogue itself (embedded, and kept true by
// internal/rulesdoc's test).
package explain

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/docs"
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/rulesdoc"
)

// Row is one target's rule for a check code.
type Row struct {
	Target   string // "OpenAI (openai)"
	TargetID string
	Rule     provider.Rule
}

// Entry is everything explain prints about one code.
type Entry struct {
	Code    string
	Rows    []Row      // check codes: one per target listing it
	Diff    *diff.Code // diff codes
	Example rulesdoc.Example
}

// examples are the catalogue's examples and outputs, by code.
var examples = rulesdoc.Parse(docs.Rules)

// Lookup returns the entry of code.
func Lookup(code string) (Entry, bool) {
	e := Entry{Code: code, Example: examples[code]}
	for _, t := range append(check.Targets(), check.Core()) {
		for _, r := range t.Rules {
			if r.Code == code {
				e.Rows = append(e.Rows, Row{Target: t.Name + " (" + t.ID + ")", TargetID: t.ID, Rule: r})
			}
		}
	}
	for i := range diff.Codes {
		if diff.Codes[i].ID == code {
			e.Diff = &diff.Codes[i]
		}
	}
	if code == rulesdoc.TargetCode.ID {
		e.Diff = &rulesdoc.TargetCode
	}
	return e, len(e.Rows) > 0 || e.Diff != nil
}

// Codes lists every code in catalogue order: check codes by target, diff
// codes, then run's target-regressed; each once.
func Codes() []string {
	var out []string
	for _, t := range append(check.Targets(), check.Core()) {
		for _, r := range t.Rules {
			if !slices.Contains(out, r.Code) {
				out = append(out, r.Code)
			}
		}
	}
	for _, c := range diff.Codes {
		out = append(out, c.ID)
	}
	return append(out, rulesdoc.TargetCode.ID)
}

// Nearest returns up to n codes close to s: codes whose rule name (the
// part after the target) is s first, then codes containing s, then the
// smallest edit distances; each once, ties in catalogue order.
func Nearest(s string, n int) []string {
	s = strings.ToLower(strings.TrimSpace(s))
	codes := Codes()
	var out []string
	add := func(c string) {
		if len(out) < n && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, c := range codes {
		if _, rule, ok := strings.Cut(c, "/"); ok && rule == s {
			add(c)
		}
	}
	if s != "" {
		for _, c := range codes {
			if strings.Contains(c, s) {
				add(c)
			}
		}
	}
	type scored struct {
		code string
		d, i int
	}
	var all []scored
	for i, c := range codes {
		all = append(all, scored{c, finding.Distance(s, c), i})
	}
	slices.SortFunc(all, func(a, b scored) int {
		if a.d != b.d {
			return a.d - b.d
		}
		return a.i - b.i
	})
	for _, c := range all {
		add(c.code)
	}
	return out
}

// Write prints e for a terminal.
func Write(w io.Writer, e Entry) error {
	var b strings.Builder
	switch {
	case e.Code == rulesdoc.TargetCode.ID:
		writeTarget(&b, e)
	case e.Diff != nil:
		writeDiff(&b, e)
	default:
		writeCheck(&b, e)
	}
	b.WriteString("\nDocs: " + report.RuleDocsURL(e.Code) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func writeCheck(b *strings.Builder, e Entry) {
	b.WriteString(e.Code + " (check)\n")
	var sources, words []string
	for _, r := range e.Rows {
		supported, lossy, detail, _ := r.Rule.Ability()
		ability, _, _ := strings.Cut(r.Rule.Compile, ": ")
		b.WriteString("\n" + r.Target + ": " + r.Rule.Severity + "\n")
		b.WriteString("  Triggers when: " + r.Rule.Trigger + "\n")
		// The detail is a template for one finding; "it" reads for any.
		detail = strings.ReplaceAll(strings.ReplaceAll(detail, "`%s`", "it"), "%s", "it")
		if r.Rule.KeptAsIs() {
			b.WriteString("  Compile fixes it: no, it keeps this as written (" + ability + ": " + detail + ")\n")
			b.WriteString("  Fix: do what the message says; this is advice about how the provider treats the schema, and it holds for the compiled tool too.\n")
		} else {
			b.WriteString("  Compile fixes it: " + compileAnswer(supported, lossy) + " (" + ability + ": " + detail + ")\n")
			b.WriteString("  Fix: " + fix(r.TargetID, supported, lossy) + "\n")
		}
		if r.Rule.DocsURL != "" && !slices.Contains(sources, r.Rule.DocsURL) {
			sources = append(sources, r.Rule.DocsURL)
		}
		if r.Rule.Source != "" && !slices.Contains(words, r.Rule.Source) {
			words = append(words, r.Rule.Source)
		}
	}
	if len(sources) > 0 {
		b.WriteString("\nSource: " + strings.Join(sources, ", ") + "\n")
	}
	for _, w := range words {
		b.WriteString("Provider's answer: " + w + "\n")
	}
	ex := e.Example
	switch {
	case ex.Gen != "":
		b.WriteString("\nExample (generated: too large to show): " + ex.Gen + "\n")
	case ex.Tool != "":
		b.WriteString("\nExample (example.json):\n" + indent(ex.Tool))
	}
	if ex.Output != "" {
		target := e.Rows[0].TargetID
		if target == check.Core().ID {
			target = "mcp" // core runs with any target
		}
		b.WriteString("\nOutput of `schemaport-action check example.json --targets " + target + " --format compact`, this code only:\n" + indent(ex.Output))
	}
	b.WriteString("\nTo live with it instead: set its level in the config's `rules` (\"" + e.Code + "\": \"off\", \"info\", \"warning\" or \"error\"), or add an `accept` entry with a reason and an `until` date.\n")
}

func compileAnswer(supported, lossy bool) string {
	switch {
	case supported && !lossy:
		return "yes"
	case supported:
		return "only with loss (--allow-lossy)"
	}
	return "no"
}

func fix(target string, supported, lossy bool) string {
	compileFor := "`schemaport-action compile --targets " + target + "`"
	switch {
	case target == check.Core().ID:
		return "change the schema as the message says (a value its own schema rejects is wrong for every provider)."
	case supported && !lossy:
		return "send the definition " + compileFor + " writes (it rewrites this without loss), or change the schema as the message says."
	case supported:
		return "change the schema as the message says; " + compileFor + " refuses this pair unless given --allow-lossy, and then the provider does not enforce what it drops."
	}
	return "change the schema as the message says; compile cannot fix this one."
}

func writeDiff(b *strings.Builder, e Entry) {
	c := e.Diff
	ours := ""
	if c.Ours {
		ours = " (ours; not in SchemaPort 0.1.0)"
	}
	b.WriteString(e.Code + " (diff: " + c.Class + ours + ")\n")
	b.WriteString("\nTriggers when " + c.Trigger + ".\n")
	b.WriteString("Compile fixes it: no (a diff finding is about the change between two versions, not a provider).\n")
	switch c.Class {
	case diff.Breaking:
		b.WriteString("Fix: if the change is not intended, restore the old schema; if it is, make it the compatible way the message names (\"To stay compatible, ...\"), or tell the callers, then approve it with the label (the action's `allow-breaking-label`, default `breaking-change-approved`) or an `accept` entry with a reason and an `until` date.\n")
	default:
		b.WriteString("Fix: nothing to fix; it is reported for review. The config's `rules` can set its level (\"error\" makes it breaking).\n")
	}
	ex := e.Example
	switch {
	case ex.None != "":
		b.WriteString("\nNo example: " + ex.None + "\n")
	case ex.GenOld != "" || ex.GenNew != "":
		b.WriteString("\nExample (generated: too large to show): old " + ex.GenOld + ", new " + ex.GenNew + "\n")
	case ex.Old != "" || ex.New != "":
		b.WriteString("\nExample, old.json:\n" + indent(ex.Old) + "new.json:\n" + indent(ex.New))
	}
	if ex.Output != "" {
		b.WriteString("\nOutput of `schemaport-action diff old.json new.json`, this code only:\n" + indent(ex.Output))
	}
}

// indent indents every line of text by two spaces; text ends with a newline.
func indent(text string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "" {
			continue
		}
		b.WriteString("  " + line)
	}
	s := b.String()
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// Unknown is the message for a code that is not in the catalogue.
func Unknown(code string) string {
	return fmt.Sprintf("Unknown rule code %q. Nearest: %s. docs/rules.md lists every code.", code, strings.Join(Nearest(code, 3), ", "))
}

// writeTarget explains run's compile regression.
func writeTarget(b *strings.Builder, e Entry) {
	c := e.Diff
	b.WriteString(e.Code + " (run: a compile regression, counted as " + c.Class + ")\n")
	b.WriteString("\nTriggers when " + c.Trigger + ".\n")
	b.WriteString("Compile fixes it: no (compiling is what it refuses: the message names the transformation and where; --allow-lossy would ship the weaker schema).\n")
	b.WriteString("Fix: change the schema so it compiles for the target again (for `oneOf`, branches that cannot both match become `anyOf`), or accept it: the approval label (`allow-breaking-label`), an `accept` entry for " + e.Code + " with a reason and an `until` date, or `fail-on-target-regression: false` to report it without failing.\n")
	ex := e.Example
	if ex.Old != "" || ex.New != "" {
		b.WriteString("\nExample, old.json:\n" + indent(ex.Old) + "new.json:\n" + indent(ex.New))
	}
	if ex.Output != "" {
		b.WriteString("\nFindings of `schemaport-action run` on that change, every target named (`schemaport-action diff old.json new.json --targets all` reports it as regressed):\n" + indent(ex.Output))
	}
}
