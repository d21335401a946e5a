package compile

import (
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Target is one compile target: check's target of the same id plus the
// adapter that writes the provider-native definition.
type Target struct {
	ID    string
	Name  string
	Check func(*tool.Tool) []provider.Diagnostic
	// compile builds the output object and the records, in order. It never
	// refuses: finalize decides that from the diagnostics.
	compile func(t *tool.Tool, diags diagIndex) (*jsonvalue.Value, []Transformation)
}

var adapters = map[string]func(*tool.Tool, diagIndex) (*jsonvalue.Value, []Transformation){
	"openai":           compileOpenAI,
	"anthropic":        compileAnthropic,
	"anthropic-strict": compileAnthropicStrict,
	"gemini":           compileGemini,
	"mcp":              compileMCP,
}

// Lookup finds the compile target of a check target id.
func Lookup(id string) (Target, bool) {
	info, ok := check.Lookup(id)
	if !ok {
		return Target{}, false
	}
	fn, ok := adapters[id]
	if !ok {
		return Target{}, false
	}
	name := info.Name
	return Target{ID: info.ID, Name: name, Check: info.Check, compile: fn}, true
}
