package finding

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/provider"
)

// RuleSetting is one entry of the config's `rules`: a code, or
// "<target>/*" for every check finding of a target, and its level (off,
// info, warning, error). Where is "file:line", for the reasons findings
// carry; At is "file:line:col" of the key, for errors ("" falls back to
// Where).
type RuleSetting struct {
	Key   string
	Level string
	Where string
	At    string
}

// Rules are validated rule settings. An exact code wins over a target
// wildcard. The zero value (or nil) changes nothing.
type Rules struct {
	byCode   map[string]RuleSetting
	byTarget map[string]RuleSetting
}

// Codes lists every code a rule may name: the check codes of every
// target's rule table (and core's), the diff codes, the budget codes
// (cost/...) and run's target-regressed; sorted, each once.
func Codes() []string {
	var out []string
	for _, r := range check.Core().Rules {
		out = append(out, r.Code)
	}
	for _, t := range check.Targets() {
		for _, r := range t.Rules {
			out = append(out, r.Code)
		}
	}
	for _, c := range diff.Codes {
		out = append(out, c.ID)
	}
	out = append(out, cost.Codes...)
	out = append(out, CodeTargetRegressed)
	slices.Sort(out)
	return slices.Compact(out)
}

// TargetIDs lists the targets a "<target>/*" key may name.
func TargetIDs() []string {
	ids := []string{check.Core().ID}
	for _, t := range check.Targets() {
		ids = append(ids, t.ID)
	}
	return ids
}

// NewRules validates settings: an unknown code or target is an error that
// names it, where it is, and the nearest valid key.
func NewRules(settings []RuleSetting) (*Rules, error) {
	r := &Rules{byCode: map[string]RuleSetting{}, byTarget: map[string]RuleSetting{}}
	if len(settings) == 0 {
		return r, nil
	}
	codes := Codes()
	targets := TargetIDs()
	for _, s := range settings {
		at := s.At
		if at == "" {
			at = s.Where
		}
		if at != "" {
			at += ": "
		}
		switch s.Level {
		case LevelOff, LevelInfo, LevelWarning, LevelError:
		default:
			return nil, fmt.Errorf("%sThe rule `%s` has the level `%s`; use off, info, warning or error.", at, s.Key, s.Level)
		}
		if t, ok := strings.CutSuffix(s.Key, "/*"); ok {
			if !slices.Contains(targets, t) {
				return nil, fmt.Errorf("%sUnknown target in the rule `%s`. Did you mean `%s/*`? Valid targets are: %s.", at, s.Key, Nearest(t, targets), strings.Join(targets, ", "))
			}
			r.byTarget[t] = s
			continue
		}
		if _, found := slices.BinarySearch(codes, s.Key); !found {
			return nil, fmt.Errorf("%sUnknown rule code `%s`. Did you mean `%s`? docs/rules.md lists every code.", at, s.Key, Nearest(s.Key, codes))
		}
		r.byCode[s.Key] = s
	}
	return r, nil
}

// lookup returns the setting for a finding, if any. Load errors have none:
// a file that does not load cannot be checked, whatever the rules say.
func (r *Rules) lookup(f *Finding) (RuleSetting, bool) {
	if r == nil || f.Kind == KindLoad {
		return RuleSetting{}, false
	}
	if s, ok := r.byCode[f.Code]; ok {
		return s, true
	}
	// "<target>/*" covers the target's own codes: not a budget's
	// (cost/...), which the rules name by its code.
	if f.Kind == KindCheck && !strings.HasPrefix(f.Code, "cost/") {
		if s, ok := r.byTarget[f.Target]; ok {
			return s, true
		}
	}
	return RuleSetting{}, false
}

// Nearest returns the candidate with the smallest edit distance to s
// (ties: the first in order). When s starts with a target that codes have
// ("openai/…"), only that target's codes are candidates: a short or
// garbled rule name is nearer to some diff code ("openai/nope" to
// `type-narrowed`) than to any of the target's.
func Nearest(s string, candidates []string) string {
	if target, _, ok := strings.Cut(s, "/"); ok {
		var same []string
		for _, c := range candidates {
			if strings.HasPrefix(c, target+"/") {
				same = append(same, c)
			}
		}
		if len(same) > 0 {
			candidates = same
		}
	}
	best, bestD := "", -1
	for _, c := range candidates {
		if d := Distance(s, c); bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// Distance is the Levenshtein distance over bytes (codes are ASCII).
func Distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Adjust is ApplyToCheck as the check engine takes it: nil when the rules
// change nothing, so the engine's paths without adjustment stay open.
func (r *Rules) Adjust() check.Adjust {
	if r == nil || (len(r.byCode) == 0 && len(r.byTarget) == 0) {
		return nil
	}
	return func(tr *check.ToolResult) { r.ApplyToCheck(tr) }
}

// TurnedOff is a diagnostic a rule turns off, which ApplyToCheck dropped: the policy still counts it (state disabled) and the run's
// report lists it, though no output shows it as a finding.
type TurnedOff struct {
	Target     int // index in the tool result's Targets
	Diagnostic provider.Diagnostic
}

// ApplyToCheck applies the rules to one tool's check result, the way the
// policy applies them to findings: a code turned off is left out, any
// other setting becomes the diagnostic's severity. Each target's
// diagnostics are then put back in canonical order, folded again (a
// restatement folds only into an error) and recounted, so reports, counts
// and --fail-on see the adjusted result. Nil rules change nothing.
//
// It returns the diagnostics it turned off, copied, for the policy to
// count as turned off.
func (r *Rules) ApplyToCheck(tr *check.ToolResult) (off []TurnedOff) {
	if r == nil || (len(r.byCode) == 0 && len(r.byTarget) == 0) {
		return nil
	}
	for i := range tr.Targets {
		// Filtered in place: the list stays the stream's, to be recycled.
		t := &tr.Targets[i]
		changed := false
		ds := t.Diagnostics[:0]
		for _, d := range t.Diagnostics {
			s, ok := r.lookup(&Finding{Kind: KindCheck, Code: d.Code, Target: t.ID})
			if ok && s.Level == LevelOff {
				off = append(off, TurnedOff{Target: i, Diagnostic: d})
				changed = true
				continue
			}
			if ok && s.Level != d.Severity {
				d.Severity, changed = s.Level, true
			}
			ds = append(ds, d)
		}
		if !changed {
			continue
		}
		for j := range ds {
			ds[j].FoldedInto = ""
		}
		provider.SortDiagnostics(ds)
		provider.Fold(ds)
		t.Diagnostics, t.Summary = ds, check.Summarize(ds)
	}
	return off
}
