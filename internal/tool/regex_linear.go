package tool

import (
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
)

// JavaScript patterns without lookaround or backreferences describe a
// regular language, and whether a value contains a match depends on that
// language alone, not on how an engine searches for it. Such patterns are
// run on Go's regexp (RE2: linear in the value, no timeout needed) after
// translating the few constructs whose meaning differs; anything the
// translation does not know goes to regexp2, as before.

// jsSpace is JavaScript's \s (ECMA-262 WhiteSpace and LineTerminator);
// RE2's \s is ASCII only.
const jsSpace = `\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`

// re2Repeat is RE2's largest repetition count.
const re2Repeat = 1000

// linearRegexp compiles pattern for Go's regexp when it can be translated
// exactly; nil otherwise. Like regexp2, it matches characters, not the
// UTF-16 units JavaScript without the u flag sees (a character outside the
// Basic Multilingual Plane is one `.` here, two in JavaScript).
func linearRegexp(pattern string) *regexp.Regexp {
	src, ok := translateToRE2(pattern, nil)
	if !ok {
		return nil
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return nil
	}
	return re
}

// translateToRE2 rewrites a JavaScript pattern (no flags) as RE2 syntax of
// the same language, or reports that it cannot.
//
// big, when not nil, takes the repetitions whose counts RE2 refuses: the
// repeated atom is written as a capture named big(lo, hi) instead (hi < 0:
// no upper bound), for a caller that reads the syntax tree and puts the
// repetition back (RegularPattern).
func translateToRE2(p string, big func(lo, hi int) string) (string, bool) {
	var b strings.Builder
	// atom is where the last atom written starts (-1: none); groups holds
	// the starts of the groups open.
	atom := -1
	var groups []int
	for i := 0; i < len(p); {
		c := p[i]
		start := b.Len()
		switch c {
		case '\\':
			s, n, ok := translateEscape(p[i:], false)
			if !ok {
				return "", false
			}
			b.WriteString(s)
			i += n
			atom = start
		case '.':
			b.WriteString(`[^\n\r\x{2028}\x{2029}]`)
			i++
			atom = start
		case '(':
			if strings.HasPrefix(p[i:], "(?:") {
				b.WriteString("(?:")
				i += 3
			} else if strings.HasPrefix(p[i:], "(?") {
				return "", false // lookaround or a named group
			} else {
				b.WriteByte('(')
				i++
			}
			groups = append(groups, start)
			atom = -1
		case ')':
			b.WriteByte(c)
			i++
			atom = -1
			if len(groups) > 0 {
				atom = groups[len(groups)-1]
				groups = groups[:len(groups)-1]
			}
		case '|', '^', '$':
			b.WriteByte(c)
			i++
			atom = -1
		case '*', '+', '?':
			b.WriteByte(c)
			i++
		case '{':
			n, ok, valid := braceQuantifier(p[i:])
			switch {
			case valid && !ok:
				// A count RE2 refuses.
				if big == nil || atom < 0 {
					return "", false
				}
				lo, hi, ok := braceCounts(p[i+1 : i+n-1])
				if !ok {
					return "", false
				}
				inner := b.String()[atom:]
				rest := b.String()[:atom]
				b.Reset()
				b.WriteString(rest)
				b.WriteString("(?P<" + big(lo, hi) + ">" + inner + ")")
				i += n
				atom = -1
				if i < len(p) && p[i] == '?' {
					i++ // lazy: the same language
				}
			case valid:
				b.WriteString(p[i : i+n])
				i += n
			default:
				b.WriteString(`\{`) // Annex B: a literal brace
				i++
				atom = start
			}
		case '}', ']':
			b.WriteString(`\` + string(c))
			i++
			atom = start
		case '[':
			s, n, ok := translateClass(p[i:])
			if !ok {
				return "", false
			}
			b.WriteString(s)
			i += n
			atom = start
		default:
			// A multi-byte character is one atom: start is its first byte.
			b.WriteByte(c)
			i++
			if c < 0x80 || c >= 0xC0 {
				atom = start
			}
		}
	}
	return b.String(), true
}

// braceCounts reads the body of {n}, {n,} or {n,m}; hi is -1 for {n,}.
func braceCounts(body string) (lo, hi int, ok bool) {
	l, h, comma := strings.Cut(body, ",")
	lo, err := strconv.Atoi(l)
	if err != nil {
		return 0, 0, false
	}
	switch {
	case !comma:
		return lo, lo, true
	case h == "":
		return lo, -1, true
	}
	hi, err = strconv.Atoi(h)
	return lo, hi, err == nil && hi >= lo
}

// maxRegularCount bounds the repetition counts RegularPattern takes: a
// caller that expands a repetition into states pays for each.
const maxRegularCount = 100000

// RegularPattern parses a JavaScript pattern (no flags) into the syntax
// tree (Go's regexp/syntax, Perl flags) of the same language, for patterns
// without lookaround or backreferences; false otherwise. Unlike Go's
// parser it takes repetition counts beyond RE2's 1000 (up to 100,000):
// the tree holds them as written. The tree's `.` and `\s` are already
// JavaScript's (see translateToRE2).
func RegularPattern(pattern string) (*syntax.Regexp, bool) {
	type counts struct{ lo, hi int }
	var bigs []counts
	src, ok := translateToRE2(pattern, func(lo, hi int) string {
		bigs = append(bigs, counts{lo, hi})
		return "schemaportcount" + strconv.Itoa(len(bigs)-1)
	})
	if !ok {
		return nil, false
	}
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil, false
	}
	ok = true
	var restore func(r *syntax.Regexp)
	restore = func(r *syntax.Regexp) {
		for _, s := range r.Sub {
			restore(s)
		}
		if r.Op != syntax.OpCapture || !strings.HasPrefix(r.Name, "schemaportcount") {
			return
		}
		k, err := strconv.Atoi(strings.TrimPrefix(r.Name, "schemaportcount"))
		if err != nil || k < 0 || k >= len(bigs) || bigs[k].lo > maxRegularCount || bigs[k].hi > maxRegularCount {
			ok = false
			return
		}
		sub := r.Sub[0]
		*r = syntax.Regexp{Op: syntax.OpRepeat, Flags: sub.Flags, Min: bigs[k].lo, Max: bigs[k].hi, Sub: []*syntax.Regexp{sub}}
	}
	restore(re)
	if !ok {
		return nil, false
	}
	return re, true
}

// braceQuantifier reads {n}, {n,} or {n,m} at the start of s. valid says
// it is a quantifier in JavaScript's grammar; ok that RE2 accepts its
// counts.
func braceQuantifier(s string) (n int, ok, valid bool) {
	end := strings.IndexByte(s, '}')
	if end < 0 {
		return 0, false, false
	}
	body := s[1:end]
	lo, hi, comma := strings.Cut(body, ",")
	if !allDigits(lo) || comma && hi != "" && !allDigits(hi) {
		return 0, false, false
	}
	small := func(d string) bool { v, err := strconv.Atoi(d); return err == nil && v <= re2Repeat }
	ok = small(lo) && (hi == "" || small(hi))
	return end + 1, ok, true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// translateEscape translates the escape at the start of s (s[0] == '\\').
func translateEscape(s string, inClass bool) (out string, n int, ok bool) {
	if len(s) < 2 {
		return "", 0, false
	}
	c := s[1]
	switch c {
	case 'd', 'D', 'w', 'W':
		return s[:2], 2, true
	case 's':
		if inClass {
			return jsSpace, 2, true
		}
		return "[" + jsSpace + "]", 2, true
	case 'S':
		if inClass {
			return "", 0, false
		}
		return "[^" + jsSpace + "]", 2, true
	case 'b', 'B':
		if inClass {
			if c == 'b' {
				return `\x08`, 2, true
			}
			return "", 0, false
		}
		return s[:2], 2, true
	case 't':
		return `\t`, 2, true
	case 'n':
		return `\n`, 2, true
	case 'r':
		return `\r`, 2, true
	case 'f':
		return `\f`, 2, true
	case 'v':
		return `\x{0B}`, 2, true
	case '0':
		if len(s) > 2 && s[2] >= '0' && s[2] <= '9' {
			return "", 0, false // an octal escape
		}
		return `\x00`, 2, true
	case 'x':
		if len(s) >= 4 && isHex(rune(s[2])) && isHex(rune(s[3])) {
			return `\x{` + s[2:4] + `}`, 4, true
		}
		return "", 0, false
	case 'u':
		if len(s) >= 6 && isHex(rune(s[2])) && isHex(rune(s[3])) && isHex(rune(s[4])) && isHex(rune(s[5])) {
			v, _ := strconv.ParseUint(s[2:6], 16, 32)
			if v >= 0xD800 && v <= 0xDFFF {
				return "", 0, false // a surrogate: UTF-16 semantics
			}
			return `\x{` + s[2:6] + `}`, 6, true
		}
		return "", 0, false
	}
	if strings.IndexByte(`^$\.*+?()[]{}|/-`, c) >= 0 {
		return `\` + string(c), 2, true
	}
	return "", 0, false // backreferences, \c, \k, identity escapes
}

// translateClass translates the class at the start of s (s[0] == '[').
func translateClass(s string) (out string, n int, ok bool) {
	var b strings.Builder
	b.WriteByte('[')
	i := 1
	if i < len(s) && s[i] == '^' {
		b.WriteByte('^')
		i++
	}
	if i < len(s) && s[i] == ']' {
		return "", 0, false // [] and [^]: JavaScript-only forms
	}
	prevClassEscape := false
	for i < len(s) {
		c := s[i]
		switch c {
		case ']':
			b.WriteByte(']')
			return b.String(), i + 1, true
		case '\\':
			if i+1 >= len(s) {
				return "", 0, false
			}
			isClass := strings.IndexByte("dDwWsS", s[i+1]) >= 0
			if isClass && (i > 0 && s[i-1] == '-' || i+2 < len(s) && s[i+2] == '-') {
				return "", 0, false // a class escape beside a dash: Annex B
			}
			t, m, ok := translateEscape(s[i:], true)
			if !ok {
				return "", 0, false
			}
			b.WriteString(t)
			i += m
			prevClassEscape = isClass
			continue
		case '[':
			b.WriteString(`\[`) // RE2 would read [: as a POSIX class
		case '-':
			if prevClassEscape {
				return "", 0, false
			}
			b.WriteByte('-')
		default:
			b.WriteByte(c)
		}
		prevClassEscape = false
		i++
	}
	return "", 0, false
}
