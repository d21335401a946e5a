// Package rulesdoc builds docs/rules.md, the catalogue of every check and
// diff code: what triggers it, the provider's source, a minimal example
// and the exact output the engine gives for it. The examples are the only
// hand-written part and live in the document itself; everything else is
// rendered from the rule tables and by running the examples, so a test
// that renders the document and compares it with the file keeps it true.
package rulesdoc

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Example is the hand-written part of one entry: a tool file for a check
// code, two for a diff code, or a generator line (for examples too large
// to show: size limits, tool-set budgets, reference fan-out).
type Example struct {
	Tool, Old, New      string // file texts
	Gen, GenOld, GenNew string // generator lines
	None                string // why there is no example (noExample codes)
	// Output is the rendered output block of the entry (read by Parse
	// only; Render always runs the example again).
	Output string
}

// Fence info strings of the example blocks.
const (
	fenceTool   = "json example"
	fenceOld    = "json old"
	fenceNew    = "json new"
	fenceGen    = "text generate"
	fenceGenOld = "text generate old"
	fenceGenNew = "text generate new"
	fenceNone   = "text no example"
)

// noExample are the codes no input can produce through the CLI by
// design; their entry says why instead of showing an example.
var noExample = map[string]bool{
	// The safety net fires only where the keyword comparison misses a
	// break the validator then finds: a correct engine gives no input.
	"schema-narrowed": true,
}

// Parse reads the examples of a rendered document, by code.
func Parse(doc string) map[string]Example {
	out := map[string]Example{}
	for _, section := range strings.Split(doc, "\n### ")[1:] {
		code, body, _ := strings.Cut(section, "\n")
		code = strings.TrimSpace(code)
		var ex Example
		rest := body
		for {
			i := strings.Index(rest, "```")
			if i < 0 {
				break
			}
			rest = rest[i+3:]
			info, after, _ := strings.Cut(rest, "\n")
			end := strings.Index(after, "\n```")
			if end < 0 {
				break
			}
			text := after[:end+1]
			rest = after[end+4:]
			switch strings.TrimSpace(info) {
			case fenceTool:
				ex.Tool = text
			case fenceOld:
				ex.Old = text
			case fenceNew:
				ex.New = text
			case fenceGen:
				ex.Gen = strings.TrimSpace(text)
			case fenceGenOld:
				ex.GenOld = strings.TrimSpace(text)
			case fenceGenNew:
				ex.GenNew = strings.TrimSpace(text)
			case fenceNone:
				ex.None = strings.TrimSpace(text)
			case "text":
				ex.Output = text
			}
		}
		out[code] = ex
	}
	return out
}

// checkEntry is a check code with the rows of every target that has it.
type checkEntry struct {
	code   string
	target string // the first target listing it: where its example runs
	rows   []row
}

type row struct {
	targetName string
	rule       provider.Rule
}

// checkEntries lists the check codes in catalogue order: targets in
// registry order, then the core target; each code once.
func checkEntries() []*checkEntry {
	var out []*checkEntry
	index := map[string]*checkEntry{}
	targets := append(check.Targets(), check.Core())
	for _, t := range targets {
		for _, r := range t.Rules {
			e := index[r.Code]
			if e == nil {
				e = &checkEntry{code: r.Code, target: t.ID}
				index[r.Code] = e
				out = append(out, e)
			}
			e.rows = append(e.rows, row{targetName: t.Name + " (`" + t.ID + "`)", rule: r})
		}
	}
	return out
}

// Render renders the whole document from the rule tables and examples.
// It fails when a code has no example or its example does not produce it.
func Render(examples map[string]Example) (string, error) {
	var b strings.Builder
	b.WriteString(header)
	var problems []string
	b.WriteString("\n## Check codes\n")
	section := ""
	for _, e := range checkEntries() {
		if s := sectionOf(e); s != section {
			section = s
			b.WriteString("\n## " + s + "\n")
		}
		if err := renderCheck(&b, e, examples[e.code]); err != nil {
			problems = append(problems, err.Error())
		}
	}
	b.WriteString("\n## Diff codes\n")
	for _, c := range diff.Codes {
		if err := renderDiff(&b, c, examples[c.ID]); err != nil {
			problems = append(problems, err.Error())
		}
	}
	b.WriteString("\n## Run codes\n")
	if err := renderTarget(&b, examples[TargetCode.ID]); err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return b.String(), fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	return b.String(), nil
}

func sectionOf(e *checkEntry) string {
	t, _ := check.Lookup(e.target)
	if e.target == check.Core().ID {
		t = check.Core()
	}
	return "Target: " + t.Name + " (`" + t.ID + "`)"
}

const header = `# Rule catalogue

Every code ` + "`schemaport-action check`" + ` and ` + "`diff`" + ` can report: what triggers it, where
the provider says so, a minimal example and the exact output it gives. The
check output is ` + "`--format compact`" + ` restricted to the entry's code; the diff output
is one line per change (` + "`file:line:col: classification code message`" + `).

This file is generated and kept true by ` + "`internal/rulesdoc`" + `'s test, which runs
every example: the examples (the ` + "`json example`" + `, ` + "`json old`" + `/` + "`json new`" + ` and
` + "`text generate`" + ` blocks) are written by hand here; everything else is rendered.
After changing a rule or an example, run ` + "`go test ./internal/rulesdoc -update`" + `.

An entry whose output is a load error is a code the loader makes unreachable
from the CLI: the input it needs (an external ` + "`$ref`" + `, a boolean subschema, a
root that is not an object...) is rejected before any rule runs. The rule
still exists for other callers of the engine and stays documented.

Severity, compile ability and the trigger come from the rule tables in
` + "`internal/provider/<target>/rules.go`" + ` (for check) and ` + "`internal/diff/codes.go`" + ` (for
diff), where each provider claim carries its source in a comment.
`

func renderCheck(b *strings.Builder, e *checkEntry, ex Example) error {
	b.WriteString("\n### " + e.code + "\n\n")
	b.WriteString("| target | severity | compile | triggers when |\n|---|---|---|---|\n")
	var sources, words []string
	for _, r := range e.rows {
		if r.rule.Source != "" && !slices.Contains(words, r.rule.Source) {
			words = append(words, r.rule.Source)
		}
		b.WriteString("| " + cell(r.targetName) + " | " + r.rule.Severity + " | " + cell(r.rule.Compile) + " | " + cell(r.rule.Trigger) + " |\n")
		if r.rule.DocsURL != "" && !slices.Contains(sources, r.rule.DocsURL) {
			sources = append(sources, r.rule.DocsURL)
		}
	}
	b.WriteString("\nSource: " + strings.Join(sources, ", ") + "\n")
	for _, w := range words {
		b.WriteString("\nProvider's answer: " + w + "\n")
	}
	if ex.Tool == "" && ex.Gen == "" {
		return fmt.Errorf("%s: no example (add a ```%s block)", e.code, fenceTool)
	}
	files := map[string]string{}
	if ex.Gen != "" {
		text, err := generate(ex.Gen)
		if err != nil {
			return fmt.Errorf("%s: %v", e.code, err)
		}
		files["example.json"] = text
		b.WriteString("\nExample (generated: too large to show):\n\n```" + fenceGen + "\n" + ex.Gen + "\n```\n")
	} else {
		files["example.json"] = ex.Tool
		b.WriteString("\nExample (`example.json`):\n\n```" + fenceTool + "\n" + ex.Tool + "```\n")
	}
	out, err := runCheck(files, e.target, e.code)
	if err != nil {
		return fmt.Errorf("%s: %v", e.code, err)
	}
	b.WriteString("\nOutput of `check example.json --targets " + e.target + " --format compact`, this code only:\n\n```text\n" + out + "```\n")
	if out == "" {
		return fmt.Errorf("%s: the example does not produce the code", e.code)
	}
	return nil
}

func renderDiff(b *strings.Builder, c diff.Code, ex Example) error {
	b.WriteString("\n### " + c.ID + "\n\n")
	ours := ""
	if c.Ours {
		ours = " (ours; not in SchemaPort 0.1.0)"
	}
	b.WriteString("Classification: " + c.Class + ours + ". Triggers when " + c.Trigger + ".\n")
	old, new := ex.Old, ex.New
	if noExample[c.ID] {
		if ex.None == "" {
			return fmt.Errorf("%s: say why there is no example (a ```%s block)", c.ID, fenceNone)
		}
		b.WriteString("\nNo example:\n\n```" + fenceNone + "\n" + ex.None + "\n```\n")
		return nil
	}
	switch {
	case ex.GenOld != "" || ex.GenNew != "":
		var err error
		if old, err = generate(ex.GenOld); err != nil {
			return fmt.Errorf("%s: %v", c.ID, err)
		}
		if new, err = generate(ex.GenNew); err != nil {
			return fmt.Errorf("%s: %v", c.ID, err)
		}
		b.WriteString("\nExample (generated: too large to show):\n\n```" + fenceGenOld + "\n" + ex.GenOld + "\n```\n\n```" + fenceGenNew + "\n" + ex.GenNew + "\n```\n")
	case old != "" || new != "":
		b.WriteString("\nExample (`old.json`, then `new.json`):\n\n```" + fenceOld + "\n" + old + "```\n\n```" + fenceNew + "\n" + new + "```\n")
	default:
		return fmt.Errorf("%s: no example (add ```%s and ```%s blocks)", c.ID, fenceOld, fenceNew)
	}
	out, err := runDiff(old, new, c.ID)
	if err != nil {
		return fmt.Errorf("%s: %v", c.ID, err)
	}
	b.WriteString("\nOutput of `diff old.json new.json`, this code only:\n\n```text\n" + out + "```\n")
	if out == "" {
		return fmt.Errorf("%s: the example does not produce the code", c.ID)
	}
	return nil
}

// cell makes text safe inside a Markdown table cell.
func cell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ")
}

// runCheck loads files from a temporary directory, checks them against
// target and returns the compact lines of code.
func runCheck(files map[string]string, target, code string) (string, error) {
	dir, err := writeTemp(files)
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	loaded := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(loaded.Errors) > 0 {
		return loadErrors(loaded.Errors), nil
	}
	targets := []string{target}
	if target == check.Core().ID {
		targets = []string{"mcp"} // core runs with any target
	}
	var buf bytes.Buffer
	if err := report.CheckTextWith(&buf, check.Run(loaded.Tools, targets), report.CheckTextOptions{Compact: true}); err != nil {
		return "", err
	}
	if primary, ok := provider.FoldsInto(code); ok {
		// Shown inside the entry of the finding it restates.
		return onlyCode(buf.String(), " "+primary+" "), nil
	}
	return onlyCode(buf.String(), " "+code+" "), nil
}

// loadErrors is the output of an example the loader rejects: the code
// cannot fire through the CLI on it, and the entry says why.
func loadErrors(errs []tool.LoadError) string {
	var b strings.Builder
	for _, e := range errs {
		b.WriteString(e.SourcePath + ":" + strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Column) + ": load error (exit 2, nothing is checked): " + e.Message + "\n")
	}
	return b.String()
}

// runDiff diffs old.json against new.json and returns the lines of code.
func runDiff(old, new, code string) (string, error) {
	o, n, problem, err := loadPair(old, new)
	if err != nil || problem != "" {
		return problem, err
	}
	var b strings.Builder
	for _, c := range diff.ToolSets(o.Tools, n.Tools, diff.Options{}).Changes {
		if c.Code != code {
			continue
		}
		loc := c.New
		if loc.File == "" {
			loc = c.Old
		}
		b.WriteString(loc.File + ":" + strconv.Itoa(loc.Line) + ":" + strconv.Itoa(loc.Column) + ": " + c.Classification + " " + c.Code + " " + c.Message + "\n")
	}
	return b.String(), nil
}

func onlyCode(out, needle string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(out, "\n") {
		if strings.Contains(line, needle) {
			b.WriteString(line)
		}
	}
	return b.String()
}

func writeTemp(files map[string]string) (string, error) {
	dir, err := os.MkdirTemp("", "rulesdoc-*")
	if err != nil {
		return "", err
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			os.RemoveAll(dir)
			return "", err
		}
	}
	return dir, nil
}

// loadPair loads old.json and new.json written to a temp dir; problem is
// their load errors, as an example shows them.
func loadPair(old, new string) (o, n *tool.Result, problem string, err error) {
	dir, err := writeTemp(map[string]string{"old.json": old, "new.json": new})
	if err != nil {
		return nil, nil, "", err
	}
	defer os.RemoveAll(dir)
	o = tool.Load([]string{filepath.Join(dir, "old.json")}, tool.Options{Cwd: dir})
	n = tool.Load([]string{filepath.Join(dir, "new.json")}, tool.Options{Cwd: dir})
	if errs := append(o.Errors, n.Errors...); len(errs) > 0 {
		return nil, nil, loadErrors(errs), nil
	}
	return o, n, "", nil
}
