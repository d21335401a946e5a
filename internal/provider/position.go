package provider

import "github.com/schemaport/schemaport-action/internal/tool"

// position is a 1-based line and character column, as tool.Source.Position
// gives them.
type position struct {
	line, column int
}

// sourcePositions turns byte offsets into positions through the file's
// index (tool.Source.Position).
type sourcePositions struct{ p tool.Positioner }

func (p *sourcePositions) at(off int32) position {
	line, column := p.p.Position(off)
	return position{line, column}
}
