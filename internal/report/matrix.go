package report

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/provider"
)

// Cell values of a Matrix: a severity, clean, or not checked (a native
// file is checked only in its own provider's mode).
const (
	CellClean      = "clean"
	CellNotChecked = ""
)

// MatrixColumn is one target as a column: a native mode is a column of its
// own ("OpenAI (non-strict)"), since its rules are not the target's.
type MatrixColumn struct {
	ID, Name string
}

// MatrixRow is one tool: the worst severity per column.
type MatrixRow struct {
	Tool  string
	Cells []string
}

// Matrix is check's result as a table, tools by targets (SchemaPort's
// `check --matrix`, cli src/matrix.ts): not a second analysis, only the
// counts check already made, after `rules`.
type Matrix struct {
	Columns []MatrixColumn
	Rows    []MatrixRow
	// Clean and Checked count, per column, the tools whose cell is clean
	// and the tools checked for it.
	Clean, Checked []int
	// Total are the counts the Result line gives.
	Total check.Summary
}

// BuildMatrix builds the matrix of res from each target's summary (the
// whole counts after `rules`, whatever the caps kept of the findings).
// Severities below minSeverity ("" keeps all) are left out, as text's
// --min-severity hides them. Columns are in order of first appearance:
// for canonical tools, the order of the targets asked for.
func BuildMatrix(res *check.Result, minSeverity string) Matrix {
	var m Matrix
	if res == nil || len(res.Tools) == 0 {
		return m
	}
	// Columns grouped by target id in order of first appearance, a
	// native mode after its target's canonical column ("OpenAI",
	// "OpenAI (non-strict)").
	var ids []string
	byID := map[string][]MatrixColumn{}
	// The first tool with the most targets leads: a canonical tool has
	// every target asked for, in the order asked, where a native one
	// (listed first by name) has only its own.
	lead := 0
	for i := range res.Tools {
		if len(res.Tools[i].Targets) > len(res.Tools[lead].Targets) {
			lead = i
		}
	}
	order := []int{lead}
	for i := range res.Tools {
		if i != lead {
			order = append(order, i)
		}
	}
	for _, i := range order {
		for _, t := range uniqueTargets(res.Tools[i].Targets) {
			c := MatrixColumn{ID: t.ID, Name: targetName(t)}
			if _, ok := byID[c.ID]; !ok {
				ids = append(ids, c.ID)
			}
			if !slices.Contains(byID[c.ID], c) {
				byID[c.ID] = append(byID[c.ID], c)
			}
		}
	}
	col := map[MatrixColumn]int{}
	for _, id := range ids {
		cs := byID[id]
		slices.SortStableFunc(cs, func(a, b MatrixColumn) int { return len(a.Name) - len(b.Name) })
		for _, c := range cs {
			col[c] = len(m.Columns)
			m.Columns = append(m.Columns, c)
		}
	}
	m.Clean, m.Checked = make([]int, len(m.Columns)), make([]int, len(m.Columns))
	for i := range res.Tools {
		tr := &res.Tools[i]
		row := MatrixRow{Cells: make([]string, len(m.Columns))}
		if tr.Tool != nil {
			row.Tool = tr.Tool.Name
		}
		for _, t := range uniqueTargets(tr.Targets) {
			j := col[MatrixColumn{ID: t.ID, Name: targetName(t)}]
			s := shownSummary(t.Summary, minSeverity)
			m.Total.Error += s.Error
			m.Total.Warning += s.Warning
			m.Total.Info += s.Info
			m.Checked[j]++
			row.Cells[j] = worst(s)
			if row.Cells[j] == CellClean {
				m.Clean[j]++
			}
		}
		m.Rows = append(m.Rows, row)
	}
	return m
}

// shownSummary is s without the severities below min.
func shownSummary(s check.Summary, min string) check.Summary {
	switch min {
	case provider.SeverityError:
		s.Warning, s.Info = 0, 0
	case provider.SeverityWarning:
		s.Info = 0
	}
	return s
}

// worst is a cell: the worst severity counted, clean only when there is
// no finding at all (an info-only cell is not clean).
func worst(s check.Summary) string {
	switch {
	case s.Error > 0:
		return provider.SeverityError
	case s.Warning > 0:
		return provider.SeverityWarning
	case s.Info > 0:
		return provider.SeverityInfo
	}
	return CellClean
}

// matrixGlyph is a cell's glyph and colour. `!` and `i` stand for ⚠ and ℹ,
// which many terminals draw two columns wide (emoji presentation), which
// would shift every column after them.
func matrixGlyph(cell string) (string, string) {
	switch cell {
	case provider.SeverityError:
		return markError, ansiRed
	case provider.SeverityWarning:
		return "!", ansiYellow
	case provider.SeverityInfo:
		return "i", ansiDim
	case CellClean:
		return markOK, ansiGreen
	}
	return "-", ansiDim
}

// SummaryTextOptions tune the one-screen summaries of check (--matrix,
// --quiet).
type SummaryTextOptions struct {
	Color       bool
	MinSeverity string
}

// CheckMatrix writes res as a matrix: one row per tool, one column per
// target, the worst severity in each cell, the clean count per target, and
// the Result line with the same counts as the full text report.
func CheckMatrix(w io.Writer, res *check.Result, opts SummaryTextOptions) error {
	bw := bufio.NewWriter(w)
	m := BuildMatrix(res, opts.MinSeverity)
	WriteMatrix(bw, m, opts.Color)
	if len(m.Rows) > 0 {
		bw.WriteString("\n" + resultLine(m.Total) + "\n")
	}
	return bw.Flush()
}

// WriteMatrix writes the table, its legend and the clean counts (or "No
// tools found."). Widths count characters: a name is cleaned first, and
// padding is computed on the bare glyph before any colour.
func WriteMatrix(bw *bufio.Writer, m Matrix, color bool) {
	p := painter(color)
	if len(m.Rows) == 0 {
		bw.WriteString("No tools found.\n")
		return
	}
	nameW := 4
	names := make([]string, len(m.Rows))
	for i, r := range m.Rows {
		names[i] = clean(r.Tool)
		nameW = max(nameW, utf8.RuneCountInString(names[i]))
	}
	widths := make([]int, len(m.Columns))
	heads := make([]string, len(m.Columns))
	for j, c := range m.Columns {
		heads[j] = clean(c.Name)
		widths[j] = max(3, utf8.RuneCountInString(heads[j]))
	}
	var line strings.Builder
	line.WriteString(p.paint(ansiBold, pad("Tool", nameW)))
	if len(heads) > 0 {
		var h strings.Builder
		for j, name := range heads {
			if j > 0 {
				h.WriteString("  ")
			}
			h.WriteString(pad(name, widths[j]))
		}
		line.WriteString("  " + p.paint(ansiBold, strings.TrimRight(h.String(), " ")))
	}
	bw.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	notChecked := false
	for i, r := range m.Rows {
		line.Reset()
		line.WriteString(pad(names[i], nameW))
		for j, cell := range r.Cells {
			glyph, c := matrixGlyph(cell)
			notChecked = notChecked || cell == CellNotChecked
			left := (widths[j] - 1) / 2
			line.WriteString("  " + strings.Repeat(" ", left) + p.paint(c, glyph) + strings.Repeat(" ", widths[j]-1-left))
		}
		bw.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	legend := markOK + " clean   ! warning   " + markError + " error   i info"
	if notChecked {
		legend += "   - not checked (a native file is checked in its own mode only)"
	}
	bw.WriteString("\n" + p.paint(ansiDim, legend) + "\n")
	parts := make([]string, len(m.Columns))
	for j := range m.Columns {
		parts[j] = heads[j] + " " + strconv.Itoa(m.Clean[j]) + "/" + strconv.Itoa(m.Checked[j])
	}
	bw.WriteString(strings.TrimRight("Clean: "+strings.Join(parts, " · "), " ") + "\n")
}

// pad pads s with spaces to n characters.
func pad(s string, n int) string {
	if k := n - utf8.RuneCountInString(s); k > 0 {
		return s + strings.Repeat(" ", k)
	}
	return s
}

// resultLine is check text's Result line for counts s.
func resultLine(s check.Summary) string {
	return "Result: " + plural(s.Error, "error") + ", " + plural(s.Warning, "warning") + ", " + plural(s.Info, "info")
}

// CheckQuiet writes one line per tool and target instead of every
// finding: the worst mark and the counts (SchemaPort's `check --quiet`),
// then the Result line.
//
//	Tool: create_ticket
//	✗ OpenAI: 1 error
//	⚠ Anthropic: 1 warning
//	✓ MCP: compatible
func CheckQuiet(w io.Writer, res *check.Result, opts SummaryTextOptions) error {
	bw := bufio.NewWriter(w)
	p := painter(opts.Color)
	var total check.Summary
	if res == nil || len(res.Tools) == 0 {
		bw.WriteString("No tools found.\n")
		return bw.Flush()
	}
	for i := range res.Tools {
		tr := &res.Tools[i]
		name := ""
		if tr.Tool != nil {
			name = tr.Tool.Name
		}
		bw.WriteString(p.paint(ansiBold, "Tool:") + " " + clean(name) + "\n")
		targets := uniqueTargets(tr.Targets)
		if len(targets) == 0 {
			bw.WriteString("No targets were checked.\n")
		}
		for _, t := range targets {
			s := shownSummary(t.Summary, opts.MinSeverity)
			total.Error += s.Error
			total.Warning += s.Warning
			total.Info += s.Info
			cell := worst(s)
			if cell == CellClean {
				bw.WriteString(p.paint(ansiGreen, markOK) + " " + clean(targetName(t)) + ": compatible\n")
				continue
			}
			mark, c := severityMark(cell)
			var parts []string
			for _, k := range []struct {
				n    int
				noun string
			}{{s.Error, "error"}, {s.Warning, "warning"}, {s.Info, "info"}} {
				if k.n > 0 {
					parts = append(parts, plural(k.n, k.noun))
				}
			}
			bw.WriteString(p.paint(c, mark) + " " + clean(targetName(t)) + ": " + strings.Join(parts, ", ") + "\n")
		}
		bw.WriteString("\n")
	}
	bw.WriteString(resultLine(total) + "\n")
	return bw.Flush()
}
