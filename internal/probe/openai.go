package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
)

// openaiBody is the request body: the Responses API by default
// (POST /v1/responses, tool_choice naming the function), Chat Completions
// with --openai-api chat (the tool nested under `function`, as
// ChatCompletionFunctionTool nests it). The compiled tool goes in as
// compile wrote it, strict as compiled.
func openaiBody(c *call) []byte {
	outCap := strconv.Itoa(OutputCap)
	if c.api == "chat" {
		return object(
			"model", jsonString(c.model),
			"messages", `[`+string(object("role", `"user"`, "content", jsonString(prompt(c.toolName))))+`]`,
			"tools", `[`+string(chatTool(c.compiled))+`]`,
			"tool_choice", string(object("type", `"function"`, "function", string(object("name", jsonString(c.toolName))))),
			// max_tokens is deprecated in the SDK types; this is its successor.
			"max_completion_tokens", outCap,
		)
	}
	return object(
		"model", jsonString(c.model),
		"input", jsonString(prompt(c.toolName)),
		"tools", `[`+string(c.compiled)+`]`,
		"tool_choice", string(object("type", `"function"`, "name", jsonString(c.toolName))),
		"max_output_tokens", outCap,
	)
}

// chatTool rewrites the compiled Responses function tool
// {type, name, description, parameters, strict} as a Chat Completions
// tool {type: function, function: {name, description, parameters, strict}}.
func chatTool(compiled []byte) []byte {
	var members []struct {
		key string
		raw json.RawMessage
	}
	dec := json.NewDecoder(bytes.NewReader(compiled))
	dec.UseNumber()
	// Walk the object's members in order so the nested tool keeps them.
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return compiled
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return compiled
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return compiled
		}
		members = append(members, struct {
			key string
			raw json.RawMessage
		}{k.(string), raw})
	}
	var inner []string
	for _, m := range members {
		if m.key == "type" {
			continue
		}
		inner = append(inner, m.key, string(m.raw))
	}
	return object("type", `"function"`, "function", string(object(inner...)))
}

func openaiSend(ctx context.Context, c *call, rec *recorder) (answer, error) {
	client := openai.NewClient(
		option.WithBaseURL(c.baseURL),
		option.WithAPIKey(c.key),
		option.WithHTTPClient(rec.client()),
		// One request per pair: the rate-limit retry is ours, bounded.
		option.WithMaxRetries(0),
	)
	body := option.WithRequestBody("application/json", openaiBody(c))
	var a answer
	if c.api == "chat" {
		resp, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{}, body)
		if err != nil {
			return a, err
		}
		finish := ""
		for _, ch := range resp.Choices {
			for _, tc := range ch.Message.ToolCalls {
				if tc.Type == "function" && tc.Function.Name == c.toolName && !a.called {
					a.called = true
					a.args, a.argsText = rawArgs(tc.Function.Arguments)
				}
			}
			if ch.Message.Refusal != "" {
				a.notes = append(a.notes, "The model refused: "+ch.Message.Refusal)
			}
			if finish == "" {
				finish = ch.FinishReason
			}
		}
		switch finish {
		case "length":
			capNote(&a, "finish_reason: length")
		case "content_filter":
			a.unjudged = true
			a.notes = append(a.notes, "The answer was withheld by OpenAI's content filter (finish_reason: content_filter), so argument shape was not verified.")
		}
		return a, nil
	}
	resp, err := client.Responses.New(ctx, responses.ResponseNewParams{}, body)
	if err != nil {
		return a, err
	}
	for _, item := range resp.Output {
		switch item.Type {
		case "function_call":
			if item.Name == c.toolName && !a.called {
				a.called = true
				a.args, a.argsText = rawArgs(item.Arguments.OfString)
			}
		case "message":
			for _, part := range item.Content {
				if part.Type == "refusal" && part.Refusal != "" {
					a.notes = append(a.notes, "The model refused: "+part.Refusal)
				}
			}
		}
	}
	if resp.Status == "failed" {
		// A 200 whose generation failed (server_error, ...): the request,
		// tools included, was taken.
		a.unjudged = true
		a.notes = append(a.notes, "The response failed ("+string(resp.Error.Code)+": "+resp.Error.Message+"), so argument shape was not verified.")
	}
	if resp.Status == "incomplete" {
		// max_output_tokens (a reasoning model can spend the whole cap
		// before calling) or content_filter.
		reason := string(resp.IncompleteDetails.Reason)
		if reason == "max_output_tokens" {
			capNote(&a, "incomplete_details.reason: max_output_tokens")
		} else {
			a.unjudged = true
			a.notes = append(a.notes, "The response is incomplete (incomplete_details.reason: "+reason+"), so argument shape was not verified.")
		}
	}
	return a, nil
}
