package tool

import (
	"crypto/sha256"
	"regexp"
	"sync"
	"time"

	"github.com/dlclark/regexp2"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Matching a pattern that needs backtracking (lookaround, backreferences)
// can take exponential time. Each such match is bounded by
// patternMatchTimeout, and a run by a total budget; a value whose match
// ran out of either is "not evaluated", never "invalid".

// DefaultRegexBudget is the backtracking time one process (one check run)
// may spend on `pattern` matches of default and examples values: forty
// timed-out matches. Real schemas spend microseconds; a hostile one is
// cut off after this, and its remaining values are reported as not
// evaluated.
const DefaultRegexBudget = 10 * time.Second

// regexRun is the run's budget and its memo of (pattern, value) verdicts,
// shared by every tool checked in the process.
var regexRun = newRegexRunState(DefaultRegexBudget)

type matchVerdict uint8

const (
	verdictNoMatch matchVerdict = iota + 1
	verdictMatch
	verdictTimedOut
)

// maxMemoBytes bounds the memory of the memo (keys are hashes; this
// counts entries of 40-odd bytes).
const maxMemoEntries = 1 << 16

type regexRunState struct {
	mu      sync.Mutex
	left    time.Duration
	memo    map[[32]byte]matchVerdict
	matches int // backtracking matches actually run (for tests)
}

func newRegexRunState(budget time.Duration) *regexRunState {
	return &regexRunState{left: budget, memo: map[[32]byte]matchVerdict{}}
}

// SetRegexBudget replaces the run's budget and forgets the memo; it
// returns a function that restores the previous state. For tests and
// benchmarks.
func SetRegexBudget(d time.Duration) (restore func()) {
	old := regexRun
	regexRun = newRegexRunState(d)
	return func() { regexRun = old }
}

// BacktrackingMatches counts the matches run on the backtracking engine
// since the budget was last set (memo hits and linear matches are not
// counted).
func BacktrackingMatches() int {
	s := regexRun
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.matches
}

func memoKey(pattern, value string) [32]byte {
	h := sha256.New()
	h.Write([]byte(pattern))
	h.Write([]byte{0})
	h.Write([]byte(value))
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// match runs re on value within the budget, memoised.
func (s *regexRunState) match(pattern string, re *regexp2.Regexp, value string) matchVerdict {
	key := memoKey(pattern, value)
	s.mu.Lock()
	if v, ok := s.memo[key]; ok {
		s.mu.Unlock()
		return v
	}
	if s.left <= 0 {
		s.mu.Unlock()
		return verdictTimedOut
	}
	s.matches++
	s.mu.Unlock()

	start := time.Now()
	ok, err := re.MatchString(value)
	spent := time.Since(start)
	v := verdictNoMatch
	switch {
	case err != nil:
		v = verdictTimedOut
	case ok:
		v = verdictMatch
	}
	s.mu.Lock()
	s.left -= spent
	if len(s.memo) < maxMemoEntries {
		s.memo[key] = v
	}
	s.mu.Unlock()
	return v
}

// PatternScope evaluates the `pattern`s met while judging one value at a
// time: once a match cannot be completed (timeout or spent budget), the
// value is not evaluated, and its remaining matches are skipped.
type PatternScope struct {
	skipped bool
}

// Begin starts judging a new value.
func (p *PatternScope) Begin() { p.skipped = false }

// Skipped reports whether a match of the current value could not be
// completed: the validator's verdict on it means nothing.
func (p *PatternScope) Skipped() bool { return p.skipped }

// Engine is a jsonschema.RegexpEngine whose patterns report to p.
func (p *PatternScope) Engine() jsonschema.RegexpEngine {
	return func(pattern string) (jsonschema.Regexp, error) {
		re, err := compileECMA(pattern)
		if err != nil {
			return nil, err
		}
		return &scopedRegexp{pattern: pattern, re: re, linear: linearRegexp(pattern), scope: p}, nil
	}
}

type scopedRegexp struct {
	pattern string
	re      *regexp2.Regexp
	linear  *regexp.Regexp
	scope   *PatternScope
}

// MatchString answers true for a skipped match: it must not turn into a
// reason to reject the value (the caller asks Skipped and discards the
// verdict).
func (r *scopedRegexp) MatchString(s string) bool {
	if r.linear != nil {
		return r.linear.MatchString(s)
	}
	if r.scope.skipped {
		return true
	}
	switch regexRun.match(r.pattern, r.re, s) {
	case verdictMatch:
		return true
	case verdictNoMatch:
		return false
	}
	r.scope.skipped = true
	return true
}

func (r *scopedRegexp) String() string { return r.pattern }
