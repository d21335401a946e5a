package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/schemaport/schemaport-action/internal/cliargs"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/initrepo"
	"github.com/schemaport/schemaport-action/internal/report"
)

const initHelp = `Usage: schemaport-action init [--accept-existing] [--force]

Looks at the repository in the working directory (tool files in every format
the loader reads, an existing schemaport.config.json) and writes a starter
schemaport.config.json (schemas, targets, failOn) and
.github/workflows/schemaport.yml (the README's recommended workflow), then
says where the repository stands today and what to commit. A file that exists
is left alone unless --force is given.

Options:
  --accept-existing  add an accept entry for every finding that fails today
                     (a reason to fill in, until 90 days from today), to the
                     config init writes or the existing one (every other key
                     and entry is kept): the action passes from the first run
  --force            overwrite an existing config file and workflow
  -h, --help         show this help

Exit status: 0 done, 2 usage error, no tool files, or tools that do not load.
`

var initSpecs = []cliargs.Spec{
	{Name: "force", Kind: cliargs.Flag}, {Name: "accept-existing", Kind: cliargs.Flag},
}

// initCommand writes the starter config and workflow.
func initCommand(args []string, stdout, stderr io.Writer) int {
	p, err := cliargs.Parse(args, initSpecs)
	if err != nil {
		return usageError(args, stdout, stderr, "init", err.Error())
	}
	if p.Help {
		io.WriteString(stdout, initHelp)
		return 0
	}
	if len(p.Positionals) > 0 {
		return usageError(args, stdout, stderr, "init", fmt.Sprintf("init takes no paths (got `%s`): run it in the repository's root.", p.Positionals[0]))
	}
	cwd, err := workingDir()
	if err != nil {
		return usageError(args, stdout, stderr, "init", err.Error())
	}
	// today is run's clock: the accept entries init writes are judged by it.
	r, err := initrepo.Plan(initrepo.Options{Root: cwd, Force: p.Flags["force"], AcceptExisting: p.Flags["accept-existing"], Today: finding.Today()})
	var loadErrs *initrepo.LoadErrors
	if errors.As(err, &loadErrs) {
		// Nothing is written until the files load; they are reported as
		// check reports them.
		fmt.Fprintln(stderr, loadErrs.Error())
		return reportLoadErrors("text", "init", report.SARIFInput{}, loadErrs.Errors, stdout, stderr)
	}
	if err != nil {
		return usageError(args, stdout, stderr, "init", err.Error())
	}
	if err := r.Write(cwd); err != nil {
		return usageError(args, stdout, stderr, "init", err.Error())
	}
	r.Report(stdout)
	return 0
}
