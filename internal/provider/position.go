package provider

import (
	"bytes"
	"unicode/utf8"
)

// position is a 1-based line and character column, as tool.Source.Position
// gives them.
type position struct {
	line, column int
}

// positioner turns byte offsets into positions with
// tool.Source.Position's rules (offsets clamped to the data, columns
// counting characters, a leading byte-order mark not one of them). It
// moves from the last offset to the next, counting only the bytes in
// between, so offsets in roughly ascending order cost one pass over the
// tool, and nothing is kept: the Source's line index is never built for a
// check, and a long minified line is not recounted from its start for
// every finding on it.
type positioner struct {
	data     []byte
	bom      bool
	offset   int // where position was last taken
	position position
}

func newPositioner(data []byte) positioner {
	p := positioner{data: data, position: position{line: 1, column: 1}}
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		p.bom, p.offset = true, 3
	}
	return p
}

var newline = []byte{'\n'}

// shortGap is how far the positioner steps byte by byte rather than with
// the vectorised searches, whose calls cost more over a short distance.
const shortGap = 48

func (p *positioner) at(off int32) position {
	o := min(max(int(off), 0), len(p.data))
	if p.bom && o < 3 {
		return position{line: 1, column: utf8.RuneCount(p.data[:o]) + 1}
	}
	if o > p.offset && o-p.offset <= shortGap && p.step(o) {
		return p.position
	}
	switch {
	case o > p.offset:
		seg := p.data[p.offset:o]
		if i := bytes.LastIndexByte(seg, '\n'); i >= 0 {
			p.position.line += bytes.Count(seg, newline)
			p.position.column = utf8.RuneCount(seg[i+1:]) + 1
		} else {
			p.position.column += utf8.RuneCount(seg)
		}
	case o < p.offset:
		seg := p.data[o:p.offset]
		if n := bytes.Count(seg, newline); n > 0 {
			p.position.line -= n
			start := bytes.LastIndexByte(p.data[:o], '\n') + 1
			if start == 0 && p.bom {
				start = 3
			}
			p.position.column = utf8.RuneCount(p.data[start:o]) + 1
		} else {
			p.position.column -= utf8.RuneCount(seg)
		}
	}
	p.offset = o
	return p.position
}

// step moves forward to o byte by byte when everything on the way is
// ASCII (one byte, one character); it moves nothing and reports false
// otherwise.
func (p *positioner) step(o int) bool {
	pos := p.position
	for _, c := range p.data[p.offset:o] {
		switch {
		case c == '\n':
			pos.line++
			pos.column = 1
		case c < utf8.RuneSelf:
			pos.column++
		default:
			return false
		}
	}
	p.position, p.offset = pos, o
	return true
}
