package diff

import (
	"sort"
	"unicode/utf16"
	"unicode/utf8"
)

var classRank = map[string]int{Breaking: 0, NonBreaking: 1, Informational: 2}

// summarize sorts changes (stable: tool name, classification, path, code,
// strings in UTF-16 code-unit order like SchemaPort) and counts them.
func summarize(changes []Change) *Result {
	sort.SliceStable(changes, func(i, j int) bool {
		a, b := &changes[i], &changes[j]
		if c := compareUTF16(a.ToolName, b.ToolName); c != 0 {
			return c < 0
		}
		if ra, rb := classRank[a.Classification], classRank[b.Classification]; ra != rb {
			return ra < rb
		}
		if c := compareUTF16(a.Path, b.Path); c != 0 {
			return c < 0
		}
		return compareUTF16(a.Code, b.Code) < 0
	})
	r := &Result{Changes: changes}
	if r.Changes == nil {
		r.Changes = []Change{}
	}
	for _, ch := range changes {
		switch ch.Classification {
		case Breaking:
			r.Summary.Breaking++
		case NonBreaking:
			r.Summary.NonBreaking++
		default:
			r.Summary.Informational++
		}
	}
	return r
}

// compareUTF16 orders strings by UTF-16 code units (JavaScript's <). It
// differs from byte order only where a character above U+FFFF meets one in
// U+E000..U+FFFF. Invalid UTF-8 falls back to byte order.
func compareUTF16(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if i == len(a) || i == len(b) {
		return len(a) - len(b)
	}
	// Back up to the start of the differing characters.
	for i > 0 && !utf8.RuneStart(a[i]) {
		i--
	}
	ra, sa := utf8.DecodeRuneInString(a[i:])
	rb, sb := utf8.DecodeRuneInString(b[i:])
	if (ra == utf8.RuneError && sa <= 1) || (rb == utf8.RuneError && sb <= 1) {
		if a[i:] < b[i:] {
			return -1
		}
		return 1
	}
	ua, ub := unit(ra), unit(rb)
	if ua != ub {
		if ua < ub {
			return -1
		}
		return 1
	}
	// Same high surrogate: the low surrogates (or code points) decide.
	if ra < rb {
		return -1
	}
	return 1
}

// unit returns the first UTF-16 code unit of r.
func unit(r rune) rune {
	if r >= 0x10000 {
		hi, _ := utf16.EncodeRune(r)
		return hi
	}
	return r
}
