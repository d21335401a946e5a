package report

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
)

// Tiers of the policy's annotations: new findings in files the change
// touched win the few places GitHub shows, then other new findings, then
// the ones that were tolerated. Within a tier the kind priorities apply.
const (
	tierChanged   = 0
	tierNew       = 100
	tierTolerated = 200
)

// PolicyAnnotations turns the policy's findings into annotations whose
// level follows the verdict: only a finding that fails the run is an
// error; a new one below its threshold is a warning (a notice for infos
// and non-breaking changes), an approved change a warning, an existing or
// accepted one a notice; a disabled one is not shown. changed reports
// whether a file (as the findings name it) was changed by the pull
// request; nil counts every file as changed.
func PolicyAnnotations(res *finding.Result, changed func(file string) bool) []Annotation {
	if res == nil {
		return nil
	}
	out := make([]Annotation, 0, len(res.Findings))
	PolicyAnnotationsEach(res, changed, func(a Annotation) { out = append(out, a) })
	return out
}

// PolicyAnnotationsEach hands fn PolicyAnnotations' annotations one at a
// time, for a caller that keeps only some (AnnotationSelector).
func PolicyAnnotationsEach(res *finding.Result, changed func(file string) bool, fn func(Annotation)) {
	if res == nil {
		return
	}
	folds := foldPolicy(res)
	for i := range res.Findings {
		f := &res.Findings[i]
		if f.State == finding.StateDisabled || folds.hidden[f] {
			continue
		}
		if group := folds.wide[f]; group != nil {
			fn(wideAnnotation(group))
			continue
		}
		a := Annotation{File: f.Location.File, Title: policyTitle(f), Message: policyMessage(f, folds.folded[f])}
		setSpan(&a, spanOf(f.Location))
		if f.Kind == finding.KindDiff && f.Change != nil && f.Change.New.File == "" {
			// Gone from the head with its file: a file annotation would
			// point at a path the pull request no longer has.
			a.File, a.Line, a.Col, a.EndLine, a.EndColumn = "", 0, 0, 0, 0
		}
		a.Level, a.Priority = policyLevel(f)
		a.Breaking = f.Kind == finding.KindDiff && f.Classification() == diff.Breaking
		switch {
		case f.State != finding.StateNew:
			a.Priority += tierTolerated
		case changed != nil && (a.File == "" || !changed(f.Location.File)):
			a.Priority += tierNew
		default:
			a.Priority += tierChanged
		}
		fn(a)
	}
}

// policyLevel is the annotation level and kind priority of a finding.
func policyLevel(f *finding.Finding) (string, int) {
	prio := PriorityNotice
	switch f.Kind {
	case finding.KindLoad, finding.KindTarget:
		prio = PriorityBreaking
	case finding.KindDiff:
		switch f.Classification() {
		case diff.Breaking:
			prio = PriorityBreaking
		case diff.Informational:
			prio = PriorityMinor
		}
	case finding.KindCheck:
		switch f.Level {
		case finding.LevelError:
			prio = PriorityError
			if !f.Lossy {
				prio = PriorityCompilableError
			}
		case finding.LevelWarning:
			prio = PriorityWarning
			if noiseCodes[f.Code] {
				prio = PriorityRepeatedWarning
			}
		}
	}
	switch {
	case f.Fails:
		return LevelError, prio
	case f.State == finding.StateApproved:
		return LevelWarning, prio
	case f.State != finding.StateNew:
		return LevelNotice, prio
	case f.Kind == finding.KindDiff && f.Classification() == diff.Breaking,
		f.Kind == finding.KindTarget,
		f.Kind == finding.KindCheck && f.Level != finding.LevelInfo:
		return LevelWarning, prio
	}
	return LevelNotice, prio
}

// policyTitle reads as the start of a sentence: "Breaking: required
// property currency added (create_order)".
func policyTitle(f *finding.Finding) string {
	var head string
	switch f.Kind {
	case finding.KindLoad:
		return "Input error: " + clause(f.Message)
	case finding.KindDiff:
		head = classTitleShort(f.Classification())
		if f.State == finding.StateApproved {
			head = "Approved breaking"
		}
	case finding.KindTarget:
		head = targetTitle(f)
	default:
		head = f.TargetName
		if head == "" {
			head = f.Target
		}
	}
	switch f.State {
	case finding.StateExisting:
		head = "Existing, " + lowerFirst(head)
	case finding.StateAccepted:
		head = "Accepted, " + lowerFirst(head)
	}
	return head + ": " + clause(f.Message) + " (" + f.Tool + ")"
}

func classTitleShort(class string) string {
	switch class {
	case diff.Breaking:
		return "Breaking"
	case diff.NonBreaking:
		return "Non-breaking"
	}
	return "Informational"
}

// clause is the first clause of a message, as a title: up to the first
// sentence end or semicolon, backticks dropped, "was"/"were" dropped
// ("Required property `x` was added" reads "required property x added"),
// first letter lower case, at most 120 characters.
func clause(msg string) string {
	s := msg
	if i := strings.IndexAny(s, ";\n"); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSuffix(strings.TrimSpace(s), ".")
	s = strings.ReplaceAll(s, "`", "")
	s = strings.ReplaceAll(s, " was ", " ")
	s = strings.ReplaceAll(s, " were ", " ")
	return truncateRunes(lowerFirst(s), 120)
}

// lowerFirst lowers the first letter unless the first word is an acronym,
// a name with capitals inside ("OpenAI", "JSON") or a provider's name
// ("Gemini does not check this format").
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsUpper(r) {
		return s
	}
	word, _, _ := strings.Cut(s, " ")
	if properNames[strings.TrimRight(word, ".,:;'’s")] {
		return s
	}
	for _, c := range word[n:] {
		if unicode.IsUpper(c) {
			return s
		}
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// policyMessage is the body of a finding's annotation: the engine's
// message with its context, the code, and why it does not count when it
// does not. folded are the findings restating f, said with it.
func policyMessage(f *finding.Finding, folded []*finding.Finding) string {
	var b strings.Builder
	switch f.Kind {
	case finding.KindLoad:
		b.WriteString(f.Message)
		if f.Path != "" {
			b.WriteString("\nPath: " + f.Path)
		}
	case finding.KindDiff:
		c := effectiveChange(f)
		b.WriteString(changeMessage(c, f.State == finding.StateApproved))
		if c.Classification == diff.Breaking {
			if w := WitnessLine(c); w != "" {
				b.WriteString("\n" + w)
			}
		}
	case finding.KindTarget:
		b.WriteString(targetText(f))
	case finding.KindCheck:
		d := f.Diagnostic
		b.WriteString(f.TargetName + ", tool " + f.Tool + ": " + d.Message)
		for _, g := range folded {
			b.WriteString(" " + g.Message)
		}
		b.WriteString("\nPath: " + d.Path + "\n" + compileHint(d.Compile))
		if d.DocsURL != "" {
			b.WriteString("\nDocs: " + d.DocsURL)
		}
	}
	b.WriteString("\nCode: " + foldedCodes(f, folded))
	if note := stateNote(f); note != "" {
		b.WriteString("\n" + note)
	}
	return b.String()
}

// properNames keep their capital at the start of a title.
var properNames = map[string]bool{"Gemini": true, "Anthropic": true, "Claude": true, "Google": true, "Azure": true}
