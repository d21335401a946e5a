package check

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropic"
	"github.com/schemaport/schemaport-action/internal/provider/anthropicstrict"
	"github.com/schemaport/schemaport-action/internal/provider/core"
	"github.com/schemaport/schemaport-action/internal/provider/gemini"
	"github.com/schemaport/schemaport-action/internal/provider/mcp"
	"github.com/schemaport/schemaport-action/internal/provider/openai"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// TargetInfo describes one check target.
type TargetInfo struct {
	ID   string // "openai", the --targets name and the JSON key
	Name string // "OpenAI", for people
	// Default targets run when --targets is not given.
	Default         bool
	RulesReviewedAt string
	Rules           []provider.Rule
	Check           func(*tool.Tool) []provider.Diagnostic
}

// registry lists the selectable targets in registry order (the order of
// the default selection and of error messages): SchemaPort's four, then ours.
var registry = []TargetInfo{
	{ID: openai.ID, Name: openai.Name, Default: true, RulesReviewedAt: openai.RulesReviewedAt, Rules: openai.Rules, Check: openai.Check},
	{ID: anthropic.ID, Name: anthropic.Name, Default: true, RulesReviewedAt: anthropic.RulesReviewedAt, Rules: anthropic.Rules, Check: anthropic.Check},
	{ID: gemini.ID, Name: gemini.Name, Default: true, RulesReviewedAt: gemini.RulesReviewedAt, Rules: gemini.Rules, Check: gemini.Check},
	{ID: mcp.ID, Name: mcp.Name, Default: true, RulesReviewedAt: mcp.RulesReviewedAt, Rules: mcp.Rules, Check: mcp.Check},
	{ID: anthropicstrict.ID, Name: anthropicstrict.Name, RulesReviewedAt: anthropicstrict.RulesReviewedAt, Rules: anthropicstrict.Rules, Check: anthropicstrict.Check},
}

// coreTarget reports what is wrong with a tool whatever the provider
// (defaults and examples its own schema rejects). It runs for every tool,
// before the selected targets, and appears in a tool's result only when it
// found something, so a clean run has exactly SchemaPort's shape and
// totals. It is not selectable: a bug in the tool is never out of scope.
var coreTarget = TargetInfo{ID: core.ID, Name: core.Name, RulesReviewedAt: core.RulesReviewedAt, Rules: core.Rules, Check: core.Check}

// Targets returns the selectable targets in report order.
func Targets() []TargetInfo { return append([]TargetInfo(nil), registry...) }

// Core returns the always-on core target (for rule metadata, e.g. SARIF).
func Core() TargetInfo { return coreTarget }

// Lookup finds a selectable target by id.
func Lookup(id string) (TargetInfo, bool) {
	for _, t := range registry {
		if t.ID == id {
			return t, true
		}
	}
	return TargetInfo{}, false
}

// DefaultTargets is the --targets default: openai, anthropic, gemini, mcp.
func DefaultTargets() []string {
	var ids []string
	for _, t := range registry {
		if t.Default {
			ids = append(ids, t.ID)
		}
	}
	return ids
}

// ResolveTargets validates target ids as given to --targets or the config:
// case-sensitive, each kept once in the order first given. An unknown id is
// an error naming the valid ones.
//
// `all` expands to every registered target in registry order and combines
// with explicit ids (`mcp,all` gives mcp first, then the rest), as
// SchemaPort's main branch does.
func ResolveTargets(ids []string) ([]string, error) {
	out := make([]string, 0, len(ids))
	add := func(id string) {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	for _, id := range ids {
		if id == "all" {
			for _, t := range registry {
				add(t.ID)
			}
			continue
		}
		if _, ok := Lookup(id); !ok {
			valid := make([]string, len(registry))
			for i, t := range registry {
				valid[i] = t.ID
			}
			return nil, fmt.Errorf("Unknown target `%s`. Valid targets are: %s, all.", id, strings.Join(valid, ", "))
		}
		add(id)
	}
	return out, nil
}

// selected returns the targets named in ids, in the order given, each
// once. Unknown ids are ignored (ResolveTargets rejects them first).
func selected(ids []string) []TargetInfo {
	var out []TargetInfo
	for _, id := range ids {
		t, ok := Lookup(id)
		if ok && !slices.ContainsFunc(out, func(o TargetInfo) bool { return o.ID == id }) {
			out = append(out, t)
		}
	}
	return out
}
