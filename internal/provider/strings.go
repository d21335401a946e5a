package provider

import (
	"strings"
	"unicode/utf8"
)

// CompareUTF16 compares a and b the way JavaScript compares strings: by
// UTF-16 code unit. This equals byte order of the UTF-8 text except where a
// character above U+FFFF (a surrogate pair, 0xD800..) meets one in
// U+E000..U+FFFF, which UTF-16 puts first and UTF-8 puts last.
func CompareUTF16(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		switch {
		case len(a) < len(b):
			return -1
		case len(a) > len(b):
			return 1
		}
		return 0
	}
	if a[i] < utf8.RuneSelf && b[i] < utf8.RuneSelf {
		return int(a[i]) - int(b[i])
	}
	for i > 0 && !utf8.RuneStart(a[i]) {
		i--
	}
	ra, sa := utf8.DecodeRuneInString(a[i:])
	rb, sb := utf8.DecodeRuneInString(b[i:])
	if ra == utf8.RuneError && sa == 1 || rb == utf8.RuneError && sb == 1 {
		return strings.Compare(a[i:], b[i:])
	}
	ka, kb := firstCodeUnit(ra), firstCodeUnit(rb)
	if ka != kb {
		return int(ka) - int(kb)
	}
	// Both are supplementary characters with the same high surrogate:
	// code-point order is code-unit order among them.
	return int(ra) - int(rb)
}

// firstCodeUnit is the first UTF-16 code unit of r.
func firstCodeUnit(r rune) rune {
	if r >= 0x10000 {
		return 0xD800 + (r-0x10000)>>10
	}
	return r
}

// UTF16Len is JavaScript's s.length: the number of UTF-16 code units.
func UTF16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// IsBlank reports whether s is empty after JavaScript's String.prototype.trim,
// whose whitespace set differs from Go's unicode.IsSpace (it includes U+FEFF
// and excludes U+0085).
func IsBlank(s string) bool {
	for _, r := range s {
		if !isJSWhitespace(r) {
			return false
		}
	}
	return true
}

func isJSWhitespace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// IsASCIIWord reports whether every byte of s is an ASCII letter, digit or
// one of the extra bytes, and s is not empty: the character-class tests of
// the providers' name rules (^[A-Za-z0-9_-]+$ and the like).
func IsASCIIWord(s, extra string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte(extra, c) >= 0:
		default:
			return false
		}
	}
	return true
}
