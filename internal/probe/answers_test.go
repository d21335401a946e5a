package probe

import (
	"io"
	"net/http"
	"reflect"
	"testing"
)

// 2xx answers the SDKs treat specially: each says what happened, and a
// call the output cap cut off (or none at all) is never judged.
func TestSpecialAnswers(t *testing.T) {
	accepted := "Schema accepted by the provider API."
	cases := []struct {
		name, target, api, path, body string
		called                        bool
		notes                         []string
	}{
		{
			// A reasoning model can spend the whole cap before calling.
			"openai incomplete, reasoning only", "openai", "", "/v1/responses",
			`{"id":"r","object":"response","status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},"output":[{"type":"reasoning","id":"rs_1","summary":[]}]}`,
			false, []string{accepted, "The output cap was reached (incomplete_details.reason: max_output_tokens) before any tool call, so argument shape was not verified."},
		},
		{
			"openai incomplete, call cut off", "openai", "", "/v1/responses",
			`{"id":"r","object":"response","status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},"output":[{"type":"function_call","id":"fc_1","call_id":"c","name":"get_weather","arguments":"{\"city\":\"Pa","status":"incomplete"}]}`,
			true, []string{accepted, "The output cap was reached (incomplete_details.reason: max_output_tokens) while the tool call was being written, so its arguments were not inspected."},
		},
		{
			"openai refusal", "openai", "", "/v1/responses",
			`{"id":"r","object":"response","status":"completed","output":[{"type":"message","id":"m","role":"assistant","status":"completed","content":[{"type":"refusal","refusal":"I can't help with that."}]}]}`,
			false, []string{accepted, "The model refused: I can't help with that.", "The model did not return a tool call, so argument shape was not verified."},
		},
		{
			"openai failed", "openai", "", "/v1/responses",
			`{"id":"r","object":"response","status":"failed","error":{"code":"server_error","message":"The model failed to generate a response."},"output":[]}`,
			false, []string{accepted, "The response failed (server_error: The model failed to generate a response.), so argument shape was not verified."},
		},
		{
			"chat length, call cut off", "openai", "chat", "/v1/chat/completions",
			`{"id":"c1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"length","message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Pa"}}]}}]}`,
			true, []string{accepted, "The output cap was reached (finish_reason: length) while the tool call was being written, so its arguments were not inspected."},
		},
		{
			// Anthropic returns the tool_use block as far as it got.
			"anthropic max_tokens, partial tool_use", "anthropic", "", "/v1/messages",
			`{"id":"msg_1","type":"message","role":"assistant","model":"m","stop_reason":"max_tokens","content":[{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Par"}}],"usage":{"input_tokens":1,"output_tokens":1024}}`,
			true, []string{accepted, "The output cap was reached (stop_reason: max_tokens) while the tool call was being written, so its arguments were not inspected."},
		},
		{
			"anthropic max_tokens, no call", "anthropic", "", "/v1/messages",
			`{"id":"msg_1","type":"message","role":"assistant","model":"m","stop_reason":"max_tokens","content":[{"type":"text","text":"Let me think"}],"usage":{"input_tokens":1,"output_tokens":1024}}`,
			false, []string{accepted, "The output cap was reached (stop_reason: max_tokens) before any tool call, so argument shape was not verified."},
		},
		{
			"anthropic refusal", "anthropic", "", "/v1/messages",
			`{"id":"msg_1","type":"message","role":"assistant","model":"m","stop_reason":"refusal","content":[],"usage":{"input_tokens":1,"output_tokens":1}}`,
			false, []string{accepted, "The model declined (stop_reason: refusal); the schema was still accepted."},
		},
		{
			// archestra-ai/archestra#6892: a blocked prompt has no candidates.
			"gemini prompt blocked", "gemini", "", ":generateContent",
			`{"promptFeedback":{"blockReason":"PROHIBITED_CONTENT"},"usageMetadata":{"promptTokenCount":40,"totalTokenCount":40}}`,
			false, []string{accepted, "Gemini blocked the prompt (promptFeedback.blockReason: PROHIBITED_CONTENT), so no call was made; the schema was still accepted."},
		},
		{
			"gemini no candidates", "gemini", "", ":generateContent",
			`{"usageMetadata":{"promptTokenCount":40,"totalTokenCount":40}}`,
			false, []string{accepted, "Gemini returned no candidates, so no call was made; the schema was still accepted."},
		},
		{
			// inngest/agent-kit#178 (content {} with the finish reason);
			// langchain-ai/langchain-google#595 (finishMessage says why).
			"gemini MALFORMED_FUNCTION_CALL", "gemini", "", ":generateContent",
			`{"candidates":[{"content":{},"finishReason":"MALFORMED_FUNCTION_CALL","finishMessage":"Malformed function call: print(default_api.get_weather(city='Paris'))","index":0}]}`,
			false, []string{accepted, "Gemini could not produce a well-formed call (finishReason: MALFORMED_FUNCTION_CALL: Malformed function call: print(default_api.get_weather(city='Paris'))); the schema was accepted, the model's call was not."},
		},
		{
			"gemini MAX_TOKENS", "gemini", "", ":generateContent",
			`{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"get_weather","args":{"city":"Pa"}}}]},"finishReason":"MAX_TOKENS"}]}`,
			true, []string{accepted, "The output cap was reached (finishReason: MAX_TOKENS) while the tool call was being written, so its arguments were not inspected."},
		},
		{
			"gemini SAFETY, no call", "gemini", "", ":generateContent",
			`{"candidates":[{"finishReason":"SAFETY","index":0}]}`,
			false, []string{accepted, "Gemini stopped without a call (finishReason: SAFETY); the schema was still accepted."},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFake(t)
			f.reply = func(_ int, s seen, w http.ResponseWriter) bool {
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, c.body)
				return true
			}
			o := f.options(c.target)
			o.OpenAIAPI = c.api
			r := one(t, run(t, weather(t), o))
			if got := f.requests()[0].path; len(got) < len(c.path) || got[len(got)-len(c.path):] != c.path {
				t.Fatalf("path %s", got)
			}
			if r.Status != Accepted || !r.SchemaAccepted || r.ToolCallReturned != c.called || r.ArgumentsValid != nil || r.ArgumentsReceived != nil || r.ArgumentErrors != nil {
				t.Errorf("%+v", r)
			}
			if !reflect.DeepEqual(r.Notes, c.notes) {
				t.Errorf("notes\n got %q\nwant %q", r.Notes, c.notes)
			}
		})
	}
}
