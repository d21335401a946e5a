package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/action"
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/cliargs"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/options"
	"github.com/schemaport/schemaport-action/internal/pipeline"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/targetdiff"
	"github.com/schemaport/schemaport-action/internal/textsafe"
	"github.com/schemaport/schemaport-action/internal/tool"
)

const defaultSARIFCategory = "schemaport/"

var checkSpecs = []cliargs.Spec{
	{Name: "targets"}, {Name: "format"}, {Name: "fail-on"}, {Name: "config"}, {Name: "sarif-category"},
	{Name: "min-severity"}, {Name: "cost", Kind: cliargs.Flag}, {Name: "context-window"},
	{Name: "matrix", Kind: cliargs.Flag}, {Name: "quiet", Kind: cliargs.Flag},
}

var diffSpecs = []cliargs.Spec{
	{Name: "format"}, {Name: "fail-on"}, {Name: "config"}, {Name: "sarif-category"},
	{Name: "ignore-descriptions", Kind: cliargs.Flag}, {Name: "targets"},
}

// usageError reports a problem with the command line (exit 2): on stderr in
// text mode, as one JSON document on stdout when --format json was asked for.
// With --format sarif stdout also gets a SARIF log that says the run
// failed and why, so a step that uploads it has a valid file to send.
func usageError(args []string, stdout, stderr io.Writer, command, message string) int {
	if cliargs.WantsJSON(args) {
		report.UsageErrorJSON(stdout, command, message)
		return 2
	}
	if cliargs.FormatIn(args) == "sarif" && (command == "check" || command == "diff") {
		category, ok := cliargs.ValueIn(args, "sarif-category")
		if !ok {
			category = defaultSARIFCategory
		}
		report.FailedSARIF(stdout, report.NormalizeCategory(category), message)
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

// parseCheckFormat is parseFormat plus check's one-line format.
func parseCheckFormat(p *cliargs.Parsed) (string, error) {
	raw, _ := p.Last("format")
	if raw == "compact" || raw == "cost" {
		return raw, nil
	}
	f, err := parseFormat(p)
	if err != nil {
		return "", fmt.Errorf("Unknown --format `%s`. Valid formats are: text, compact, json, sarif, cost.", raw)
	}
	return f, nil
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
	if lw, ok := w.(*textsafe.LogWriter); ok {
		w = lw.Underlying() // the terminal is what dispatch wrapped
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// reportLoadErrors prints load errors in the requested format; exit 2.
func reportLoadErrors(format, command string, sarif report.SARIFInput, errs []tool.LoadError, stdout, stderr io.Writer) int {
	switch format {
	case "json":
		report.LoadErrorsJSON(stdout, command, errs)
	case "sarif":
		o := pipeline.Load(errs)
		sarif.Policy = o.Policy
		report.SARIF(stdout, sarif)
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
	format, err := parseCheckFormat(p)
	if err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}
	if p.Help {
		io.WriteString(stdout, commandHelp["check"])
		return 0
	}
	minSeverity, _ := p.Last("min-severity")
	if minSeverity != "" && !report.ValidMinSeverity(minSeverity) {
		return usageError(args, stdout, stderr, "check", fmt.Sprintf("Unknown --min-severity `%s`. Valid values are: error, warning, info.", minSeverity))
	}
	cwd, err := workingDir()
	if err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}
	cfg, err := loadConfig(p, cwd)
	if err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}
	if format, err = summaryFormat(p, format, cfg); err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}
	// The config's rules apply to check as to run (accept is run's only:
	// it needs a report to carry its reasons and dates).
	rules, _, err := options.Policy(cfg)
	if err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}
	targetsFlag, targetsSet := p.Last("targets")
	targets, err := options.Targets(targetsFlag, targetsSet, cfg)
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
	if !finding.ValidFailOn(failOn) {
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
	sarif := report.SARIFInput{Category: report.NormalizeCategory(category), Paths: options.RepoPaths(cwd)}
	budgets, err := options.Budgets(cfg)
	if err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}
	windowFlag, _ := p.Last("context-window")
	window, err := options.ContextWindow(cfg, windowFlag)
	if err != nil {
		return usageError(args, stdout, stderr, "check", err.Error())
	}

	o := pipeline.Check(pipeline.CheckInput{
		Paths: paths, Load: options.Load(cwd, cfg), Targets: targets,
		Policy: finding.Policy{FailOn: failOn, Rules: rules},
		Limits: report.RunLimits,
		Cost:   p.Flags["cost"] || format == "cost", Budgets: budgets,
	})
	if o.Changed {
		fmt.Fprintf(stderr, "%s: a tool file changed while it was being checked; run the check again\n", programName)
		return 2
	}
	if len(o.LoadErrors) > 0 && len(o.Check.Tools) == 0 {
		return reportLoadErrors(format, "check", sarif, o.LoadErrors, stdout, stderr)
	}
	if err := renderCheck(format, sarif, minSeverity, failOn, window, &o, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "%s: cannot write the report: %v\n", programName, err)
		return 2
	}
	return o.Exit()
}

// renderCheck writes check's report of o in format: the load errors
// first, when some files did not load, then the check of every tool
// that did.
func renderCheck(format string, sarif report.SARIFInput, minSeverity, failOn string, window report.ContextWindow, o *pipeline.Outcome, stdout, stderr io.Writer) error {
	out := bufio.NewWriterSize(stdout, 64<<10)
	var err error
	jsonOpts := report.CheckJSONOptions{Omitted: o.Omitted, Cost: o.Cost, Window: window}
	switch format {
	case "cost":
		if len(o.LoadErrors) > 0 {
			report.LoadErrorsText(stderr, o.LoadErrors)
		}
		err = report.CostText(out, o.Cost, window)
	case "json":
		if len(o.LoadErrors) == 0 {
			err = report.CheckJSONWith(out, o.Check, jsonOpts)
			break
		}
		var lw *report.LoadErrorsJSONWriter
		if lw, err = report.NewLoadErrorsJSONWriter(out, o.LoadErrors, nil); err == nil {
			if err = report.CheckJSONWith(lw, o.Check, jsonOpts); err == nil {
				err = lw.Close()
			}
		}
	case "sarif":
		sarif.Policy, sarif.OmittedNote = o.Policy, o.OmittedNote()
		err = report.SARIF(out, sarif)
	case formatMatrix, formatQuiet:
		err = renderCheckSummary(format, minSeverity, o, out, stderr, colorOn(stdout))
	default:
		if len(o.LoadErrors) > 0 {
			report.LoadErrorsText(stderr, o.LoadErrors)
		}
		opts := report.CheckTextOptions{
			TextOptions: report.TextOptions{Color: colorOn(stdout), CompileFixes: failOn == finding.FailOnLossy, Omitted: o.Omitted},
			Compact:     format == "compact",
			MinSeverity: minSeverity,
		}
		if o.Omitted.Total > 0 && minSeverity == "" {
			c := o.Policy.Counts
			opts.Whole = &check.Summary{Error: c.Errors, Warning: c.Warnings, Info: c.Infos}
		}
		err = report.CheckTextWith(out, o.CheckView(), opts)
		if err == nil && o.Cost != nil && format == "text" {
			out.WriteString("\n")
			err = report.CostText(out, o.Cost, window)
		}
	}
	if err == nil {
		err = out.Flush()
	}
	return err
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
	if !finding.ValidBreakingFailOn(failOn) {
		return usageError(args, stdout, stderr, "diff", fmt.Sprintf("Unknown --fail-on `%s`. Valid values are: breaking, any, never.", failOn))
	}
	diffTargets, err := diffTargetList(p)
	if err != nil {
		return usageError(args, stdout, stderr, "diff", err.Error())
	}
	cwd, err := workingDir()
	if err != nil {
		return usageError(args, stdout, stderr, "diff", err.Error())
	}
	cfg, err := loadConfig(p, cwd)
	if err != nil {
		return usageError(args, stdout, stderr, "diff", err.Error())
	}
	rules, _, err := options.Policy(cfg)
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
	sarif := report.SARIFInput{Category: report.NormalizeCategory(category), Paths: options.RepoPaths(cwd)}

	oldSet := tool.Load(p.Positionals[:1], options.Load(cwd, cfg))
	newSet := tool.Load(p.Positionals[1:], options.Load(cwd, cfg))
	errs := append(append([]tool.LoadError{}, oldSet.Errors...), newSet.Errors...)
	if len(errs) > 0 && len(oldSet.Tools)+len(newSet.Tools) == 0 {
		return reportLoadErrors(format, "diff", sarif, errs, stdout, stderr)
	}
	// A file that did not load on either side is left out on both, so it
	// neither hides the other tools nor reads as removing its own.
	// The two sides live under different paths: a file is matched by its
	// place under its side's argument.
	oldRoot, newRoot := argDisplay(cwd, p.Positionals[0]), argDisplay(cwd, p.Positionals[1])
	failed := map[string]bool{}
	for _, e := range oldSet.Errors {
		failed[underRoot(oldRoot, e.SourcePath)] = true
	}
	for _, e := range newSet.Errors {
		failed[underRoot(newRoot, e.SourcePath)] = true
	}
	keep := func(root string, ts []*tool.Tool) []*tool.Tool {
		var out []*tool.Tool
		for _, t := range ts {
			if !failed[underRoot(root, t.File())] {
				out = append(out, t)
			}
		}
		return out
	}
	before, after := keep(oldRoot, oldSet.Tools), keep(newRoot, newSet.Tools)
	result := diff.ToolSets(before, after, opts)
	// A compile regression is a finding like a breaking change: through
	// the same policy (rules, the threshold), caps and SARIF.
	td := compareTargets(diffTargets, before, after)
	o := pipeline.Diff(pipeline.DiffInput{Result: result, LoadErrors: errs, More: finding.FromTargetDiff(td),
		Policy: finding.Policy{BreakingFailOn: failOn, Rules: rules, AllowTargetRegressions: failOn == finding.BreakingFailOnNever},
		Limits: report.RunLimits})
	var leftOut []string
	for _, e := range errs {
		if !slices.Contains(leftOut, e.SourcePath) {
			leftOut = append(leftOut, e.SourcePath)
		}
	}
	slices.Sort(leftOut)
	if err := renderDiff(format, sarif, leftOut, &o, td, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "%s: cannot write the report: %v\n", programName, err)
		return 2
	}
	return o.Exit()
}

// renderDiff writes diff's report of o in format: the load errors first,
// when some files did not load (leftOut: left out on both sides), then
// the changes, each at the classification the rules gave it.
func renderDiff(format string, sarif report.SARIFInput, leftOut []string, o *pipeline.Outcome, td *targetdiff.Result, stdout, stderr io.Writer) error {
	out := bufio.NewWriterSize(stdout, 64<<10)
	view := o.DiffView()
	var err error
	switch format {
	case "json":
		if len(o.LoadErrors) == 0 {
			err = report.DiffJSONWithTargets(out, view, o.Omitted, td)
			break
		}
		var lw *report.LoadErrorsJSONWriter
		if lw, err = report.NewLoadErrorsJSONWriter(out, o.LoadErrors, leftOut); err == nil {
			if err = report.DiffJSONWithTargets(lw, view, o.Omitted, td); err == nil {
				err = lw.Close()
			}
		}
	case "sarif":
		sarif.Policy, sarif.OmittedNote = o.Policy, o.OmittedNote()
		err = report.SARIF(out, sarif)
	default:
		if len(o.LoadErrors) > 0 {
			report.LoadErrorsText(stderr, o.LoadErrors)
		}
		err = report.DiffText(out, view, report.TextOptions{Color: colorOn(stdout), Omitted: o.Omitted})
		if err == nil && td != nil {
			err = report.TargetDiffText(out, td, report.TextOptions{Color: colorOn(stdout)})
		}
		if err == nil && len(leftOut) > 0 {
			fmt.Fprintf(out, "\nLeft out of the diff on both sides (did not load): %s\n", action.SafeLogLine(strings.Join(leftOut, ", ")))
		}
	}
	if err == nil {
		err = out.Flush()
	}
	return err
}

// argDisplay is a command-line path as the loader displays it.
func argDisplay(cwd, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	return tool.DisplayPath(cwd, filepath.Clean(p))
}

// underRoot is a file's display path relative to the argument it was
// found under ("" for the argument itself).
func underRoot(root, file string) string {
	if file == root {
		return ""
	}
	if root == "." {
		return file
	}
	if rest, ok := strings.CutPrefix(file, root+"/"); ok {
		return rest
	}
	return file
}
