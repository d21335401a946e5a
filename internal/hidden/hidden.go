// Package hidden finds the characters a model reads but a reviewer does not
// see: Unicode tag characters (U+E0000–E007F, "ASCII smuggling"),
// zero-width characters (U+200B–U+200F, U+2060, U+FEFF), bidi controls
// (U+202A–U+202E, U+2066–U+2069) and variation selectors outside emoji
// sequences (U+FE00–FE0F, U+E0100–E01EF). Tool-poisoning attacks hide
// instructions in descriptions with them.
//
// Ordinary text passes clean. What is not reported, and why:
//
//   - U+FE0E/U+FE0F right after an emoji base (a character with an emoji
//     presentation, a keycap base 0-9 # *): the text/emoji presentation of
//     that emoji ("❤️").
//   - U+200D (ZERO WIDTH JOINER) between two emoji, the emoji before it
//     possibly followed by U+FE0F or a skin-tone modifier: an emoji ZWJ
//     sequence ("👩‍💻", "🏳️‍🌈").
//   - U+200C/U+200D between two characters of a script that uses them to
//     shape its letters (Arabic, Syriac, N'Ko, Mongolian, the Indic scripts,
//     Myanmar, Khmer): Persian writes "می‌خواهم" with U+200C.
//   - The tag sequences of the three flag emoji Unicode recommends
//     (England, Scotland, Wales: U+1F3F4 followed by the tags "gbeng",
//     "gbsct" or "gbwls" and U+E007F). Any other tag run is reported, also
//     after U+1F3F4: a flag is the usual cover for smuggled text.
//
// U+FE00–FE0D (standardized variation sequences of mathematical symbols
// and CJK compatibility ideographs) and U+E0100–E01EF (ideographic
// variation selectors) are always reported: they are rare in tool text and
// invisible either way.
package hidden

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Char is one hidden character of a text.
type Char struct {
	Rune   rune
	Offset int // byte offset in the (decoded) text
}

// mayHide reports whether s can hold a hidden character at all: every one
// of them is encoded in UTF-8 with a lead byte of 0xE2 (U+2000–U+2FFF),
// 0xEF (U+F000–U+FFFF) or 0xF3 (U+C0000–U+FFFFF). Most text is ASCII and
// leaves here.
func mayHide(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 0xE2, 0xEF, 0xF3:
			return true
		}
	}
	return false
}

// Contains reports whether s has a hidden character.
func Contains(s string) bool {
	return mayHide(s) && len(find(s, 1)) > 0
}

// Find returns the hidden characters of s in order.
func Find(s string) []Char {
	if !mayHide(s) {
		return nil
	}
	return find(s, -1)
}

// Count is len(Find(s)) without the slice.
func Count(s string) int {
	if !mayHide(s) {
		return 0
	}
	return len(find(s, -1))
}

// find collects up to max hidden characters (all when max < 0).
func find(s string, max int) []Char {
	var out []Char
	var prev rune = -1 // the character before r
	emoji := false     // the text before r ends in an emoji (with its presentation, modifier)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if n := flagTags(s, i, prev); n > 0 {
			// A recommended subdivision flag: its tags are the flag.
			i += n
			prev, emoji = 0xE007F, true
			continue
		}
		if candidate(r) && !allowed(s, i+size, r, prev, emoji) {
			out = append(out, Char{Rune: r, Offset: i})
			if max >= 0 && len(out) >= max {
				return out
			}
		}
		switch {
		case r == 0xFE0F || r == 0xFE0E || isModifier(r):
			// emoji stays as it was: a presentation selector or a skin
			// tone continues the emoji before it.
		default:
			emoji = isEmoji(r)
		}
		prev = r
		i += size
	}
	return out
}

// candidate reports whether r is in one of the hidden classes.
func candidate(r rune) bool {
	switch {
	case r >= 0x200B && r <= 0x200F, r == 0x2060, r == 0xFEFF:
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		return true
	case r >= 0xE0000 && r <= 0xE007F:
		return true
	}
	return false
}

// allowed reports whether the candidate r (ending at byte next of s) is
// part of ordinary text: an emoji sequence or a joining script's shaping.
func allowed(s string, next int, r, prev rune, emoji bool) bool {
	switch r {
	case 0xFE0E, 0xFE0F:
		return prev >= 0 && isEmojiBase(prev)
	case 0x200D:
		after, _ := utf8.DecodeRuneInString(s[next:])
		if emoji && next < len(s) && isEmoji(after) {
			return true
		}
		return joins(prev) && next < len(s) && joins(after)
	case 0x200C:
		after, _ := utf8.DecodeRuneInString(s[next:])
		return joins(prev) && next < len(s) && joins(after)
	}
	return false
}

// flagTags is the byte length of a recommended subdivision flag's tag run
// starting at s[i] (right after U+1F3F4), or 0.
func flagTags(s string, i int, prev rune) int {
	if prev != 0x1F3F4 || i+4 > len(s) || s[i] != 0xF3 {
		return 0
	}
	// Tags are 4 bytes each: U+E0000 + ASCII, then the cancel tag.
	var spec []byte
	j := i
	for j < len(s) {
		r, size := utf8.DecodeRuneInString(s[j:])
		if r == 0xE007F {
			j += size
			switch string(spec) {
			case "gbeng", "gbsct", "gbwls":
				return j - i
			}
			return 0
		}
		if r < 0xE0020 || r > 0xE007E || len(spec) >= 8 {
			return 0
		}
		spec = append(spec, byte(r-0xE0000))
		j += size
	}
	return 0
}

// joiningScripts are the scripts whose spelling uses U+200C/U+200D between
// letters (cursive joining, Indic conjuncts).
var joiningScripts = []*unicode.RangeTable{
	unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian,
	unicode.Devanagari, unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya,
	unicode.Tamil, unicode.Telugu, unicode.Kannada, unicode.Malayalam, unicode.Sinhala,
	unicode.Myanmar, unicode.Khmer,
}

func joins(r rune) bool {
	return r >= 0x0600 && unicode.IsOneOf(joiningScripts, r)
}

// isModifier: the skin-tone modifiers U+1F3FB–1F3FF.
func isModifier(r rune) bool { return r >= 0x1F3FB && r <= 0x1F3FF }

// isEmojiBase reports whether U+FE0E/FE0F may follow r: an emoji, or a
// keycap base.
func isEmojiBase(r rune) bool {
	return r == '#' || r == '*' || r >= '0' && r <= '9' || isEmoji(r)
}

// isEmoji approximates Unicode's Extended_Pictographic property (emoji
// data 15.1), plus the regional indicators: the characters emoji
// sequences are made of.
func isEmoji(r rune) bool {
	if r < 0xA9 {
		return false
	}
	if r >= 0x1F000 {
		return r <= 0x1FAFF || r >= 0x1FC00 && r <= 0x1FFFD
	}
	return unicode.Is(pictographic, r)
}

var pictographic = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x00A9, 0x00A9, 1}, {0x00AE, 0x00AE, 1}, {0x203C, 0x203C, 1}, {0x2049, 0x2049, 1},
		{0x2122, 0x2122, 1}, {0x2139, 0x2139, 1}, {0x2194, 0x2199, 1}, {0x21A9, 0x21AA, 1},
		{0x231A, 0x231B, 1}, {0x2328, 0x2328, 1}, {0x2388, 0x2388, 1}, {0x23CF, 0x23CF, 1},
		{0x23E9, 0x23F3, 1}, {0x23F8, 0x23FA, 1}, {0x24C2, 0x24C2, 1}, {0x25AA, 0x25AB, 1},
		{0x25B6, 0x25B6, 1}, {0x25C0, 0x25C0, 1}, {0x25FB, 0x25FE, 1}, {0x2600, 0x2605, 1},
		{0x2607, 0x2612, 1}, {0x2614, 0x2685, 1}, {0x2690, 0x2705, 1}, {0x2708, 0x2712, 1},
		{0x2714, 0x2714, 1}, {0x2716, 0x2716, 1}, {0x271D, 0x271D, 1}, {0x2721, 0x2721, 1},
		{0x2728, 0x2728, 1}, {0x2733, 0x2734, 1}, {0x2744, 0x2744, 1}, {0x2747, 0x2747, 1},
		{0x274C, 0x274C, 1}, {0x274E, 0x274E, 1}, {0x2753, 0x2755, 1}, {0x2757, 0x2757, 1},
		{0x2763, 0x2767, 1}, {0x2795, 0x2797, 1}, {0x27A1, 0x27A1, 1}, {0x27B0, 0x27B0, 1},
		{0x27BF, 0x27BF, 1}, {0x2934, 0x2935, 1}, {0x2B05, 0x2B07, 1}, {0x2B1B, 0x2B1C, 1},
		{0x2B50, 0x2B50, 1}, {0x2B55, 0x2B55, 1}, {0x3030, 0x3030, 1}, {0x303D, 0x303D, 1},
		{0x3297, 0x3297, 1}, {0x3299, 0x3299, 1},
	},
}

// Name is the Unicode name of a hidden character ("ZERO WIDTH SPACE").
func Name(r rune) string {
	switch r {
	case 0x200B:
		return "ZERO WIDTH SPACE"
	case 0x200C:
		return "ZERO WIDTH NON-JOINER"
	case 0x200D:
		return "ZERO WIDTH JOINER"
	case 0x200E:
		return "LEFT-TO-RIGHT MARK"
	case 0x200F:
		return "RIGHT-TO-LEFT MARK"
	case 0x2060:
		return "WORD JOINER"
	case 0xFEFF:
		return "ZERO WIDTH NO-BREAK SPACE"
	case 0x202A:
		return "LEFT-TO-RIGHT EMBEDDING"
	case 0x202B:
		return "RIGHT-TO-LEFT EMBEDDING"
	case 0x202C:
		return "POP DIRECTIONAL FORMATTING"
	case 0x202D:
		return "LEFT-TO-RIGHT OVERRIDE"
	case 0x202E:
		return "RIGHT-TO-LEFT OVERRIDE"
	case 0x2066:
		return "LEFT-TO-RIGHT ISOLATE"
	case 0x2067:
		return "RIGHT-TO-LEFT ISOLATE"
	case 0x2068:
		return "FIRST STRONG ISOLATE"
	case 0x2069:
		return "POP DIRECTIONAL ISOLATE"
	case 0xE0001:
		return "LANGUAGE TAG"
	case 0xE007F:
		return "CANCEL TAG"
	}
	switch {
	case r >= 0xFE00 && r <= 0xFE0F:
		return "VARIATION SELECTOR-" + strconv.Itoa(int(r-0xFE00)+1)
	case r >= 0xE0100 && r <= 0xE01EF:
		return "VARIATION SELECTOR-" + strconv.Itoa(int(r-0xE0100)+17)
	case r >= 0xE0020 && r <= 0xE007E:
		return "TAG " + asciiName(byte(r-0xE0000))
	case r >= 0xE0000 && r <= 0xE007F:
		return "unassigned tag character"
	}
	return ""
}

// asciiNames are the Unicode names of ASCII punctuation, for tags.
var asciiNames = map[byte]string{
	' ': "SPACE", '!': "EXCLAMATION MARK", '"': "QUOTATION MARK", '#': "NUMBER SIGN",
	'$': "DOLLAR SIGN", '%': "PERCENT SIGN", '&': "AMPERSAND", '\'': "APOSTROPHE",
	'(': "LEFT PARENTHESIS", ')': "RIGHT PARENTHESIS", '*': "ASTERISK", '+': "PLUS SIGN",
	',': "COMMA", '-': "HYPHEN-MINUS", '.': "FULL STOP", '/': "SOLIDUS", ':': "COLON",
	';': "SEMICOLON", '<': "LESS-THAN SIGN", '=': "EQUALS SIGN", '>': "GREATER-THAN SIGN",
	'?': "QUESTION MARK", '@': "COMMERCIAL AT", '[': "LEFT SQUARE BRACKET",
	'\\': "REVERSE SOLIDUS", ']': "RIGHT SQUARE BRACKET", '^': "CIRCUMFLEX ACCENT",
	'_': "LOW LINE", '`': "GRAVE ACCENT", '{': "LEFT CURLY BRACKET", '|': "VERTICAL LINE",
	'}': "RIGHT CURLY BRACKET", '~': "TILDE",
}

var digitNames = [...]string{"ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"}

func asciiName(c byte) string {
	switch {
	case c >= 'A' && c <= 'Z':
		return "LATIN CAPITAL LETTER " + string(rune(c))
	case c >= 'a' && c <= 'z':
		return "LATIN SMALL LETTER " + string(rune(c-'a'+'A'))
	case c >= '0' && c <= '9':
		return "DIGIT " + digitNames[c-'0']
	}
	return asciiNames[c]
}

// plain keeps the letters, digits, spaces and sentence punctuation of
// smuggled text and writes anything else as '_': it is shown to reviewers
// in every report format, and must not become markup there.
func plain(b []byte) string {
	out := make([]byte, len(b))
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == ' ',
			c == '.', c == ',', c == ':', c == ';', c == '!', c == '?', c == '-', c == '\'':
			out[i] = c
		default:
			out[i] = '_'
		}
	}
	return string(out)
}

// CodePoint renders r as "U+200B".
func CodePoint(r rune) string {
	s := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	for len(s) < 4 {
		s = "0" + s
	}
	return "U+" + s
}

// Describe says which hidden characters cs holds and how many of each, in
// order of first appearance: "2 × U+200B ZERO WIDTH SPACE, 1 × U+202E
// RIGHT-TO-LEFT OVERRIDE". Tag characters are summed up as one entry
// with the ASCII text they spell (quoted, at most 60 characters), since
// that text is what the model reads.
func Describe(cs []Char) string {
	type entry struct {
		r rune
		n int
	}
	var order []entry
	tags := 0
	var spelled []byte
	for _, c := range cs {
		if c.Rune >= 0xE0000 && c.Rune <= 0xE007F {
			if tags == 0 {
				order = append(order, entry{r: -1})
			}
			tags++
			if c.Rune >= 0xE0020 && c.Rune <= 0xE007E {
				spelled = append(spelled, byte(c.Rune-0xE0000))
			}
			continue
		}
		found := false
		for i := range order {
			if order[i].r == c.Rune {
				order[i].n++
				found = true
				break
			}
		}
		if !found {
			order = append(order, entry{r: c.Rune, n: 1})
		}
	}
	var b strings.Builder
	for i, e := range order {
		if i > 0 {
			b.WriteString(", ")
		}
		if e.r < 0 {
			b.WriteString(strconv.Itoa(tags))
			b.WriteString(" × tag characters (U+E0000–U+E007F)")
			if len(spelled) > 0 {
				text := plain(spelled)
				if len(text) > 60 {
					text = text[:60] + "…"
				}
				b.WriteString(" spelling ")
				b.WriteString(strconv.Quote(text))
			}
			continue
		}
		b.WriteString(strconv.Itoa(e.n))
		b.WriteString(" × ")
		b.WriteString(CodePoint(e.r))
		b.WriteByte(' ')
		b.WriteString(Name(e.r))
	}
	return b.String()
}
