package action

import (
	"fmt"
	"io"
	"strings"
)

// Log writes the step's log. The runner scans every line of a container
// action's stdout and stderr for workflow commands: `::name props::msg` at
// the start of a line, and the legacy `##[name props]msg` anywhere in it.
// Text that quotes tool files (descriptions, property names) must therefore
// never reach the log bare. Log escapes what it formats itself and wraps
// free text in `::stop-commands::<token>` ... `::<token>::` with a random
// token, which makes the runner ignore every command in between except the
// unguessable resume token.
type Log struct {
	W io.Writer
	// Commands is true under GitHub Actions: commands are written and free
	// text is fenced. Locally, messages are plain lines.
	Commands bool
}

// EscapeData escapes a command's message as the runner unescapes it
// (ActionCommand.UnescapeData): `%` first, then CR and LF.
func EscapeData(s string) string {
	s = strings.ReplaceAll(s, "%", "%25")
	s = strings.ReplaceAll(s, "\r", "%0D")
	return strings.ReplaceAll(s, "\n", "%0A")
}

// EscapeProperty escapes a property value: EscapeData plus `:` and `,`,
// which would otherwise end the property list or split it.
func EscapeProperty(s string) string {
	s = EscapeData(s)
	s = strings.ReplaceAll(s, ":", "%3A")
	return strings.ReplaceAll(s, ",", "%2C")
}

// Annotate writes an error, warning or notice with a title and no file (a
// run-level annotation). Locally it is the message after a mark, as the
// other commands print problems.
func (l *Log) Annotate(kind, title, message string) {
	if !l.Commands {
		mark := "ℹ"
		switch kind {
		case "error":
			mark = "✗"
		case "warning":
			mark = "⚠"
		}
		fmt.Fprintf(l.W, "%s %s\n", mark, strings.TrimRight(message, "\n"))
		return
	}
	fmt.Fprintf(l.W, "::%s title=%s::%s\n", kind, EscapeProperty(title), EscapeData(message))
}

// Raw writes lines that are already well-formed workflow commands (the
// report's annotations, escaped there).
func (l *Log) Raw(s string) {
	if s == "" {
		return
	}
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	io.WriteString(l.W, s)
}

// Text writes free text (a human-readable report) so that nothing in it can
// act as a workflow command. An optional title starts a collapsible group.
func (l *Log) Text(title, text string) {
	if text == "" {
		return
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if !l.Commands {
		if title != "" {
			fmt.Fprintf(l.W, "%s\n", title)
		}
		io.WriteString(l.W, text)
		return
	}
	if title != "" {
		fmt.Fprintf(l.W, "::group::%s\n", EscapeData(title))
	}
	token := "schemaport-" + randomHex(16)
	fmt.Fprintf(l.W, "::stop-commands::%s\n", token)
	io.WriteString(l.W, text)
	fmt.Fprintf(l.W, "::%s::\n", token)
	if title != "" {
		io.WriteString(l.W, "::endgroup::\n")
	}
}

// TextFrom is Text for a report too large to hold as one string: write
// streams it into the log (fenced as Text fences it). The title and the
// fence are written with the first byte, so a report that writes nothing
// leaves no trace, as an empty Text does; a missing final newline is added.
func (l *Log) TextFrom(title string, write func(io.Writer) error) error {
	s := &textStream{log: l, title: title}
	err := write(s)
	if s.started {
		if s.last != '\n' {
			io.WriteString(l.W, "\n")
		}
		s.end()
	}
	return err
}

// textStream opens Text's title and fence on its first write.
type textStream struct {
	log     *Log
	title   string
	started bool
	token   string
	last    byte
}

func (s *textStream) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if !s.started {
		s.started = true
		l := s.log
		switch {
		case !l.Commands:
			if s.title != "" {
				fmt.Fprintf(l.W, "%s\n", s.title)
			}
		default:
			if s.title != "" {
				fmt.Fprintf(l.W, "::group::%s\n", EscapeData(s.title))
			}
			s.token = "schemaport-" + randomHex(16)
			fmt.Fprintf(l.W, "::stop-commands::%s\n", s.token)
		}
	}
	s.last = p[len(p)-1]
	return s.log.W.Write(p)
}

func (s *textStream) end() {
	l := s.log
	if !l.Commands {
		return
	}
	fmt.Fprintf(l.W, "::%s::\n", s.token)
	if s.title != "" {
		io.WriteString(l.W, "::endgroup::\n")
	}
}

// SafeLogLine keeps text on one line and breaks the legacy `##[` command
// marker, which the runner honours anywhere in a line.
func SafeLogLine(s string) string {
	s = strings.Map(func(c rune) rune {
		if c < 0x20 || c == 0x7f {
			return ' '
		}
		return c
	}, s)
	return strings.ReplaceAll(s, "##[", "# #[")
}
