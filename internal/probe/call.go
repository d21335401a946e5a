package probe

import (
	"encoding/json"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// call is one request to make: the compiled tool and where to send it.
type call struct {
	target   string // openai, anthropic, anthropic-strict, gemini
	toolName string
	compiled []byte // the compiled tool, as compile writes it
	model    string
	key      string
	baseURL  string
	api      string // OpenAI: "responses" or "chat"
}

// answer is what came back from an accepted request.
type answer struct {
	args     json.RawMessage // the forced call's arguments, nil when none came back
	argsText string          // arguments that were not JSON, as received
	notes    []string
	// called: a call of the tool came back, complete or not.
	called bool
	// unjudged: the arguments are not judged, and notes say why (the
	// output cap cut the call off, the prompt was blocked, ...): a
	// half-written call would look exactly like a violation.
	unjudged bool
}

// capNote says the output cap ended the answer, naming the provider's
// field, and whether a call had begun.
func capNote(a *answer, field string) {
	a.unjudged = true
	if a.called {
		a.notes = append(a.notes, "The output cap was reached ("+field+") while the tool call was being written, so its arguments were not inspected.")
	} else {
		a.notes = append(a.notes, "The output cap was reached ("+field+") before any tool call, so argument shape was not verified.")
	}
}

// prompt is SchemaPort's probePrompt: one call with placeholder values,
// never executed, no questions.
func prompt(name string) string {
	return "Call the `" + name + "` tool exactly once using plausible placeholder values " +
		"that satisfy every constraint in its schema. This is an automated schema " +
		"compatibility check; the call will not be executed. Do not ask questions."
}

// jsonString quotes s as a JSON string, as compile writes strings.
func jsonString(s string) string { return jsonvalue.Quote(s) }

// object writes a JSON object from key/raw-value pairs in the given order,
// so request bodies keep a fixed, readable key order.
func object(pairs ...string) []byte {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(jsonString(pairs[i]))
		b.WriteByte(':')
		b.WriteString(pairs[i+1])
	}
	b.WriteByte('}')
	return []byte(b.String())
}

// rawArgs keeps arguments that parse as JSON, and the text otherwise.
func rawArgs(s string) (json.RawMessage, string) {
	if json.Valid([]byte(s)) {
		return json.RawMessage(s), ""
	}
	return nil, s
}
