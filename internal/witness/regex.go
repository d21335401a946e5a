package witness

import (
	"regexp/syntax"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/tool"
)

// Strings for `pattern`: a JavaScript pattern without lookaround or
// backreferences describes a regular language (tool.RegularPattern gives
// its syntax tree, with JavaScript's meaning of `.` and `\s`), so the
// strings it matches, or that one pattern matches and another does not,
// can be found by a breadth-first walk of the patterns' automata run side
// by side: the first strings found are the shortest, and a walk that
// visits every state without finding one proves there is none. The
// validator still judges every call built from them.

// Bounds on one walk, so a hostile pattern costs a bounded amount.
const (
	maxProgInsts  = 20000 // instructions of one compiled pattern
	maxClasses    = 512   // character classes of the alphabet
	maxExpansions = 4000  // states taken off the queue, per walk
)

// compilePattern compiles a JavaScript pattern for the walk; nil when it
// is not regular (lookaround, backreferences) or too large.
func compilePattern(p string) *syntax.Prog {
	re, ok := tool.RegularPattern(p)
	if !ok || regexSize(re) > maxProgInsts {
		return nil
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil || len(prog.Inst) > maxProgInsts {
		return nil
	}
	for _, in := range prog.Inst {
		if in.Op == syntax.InstRune && syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
			return nil // JavaScript without flags has no case folding
		}
	}
	return prog
}

// regexSize estimates the instructions re compiles to (repetitions
// expanded), saturating well above maxProgInsts.
func regexSize(re *syntax.Regexp) int {
	n := 1
	for _, s := range re.Sub {
		n += regexSize(s)
	}
	if re.Op == syntax.OpRepeat {
		times := max(re.Min, re.Max, 1)
		n = min(n*times, 10*maxProgInsts)
	}
	return min(n, 10*maxProgInsts)
}

// runSet is a set of instruction indexes of one program (sorted when
// used as a key).
type runSet []uint32

// closure adds pc and every instruction reachable from it without
// consuming a character (under the empty-width context ctx) to set;
// matched reports whether a Match instruction was reached.
func closure(prog *syntax.Prog, pc uint32, ctx syntax.EmptyOp, seen []uint32, stamp uint32, set *runSet, matched *bool) {
	// An explicit stack: a long pattern must not exhaust the call stack.
	stack := []uint32{pc}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] == stamp {
			continue
		}
		seen[pc] = stamp
		in := &prog.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, in.Arg, in.Out)
		case syntax.InstCapture, syntax.InstNop:
			stack = append(stack, in.Out)
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^ctx == 0 {
				stack = append(stack, in.Out)
			}
		case syntax.InstMatch:
			*matched = true
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			*set = append(*set, pc)
		}
	}
}

// alphabet splits the characters into classes every program treats
// alike (and alike for word boundaries and line ends), one readable
// representative each, most readable first; nil when there are too many.
func alphabet(progs []*syntax.Prog) []rune {
	cuts := map[rune]bool{0: true, '\n': true, '\n' + 1: true, '0': true, '9' + 1: true, 'A': true, 'Z' + 1: true,
		'_': true, '_' + 1: true, 'a': true, 'z' + 1: true, 0xD800: true, 0xE000: true, utf8.MaxRune + 1: true}
	for _, prog := range progs {
		for _, in := range prog.Inst {
			switch in.Op {
			case syntax.InstRune1:
				cuts[in.Rune[0]], cuts[in.Rune[0]+1] = true, true
			case syntax.InstRune:
				if len(in.Rune) == 1 {
					cuts[in.Rune[0]], cuts[in.Rune[0]+1] = true, true
					continue
				}
				for i := 0; i+1 < len(in.Rune); i += 2 {
					cuts[in.Rune[i]], cuts[in.Rune[i+1]+1] = true, true
				}
			}
		}
		if len(cuts) > 2*maxClasses {
			return nil
		}
	}
	bounds := make([]rune, 0, len(cuts))
	for c := range cuts {
		bounds = append(bounds, c)
	}
	sort.Slice(bounds, func(i, j int) bool { return bounds[i] < bounds[j] })
	var reps []rune
	for i := 0; i+1 < len(bounds); i++ {
		lo, hi := bounds[i], bounds[i+1]-1
		if lo >= 0xD800 && hi < 0xE000 {
			continue // surrogates are no characters of a JSON string
		}
		reps = append(reps, representative(lo, hi))
	}
	sort.SliceStable(reps, func(i, j int) bool { return readability(reps[i]) < readability(reps[j]) })
	return reps
}

// representative picks a readable character in [lo, hi].
func representative(lo, hi rune) rune {
	for _, want := range "aA0_- .@" {
		if lo <= want && want <= hi {
			return want
		}
	}
	if lo < '!' && hi >= '!' && hi < 0x7F {
		return '!'
	}
	if lo <= 0xA0 && hi >= 0xA1 {
		return max(lo, 0xA1)
	}
	return lo
}

// readability orders representatives: letters, digits, punctuation, other
// characters, control characters last.
func readability(r rune) int {
	switch {
	case r >= 'a' && r <= 'z':
		return 0
	case r >= '0' && r <= '9':
		return 1
	case r >= 'A' && r <= 'Z':
		return 2
	case r == '_' || r == '-':
		return 3
	case r > ' ' && r < 0x7F:
		return 4
	case r == ' ' || r == '\t' || r == '\n':
		return 5
	case r > 0xA0:
		return 6
	}
	return 7
}

// contextKind reduces the previous character to what empty-width
// assertions read of it: start of text, newline, word character, other.
func contextKind(r rune) rune {
	switch {
	case r < 0:
		return -1
	case r == '\n':
		return '\n'
	case syntax.IsWordChar(r):
		return 'a'
	}
	return '!'
}

// patternWalk finds strings that every pattern of yes matches and no
// pattern of no matches (as `pattern` matches: somewhere in the string),
// with at least minLen and at most maxLen characters (maxLen < 0: no
// limit). It returns up to n of them, shortest first; complete is true
// when the walk ended by visiting every state it could reach, so that,
// without a length limit, no further such string exists.
func patternWalk(yes, no []*syntax.Prog, minLen, maxLen, n int) (found []string, complete bool) {
	progs := append(append([]*syntax.Prog(nil), yes...), no...)
	if len(progs) == 0 || n <= 0 {
		return nil, false
	}
	reps := alphabet(progs)
	if reps == nil {
		return nil, false
	}
	type state struct {
		prev    rune
		length  int // characters so far, counted up to minLen
		pending []runSet
		matched []bool
		text    []rune
	}
	key := func(s *state) string {
		var b strings.Builder
		b.WriteString(strconv.Itoa(int(s.prev)))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(min(s.length, minLen)))
		for i, set := range s.pending {
			b.WriteByte('|')
			if s.matched[i] {
				b.WriteByte('m')
			}
			for _, pc := range set {
				b.WriteByte(',')
				b.WriteString(strconv.FormatUint(uint64(pc), 36))
			}
		}
		return b.String()
	}
	// seen[i][pc] == stamp: visited in this closure (a new stamp per
	// closure instead of clearing the array).
	seen := make([][]uint32, len(progs))
	for i, p := range progs {
		seen[i] = make([]uint32, len(p.Inst))
	}
	var stamp uint32
	// advance runs every program over one position: the threads pending
	// there and a new match attempt from it, under the context of prev
	// and next (-1: the end). It returns the instructions that wait for a
	// character and whether each program has matched by now.
	advance := func(s *state, next rune) ([]runSet, []bool) {
		ctx := syntax.EmptyOpContext(s.prev, next)
		sets := make([]runSet, len(progs))
		matched := append([]bool(nil), s.matched...)
		stamp++
		for i, p := range progs {
			for _, pc := range s.pending[i] {
				closure(p, pc, ctx, seen[i], stamp, &sets[i], &matched[i])
			}
			closure(p, uint32(p.Start), ctx, seen[i], stamp, &sets[i], &matched[i])
		}
		return sets, matched
	}
	ok := func(matched []bool) bool {
		for i := range progs {
			if matched[i] != (i < len(yes)) {
				return false
			}
		}
		return true
	}
	// dead: a program of no has matched; no continuation undoes that.
	dead := func(matched []bool) bool {
		for i := len(yes); i < len(progs); i++ {
			if matched[i] {
				return true
			}
		}
		return false
	}
	start := &state{prev: -1, pending: make([]runSet, len(progs)), matched: make([]bool, len(progs))}
	queue := []*state{start}
	visits := map[string]int{key(start): 1}
	expansions := 0
	complete = true
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if expansions++; expansions > maxExpansions {
			return found, false
		}
		if _, matched := advance(s, -1); s.length >= minLen && ok(matched) {
			found = append(found, string(s.text))
			if len(found) >= n {
				return found, false
			}
		}
		if maxLen >= 0 && len(s.text) >= maxLen {
			complete = false
			continue
		}
		for _, r := range reps {
			sets, matched := advance(s, r)
			if dead(matched) {
				continue
			}
			next := &state{prev: contextKind(r), length: min(s.length+1, minLen), matched: matched, pending: make([]runSet, len(progs))}
			for i, p := range progs {
				for _, pc := range sets[i] {
					if p.Inst[pc].MatchRune(r) {
						next.pending[i] = append(next.pending[i], p.Inst[pc].Out)
					}
				}
				set := next.pending[i]
				sort.Slice(set, func(a, b int) bool { return set[a] < set[b] })
				next.pending[i] = dedupe(set)
			}
			k := key(next)
			// A state is taken up to n times: n strings may all lead
			// through it, each along a different path.
			if visits[k] >= n {
				continue
			}
			visits[k]++
			next.text = append(append(make([]rune, 0, len(s.text)+1), s.text...), r)
			queue = append(queue, next)
		}
	}
	return found, complete && len(found) < n
}

func dedupe(s runSet) runSet {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// patternStrings returns up to n strings pattern matches with a length in
// [minLen, maxLen] (maxLen < 0: any), shortest first.
func patternStrings(pattern string, minLen, maxLen, n int) []string {
	return separatingStrings([]string{pattern}, nil, minLen, maxLen, n)
}

// walks remembers the strings found per question: a run asks the same
// ones for every change of a tool and every tool sharing a pattern.
var walks struct {
	sync.Mutex
	m map[string][]string
}

const rememberedWalks = 1024

// separatingStrings returns up to n strings that match every pattern of
// yes and no pattern of no, with a length in [minLen, maxLen].
func separatingStrings(yes, no []string, minLen, maxLen, n int) []string {
	key := strings.Join(yes, "\x00") + "\x01" + strings.Join(no, "\x00") + "\x01" +
		strconv.Itoa(minLen) + "," + strconv.Itoa(maxLen) + "," + strconv.Itoa(n)
	walks.Lock()
	found, ok := walks.m[key]
	walks.Unlock()
	if ok {
		return found
	}
	found = walkStrings(yes, no, minLen, maxLen, n)
	walks.Lock()
	if walks.m == nil {
		walks.m = map[string][]string{}
	}
	if len(walks.m) < rememberedWalks {
		walks.m[key] = found
	}
	walks.Unlock()
	return found
}

func walkStrings(yes, no []string, minLen, maxLen, n int) []string {
	var yp, np []*syntax.Prog
	for _, list := range [2]struct {
		src []string
		dst *[]*syntax.Prog
	}{{yes, &yp}, {no, &np}} {
		for _, p := range list.src {
			prog := compilePattern(p)
			if prog == nil {
				if len(yes) == 1 && len(no) == 0 {
					return guessStrings(yes[0], minLen, maxLen, n)
				}
				return nil
			}
			*list.dst = append(*list.dst, prog)
		}
	}
	found, _ := patternWalk(yp, np, minLen, maxLen, n)
	return found
}

// PatternWidened reports whether the new pattern is proven to match every
// string the old one matches (so a change from old to new rejects no
// string): the walk for a string old matches and new does not visited
// every state without finding one. False when that is not so or cannot
// be decided (lookaround, backreferences, a walk too large).
func PatternWidened(old, new string) bool {
	op, np := compilePattern(old), compilePattern(new)
	if op == nil || np == nil {
		return false
	}
	found, complete := patternWalk([]*syntax.Prog{op}, []*syntax.Prog{np}, 0, -1, 1)
	return len(found) == 0 && complete
}

// guessUnits are what guessStrings repeats: the character classes that
// patterns the walk cannot follow (lookahead rules such as "at least one
// digit", backreferences) most often ask for, alone and mixed.
var guessUnits = []string{"a", "a1", "aA1", "aA1_", "aA1-", "aA1!", "1", "A", "A1", "a-1", "a_1", "a.1", "aA1@"}

// guessStrings returns up to n strings that the ECMAScript engine says
// pattern matches, with a length in [minLen, maxLen] (maxLen < 0: any),
// from a few plain guesses: for a pattern the walk cannot follow
// (lookaround, backreferences), where a call with no matching string at
// all would leave every change of the tool without an example.
func guessStrings(pattern string, minLen, maxLen, n int) []string {
	var lens []int
	for _, l := range []int{minLen, 8, 12, 16, 32, minLen + 1} {
		if l >= max(minLen, 1) && (maxLen < 0 || l <= maxLen) && l <= maxString && !slices.Contains(lens, l) {
			lens = append(lens, l)
		}
	}
	var out []string
	for _, l := range lens {
		for _, u := range guessUnits {
			s := strings.Repeat(u, l/len(u)+1)[:l]
			if matched, decided := tool.MatchECMA(pattern, s); matched && decided && !slices.Contains(out, s) {
				out = append(out, s)
				if len(out) == n {
					return out
				}
			}
		}
	}
	return out
}
