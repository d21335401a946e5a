package textsafe

import (
	"bytes"
	"io"
)

// JSONWriter passes a JSON document (a report on stdout) to w with every
// `##[` written `##\u005b`. In JSON that sequence can only stand inside a
// string, where the escape is the same character: the document means
// what it meant, and the GitHub Actions runner, which reads the legacy
// `##[command]` anywhere in a line of a step's output, finds none in a
// tool's description. (No line of a JSON document can start with `::`.)
// Call Flush after the last Write.
type JSONWriter struct {
	w    io.Writer
	held int // trailing '#'s not written yet (at most 2)
	out  []byte
}

// NewJSONWriter wraps w.
func NewJSONWriter(w io.Writer) *JSONWriter { return &JSONWriter{w: w} }

var legacyCommand = []byte("##[")

// Write takes any part of the document.
func (j *JSONWriter) Write(p []byte) (int, error) {
	n := len(p)
	in := p
	if j.held > 0 {
		in = append([]byte("##")[:j.held:j.held], p...)
		j.held = 0
	}
	// A '#' or "##" at the end may start a `##[` the next write ends.
	for k := 0; k < 2 && len(in) > 0 && in[len(in)-1] == '#'; k++ {
		in = in[:len(in)-1]
		j.held++
	}
	j.out = j.out[:0]
	for {
		i := bytes.Index(in, legacyCommand)
		if i < 0 {
			j.out = append(j.out, in...)
			break
		}
		j.out = append(j.out, in[:i]...)
		j.out = append(j.out, `##\u005b`...)
		in = in[i+len(legacyCommand):]
	}
	if len(j.out) > 0 {
		if _, err := j.w.Write(j.out); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// Flush writes the '#'s held back.
func (j *JSONWriter) Flush() error {
	if j.held == 0 {
		return nil
	}
	_, err := j.w.Write([]byte("##")[:j.held])
	j.held = 0
	return err
}
