// Package report renders every output of the tool: text for people, JSON
// for scripts, SARIF for code scanning, workflow annotations and the job
// summary for GitHub Actions, the pull request comment. Every renderer
// reads what the policy decided (finding.Result, and the capped check and
// diff views of internal/pipeline's Outcome) and never decides a level or
// an exit code of its own; the caps (Cap, CapStream) live here too.
//
// All text that comes from tool files (names, descriptions inside messages,
// property names inside paths) is untrusted: every format escapes it for its
// own medium, so no tool file can paint a terminal, inject a workflow
// command or break a Markdown table.
package report

import (
	"math/bits"
	"strconv"
	"strings"

	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/textsafe"
)

// TextOptions tune the text renderers.
type TextOptions struct {
	// Color paints markers, headings and carets with ANSI codes. The caller
	// turns it on only for a terminal without NO_COLOR.
	Color bool
	// CompileFixes is set for --fail-on lossy: the team compiles, so an
	// error `schemaport-action compile` fixes without loss is shown as
	// what compile does (mark ↻), not as a failure, and counted apart.
	CompileFixes bool
	// Omitted is what the caps left out of the view rendered (Cap,
	// CapStream): said at the end, never silently, and the totals are the
	// whole counts.
	Omitted Omitted
	// Whole are the whole counts when the caps left findings out; nil
	// counts what the view holds.
	Whole *check.Summary
}

// ANSI codes of loader.md §12.6.
const (
	ansiBold   = "1"
	ansiDim    = "2"
	ansiRed    = "31"
	ansiGreen  = "32"
	ansiYellow = "33"
	ansiCyan   = "36"
)

// Markers shared by every text output.
const (
	markOK      = "✓"
	markError   = "✗"
	markWarning = "⚠"
	markInfo    = "ℹ"
	markFixed   = "↻" // an error compile fixes without loss (fail-on lossy)
)

type painter bool

func (p painter) paint(code, s string) string {
	if !p || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// plural gives "1 error", "2 errors", "0 errors".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// clean makes untrusted text safe for one line of terminal output: unsafe
// runes become visible \uXXXX escapes and invalid UTF-8 becomes U+FFFD.
func clean(s string) string { return cleanKeeping(s, "") }

// cleanLog is clean for text that goes through workflow-command escaping,
// which encodes CR and LF itself: they are kept, so is a tab; an ESC would
// colour the Actions log and is escaped.
func cleanLog(s string) string { return cleanKeeping(s, "\r\n\t") }

func cleanKeeping(s, keep string) string {
	if !needsClean(s, keep) {
		return s
	}
	return rewriteUnsafe(s, keep)
}

// rewriteUnsafe is cleanKeeping's rewrite, rune by rune.
func rewriteUnsafe(s, keep string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r < utf8.RuneSelf && strings.IndexByte(keep, byte(r)) >= 0:
			b.WriteRune(r)
		case textsafe.UnsafeRune(r):
			b.WriteString(`\u`)
			h := strconv.FormatInt(int64(r), 16)
			b.WriteString(strings.Repeat("0", 4-len(h)))
			b.WriteString(h)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// needsClean reports whether cleanKeeping(s, keep) changes s: a control
// character or DEL not in keep, invalid UTF-8 or an unsafe rune. Runs of
// printable ASCII, most of any text, are skipped eight bytes at a time.
func needsClean(s, keep string) bool {
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			w := s[i : i+8]
			x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
				uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
			// Bit 7 of a byte set for >= 0x80, < 0x20 and DEL; as in
			// jsonvalue's quoting, the lowest set bit is exact.
			d := x ^ (0x7f * swarLo)
			m := (x | (x - 0x20*swarLo) | (d-swarLo)&^d) & swarHi
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) / 8
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 || c == 0x7f) && strings.IndexByte(keep, c) < 0 {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || textsafe.UnsafeRune(r) {
			return true
		}
		i += size
	}
	return false
}

// Masks for testing eight bytes at once: 0x01 and 0x80 in every byte.
const (
	swarLo = 0x0101010101010101
	swarHi = 0x8080808080808080
)

// position formats file:line:col, leaving out what is unknown.
func position(file string, line, col int) string {
	s := file
	if line > 0 {
		s += ":" + strconv.Itoa(line)
		if col > 0 {
			s += ":" + strconv.Itoa(col)
		}
	}
	return s
}

// truncateRunes cuts s to at most n characters, ending with "…" when cut.
func truncateRunes(s string, n int) string {
	if n <= 0 || utf8.RuneCountInString(s) <= n {
		return s
	}
	i, count := 0, 0
	for i < len(s) && count < n-1 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		count++
	}
	return s[:i] + "…"
}
