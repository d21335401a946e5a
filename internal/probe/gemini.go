package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"

	"google.golang.org/genai"
)

// geminiRequest is what the generateContent body carries besides what the
// SDK writes itself: the compiled FunctionDeclaration (as compile wrote
// it) and function calling mode ANY restricted to that function, so the
// model must call it. (SchemaPort's own probe sends AUTO; the issue asks
// for the forced call, which is what every other target does too.)
func geminiTools(c *call) (tools, toolConfig any) {
	var decl any
	dec := json.NewDecoder(bytes.NewReader(c.compiled))
	dec.UseNumber() // int64 bounds and big literals go out as written
	if err := dec.Decode(&decl); err != nil {
		decl = map[string]any{}
	}
	tools = []any{map[string]any{"functionDeclarations": []any{decl}}}
	toolConfig = map[string]any{"functionCallingConfig": map[string]any{
		"mode":                 "ANY",
		"allowedFunctionNames": []any{c.toolName},
	}}
	return tools, toolConfig
}

func geminiClient(ctx context.Context, c *call, rec *recorder) (*genai.Client, error) {
	return genai.NewClient(ctx, &genai.ClientConfig{
		APIKey:     c.key,
		Backend:    genai.BackendGeminiAPI,
		HTTPClient: rec.client(),
		// RetryOptions nil: the SDK sends once; the rate-limit retry is ours.
		HTTPOptions: genai.HTTPOptions{BaseURL: c.baseURL, APIVersion: "v1beta"},
	})
}

func geminiContents(c *call) []*genai.Content {
	return genai.Text(prompt(c.toolName))
}

func geminiSend(ctx context.Context, c *call, rec *recorder) (answer, error) {
	var a answer
	client, err := geminiClient(ctx, c, rec)
	if err != nil {
		return a, err
	}
	tools, toolConfig := geminiTools(c)
	resp, err := client.Models.GenerateContent(ctx, c.model, geminiContents(c), &genai.GenerateContentConfig{
		MaxOutputTokens: OutputCap,
		HTTPOptions: &genai.HTTPOptions{
			// The SDK's Schema type would re-encode the declaration (and
			// drop what it does not model); the body carries it verbatim.
			ExtrasRequestProvider: func(body map[string]any) map[string]any {
				body["tools"] = tools
				body["toolConfig"] = toolConfig
				return body
			},
		},
	})
	if err != nil {
		return a, err
	}
	if len(resp.Candidates) == 0 {
		a.unjudged = true
		if pf := resp.PromptFeedback; pf != nil && pf.BlockReason != "" {
			n := "Gemini blocked the prompt (promptFeedback.blockReason: " + string(pf.BlockReason)
			if pf.BlockReasonMessage != "" {
				n += ": " + pf.BlockReasonMessage
			}
			a.notes = append(a.notes, n+"), so no call was made; the schema was still accepted.")
		} else {
			a.notes = append(a.notes, "Gemini returned no candidates, so no call was made; the schema was still accepted.")
		}
		return a, nil
	}
	// One candidate is asked for; the first is the answer.
	cand := resp.Candidates[0]
	if cand.Content != nil {
		for _, part := range cand.Content.Parts {
			if part.FunctionCall != nil && part.FunctionCall.Name == c.toolName && !a.called {
				a.called = true
				// The SDK's map holds numbers as float64; the arguments are
				// judged as the provider wrote them when the body has them.
				if raw := rawGeminiArgs(rec.body.Bytes(), c.toolName); raw != nil {
					a.args = raw
					continue
				}
				args := part.FunctionCall.Args
				if args == nil {
					args = map[string]any{}
				}
				if b, err := json.Marshal(args); err == nil {
					a.args = b
				}
			}
		}
	}
	why := string(cand.FinishReason)
	// The SDK's Gemini API converter drops finishMessage; the body has it.
	if m := cand.FinishMessage; m != "" {
		why += ": " + m
	} else if m := rawFinishMessage(rec.body.Bytes()); m != "" {
		why += ": " + m
	}
	switch cand.FinishReason {
	case "", genai.FinishReasonStop, genai.FinishReasonUnspecified:
	case genai.FinishReasonMaxTokens:
		capNote(&a, "finishReason: MAX_TOKENS")
	case genai.FinishReasonMalformedFunctionCall:
		// Gemini accepted the declaration but the model's call did not
		// parse against it: often a sign the schema is hard to follow.
		a.unjudged = true
		a.notes = append(a.notes, "Gemini could not produce a well-formed call (finishReason: "+why+"); the schema was accepted, the model's call was not.")
	default:
		// SAFETY, RECITATION, UNEXPECTED_TOOL_CALL, ...: said, and a
		// complete call is still judged.
		if a.args == nil {
			a.unjudged = true
			a.notes = append(a.notes, "Gemini stopped without a call (finishReason: "+why+"); the schema was still accepted.")
		} else {
			a.notes = append(a.notes, "Gemini finished with finishReason: "+why+".")
		}
	}
	return a, nil
}

func geminiCount(ctx context.Context, c *call, rec *recorder) (int64, error) {
	client, err := geminiClient(ctx, c, rec)
	if err != nil {
		return 0, err
	}
	tools, _ := geminiTools(c)
	model := c.model
	if !strings.HasPrefix(model, "models/") {
		model = "models/" + model
	}
	resp, err := client.Models.CountTokens(ctx, c.model, geminiContents(c), &genai.CountTokensConfig{
		HTTPOptions: &genai.HTTPOptions{
			// The Gemini API counts tools only inside a generateContentRequest
			// (the SDK refuses `tools` in its Developer API mode).
			ExtrasRequestProvider: func(body map[string]any) map[string]any {
				req := map[string]any{"model": model, "contents": body["contents"], "tools": tools}
				return map[string]any{"generateContentRequest": req}
			},
		},
	})
	if err != nil {
		return 0, err
	}
	return int64(resp.TotalTokens), nil
}

// rawGeminiArgs finds the first functionCall of the named function in a
// generateContent response body and returns its args as written.
func rawGeminiArgs(body []byte, name string) json.RawMessage {
	var resp struct {
		Candidates []struct {
			Content struct {
				Parts []struct {
					FunctionCall *struct {
						Name string          `json:"name"`
						Args json.RawMessage `json:"args"`
					} `json:"functionCall"`
				} `json:"parts"`
			} `json:"content"`
		} `json:"candidates"`
	}
	if json.Unmarshal(body, &resp) != nil {
		return nil
	}
	for _, cand := range resp.Candidates {
		for _, part := range cand.Content.Parts {
			if fc := part.FunctionCall; fc != nil && fc.Name == name && len(fc.Args) > 0 && string(fc.Args) != "null" {
				return fc.Args
			}
		}
	}
	return nil
}

// rawFinishMessage is the first candidate's finishMessage as written.
func rawFinishMessage(body []byte) string {
	var resp struct {
		Candidates []struct {
			FinishMessage string `json:"finishMessage"`
		} `json:"candidates"`
	}
	if json.Unmarshal(body, &resp) != nil || len(resp.Candidates) == 0 {
		return ""
	}
	return resp.Candidates[0].FinishMessage
}
