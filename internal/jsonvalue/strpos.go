package jsonvalue

import (
	"unicode/utf16"
	"unicode/utf8"
)

// StringOffset maps a byte offset in a decoded string to where that
// character is written in raw, the string's JSON literal (quotes
// included): the offset of its first byte in raw and how many bytes it
// takes there (6 for "\u200b", 12 for a surrogate pair escape). ok is false
// when raw is not a JSON string literal or decoded is not a character
// boundary of it (a value built in memory, say).
func StringOffset(raw []byte, decoded int) (off, size int, ok bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return 0, 0, false
	}
	d := 0 // decoded bytes so far
	for i := 1; i < len(raw); {
		c := raw[i]
		if c == '"' {
			return 0, 0, false
		}
		var r rune
		n := 1
		switch {
		case c == '\\':
			if i+1 >= len(raw) {
				return 0, 0, false
			}
			n = 2
			switch raw[i+1] {
			case 'u':
				var good bool
				if r, good = hex4(raw, i+2); !good {
					return 0, 0, false
				}
				n = 6
				if utf16.IsSurrogate(r) {
					if r < 0xDC00 && i+7 < len(raw) && raw[i+6] == '\\' && raw[i+7] == 'u' {
						if r2, good := hex4(raw, i+8); good {
							if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
								r, n = pair, 12
							}
						}
					}
					if utf16.IsSurrogate(r) {
						r = utf8.RuneError
					}
				}
			default:
				r = 'x' // one decoded byte
			}
		case c >= utf8.RuneSelf:
			r, n = utf8.DecodeRune(raw[i:])
		default:
			r = rune(c)
		}
		if d == decoded {
			return i, n, true
		}
		if d > decoded {
			return 0, 0, false
		}
		d += utf8.RuneLen(r) // an invalid byte decodes to U+FFFD, 3 bytes
		i += n
	}
	return 0, 0, false
}
