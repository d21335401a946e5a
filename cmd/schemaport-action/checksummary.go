package main

import (
	"errors"
	"io"

	"github.com/schemaport/schemaport-action/internal/cliargs"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/pipeline"
	"github.com/schemaport/schemaport-action/internal/report"
)

// check's one-screen text summaries, as internal formats: they replace the
// text report only; json, sarif and compact are unchanged by the flags.
const (
	formatMatrix = "matrix"
	formatQuiet  = "quiet"
)

// summaryFormat applies --matrix and --quiet (or the config's `quiet`) to
// the text format. Both flags at once is a usage error (SchemaPort's
// wording); a flag wins over the config: --matrix with `quiet: true` in
// the config is the matrix, and --quiet=false turns the config's off.
func summaryFormat(p *cliargs.Parsed, format string, cfg *config.Config) (string, error) {
	matrix, quiet := p.Flags["matrix"], p.Flags["quiet"]
	if matrix && quiet {
		return "", errors.New("`--quiet` and `--matrix` are two different summaries; pass one.")
	}
	if _, given := p.Flags["quiet"]; !given && !matrix && cfg != nil && cfg.Quiet != nil {
		quiet = *cfg.Quiet
	}
	switch {
	case format != "text":
		return format, nil
	case matrix:
		return formatMatrix, nil
	case quiet:
		return formatQuiet, nil
	}
	return format, nil
}

// renderCheckSummary writes the matrix or the quiet summary of o from the
// capped check's per-target summaries: they are the whole counts after
// `rules` (a code turned off is not counted, a level changed counts at its
// new level), so a cell is right even where the caps left findings out.
func renderCheckSummary(format, minSeverity string, o *pipeline.Outcome, out, stderr io.Writer, color bool) error {
	if len(o.LoadErrors) > 0 {
		report.LoadErrorsText(stderr, o.LoadErrors)
	}
	opts := report.SummaryTextOptions{Color: color, MinSeverity: minSeverity}
	if format == formatMatrix {
		return report.CheckMatrix(out, o.Check, opts)
	}
	return report.CheckQuiet(out, o.Check, opts)
}
