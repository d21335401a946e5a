package main

import (
	"fmt"
	"io"

	"github.com/schemaport/schemaport-action/internal/cliargs"
	"github.com/schemaport/schemaport-action/internal/explain"
)

const explainHelp = `Usage: schemaport-action explain CODE

Prints a check or diff code's entry of the rule catalogue (docs/rules.md):
what triggers it, the provider's words and source, an example and the output
it gives, the fix, and whether ` + "`schemaport-action compile`" + ` fixes it.
An unknown code names the nearest ones.

Options:
  -h, --help   show this help

Exit status: 0 the code exists, 2 usage error or unknown code.
`

// explainCommand prints one code's catalogue entry.
func explainCommand(args []string, stdout, stderr io.Writer) int {
	p, err := cliargs.Parse(args, nil)
	if err != nil {
		return usageError(args, stdout, stderr, "explain", err.Error())
	}
	if p.Help {
		io.WriteString(stdout, explainHelp)
		return 0
	}
	if len(p.Positionals) != 1 {
		return usageError(args, stdout, stderr, "explain", fmt.Sprintf("explain takes one code (got %d), e.g. `schemaport-action explain openai/strict-optional-property`.", len(p.Positionals)))
	}
	e, ok := explain.Lookup(p.Positionals[0])
	if !ok {
		return usageError(args, stdout, stderr, "explain", explain.Unknown(p.Positionals[0]))
	}
	if err := explain.Write(stdout, e); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", programName, err)
		return 2
	}
	return 0
}
