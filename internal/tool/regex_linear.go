package tool

import (
	"regexp"
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
	src, ok := translateToRE2(pattern)
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
func translateToRE2(p string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(p); {
		c := p[i]
		switch c {
		case '\\':
			s, n, ok := translateEscape(p[i:], false)
			if !ok {
				return "", false
			}
			b.WriteString(s)
			i += n
		case '.':
			b.WriteString(`[^\n\r\x{2028}\x{2029}]`)
			i++
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
		case ')', '|', '^', '$', '*', '+', '?':
			b.WriteByte(c)
			i++
		case '{':
			n, ok, valid := braceQuantifier(p[i:])
			switch {
			case valid && !ok:
				return "", false // a count RE2 refuses
			case valid:
				b.WriteString(p[i : i+n])
				i += n
			default:
				b.WriteString(`\{`) // Annex B: a literal brace
				i++
			}
		case '}', ']':
			b.WriteString(`\` + string(c))
			i++
		case '[':
			s, n, ok := translateClass(p[i:])
			if !ok {
				return "", false
			}
			b.WriteString(s)
			i += n
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), true
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
