package textsafe

import (
	"bytes"
	"io"
	"unicode"
	"unicode/utf8"
)

// LogWriter passes what a command prints for a person to w so that the
// GitHub Actions runner finds no workflow command in it, whatever a tool
// file's names or a file's name hold. The runner reads a line as a command
// when, after dropping leading whitespace (.NET's char.IsWhiteSpace, which
// is Go's unicode.IsSpace), it starts with `::`, and reads the legacy form
// `##[` anywhere in a line (actions/runner ActionCommand.TryParseV2 and
// TryParse). So such a line gets a space between its first two colons
// (`: :error::…`), and every `##[` becomes `# #[` (as `run`'s log does).
// A line reads as it did otherwise, byte for byte. A CR starts a line for
// the runner as LF does. Call Flush after the last Write.
type LogWriter struct {
	w       io.Writer
	pending []byte // the start of a line not ended yet
	out     []byte
	json    bool // NewJSONLogWriter
}

// NewLogWriter wraps w.
func NewLogWriter(w io.Writer) *LogWriter { return &LogWriter{w: w} }

// NewJSONLogWriter wraps w for a JSON document (or SARIF log), which may be
// printed to the log as well: `#` occurs in JSON only inside strings, so
// each `##[` is written `##\u005b`, the same string to any JSON reader,
// and no JSON line starts with `:`. Only the bytes change.
func NewJSONLogWriter(w io.Writer) *LogWriter { return &LogWriter{w: w, json: true} }

// Underlying is the writer LogWriter writes to (a terminal, say, for the
// caller that asks whether to colour).
func (l *LogWriter) Underlying() io.Writer { return l.w }

// Write takes any part of the output; whole lines go on at once.
func (l *LogWriter) Write(p []byte) (int, error) {
	n := len(p)
	if len(l.pending) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			l.pending = append(l.pending, p...)
			return n, nil
		}
		l.pending = append(l.pending, p[:i+1]...)
		p = p[i+1:]
		l.out = l.appendSafe(l.out[:0], l.pending)
		l.pending = l.pending[:0]
	} else {
		l.out = l.out[:0]
	}
	end := bytes.LastIndexByte(p, '\n') + 1
	l.out = l.appendSafe(l.out, p[:end])
	l.pending = append(l.pending, p[end:]...)
	if len(l.out) > 0 {
		if _, err := l.w.Write(l.out); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// Flush writes the last line when it has no newline.
func (l *LogWriter) Flush() error {
	if len(l.pending) == 0 {
		return nil
	}
	l.out = l.appendSafe(l.out[:0], l.pending)
	l.pending = l.pending[:0]
	_, err := l.w.Write(l.out)
	return err
}

func (l *LogWriter) appendSafe(dst, text []byte) []byte {
	if !l.json {
		return appendSafe(dst, text)
	}
	for {
		i := bytes.Index(text, []byte("##["))
		if i < 0 {
			return append(dst, text...)
		}
		dst = append(dst, text[:i]...)
		dst = append(dst, `##\u005b`...)
		text = text[i+3:]
	}
}

// SafeLogText is what LogWriter makes of a whole text.
func SafeLogText(s string) string { return string(appendSafe(nil, []byte(s))) }

// appendSafe appends text, made safe, to dst. Text without `##[` and
// without a line that may start a command (a colon, or whitespace, first)
// is appended as it is.
func appendSafe(dst, text []byte) []byte {
	if !mayCommand(text) {
		return append(dst, text...)
	}
	for len(text) > 0 {
		i := bytes.IndexAny(text, "\r\n")
		line := text
		if i >= 0 {
			line = text[:i]
		}
		dst = appendSafeLine(dst, line)
		if i < 0 {
			break
		}
		dst = append(dst, text[i])
		text = text[i+1:]
	}
	return dst
}

// mayCommand is a quick over-estimate: a `##[`, or a line starting with
// a colon or with a byte that may begin whitespace.
func mayCommand(text []byte) bool {
	if bytes.Contains(text, []byte("##[")) {
		return true
	}
	start := true
	for _, c := range text {
		if start && (c == ':' || c == ' ' || c == '\t' || c == '\v' || c == '\f' || c >= 0x80) {
			return true
		}
		start = c == '\n' || c == '\r'
	}
	return false
}

func appendSafeLine(dst, line []byte) []byte {
	lead := 0
	for lead < len(line) {
		r, size := utf8.DecodeRune(line[lead:])
		if !unicode.IsSpace(r) {
			break
		}
		lead += size
	}
	if bytes.HasPrefix(line[lead:], []byte("::")) {
		dst = append(dst, line[:lead+1]...)
		dst = append(dst, ' ')
		line = line[lead+1:]
	}
	for {
		i := bytes.Index(line, []byte("##["))
		if i < 0 {
			return append(dst, line...)
		}
		dst = append(dst, line[:i]...)
		dst = append(dst, "# #["...)
		line = line[i+3:]
	}
}
