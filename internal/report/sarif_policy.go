package report

import (
	"cmp"
	"io"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/version"
)

// walkPolicy is walkFindings over the policy's findings: every finding
// that is not disabled, at its effective level. An approved breaking
// change is a warning (it does not fail the run); an accepted finding or
// an approved change carries an external suppression with its
// justification; with only-new every result says whether the base had it.
func walkPolicy(in *SARIFInput, fn func(level string, build func() sarifItem)) {
	res := in.Policy
	for i := range res.Findings {
		f := &res.Findings[i]
		if f.State == finding.StateDisabled {
			continue
		}
		level := policySARIFLevel(f)
		fn(level, func() sarifItem {
			it := sarifItem{ruleID: f.Code, kind: string(f.Kind), level: level, identity: f.Fingerprint,
				file: mapPath(in.Paths, f.Location.File), span: spanOf(f.Location), toolName: f.Tool, target: f.Target, path: f.Path, state: string(f.State)}
			switch f.Kind {
			case finding.KindLoad:
				it.ruleID, it.target, it.toolName = LoadRuleID, "load", f.Location.File
				it.message = f.Message
				if f.Path != "" {
					it.message += "\nPath: " + f.Path
				}
			case finding.KindCheck:
				d := f.Diagnostic
				it.providerID, it.targetName, it.docsURL, it.compile = cmp.Or(d.ProviderID, f.Target), f.TargetName, d.DocsURL, d.Compile
				it.message = d.Message + "\nTarget: " + f.TargetName + "\nTool: " + f.Tool + "\nPath: " + d.Path + "\n" + compileHint(d.Compile)
			case finding.KindDiff:
				it.classification = f.Classification()
				it.message = changeMessage(effectiveChange(f), f.State == finding.StateApproved)
			case finding.KindTarget:
				it.targetName, it.message = f.TargetName, targetText(f)
			}
			if note := stateNote(f); note != "" {
				it.message += "\n" + note
			}
			if res.Policy.OnlyNew && f.Kind != finding.KindLoad {
				it.baselineState = "new"
				if f.State == finding.StateExisting {
					it.baselineState = "unchanged"
				}
			}
			switch f.State {
			case finding.StateAccepted:
				it.suppressions = []sarifSuppression{{Kind: "external", Justification: f.Reason}}
			case finding.StateApproved:
				it.suppressions = []sarifSuppression{{Kind: "external", Justification: f.Reason}}
			}
			return it
		})
	}
}

// policySARIFLevel is a finding's SARIF level: its effective level, except
// that an approved breaking change is a warning.
func policySARIFLevel(f *finding.Finding) string {
	switch {
	case f.Kind == finding.KindDiff, f.Kind == finding.KindTarget:
		if f.Level != finding.LevelError {
			return "note"
		}
		if f.State == finding.StateApproved || f.State == finding.StateAccepted {
			return "warning"
		}
		return "error"
	case f.Level == finding.LevelError:
		return "error"
	case f.Level == finding.LevelWarning:
		return "warning"
	}
	return "note"
}

// stateNote says, in a result or annotation message, why a finding that
// was found does not count: "" for a new finding.
func stateNote(f *finding.Finding) string {
	switch f.State {
	case finding.StateExisting:
		return "Existing: the base has this finding too, so it does not fail this run (only-new)."
	case finding.StateAccepted:
		return "Accepted (" + f.AcceptedBy + "): " + f.Reason
	case finding.StateApproved:
		return "Approved: " + f.Reason + "."
	}
	return ""
}

func spanOf(l finding.Location) tool.Span {
	return tool.Span{Line: l.Line, Column: l.Column, EndLine: l.EndLine, EndColumn: l.EndColumn}
}

// FailedSARIF writes the SARIF of a run that could not run (exit 2): no
// results, and one invocation that says it did not succeed and why, so an
// `if: always()` upload still has a valid file to send.
func FailedSARIF(w io.Writer, category, message string) error {
	run := sarifRun{
		Tool:       sarifTool{Driver: sarifDriver{Name: version.Name, Version: version.Version, InformationURI: version.InformationURI, Rules: []sarifRule{}}},
		ColumnKind: "unicodeCodePoints",
		Invocations: []sarifInvocation{{ExecutionSuccessful: false, ToolExecutionNotifications: []sarifNotification{
			{Level: "error", Message: sarifText{Text: message}}}}},
	}
	if category != "" {
		run.AutomationDetails = &sarifAutomation{ID: category}
	}
	return writeSARIFLog(w, &run, sarifResults{each: func(func(sarifResult) bool) {}})
}

// effectiveChange is a diff finding's change with the classification the
// rules gave it, so that its message says what the run counted it as.
func effectiveChange(f *finding.Finding) *diff.Change {
	c := *f.Change
	c.Classification = f.Classification()
	return &c
}
