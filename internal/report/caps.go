package report

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
)

// One file of deeply nested properties gave tens of thousands of findings,
// each repeating a schema path tens of kilobytes long: a 700 MB log and a
// SARIF file code scanning refuses. Cap is the step between the policy and
// the renderers that bounds that: at most Limits.PerTool findings per tool
// and Limits.PerRun in all reach any output, the most important first, and
// long schema paths are abbreviated. The counts (the verdict, the step
// outputs, the totals) stay whole; a note says what was left out.

// Limits bound the findings the outputs of one run show.
type Limits struct {
	PerTool, PerRun int
}

// RunLimits are the action's: 500 findings for one tool is more than
// anyone fixes in one go (a real tool has a handful; the largest of 367
// real tool sets has 60), and 10,000 keep the SARIF file well under code
// scanning's 25,000 results, the log readable and the JSON report a few
// megabytes.
var RunLimits = Limits{PerTool: 500, PerRun: 10000}

// MaxPathChars is the longest schema path shown in full; a longer one is
// abbreviated to its head and tail. A schema nested past OpenAI's 10 levels
// still has paths of a few hundred characters at most.
const MaxPathChars = 300

// MaxValueChars is the longest string from a tool file (a description in
// a change's before and after values, a message) that reaches an output:
// longer ones are cut, saying how much was left out.
const MaxValueChars = 2000

// truncateText cuts s to MaxValueChars characters.
func truncateText(s string) string {
	if len(s) <= MaxValueChars || utf8.RuneCountInString(s) <= MaxValueChars {
		return s
	}
	r := []rune(s)
	return string(r[:MaxValueChars]) + "…[" + strconv.Itoa(len(r)-MaxValueChars) + " more characters]"
}

// hasLongText reports whether v holds a string over MaxValueChars bytes.
func hasLongText(v *jsonvalue.Value) bool {
	if v == nil {
		return false
	}
	switch v.Kind {
	case jsonvalue.String:
		return len(v.Text) > MaxValueChars
	case jsonvalue.Array:
		for i := range v.Items {
			if hasLongText(&v.Items[i]) {
				return true
			}
		}
	case jsonvalue.Object:
		for i := range v.Members {
			if len(v.Members[i].Key) > MaxValueChars || hasLongText(&v.Members[i].Value) {
				return true
			}
		}
	}
	return false
}

// truncateValue is v with its long strings cut (a copy where needed).
func truncateValue(v *jsonvalue.Value) *jsonvalue.Value {
	if !hasLongText(v) {
		return v
	}
	cp := *v
	switch v.Kind {
	case jsonvalue.String:
		cp.Text = truncateText(v.Text)
	case jsonvalue.Array:
		cp.Items = make([]jsonvalue.Value, len(v.Items))
		for i := range v.Items {
			cp.Items[i] = *truncateValue(&v.Items[i])
		}
	case jsonvalue.Object:
		cp.Members = make([]jsonvalue.Member, len(v.Members))
		for i, m := range v.Members {
			m.Key = truncateText(m.Key)
			m.Value = *truncateValue(&v.Members[i].Value)
			cp.Members[i] = m
		}
	}
	return &cp
}

// tooLong reports whether a kept finding needs a copy: a long path,
// message or value.
func tooLong(f *finding.Finding) bool {
	if len(f.Path) > MaxPathChars || len(f.Message) > MaxValueChars {
		return true
	}
	if f.Diagnostic != nil && len(f.Diagnostic.Compile.Detail) > MaxValueChars {
		return true
	}
	return f.Change != nil && (hasLongText(f.Change.Before) || hasLongText(f.Change.After))
}

// Omitted is what Cap left out.
type Omitted struct {
	Total   int
	PerTool map[string]int // tool name ("" for input errors) -> findings left out
	Limits  Limits
}

// Capped is the view of one run the renderers get.
type Capped struct {
	Check   *check.Result
	Diff    *diff.Result
	Policy  *finding.Result
	Omitted Omitted
}

// AbbreviatePath shortens a schema path over MaxPathChars characters to
// its head and tail, saying how many characters it left out.
func AbbreviatePath(p string) string {
	n := utf8.RuneCountInString(p)
	if n <= MaxPathChars {
		return p
	}
	const head, tail = 100, 160
	r := []rune(p)
	return string(r[:head]) + "…[" + strconv.Itoa(n-head-tail) + " characters]…" + string(r[n-tail:])
}

// importance ranks a finding for keeping: what fails the run, input
// errors, breaking changes and errors, then warnings, then infos, then
// what a rule disabled. Lower is kept first.
func importance(f *finding.Finding) int {
	switch {
	case f.Fails:
		return 0
	case f.Kind == finding.KindLoad:
		return 1
	case f.State == finding.StateDisabled:
		return 6
	case f.Level == finding.LevelError && f.State == finding.StateNew:
		return 2
	case f.Level == finding.LevelError:
		return 3
	case f.Level == finding.LevelWarning:
		return 4
	}
	return 5
}

// Cap returns the view of pol, chk and dif within l. Nothing is copied
// when everything fits and no path is long.
func Cap(pol *finding.Result, chk *check.Result, dif *diff.Result, l Limits) Capped {
	out := Capped{Check: chk, Diff: dif, Policy: pol, Omitted: Omitted{PerTool: map[string]int{}, Limits: l}}
	if pol == nil {
		return out
	}
	order := make([]int, len(pol.Findings))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Compare(importance(&pol.Findings[a]), importance(&pol.Findings[b]))
	})
	keep := make([]bool, len(pol.Findings))
	perTool := map[string]int{}
	kept := 0
	for _, i := range order {
		f := &pol.Findings[i]
		if kept < l.PerRun && perTool[f.Tool] < l.PerTool {
			keep[i] = true
			kept++
			perTool[f.Tool]++
			continue
		}
		out.Omitted.Total++
		out.Omitted.PerTool[f.Tool]++
	}
	longPaths := false
	for i := range pol.Findings {
		if keep[i] && tooLong(&pol.Findings[i]) {
			longPaths = true
			break
		}
	}
	if out.Omitted.Total == 0 && !longPaths {
		return out
	}

	// The views: kept findings only, with their engine records copied so
	// that a path can be shortened without touching the run's results.
	diags := map[*provider.Diagnostic]*provider.Diagnostic{}
	changes := map[*diff.Change]*diff.Change{}
	for i := range pol.Findings {
		f := &pol.Findings[i]
		if !keep[i] {
			continue
		}
		if f.Diagnostic != nil {
			diags[f.Diagnostic] = nil
		}
		if f.Change != nil {
			changes[f.Change] = nil
		}
	}
	if chk != nil {
		c := *chk
		c.Tools = make([]check.ToolResult, len(chk.Tools))
		for i, tr := range chk.Tools {
			c.Tools[i] = tr
			c.Tools[i].Targets = make([]check.TargetResult, len(tr.Targets))
			for k, t := range tr.Targets {
				nt := t
				nt.Diagnostics = nil
				for j := range t.Diagnostics {
					d := &t.Diagnostics[j]
					if _, ok := diags[d]; ok {
						cp := *d
						cp.Path = AbbreviatePath(cp.Path)
						cp.Message = truncateText(cp.Message)
						cp.Compile.Detail = truncateText(cp.Compile.Detail)
						nt.Diagnostics = append(nt.Diagnostics, cp)
					}
				}
				c.Tools[i].Targets[k] = nt
			}
		}
		out.Check = &c
	}
	if dif != nil {
		out.Diff = keptChanges(dif, changes)
	}
	// Map the originals to their copies (same order, kept only).
	if out.Check != nil {
		for i := range chk.Tools {
			for k := range chk.Tools[i].Targets {
				orig := chk.Tools[i].Targets[k].Diagnostics
				copies := out.Check.Tools[i].Targets[k].Diagnostics
				n := 0
				for j := range orig {
					if _, ok := diags[&orig[j]]; ok {
						diags[&orig[j]] = &copies[n]
						n++
					}
				}
			}
		}
	}
	p := *pol
	p.Findings = make([]finding.Finding, 0, len(pol.Findings)-out.Omitted.Total)
	for i := range pol.Findings {
		if !keep[i] {
			continue
		}
		f := pol.Findings[i]
		f.Path = AbbreviatePath(f.Path)
		f.Message = truncateText(f.Message)
		if f.Diagnostic != nil {
			if cp := diags[f.Diagnostic]; cp != nil {
				f.Diagnostic = cp
			}
		}
		if f.Change != nil {
			if cp := changes[f.Change]; cp != nil {
				f.Change = cp
			}
		}
		p.Findings = append(p.Findings, f)
	}
	out.Policy = &p
	return out
}

// keptChanges returns a copy of dif holding only the changes that are keys
// of kept, each shortened for display, and points each key at its copy.
func keptChanges(dif *diff.Result, kept map[*diff.Change]*diff.Change) *diff.Result {
	d := *dif
	d.Changes = nil
	for j := range dif.Changes {
		ch := &dif.Changes[j]
		if _, ok := kept[ch]; ok {
			cp := *ch
			cp.Path = AbbreviatePath(cp.Path)
			cp.Message = truncateText(cp.Message)
			cp.Before, cp.After = truncateValue(cp.Before), truncateValue(cp.After)
			d.Changes = append(d.Changes, cp)
		}
	}
	// Only now are the copies at rest: the slice no longer grows.
	n := 0
	for j := range dif.Changes {
		if _, ok := kept[&dif.Changes[j]]; ok {
			kept[&dif.Changes[j]] = &d.Changes[n]
			n++
		}
	}
	return &d
}

// Note says what was left out, for the log, the summary and the reports;
// "" when nothing was.
func (o Omitted) Note() string {
	if o.Total == 0 {
		return ""
	}
	names := make([]string, 0, len(o.PerTool))
	for name := range o.PerTool {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(o.PerTool[b], o.PerTool[a]), strings.Compare(a, b))
	})
	const most = 10
	var parts []string
	for i, name := range names {
		if i == most {
			parts = append(parts, "and "+strconv.Itoa(len(names)-most)+" more tools")
			break
		}
		label := "`" + name + "`"
		if name == "" {
			label = "input errors"
		}
		parts = append(parts, label+" "+strconv.Itoa(o.PerTool[name]))
	}
	return strconv.Itoa(o.Total) + " more findings are not shown in any output (at most " + strconv.Itoa(o.Limits.PerTool) +
		" per tool and " + strconv.Itoa(o.Limits.PerRun) + " per run): " + strings.Join(parts, ", ") +
		". The counts include them; fix the findings shown and run again."
}
