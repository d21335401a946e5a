package finding

import (
	"regexp"
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// LoadCode is the code of every load error.
const LoadCode = "load/input-error"

// FromLoad makes one finding per load error.
func FromLoad(errs []tool.LoadError) []Finding {
	out := make([]Finding, 0, len(errs))
	for i := range errs {
		e := &errs[i]
		out = append(out, Finding{
			Kind: KindLoad, Code: LoadCode, DefaultLevel: LevelError, Level: LevelError,
			Path:     e.Path,
			Location: Location{File: e.SourcePath, Line: e.Line, Column: e.Column, EndLine: e.EndLine, EndColumn: e.EndColumn},
			Message:  e.Message,
			// A load error has no tool or schema identity; file, path and
			// message are all it has.
			Fingerprint: Fingerprint(KindLoad, e.SourcePath, "", LoadCode, e.Path, e.Message),
			State:       StateNew,
			LoadError:   e,
		})
	}
	return out
}

// enumItem matches a schema path ending at an enum member.
var enumItem = regexp.MustCompile(`\.enum\[\d+\]$`)

// FromCheck makes one finding per diagnostic, in the check's order (tools
// by name, targets as checked, diagnostics as the target ordered them).
// A target listed twice for a tool is taken once.
func FromCheck(res *check.Result) []Finding {
	if res == nil {
		return nil
	}
	// Sized up front: a large run has millions of findings, and growing
	// the slice would copy them over and over.
	n := 0
	for i := range res.Tools {
		EachCheckTarget(&res.Tools[i], func(t *check.TargetResult) { n += len(t.Diagnostics) })
	}
	out := make([]Finding, 0, n)
	for i := range res.Tools {
		tr := &res.Tools[i]
		EachCheckTarget(tr, func(t *check.TargetResult) {
			for j := range t.Diagnostics {
				out = append(out, CheckFinding(tr.Tool, t, &t.Diagnostics[j]))
			}
		})
	}
	return out
}

// EachCheckTarget calls fn with each target of a tool's result whose
// diagnostics become findings: every target once, the first of an id
// listed twice.
func EachCheckTarget(tr *check.ToolResult, fn func(t *check.TargetResult)) {
	for k := range tr.Targets {
		t := &tr.Targets[k]
		if slices.ContainsFunc(tr.Targets[:k], func(u check.TargetResult) bool { return u.ID == t.ID }) {
			continue
		}
		fn(t)
	}
}

// CheckFinding is the finding for diagnostic d of target t on tool tl (the
// head's tool; nil when unknown), new until a policy says otherwise.
func CheckFinding(tl *tool.Tool, t *check.TargetResult, d *provider.Diagnostic) Finding {
	f := PartialCheckFinding(tl, t, d)
	f.Complete()
	return f
}

// PartialCheckFinding is CheckFinding without its Location and
// Fingerprint, which cost a walk of the tool's source and a hash each: a
// run that streams millions of findings completes (Complete) only the
// few it keeps, and Applier the ones only-new compares. Until then d must
// stay valid.
func PartialCheckFinding(tl *tool.Tool, t *check.TargetResult, d *provider.Diagnostic) Finding {
	name := t.Name
	if name == "" {
		name = t.ID
	}
	toolName := d.ToolName
	if toolName == "" && tl != nil {
		toolName = tl.Name
	}
	level := severityLevel(d.Severity)
	return Finding{
		Kind: KindCheck, Code: d.Code, DefaultLevel: level, Level: level,
		Tool: toolName, Target: t.ID, TargetName: name, Path: d.Path,
		Message:    d.Message,
		State:      StateNew,
		Lossy:      d.Compile.IsLossy(),
		Diagnostic: d,
		ToolDef:    tl,
		partial:    true,
	}
}

// Complete fills in what PartialCheckFinding left out (nothing for any
// other finding).
func (f *Finding) Complete() {
	if !f.partial {
		return
	}
	f.partial = false
	f.Location = LocateDiagnostic(f.ToolDef, f.Diagnostic)
	f.Fingerprint = CheckFingerprint(f.ToolDef, f.Target, f.Diagnostic)
}

// CheckFingerprint is the fingerprint of the finding diagnostic d of
// target makes on tool tl.
func CheckFingerprint(tl *tool.Tool, target string, d *provider.Diagnostic) string {
	toolName := d.ToolName
	if toolName == "" && tl != nil {
		toolName = tl.Name
	}
	return Fingerprint(KindCheck, toolName, target, d.Code, d.Path, enumValue(tl, d.Path))
}

func severityLevel(s string) string {
	switch s {
	case provider.SeverityError:
		return LevelError
	case provider.SeverityWarning:
		return LevelWarning
	}
	return LevelInfo
}

// LocateDiagnostic is where a diagnostic points: its own position, else
// the schema path located in the tool's file.
func LocateDiagnostic(t *tool.Tool, d *provider.Diagnostic) Location {
	loc := Location{File: d.File, Line: d.Line, Column: d.Column, EndLine: d.EndLine, EndColumn: d.EndColumn}
	if loc.File == "" && t != nil {
		loc.File = t.File()
	}
	if loc.Line == 0 && t != nil && loc.File == t.File() {
		sp, _ := t.Locate(d.Path)
		loc.Line, loc.Column, loc.EndLine, loc.EndColumn = sp.Line, sp.Column, sp.EndLine, sp.EndColumn
	}
	return loc
}

// enumValue is the source text of the enum member a path ends at, so that
// two findings about different members stay apart when members move; ""
// for any other path.
func enumValue(t *tool.Tool, path string) string {
	if t == nil || t.Source == nil || t.Value == nil || !strings.Contains(path, ".enum[") || !enumItem.MatchString(path) {
		return ""
	}
	start, end, exact := tool.LocateIn(t.Value, path)
	if !exact || start < 0 || int(end) > len(t.Source.Data) || start >= end {
		return ""
	}
	return strings.TrimSpace(string(t.Source.Data[start:end]))
}

// FromDiff makes one finding per change. A change to something the head
// no longer has is located at its New place when the caller found one
// (a surviving ancestor in the same file), else at its base place.
func FromDiff(res *diff.Result) []Finding {
	if res == nil {
		return nil
	}
	out := make([]Finding, 0, len(res.Changes))
	for i := range res.Changes {
		c := &res.Changes[i]
		level := LevelOf(c.Classification)
		at := c.New
		if at.File == "" {
			at = c.Old
		}
		value := ""
		if strings.Contains(c.Code, "enum") || strings.Contains(c.Code, "const") {
			value = canonical(c.Before) + "\x00" + canonical(c.After)
		}
		out = append(out, Finding{
			Kind: KindDiff, Code: c.Code, DefaultLevel: level, Level: level,
			Tool: c.ToolName, Target: "diff", Path: c.Path,
			Location:     Location(at),
			BaseLocation: Location(c.Old),
			Message:      c.Message,
			Fingerprint:  Fingerprint(KindDiff, c.ToolName, "diff", c.Code, c.Path, value),
			State:        StateNew,
			Change:       c,
		})
	}
	return out
}

func canonical(v *jsonvalue.Value) string {
	if v == nil {
		return ""
	}
	return jsonvalue.Canonical(v)
}
