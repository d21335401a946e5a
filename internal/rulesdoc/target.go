package rulesdoc

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/targetdiff"
)

// TargetCode is run's one code of its own: a compile regression of a pull
// request (finding.KindTarget), catalogued after the diff codes. Its
// classification is what it counts as: breaking.
var TargetCode = diff.Code{
	ID:    finding.CodeTargetRegressed,
	Class: diff.Breaking,
	Trigger: "the targets are named (the `targets` input or the config's `targets`) and a tool present on both sides " +
		"compiled for a target without loss on the base and is refused on the head (`schemaport-action diff --targets` reports the same as `regressed`)",
	Ours: true,
}

// renderTarget renders TargetCode's entry: its example runs through the
// comparison per target `run` makes, on every target.
func renderTarget(b *strings.Builder, ex Example) error {
	c := TargetCode
	b.WriteString("\n### " + c.ID + "\n\n")
	b.WriteString("Kind: target (`run` only), counted as breaking (ours; not in SchemaPort 0.1.0). Triggers when " + c.Trigger + ". " +
		"It fails the run (by default; on push only when asked) unless `fail-on-target-regression` (config: `failOnTargetRegression`) is false; the approval label and `accept` entries accept it as they accept a breaking change. " +
		"A tool the base could not compile either has not regressed.\n")
	if ex.Old == "" || ex.New == "" {
		return fmt.Errorf("%s: no example (add ```%s and ```%s blocks)", c.ID, fenceOld, fenceNew)
	}
	b.WriteString("\nExample (`old.json`, then `new.json`):\n\n```" + fenceOld + "\n" + ex.Old + "```\n\n```" + fenceNew + "\n" + ex.New + "```\n")
	out, err := runTargets(ex.Old, ex.New)
	if err != nil {
		return fmt.Errorf("%s: %v", c.ID, err)
	}
	b.WriteString("\nFindings of `run` on a pull request from `old.json` to `new.json`, every target named:\n\n```text\n" + out + "```\n")
	if out == "" {
		return fmt.Errorf("%s: the example does not produce the code", c.ID)
	}
	return nil
}

// runTargets compares old.json and new.json per target and returns one
// line per regression.
func runTargets(old, new string) (string, error) {
	o, n, problem, err := loadPair(old, new)
	if err != nil || problem != "" {
		return problem, err
	}
	var ids []string
	for _, t := range check.Targets() {
		ids = append(ids, t.ID)
	}
	targets, err := targetdiff.Targets(ids)
	if err != nil {
		return "", err
	}
	td := targetdiff.Diff(o.Tools, n.Tools, targets)
	var b strings.Builder
	for _, f := range finding.FromTargetDiff(&td) {
		l := f.Location
		b.WriteString(l.File + ":" + strconv.Itoa(l.Line) + ":" + strconv.Itoa(l.Column) + ": error " + f.Code + " " + f.Message + "\n")
	}
	return b.String(), nil
}
