package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/action/actiontest"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/provider"
)

func change(class, code, tool, file string, line int, msg string) diff.Change {
	return diff.Change{Classification: class, Code: code, ToolName: tool, Path: "inputSchema.properties.x", Message: msg,
		New: diff.Location{File: file, Line: line, Column: 3, EndLine: line, EndColumn: 6}}
}

func checkFinding(tool, file string, line int, sev, code string) finding.Finding {
	d := &provider.Diagnostic{Code: code, Severity: sev, Message: "`x` is optional.", Path: "inputSchema.properties.x",
		Compile: provider.Compile{Supported: true}, ToolName: tool}
	level := map[string]string{provider.SeverityError: finding.LevelError, provider.SeverityWarning: finding.LevelWarning}[sev]
	if level == "" {
		level = finding.LevelInfo
	}
	return finding.Finding{Kind: finding.KindCheck, Code: code, DefaultLevel: level, Tool: tool, Target: "openai", TargetName: "OpenAI",
		Path: d.Path, Location: finding.Location{File: file, Line: line, Column: 1}, Message: d.Message, Diagnostic: d,
		Fingerprint: finding.Fingerprint(finding.KindCheck, tool, "openai", code, d.Path, fmt.Sprint(line))}
}

func renderPolicyAnnotations(t *testing.T, res *finding.Result, changed func(string) bool) []actiontest.Command {
	t.Helper()
	var buf bytes.Buffer
	if err := AnnotationsSeeAlso(&buf, PolicyAnnotations(res, changed), MaxAnnotationsPerLevel, "the job summary"); err != nil {
		t.Fatal(err)
	}
	return actiontest.Annotations(buf.String())
}

func TestPolicyAnnotationsFollowTheVerdict(t *testing.T) {
	changes := finding.FromDiff(&diff.Result{Changes: []diff.Change{
		change(diff.Breaking, "required-property-added", "create_order", "tools/a.json", 5, "Required property `currency` was added; existing callers do not send it."),
		change(diff.NonBreaking, "optional-property-added", "create_order", "tools/a.json", 9, "Optional property `note` was added."),
		// A tool removed with its file: nothing in the head to point at.
		{Classification: diff.Breaking, Code: "tool-removed", ToolName: "gone", Message: "Tool `gone` was removed.",
			Old: diff.Location{File: "tools/gone.json", Line: 1, Column: 1}},
	}})
	fs := append([]finding.Finding{
		checkFinding("create_order", "tools/a.json", 3, provider.SeverityError, "openai/strict-optional-property"),
		checkFinding("create_order", "tools/a.json", 4, provider.SeverityWarning, "openai/nullable-instead-of-omitted"),
		checkFinding("old_tool", "tools/b.json", 7, provider.SeverityError, "openai/strict-optional-property"),
	}, changes...)
	base := []finding.Finding{checkFinding("old_tool", "tools/b.json", 7, provider.SeverityError, "openai/strict-optional-property")}
	// fail-on never: no check finding fails; breaking changes do.
	res := finding.Apply(finding.Policy{FailOn: finding.FailOnNever, BreakingFailOn: finding.BreakingFailOnBreaking, OnlyNew: true}, fs, base)
	got := map[string]string{}
	for _, a := range renderPolicyAnnotations(t, res, nil) {
		got[a.Properties["title"]] = a.Name + " " + a.Properties["file"]
	}
	want := map[string]string{
		"Breaking: required property currency added (create_order)": "error tools/a.json",
		"Non-breaking: optional property note added (create_order)": "notice tools/a.json",
		"Breaking: tool gone removed (gone)":                        "error ",
		"OpenAI: x is optional (create_order)":                      "warning tools/a.json",
		"Existing, OpenAI: x is optional (old_tool)":                "notice tools/b.json",
	}
	for title, w := range want {
		if got[title] != w {
			t.Errorf("%q: got %q, want %q", title, got[title], w)
		}
	}
	if len(got) != 5 { // the two create_order check findings share a title
		t.Errorf("annotations %v", got)
	}
}

func TestPolicyAnnotationSlotsGoToChangedFiles(t *testing.T) {
	var fs []finding.Finding
	for i := 0; i < 12; i++ {
		fs = append(fs, checkFinding(fmt.Sprintf("t%02d", i), "tools/a.json", i+1, provider.SeverityWarning, "openai/nullable-instead-of-omitted"))
	}
	for i := 0; i < 3; i++ {
		fs = append(fs, checkFinding(fmt.Sprintf("z%02d", i), "tools/z.json", i+1, provider.SeverityWarning, "openai/nullable-instead-of-omitted"))
	}
	res := finding.Apply(finding.Policy{FailOn: finding.FailOnNever}, fs, nil)
	cmds := renderPolicyAnnotations(t, res, func(f string) bool { return f == "tools/z.json" })
	inZ := 0
	for _, a := range cmds {
		if a.Name == "warning" && a.Properties["file"] == "tools/z.json" {
			inZ++
		}
	}
	if inZ != 3 {
		t.Errorf("%d of 3 new findings in the changed file annotated", inZ)
	}
	// Without the changed files, file order decides: z.json loses.
	cmds = renderPolicyAnnotations(t, res, nil)
	for _, a := range cmds {
		if a.Properties["file"] == "tools/z.json" {
			t.Errorf("without changed files, z.json should sort last: %v", a)
		}
	}
}

func TestPolicyOverflowCountsBreakingChanges(t *testing.T) {
	var cs []diff.Change
	for i := 0; i < 13; i++ {
		cs = append(cs, change(diff.Breaking, "tool-removed", fmt.Sprintf("t%02d", i), "tools/a.json", i+1, "Tool was removed."))
	}
	res := finding.Apply(finding.Policy{BreakingFailOn: finding.BreakingFailOnBreaking}, finding.FromDiff(&diff.Result{Changes: cs}), nil)
	cmds := renderPolicyAnnotations(t, res, nil)
	last := cmds[len(cmds)-1]
	want := "3 more findings are in the job summary (GitHub shows 10 annotations of each kind per step). 3 of them are breaking changes."
	if last.Properties["title"] != "More findings" || last.Message != want {
		t.Errorf("overflow notice %q, want %q", last.Message, want)
	}
	if !strings.Contains(fmt.Sprint(cmds[0].Properties), "tools/a.json") {
		t.Errorf("first annotation %v", cmds[0])
	}
}
