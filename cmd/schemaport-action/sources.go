package main

import (
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// formatRules are the formats the config forces on ambiguous tool files.
func formatRules(cfg *config.Config) []tool.FormatRule {
	if cfg == nil {
		return nil
	}
	out := make([]tool.FormatRule, len(cfg.Formats))
	for i, f := range cfg.Formats {
		out[i] = tool.FormatRule{Path: f.Path, Format: tool.Format(f.Format)}
	}
	return out
}
