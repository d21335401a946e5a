// Package actiontest reads what an action wrote the way the GitHub runner
// does, so tests can assert on the commands the runner would act on and on
// the outputs it would set. The rules follow actions/runner:
// ActionCommand.TryParseV2 / TryParse, ActionCommandManager (stop-commands)
// and FileCommandManager (GITHUB_OUTPUT).
package actiontest

import (
	"fmt"
	"strings"
	"unicode"
)

// Command is one workflow command the runner would process.
type Command struct {
	Name       string
	Properties map[string]string
	Message    string
	Line       int // 1-based line in the log
}

// registered are the commands a runner knows (a line naming anything else
// is plain text). stop-commands and its resume token are handled apart.
var registered = map[string]bool{
	"error": true, "warning": true, "notice": true, "debug": true, "group": true, "endgroup": true,
	"add-mask": true, "add-matcher": true, "remove-matcher": true, "echo": true, "set-output": true,
	"set-env": true, "add-path": true, "save-state": true, "stop-commands": true,
}

// Commands returns every command the runner would act on in log, in order,
// with stop-commands honoured (the stop and resume lines themselves are
// returned too, so tests can see the fences).
func Commands(log string) []Command {
	var out []Command
	stopToken := ""
	// The runner reads lines as .NET's StreamReader.ReadLine does: CR, LF
	// and CRLF each end one.
	for i, line := range strings.Split(strings.ReplaceAll(strings.ReplaceAll(log, "\r\n", "\n"), "\r", "\n"), "\n") {
		known := func(name string) bool {
			if stopToken != "" {
				return strings.EqualFold(name, stopToken)
			}
			return registered[strings.ToLower(name)]
		}
		cmd, ok := parseV2(line, known)
		if !ok {
			cmd, ok = parseV1(line, known)
		}
		if !ok {
			continue
		}
		cmd.Line = i + 1
		switch {
		case stopToken != "":
			stopToken = "" // only the resume token parses while stopped
		case strings.EqualFold(cmd.Name, "stop-commands"):
			stopToken = cmd.Message
		}
		out = append(out, cmd)
	}
	return out
}

// Annotations returns the error, warning and notice commands.
func Annotations(log string) []Command {
	var out []Command
	for _, c := range Commands(log) {
		switch strings.ToLower(c.Name) {
		case "error", "warning", "notice":
			out = append(out, c)
		}
	}
	return out
}

func parseV2(line string, known func(string) bool) (Command, bool) {
	// String.TrimStart: every char.IsWhiteSpace, which is unicode.IsSpace
	// (NO-BREAK SPACE and IDEOGRAPHIC SPACE among them).
	msg := strings.TrimLeftFunc(line, unicode.IsSpace)
	if !strings.HasPrefix(msg, "::") {
		return Command{}, false
	}
	end := strings.Index(msg[2:], "::")
	if end < 0 {
		return Command{}, false
	}
	info := msg[2 : 2+end]
	name, props, hasProps := strings.Cut(info, " ")
	if !known(name) {
		return Command{}, false
	}
	cmd := Command{Name: name, Properties: map[string]string{}}
	if hasProps {
		for _, p := range strings.Split(strings.TrimSpace(props), ",") {
			k, v, ok := strings.Cut(p, "=")
			if ok && k != "" && v != "" {
				cmd.Properties[strings.ToLower(k)] = unescape(v, true)
			}
		}
	}
	cmd.Message = unescape(msg[2+end+2:], false)
	return cmd, true
}

func parseV1(line string, known func(string) bool) (Command, bool) {
	start := strings.Index(line, "##[")
	if start < 0 {
		return Command{}, false
	}
	rb := strings.Index(line[start:], "]")
	if rb < 0 {
		return Command{}, false
	}
	info := line[start+3 : start+rb]
	name, _, _ := strings.Cut(info, " ")
	if !known(name) {
		return Command{}, false
	}
	return Command{Name: name, Properties: map[string]string{}, Message: line[start+rb+1:]}, true
}

// unescape reverses the runner's escapes (in the runner's order, `%25`
// last, so `%250A` stays a literal `%0A`).
func unescape(s string, property bool) string {
	s = strings.ReplaceAll(s, "%0D", "\r")
	s = strings.ReplaceAll(s, "%0A", "\n")
	if property {
		s = strings.ReplaceAll(s, "%3A", ":")
		s = strings.ReplaceAll(s, "%2C", ",")
	}
	return strings.ReplaceAll(s, "%25", "%")
}

// Outputs parses a GITHUB_OUTPUT file as FileCommandManager does: each
// entry is `name=value` or `name<<DELIM` ... `DELIM`, whichever of `=` and
// `<<` comes first; the delimiter must stand alone on a line that ends
// with a newline. A malformed file is an error (the runner fails the step).
func Outputs(text string) (map[string]string, error) {
	out := map[string]string{}
	lines := strings.Split(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	} else if text != "" {
		return nil, fmt.Errorf("the file does not end with a newline")
	}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if line == "" {
			continue
		}
		eq := strings.Index(line, "=")
		hd := strings.Index(line, "<<")
		switch {
		case eq >= 0 && (hd < 0 || eq < hd):
			if eq == 0 {
				return nil, fmt.Errorf("line %d: empty name", i+1)
			}
			out[line[:eq]] = line[eq+1:]
		case hd >= 0:
			name, delim := line[:hd], line[hd+2:]
			if name == "" || delim == "" {
				return nil, fmt.Errorf("line %d: empty name or delimiter", i+1)
			}
			var value []string
			j := i + 1
			for ; j < len(lines) && lines[j] != delim; j++ {
				value = append(value, lines[j])
			}
			if j == len(lines) {
				return nil, fmt.Errorf("line %d: matching delimiter %q not found", i+1, delim)
			}
			out[name] = strings.Join(value, "\n")
			i = j
		default:
			return nil, fmt.Errorf("line %d: invalid format %q", i+1, line)
		}
	}
	return out, nil
}
