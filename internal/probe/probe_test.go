package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/tool"
)

func weather(t *testing.T) []*tool.Tool {
	return loadTools(t, map[string]string{"weather.json": weatherTool})
}

func one(t *testing.T, rep *Report) Result {
	t.Helper()
	if len(rep.Results) != 1 {
		t.Fatalf("got %d results, want 1: %+v", len(rep.Results), rep.Results)
	}
	return rep.Results[0]
}

func TestOpenAIResponsesIsTheDefaultSurface(t *testing.T) {
	f := newFake(t)
	r := one(t, run(t, weather(t), f.options("openai")))
	if r.Status != Accepted || !r.SchemaAccepted || !r.ToolCallReturned || r.ArgumentsValid == nil || !*r.ArgumentsValid {
		t.Fatalf("result: %+v", r)
	}
	if r.API != "responses" || r.Model != DefaultOpenAIModel || r.Attempts != 1 {
		t.Fatalf("api %q model %q attempts %d", r.API, r.Model, r.Attempts)
	}
	reqs := f.requests()
	if len(reqs) != 1 || reqs[0].path != "/v1/responses" {
		t.Fatalf("requests: %+v", reqs)
	}
	b := reqs[0].body
	if got := b["tool_choice"]; !reflect.DeepEqual(got, map[string]any{"type": "function", "name": "get_weather"}) {
		t.Errorf("tool_choice = %v", got)
	}
	tool := b["tools"].([]any)[0].(map[string]any)
	if tool["strict"] != true || tool["name"] != "get_weather" || tool["parameters"] == nil {
		t.Errorf("tool = %v", tool)
	}
	if b["max_output_tokens"] != float64(OutputCap) || b["model"] != DefaultOpenAIModel {
		t.Errorf("body = %v", b)
	}
	if got := reqs[0].header.Get("Authorization"); got != "Bearer "+keyOpenAI {
		t.Errorf("Authorization = %q", got)
	}
}

func TestOpenAIChatCompletionsSurface(t *testing.T) {
	f := newFake(t)
	f.args = `{"city":"Paris","unit":"kelvin"}` // not in the enum
	o := f.options("openai")
	o.OpenAIAPI = "chat"
	r := one(t, run(t, weather(t), o))
	if r.Status != Accepted || r.API != "chat" || r.ArgumentsValid == nil || *r.ArgumentsValid {
		t.Fatalf("result: %+v", r)
	}
	if len(r.ArgumentErrors) != 1 || !strings.HasPrefix(r.ArgumentErrors[0], "at /unit: ") {
		t.Errorf("argument errors: %q", r.ArgumentErrors)
	}
	reqs := f.requests()
	if reqs[0].path != "/v1/chat/completions" {
		t.Fatalf("path %s", reqs[0].path)
	}
	b := reqs[0].body
	want := map[string]any{"type": "function", "function": map[string]any{"name": "get_weather"}}
	if !reflect.DeepEqual(b["tool_choice"], want) {
		t.Errorf("tool_choice = %v", b["tool_choice"])
	}
	tl := b["tools"].([]any)[0].(map[string]any)
	fn := tl["function"].(map[string]any)
	if tl["type"] != "function" || fn["name"] != "get_weather" || fn["strict"] != true || fn["parameters"] == nil || fn["type"] != nil {
		t.Errorf("tool = %v", tl)
	}
	if b["max_completion_tokens"] != float64(OutputCap) || b["max_tokens"] != nil {
		t.Errorf("caps: %v", b)
	}
}

func TestAnthropicStrictSendsStrictTrue(t *testing.T) {
	f := newFake(t)
	rep := run(t, weather(t), f.options("anthropic", "anthropic-strict"))
	reqs := f.requests()
	if len(reqs) != 2 {
		t.Fatalf("requests: %d", len(reqs))
	}
	strictSeen := map[bool]int{}
	for _, s := range reqs {
		// anthropic-sdk-go v2 sends the API key as a bearer token.
		if s.path != "/v1/messages" || s.header.Get("Authorization") != "Bearer "+keyAnthropic {
			t.Fatalf("path %s key %q", s.path, s.header.Get("Authorization"))
		}
		if !reflect.DeepEqual(s.body["tool_choice"], map[string]any{"type": "tool", "name": "get_weather"}) {
			t.Errorf("tool_choice = %v", s.body["tool_choice"])
		}
		if s.body["max_tokens"] != float64(OutputCap) {
			t.Errorf("max_tokens = %v", s.body["max_tokens"])
		}
		tl := s.body["tools"].([]any)[0].(map[string]any)
		strictSeen[tl["strict"] == true]++
	}
	if strictSeen[true] != 1 || strictSeen[false] != 1 {
		t.Errorf("strict: %v", strictSeen)
	}
	for _, r := range rep.Results {
		if r.Status != Accepted || r.ArgumentsValid == nil || !*r.ArgumentsValid {
			t.Errorf("%s: %+v", r.ProviderID, r)
		}
	}
}

func TestGeminiForcesTheFunctionWithModeAny(t *testing.T) {
	f := newFake(t)
	tools := loadTools(t, map[string]string{"tag.json": tagTool})
	o := f.options("gemini")
	o.AllowLossy = true // uniqueItems is dropped
	f.args = `{"id":"x","tags":["a","a"]}`
	r := one(t, run(t, tools, o))
	if r.Status != Accepted || r.ArgumentsValid == nil || *r.ArgumentsValid {
		t.Fatalf("result: %+v", r)
	}
	// The canonical schema says what Gemini was never told.
	want := []string{"at /id: minLength: got 1, want 3", "at /tags: items at 0 and 1 are equal"}
	if !reflect.DeepEqual(r.ArgumentErrors, want) {
		t.Errorf("argument errors:\n got %q\nwant %q", r.ArgumentErrors, want)
	}
	s := f.requests()[0]
	if s.path != "/v1beta/models/"+DefaultGeminiModel+":generateContent" || s.header.Get("X-Goog-Api-Key") != keyGemini {
		t.Fatalf("path %s", s.path)
	}
	if strings.Contains(s.path, keyGemini) || strings.Contains(s.raw, keyGemini) {
		t.Error("the key is in the URL or body")
	}
	wantCfg := map[string]any{"functionCallingConfig": map[string]any{"mode": "ANY", "allowedFunctionNames": []any{"tag_resource"}}}
	if !reflect.DeepEqual(s.body["toolConfig"], wantCfg) {
		t.Errorf("toolConfig = %v", s.body["toolConfig"])
	}
	decl := s.body["tools"].([]any)[0].(map[string]any)["functionDeclarations"].([]any)[0].(map[string]any)
	params := decl["parameters"].(map[string]any)
	if decl["name"] != "tag_resource" || params["type"] != "OBJECT" {
		t.Errorf("declaration = %v", decl)
	}
	// int64 fields go out as compile wrote them (decimal strings).
	if id := params["properties"].(map[string]any)["id"].(map[string]any); id["minLength"] != "3" {
		t.Errorf("minLength = %#v", id["minLength"])
	}
	if gc, _ := s.body["generationConfig"].(map[string]any); gc["maxOutputTokens"] != float64(OutputCap) {
		t.Errorf("generationConfig = %v", s.body["generationConfig"])
	}
}

// status answers every request with the given status and body.
func status(code int, body string, header ...string) func(int, seen, http.ResponseWriter) bool {
	return func(_ int, _ seen, w http.ResponseWriter) bool {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		io.WriteString(w, body)
		return true
	}
}

func TestClassification(t *testing.T) {
	cases := []struct {
		name, target string
		code         int
		body         string
		status, kind string
		message      string
	}{
		{"openai 400", "openai", 400, openAI400, Rejected, "", openAI400Message},
		{"anthropic 400", "anthropic", 400, anthropic400, Rejected, "", anthropic400Message},
		{"strict 400", "anthropic-strict", 400, anthropic400, Rejected, "", anthropic400Message},
		{"gemini 400", "gemini", 400, gemini400, Rejected, "", gemini400Message},
		{"gemini 400 array", "gemini", 400, gemini400Array, Rejected, "", `Invalid JSON payload received. Unknown name "additionalProperties" at 'tools[0].function_declarations[0].parameters': Cannot find field.`},
		{"422", "openai", 422, `{"error":{"message":"Unprocessable"}}`, Rejected, "", "Unprocessable"},
		{"anthropic 401", "anthropic", 401, anthropic401, Error, KindAuthentication, "invalid x-api-key"},
		{"403", "gemini", 403, `{"error":{"code":403,"message":"Method doesn't allow unregistered callers","status":"PERMISSION_DENIED"}}`, Error, KindAuthentication, "Method doesn't allow unregistered callers"},
		{"openai 404", "openai", 404, openAI404, Error, KindModelNotFound, "The model `gpt-5.5` does not exist or you do not have access to it."},
		{"gemini 404", "gemini", 404, gemini404, Error, KindModelNotFound, "models/gemini-1.0-pro is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods."},
		{"400 naming the model", "openai", 400, `{"error":{"message":"The requested model 'x' does not exist."}}`, Error, KindModelNotFound, "The requested model 'x' does not exist."},
		{"anthropic 429", "anthropic", 429, anthropic429, Error, KindRateLimit, ""},
		{"anthropic 529", "anthropic", 529, anthropic529, Error, KindNetwork, "Overloaded"},
		{"500 not json", "openai", 500, "<html>bad gateway</html>", Error, KindNetwork, "<html>bad gateway</html>"},
		{"409", "openai", 409, `{"error":{"message":"conflict"}}`, Error, KindUnknown, "conflict"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFake(t)
			f.reply = status(c.code, c.body, "Retry-After", "0")
			r := one(t, run(t, weather(t), f.options(c.target)))
			if r.Status != c.status || r.ErrorKind != c.kind {
				t.Fatalf("status %q kind %q, want %q %q (%+v)", r.Status, r.ErrorKind, c.status, c.kind, r)
			}
			if r.ProviderError == nil || r.ProviderError.Status != c.code {
				t.Fatalf("provider error %+v", r.ProviderError)
			}
			if c.message != "" && r.ProviderError.Message != c.message {
				t.Errorf("message\n got %q\nwant %q", r.ProviderError.Message, c.message)
			}
			wantAttempts := 1
			if c.code == 429 || c.code == 529 {
				wantAttempts = 2 // one bounded retry
			}
			if r.Attempts != wantAttempts || len(f.requests()) != wantAttempts {
				t.Errorf("attempts %d, requests %d, want %d", r.Attempts, len(f.requests()), wantAttempts)
			}
			if r.SchemaAccepted || r.ToolCallReturned {
				t.Errorf("flags: %+v", r)
			}
		})
	}
}

func TestRateLimitRetryHonoursRetryAfter(t *testing.T) {
	f := newFake(t)
	f.reply = func(n int, _ seen, w http.ResponseWriter) bool {
		if n > 0 {
			return false
		}
		w.Header().Set("Retry-After-Ms", "5")
		w.WriteHeader(429)
		io.WriteString(w, anthropic429)
		return true
	}
	r := one(t, run(t, weather(t), f.options("anthropic")))
	if r.Status != Accepted || r.Attempts != 2 {
		t.Fatalf("result %+v", r)
	}
	h := http.Header{}
	for _, c := range []struct {
		name, value string
		want        time.Duration
	}{
		{"Retry-After-Ms", "250", 250 * time.Millisecond},
		{"Retry-After", "3", 3 * time.Second},
		{"Retry-After", "3600", time.Hour}, // the caller decides whether to wait that long
		{"Retry-After", "1e300", 24 * time.Hour},
		{"Retry-After", "soon", time.Second},
	} {
		h = http.Header{}
		h.Set(c.name, c.value)
		if got := retryWait(h, 0); got != c.want {
			t.Errorf("%s: %s -> %v, want %v", c.name, c.value, got, c.want)
		}
	}
	if got := retryWait(http.Header{}, 0); got != time.Second {
		t.Errorf("default wait %v", got)
	}
	if got := retryWait(http.Header{}, 53*time.Second); got != 53*time.Second {
		t.Errorf("body delay %v", got)
	}
}

func TestNetworkFailures(t *testing.T) {
	t.Run("timeout", func(t *testing.T) {
		f := newFake(t)
		f.hold = 300 * time.Millisecond
		o := f.options("openai")
		o.Timeout = 50 * time.Millisecond
		r := one(t, run(t, weather(t), o))
		if r.Status != Error || r.ErrorKind != KindNetwork || r.ProviderError.Message != "the request timed out" {
			t.Fatalf("%+v %+v", r, r.ProviderError)
		}
	})
	t.Run("connection refused", func(t *testing.T) {
		f := newFake(t)
		o := f.options("anthropic")
		f.srv.Close()
		r := one(t, run(t, weather(t), o))
		if r.Status != Error || r.ErrorKind != KindNetwork || r.Attempts != 1 {
			t.Fatalf("%+v", r)
		}
	})
}

func TestMissingCredentials(t *testing.T) {
	f := newFake(t)
	o := f.options("openai", "anthropic", "gemini")
	o.Getenv = f.env("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY")
	o.CommandLine = "schemaport-action probe tools"
	rep := run(t, weather(t), o)
	if len(f.requests()) != 0 {
		t.Fatal("a request was sent without a key")
	}
	for _, r := range rep.Results {
		if r.Status != Error || r.ErrorKind != KindMissingCredentials {
			t.Errorf("%+v", r)
		}
	}
	if rep.ExitCode() != 3 {
		t.Errorf("exit %d", rep.ExitCode())
	}
	var buf bytes.Buffer
	WriteText(&buf, rep, TextOptions{})
	for _, want := range []string{"export OPENAI_API_KEY=<your key>", "export ANTHROPIC_API_KEY=<your key>", "export GEMINI_API_KEY=<your key>", "Then re-run:      schemaport-action probe tools"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, buf.String())
		}
	}
	// GOOGLE_API_KEY is Gemini's fallback.
	o.Getenv = func(k string) string {
		if k == "GOOGLE_API_KEY" {
			return "google-key"
		}
		return f.env("GEMINI_API_KEY")(k)
	}
	o.Targets = []string{"gemini"}
	if r := one(t, run(t, weather(t), o)); r.Status != Accepted {
		t.Errorf("GOOGLE_API_KEY: %+v", r)
	}
	if got := f.requests()[0].header.Get("X-Goog-Api-Key"); got != "google-key" {
		t.Errorf("key sent %q", got)
	}
}

func TestCompileRefusedSendsNothing(t *testing.T) {
	f := newFake(t)
	tools := loadTools(t, map[string]string{"tag.json": tagTool})
	rep := run(t, tools, f.options("openai", "anthropic-strict", "gemini", "mcp"))
	if len(f.requests()) != 0 {
		t.Fatalf("sent %d requests", len(f.requests()))
	}
	kinds := []string{}
	for _, r := range rep.Results {
		kinds = append(kinds, r.Status+"/"+r.ErrorKind)
		if r.Predicted.Verdict != PredictNone || r.Disagreement != "" {
			t.Errorf("prediction %+v", r.Predicted)
		}
	}
	want := []string{"error/compile-refused", "error/compile-refused", "error/compile-refused", "skipped/"}
	if !reflect.DeepEqual(kinds, want) {
		t.Errorf("got %v", kinds)
	}
	if rep.ExitCode() != 1 {
		t.Errorf("exit %d, want 1 (compile-refused is 1, as SchemaPort's docs and main)", rep.ExitCode())
	}
	// With --allow-lossy the weaker schema is sent, and the canonical
	// schema catches what OpenAI was not told.
	o := f.options("openai")
	o.AllowLossy = true
	f.args = `{"id":"ab","tags":null}`
	r := one(t, run(t, tools, o))
	if r.Status != Accepted || r.ArgumentsValid == nil || *r.ArgumentsValid {
		t.Fatalf("%+v", r)
	}
}

func TestModelResolution(t *testing.T) {
	f := newFake(t)
	env := f.env()
	o := f.options("anthropic")
	o.Getenv = func(k string) string {
		if k == "SCHEMAPORT_ANTHROPIC_MODEL" {
			return "claude-from-env"
		}
		return env(k)
	}
	if r := one(t, run(t, weather(t), o)); r.Model != "claude-from-env" {
		t.Errorf("env model %q", r.Model)
	}
	o.Model = "claude-from-flag"
	if r := one(t, run(t, weather(t), o)); r.Model != "claude-from-flag" || f.requests()[1].body["model"] != "claude-from-flag" {
		t.Errorf("flag model %q", r.Model)
	}
}

func TestDisagreements(t *testing.T) {
	f := newFake(t)
	// The provider rejects what check calls clean: Anthropic says no to
	// get_weather, OpenAI and Gemini (lossy allowed) accept it.
	f.reply = func(_ int, s seen, w http.ResponseWriter) bool {
		if s.path == "/v1/messages" {
			return status(400, anthropic400)(0, s, w)
		}
		return false
	}
	tools := loadTools(t, map[string]string{"weather.json": weatherTool, "tag.json": tagTool})
	o := f.options("openai", "anthropic", "gemini")
	o.AllowLossy = true
	f.args = `{"city":"Paris","unit":"c","id":"abc","tags":["x"]}`
	rep := run(t, tools, o)
	if rep.Disagreements != 2 || rep.Summary != (Summary{Accepted: 4, Rejected: 2}) {
		t.Fatalf("disagreements %d summary %+v", rep.Disagreements, rep.Summary)
	}
	for _, r := range rep.Results {
		want := ""
		if r.ProviderID == "anthropic" {
			want = RejectedDespiteClean
		}
		if r.Disagreement != want || r.Predicted.Verdict != PredictAccepted {
			t.Errorf("%s/%s: disagreement %q predicted %q", r.ToolName, r.ProviderID, r.Disagreement, r.Predicted.Verdict)
		}
	}
	var text bytes.Buffer
	WriteText(&text, rep, TextOptions{})
	out := text.String()
	first := strings.Index(out, "2 disagreements with check")
	tools1 := strings.Index(out, "Tool: get_weather")
	if first != 0 || tools1 < 0 {
		t.Fatalf("disagreements are not first:\n%s", out)
	}
	wantBlock := "✗ tag_resource on Anthropic: the provider rejected it; check predicted it would be accepted.\n" +
		"  Provider error: " + anthropic400Message + "\n" +
		"  Rules involved: anthropic/constraint-not-enforced, anthropic/schema-not-enforced\n"
	if !strings.Contains(out[:tools1], wantBlock) {
		t.Errorf("text lacks\n%s\nin\n%s", wantBlock, out[:tools1])
	}
	if !strings.HasSuffix(out, "Result: 4 accepted, 2 rejected, 0 errors, 0 skipped\n") {
		t.Errorf("result line:\n%s", out)
	}
	var js bytes.Buffer
	WriteJSON(&js, rep)
	var doc struct {
		Command       string
		Summary       Summary
		Disagreements int
		Results       []map[string]any
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Command != "probe" || doc.Disagreements != 2 || doc.Summary != rep.Summary || len(doc.Results) != 6 {
		t.Fatalf("json: %s", js.String())
	}
	// Disagreements first, then tool and target order.
	var order []string
	for _, r := range doc.Results {
		order = append(order, r["toolName"].(string)+"/"+r["providerId"].(string))
	}
	wantOrder := []string{"get_weather/anthropic", "tag_resource/anthropic", "get_weather/openai", "get_weather/gemini", "tag_resource/openai", "tag_resource/gemini"}
	if !reflect.DeepEqual(order, wantOrder) {
		t.Errorf("order %v", order)
	}
	if rep.ExitCode() != 1 {
		t.Errorf("exit %d", rep.ExitCode())
	}
}

func TestDisagreementDirections(t *testing.T) {
	for _, c := range []struct{ predicted, status, want string }{
		{PredictAccepted, Rejected, RejectedDespiteClean},
		{PredictRejected, Accepted, AcceptedDespiteError},
		{PredictAccepted, Accepted, ""},
		{PredictRejected, Rejected, ""},
		{PredictAccepted, Error, ""},
		{PredictNone, Rejected, ""},
	} {
		if got := disagreement(c.predicted, c.status); got != c.want {
			t.Errorf("%s/%s: %q, want %q", c.predicted, c.status, got, c.want)
		}
	}
	rep := &Report{Results: []Result{{
		ToolName: "t", ProviderID: "openai", display: "OpenAI", Status: Accepted, Source: "tools/t.json",
		Predicted: Predicted{Verdict: PredictRejected, Codes: []string{"openai/x"}}, Disagreement: AcceptedDespiteError,
	}}, Disagreements: 1, Summary: Summary{Accepted: 1}}
	var buf bytes.Buffer
	WriteText(&buf, rep, TextOptions{})
	want := "1 disagreement with check\n\n⚠ t on OpenAI: the provider accepted it; check predicted it would be rejected.\n  Rules involved: openai/x\n  Source: tools/t.json\n\n"
	if !strings.HasPrefix(buf.String(), want) {
		t.Errorf("got\n%s", buf.String())
	}
	if rep.ExitCode() != 0 {
		t.Errorf("exit %d", rep.ExitCode())
	}
}

func TestExitCodes(t *testing.T) {
	for _, c := range []struct {
		results []Result
		want    int
	}{
		{nil, 0},
		{[]Result{{Status: Accepted}, {Status: Skipped}}, 0},
		{[]Result{{Status: Accepted}, {Status: Error, ErrorKind: KindNetwork}}, 3},
		{[]Result{{Status: Error, ErrorKind: KindMissingCredentials}, {Status: Rejected}}, 1},
		{[]Result{{Status: Error, ErrorKind: KindAuthentication}, {Status: Error, ErrorKind: KindCompileRefused}}, 1},
	} {
		if got := (&Report{Results: c.results}).ExitCode(); got != c.want {
			t.Errorf("%+v: %d, want %d", c.results, got, c.want)
		}
	}
}

func TestKeysNeverAppear(t *testing.T) {
	f := newFake(t)
	// A provider (or proxy) that echoes the key back in its error.
	f.reply = func(_ int, s seen, w http.ResponseWriter) bool {
		key := s.header.Get("Authorization") + s.header.Get("X-Api-Key") + s.header.Get("X-Goog-Api-Key")
		return status(401, `{"error":{"message":"Incorrect API key provided: `+strings.TrimPrefix(key, "Bearer ")+`"}}`)(0, s, w)
	}
	o := f.options("openai", "anthropic", "gemini")
	o.CountTokens = true
	tools := weather(t)
	rep := run(t, tools, o)
	var out bytes.Buffer
	WriteText(&out, rep, TextOptions{})
	WriteJSON(&out, rep)
	WriteDryRunText(&out, DryRun(context.Background(), tools, o))
	WriteDryRunJSON(&out, DryRun(context.Background(), tools, o))
	for _, k := range []string{keyOpenAI, keyAnthropic, keyGemini, "SECRET"} {
		if strings.Contains(out.String(), k) {
			t.Errorf("output contains %q", k)
		}
	}
	if !strings.Contains(out.String(), "Incorrect API key provided: [redacted]") {
		t.Errorf("the echoed key was not redacted:\n%s", out.String())
	}
	for _, r := range rep.Results {
		if r.ErrorKind != KindAuthentication {
			t.Errorf("%+v", r)
		}
	}
}

func TestDryRunSendsNothing(t *testing.T) {
	f := newFake(t)
	o := f.options("openai", "anthropic-strict", "gemini", "mcp")
	o.Getenv = f.env("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY")
	o.CountTokens = true
	reqs := DryRun(context.Background(), weather(t), o)
	if len(f.requests()) != 0 {
		t.Fatal("dry run reached the server")
	}
	var got []string
	for _, q := range reqs {
		got = append(got, q.Target+" "+q.Purpose+" "+q.Method+" "+strings.TrimPrefix(q.URL, f.srv.URL))
	}
	want := []string{
		"openai probe POST /v1/responses",
		"anthropic-strict probe POST /v1/messages",
		"anthropic-strict count-tokens POST /v1/messages/count_tokens",
		"gemini probe POST /v1beta/models/gemini-2.5-flash-lite:generateContent",
		"gemini count-tokens POST /v1beta/models/gemini-2.5-flash-lite:countTokens",
		"mcp probe  ",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s", strings.Join(got, "\n"))
	}
	var body map[string]any
	json.Unmarshal(reqs[1].Body, &body)
	if body["tools"].([]any)[0].(map[string]any)["strict"] != true {
		t.Errorf("strict body %s", reqs[1].Body)
	}
	var text bytes.Buffer
	WriteDryRunText(&text, reqs)
	if !strings.Contains(text.String(), "Dry run: 5 requests, none sent.") || strings.Contains(text.String(), dryRunKey) {
		t.Errorf("text:\n%s", text.String())
	}
}

func TestCountTokens(t *testing.T) {
	f := newFake(t)
	o := f.options("openai", "anthropic", "gemini")
	o.CountTokens = true
	rep := run(t, weather(t), o)
	got := map[string]int64{}
	for _, r := range rep.Results {
		if r.InputTokens != nil {
			got[r.ProviderID] = *r.InputTokens
		}
	}
	if !reflect.DeepEqual(got, map[string]int64{"anthropic": 412, "gemini": 398}) {
		t.Errorf("tokens %v", got)
	}
	for _, s := range f.requests() {
		if strings.HasSuffix(s.path, ":countTokens") {
			gcr, _ := s.body["generateContentRequest"].(map[string]any)
			if gcr["model"] != "models/"+DefaultGeminiModel || gcr["tools"] == nil || gcr["contents"] == nil {
				t.Errorf("countTokens body %s", s.raw)
			}
		}
		if s.path == "/v1/messages/count_tokens" && (s.body["tools"] == nil || s.body["max_tokens"] != nil) {
			t.Errorf("count_tokens body %s", s.raw)
		}
	}
}

func TestConcurrencyIsBounded(t *testing.T) {
	f := newFake(t)
	f.hold = 20 * time.Millisecond
	tools := loadTools(t, map[string]string{"a.json": weatherTool, "b.json": strings.Replace(weatherTool, "get_weather", "get_weather_2", 1), "c.json": strings.Replace(weatherTool, "get_weather", "get_weather_3", 1)})
	o := f.options("openai", "anthropic", "gemini")
	o.Concurrency = 2
	rep := run(t, tools, o)
	if len(f.requests()) != 9 || rep.Summary.Accepted != 9 {
		t.Fatalf("requests %d, %+v", len(f.requests()), rep.Summary)
	}
	if f.maxInFlight > 2 {
		t.Errorf("%d requests in flight, bound 2", f.maxInFlight)
	}
	// Order never depends on scheduling.
	var order []string
	for _, r := range rep.Results {
		order = append(order, r.ToolName+"/"+r.ProviderID)
	}
	if order[0] != "get_weather/openai" || order[8] != "get_weather_3/gemini" {
		t.Errorf("order %v", order)
	}
}

func TestUntrustedTextIsEscaped(t *testing.T) {
	f := newFake(t)
	f.reply = status(400, `{"error":{"message":"bad\n::error::injected\u001b[31m\u202eevil\u200f\u061c"}}`)
	rep := run(t, weather(t), f.options("openai"))
	var buf bytes.Buffer
	WriteText(&buf, rep, TextOptions{})
	out := buf.String()
	if strings.Contains(out, "\n::error::") || strings.ContainsAny(out, "\x1b\u202e\u200f\u061c") {
		t.Errorf("unescaped:\n%q", out)
	}
	if !strings.Contains(out, `Provider error (HTTP 400): bad\n::error::injected\u001b[31m\u202eevil\u200f\u061c`) {
		t.Errorf("not verbatim:\n%s", out)
	}
	if rep.Results[0].ProviderError.Message != "bad\n::error::injected\x1b[31m\u202eevil\u200f\u061c" {
		t.Errorf("JSON keeps the message verbatim: %q", rep.Results[0].ProviderError.Message)
	}
}

func TestNoTools(t *testing.T) {
	rep := Run(context.Background(), nil, Options{})
	var buf bytes.Buffer
	WriteText(&buf, rep, TextOptions{})
	if buf.String() != "No tools found.\n" || rep.ExitCode() != 0 {
		t.Errorf("%q", buf.String())
	}
	buf.Reset()
	WriteJSON(&buf, rep)
	if !strings.Contains(buf.String(), `"results": []`) {
		t.Errorf("%s", buf.String())
	}
}

func TestNoToolCallAndBadArguments(t *testing.T) {
	f := newFake(t)
	f.reply = func(_ int, s seen, w http.ResponseWriter) bool {
		if s.path == "/v1/responses" {
			io.WriteString(w, `{"id":"r","object":"response","status":"completed","output":[{"type":"message","id":"m","role":"assistant","content":[{"type":"output_text","text":"hi"}]}]}`)
			return true
		}
		return false
	}
	f.args = `{"city":`
	rep := run(t, weather(t), f.options("openai", "anthropic"))
	r := rep.Results[0]
	if r.Status != Accepted || r.ToolCallReturned || r.ArgumentsValid != nil {
		t.Errorf("no call: %+v", r)
	}
	// Anthropic's input must be JSON; the fake's broken body is a decode
	// failure of the response, still an accepted schema.
	if r := rep.Results[1]; r.Status != Accepted || r.ArgumentsValid != nil {
		t.Errorf("bad args: %+v", r)
	}
}

func TestGeminiArgumentsAreJudgedAsWritten(t *testing.T) {
	f := newFake(t)
	tools := loadTools(t, map[string]string{"id.json": `{"name": "get_item", "inputSchema": {"type": "object",
  "properties": {"id": {"type": "integer", "maximum": 9007199254740993}}, "required": ["id"]}}`})
	// Arguments are judged and reported as Gemini wrote them: through
	// the SDK's float64 map, 2^53+1 would read (and print) as 2^53.
	f.args = `{"id":9007199254740994}`
	r := one(t, run(t, tools, f.options("gemini")))
	if r.Status != Accepted || r.ArgumentsValid == nil || *r.ArgumentsValid || string(r.ArgumentsReceived) != f.args {
		t.Fatalf("%+v args %s", r, r.ArgumentsReceived)
	}
	f.args = `{"id":9007199254740993}`
	r = one(t, run(t, tools, f.options("gemini")))
	if r.ArgumentsValid == nil || !*r.ArgumentsValid || string(r.ArgumentsReceived) != f.args {
		t.Fatalf("%+v args %s", r, r.ArgumentsReceived)
	}
}
