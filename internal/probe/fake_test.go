package probe

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/tool"
)

// Real provider error bodies, each from the public issue named beside it.
const (
	// kevinwatt/mysql-mcp#5 (OpenAI Responses API, HTTP 400).
	openAI400 = `{
  "error": {
    "message": "Invalid schema for function 'mysql_execute': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'params'.",
    "type": "invalid_request_error",
    "param": "tools[1].parameters",
    "code": "invalid_function_parameters"
  }
}`
	openAI400Message = "Invalid schema for function 'mysql_execute': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'params'."
	// truefoundry/models#827 quotes OpenAI's 404 text for an unknown model.
	openAI404 = `{"error":{"message":"The model ` + "`gpt-5.5`" + ` does not exist or you do not have access to it.","type":"invalid_request_error","param":null,"code":"model_not_found"}}`
	// anthropics/claude-code#7365 (Messages API, HTTP 400).
	anthropic400        = `{"type":"error","error":{"type":"invalid_request_error","message":"tools.118.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://docs.anthropic.com/en/docs/tool-use."},"request_id":"req_011CSyXbQdirmj8DykGY2bXQ"}`
	anthropic400Message = "tools.118.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://docs.anthropic.com/en/docs/tool-use."
	// eyaltoledano/claude-task-master#222 (HTTP 401).
	anthropic401 = `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`
	// Trae-AI/TRAE#625 (HTTP 429).
	anthropic429 = `{"type":"error","error":{"type":"rate_limit_error","message":"This request would exceed the rate limit for your organization (---) of 20,000 input tokens per minute. For details, refer to: https://docs.anthropic.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later. You may also contact sales at https://www.anthropic.com/contact-sales to discuss your options for a rate limit increase."}}`
	// anthropics/claude-code#5184 (HTTP 529).
	anthropic529 = `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`
	// zed-industries/zed#44875 (generateContent, HTTP 400; shortened to
	// its first violation).
	gemini400        = `{"error":{"code":400,"message":"Invalid JSON payload received. Unknown name \"const\" at 'tools[0].function_declarations[5].parameters.properties[8].value.any_of[0]': Cannot find field.","status":"INVALID_ARGUMENT"}}`
	gemini400Message = `Invalid JSON payload received. Unknown name "const" at 'tools[0].function_declarations[5].parameters.properties[8].value.any_of[0]': Cannot find field.`
	// bigduu/Bodhi-AI#52: the same error wrapped in an array.
	gemini400Array = `[{"error":{"code":400,"message":"Invalid JSON payload received. Unknown name \"additionalProperties\" at 'tools[0].function_declarations[0].parameters': Cannot find field.","status":"INVALID_ARGUMENT"}}]`
	// wwardaww/gnome-gemini-ai#21 (HTTP 404).
	gemini404 = `{"error":{"code":404,"message":"models/gemini-1.0-pro is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.","status":"NOT_FOUND"}}`
)

const (
	keyOpenAI    = "sk-test-openai-SECRET-1111"
	keyAnthropic = "sk-ant-test-SECRET-2222"
	keyGemini    = "AIza-test-SECRET-3333"
)

// seen is one request the fake received.
type seen struct {
	path   string
	header http.Header
	body   map[string]any
	raw    string
}

// fake speaks the three APIs on one server: /v1/responses,
// /v1/chat/completions, /v1/messages(/count_tokens) and
// /v1beta/models/{model}:generateContent|countTokens. reply decides the
// answer; nil answers every request with a successful forced call.
type fake struct {
	srv   *httptest.Server
	mu    sync.Mutex
	reqs  []seen
	args  string // the arguments of the forced call
	reply func(n int, s seen, w http.ResponseWriter) bool
	// inFlight and maxInFlight measure the concurrency bound.
	inFlight, maxInFlight int
	hold                  time.Duration
}

func newFake(t *testing.T) *fake {
	f := &fake{args: `{"city":"Paris","unit":"c"}`}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fake) serve(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	s := seen{path: r.URL.Path, header: r.Header.Clone(), raw: string(raw)}
	json.Unmarshal(raw, &s.body)
	f.mu.Lock()
	n := len(f.reqs)
	f.reqs = append(f.reqs, s)
	f.inFlight++
	f.maxInFlight = max(f.maxInFlight, f.inFlight)
	reply, hold := f.reply, f.hold
	f.mu.Unlock()
	defer func() { f.mu.Lock(); f.inFlight--; f.mu.Unlock() }()
	if hold > 0 {
		time.Sleep(hold)
	}
	if reply != nil && reply(n, s, w) {
		return
	}
	w.Header().Set("Content-Type", "application/json")
	name := toolNameOf(s)
	switch {
	case s.path == "/v1/responses":
		io.WriteString(w, `{"id":"resp_1","object":"response","created_at":1,"model":"m","status":"completed","output":[{"type":"function_call","id":"fc_1","call_id":"call_1","name":`+q(name)+`,"arguments":`+q(f.args)+`,"status":"completed"}]}`)
	case s.path == "/v1/chat/completions":
		io.WriteString(w, `{"id":"c1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":`+q(name)+`,"arguments":`+q(f.args)+`}}]}}]}`)
	case s.path == "/v1/messages/count_tokens":
		io.WriteString(w, `{"input_tokens":412}`)
	case s.path == "/v1/messages":
		io.WriteString(w, `{"id":"msg_1","type":"message","role":"assistant","model":"m","stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":`+q(name)+`,"input":`+f.args+`}],"usage":{"input_tokens":1,"output_tokens":1}}`)
	case strings.HasSuffix(s.path, ":countTokens"):
		io.WriteString(w, `{"totalTokens":398}`)
	case strings.HasSuffix(s.path, ":generateContent"):
		io.WriteString(w, `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":`+q(name)+`,"args":`+f.args+`}}]},"finishReason":"STOP"}]}`)
	default:
		w.WriteHeader(404)
		io.WriteString(w, `{"error":{"message":"no route"}}`)
	}
}

func q(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// toolNameOf reads the forced tool's name from any of the request shapes.
func toolNameOf(s seen) string {
	if tc, ok := s.body["tool_choice"].(map[string]any); ok {
		if n, ok := tc["name"].(string); ok {
			return n
		}
		if fn, ok := tc["function"].(map[string]any); ok {
			n, _ := fn["name"].(string)
			return n
		}
	}
	if tc, ok := s.body["toolConfig"].(map[string]any); ok {
		fc, _ := tc["functionCallingConfig"].(map[string]any)
		names, _ := fc["allowedFunctionNames"].([]any)
		if len(names) > 0 {
			n, _ := names[0].(string)
			return n
		}
	}
	return ""
}

func (f *fake) requests() []seen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seen(nil), f.reqs...)
}

// env is the environment a run sees: the fake's base URLs and test keys.
func (f *fake) env(drop ...string) func(string) string {
	m := map[string]string{
		"OPENAI_BASE_URL":        f.srv.URL + "/v1/",
		"ANTHROPIC_BASE_URL":     f.srv.URL,
		"GOOGLE_GEMINI_BASE_URL": f.srv.URL,
		"OPENAI_API_KEY":         keyOpenAI,
		"ANTHROPIC_API_KEY":      keyAnthropic,
		"GEMINI_API_KEY":         keyGemini,
	}
	for _, d := range drop {
		delete(m, d)
	}
	return func(k string) string { return m[k] }
}

func (f *fake) options(targets ...string) Options {
	return Options{Targets: targets, Getenv: f.env(), MaxRetryWait: 10 * time.Millisecond, Timeout: 5 * time.Second}
}

const weatherTool = `{
  "name": "get_weather",
  "description": "Current weather for a city.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "city": {"type": "string", "description": "City name"},
      "unit": {"type": "string", "enum": ["c", "f"]}
    },
    "required": ["city", "unit"]
  }
}`

// tagTool has constraints OpenAI and strict Anthropic drop (refused
// without --allow-lossy) and Gemini's uniqueItems loss.
const tagTool = `{
  "name": "tag_resource",
  "description": "Tag a resource.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "id": {"type": "string", "minLength": 3},
      "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}
    },
    "required": ["id"]
  }
}`

// loadTools writes the files (name -> text) to a temp dir and loads them
// the way the CLI does.
func loadTools(t *testing.T, files map[string]string) []*tool.Tool {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(res.Errors) > 0 {
		t.Fatalf("load: %+v", res.Errors)
	}
	return res.Tools
}

func run(t *testing.T, tools []*tool.Tool, o Options) *Report {
	t.Helper()
	return Run(context.Background(), tools, o)
}
