package main

import (
	"github.com/schemaport/schemaport-action/internal/cliargs"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/options"
	"github.com/schemaport/schemaport-action/internal/targetdiff"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// diffTargetList resolves diff's --targets (nil when it is absent: target
// analysis is opt-in, and the config's `targets` does not apply to diff,
// as in SchemaPort).
func diffTargetList(p *cliargs.Parsed) ([]targetdiff.Target, error) {
	flag, given := p.Last("targets")
	if !given {
		return nil, nil
	}
	ids, err := options.Targets(flag, true, nil)
	if err != nil {
		return nil, err
	}
	return targetdiff.Targets(ids)
}

// compareTargets compiles both sides per target (nil without --targets).
func compareTargets(targets []targetdiff.Target, before, after []*tool.Tool) *targetdiff.Result {
	if targets == nil {
		return nil
	}
	r := targetdiff.Diff(before, after, targets)
	return &r
}

// targetExit is diff's exit with the target section: a compatibility
// regression is breaking (exit 1 under breaking and any), and under any a
// tool whose compatibility changed at all fails too; input errors (2)
// stay.
func targetExit(exit int, failOn string, td *targetdiff.Result) int {
	if exit != 0 || td == nil {
		return exit
	}
	switch failOn {
	case finding.BreakingFailOnBreaking:
		if td.Regressions > 0 {
			return 1
		}
	case finding.BreakingFailOnAny:
		for _, r := range td.Reports {
			if len(r.Tools) > 0 {
				return 1
			}
		}
	}
	return exit
}
