package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"

	"github.com/schemaport/schemaport-action/internal/cliargs"
	"github.com/schemaport/schemaport-action/internal/options"
	"github.com/schemaport/schemaport-action/internal/probe"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/tool"
)

var probeSpecs = []cliargs.Spec{
	{Name: "targets"}, {Name: "model"}, {Name: "format"}, {Name: "config"}, {Name: "timeout"},
	{Name: "openai-api"}, {Name: "concurrency"},
	{Name: "allow-lossy", Kind: cliargs.Flag}, {Name: "dry-run", Kind: cliargs.Flag},
	{Name: "count-tokens", Kind: cliargs.Flag},
}

// probeCommand sends each compiled tool to the providers' real APIs, one
// request per tool and target: exit 1 when a provider rejected a schema or
// compile refused a pair, else 3 when any probe reached no verdict
// (missing key, network, ...), else 0. Usage and load errors exit 2.
func probeCommand(args []string, stdout, stderr io.Writer) int {
	p, err := cliargs.Parse(args, probeSpecs)
	if err != nil {
		return usageError(args, stdout, stderr, "probe", err.Error())
	}
	format, ok := p.Last("format")
	if !ok {
		format = "text"
	}
	if format != "text" && format != "json" {
		return usageError(args, stdout, stderr, "probe", fmt.Sprintf("Unknown --format `%s`. Valid formats are: text, json.", format))
	}
	if p.Help {
		io.WriteString(stdout, commandHelp["probe"])
		return 0
	}
	opts := probe.Options{Getenv: os.Getenv, CommandLine: probe.CommandLine(args)}
	if v, given := p.Last("timeout"); given {
		if opts.Timeout, err = probe.ParseTimeout(v); err != nil {
			return usageError(args, stdout, stderr, "probe", err.Error())
		}
	}
	if v, given := p.Last("concurrency"); given {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 64 {
			return usageError(args, stdout, stderr, "probe", fmt.Sprintf("`--concurrency` must be a whole number from 1 to 64 (got `%s`).", v))
		}
		opts.Concurrency = n
	}
	if v, given := p.Last("openai-api"); given {
		if v != "responses" && v != "chat" {
			return usageError(args, stdout, stderr, "probe", fmt.Sprintf("Unknown --openai-api `%s`. Valid values are: responses, chat.", v))
		}
		opts.OpenAIAPI = v
	}
	if v, given := p.Last("model"); given {
		if v == "" {
			return usageError(args, stdout, stderr, "probe", "`--model` needs a model id.")
		}
		opts.Model = v
	}
	cwd, err := workingDir()
	if err != nil {
		return usageError(args, stdout, stderr, "probe", err.Error())
	}
	cfg, err := loadConfig(p, cwd)
	if err != nil {
		return usageError(args, stdout, stderr, "probe", err.Error())
	}
	targetsFlag, targetsSet := p.Last("targets")
	if targetsSet || (cfg != nil && cfg.TargetsSet) {
		if opts.Targets, err = options.Targets(targetsFlag, targetsSet, cfg); err != nil {
			return usageError(args, stdout, stderr, "probe", err.Error())
		}
	} else {
		opts.Targets = probe.DefaultTargets
	}
	opts.AllowLossy = p.Flags["allow-lossy"]
	if _, set := p.Flags["allow-lossy"]; !set && cfg != nil && cfg.AllowLossy != nil {
		opts.AllowLossy = *cfg.AllowLossy
	}
	opts.CountTokens = p.Flags["count-tokens"]
	paths := p.Positionals
	if len(paths) == 0 && cfg != nil {
		paths = cfg.Schemas
	}
	if len(paths) == 0 {
		return usageError(args, stdout, stderr, "probe", "No input path given. Pass a file or directory, or set `schemas` in schemaport.config.json.")
	}
	loaded := tool.Load(paths, options.Load(cwd, cfg))
	if len(loaded.Errors) > 0 {
		return reportLoadErrors(format, "probe", report.SARIFInput{}, loaded.Errors, stdout, stderr)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	w := bufio.NewWriterSize(stdout, 64<<10)
	if p.Flags["dry-run"] {
		reqs := probe.DryRun(ctx, loaded.Tools, opts)
		if format == "json" {
			err = probe.WriteDryRunJSON(w, reqs)
		} else {
			err = probe.WriteDryRunText(w, reqs)
		}
		if err == nil {
			err = w.Flush()
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: cannot write the report: %v\n", programName, err)
			return 2
		}
		return 0
	}
	rep := probe.Run(ctx, loaded.Tools, opts)
	if format == "json" {
		err = probe.WriteJSON(w, rep)
	} else {
		err = probe.WriteText(w, rep, probe.TextOptions{Color: colorOn(stdout)})
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot write the report: %v\n", programName, err)
		return 2
	}
	return rep.ExitCode()
}
