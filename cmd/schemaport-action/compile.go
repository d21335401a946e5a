package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"

	"github.com/schemaport/schemaport-action/internal/cliargs"
	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/options"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/tool"
)

var compileSpecs = []cliargs.Spec{
	{Name: "out"}, {Name: "targets"}, {Name: "format"}, {Name: "config"},
	{Name: "allow-lossy", Kind: cliargs.Flag}, {Name: "check", Kind: cliargs.Flag},
}

// compileCommand writes one provider-native file per tool and target plus
// manifest.json (exit 0, or 1 when a pair was refused), or with --check
// compares the directory with what it would write (exit 1 when out of
// date). Usage and load errors exit 2 and write nothing.
func compileCommand(args []string, stdout, stderr io.Writer) int {
	p, err := cliargs.Parse(args, compileSpecs)
	if err != nil {
		return usageError(args, stdout, stderr, "compile", err.Error())
	}
	format, ok := p.Last("format")
	if !ok {
		format = "text"
	}
	if format != "text" && format != "json" {
		return usageError(args, stdout, stderr, "compile", fmt.Sprintf("Unknown --format `%s`. Valid formats are: text, json.", format))
	}
	if p.Help {
		io.WriteString(stdout, commandHelp["compile"])
		return 0
	}
	cwd, err := workingDir()
	if err != nil {
		return usageError(args, stdout, stderr, "compile", err.Error())
	}
	cfg, err := loadConfig(p, cwd)
	if err != nil {
		return usageError(args, stdout, stderr, "compile", err.Error())
	}
	targetsFlag, targetsSet := p.Last("targets")
	targets, err := options.Targets(targetsFlag, targetsSet, cfg)
	if err != nil {
		return usageError(args, stdout, stderr, "compile", err.Error())
	}
	out, given := p.Last("out")
	if !given && cfg != nil && cfg.Output != nil {
		out, given = *cfg.Output, true
	}
	if !given {
		return usageError(args, stdout, stderr, "compile", "compile needs an output directory: pass `--out <dir>` or set `output` in schemaport.config.json.")
	}
	allowLossy := p.Flags["allow-lossy"]
	if _, set := p.Flags["allow-lossy"]; !set && cfg != nil && cfg.AllowLossy != nil {
		allowLossy = *cfg.AllowLossy
	}
	paths := p.Positionals
	if len(paths) == 0 && cfg != nil {
		paths = cfg.Schemas
	}
	if len(paths) == 0 {
		return usageError(args, stdout, stderr, "compile", "No input path given. Pass a file or directory, or set `schemas` in schemaport.config.json.")
	}

	// The config's loader settings (formats, maxFileSize), as check and
	// run read the tools: run's compiled-path check compares with what
	// this writes.
	loaded := tool.Load(paths, options.Load(cwd, cfg))
	if len(loaded.Errors) > 0 {
		return reportLoadErrors(format, "compile", report.SARIFInput{}, loaded.Errors, stdout, stderr)
	}
	plan, err := compile.Build(loaded.Tools, targets, allowLossy)
	if err != nil {
		return usageError(args, stdout, stderr, "compile", err.Error())
	}
	dir := out
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(cwd, dir)
	}
	display := options.OutDisplay(cwd, dir)

	w := bufio.NewWriterSize(stdout, 64<<10)
	if p.Flags["check"] {
		ms, err := plan.Compare(dir)
		if err != nil {
			return outDirError(format, stdout, stderr, "Could not read the compiled files in", cwd, display, err)
		}
		if format == "json" {
			err = report.CompileCheckJSON(w, ms, display)
		} else {
			err = report.CompileCheckText(w, ms, display, report.TextOptions{Color: colorOn(stdout)})
		}
		if err == nil {
			err = w.Flush()
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: cannot write the report: %v\n", programName, err)
			return 2
		}
		if len(ms) > 0 {
			return 1
		}
		return 0
	}
	if _, err := plan.Write(dir); err != nil {
		return outDirError(format, stdout, stderr, "Could not write the compiled files to", cwd, display, err)
	}
	if format == "json" {
		err = report.CompileJSON(w, plan, display)
	} else {
		err = report.CompileText(w, plan, display, report.TextOptions{Color: colorOn(stdout)})
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot write the report: %v\n", programName, err)
		return 2
	}
	if plan.Refused > 0 {
		return 1
	}
	return 0
}

// outDirError reports a problem with the --out directory (exit 2) as every
// input error is: one JSON document on stdout with --format json, else a
// line on stderr, with paths as the user wrote them.
func outDirError(format string, stdout, stderr io.Writer, what, cwd, display string, err error) int {
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = pe.Op + " " + options.OutDisplay(cwd, pe.Path) + ": " + pe.Err.Error()
	}
	msg = fmt.Sprintf("%s `%s`: %s. Pass a directory that can be written to as --out.", what, display, msg)
	if format == "json" {
		report.UsageErrorJSON(stdout, "compile", msg)
		return 2
	}
	fmt.Fprintf(stderr, "✗ %s\n", msg)
	return 2
}
