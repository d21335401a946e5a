package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/cliargs"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/tool"
)

const defaultSARIFCategory = "schemaport/"

var checkSpecs = []cliargs.Spec{
	{Name: "targets"}, {Name: "format"}, {Name: "fail-on"}, {Name: "config"}, {Name: "sarif-category"},
}

var diffSpecs = []cliargs.Spec{
	{Name: "format"}, {Name: "fail-on"}, {Name: "config"}, {Name: "sarif-category"},
	{Name: "ignore-descriptions", Kind: cliargs.Flag},
}

// usageError reports a problem with the command line (exit 2): on stderr in
// text mode, as one JSON document on stdout when --format json was asked for.
func usageError(args []string, stdout, stderr io.Writer, command, message string) int {
	if cliargs.WantsJSON(args) {
		report.UsageErrorJSON(stdout, command, message)
		return 2
	}
	fmt.Fprintf(stderr, "✗ %s\n", message)
	if command != "" {
		fmt.Fprintf(stderr, "Run `%s %s --help` for usage.\n", programName, command)
	} else {
		fmt.Fprintf(stderr, "Run `%s --help` for usage.\n", programName)
	}
	return 2
}

func parseFormat(p *cliargs.Parsed) (string, error) {
	f, ok := p.Last("format")
	if !ok {
		return "text", nil
	}
	switch f {
	case "text", "json", "sarif":
		return f, nil
	}
	return "", fmt.Errorf("Unknown --format `%s`. Valid formats are: text, json, sarif.", f)
}

// resolveTargets applies flag > config > default and validates the ids.
func resolveTargets(flag string, flagSet bool, cfg *config.Config) ([]string, error) {
	var raw []string
	switch {
	case flagSet:
		for _, part := range strings.Split(flag, ",") {
			if part = strings.TrimSpace(part); part != "" {
				raw = append(raw, part)
			}
		}
		if len(raw) == 0 {
			return nil, fmt.Errorf("`--targets` needs at least one target id.")
		}
	case cfg != nil && cfg.TargetsSet:
		raw = cfg.Targets
	default:
		return check.DefaultTargets(), nil
	}
	return check.ResolveTargets(raw)
}

// loadConfig reads --config, or the default file when the flag is absent.
// An empty --config= is a mistake, not a request for the default.
func loadConfig(p *cliargs.Parsed, cwd string) (*config.Config, error) {
	path, given := p.Last("config")
	if given && path == "" {
		return nil, fmt.Errorf("`--config` needs the path of a config file.")
	}
	return config.Load(cwd, path)
}

// loadOptions are the loader's options from the config file.
func loadOptions(cwd string, cfg *config.Config) tool.Options {
	o := tool.Options{Cwd: cwd}
	if cfg != nil && cfg.MaxFileSize != nil {
		o.MaxFileSize = *cfg.MaxFileSize
	}
	return o
}

func workingDir() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("cannot determine the working directory: %v", err)
	}
	return wd, nil
}

// colorOn reports whether stdout is a terminal and NO_COLOR is unset (any
// value, even empty, turns colour off).
func colorOn(w io.Writer) bool {
	if _, set := os.LookupEnv("NO_COLOR"); set {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// reportLoadErrors prints load errors in the requested format; exit 2.
func reportLoadErrors(format, command, category string, errs []tool.LoadError, stdout, stderr io.Writer) int {
	switch format {
	case "json":
		report.LoadErrorsJSON(stdout, command, errs)
	case "sarif":
		report.SARIF(stdout, report.SARIFInput{LoadErrors: errs, Category: category})
	default:
		report.LoadErrorsText(stderr, errs)
	}
	return 2
}

func checkCommand(args []string, stdout, stderr io.Writer) int {
	p, err := cliargs.Parse(args, checkSpecs)
	if err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}
	format, err := parseFormat(p)
	if err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}
	if p.Help {
		io.WriteString(stdout, commandHelp["check"])
		return 0
	}
	cwd, err := workingDir()
	if err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}
	cfg, err := loadConfig(p, cwd)
	if err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}
	targetsFlag, targetsSet := p.Last("targets")
	targets, err := resolveTargets(targetsFlag, targetsSet, cfg)
	if err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}
	failOn, ok := p.Last("fail-on")
	if !ok {
		failOn = "error"
		if cfg != nil && cfg.FailOn != nil {
			failOn = *cfg.FailOn
		}
	}
	if !check.ValidFailOn(failOn) {
		return usageError(args, stdout, stderr, "check", fmt.Sprintf("Unknown --fail-on `%s`. Valid values are: error, lossy, warning, never.", failOn))
	}
	paths := p.Positionals
	if len(paths) == 0 && cfg != nil {
		paths = cfg.Schemas
	}
	if len(paths) == 0 {
		return usageError(args, stdout, stderr, "check", "No input path given. Pass a file or directory, or set `schemas` in schemaport.config.json.")
	}
	category, ok := p.Last("sarif-category")
	if !ok {
		category = defaultSARIFCategory
	}
	category = report.NormalizeCategory(category)

	loaded := tool.Load(paths, loadOptions(cwd, cfg))
	if len(loaded.Errors) > 0 {
		return reportLoadErrors(format, "check", category, loaded.Errors, stdout, stderr)
	}
	if format != "sarif" {
		failed, err := streamCheck(format, loaded.Tools, targets, failOn, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "%s: cannot write the report: %v\n", programName, err)
			return 2
		}
		if failed {
			return 1
		}
		return 0
	}
	result := check.Run(loaded.Tools, targets)
	out := bufio.NewWriterSize(stdout, 64<<10)
	err = report.SARIF(out, report.SARIFInput{Check: result, Category: category})
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot write the report: %v\n", programName, err)
		return 2
	}
	if check.FailOn(result, failOn) {
		return 1
	}
	return 0
}

// checkJSONMemory is report.CheckJSONMemory; tests lower it to take the
// two-pass path on small inputs.
var checkJSONMemory = report.CheckJSONMemory

// streamCheck checks tool by tool and writes each result as it comes, so
// a report of a million diagnostics never sits in memory.
func streamCheck(format string, tools []*tool.Tool, targets []string, failOn string, stdout io.Writer) (failed bool, err error) {
	fails := func(tr *check.ToolResult) {
		for _, t := range tr.Targets {
			if check.Fails(t.Diagnostics, failOn) {
				failed = true
			}
		}
	}
	if format == "json" {
		err := report.StreamCheckJSON(stdout, tools, targets, checkJSONMemory, fails)
		return failed, err
	}
	w := report.NewCheckTextWriter(stdout, report.TextOptions{Color: colorOn(stdout)})
	check.Stream(tools, targets, func(tr check.ToolResult) {
		fails(&tr)
		w.Add(&tr)
	})
	return failed, w.Finish()
}

func diffCommand(args []string, stdout, stderr io.Writer) int {
	p, err := cliargs.Parse(args, diffSpecs)
	if err != nil {
		return usageError(args, stdout, stderr, "diff", err.Error())
	}
	format, err := parseFormat(p)
	if err != nil {
		return usageError(args, stdout, stderr, "diff", err.Error())
	}
	if p.Help {
		io.WriteString(stdout, commandHelp["diff"])
		return 0
	}
	if len(p.Positionals) != 2 {
		return usageError(args, stdout, stderr, "diff", fmt.Sprintf("diff takes exactly two paths: `%s diff <old> <new>`.", programName))
	}
	failOn, ok := p.Last("fail-on")
	if !ok {
		failOn = "breaking"
	}
	switch failOn {
	case "breaking", "any", "never":
	default:
		return usageError(args, stdout, stderr, "diff", fmt.Sprintf("Unknown --fail-on `%s`. Valid values are: breaking, any, never.", failOn))
	}
	cwd, err := workingDir()
	if err != nil {
		return usageError(args, stdout, stderr, "diff", err.Error())
	}
	cfg, err := loadConfig(p, cwd)
	if err != nil {
		return usageError(args, stdout, stderr, "diff", err.Error())
	}
	opts := diff.Options{IgnoreDescriptions: p.Flags["ignore-descriptions"]}
	if _, given := p.Flags["ignore-descriptions"]; !given && cfg != nil && cfg.IgnoreDescriptions != nil {
		opts.IgnoreDescriptions = *cfg.IgnoreDescriptions
	}
	category, ok := p.Last("sarif-category")
	if !ok {
		category = defaultSARIFCategory
	}
	category = report.NormalizeCategory(category)

	oldSet := tool.Load(p.Positionals[:1], loadOptions(cwd, cfg))
	newSet := tool.Load(p.Positionals[1:], loadOptions(cwd, cfg))
	if errs := append(append([]tool.LoadError{}, oldSet.Errors...), newSet.Errors...); len(errs) > 0 {
		return reportLoadErrors(format, "diff", category, errs, stdout, stderr)
	}
	result := diff.ToolSets(oldSet.Tools, newSet.Tools, opts)

	out := bufio.NewWriterSize(stdout, 64<<10)
	switch format {
	case "json":
		err = report.DiffJSON(out, result)
	case "sarif":
		err = report.SARIF(out, report.SARIFInput{Diff: result, Category: category})
	default:
		err = report.DiffText(out, result, report.TextOptions{Color: colorOn(stdout)})
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot write the report: %v\n", programName, err)
		return 2
	}
	s := result.Summary
	switch {
	case failOn == "breaking" && s.Breaking > 0,
		failOn == "any" && s.Breaking+s.NonBreaking+s.Informational > 0:
		return 1
	}
	return 0
}
