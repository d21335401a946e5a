// Package action holds the GitHub Actions plumbing of `run`: settings from
// INPUT_* variables or flags, the triggering event and the base revision it
// implies, the GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and the few
// workflow commands `run` prints itself.
package action

import (
	"fmt"
	"strings"

	"github.com/schemaport/schemaport-action/internal/cliargs"
	"github.com/schemaport/schemaport-action/internal/report"
	githubactions "github.com/sethvargo/go-githubactions"
)

// Defaults of the inputs that have a fixed default. Path, targets and
// fail-on default to the config file's value, then to the built-in default
// (see Settings).
const (
	DefaultPath               = "tools"
	DefaultBreakingFailOn     = "breaking"
	DefaultAllowBreakingLabel = "breaking-change-approved"
	DefaultSARIFFile          = "schemaport.sarif"
	DefaultReportFile         = "schemaport-report.json"
	DefaultSARIFCategory      = "schemaport/"
)

// Settings is what one `run` was asked to do. Every field comes from its
// flag when given (local runs), else from the INPUT_<NAME> variable the
// runner sets for a container action, else from its default. A field
// marked "Set" records whether a value was given at all, so that the
// config file can supply it otherwise.
type Settings struct {
	// Paths are tool files or directories, relative to WorkingDirectory.
	Paths    []string
	PathsSet bool
	// Targets is the raw comma-separated list.
	Targets    string
	TargetsSet bool
	FailOn     string
	FailOnSet  bool
	// BreakingFailOn is breaking, any or never; "" (not given) is resolved
	// per event by ResolveBreakingFailOn.
	BreakingFailOn string
	// OnlyNew: check findings the base has too do not fail the run.
	// OnlyNewSet records whether it was given; otherwise it is resolved per
	// event by ResolveOnlyNew.
	OnlyNew    bool
	OnlyNewSet bool
	// Base is a git revision to compare against; empty means "from the
	// event".
	Base string
	// BasePaths, when set, are files or directories holding the base tool
	// set: the run compares against them instead of a git revision.
	BasePaths []string
	FetchBase bool
	// AllowBreakingLabel is "" when approval is off.
	AllowBreakingLabel string
	// Labels are pull-request labels given on the command line (local
	// runs); in Actions they come from the event.
	Labels []string
	// Annotations defaults to on only under GitHub Actions.
	Annotations bool
	// SARIFFile and ReportFile are relative to the workspace; empty turns
	// the file off (the default outside Actions).
	SARIFFile     string
	SARIFCategory string
	ReportFile    string
	JobSummary    bool
	// SummaryFile is where the Markdown summary goes when GITHUB_STEP_SUMMARY
	// is not set (local runs).
	SummaryFile        string
	Config             string
	WorkingDirectory   string
	IgnoreDescriptions bool
	IgnoreDescSet      bool
	// CompiledPath is the directory of committed `compile` output to keep
	// in line with the tools ("" with CompiledPathSet false: the config's
	// `output`, if any).
	CompiledPath    string
	CompiledPathSet bool
	// FailOnTargetRegression: a compile regression (a tool the base
	// compiled for a named target and the head does not) fails the run;
	// Set records whether it was given (else the config's
	// failOnTargetRegression, else true).
	FailOnTargetRegression    bool
	FailOnTargetRegressionSet bool
	Help                      bool
}

// Flags are the options of `run`.
var Flags = []cliargs.Spec{
	{Name: "path", Kind: cliargs.Repeatable},
	{Name: "targets"},
	{Name: "fail-on"},
	{Name: "breaking-fail-on"},
	{Name: "base"},
	{Name: "base-path", Kind: cliargs.Repeatable},
	{Name: "fetch-base", Kind: cliargs.Flag},
	{Name: "allow-breaking-label"},
	{Name: "label", Kind: cliargs.Repeatable},
	{Name: "annotations", Kind: cliargs.Flag},
	{Name: "sarif-file"},
	{Name: "sarif-category"},
	{Name: "report-file"},
	{Name: "job-summary", Kind: cliargs.Flag},
	{Name: "summary-file"},
	{Name: "config"},
	{Name: "working-directory"},
	{Name: "ignore-descriptions", Kind: cliargs.Flag},
	{Name: "only-new", Kind: cliargs.Flag},
	{Name: "compiled-path"},
	{Name: "fail-on-target-regression", Kind: cliargs.Flag},
}

// Env reads the environment. Lookup tells an unset variable from an empty
// one: the runner sets INPUT_<NAME> for every declared input (to its
// default when the workflow gives none), so a present but empty
// INPUT_SARIF-FILE means the workflow asked for no SARIF file.
type Env struct {
	Lookup func(string) (string, bool)
}

// Get returns the variable's value, or "" when unset.
func (e Env) Get(name string) string {
	if e.Lookup == nil {
		return ""
	}
	v, _ := e.Lookup(name)
	return v
}

// input reads INPUT_<NAME> the way the runner names it: upper case,
// spaces to `_`, hyphens kept (INPUT_FAIL-ON). go-githubactions' GetInput
// applies exactly this rule and trims surrounding whitespace, as the
// toolkit's core.getInput does.
func (e Env) input(name string) (string, bool) {
	gha := githubactions.New(githubactions.WithGetenv(e.Get))
	_, present := e.Lookup(InputVar(name))
	return gha.GetInput(name), present
}

// InputVar is the variable the runner sets for an input.
func InputVar(name string) string {
	return "INPUT_" + strings.ToUpper(strings.ReplaceAll(name, " ", "_"))
}

// ParseSettings reads flags (args after `run`) and the environment. Its
// errors are usage errors, worded for users.
func ParseSettings(args []string, env Env) (*Settings, error) {
	if env.Lookup == nil {
		env.Lookup = func(string) (string, bool) { return "", false }
	}
	p, err := cliargs.Parse(args, Flags)
	if err != nil {
		return nil, err
	}
	s := &Settings{Help: p.Help}
	r := resolver{p: p, env: env}

	if paths := append(append([]string{}, p.Positionals...), p.Values["path"]...); len(paths) > 0 {
		s.Paths, s.PathsSet = paths, true
	} else if v, _ := env.input("path"); v != "" {
		s.Paths = splitLines(v)
		s.PathsSet = len(s.Paths) > 0
	}
	s.Targets, s.TargetsSet = r.str("targets", "")
	// One id per line (a YAML block, as `path` takes) is a list too.
	s.Targets = strings.NewReplacer("\r\n", ",", "\n", ",", "\r", ",").Replace(s.Targets)
	s.FailOn, s.FailOnSet = r.str("fail-on", "")
	s.BreakingFailOn, _ = r.str("breaking-fail-on", "")
	switch s.BreakingFailOn {
	case "", "breaking", "any", "never":
	default:
		return nil, fmt.Errorf("Unknown breaking-fail-on `%s`. Valid values are: breaking, any, never.", s.BreakingFailOn)
	}
	s.Base, _ = r.str("base", "")
	s.BasePaths = p.Values["base-path"]
	s.AllowBreakingLabel = r.file("allow-breaking-label", DefaultAllowBreakingLabel)
	s.Labels = p.Values["label"]
	// Locally the report files are written only when asked for: a quick
	// run in a checkout should not leave files behind.
	inActions := env.Get("GITHUB_ACTIONS") == "true"
	s.SARIFFile = r.file("sarif-file", ifActions(inActions, DefaultSARIFFile))
	s.ReportFile = r.file("report-file", ifActions(inActions, DefaultReportFile))
	s.SARIFCategory, _ = r.str("sarif-category", DefaultSARIFCategory)
	// Code scanning takes the category from before the id's last `/`; an
	// id without one has an empty category, and two such uploads collide.
	// upload-sarif completes its own `category` input the same way.
	s.SARIFCategory = report.NormalizeCategory(s.SARIFCategory)
	s.SummaryFile, _ = p.Last("summary-file")
	s.Config, _ = r.str("config", "")
	s.WorkingDirectory, _ = r.str("working-directory", ".")
	s.CompiledPath, _ = r.str("compiled-path", "")
	s.CompiledPathSet = s.CompiledPath != ""

	for _, b := range []struct {
		name string
		dst  *bool
		def  bool
	}{
		// Annotations are for the runner; on a terminal they are noise.
		{"annotations", &s.Annotations, inActions},
		{"fetch-base", &s.FetchBase, true},
		{"job-summary", &s.JobSummary, true},
	} {
		v, err := r.boolean(b.name, b.def)
		if err != nil {
			return nil, err
		}
		*b.dst = v
	}
	if v, ok := p.Flags["only-new"]; ok {
		s.OnlyNew, s.OnlyNewSet = v, true
	} else if v, _ := env.input("only-new"); v != "" {
		b, err := r.boolean("only-new", false)
		if err != nil {
			return nil, err
		}
		s.OnlyNew, s.OnlyNewSet = b, true
	}
	if v, ok := p.Flags["fail-on-target-regression"]; ok {
		s.FailOnTargetRegression, s.FailOnTargetRegressionSet = v, true
	} else if v, _ := env.input("fail-on-target-regression"); v != "" {
		b, err := r.boolean("fail-on-target-regression", true)
		if err != nil {
			return nil, err
		}
		s.FailOnTargetRegression, s.FailOnTargetRegressionSet = b, true
	}
	if v, ok := p.Flags["ignore-descriptions"]; ok {
		s.IgnoreDescriptions, s.IgnoreDescSet = v, true
	}
	if s.Base != "" && len(s.BasePaths) > 0 {
		return nil, fmt.Errorf("`--base` and `--base-path` both name a base; pass one.")
	}
	return s, nil
}

// PolicyEvents are the events whose run gates a change before it merges:
// only-new is on by default, and the policy is read from the base.
var PolicyEvents = []string{"pull_request", "pull_request_target", "merge_group"}

// IsPolicyEvent reports whether event is one of PolicyEvents.
func IsPolicyEvent(event string) bool {
	for _, e := range PolicyEvents {
		if e == event {
			return true
		}
	}
	return false
}

// ResolveOnlyNew is the only-new setting for an event: as given, else on
// for pull requests and merge queues.
func (s *Settings) ResolveOnlyNew(event string) bool {
	if s.OnlyNewSet {
		return s.OnlyNew
	}
	return IsPolicyEvent(event)
}

// ResolveBreakingFailOn is the diff threshold for an event: as given, else
// never on push (the gate is the pull request, where the label and accept
// entries apply; a push carries no labels), else breaking.
func (s *Settings) ResolveBreakingFailOn(event string) string {
	if s.BreakingFailOn != "" {
		return s.BreakingFailOn
	}
	if event == "push" {
		return "never"
	}
	return DefaultBreakingFailOn
}

type resolver struct {
	p   *cliargs.Parsed
	env Env
}

// str returns the flag, else the non-empty input, else def; set reports
// whether a flag or input gave it.
func (r resolver) str(name, def string) (string, bool) {
	if v, ok := r.p.Last(name); ok {
		return v, true
	}
	if v, _ := r.env.input(name); v != "" {
		return v, true
	}
	return def, false
}

// file is str for a setting that empty turns off (an output file, the
// approval label): an input present but empty, or an empty flag, is "".
func (r resolver) file(name, def string) string {
	if v, ok := r.p.Last(name); ok {
		return v
	}
	v, present := r.env.input(name)
	if present || v != "" {
		return v
	}
	return def
}

// boolean follows the toolkit's getBooleanInput: true, True, TRUE, false,
// False or FALSE; anything else is an error rather than a guess.
func (r resolver) boolean(name string, def bool) (bool, error) {
	if v, ok := r.p.Flags[name]; ok {
		return v, nil
	}
	v, _ := r.env.input(name)
	switch v {
	case "":
		return def, nil
	case "true", "True", "TRUE":
		return true, nil
	case "false", "False", "FALSE":
		return false, nil
	}
	return false, fmt.Errorf("Input `%s` must be true or false, not `%s`.", name, v)
}

func ifActions(inActions bool, v string) string {
	if inActions {
		return v
	}
	return ""
}

// splitLines splits a multi-line input into trimmed, non-empty lines.
func splitLines(v string) []string {
	var out []string
	for _, line := range strings.Split(v, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}
