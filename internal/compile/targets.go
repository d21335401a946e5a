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
	compile func(t *tool.Tool, j job) (*jsonvalue.Value, []Transformation)
	// consults reports whether the adapter looks check's code up.
	consults func(code string) bool
}

type adapter struct {
	compile  func(*tool.Tool, job) (*jsonvalue.Value, []Transformation)
	consults func(code string) bool
}

var adapters = map[string]adapter{
	"openai":           {compileOpenAI, openaiConsults},
	"anthropic":        {compileAnthropic, consultsNothing},
	"anthropic-strict": {compileAnthropicStrict, strictConsults},
	"gemini":           {compileGemini, geminiConsults},
	"mcp":              {compileMCP, consultsNothing},
}

func consultsNothing(string) bool { return false }

// Lookup finds the compile target of a check target id.
func Lookup(id string) (Target, bool) {
	info, ok := check.Lookup(id)
	if !ok {
		return Target{}, false
	}
	a, ok := adapters[id]
	if !ok {
		return Target{}, false
	}
	name := info.Name
	return Target{ID: info.ID, Name: name, Check: info.Check, compile: a.compile, consults: a.consults}, true
}

// Consults reports whether compiling for the target looks up check's
// findings of this code (the only findings Render's output depends on).
func Consults(targetID, code string) bool {
	a, ok := adapters[targetID]
	return ok && a.consults(code)
}
