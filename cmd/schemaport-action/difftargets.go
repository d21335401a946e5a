package main

import (
	"github.com/schemaport/schemaport-action/internal/cliargs"
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
