package report

import (
	"bufio"
	"strings"
)

// IndentWriter re-indents a JSON document as it is written, byte for byte
// as json.Indent(dst, bytes.TrimSpace(src), prefix, indent) would, without
// holding it: the
// run report nests the check and diff documents (which can be larger than
// memory allows twice) one level deeper. The input must be valid JSON;
// whitespace outside strings is dropped and laid out anew, empty objects
// and arrays stay {} and [].
type IndentWriter struct {
	bw             *bufio.Writer
	prefix, indent string
	depth          int
	needIndent     bool // after { or [: indent unless it closes at once
	inString       bool
	escaped        bool
}

// NewIndentWriter writes the re-indented document to bw.
func NewIndentWriter(bw *bufio.Writer, prefix, indent string) *IndentWriter {
	return &IndentWriter{bw: bw, prefix: prefix, indent: indent}
}

func (x *IndentWriter) newline() {
	x.bw.WriteByte('\n')
	x.bw.WriteString(x.prefix)
	x.bw.WriteString(strings.Repeat(x.indent, x.depth))
}

// Write re-indents p; it never fails before the underlying writer does.
func (x *IndentWriter) Write(p []byte) (int, error) {
	for i := 0; i < len(p); i++ {
		c := p[i]
		if x.inString {
			// Copy the rest of the string in one go, up to its end or an
			// escape.
			j := i
			for j < len(p) && (x.escaped || (p[j] != '"' && p[j] != '\\')) {
				x.escaped = false
				j++
			}
			x.bw.Write(p[i:j])
			if j == len(p) {
				break
			}
			x.bw.WriteByte(p[j])
			if p[j] == '\\' {
				x.escaped = true
			} else {
				x.inString = false
			}
			i = j
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		if x.needIndent && c != '}' && c != ']' {
			x.needIndent = false
			x.depth++
			x.newline()
		}
		switch c {
		case '{', '[':
			x.needIndent = true
			x.bw.WriteByte(c)
		case ',':
			x.bw.WriteByte(c)
			x.newline()
		case ':':
			x.bw.WriteString(": ")
		case '}', ']':
			if x.needIndent {
				x.needIndent = false
			} else {
				x.depth--
				x.newline()
			}
			x.bw.WriteByte(c)
		case '"':
			x.inString = true
			x.bw.WriteByte(c)
		default:
			x.bw.WriteByte(c)
		}
	}
	return len(p), nil
}
