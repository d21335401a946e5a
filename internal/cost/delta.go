package cost

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// ToolDelta is what a change did to one tool's cost for one target.
type ToolDelta struct {
	Tool        string `json:"tool"`
	Before      int    `json:"before"` // 0 when the tool is new
	After       int    `json:"after"`  // 0 when the tool is gone
	Delta       int    `json:"delta"`
	Added       bool   `json:"added,omitempty"`
	Removed     bool   `json:"removed,omitempty"`
	Part        string `json:"part"` // the part whose change is largest (Part* constants)
	PartDelta   int    `json:"partDelta"`
	BeforeParts Parts  `json:"-"`
	AfterParts  Parts  `json:"-"`
}

// TargetDelta is what a change did to a set's cost for one target.
type TargetDelta struct {
	Target string `json:"target"`
	Before int    `json:"before"`
	After  int    `json:"after"`
	Delta  int    `json:"delta"`
	// Percent is Delta over Before, in percent (0 when Before is 0).
	Percent float64 `json:"percent"`
	Exact   bool    `json:"exact"`
	// Largest are the tools whose cost changed most (by absolute delta,
	// then name), at most the number asked for.
	Largest []ToolDelta `json:"largest"`
}

// Compare gives, per target of head (in head's order), the change from
// base to head: totals, percent, and the largest per-tool deltas (at most
// largest of them; tools are matched by name, and the tools of a
// duplicated name (a load error) count together, so the tools' deltas
// add up to the set's). base may be nil (nothing before: every tool is
// new).
func Compare(base, head *Set, largest int) []TargetDelta {
	out := make([]TargetDelta, 0, len(head.Targets))
	for j, target := range head.Targets {
		d := TargetDelta{Target: target, Exact: ExactFor(target)}
		before := map[string]Parts{}
		if base != nil {
			if t, ok := base.Total(target); ok {
				d.Before = t.Tokens
			}
			if bj := slices.Index(base.Targets, target); bj >= 0 {
				for _, row := range base.Tools {
					before[row[bj].Tool] = before[row[bj].Tool].plus(row[bj].Parts)
				}
			}
		}
		after := map[string]Parts{}
		for _, row := range head.Tools {
			after[row[j].Tool] = after[row[j].Tool].plus(row[j].Parts)
		}
		if t, ok := head.Total(target); ok {
			d.After = t.Tokens
		}
		d.Delta = d.After - d.Before
		if d.Before > 0 {
			d.Percent = float64(d.Delta) * 100 / float64(d.Before)
		}
		var tools []ToolDelta
		for name, a := range after {
			b, had := before[name]
			td := toolDelta(name, b, a)
			td.Added = !had
			if td.Delta != 0 {
				tools = append(tools, td)
			}
		}
		for name, b := range before {
			if _, ok := after[name]; !ok {
				td := toolDelta(name, b, Parts{})
				td.Removed = true
				tools = append(tools, td)
			}
		}
		slices.SortFunc(tools, func(x, y ToolDelta) int {
			if c := cmp.Compare(abs(y.Delta), abs(x.Delta)); c != 0 {
				return c
			}
			return strings.Compare(x.Tool, y.Tool)
		})
		if len(tools) > largest {
			tools = tools[:max(largest, 0)]
		}
		d.Largest = tools
		out = append(out, d)
	}
	return out
}

func toolDelta(name string, b, a Parts) ToolDelta {
	td := ToolDelta{Tool: name, Before: b.total(), After: a.total(), BeforeParts: b, AfterParts: a}
	td.Delta = td.After - td.Before
	// The main component: the part whose change is largest, in the
	// direction of the tool's change (a tie goes to the earlier part).
	for _, p := range []struct {
		name string
		d    int
	}{
		{PartNameDescription, a.NameDescription - b.NameDescription},
		{PartParameters, a.Parameters - b.Parameters},
		{PartStructure, a.Structure - b.Structure},
	} {
		if td.Part == "" || abs(p.d) > abs(td.PartDelta) {
			td.Part, td.PartDelta = p.name, p.d
		}
	}
	return td
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// PartName says a part for people: "description", "parameter
// descriptions", "schema structure".
func PartName(part string) string {
	switch part {
	case PartNameDescription:
		return "name and description"
	case PartParameters:
		return "parameter descriptions"
	}
	return "schema structure"
}

// Sentence says a target's delta in one line, for the job summary and the
// pull-request comment: "+1,240 tokens per request for OpenAI (+8%);
// largest: `search_issues` +610 (parameter descriptions)". targetName is
// the target's name for people; tool names are in backticks (the caller
// escapes for its format).
func (d TargetDelta) Sentence(targetName string) string {
	var b strings.Builder
	b.WriteString(Signed(d.Delta))
	b.WriteString(" tokens per request for ")
	b.WriteString(targetName)
	if d.Before > 0 {
		b.WriteString(" (")
		b.WriteString(signedPercent(d.Percent))
		b.WriteString(")")
	}
	if !d.Exact {
		b.WriteString(", estimated")
	}
	if len(d.Largest) > 0 {
		l := d.Largest[0]
		b.WriteString("; largest: `")
		b.WriteString(l.Tool)
		b.WriteString("` ")
		b.WriteString(Signed(l.Delta))
		switch {
		case l.Added:
			b.WriteString(" (new tool)")
		case l.Removed:
			b.WriteString(" (tool removed)")
		default:
			b.WriteString(" (")
			b.WriteString(PartName(l.Part))
			b.WriteString(")")
		}
	}
	return b.String()
}

// Signed renders n with its sign and thousands separators: "+1,240",
// "-35", "0".
func Signed(n int) string {
	switch {
	case n > 0:
		return "+" + Thousands(n)
	case n < 0:
		return "-" + Thousands(-n)
	}
	return "0"
}

// Thousands renders n ≥ 0 with commas: 1240 → "1,240".
func Thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + Thousands(-n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func signedPercent(p float64) string {
	s := strconv.FormatFloat(p, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	if p > 0 {
		s = "+" + s
	}
	if s == "-0" {
		s = "0"
	}
	return s + "%"
}
