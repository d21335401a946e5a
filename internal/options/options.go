// Package options turns the config file and the command line into the
// engines' options, the same way for every command: the targets, the
// loader's options and formats, and the policy's rules and accept entries.
package options

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/gitbase"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Targets resolves the targets: the flag when given (a comma-separated
// list), else the config's, else the default set.
func Targets(flag string, flagSet bool, cfg *config.Config) ([]string, error) {
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
		// Each id alone first, so an unknown one is named where it is written.
		for i, id := range cfg.Targets {
			if _, err := check.ResolveTargets([]string{id}); err != nil && i < len(cfg.TargetsAt) {
				return nil, fmt.Errorf("%s: %w", cfg.TargetsAt[i], err)
			}
		}
		raw = cfg.Targets
	default:
		return check.DefaultTargets(), nil
	}
	return check.ResolveTargets(raw)
}

// Load are the loader's options from the config file.
func Load(cwd string, cfg *config.Config) tool.Options {
	o := tool.Options{Cwd: cwd, Formats: FormatRules(cfg)}
	if cfg != nil && cfg.MaxFileSize != nil {
		o.MaxFileSize = *cfg.MaxFileSize
	}
	return o
}

// FormatRules are the config's `formats`: which files are read in which
// provider-native format.
func FormatRules(cfg *config.Config) []tool.FormatRule {
	if cfg == nil {
		return nil
	}
	out := make([]tool.FormatRule, len(cfg.Formats))
	for i, f := range cfg.Formats {
		out[i] = tool.FormatRule{Path: f.Path, Format: tool.Format(f.Format)}
	}
	return out
}

// Policy validates the config's `rules` and `accept` for the policy: an
// unknown code is an error that says where it is and the nearest code.
func Policy(cfg *config.Config) (*finding.Rules, []finding.Accept, error) {
	if cfg == nil {
		return nil, nil, nil
	}
	settings := make([]finding.RuleSetting, len(cfg.Rules))
	for i, r := range cfg.Rules {
		settings[i] = finding.RuleSetting{Key: r.Key, Level: r.Level, Where: cfg.Where(r.Line), At: cfg.At(r.Line, r.Column)}
	}
	rules, err := finding.NewRules(settings)
	if err != nil {
		return nil, nil, err
	}
	codes := finding.Codes()
	var accept []finding.Accept
	for _, e := range cfg.Accept {
		if _, ok := slices.BinarySearch(codes, e.Code); !ok && e.Code != finding.LoadCode {
			return nil, nil, fmt.Errorf("%s: Unknown code `%s` in the accept entry. Did you mean `%s`?", cfg.At(e.CodeLine, e.CodeColumn), e.Code, finding.Nearest(e.Code, codes))
		}
		accept = append(accept, finding.Accept{Tool: e.Tool, Code: e.Code, Path: e.Path, Reason: e.Reason, Until: e.Until,
			Where: cfg.Where(e.Line), File: cfg.File, Line: e.Line})
	}
	return rules, accept, nil
}

// OutDisplay is an output directory as messages show it: relative to cwd
// when under it, else as given.
func OutDisplay(cwd, dir string) string {
	rel, err := filepath.Rel(cwd, dir)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(dir)
	}
	return filepath.ToSlash(rel)
}

// RepoPaths maps the display paths of a command run in cwd onto the
// repository that holds cwd, as the action does, so that a SARIF file
// from `check` or `diff` has the locations code scanning matches against
// the repository, the same as `run`'s. Outside a repository nil (paths
// stay relative to cwd).
func RepoPaths(cwd string) report.PathMapper {
	root, ok := gitbase.FindRoot(cwd)
	if !ok {
		return nil
	}
	realRoot, err1 := filepath.EvalSymlinks(root)
	realCwd, err2 := filepath.EvalSymlinks(cwd)
	if err1 != nil || err2 != nil {
		return nil
	}
	return report.RepoRelative(realRoot, realCwd)
}

// Budgets are the config's context budgets, their targets checked (nil:
// none).
func Budgets(cfg *config.Config) (*config.Budgets, error) {
	if cfg == nil || cfg.Budgets == nil {
		return nil, nil
	}
	var ids []string
	for _, t := range check.Targets() {
		ids = append(ids, t.ID)
	}
	if err := cfg.Budgets.ValidateTargets(ids); err != nil {
		return nil, err
	}
	return cfg.Budgets, nil
}

// ContextWindow is each target's context window for cost shares: the
// --context-window flag when given, else the config's
// `budgets.contextWindow` for the target, else report.DefaultContextWindow.
func ContextWindow(cfg *config.Config, flag string) (report.ContextWindow, error) {
	if flag != "" {
		n, err := strconv.Atoi(flag)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("`--context-window` takes a number of tokens, such as 128000; got `%s`.", flag)
		}
		return func(string) int { return n }, nil
	}
	return func(target string) int {
		if cfg != nil && cfg.Budgets != nil {
			if b, ok := cfg.Budgets.For("contextWindow", target); ok && b.Tokens > 0 {
				return b.Tokens
			}
		}
		return report.DefaultContextWindow
	}, nil
}
