package tool

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf16"

	"github.com/dlclark/regexp2"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// JSON Schema says `pattern` is an ECMA-262 regular expression. Go's RE2
// rejects valid ones (lookahead, backreferences) and accepts invalid ones
// ((?i), (?P<n>…)), so validity is decided here in two steps:
//
//  1. jsPatternError parses the pattern with the grammar JavaScript uses for
//     `new RegExp(p)` without flags (ECMA-262 Annex B, no `u`/`v` flag, as in
//     Node 20). This is the authority on "is it valid".
//  2. regexp2 in ECMAScript mode must also compile it, because regexp2 is
//     the engine that later evaluates the pattern against values. regexp2 on
//     its own is too lenient to be the validity test: it accepts .NET-only
//     syntax such as (?i), (?#…), (?>…), (?'n'…), duplicate group names and
//     quantified lookbehinds, all of which JavaScript rejects. It also
//     rejects a few constructs JavaScript allows ([a-\d], `$` in a group
//     name, [\c], counts beyond int32); those are reported as patterns we
//     cannot evaluate rather than silently accepted.

// patternMatchTimeout bounds one match of a schema pattern against a value,
// so that a catastrophic-backtracking pattern cannot hang a check.
const patternMatchTimeout = 250 * time.Millisecond

// maxPatternNesting bounds group nesting in a pattern so that a hostile
// pattern cannot exhaust the stack of the recursive parser.
const maxPatternNesting = 1000

// ecmaRegexp adapts regexp2 to jsonschema.Regexp; linear, when set, is the
// same pattern on Go's regexp (see regex_linear.go).
type ecmaRegexp struct {
	re     *regexp2.Regexp
	linear *regexp.Regexp
}

// MatchString reports whether s contains a match. A match that exceeds the
// timeout counts as no match, so the value is reported as not matching
// rather than the check hanging. (Values of defaults and examples are
// judged through PatternScope instead, where a timeout is "not evaluated".)
func (r ecmaRegexp) MatchString(s string) bool {
	if r.linear != nil {
		return r.linear.MatchString(s)
	}
	ok, err := r.re.MatchString(s)
	return err == nil && ok
}

func (r ecmaRegexp) String() string { return r.re.String() }

// MatchECMA matches s against pattern with ECMA-262 semantics; decided is
// false when the pattern does not compile or the match ran out of time,
// for a caller that must not take "no match" for an answer then (the
// diff's exact decisions).
func MatchECMA(pattern, s string) (matched, decided bool) {
	re, err := compileECMA(pattern)
	if err != nil {
		return false, false
	}
	if l := linearRegexp(pattern); l != nil {
		return l.MatchString(s), true
	}
	ok, err := re.MatchString(s)
	return ok, err == nil
}

// ECMARegexpEngine compiles pattern with ECMA-262 semantics (see the
// comment above) and a match timeout. It has the shape of
// jsonschema.RegexpEngine so validators built elsewhere judge `pattern` and
// `patternProperties` the way the loader does.
func ECMARegexpEngine(pattern string) (jsonschema.Regexp, error) {
	re, err := compileECMA(pattern)
	if err != nil {
		return nil, err
	}
	return ecmaRegexp{re: re, linear: linearRegexp(pattern)}, nil
}

// PatternError is why a pattern is rejected.
type PatternError struct {
	Pattern string
	Reason  string
	// Unsupported is true when JavaScript accepts the pattern but the
	// evaluating engine cannot run it.
	Unsupported bool
}

func (e *PatternError) Error() string {
	if e.Unsupported {
		return "pattern " + codeSpan(e.Pattern) + " is valid ECMAScript but cannot be evaluated: " + e.Reason
	}
	return "pattern " + codeSpan(e.Pattern) + " is not a valid ECMAScript regular expression: " + e.Reason
}

// compileECMA validates and compiles pattern.
func compileECMA(pattern string) (*regexp2.Regexp, error) {
	if reason, tooDeep := jsPatternCheck(pattern); reason != "" {
		// Nesting past our parser's bound is valid JavaScript that we
		// decline to evaluate, not an invalid pattern.
		return nil, &PatternError{Pattern: strings.Clone(pattern), Reason: reason, Unsupported: tooDeep}
	}
	re, err := regexp2.Compile(translateForRegexp2(pattern), regexp2.ECMAScript)
	if err != nil {
		reason := strings.TrimPrefix(err.Error(), "error parsing regexp: ")
		if i := strings.LastIndex(reason, " in `"); i >= 0 {
			reason = reason[:i]
		}
		return nil, &PatternError{Pattern: strings.Clone(pattern), Reason: reason, Unsupported: true}
	}
	re.MatchTimeout = patternMatchTimeout
	return re, nil
}

// translateForRegexp2 rewrites the two JavaScript class forms regexp2 reads
// differently: `[]` matches nothing and `[^]` matches any character.
func translateForRegexp2(p string) string {
	if !strings.Contains(p, "[]") && !strings.Contains(p, "[^]") {
		return p
	}
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p):
			b.WriteByte(c)
			b.WriteByte(p[i+1])
			i++
			continue
		case !inClass && strings.HasPrefix(p[i:], "[]"):
			b.WriteString("(?!)")
			i++
			continue
		case !inClass && strings.HasPrefix(p[i:], "[^]"):
			b.WriteString(`[\s\S]`)
			i += 2
			continue
		case !inClass && c == '[':
			inClass = true
		case inClass && c == ']':
			inClass = false
		}
		b.WriteByte(c)
	}
	return b.String()
}

// patternVerdicts caches pattern validity: a corpus repeats a few patterns
// many times, and compiling is the expensive part.
var patternVerdicts struct {
	sync.Mutex
	m map[string]error
}

const maxCachedPatterns = 4096

// checkPattern returns nil when pattern is valid ECMA-262 that the
// evaluating engine can run, else a *PatternError.
func checkPattern(pattern string) error {
	patternVerdicts.Lock()
	err, ok := patternVerdicts.m[pattern]
	patternVerdicts.Unlock()
	if ok {
		return err
	}
	_, err = compileECMA(pattern)
	patternVerdicts.Lock()
	if patternVerdicts.m == nil {
		patternVerdicts.m = make(map[string]error)
	}
	if len(patternVerdicts.m) < maxCachedPatterns {
		// Clone: the pattern may share memory with a whole source file.
		patternVerdicts.m[strings.Clone(pattern)] = err
	}
	patternVerdicts.Unlock()
	return err
}

// jsPatternError returns why `new RegExp(pattern)` (no flags) throws in
// JavaScript, or "" when it does not.
func jsPatternError(pattern string) string {
	reason, _ := jsPatternCheck(pattern)
	return reason
}

// jsPatternCheck is jsPatternError that also says whether the pattern was
// refused only because its groups nest deeper than maxPatternNesting.
func jsPatternCheck(pattern string) (reason string, tooDeep bool) {
	p := &jsPattern{src: utf16.Encode([]rune(pattern))}
	p.prescan()
	if reason := p.disjunction(0); reason != "" {
		return reason, p.tooDeep
	}
	return p.finish(), false
}

// finish applies the checks that need the whole pattern parsed.
func (p *jsPattern) finish() string {
	if p.pos < len(p.src) {
		// disjunction only stops early at a ')' with no open group.
		return "unmatched `)`"
	}
	for _, name := range p.refNames {
		if !p.names[name] {
			return "`\\k<" + name + ">` refers to a group that does not exist"
		}
	}
	return ""
}

// jsPattern is a parser over the pattern's UTF-16 code units, as
// JavaScript sees them without the `u` flag.
type jsPattern struct {
	src      []uint16
	pos      int
	groups   int             // capturing groups in the whole pattern
	hasNames bool            // any named group: turns on `\k<name>` parsing
	names    map[string]bool // group names seen so far
	refNames []string        // `\k<name>` references, checked at the end
	tooDeep  bool            // stopped at maxPatternNesting
}

func (p *jsPattern) more() bool { return p.pos < len(p.src) }

func (p *jsPattern) peek() rune { return p.at(p.pos) }

func (p *jsPattern) at(i int) rune {
	if i < len(p.src) {
		return rune(p.src[i])
	}
	return -1
}

// prescan counts capturing groups and notes named groups, which change how
// `\1` and `\k` parse anywhere in the pattern (as in JavaScript).
func (p *jsPattern) prescan() {
	inClass := false
	for i := 0; i < len(p.src); i++ {
		switch c := p.src[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
		case c == '(':
			if p.at(i+1) != '?' {
				p.groups++
			} else if p.at(i+2) == '<' && p.at(i+3) != '=' && p.at(i+3) != '!' {
				p.groups++
				p.hasNames = true
			}
		}
	}
}

func (p *jsPattern) disjunction(depth int) string {
	if depth > maxPatternNesting {
		p.tooDeep = true
		return "its groups nest more than " + strconv.Itoa(maxPatternNesting) + " levels deep"
	}
	for {
		if reason := p.alternative(depth); reason != "" {
			return reason
		}
		if p.peek() != '|' {
			return ""
		}
		p.pos++
	}
}

func (p *jsPattern) alternative(depth int) string {
	for p.more() {
		c := p.peek()
		if c == '|' || c == ')' {
			return ""
		}
		if reason := p.term(depth); reason != "" {
			return reason
		}
	}
	return ""
}

// term parses one assertion or atom with its optional quantifier.
func (p *jsPattern) term(depth int) string {
	start := p.pos
	quantifiable := true
	switch c := p.peek(); c {
	case '^', '$':
		p.pos++
		quantifiable = false
	case '\\':
		if n := p.at(p.pos + 1); n == 'b' || n == 'B' {
			p.pos += 2
			quantifiable = false
			break
		}
		if reason := p.atomEscape(); reason != "" {
			return reason
		}
	case '(':
		var reason string
		quantifiable, reason = p.group(depth)
		if reason != "" {
			return reason
		}
	case '[':
		if reason := p.class(); reason != "" {
			return reason
		}
	case '*', '+', '?':
		return "nothing to repeat at position " + strconv.Itoa(start)
	case '{':
		if _, ok := p.bracedQuantifier(p.pos); ok {
			return "nothing to repeat at position " + strconv.Itoa(start)
		}
		p.pos++ // Annex B: a `{` that is not a quantifier is a literal
	default:
		p.pos++ // any other character, `]` and `}` included, is a literal
	}
	return p.quantifier(quantifiable, start)
}

// quantifier parses an optional quantifier after the term that began at
// start.
func (p *jsPattern) quantifier(quantifiable bool, start int) string {
	switch c := p.peek(); c {
	case '*', '+', '?':
		if !quantifiable {
			return "nothing to repeat at position " + strconv.Itoa(p.pos)
		}
		p.pos++
	case '{':
		end, ok := p.bracedQuantifier(p.pos)
		if !ok {
			return ""
		}
		if !quantifiable {
			return "nothing to repeat at position " + strconv.Itoa(p.pos)
		}
		if reason := p.checkBounds(p.pos, end); reason != "" {
			return reason
		}
		p.pos = end
	default:
		return ""
	}
	if p.peek() == '?' { // lazy
		p.pos++
	}
	return ""
}

// bracedQuantifier reports whether {n}, {n,} or {n,m} starts at i, and the
// offset just past it.
func (p *jsPattern) bracedQuantifier(i int) (int, bool) {
	if p.at(i) != '{' {
		return 0, false
	}
	j := i + 1
	digits := func() bool {
		k := j
		for isDigit(p.at(j)) {
			j++
		}
		return j > k
	}
	if !digits() {
		return 0, false
	}
	if p.at(j) == ',' {
		j++
		digits()
	}
	if p.at(j) != '}' {
		return 0, false
	}
	return j + 1, true
}

// checkBounds rejects {n,m} with n > m, comparing the decimal texts so that
// huge counts need no integer parsing.
func (p *jsPattern) checkBounds(start, end int) string {
	body := string(utf16.Decode(p.src[start+1 : end-1]))
	lo, hi, found := strings.Cut(body, ",")
	if !found || hi == "" {
		return ""
	}
	if compareDecimalText(lo, hi) > 0 {
		return "numbers out of order in `{" + body + "}` quantifier"
	}
	return ""
}

func compareDecimalText(a, b string) int {
	a = strings.TrimLeft(a, "0")
	b = strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

// group parses a parenthesised group; the result says whether a quantifier
// may follow it (lookbehinds may not; lookaheads may, per Annex B).
func (p *jsPattern) group(depth int) (quantifiable bool, reason string) {
	open := p.pos
	p.pos++
	quantifiable = true
	if p.peek() == '?' {
		switch p.at(p.pos + 1) {
		case ':', '=', '!':
			p.pos += 2
		case '<':
			switch p.at(p.pos + 2) {
			case '=', '!':
				p.pos += 3
				quantifiable = false
			default:
				p.pos += 2
				name, reason := p.groupName()
				if reason != "" {
					return false, reason
				}
				if p.names[name] {
					return false, "duplicate capture group name `" + name + "`"
				}
				if p.names == nil {
					p.names = make(map[string]bool)
				}
				p.names[name] = true
			}
		default:
			return false, "invalid group at position " + strconv.Itoa(open)
		}
	}
	if reason := p.disjunction(depth + 1); reason != "" {
		return false, reason
	}
	if p.peek() != ')' {
		return false, "unterminated group opened at position " + strconv.Itoa(open)
	}
	p.pos++
	return quantifiable, ""
}

// groupName reads `name>` after `(?<` or `\k<`.
func (p *jsPattern) groupName() (string, string) {
	var name []rune
	for {
		if !p.more() {
			return "", "unterminated group name"
		}
		c := p.peek()
		if c == '>' {
			p.pos++
			break
		}
		r := c
		if c == '\\' {
			var ok bool
			r, ok = p.unicodeEscapeInName()
			if !ok {
				return "", "invalid escape in group name"
			}
		} else {
			p.pos++
			if utf16.IsSurrogate(c) && utf16.IsSurrogate(p.peek()) {
				if d := utf16.DecodeRune(c, p.peek()); d != unicode.ReplacementChar {
					r = d
					p.pos++
				}
			}
		}
		if !isIDPart(r, len(name) == 0) {
			return "", "invalid capture group name"
		}
		name = append(name, r)
	}
	if len(name) == 0 {
		return "", "empty capture group name"
	}
	return string(name), ""
}

// unicodeEscapeInName reads \uXXXX or \u{X…} in a group name.
func (p *jsPattern) unicodeEscapeInName() (rune, bool) {
	if p.at(p.pos+1) != 'u' {
		return 0, false
	}
	i := p.pos + 2
	if p.at(i) == '{' {
		var v rune
		j := i + 1
		for ; isHex(p.at(j)); j++ {
			v = v*16 + hexVal(p.at(j))
			if v > unicode.MaxRune {
				return 0, false
			}
		}
		if j == i+1 || p.at(j) != '}' {
			return 0, false
		}
		p.pos = j + 1
		return v, true
	}
	var v rune
	for k := 0; k < 4; k++ {
		if !isHex(p.at(i + k)) {
			return 0, false
		}
		v = v*16 + hexVal(p.at(i+k))
	}
	p.pos = i + 4
	return v, true
}

func isIDPart(r rune, first bool) bool {
	if r == '$' || r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r) {
		return true
	}
	if first {
		return false
	}
	return r == 0x200C || r == 0x200D || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}

// atomEscape parses an escape outside a character class (p.peek() is `\`).
func (p *jsPattern) atomEscape() string {
	if p.pos+1 >= len(p.src) {
		return "`\\` at end of pattern"
	}
	c := p.at(p.pos + 1)
	switch {
	case c == 'k' && p.hasNames:
		if p.at(p.pos+2) != '<' {
			return "invalid named reference at position " + strconv.Itoa(p.pos)
		}
		p.pos += 3
		name, reason := p.groupName()
		if reason != "" {
			return reason
		}
		p.refNames = append(p.refNames, name)
	case c == 'c' && !isASCIILetter(p.at(p.pos+2)):
		p.pos++ // Annex B: the backslash is a literal; `c` is read next
	case c == 'c':
		p.pos += 3
	default:
		// Decimal escapes are backreferences or (Annex B) legacy octal and
		// identity escapes; \x, \u without enough hex digits are identity
		// escapes. Every other character may be escaped without the u flag.
		p.pos += 2
	}
	return ""
}

// class parses a character class (p.peek() is `[`).
func (p *jsPattern) class() string {
	open := p.pos
	p.pos++
	if p.peek() == '^' {
		p.pos++
	}
	for {
		if !p.more() {
			return "unterminated character class opened at position " + strconv.Itoa(open)
		}
		if p.peek() == ']' {
			p.pos++
			return ""
		}
		lo, loSet, reason := p.classAtom()
		if reason != "" {
			return reason
		}
		if p.peek() != '-' || p.at(p.pos+1) == ']' || p.pos+1 >= len(p.src) {
			continue
		}
		p.pos++
		hi, hiSet, reason := p.classAtom()
		if reason != "" {
			return reason
		}
		// Annex B: a range with a class escape (\d) at either end is a
		// union with '-', not an error.
		if !loSet && !hiSet && lo > hi {
			return "range out of order in character class"
		}
	}
}

// classAtom reads one class member, returning its code unit, or set=true
// for a class escape such as \d.
func (p *jsPattern) classAtom() (v rune, set bool, reason string) {
	c := p.peek()
	if c != '\\' {
		p.pos++
		return c, false, ""
	}
	if p.pos+1 >= len(p.src) {
		return 0, false, "`\\` at end of pattern"
	}
	e := p.at(p.pos + 1)
	p.pos += 2
	switch e {
	case 'd', 'D', 's', 'S', 'w', 'W':
		return 0, true, ""
	case 'b':
		return 8, false, ""
	case 'f':
		return 12, false, ""
	case 'n':
		return 10, false, ""
	case 'r':
		return 13, false, ""
	case 't':
		return 9, false, ""
	case 'v':
		return 11, false, ""
	case 'c':
		if n := p.peek(); isASCIILetter(n) || isDigit(n) || n == '_' {
			p.pos++
			return n % 32, false, ""
		}
		p.pos-- // Annex B: the backslash is a literal; `c` is read next
		return '\\', false, ""
	case 'x':
		if isHex(p.peek()) && isHex(p.at(p.pos+1)) {
			v = hexVal(p.peek())*16 + hexVal(p.at(p.pos+1))
			p.pos += 2
			return v, false, ""
		}
		return 'x', false, ""
	case 'u':
		if isHex(p.peek()) && isHex(p.at(p.pos+1)) && isHex(p.at(p.pos+2)) && isHex(p.at(p.pos+3)) {
			for k := 0; k < 4; k++ {
				v = v*16 + hexVal(p.at(p.pos+k))
			}
			p.pos += 4
			return v, false, ""
		}
		return 'u', false, ""
	case 'k':
		if p.hasNames {
			return 0, false, "invalid escape `\\k` in character class"
		}
		return 'k', false, ""
	}
	if e >= '0' && e <= '7' {
		// Legacy octal escape: up to three digits, at most \377.
		v = e - '0'
		max := 2
		if e > '3' {
			max = 1
		}
		for k := 0; k < max && isOctal(p.peek()); k++ {
			v = v*8 + p.peek() - '0'
			p.pos++
		}
		return v, false, ""
	}
	return e, false, ""
}

func isDigit(c rune) bool       { return c >= '0' && c <= '9' }
func isOctal(c rune) bool       { return c >= '0' && c <= '7' }
func isASCIILetter(c rune) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isHex(c rune) bool         { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func hexVal(c rune) rune {
	switch {
	case isDigit(c):
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}
