package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"

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
	for _, r := range res.Reports {
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
		}
	}
	bw.WriteString("\n")
	if res.Regressions == 0 {
		bw.WriteString("Target result: no compatibility regressions\n")
	} else {
		bw.WriteString("Target result: " + plural(res.Regressions, "compatibility regression") + "\n")
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
	if err := enc.Encode(td.Reports); err != nil {
		return []byte("[]")
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}
