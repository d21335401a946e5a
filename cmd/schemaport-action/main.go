// Command schemaport-action checks canonical LLM tool definitions against
// provider rules, diffs them against a base for breaking changes, and runs
// the whole job as a GitHub container action (`run`).
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/schemaport/schemaport-action/internal/actionrun"
	"github.com/schemaport/schemaport-action/internal/cliargs"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/textsafe"
	"github.com/schemaport/schemaport-action/internal/version"
)

const programName = "schemaport-action"

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// dispatch runs one command and returns its exit status.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "run" && os.Getenv("GITHUB_ACTIONS") == "true" {
		// In Actions, run writes workflow commands itself and fences the
		// text it prints. Elsewhere it prints plain text, which can still
		// end up in a log (the binary in a container a step starts, which
		// does not pass GITHUB_ACTIONS on): that is filtered as below.
		return guarded(args, stdout, stderr, func() int { return route(args, stdout, stderr) })
	}
	// What the other commands print may hold a tool file's names and a
	// file's name: in a GitHub Actions step (pre-commit, a `run:` step
	// after setup) no line of it may read as a workflow command. A JSON or
	// SARIF document keeps its values: only `##[` is spelled `##\u005b`.
	errw := textsafe.NewLogWriter(stderr)
	defer errw.Flush()
	outw := textsafe.NewLogWriter(stdout)
	if f := cliargs.FormatIn(args); f == "json" || f == "sarif" {
		outw = textsafe.NewJSONLogWriter(stdout)
	}
	defer outw.Flush()
	stdout = outw
	return guarded(args, stdout, errw, func() int { return route(args, stdout, errw) })
}

// guarded turns a panic anywhere below into exit 2 with a one-line message
// (or one JSON document when JSON was asked for): users never see a Go
// stack trace.
func guarded(args []string, stdout, stderr io.Writer, run func() int) (code int) {
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprintf("internal error: %v (please report this with the input that caused it)", r)
			if cliargs.WantsJSON(args) {
				command := ""
				if len(args) > 0 {
					command = args[0]
				}
				report.UsageErrorJSON(stdout, command, msg)
			} else {
				fmt.Fprintf(stderr, "%s: %s\n", programName, msg)
			}
			code = 2
		}
	}()
	return run()
}

func route(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		io.WriteString(stdout, generalHelp)
		return 0
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "-h", "--help":
		io.WriteString(stdout, generalHelp)
		return 0
	case "help":
		if len(rest) > 0 {
			if h, ok := commandHelp[rest[0]]; ok {
				io.WriteString(stdout, h)
				return 0
			}
			return usageError(rest, stdout, stderr, "", fmt.Sprintf("Unknown command `%s`. Valid commands are: check, diff, compile, probe, run, snapshot, init, explain, version.", rest[0]))
		}
		io.WriteString(stdout, generalHelp)
		return 0
	case "version", "--version", "-V":
		if len(rest) > 0 && (rest[0] == "-h" || rest[0] == "--help") {
			io.WriteString(stdout, commandHelp["version"])
			return 0
		}
		fmt.Fprintf(stdout, "%s %s\n", programName, version.Version)
		return 0
	case "check":
		return checkCommand(rest, stdout, stderr)
	case "diff":
		return diffCommand(rest, stdout, stderr)
	case "compile":
		return compileCommand(rest, stdout, stderr)
	case "run":
		return actionrun.Run(rest, stdout, stderr)
	case "snapshot":
		return snapshotCommand(rest, stdout, stderr)
	case "explain":
		return explainCommand(rest, stdout, stderr)
	case "init":
		return initCommand(rest, stdout, stderr)
	case "probe":
		return probeCommand(rest, stdout, stderr)
	}
	return usageError(args, stdout, stderr, "", fmt.Sprintf("Unknown command `%s`. Valid commands are: check, diff, compile, probe, run, snapshot, init, explain, version.", cmd))
}
