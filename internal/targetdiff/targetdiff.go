// Package targetdiff answers, per target, whether a change keeps a tool
// shipping: it compiles both versions of every tool present on both sides
// (without allowing loss) and reports what changed about compatibility:
// regressed (compiled before, refused now), fixed, or findings changed
// (SchemaPort cli src/target-diff.ts, cli-extras.md §2).
//
// A canonical diff asks whether an old caller still works; this asks
// whether the tool still compiles. Adding an optional property that uses
// `oneOf` is safe for callers and stops the tool compiling for OpenAI,
// which can only write it as `anyOf`.
package targetdiff

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Verdicts.
const (
	Regressed = "regressed"
	Fixed     = "fixed"
	Unchanged = "unchanged"
)

// Cause is one reason a compile is refused, where it is.
type Cause struct {
	Code string `json:"code"`
	Path string `json:"path"`
	// Reason is the cause in words, for people (not in SchemaPort's
	// document).
	Reason string `json:"-"`
}

// Ref is a compile diagnostic by its identity (code and path).
type Ref struct {
	Code     string `json:"code"`
	Path     string `json:"path"`
	Severity string `json:"severity"`
}

// ToolChange is what happened to one tool's compatibility with one target.
type ToolChange struct {
	ToolName string `json:"toolName"`
	Verdict  string `json:"verdict"`
	// Before and After: the tool compiled without loss on each side.
	Before    bool    `json:"before"`
	After     bool    `json:"after"`
	RefusedBy []Cause `json:"refusedBy"`
	Added     []Ref   `json:"added"`
	Resolved  []Ref   `json:"resolved"`
	// Old and New are the two versions (New locates a finding).
	Old, New *tool.Tool `json:"-"`
}

// TargetReport is one target's changes, tools in name order.
type TargetReport struct {
	TargetID    string       `json:"targetId"`
	DisplayName string       `json:"displayName"`
	Regressed   int          `json:"regressed"`
	Fixed       int          `json:"fixed"`
	Tools       []ToolChange `json:"tools"`
}

// Result is every target's report.
type Result struct {
	Reports []TargetReport
	// Regressions is the number of regressed tools across all targets.
	Regressions int
}

// Target is one compile target. Compile is compile.Compile without loss
// allowed; tests put an adapter that panics in its place.
type Target struct {
	ID, Name string
	Compile  func(*tool.Tool) compile.Result
}

// Targets resolves target ids (already validated by check.ResolveTargets)
// to compile targets; an id without an adapter is an error.
func Targets(ids []string) ([]Target, error) {
	out := make([]Target, 0, len(ids))
	// Every target compiles the same tools: their core errors are worked
	// out once (8 validations of each default became 2).
	shared := compile.NewShared()
	for _, id := range ids {
		t, ok := compile.Lookup(id)
		if !ok {
			return nil, fmt.Errorf("Unknown target `%s`.", id)
		}
		out = append(out, Target{ID: t.ID, Name: t.Name, Compile: func(x *tool.Tool) compile.Result {
			return shared.Compile(x, id, false)
		}})
	}
	return out, nil
}

// Diff compares compatibility for every tool of after whose name is also
// in before. Added and removed tools are skipped: the canonical diff
// reports them, and a tool that did not exist cannot have regressed. So
// are provider-native tools: they are what is sent, not compiled.
func Diff(before, after []*tool.Tool, targets []Target) Result {
	old := map[string]*tool.Tool{}
	for _, t := range before {
		if t.Native == nil {
			old[t.Name] = t
		}
	}
	var shared []*tool.Tool
	for _, t := range after {
		if t.Native == nil && old[t.Name] != nil {
			shared = append(shared, t)
		}
	}
	slices.SortStableFunc(shared, func(a, b *tool.Tool) int { return provider.CompareUTF16(a.Name, b.Name) })
	var res Result
	for _, target := range targets {
		rep := TargetReport{TargetID: target.ID, DisplayName: target.Name, Tools: []ToolChange{}}
		for _, t := range shared {
			// The same bytes compile the same: nothing to compare.
			if tool.SameText(old[t.Name], t) {
				continue
			}
			c := compare(target, old[t.Name], t)
			if c.Verdict == Unchanged && len(c.Added) == 0 && len(c.Resolved) == 0 {
				continue
			}
			switch c.Verdict {
			case Regressed:
				rep.Regressed++
			case Fixed:
				rep.Fixed++
			}
			rep.Tools = append(rep.Tools, c)
		}
		res.Regressions += rep.Regressed
		res.Reports = append(res.Reports, rep)
	}
	return res
}

func compare(target Target, before, after *tool.Tool) ToolChange {
	prev, cur := safeCompile(target, before), safeCompile(target, after)
	c := ToolChange{ToolName: after.Name, Verdict: Unchanged, Before: prev.OK, After: cur.OK,
		RefusedBy: []Cause{}, Old: before, New: after}
	switch {
	case prev.OK && !cur.OK:
		c.Verdict = Regressed
	case !prev.OK && cur.OK:
		c.Verdict = Fixed
	}
	if !cur.OK {
		c.RefusedBy = causes(&cur)
	}
	c.Added = missing(cur.Diagnostics, prev.Diagnostics)
	c.Resolved = missing(prev.Diagnostics, cur.Diagnostics)
	return c
}

// safeCompile turns an adapter's panic into a refusal carrying its
// message: one adapter failing on one tool must not end the diff.
func safeCompile(target Target, t *tool.Tool) (r compile.Result) {
	defer func() {
		if p := recover(); p != nil {
			r = compile.Result{Target: target.ID, Tool: t, Diagnostics: []provider.Diagnostic{{
				ProviderID: target.ID, ToolName: t.Name, Severity: provider.SeverityError,
				Code: target.ID + "/adapter-threw", Path: "inputSchema",
				Message: fmt.Sprintf("The %s adapter threw while compiling: %v", target.Name, p),
				Compile: provider.Compile{Detail: "The adapter threw."},
			}}}
		}
	}()
	return target.Compile(t)
}

// causes are why r was refused: its errors but the generic lossy refusal,
// which is unwrapped into the lossy transformations that caused it (the
// place to fix, not "inputSchema"); sorted by path, then code.
func causes(r *compile.Result) []Cause {
	out := []Cause{}
	for _, d := range r.Diagnostics {
		if d.Severity == provider.SeverityError && d.Code != compile.LossyRefusedCode {
			out = append(out, Cause{Code: d.Code, Path: d.Path, Reason: d.Message})
		}
	}
	for _, x := range r.Transformations {
		if x.Lossy {
			out = append(out, Cause{Code: x.Code, Path: x.Path, Reason: lossyReason(x)})
		}
	}
	slices.SortStableFunc(out, func(a, b Cause) int {
		return cmp.Or(provider.CompareUTF16(a.Path, b.Path), provider.CompareUTF16(a.Code, b.Code))
	})
	return slices.CompactFunc(out, func(a, b Cause) bool { return a.Code == b.Code && a.Path == b.Path })
}

// lossyReason says what compiling would do at x's place: "`oneOf` at
// inputSchema.properties.assignee would be widened to `anyOf`".
func lossyReason(x compile.Transformation) string {
	parent, kw := x.Path, ""
	if segs, ok := schemapath.Parse(x.Path); ok && len(segs) > 1 && !segs[len(segs)-1].IsIndex {
		if k := segs[len(segs)-1].Key; strings.HasSuffix(x.Path, "."+k) {
			kw, parent = k, x.Path[:len(x.Path)-len(k)-1]
		}
	}
	switch {
	case x.Code == "converted-one-of-to-any-of" && kw == "oneOf":
		return "`oneOf` at " + parent + " would be widened to `anyOf`"
	case strings.HasPrefix(x.Code, "dropped-") && kw != "":
		return "`" + kw + "` at " + parent + " would be dropped"
	case strings.HasPrefix(x.Code, "widened-"):
		return "the subschema at " + x.Path + " would be widened"
	}
	return x.Code + " at " + x.Path
}

// missing are the diagnostics of a whose code and path b lacks, sorted by
// path, then code.
func missing(a, b []provider.Diagnostic) []Ref {
	have := map[string]bool{}
	for _, d := range b {
		have[d.Code+" "+d.Path] = true
	}
	out := []Ref{}
	seen := map[string]bool{}
	for _, d := range a {
		k := d.Code + " " + d.Path
		if !have[k] && !seen[k] {
			seen[k] = true
			out = append(out, Ref{Code: d.Code, Path: d.Path, Severity: d.Severity})
		}
	}
	slices.SortStableFunc(out, func(x, y Ref) int {
		return cmp.Or(provider.CompareUTF16(x.Path, y.Path), provider.CompareUTF16(x.Code, y.Code))
	})
	return out
}

// Sentence is a regression in one line: "`create_ticket` no longer
// compiles for OpenAI: `oneOf` at inputSchema.properties.assignee would be
// widened to `anyOf`" (and how many other causes there are).
func (c *ToolChange) Sentence(targetName string) string {
	s := "`" + c.ToolName + "` no longer compiles for " + targetName
	if len(c.RefusedBy) == 0 {
		return s + "."
	}
	s += ": " + c.RefusedBy[0].Reason
	if n := len(c.RefusedBy) - 1; n == 1 {
		s += " (and 1 more cause)"
	} else if n > 1 {
		s += fmt.Sprintf(" (and %d more causes)", n)
	}
	return s
}
