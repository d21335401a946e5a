// Package check runs the selected providers over loaded tools and orders
// their diagnostics deterministically.
package check

import (
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Summary counts diagnostics of one target (SchemaPort's per-target keys).
type Summary struct {
	Error   int `json:"error"`
	Warning int `json:"warning"`
	Info    int `json:"info"`
}

// TargetResult is what one provider said about one tool.
type TargetResult struct {
	ID          string // "openai"
	Name        string // display name, "OpenAI"
	Diagnostics []provider.Diagnostic
	Summary     Summary
}

// ToolResult is every target's verdict on one tool.
type ToolResult struct {
	Tool    *tool.Tool
	Targets []TargetResult
}

// Result is a whole check run. Tools keep the loader's order (by name).
type Result struct {
	Tools    []ToolResult
	Errors   int
	Warnings int
	Infos    int
}
