package textsafe

import "strings"

// ShellQuote makes s one word of a POSIX shell command line that the user
// can paste: as it is when it holds only characters no shell treats
// specially, else in single quotes. A directory named `#x` or `a b` in a
// suggested command would otherwise be a comment or two arguments.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ShellJoin is ShellQuote of each word, joined by spaces.
func ShellJoin(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = ShellQuote(w)
	}
	return strings.Join(q, " ")
}
