package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/targetdiff"
)

// TargetDiffText writes diff's "Target compatibility" section (diff
// --targets; SchemaPort diff-rules.md and cli-extras.md §2): per target,
// each tool whose compatibility changed, then the count of regressions.
//
//	OpenAI
//	  ✗ create_ticket: compiled before, refused now (OpenAI).
//	      converted-one-of-to-any-of  inputSchema.properties.assignee.oneOf
func TargetDiffText(w io.Writer, res *targetdiff.Result, opts TextOptions) error {
	bw := bufio.NewWriter(w)
	p := painter(opts.Color)
	bw.WriteString("\n" + p.paint(ansiBold, "Target compatibility") + "\n")
	for _, r := range capTargetDiff(res, RunLimits) {
		bw.WriteString("\n" + p.paint(ansiBold, clean(r.DisplayName)) + "\n")
		if len(r.Tools) == 0 {
			bw.WriteString("  No compatibility change.\n")
			continue
		}
		for i := range r.Tools {
			c := &r.Tools[i]
			name := clean(c.ToolName)
			switch {
			case c.Verdict == targetdiff.Regressed:
				bw.WriteString("  " + p.paint(ansiRed, markError) + " " + name + ": compiled before, refused now (" + clean(r.DisplayName) + ").\n")
				for _, cause := range c.RefusedBy {
					bw.WriteString("      " + clean(cause.Code) + "  " + clean(cause.Path) + "\n")
					if cause.Reason != "" {
						bw.WriteString("        " + clean(truncateText(cause.Reason)) + "\n")
					}
				}
			case c.Verdict == targetdiff.Fixed:
				bw.WriteString("  " + p.paint(ansiGreen, markOK) + " " + name + ": was refused, compiles now.\n")
			default:
				state := "still compiles"
				if !c.After {
					state = "still refused"
				}
				bw.WriteString("  " + p.paint(ansiYellow, markWarning) + " " + name + ": " + state + ", findings changed.\n")
				for _, a := range c.Added {
					bw.WriteString("      + " + clean(a.Code) + "  " + clean(a.Path) + "\n")
				}
				for _, a := range c.Resolved {
					bw.WriteString("      - " + clean(a.Code) + "  " + clean(a.Path) + "\n")
				}
			}
			if c.Omitted > 0 {
				bw.WriteString("      … " + strconv.Itoa(c.Omitted) + " more not shown\n")
			}
		}
	}
	bw.WriteString("\n")
	if res.Regressions == 0 {
		bw.WriteString("Target result: no compatibility regressions\n")
	} else {
		bw.WriteString("Target result: " + plural(res.Regressions, "compatibility regression") + "\n")
		bw.WriteString("To clear a regression, change the schema so the target takes what refuses it as it is, or accept it with an `accept` entry for `target-regressed` (`schemaport-action explain target-regressed`).\n")
	}
	return bw.Flush()
}

// DiffJSONWithTargets is DiffJSON plus, when td is not nil, the target
// section: `summary.targetRegressions` and a top-level `targets` array
// (one report per target asked for, in that order: targetId, displayName,
// regressed, fixed, and tools with toolName, verdict, before, after,
// refusedBy [{code, path}], added and resolved [{code, path, severity}]).
// Without --targets the document is DiffJSON's, byte for byte.
func DiffJSONWithTargets(w io.Writer, res *diff.Result, omitted Omitted, td *targetdiff.Result) error {
	return diffJSON(w, res, omitted, td)
}

// targetsJSON is the `targets` member's value, indented for its place.
func targetsJSON(td *targetdiff.Result) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("  ", "  ")
	enc.SetEscapeHTML(false) // as the rest of the document: `<` stays `<`
	if err := enc.Encode(capTargetDiff(td, RunLimits)); err != nil {
		return []byte("[]")
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// cappedReport is a targetdiff.TargetReport as the outputs show it: its
// tools' entries capped.
type cappedReport struct {
	TargetID    string       `json:"targetId"`
	DisplayName string       `json:"displayName"`
	Regressed   int          `json:"regressed"`
	Fixed       int          `json:"fixed"`
	Tools       []cappedTool `json:"tools"`
}

// cappedTool is a targetdiff.ToolChange with at most Limits.PerTool
// entries (refusedBy, added and resolved together) and abbreviated paths;
// omitted counts the entries left out.
type cappedTool struct {
	ToolName  string             `json:"toolName"`
	Verdict   string             `json:"verdict"`
	Before    bool               `json:"before"`
	After     bool               `json:"after"`
	RefusedBy []targetdiff.Cause `json:"refusedBy"`
	Added     []targetdiff.Ref   `json:"added"`
	Resolved  []targetdiff.Ref   `json:"resolved"`
	Omitted   int                `json:"omitted,omitempty"`
}

// capTargetDiff bounds diff --targets' section as Cap bounds findings: a
// schema nested thousands of levels deep changed a compile finding at
// every level, and the section listed each with its whole path (38 MB of
// text for one tool). At most l.PerTool entries per tool and target and
// l.PerRun in all are listed, in the engine's order, paths abbreviated;
// the tools, verdicts and counts stay whole.
func capTargetDiff(td *targetdiff.Result, l Limits) []cappedReport {
	left := l.PerRun
	take := func(n int, c *cappedTool) int {
		k := min(n, max(0, l.PerTool-len(c.RefusedBy)-len(c.Added)-len(c.Resolved)), max(0, left))
		left -= k
		c.Omitted += n - k
		return k
	}
	out := make([]cappedReport, len(td.Reports))
	for i, r := range td.Reports {
		out[i] = cappedReport{TargetID: r.TargetID, DisplayName: r.DisplayName, Regressed: r.Regressed, Fixed: r.Fixed, Tools: make([]cappedTool, len(r.Tools))}
		for j := range r.Tools {
			t := &r.Tools[j]
			c := &out[i].Tools[j]
			*c = cappedTool{ToolName: t.ToolName, Verdict: t.Verdict, Before: t.Before, After: t.After}
			c.RefusedBy = capEntries(t.RefusedBy, take(len(t.RefusedBy), c), func(x *targetdiff.Cause) *string { return &x.Path })
			c.Added = capEntries(t.Added, take(len(t.Added), c), func(x *targetdiff.Ref) *string { return &x.Path })
			c.Resolved = capEntries(t.Resolved, take(len(t.Resolved), c), func(x *targetdiff.Ref) *string { return &x.Path })
		}
	}
	return out
}

// capEntries is the first k entries of in, their paths abbreviated (nil
// stays nil: the document writes it as before).
func capEntries[T any](in []T, k int, path func(*T) *string) []T {
	if in == nil {
		return nil
	}
	out := make([]T, k)
	copy(out, in)
	for i := range out {
		p := path(&out[i])
		*p = AbbreviatePath(*p)
	}
	return out
}
