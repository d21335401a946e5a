package probe

import (
	"context"
	"strconv"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
)

// anthropicBody is a Messages API request (POST /v1/messages) forcing the
// tool with tool_choice {type: tool, name}. The anthropic-strict target's
// compiled tool carries strict: true, so it is sent as compiled.
func anthropicBody(c *call) []byte {
	return object(
		"model", jsonString(c.model),
		"max_tokens", strconv.Itoa(OutputCap),
		"messages", `[`+string(object("role", `"user"`, "content", jsonString(prompt(c.toolName))))+`]`,
		"tools", `[`+string(c.compiled)+`]`,
		"tool_choice", string(object("type", `"tool"`, "name", jsonString(c.toolName))),
	)
}

// anthropicCountBody is the count_tokens request for the same tool and
// prompt (count_tokens takes no max_tokens).
func anthropicCountBody(c *call) []byte {
	return object(
		"model", jsonString(c.model),
		"messages", `[`+string(object("role", `"user"`, "content", jsonString(prompt(c.toolName))))+`]`,
		"tools", `[`+string(c.compiled)+`]`,
		"tool_choice", string(object("type", `"tool"`, "name", jsonString(c.toolName))),
	)
}

func anthropicClient(c *call, rec *recorder) anthropic.Client {
	return anthropic.NewClient(
		// The key and base URL are ours to resolve: no profile files, no
		// ANTHROPIC_AUTH_TOKEN, no federation.
		option.WithoutEnvironmentDefaults(),
		option.WithBaseURL(c.baseURL),
		option.WithAPIKey(c.key),
		option.WithHTTPClient(rec.client()),
		option.WithMaxRetries(0),
	)
}

func anthropicSend(ctx context.Context, c *call, rec *recorder) (answer, error) {
	client := anthropicClient(c, rec)
	var a answer
	msg, err := client.Messages.New(ctx, anthropic.MessageNewParams{}, option.WithRequestBody("application/json", anthropicBody(c)))
	if err != nil {
		return a, err
	}
	for _, block := range msg.Content {
		if block.Type == "tool_use" && block.Name == c.toolName && !a.called {
			a.called = true
			a.args, a.argsText = rawArgs(string(block.Input))
		}
	}
	switch msg.StopReason {
	case "max_tokens":
		// Anthropic returns the incomplete tool_use block as far as it
		// got; its input would read as a violation.
		capNote(&a, "stop_reason: max_tokens")
	case "refusal":
		a.unjudged = true
		a.notes = append(a.notes, "The model declined (stop_reason: refusal); the schema was still accepted.")
	case "model_context_window_exceeded":
		a.unjudged = true
		a.notes = append(a.notes, "The model's context window was full (stop_reason: model_context_window_exceeded), so argument shape was not verified.")
	}
	return a, nil
}

func anthropicCount(ctx context.Context, c *call, rec *recorder) (int64, error) {
	client := anthropicClient(c, rec)
	n, err := client.Messages.CountTokens(ctx, anthropic.MessageCountTokensParams{}, option.WithRequestBody("application/json", anthropicCountBody(c)))
	if err != nil {
		return 0, err
	}
	return n.InputTokens, nil
}
