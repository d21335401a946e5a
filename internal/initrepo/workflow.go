package initrepo

import (
	"fmt"
	"io"
	"strings"

	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/textsafe"
)

// workflow is the README's recommended workflow for the repository: the
// action reads targets, failOn, rules, accept and output from the config
// file; the paths are given here too, so the workflow says what it checks.
func (r *Result) workflow() []byte {
	var b strings.Builder
	b.WriteString(`# Written by ` + "`schemaport-action init`" + `: checks the tool definitions on every pull
# request and push, annotates the pull request, uploads SARIF to code scanning and
# comments on the pull request. Targets, failOn, rules and accept entries come from
# schemaport.config.json. See https://github.com/schemaport/schemaport-action#use-it-in-github-actions
name: Tool definitions
on:
  pull_request:
    # labeled/unlabeled re-run the check when the approval label is added or removed
    types: [opened, synchronize, reopened, labeled, unlabeled]
  push:
    branches: [` + r.Branch + `]

permissions:
  contents: read          # read the repository
  security-events: write  # upload SARIF to code scanning
  actions: read           # upload-sarif needs it in private repositories
  pull-requests: write    # the pull request comment

jobs:
  schemaport:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5      # the action fetches the base commit it needs
      - id: schemaport
        uses: schemaport/schemaport-action@v1
        with:
          path: |                      # files or directories, one per line
`)
	for _, p := range r.Paths {
		b.WriteString("            " + p + "\n")
	}
	b.WriteString(`          github-token: ${{ github.token }}  # comment on the pull request
      - if: always()
        uses: github/codeql-action/upload-sarif@v4
        with:
          sarif_file: ${{ steps.schemaport.outputs.sarif-file || 'schemaport.sarif' }}
          category: schemaport/
`)
	return []byte(b.String())
}

// Report says what init found, wrote and left alone, where the
// repository stands today, and what to commit.
func (r *Result) Report(w io.Writer) {
	d := r.Discovery
	byFormat := map[string]int{}
	for _, f := range d.ToolFiles {
		byFormat[string(d.Formats[f])]++
	}
	var formats []string
	for _, f := range []string{"canonical", "openai-chat", "openai-responses", "anthropic", "gemini", "mcp"} {
		if n := byFormat[f]; n > 0 {
			if f == "canonical" {
				f = "canonical or MCP"
			}
			formats = append(formats, fmt.Sprintf("%d %s", n, f))
		}
	}
	fmt.Fprintf(w, "Found %s (%s).\n", plural(len(d.ToolFiles), "tool file"), strings.Join(formats, ", "))
	if len(d.Other) > 0 {
		fmt.Fprintf(w, "Left out %s (not tool files).\n", plural(len(d.Other), "other JSON file"))
	}
	if len(d.Unsafe) > 0 {
		fmt.Fprintf(w, "Left out %s whose names cannot go into a workflow file (a control character or `${{`): rename them.\n", plural(len(d.Unsafe), "tool file"))
	}
	for _, c := range d.Compiled {
		fmt.Fprintf(w, "Compiled output (a `schemaport-action compile` manifest): %s, left out of the tools.\n", c)
	}
	settings := fmt.Sprintf("schemas %s; targets %s; failOn %s", strings.Join(r.Paths, ", "), strings.Join(r.Targets, ", "), r.FailOn)
	if r.Output != "" {
		settings += "; output " + r.Output
	}
	if r.FromConfig {
		settings += " (from the existing config)"
	}
	verb := "Wrote"
	for _, f := range []File{r.Config, r.Work} {
		switch {
		case f.Write && f.Path == r.Config.Path && r.FromConfig:
			fmt.Fprintf(w, "%s %s: added %s, kept everything else.\n", verb, f.Path, plural(len(r.Added), "accept entry"))
		case f.Write && f.Path == r.Config.Path:
			fmt.Fprintf(w, "%s %s: %s.\n", verb, f.Path, settings)
		case f.Write:
			fmt.Fprintf(w, "%s %s: schemaport/schemaport-action@v1 on pull requests and pushes to %s.\n", verb, f.Path, r.Branch)
		default:
			fmt.Fprintf(w, "Kept %s: it exists (--force overwrites it).\n", f.Path)
		}
	}
	if r.FromConfig {
		fmt.Fprintf(w, "Settings: %s.\n", settings)
	}

	c := r.Before
	fmt.Fprintf(w, "Today: %s, %s, %s, %s.\n", plural(r.Tools, "tool"), plural(c.Errors, "error"), plural(c.Warnings, "warning"), plural(c.Infos, "info"))
	if r.FailOn == finding.FailOnLossy && c.Errors > 0 {
		fmt.Fprintf(w, "failOn is lossy: an error `schemaport-action compile` fixes does not fail, so send the compiled definitions (`schemaport-action compile %s --out generated`, then set `output`).\n", textsafe.ShellJoin(r.Paths))
	}
	switch {
	case r.Failing == 0 && r.Expired == 0:
		fmt.Fprintf(w, "Nothing fails at failOn %s: `schemaport-action check` and the action pass.\n", r.FailOn)
	case len(r.Added) > 0:
		fmt.Fprintf(w, "Accepted %s (%s) until %s. Replace each reason \"TODO: …\" with why it is acceptable before you commit.\n", plural(r.Failing, "failing finding"), plural(len(r.Added), "entry"), r.Until)
		if r.After.Failing == 0 && r.Expired == 0 {
			fmt.Fprintln(w, "The action (`schemaport-action run`) passes now; `check` and the pre-commit hook still report them (accept entries are the action's policy).")
		}
	default:
		fmt.Fprintf(w, "%s at failOn %s: the action fails today.\n", plural(r.Failing, "finding fails"), r.FailOn)
		fmt.Fprintf(w, "To start green, `schemaport-action init --accept-existing` accepts them until %s with a reason to fill in; or fix them (`schemaport-action explain CODE` says how).\n", r.Until)
	}
	if r.Expired > 0 {
		fmt.Fprintf(w, "%s in the config %s past its date and fails the run: fix the findings or extend the date.\n", plural(r.Expired, "accept entry"), isAre(r.Expired))
	}
	var commit []string
	for _, f := range []File{r.Config, r.Work} {
		if f.Write {
			commit = append(commit, f.Path)
		}
	}
	if len(commit) > 0 {
		fmt.Fprintf(w, "\nCommit them:\n  git add %s\n  git commit -m \"Check the tool definitions with schemaport-action\"\n", textsafe.ShellJoin(commit))
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	switch {
	case strings.HasSuffix(noun, "entry"):
		noun = strings.TrimSuffix(noun, "y") + "ies"
	case strings.HasSuffix(noun, " fails"):
		noun = strings.TrimSuffix(noun, " fails") + "s fail"
	default:
		noun += "s"
	}
	return fmt.Sprintf("%d %s", n, noun)
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
