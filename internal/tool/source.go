package tool

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
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
	lines []int32    // byte offset of the start of each line
	marks []runeMark // character checkpoints; nil when Data is ASCII
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

// index builds, once, what makes every position O(log n) whatever the
// file's shape: the start of each line, and for a file that is not all
// ASCII a checkpoint every markEvery bytes saying how many characters
// precede it, so a column is counted from the nearest checkpoint rather
// than from its line start (a minified file is one line).
func (s *Source) index() {
	s.once.Do(func() {
		data := s.Data
		var ascii bool
		s.lines, ascii = lineStarts(data)
		if !ascii {
			s.marks = runeMarks(data)
		}
	})
}

var newline = []byte{'\n'}

// lineStarts returns the offset of each line's start and whether data is
// all ASCII, in one pass eight bytes at a time. A pretty-printed file's
// lines are a few dozen bytes: finding each newline with its own
// bytes.IndexByte call cost more than the search itself.
func lineStarts(data []byte) (lines []int32, ascii bool) {
	lines = make([]int32, 1, bytes.Count(data, newline)+1)
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	var any uint64 // every word's bits, or'd: a high bit set is non-ASCII
	i := 0
	for ; i+8 <= len(data); i += 8 {
		w := binary.LittleEndian.Uint64(data[i:])
		any |= w
		// High bit of each byte that is '\n', exactly (no carries
		// between bytes): x's byte is zero where w's is '\n'.
		x := w ^ ('\n' * ones)
		for m := ^((x&^highs + ^uint64(highs)) | x | ^uint64(highs)); m != 0; m &= m - 1 {
			lines = append(lines, int32(i+bits.TrailingZeros64(m)/8+1))
		}
	}
	for ; i < len(data); i++ {
		any |= uint64(data[i])
		if data[i] == '\n' {
			lines = append(lines, int32(i+1))
		}
	}
	return lines, any&highs == 0
}

// markEvery is the spacing of the character checkpoints: a position costs
// at most about this many bytes of counting.
const markEvery = 512

// runeMark says that runes characters precede byte off, a character
// boundary.
type runeMark struct{ off, runes int32 }

// runeMarks places a checkpoint at the first character boundary at or
// after every multiple of markEvery. Characters are what utf8.RuneCount
// counts (an invalid byte is one): a line start is a boundary (a newline
// never continues a sequence), so counting from a checkpoint and counting
// from the line start agree.
func runeMarks(data []byte) []runeMark {
	marks := make([]runeMark, 0, len(data)/markEvery+1)
	pos, runes := 0, 0
	for k := 1; ; k++ {
		marks = append(marks, runeMark{int32(pos), int32(runes)})
		end := k * markEvery
		if end >= len(data) {
			return marks
		}
		for pos < end {
			if data[pos] < utf8.RuneSelf {
				pos++
			} else {
				_, size := utf8.DecodeRune(data[pos:])
				pos += size
			}
			runes++
		}
	}
}

// runesBefore is utf8.RuneCount(s.Data[:off]), counted from the last
// checkpoint at or before off.
func (s *Source) runesBefore(off int) int {
	if s.marks == nil {
		return off
	}
	k := min(off/markEvery, len(s.marks)-1)
	for s.marks[k].off > int32(off) {
		k--
	}
	m := s.marks[k]
	return int(m.runes) + utf8.RuneCount(s.Data[m.off:off])
}

// runes is utf8.RuneCount(s.Data[from:to]) for a character boundary from
// (a line start), in O(markEvery) however far apart they are.
func (s *Source) runes(from, to int) int {
	if s.marks == nil {
		return to - from
	}
	if to-from <= 2*markEvery {
		return utf8.RuneCount(s.Data[from:to])
	}
	return s.runesBefore(to) - s.runesBefore(from)
}

// lineOf is the 0-based index of the line holding off.
func (s *Source) lineOf(off int32) int {
	return lineIn(s.lines, off)
}

// lineIn is the index of the last start in lines at or before off
// (lines[0] is 0 <= off).
func lineIn(lines []int32, off int32) int {
	i, found := slices.BinarySearch(lines, off)
	if !found {
		i--
	}
	return i
}

// lineNear is lineOf(off), searched from line hint outwards with steps
// that double (a galloping search), then by bisection inside the last
// step.
func (s *Source) lineNear(off int32, hint int) int {
	lines := s.lines
	if lines[hint] <= off {
		// Forward: find lo <= answer < hi.
		lo, step := hint, 1
		for lo+step < len(lines) && lines[lo+step] <= off {
			lo += step
			step *= 2
		}
		hi := min(lo+step, len(lines))
		return lo + lineIn(lines[lo:hi], off)
	}
	// Backward: lines[hi] > off; find lo with lines[lo] <= off.
	hi, step := hint, 1
	for hi-step > 0 && lines[hi-step] > off {
		hi -= step
		step *= 2
	}
	lo := max(hi-step, 0)
	return lo + lineIn(lines[lo:hi], off)
}

// Position converts a byte offset into a 1-based line and character column.
// A leading byte-order mark does not count as a character.
func (s *Source) Position(off int32) (line, col int) {
	return s.position(off, -1)
}

// Positioner is Position for a run of offsets that are mostly near one
// another (a tool's findings, in the order its walk made them): each line
// is searched for from the previous one, outwards, so it costs O(log d)
// for a line d lines away, O(1) on the same line, and never more than
// Position's binary search over the file.
type Positioner struct {
	src  *Source
	line int // 0-based index of the previous offset's line; -1: none yet
}

// Positioner returns a Positioner over s; it is not safe for concurrent
// use (make one per goroutine), unlike s.
func (s *Source) Positioner() Positioner { return Positioner{src: s, line: -1} }

// Position is s.Position(off).
func (p *Positioner) Position(off int32) (line, col int) {
	line, col = p.src.position(off, p.line)
	p.line = line - 1
	return line, col
}

// position is Position, searching for the line from hint (a 0-based
// line index) when hint >= 0.
func (s *Source) position(off int32, hint int) (line, col int) {
	s.index()
	if off < 0 {
		off = 0
	}
	if int(off) > len(s.Data) {
		off = int32(len(s.Data))
	}
	var i int
	if hint >= 0 && hint < len(s.lines) {
		i = s.lineNear(off, hint)
	} else {
		i = s.lineOf(off)
	}
	start := s.lines[i]
	if i == 0 && hasBOM(s.Data) && off >= 3 {
		start = 3
	}
	return i + 1, s.runes(int(start), int(off)) + 1
}

func hasBOM(data []byte) bool {
	return len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF
}

// LineOffset is the byte offset, within LineBytes(n), of the character
// that follows the first chars characters of line n; ok is false when the
// line has fewer characters. It costs O(log n + markEvery) whatever the
// line's length, so a window of a minified line is found without decoding
// the line from its start.
func (s *Source) LineOffset(n, chars int) (off int, ok bool) {
	line := s.LineBytes(n) // indexes
	if chars <= 0 || len(line) == 0 {
		return 0, chars <= 0
	}
	start := int(s.lines[n-1])
	if n == 1 && hasBOM(s.Data) {
		start = 3 // where LineBytes(1) starts
	}
	if s.marks == nil {
		if chars > len(line) {
			return 0, false
		}
		return chars, true
	}
	// Skip to the last checkpoint inside the line at or before the
	// character wanted, then decode.
	pos, count := start, 0
	want := s.runesBefore(start) + chars
	k := sort.Search(len(s.marks), func(k int) bool { return int(s.marks[k].runes) > want }) - 1
	end := start + len(line)
	if k >= 0 && int(s.marks[k].off) > start {
		if int(s.marks[k].off) > end {
			return 0, false // the line ends before the character wanted
		}
		pos, count = int(s.marks[k].off), int(s.marks[k].runes)-s.runesBefore(start)
	}
	for pos < end && count < chars {
		if s.Data[pos] < utf8.RuneSelf {
			pos++
		} else {
			_, size := utf8.DecodeRune(s.Data[pos:end])
			pos += size
		}
		count++
	}
	if count < chars {
		return 0, false
	}
	return pos - start, true
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
