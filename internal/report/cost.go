package report

import (
	"bufio"
	"cmp"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// DefaultContextWindow is the context window a cost table states its
// shares of when the config names none: 128,000 tokens, the smallest
// window of the current default models of the four providers.
const DefaultContextWindow = 128000

// ContextWindow says a target's context window in tokens.
type ContextWindow func(target string) int

// CostText writes the context cost table (`check --format cost`, and
// after the report with `--cost`): one row per tool, costliest first, one
// column per target, then where the tool's tokens go (for the first
// target), the set's total per target and its share of the context
// window.
//
//	Tool            openai  anthropic  gemini  mcp   where (openai)
//	refund_order       529        391     403  391   name+description 40 · parameter descriptions 90 · structure 399
func CostText(w io.Writer, set *cost.Set, window ContextWindow) error {
	bw := bufio.NewWriter(w)
	if set == nil || len(set.Targets) == 0 {
		bw.WriteString("No context cost: no tool or target was counted.\n")
		return bw.Flush()
	}
	bw.WriteString("Context cost: o200k_base tokens of each compiled definition, sent with every request\n" +
		"(exact for OpenAI's tokenizer on the JSON sent; an estimate for providers that re-render tools).\n\n")
	type row struct {
		name  string
		cells []int
		first cost.Figure
	}
	rows := make([]row, 0, len(set.Tools))
	for _, figs := range set.Tools {
		if len(figs) == 0 {
			continue
		}
		r := row{name: figs[0].Tool, cells: make([]int, len(set.Targets)), first: figs[0]}
		for j, f := range figs {
			if j < len(r.cells) {
				r.cells[j] = f.Tokens
			}
		}
		rows = append(rows, r)
	}
	slices.SortStableFunc(rows, func(a, b row) int {
		return cmp.Or(cmp.Compare(b.cells[0], a.cells[0]), strings.Compare(a.name, b.name))
	})
	head := append([]string{"Tool"}, set.Targets...)
	head = append(head, "where ("+set.Targets[0]+")")
	table := [][]string{head}
	for _, r := range rows {
		line := []string{clean(r.name)}
		for _, n := range r.cells {
			line = append(line, cost.Thousands(n))
		}
		p := r.first.Parts
		line = append(line, "name+description "+cost.Thousands(p.NameDescription)+" · parameter descriptions "+
			cost.Thousands(p.Parameters)+" · structure "+cost.Thousands(p.Structure))
		table = append(table, line)
	}
	total := []string{"Total"}
	share := []string{"Share of the context window"}
	same := true
	for _, id := range set.Targets {
		same = same && window(id) == window(set.Targets[0])
	}
	if same {
		share[0] = "Share of " + cost.Thousands(window(set.Targets[0])) + " tokens"
	}
	for _, id := range set.Targets {
		t, _ := set.Total(id)
		total = append(total, cost.Thousands(t.Tokens))
		win := window(id)
		cell := strconv.FormatFloat(100*float64(t.Tokens)/float64(win), 'f', 1, 64) + "%"
		if !same {
			cell += " of " + cost.Thousands(win)
		}
		share = append(share, cell)
	}
	table = append(table, append(total, ""), append(share, ""))
	writeColumns(bw, table, len(set.Targets))
	return bw.Flush()
}

// writeColumns writes rows with columns padded to their widest cell: the
// first left-aligned, the next n right-aligned (numbers), the last as is.
func writeColumns(bw *bufio.Writer, rows [][]string, n int) {
	width := make([]int, n+1)
	for _, r := range rows {
		for i := 0; i <= n && i < len(r); i++ {
			width[i] = max(width[i], utf8.RuneCountInString(r[i]))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			switch {
			case i == 0:
				b.WriteString(pad(c, width[0]))
			case i <= n:
				b.WriteString("  " + strings.Repeat(" ", width[i]-utf8.RuneCountInString(c)) + c)
			case c != "":
				b.WriteString("   " + c)
			}
		}
		bw.WriteString(strings.TrimRight(b.String(), " ") + "\n")
	}
}

// appendCostJSON appends a target's `cost` member (after its summary):
// tokens, parts and whether the figure is exact.
func appendCostJSON(buf []byte, f cost.Figure, indent string) []byte {
	buf = append(buf, ",\n"+indent+"\"cost\": {\n"+indent+"  \"tokens\": "...)
	buf = strconv.AppendInt(buf, int64(f.Tokens), 10)
	buf = append(buf, ",\n"+indent+"  \"parts\": {\n"+indent+"    \"nameDescription\": "...)
	buf = strconv.AppendInt(buf, int64(f.Parts.NameDescription), 10)
	buf = append(buf, ",\n"+indent+"    \"parameterDescriptions\": "...)
	buf = strconv.AppendInt(buf, int64(f.Parts.Parameters), 10)
	buf = append(buf, ",\n"+indent+"    \"schemaStructure\": "...)
	buf = strconv.AppendInt(buf, int64(f.Parts.Structure), 10)
	buf = append(buf, "\n"+indent+"  },\n"+indent+"  \"exact\": "...)
	buf = strconv.AppendBool(buf, f.Exact)
	return append(buf, "\n"+indent+"}"...)
}

// writeCostTotalsJSON writes the check document's top-level `cost`: the
// set's total per target with its share of the context window.
func writeCostTotalsJSON(bw *bufio.Writer, set *cost.Set, window ContextWindow) {
	bw.WriteString(",\n  \"cost\": {\n    \"tokenizer\": \"o200k_base\",\n    \"totals\": [")
	for i, id := range set.Targets {
		t, _ := set.Total(id)
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n      {\n        \"target\": " + jsonvalue.Quote(id) +
			",\n        \"tokens\": " + strconv.Itoa(t.Tokens) +
			",\n        \"parts\": {\n          \"nameDescription\": " + strconv.Itoa(t.Parts.NameDescription) +
			",\n          \"parameterDescriptions\": " + strconv.Itoa(t.Parts.Parameters) +
			",\n          \"schemaStructure\": " + strconv.Itoa(t.Parts.Structure) +
			"\n        },\n        \"exact\": " + strconv.FormatBool(t.Exact) +
			",\n        \"contextWindow\": " + strconv.Itoa(window(id)) + "\n      }")
	}
	if len(set.Targets) > 0 {
		bw.WriteString("\n    ")
	}
	bw.WriteString("]\n  }")
}

// CostDelta is what a pull request changes in a target's context cost,
// with the target's name for people (for the job summary and the PR
// comment).
type CostDelta struct {
	cost.TargetDelta
	TargetName string
}

// costDeltaMarkdown says one target's change in one line, the tool name
// as code: "+85 tokens per request for OpenAI (+16.1%); largest:
// <code>refund_order</code> +85 (schema structure)".
func costDeltaMarkdown(d CostDelta) string {
	s := d.Sentence(d.TargetName)
	if len(d.Largest) == 0 {
		return mdText(s)
	}
	tool := d.Largest[0].Tool
	head, rest, ok := strings.Cut(s, "; largest: `"+tool+"` ")
	if !ok {
		return mdText(s)
	}
	return mdText(head) + "; largest: " + mdCode(tool) + " " + mdText(rest)
}

// costLines are the summary's and the comment's lines on context cost:
// one per target whose cost changed, or one saying it did not.
func costLines(ds []CostDelta) []string {
	var out []string
	for _, d := range ds {
		if d.Delta != 0 {
			out = append(out, "**Context cost:** "+costDeltaMarkdown(d)+".")
		}
	}
	if len(out) == 0 && len(ds) > 0 {
		out = append(out, "**Context cost:** unchanged ("+cost.Thousands(ds[0].After)+" tokens per request for "+mdText(ds[0].TargetName)+").")
	}
	return out
}
