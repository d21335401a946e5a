package report

import (
	"slices"
	"strconv"
	"strings"
)

// TargetMatrixSummary is the job summary's section on what a pull request
// does to portability: the matrix (BuildMatrix) of the tools it touches,
// before and after, one cell per tool and target ("✓ → ✗" where it
// changed, "–" where the tool is not on that side), then the compile
// regressions' count. "" when no tool was touched.
func TargetMatrixSummary(before, after Matrix, regressions int) string {
	type cellKey struct{ tool, target string }
	cells := map[cellKey][2]string{}
	var tools []string
	var cols []MatrixColumn
	seenTool, seenCol := map[string]bool{}, map[MatrixColumn]bool{}
	for side, m := range []Matrix{before, after} {
		for _, c := range m.Columns {
			if !seenCol[c] {
				seenCol[c] = true
				cols = append(cols, c)
			}
		}
		for _, r := range m.Rows {
			if !seenTool[r.Tool] {
				seenTool[r.Tool] = true
				tools = append(tools, r.Tool)
			}
			for j, cell := range r.Cells {
				k := cellKey{r.Tool, m.Columns[j].ID + "\x00" + m.Columns[j].Name}
				v := cells[k]
				v[side] = cell
				if cell == CellNotChecked {
					v[side] = "-"
				}
				cells[k] = v
			}
		}
	}
	if len(tools) == 0 || len(cols) == 0 {
		return ""
	}
	slices.Sort(tools) // byte order, the loader's for ASCII names
	var b strings.Builder
	b.WriteString("### Portability of the tools this change touches\n\n")
	b.WriteString("Worst finding per tool and target after `rules`, before → after (✓ clean, ! warning, ✗ error, i info, – not there).\n\n")
	b.WriteString("| Tool |")
	for _, c := range cols {
		b.WriteString(" " + mdText(c.Name) + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(cols)) + "\n")
	shown := tools
	if len(shown) > maxMatrixRows {
		shown = shown[:maxMatrixRows]
	}
	for _, t := range shown {
		b.WriteString("| " + mdCode(t) + " |")
		for _, c := range cols {
			v := cells[cellKey{t, c.ID + "\x00" + c.Name}]
			g0, g1 := summaryGlyph(v[0]), summaryGlyph(v[1])
			if g0 == g1 {
				b.WriteString(" " + g1 + " |")
			} else {
				b.WriteString(" " + g0 + " → " + g1 + " |")
			}
		}
		b.WriteString("\n")
	}
	if len(tools) > len(shown) {
		b.WriteString("\n" + plural(len(tools)-len(shown), "more tool") + " not shown (the first " + strconv.Itoa(maxMatrixRows) + " by name are).\n")
	}
	if regressions > 0 {
		b.WriteString("\n" + markError + " " + plural(regressions, "compile regression") + ": a tool that compiled for a target on the base is refused now (`target-regressed`).\n")
	}
	return b.String()
}

// maxMatrixRows bounds the section: a pull request that rewrites every
// file of a large set would otherwise fill the summary with it.
const maxMatrixRows = 200

// summaryGlyph is a cell's glyph in Markdown (no colour, no alignment to
// keep): "–" for a tool that is not on that side.
func summaryGlyph(cell string) string {
	switch cell {
	case "":
		return "–"
	case "-":
		return "-"
	}
	g, _ := matrixGlyph(cell)
	if g == "!" {
		return "&#33;" // not an image's start, in Markdown
	}
	return g
}
