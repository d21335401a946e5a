package finding

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"
)

// Check thresholds (fail-on) and diff thresholds (breaking-fail-on).
const (
	FailOnError   = "error"
	FailOnLossy   = "lossy"
	FailOnWarning = "warning"
	FailOnNever   = "never"

	BreakingFailOnBreaking = "breaking"
	BreakingFailOnAny      = "any"
	BreakingFailOnNever    = "never"
)

// ValidFailOn reports whether s is a check threshold (--fail-on, fail-on):
//   - "error": any error (after `rules`);
//   - "warning": any error or warning;
//   - "lossy": any error that `compile` cannot fix without loss: one it
//     refuses (compile.supported false) or fixes by weakening the schema
//     (compile.lossy true);
//   - "never": nothing fails.
func ValidFailOn(s string) bool {
	switch s {
	case FailOnError, FailOnLossy, FailOnWarning, FailOnNever:
		return true
	}
	return false
}

// ValidBreakingFailOn reports whether s is a diff threshold (diff
// --fail-on, breaking-fail-on).
func ValidBreakingFailOn(s string) bool {
	switch s {
	case BreakingFailOnBreaking, BreakingFailOnAny, BreakingFailOnNever:
		return true
	}
	return false
}

// Today is the date accept entries are judged against (UTC): run's clock,
// which init's entries are dated by too; tests set it.
var Today = func() string { return time.Now().UTC().Format(time.DateOnly) }

// Accept is one config `accept` entry: findings of Code on Tool ("*": any
// tool) whose schema path is Path or under it ("" : any path) are
// accepted for Reason until the end of the day Until (YYYY-MM-DD, UTC).
type Accept struct {
	Tool, Code, Path string
	Reason           string
	Until            string
	// Where is "file:line" of the entry, for messages; File and Line are
	// the same place, for an annotation on the config file.
	Where string
	File  string
	Line  int
}

// matches reports whether the entry covers f. A path prefix ends at a
// segment boundary: `inputSchema.properties.a` covers
// `inputSchema.properties.a.type` and `...a[0]`, not `...ab`.
func (a *Accept) matches(f *Finding) bool {
	if f.Kind == KindLoad || a.Code != f.Code || (a.Tool != "*" && a.Tool != f.Tool) {
		return false
	}
	if a.Path == "" || a.Path == f.Path {
		return true
	}
	rest, ok := strings.CutPrefix(f.Path, a.Path)
	return ok && (strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, "["))
}

// Policy is everything that decides what a finding means for a run.
type Policy struct {
	// FailOn is the check threshold, BreakingFailOn the diff threshold.
	FailOn         string
	BreakingFailOn string
	// OnlyNew: a check finding the base also has is existing, never failing.
	OnlyNew bool
	Rules   *Rules
	Accept  []Accept
	// ApprovalLabel is the label that approves failing diff changes ("":
	// approval is off); Approved says the pull request carries it.
	ApprovalLabel string
	Approved      bool
	// Today is the date accept entries are judged against (YYYY-MM-DD).
	Today string
	// AllowTargetRegressions: a compile regression (KindTarget) is
	// reported without failing the run (fail-on-target-regression: false).
	AllowTargetRegressions bool
}

// Reason is one cause of a failing verdict.
type Reason struct {
	// Kind is "load", "breaking", "check" or "expired".
	Kind string
	// Count is how many findings (or accept entries) make up the reason.
	Count int
	// Text is the sentence for people: what, the threshold, the way out.
	Text string
}

// Counts are what the run found, per state and level. Level counts
// (Errors, Breaking, ...) count every finding that is not disabled, at
// its effective level; state counts count every finding.
type Counts struct {
	New      int `json:"new"`
	Existing int `json:"existing"`
	Accepted int `json:"accepted"`
	Approved int `json:"approved"`
	Disabled int `json:"disabled"`
	// BelowThreshold counts new findings that do not fail the run.
	BelowThreshold int `json:"belowThreshold"`
	// Failing counts the findings that fail the run.
	Failing int `json:"failing"`
	// Check findings by effective level; LoadErrors apart.
	Errors     int `json:"errors"`
	Warnings   int `json:"warnings"`
	Infos      int `json:"infos"`
	LoadErrors int `json:"loadErrors"`
	// Diff changes by effective classification.
	Breaking      int `json:"breaking"`
	NonBreaking   int `json:"nonBreaking"`
	Informational int `json:"informational"`
	// BreakingNew counts breaking changes that are neither approved nor
	// accepted.
	BreakingNew int `json:"breakingNew"`
	// TargetRegressions counts compile regressions (KindTarget), whatever
	// their state but disabled.
	TargetRegressions int `json:"targetRegressions,omitempty"`
}

// Result is the policy's verdict: every finding with its state, why the
// run fails (if it does), what it tolerated, and the exit status. Every
// output renders this and nothing else decides a level.
type Result struct {
	// Findings: load errors, then check findings, then diff changes, each
	// in its engine's order.
	Findings []Finding
	Reasons  []Reason
	// Warnings are problems with the policy itself that do not fail the
	// run (an accept entry that matches nothing).
	Warnings []string
	// Expired are the accept entries past their date (a reason of kind
	// "expired"); Unused the ones in force that matched nothing (each has
	// a warning).
	Expired, Unused []Accept
	Counts          Counts
	// Exit is 0 (pass), 1 (fail) or 2 (load errors: the input must be
	// fixed first).
	Exit   int
	Policy Policy
}

// Verdict is "pass", "fail" or "error" (exit 2).
func (r *Result) Verdict() string {
	switch r.Exit {
	case 0:
		return "pass"
	case 1:
		return "fail"
	}
	return "error"
}

// Apply runs the policy once over the head's findings. base holds the
// base's check findings (only read when p.OnlyNew).
func Apply(p Policy, head []Finding, base []Finding) *Result {
	var inBase *Fingerprints
	if p.OnlyNew {
		inBase = NewFingerprints(len(base))
		for i := range base {
			if base[i].Kind == KindCheck {
				inBase.Add(base[i].Fingerprint)
			}
		}
	}
	a := NewApplier(p, inBase)
	for i := range head {
		a.Apply(&head[i])
	}
	res := a.Result()
	res.Findings = head
	return res
}

// Fingerprints is a multiset of finding fingerprints: the base's check
// findings, for only-new. It holds the 16 bytes a fingerprint stands for,
// not its text, so that the base's million findings cost tens of
// megabytes.
type Fingerprints struct {
	m map[[16]byte]int32
}

// NewFingerprints makes an empty set with room for about n.
func NewFingerprints(n int) *Fingerprints {
	return &Fingerprints{m: make(map[[16]byte]int32, n)}
}

func fingerprintKey(fp string) [16]byte {
	var k [16]byte
	if _, err := hex.Decode(k[:], []byte(fp)); err != nil || len(fp) != 2*len(k) {
		// Not one of ours (never, in practice): any fixed hash keeps it
		// apart from the others.
		sum := sha256.Sum256([]byte(fp))
		copy(k[:], sum[:])
	}
	return k
}

// Add counts fp once more.
func (s *Fingerprints) Add(fp string) { s.m[fingerprintKey(fp)]++ }

// Remove counts fp once less (never below zero).
func (s *Fingerprints) Remove(fp string) {
	k := fingerprintKey(fp)
	if s.m[k] > 1 {
		s.m[k]--
	} else {
		delete(s.m, k)
	}
}

// take counts fp once less and reports whether it was there.
func (s *Fingerprints) take(fp string) bool {
	if s == nil {
		return false
	}
	k := fingerprintKey(fp)
	n := s.m[k]
	if n == 0 {
		return false
	}
	if n == 1 {
		delete(s.m, k)
	} else {
		s.m[k] = n - 1
	}
	return true
}

// Len is how many fingerprints the set holds, each as often as added.
func (s *Fingerprints) Len() int {
	n := 0
	for _, c := range s.m {
		n += int(c)
	}
	return n
}

// Applier is Apply one finding at a time, for a run that streams its
// findings instead of holding them: Apply each finding in Apply's order
// (load errors, check findings, diff changes, each in its engine's
// order), then Result. The outcome is Apply's, finding for finding.
type Applier struct {
	res     *Result
	inBase  *Fingerprints
	used    []bool
	expired []bool
	// The failing findings by kind, for the reasons.
	load, diffs, checkErr, checkWarn, targets int
}

// NewApplier starts applying p; inBase holds the base's check findings
// (only read when p.OnlyNew; nil: none). The applier consumes inBase.
func NewApplier(p Policy, inBase *Fingerprints) *Applier {
	a := &Applier{res: &Result{Policy: p}, used: make([]bool, len(p.Accept)), expired: make([]bool, len(p.Accept))}
	if p.OnlyNew {
		a.inBase = inBase
	}
	for i, e := range p.Accept {
		a.expired[i] = p.Today != "" && e.Until < p.Today
	}
	return a
}

// Apply decides f's level, state and whether it fails, and counts it.
func (a *Applier) Apply(f *Finding) { a.apply(f, false) }

// AddBase adds the fingerprints of findings the base has that no tool's
// check gives (a budget's), for only-new; nothing without only-new.
func (a *Applier) AddBase(base []Finding) {
	if a.inBase == nil {
		return
	}
	for i := range base {
		base[i].Complete()
		a.inBase.Add(base[i].Fingerprint)
	}
}

// ApplyInBase is Apply for a check finding the caller knows the base has
// too, one for one (the same tool, checked once for both sides), without
// looking its fingerprint up: with only-new it is existing unless a rule
// or an accept entry decides first, exactly as the lookup would have it.
func (a *Applier) ApplyInBase(f *Finding) { a.apply(f, true) }

func (a *Applier) apply(f *Finding, inBase bool) {
	p := &a.res.Policy
	c := &a.res.Counts
	f.Level, f.State, f.Reason, f.Fails = f.DefaultLevel, StateNew, "", false
	f.AcceptedBy, f.AcceptedUntil = "", ""
	if s, ok := p.Rules.lookup(f); ok {
		if s.Level == LevelOff {
			f.State, f.Reason = StateDisabled, "turned off by the rule `"+s.Key+"` ("+s.Where+")"
		} else {
			f.Level = s.Level
		}
	}
	if f.State == StateNew {
		for k := range p.Accept {
			if a.expired[k] || !p.Accept[k].matches(f) {
				continue
			}
			a.used[k] = true
			f.State, f.Reason, f.AcceptedBy, f.AcceptedUntil = StateAccepted, p.Accept[k].Reason, p.Accept[k].Where, p.Accept[k].Until
			break
		}
	}
	if f.State == StateNew && f.Kind == KindCheck && p.OnlyNew && (inBase || a.inBase != nil && a.take(f)) {
		f.State = StateExisting
	}
	fails := p.meets(f)
	if f.State == StateNew && fails && (f.Kind == KindDiff || f.Kind == KindTarget) && p.Approved && p.ApprovalLabel != "" {
		f.State, f.Reason = StateApproved, "approved by the label "+p.ApprovalLabel
	}
	f.Fails = f.State == StateNew && fails
	if f.Fails {
		switch f.Kind {
		case KindLoad:
			a.load++
		case KindDiff:
			a.diffs++
		case KindTarget:
			a.targets++
		case KindCheck:
			if f.Level == LevelError {
				a.checkErr++
			} else {
				a.checkWarn++
			}
		}
	}

	switch f.State {
	case StateNew:
		c.New++
		if f.Fails {
			c.Failing++
		} else {
			c.BelowThreshold++
		}
	case StateExisting:
		c.Existing++
	case StateAccepted:
		c.Accepted++
	case StateApproved:
		c.Approved++
	case StateDisabled:
		c.Disabled++
		return
	}
	switch f.Kind {
	case KindLoad:
		c.LoadErrors++
	case KindCheck:
		switch f.Level {
		case LevelError:
			c.Errors++
		case LevelWarning:
			c.Warnings++
		default:
			c.Infos++
		}
	case KindTarget:
		c.TargetRegressions++
	case KindDiff:
		switch f.Classification() {
		case "breaking":
			c.Breaking++
			if f.State == StateNew {
				c.BreakingNew++
			}
		case "non-breaking":
			c.NonBreaking++
		default:
			c.Informational++
		}
	}
}

// take reports whether the base has f, once more than it was taken.
func (a *Applier) take(f *Finding) bool {
	f.Complete()
	return a.inBase.take(f.Fingerprint)
}

// Result is the verdict on the findings applied so far: counts, reasons,
// warnings and exit status. Its Findings are nil: the caller holds (or
// has dropped) them.
func (a *Applier) Result() *Result {
	a.res.reasons(a.expired, a.used, a.load, a.diffs, a.checkErr, a.checkWarn)
	a.res.targetReason(a.targets)
	return a.res
}

// meets reports whether f reaches its threshold (state aside).
func (p *Policy) meets(f *Finding) bool {
	switch f.Kind {
	case KindLoad:
		return true
	case KindCheck:
		switch p.FailOn {
		case FailOnNever:
			return false
		case FailOnWarning:
			return f.Level == LevelError || f.Level == LevelWarning
		case FailOnLossy:
			// After `rules`, as every threshold: a lossy error demoted
			// to a warning no longer fails.
			return f.Level == LevelError && f.Lossy
		}
		return f.Level == LevelError
	case KindDiff:
		switch p.BreakingFailOn {
		case BreakingFailOnAny:
			return true
		case BreakingFailOnBreaking:
			return f.Level == LevelError
		}
	case KindTarget:
		// A level a rule lowered below error does not fail, as a check
		// finding's does not.
		return !p.AllowTargetRegressions && f.Level == LevelError
	}
	return false
}

// reasons fills Reasons, Warnings and Exit.
func (r *Result) reasons(expired, used []bool, load, diffs, checkErr, checkWarn int) {
	p := &r.Policy
	if load > 0 {
		r.Reasons = append(r.Reasons, Reason{Kind: "load", Count: load, Text: "Failed: " + plural(load, "input error") +
			" (a file that does not load cannot be checked). Fix the files named in the report; the tools that loaded were still checked."})
	}
	if diffs > 0 {
		what := plural(diffs, "breaking change") + " not approved"
		if p.BreakingFailOn == BreakingFailOnAny {
			what = plural(diffs, "change") + " not approved"
		}
		it := "them"
		if diffs == 1 {
			it = "it"
		}
		way := "To accept " + it + ", add the label " + p.ApprovalLabel + " or an accept entry."
		if p.ApprovalLabel == "" {
			way = "To accept " + it + ", add an accept entry (approval by label is off: allow-breaking-label is empty)."
		}
		r.Reasons = append(r.Reasons, Reason{Kind: "breaking", Count: diffs,
			Text: "Failed: " + what + " (breaking-fail-on: " + p.BreakingFailOn + "). " + way})
	}
	if n := checkErr + checkWarn; n > 0 {
		adj := ""
		if p.OnlyNew {
			adj = "new "
		}
		var parts []string
		if checkErr > 0 {
			parts = append(parts, plural(checkErr, adj+"error"))
		}
		if checkWarn > 0 {
			parts = append(parts, plural(checkWarn, adj+"warning"))
		}
		r.Reasons = append(r.Reasons, Reason{Kind: "check", Count: n,
			Text: "Failed: " + strings.Join(parts, " and ") + " (fail-on: " + p.FailOn + "). Fix them, or set the code's level in `rules`, or add an accept entry with a reason and an end date."})
	}
	var exp []string
	for i, a := range p.Accept {
		if expired[i] {
			r.Expired = append(r.Expired, a)
			exp = append(exp, "the accept entry for "+a.Code+" on "+a.Tool+" ("+a.Where+") expired on "+a.Until)
		}
	}
	if len(exp) > 0 {
		r.Reasons = append(r.Reasons, Reason{Kind: "expired", Count: len(exp),
			Text: "Failed: " + strings.Join(exp, "; ") + ". Fix what it accepted and remove the entry, or give it a new `until` date."})
	}
	for i, a := range p.Accept {
		if !used[i] && !expired[i] {
			r.Unused = append(r.Unused, a)
			r.Warnings = append(r.Warnings, "The accept entry for "+a.Code+" on "+a.Tool+" ("+a.Where+") matches no finding; remove it.")
		}
	}
	switch {
	case load > 0:
		r.Exit = 2
	case len(r.Reasons) > 0:
		r.Exit = 1
	}
}

// Lines are the verdict for people: one line per reason on a failing run;
// on a passing run one line saying what it tolerated.
func (r *Result) Lines() []string {
	if len(r.Reasons) > 0 {
		out := make([]string, len(r.Reasons))
		for i, x := range r.Reasons {
			out[i] = x.Text
		}
		return out
	}
	return []string{"Passed" + r.Tolerated() + "."}
}

// Tolerated says what did not fail the run although it was found:
// ": tolerated 3 existing, 1 accepted …", or "" when nothing was.
func (r *Result) Tolerated() string {
	c := r.Counts
	var parts []string
	for _, x := range []struct {
		n    int
		what string
	}{
		{c.Existing, "existing on the base"},
		{c.Accepted, "accepted in the config"},
		{c.Approved, "approved by the label"},
		{c.Disabled, "turned off by rules"},
		{c.BelowThreshold, "below the thresholds"},
	} {
		if x.n > 0 {
			parts = append(parts, strconv.Itoa(x.n)+" "+x.what)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return ": tolerated " + strings.Join(parts, ", ")
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
