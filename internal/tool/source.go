package tool

import (
	"sort"
	"sync"
	"unicode/utf8"
)

// Source is one file as read from disk, kept so that byte offsets can be
// turned into line/column spans and source lines can be quoted under a caret.
type Source struct {
	// Path is the display path: relative to the working directory with '/'
	// separators (absolute when outside it). This is what users see.
	Path string
	// Abs is the absolute file path.
	Abs  string
	Data []byte

	once  sync.Once
	lines []int32 // byte offset of the start of each line
}

// Span is a 1-based source range. Columns count Unicode characters; EndColumn
// is exclusive (one past the last character), as SARIF expects.
type Span struct {
	Line      int `json:"line"`
	Column    int `json:"column"`
	EndLine   int `json:"endLine"`
	EndColumn int `json:"endColumn"`
}

// IsZero reports whether the span is unset.
func (s Span) IsZero() bool { return s.Line == 0 }

func (s *Source) index() {
	s.once.Do(func() {
		n := 1
		for _, c := range s.Data {
			if c == '\n' {
				n++
			}
		}
		s.lines = make([]int32, 0, n)
		s.lines = append(s.lines, 0)
		for i, c := range s.Data {
			if c == '\n' {
				s.lines = append(s.lines, int32(i+1))
			}
		}
	})
}

// Position converts a byte offset into a 1-based line and character column.
// A leading byte-order mark does not count as a character.
func (s *Source) Position(off int32) (line, col int) {
	s.index()
	if off < 0 {
		off = 0
	}
	if int(off) > len(s.Data) {
		off = int32(len(s.Data))
	}
	i := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	start := s.lines[i]
	if i == 0 && len(s.Data) >= 3 && s.Data[0] == 0xEF && s.Data[1] == 0xBB && s.Data[2] == 0xBF && off >= 3 {
		start = 3
	}
	return i + 1, utf8.RuneCount(s.Data[start:off]) + 1
}

// Span converts a byte range into a Span.
func (s *Source) Span(start, end int32) Span {
	l1, c1 := s.Position(start)
	l2, c2 := s.Position(end)
	return Span{Line: l1, Column: c1, EndLine: l2, EndColumn: c2}
}

// Line returns the text of 1-based line n without its line terminator.
func (s *Source) Line(n int) string { return string(s.LineBytes(n)) }

// LineBytes is Line without the copy: the returned slice aliases the file.
func (s *Source) LineBytes(n int) []byte {
	s.index()
	if n < 1 || n > len(s.lines) {
		return nil
	}
	start := int(s.lines[n-1])
	end := len(s.Data)
	if n < len(s.lines) {
		end = int(s.lines[n]) - 1
	}
	if end > start && s.Data[end-1] == '\r' {
		end--
	}
	if n == 1 && end-start >= 3 && s.Data[0] == 0xEF && s.Data[1] == 0xBB && s.Data[2] == 0xBF {
		start += 3
	}
	return s.Data[start:end]
}
