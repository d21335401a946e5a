package main

// End-to-end tests of `probe`: the real binary against a fake provider
// server of this file's own, reached only through the base-URL variables
// (OPENAI_BASE_URL, ANTHROPIC_BASE_URL, GOOGLE_GEMINI_BASE_URL) a proxy
// would use. No test reaches the network.

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

const (
	e2eOpenAIKey    = "sk-e2e-openai-KEY-aaaa"
	e2eAnthropicKey = "sk-ant-e2e-KEY-bbbb"
	e2eGeminiKey    = "AIza-e2e-KEY-cccc"
)

// providerServer answers the three APIs with one successful forced call
// each, unless reject names a path, which then gets the provider's 400.
type providerServer struct {
	srv    *httptest.Server
	mu     sync.Mutex
	paths  []string
	reject string
}

func newProviderServer(t *testing.T) *providerServer {
	p := &providerServer{}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		p.mu.Lock()
		p.paths = append(p.paths, r.URL.Path)
		reject := p.reject
		p.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if reject != "" && strings.HasSuffix(r.URL.Path, reject) {
			w.WriteHeader(400)
			// anthropics/claude-code#7365: the Messages API's 400 for a tool schema.
			io.WriteString(w, `{"type":"error","error":{"type":"invalid_request_error","message":"tools.0.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://docs.anthropic.com/en/docs/tool-use."}}`)
			return
		}
		args := `{"city":"Paris"}`
		name := "get_weather"
		if !bytes.Contains(body, []byte(`"get_weather"`)) {
			name = "unknown"
		}
		switch {
		case r.URL.Path == "/v1/responses":
			io.WriteString(w, `{"id":"r","object":"response","status":"completed","output":[{"type":"function_call","id":"f","call_id":"c","name":"`+name+`","arguments":`+jsonQuote(args)+`}]}`)
		case r.URL.Path == "/v1/chat/completions":
			io.WriteString(w, `{"id":"c","object":"chat.completion","choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"`+name+`","arguments":`+jsonQuote(args)+`}}]}}]}`)
		case r.URL.Path == "/v1/messages":
			io.WriteString(w, `{"id":"m","type":"message","role":"assistant","stop_reason":"tool_use","content":[{"type":"tool_use","id":"t","name":"`+name+`","input":`+args+`}]}`)
		case r.URL.Path == "/v1/messages/count_tokens":
			io.WriteString(w, `{"input_tokens":321}`)
		case strings.HasSuffix(r.URL.Path, ":generateContent"):
			io.WriteString(w, `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"`+name+`","args":`+args+`}}]},"finishReason":"STOP"}]}`)
		case strings.HasSuffix(r.URL.Path, ":countTokens"):
			io.WriteString(w, `{"totalTokens":300}`)
		default:
			w.WriteHeader(404)
			io.WriteString(w, `{"error":{"message":"no such route"}}`)
		}
	}))
	t.Cleanup(p.srv.Close)
	return p
}

func jsonQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func (p *providerServer) requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.paths...)
}

// probeEnv is the process environment without any real key, model or
// base URL, plus the fake's base URLs and (unless noKeys) test keys.
func (p *providerServer) probeEnv(noKeys bool) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "OPENAI_") || strings.HasPrefix(k, "ANTHROPIC_") || strings.HasPrefix(k, "GEMINI_") ||
			strings.HasPrefix(k, "GOOGLE_") || strings.HasPrefix(k, "SCHEMAPORT_") {
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "OPENAI_BASE_URL="+p.srv.URL+"/v1/", "ANTHROPIC_BASE_URL="+p.srv.URL, "GOOGLE_GEMINI_BASE_URL="+p.srv.URL, "NO_COLOR=1")
	if !noKeys {
		env = append(env, "OPENAI_API_KEY="+e2eOpenAIKey, "ANTHROPIC_API_KEY="+e2eAnthropicKey, "GEMINI_API_KEY="+e2eGeminiKey)
	}
	return env
}

type probeRun struct {
	code           int
	stdout, stderr string
}

func (p *providerServer) probe(t *testing.T, dir string, noKeys bool, args ...string) probeRun {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"probe"}, args...)...)
	cmd.Dir = dir
	cmd.Env = p.probeEnv(noKeys)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	r := probeRun{code, out.String(), errb.String()}
	for _, k := range []string{e2eOpenAIKey, e2eAnthropicKey, e2eGeminiKey, "KEY-"} {
		if strings.Contains(r.stdout+r.stderr, k) {
			t.Errorf("a key appears in the output:\n%s%s", r.stdout, r.stderr)
		}
	}
	return r
}

const e2eWeather = `{
  "name": "get_weather",
  "description": "Current weather for a city.",
  "inputSchema": {
    "type": "object",
    "properties": {"city": {"type": "string", "minLength": 2}},
    "required": ["city"]
  }
}`

func TestE2EProbeAcceptedByEveryProvider(t *testing.T) {
	p := newProviderServer(t)
	dir := writeFiles(t, map[string]string{"tools/weather.json": e2eWeather})
	r := p.probe(t, dir, false, "tools", "--targets", "openai,anthropic,anthropic-strict,gemini", "--allow-lossy", "--count-tokens", "--format", "json")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	var doc struct {
		Command           string
		SchemaPortVersion string
		Summary           map[string]int
		Disagreements     int
		Results           []struct {
			Source, ProviderID, ToolName, Status string
			ArgumentsValid                       *bool
			InputTokens                          *int
			Predicted                            struct{ Verdict string }
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if doc.Command != "probe" || doc.Summary["accepted"] != 4 || doc.Disagreements != 0 || len(doc.Results) != 4 {
		t.Fatalf("%s", r.stdout)
	}
	tokens := 0
	for _, res := range doc.Results {
		if res.Status != "accepted" || res.ArgumentsValid == nil || !*res.ArgumentsValid || res.Source != "tools/weather.json" || res.Predicted.Verdict != "accepted" {
			t.Errorf("%+v", res)
		}
		if res.InputTokens != nil {
			tokens++
		}
	}
	if tokens != 3 { // Anthropic twice, Gemini; OpenAI has no counter
		t.Errorf("%d token counts", tokens)
	}
	want := []string{"/v1/responses", "/v1/messages", "/v1/messages/count_tokens", "/v1/messages", "/v1/messages/count_tokens", "/v1beta/models/gemini-2.5-flash-lite:generateContent", "/v1beta/models/gemini-2.5-flash-lite:countTokens"}
	got := p.requests()
	if len(got) != len(want) {
		t.Errorf("requests %v", got)
	}
	// Chat Completions on request.
	r = p.probe(t, dir, false, "tools", "--targets", "openai", "--openai-api", "chat", "--allow-lossy")
	if r.code != 0 || !strings.Contains(r.stdout, "✓ ACCEPTED (model: gpt-5.6-luna, api: chat)") {
		t.Fatalf("exit %d\n%s", r.code, r.stdout)
	}
	if last := p.requests()[len(p.requests())-1]; last != "/v1/chat/completions" {
		t.Errorf("chat went to %s", last)
	}
}

func TestE2EProbeRejectionIsADisagreement(t *testing.T) {
	p := newProviderServer(t)
	p.reject = "/v1/messages"
	dir := writeFiles(t, map[string]string{"tools/weather.json": e2eWeather})
	r := p.probe(t, dir, false, "tools", "--targets", "anthropic,gemini")
	if r.code != 1 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if !strings.HasPrefix(r.stdout, "1 disagreement with check\n\n✗ get_weather on Anthropic: the provider rejected it; check predicted it would be accepted.\n  Provider error: tools.0.custom.input_schema: JSON schema is invalid.") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
	if !strings.HasSuffix(r.stdout, "Result: 1 accepted, 1 rejected, 0 errors, 0 skipped\n") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
}

func TestE2EProbeWithoutKeys(t *testing.T) {
	p := newProviderServer(t)
	dir := writeFiles(t, map[string]string{"tools/weather.json": e2eWeather})
	r := p.probe(t, dir, true, "tools", "--targets", "anthropic,gemini")
	if r.code != 3 || len(p.requests()) != 0 {
		t.Fatalf("exit %d, %d requests\n%s", r.code, len(p.requests()), r.stdout)
	}
	for _, want := range []string{"export ANTHROPIC_API_KEY=<your key>", "export GEMINI_API_KEY=<your key>", "Then re-run:      schemaport-action probe tools --targets anthropic,gemini"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
	// --dry-run needs no key and sends nothing.
	r = p.probe(t, dir, true, "tools", "--dry-run", "--targets", "openai,anthropic-strict,gemini", "--allow-lossy")
	if r.code != 0 || len(p.requests()) != 0 {
		t.Fatalf("exit %d, %d requests\n%s%s", r.code, len(p.requests()), r.stdout, r.stderr)
	}
	for _, want := range []string{"POST " + p.srv.URL + "/v1/responses", "POST " + p.srv.URL + "/v1/messages", `"strict": true`, `"mode": "ANY"`, "Dry run: 3 requests, none sent."} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("dry run lacks %q:\n%s", want, r.stdout)
		}
	}
}

func TestE2EProbeUsageAndInputErrors(t *testing.T) {
	p := newProviderServer(t)
	dir := writeFiles(t, map[string]string{"tools/weather.json": e2eWeather, "bad/broken.json": `{"name": `})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tools", "--openai-api", "completions"}, "Unknown --openai-api `completions`. Valid values are: responses, chat."},
		{[]string{"tools", "--timeout", "soon"}, "`--timeout` must be a duration such as 30s or 2m (got `soon`)."},
		{[]string{"tools", "--format", "sarif"}, "Unknown --format `sarif`. Valid formats are: text, json."},
		{[]string{"tools", "--targets", "bedrock"}, "Unknown target `bedrock`."},
		{[]string{"tools", "--fail-on", "error"}, "Unknown option `--fail-on`."},
		{[]string{}, "No input path given."},
		{[]string{"bad"}, "bad/broken.json"},
	} {
		r := p.probe(t, dir, false, c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%v: exit %d\nstdout %s\nstderr %s", c.args, r.code, r.stdout, r.stderr)
		}
	}
	if len(p.requests()) != 0 {
		t.Errorf("requests sent: %v", p.requests())
	}
	r := p.probe(t, dir, false, "--help")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "Usage: schemaport-action probe <path...>") {
		t.Errorf("help: %d %s", r.code, r.stdout)
	}
}

func TestE2EProbeReadsTheConfigFile(t *testing.T) {
	p := newProviderServer(t)
	dir := writeFiles(t, map[string]string{
		"tools/weather.json":     e2eWeather,
		"schemaport.config.json": `{"schemas": "tools", "targets": ["gemini"], "allowLossy": true}`,
	})
	r := p.probe(t, dir, false, "--format", "json")
	if r.code != 0 || !strings.Contains(r.stdout, `"providerId": "gemini"`) || strings.Contains(r.stdout, `"providerId": "openai"`) {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// The flag wins over the config, and mcp is skipped, not probed.
	r = p.probe(t, dir, false, "--targets", "mcp")
	if r.code != 0 || !strings.Contains(r.stdout, "– SKIPPED\n  MCP has no hosted API to probe.") || !strings.HasSuffix(r.stdout, "Result: 0 accepted, 0 rejected, 0 errors, 1 skipped\n") {
		t.Fatalf("exit %d\n%s", r.code, r.stdout)
	}
	if got := p.requests(); len(got) != 1 {
		t.Errorf("requests %v", got)
	}
}
