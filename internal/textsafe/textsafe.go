// Package textsafe says which characters of untrusted text (a tool's
// description, a provider's message) must not reach a terminal or a log
// raw: every renderer escapes the same ones.
package textsafe

// UnsafeRune reports runes that must not reach a terminal or a log raw:
// C0 and C1 controls (U+0085 NEXT LINE among them), DEL, the line and
// paragraph separators U+2028 and U+2029 (a line break to some readers and
// not to others), and the bidirectional overrides, isolates and marks
// (U+200E, U+200F, U+061C) that can make a line read differently from
// what it is.
func UnsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x2028, r == 0x2029:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
}
