package snapshot

import (
	"fmt"
	"strings"

	"github.com/schemaport/schemaport-action/internal/config"
)

// FromConfig is the server a config `servers` entry names.
func FromConfig(c config.Server) Server {
	s := Server{Name: c.Name, Env: c.Env, URL: c.URL, Headers: c.Headers, Out: c.Out}
	if c.Command != "" {
		s.Command = append([]string{c.Command}, c.Args...)
	}
	return s
}

// SplitCommand splits a command line into words as a POSIX shell would
// for plain words, 'single' and "double" quotes and backslash escapes (no
// variables, globs or operators: nothing is run through a shell).
func SplitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("--mcp-command has an unterminated ' quote.")
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("--mcp-command has an unterminated \" quote.")
			}
			inWord = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("--mcp-command is empty; give the program to run.")
	}
	return words, nil
}

// DisplayName shows a tool name on one line: names are the server's text.
func DisplayName(name string) string {
	for _, r := range name {
		if r < 0x20 || r == 0x7F || r == 0x2028 || r == 0x2029 {
			return fmt.Sprintf("%q", name)
		}
	}
	return name
}
