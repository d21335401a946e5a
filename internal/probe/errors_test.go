package probe

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// More real error bodies, each from the source named beside it.
const (
	// Gemini answers a bad key with 400, not 401
	// (cequence-io/openai-scala-client#109, and the Gemini API
	// troubleshooting page's example body).
	geminiBadKey = `{
  "error": {
    "code": 400,
    "message": "API key not valid. Please pass a valid API key.",
    "status": "INVALID_ARGUMENT",
    "details": [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        "reason": "API_KEY_INVALID",
        "domain": "googleapis.com",
        "metadata": {
          "service": "generativelanguage.googleapis.com"
        }
      },
      {
        "@type": "type.googleapis.com/google.rpc.LocalizedMessage",
        "locale": "en-US",
        "message": "API key not valid. Please pass a valid API key."
      }
    ]
  }
}`
	// ai.google.dev/gemini-api/docs/troubleshooting: 400 FAILED_PRECONDITION.
	geminiPrecondition = `{"error":{"code":400,"message":"Gemini API free tier is not available in your country. Please enable billing on your project in Google AI Studio.","status":"FAILED_PRECONDITION"}}`
	// googleapis/python-genai#1875: a 429 whose wait is only in the body.
	gemini429 = `{
  "error": {
    "code": 429,
    "message": "You exceeded your current quota... Please retry in 53.016342224s.",
    "status": "RESOURCE_EXHAUSTED",
    "details": [
      {
        "@type": "type.googleapis.com/google.rpc.RetryInfo",
        "retryDelay": "53s"
      }
    ]
  }
}`
	// anthropics/claude-code#66314 (HTTP 400).
	anthropicCredit = `{"type":"error","error":{"type":"invalid_request_error","message":"Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits."},"request_id":"req_011CbrFTcXhtiMzr3s6EocF7"}`
	// anthropics/claude-code#5349 (HTTP 404, an unknown model).
	anthropic404Model = `{"type":"error","error":{"type":"not_found_error","message":"model: sonnet4"}}`
	// danielmiessler/Fabric#1140 (HTTP 404, a path the API does not have).
	anthropic404Path = `{"type":"error","error":{"type":"not_found_error","message":"Not Found"}}`
	// docs.claude.com/en/api/errors: 413 request_too_large, in the
	// documented error shape.
	anthropic413 = `{"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum allowed number of bytes."}}`
	// Pythagora-io/gpt-pilot#340 (HTTP 429).
	openAIQuota = `{
    "error": {
        "message": "You exceeded your current quota, please check your plan and billing details.",
        "type": "insufficient_quota",
        "param": null,
        "code": "insufficient_quota"
    }
}`
	// chatboxai/chatbox#199: OpenAI's 404 for a path it does not serve
	// (a base URL without /v1, or with it twice).
	openAIInvalidURL = `{
  "error": {
    "message": "Invalid URL (POST /responses)",
    "type": "invalid_request_error",
    "param": null,
    "code": null
  }
}`
)

// Each real answer is classified for what it is: only a complaint about
// the request's tools is a verdict on the schema.
func TestRealErrorBodies(t *testing.T) {
	cases := []struct {
		name, target string
		code         int
		body         string
		header       []string
		status, kind string
		message      string
		attempts     int
		note         string
	}{
		{"openai invalid_function_parameters", "openai", 400, openAI400, nil, Rejected, "", openAI400Message, 1, "Schema rejected by the provider API."},
		{"anthropic invalid_request_error", "anthropic", 400, anthropic400, nil, Rejected, "", anthropic400Message, 1, "Schema rejected by the provider API."},
		{"gemini INVALID_ARGUMENT", "gemini", 400, gemini400, nil, Rejected, "", gemini400Message, 1, "Schema rejected by the provider API."},
		{"gemini bad key is 400", "gemini", 400, geminiBadKey, nil, Error, KindAuthentication, "API key not valid. Please pass a valid API key.", 1, "rejected the API key"},
		{"gemini FAILED_PRECONDITION", "gemini", 400, geminiPrecondition, nil, Error, KindUnknown, "Gemini API free tier is not available in your country. Please enable billing on your project in Google AI Studio.", 1, "account reason"},
		{"anthropic credit balance", "anthropic", 400, anthropicCredit, nil, Error, KindUnknown, "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.", 1, "billing reason"},
		// home-assistant/core#120072 (HTTP 403).
		{"openai region", "openai", 403, `{"error":{"code":"unsupported_country_region_territory","message":"Country, region, or territory not supported","param":null,"type":"request_forbidden"}}`, nil, Error, KindAuthentication, "Country, region, or territory not supported", 1, "account reason (region"},
		// anthropics/claude-code#2127 (HTTP 400, a spend limit).
		{"anthropic spend limit", "anthropic", 400, `{"type":"error","error":{"type":"invalid_request_error","message":"You have reached your specified API usage limits. You will regain access on 2025-07-01 at 00:00 UTC."}}`, nil, Error, KindUnknown, "You have reached your specified API usage limits. You will regain access on 2025-07-01 at 00:00 UTC.", 1, "billing reason"},
		{"anthropic 402", "anthropic", 402, `{"type":"error","error":{"type":"billing_error","message":"billing"}}`, nil, Error, KindUnknown, "billing", 1, "billing reason"},
		{"anthropic 404 model", "anthropic", 404, anthropic404Model, nil, Error, KindModelNotFound, "model: sonnet4", 1, "model does not exist"},
		{"anthropic 404 path", "anthropic", 404, anthropic404Path, nil, Error, KindUnknown, "Not Found", 1, "no such endpoint (POST "},
		{"openai 404 path", "openai", 404, openAIInvalidURL, nil, Error, KindUnknown, "Invalid URL (POST /responses)", 1, "check the base URL variable (OPENAI_BASE_URL ends in /v1"},
		{"gemini 404 html", "gemini", 404, "<!DOCTYPE html>\n<html lang=en><meta charset=utf-8><title>Error 404 (Not Found)!!1</title><p>The requested URL was not found on this server.", []string{"Content-Type", "text/html; charset=UTF-8"}, Error, KindUnknown, "an HTML page, not the provider's JSON error: Error 404 (Not Found)!!1", 1, "no such endpoint"},
		// crewAIInc/crewAI-examples#121 and sojohnnysaid/project-guide#2.
		{"openai context_length_exceeded", "openai", 400, `{"error":{"message":"This model's maximum context length is 8192 tokens. However, your messages resulted in 8227 tokens. Please reduce the length of the messages.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`, nil, Error, KindUnknown, "This model's maximum context length is 8192 tokens. However, your messages resulted in 8227 tokens. Please reduce the length of the messages.", 1, "context window"},
		{"anthropic prompt too long", "anthropic", 400, `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 208656 tokens > 200000 maximum"}}`, nil, Error, KindUnknown, "prompt is too long: 208656 tokens > 200000 maximum", 1, "context window"},
		{"anthropic 413", "anthropic", 413, anthropic413, nil, Error, KindUnknown, "Request exceeds the maximum allowed number of bytes.", 1, "size limit, not a verdict"},
		{"anthropic 529", "anthropic", 529, anthropic529, []string{"Retry-After", "0"}, Error, KindNetwork, "Overloaded", 2, "overloaded"},
		{"gemini 503", "gemini", 503, `{"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}`, []string{"Retry-After", "0"}, Error, KindNetwork, "The model is overloaded. Please try again later.", 2, "overloaded"},
		{"gemini 500 is not retried", "gemini", 500, `{"error":{"code":500,"message":"An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting","status":"INTERNAL"}}`, nil, Error, KindNetwork, "", 1, "never reached a verdict"},
		{"openai insufficient_quota", "openai", 429, openAIQuota, []string{"Retry-After", "0"}, Error, KindRateLimit, "You exceeded your current quota, please check your plan and billing details.", 1, "no quota left"},
		{"gemini 429 retryDelay", "gemini", 429, gemini429, nil, Error, KindRateLimit, "You exceeded your current quota... Please retry in 53.016342224s.", 1, "The provider asked to wait 53s before retrying, longer than probe waits (10ms); run it again later."},
		{"anthropic 429 retry-after too long", "anthropic", 429, anthropic429, []string{"Retry-After", "30"}, Error, KindRateLimit, "", 1, "asked to wait 30s"},
		{"x-should-retry false", "anthropic", 429, anthropic429, []string{"Retry-After-Ms", "1", "X-Should-Retry", "false"}, Error, KindRateLimit, "", 1, "rate-limited"},
		{"anthropic 429 retried", "anthropic", 429, anthropic429, []string{"Retry-After-Ms", "1"}, Error, KindRateLimit, "", 2, "rate-limited"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFake(t)
			f.reply = func(_ int, s seen, w http.ResponseWriter) bool {
				for i := 0; i+1 < len(c.header); i += 2 {
					w.Header().Set(c.header[i], c.header[i+1])
				}
				if w.Header().Get("Content-Type") == "" {
					w.Header().Set("Content-Type", "application/json")
				}
				w.WriteHeader(c.code)
				io.WriteString(w, c.body)
				return true
			}
			r := one(t, run(t, weather(t), f.options(c.target)))
			if r.Status != c.status || r.ErrorKind != c.kind {
				t.Fatalf("status %q kind %q, want %q %q (%+v %+v)", r.Status, r.ErrorKind, c.status, c.kind, r, r.ProviderError)
			}
			if r.ProviderError == nil || r.ProviderError.Status != c.code || (c.message != "" && r.ProviderError.Message != c.message) {
				t.Errorf("provider error %+v, want message %q", r.ProviderError, c.message)
			}
			if r.Attempts != c.attempts || len(f.requests()) != c.attempts {
				t.Errorf("attempts %d, requests %d, want %d", r.Attempts, len(f.requests()), c.attempts)
			}
			if !strings.Contains(strings.Join(r.Notes, "\n"), c.note) {
				t.Errorf("notes %q lack %q", r.Notes, c.note)
			}
			// Only a rejection disagrees with check's clean prediction.
			if (r.Disagreement != "") != (c.status == Rejected) {
				t.Errorf("disagreement %q", r.Disagreement)
			}
		})
	}
}

// An overloaded provider (Anthropic 529) is asked once more, after the
// wait it names.
func TestOverloadIsRetriedOnce(t *testing.T) {
	f := newFake(t)
	f.reply = func(n int, s seen, w http.ResponseWriter) bool {
		if n > 0 {
			return false
		}
		w.Header().Set("Retry-After-Ms", "1")
		w.WriteHeader(529)
		io.WriteString(w, anthropic529)
		return true
	}
	r := one(t, run(t, weather(t), f.options("anthropic")))
	if r.Status != Accepted || r.Attempts != 2 {
		t.Fatalf("%+v", r)
	}
}

// A Gemini 429 whose RetryInfo asks for less than the bound is waited
// out, then retried.
func TestGeminiRetryDelayIsHonoured(t *testing.T) {
	f := newFake(t)
	f.reply = func(n int, s seen, w http.ResponseWriter) bool {
		if n > 0 {
			return false
		}
		w.WriteHeader(429)
		io.WriteString(w, strings.Replace(gemini429, `"53s"`, `"0.02s"`, 1))
		return true
	}
	o := f.options("gemini")
	o.MaxRetryWait = time.Second
	start := time.Now()
	r := one(t, run(t, weather(t), o))
	if r.Status != Accepted || r.Attempts != 2 {
		t.Fatalf("%+v", r)
	}
	if d := time.Since(start); d < 20*time.Millisecond {
		t.Errorf("retried after %v, before the 20ms RetryInfo asked for", d)
	}
}

// The SDKs read a body whole: a server that sends without end is cut at
// maxResponse, a 200 whose body is cut off or times out is no verdict.
func TestResponseBodyIsBounded(t *testing.T) {
	t.Run("endless", func(t *testing.T) {
		f := newFake(t)
		f.reply = func(_ int, _ seen, w http.ResponseWriter) bool {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(200)
			io.WriteString(w, `{"id":"`)
			chunk := bytes.Repeat([]byte("x"), 1<<16)
			for sent := 0; sent < maxResponse+(4<<20); sent += len(chunk) {
				if _, err := w.Write(chunk); err != nil {
					return true
				}
			}
			return true
		}
		for _, target := range []string{"openai", "anthropic", "gemini"} {
			r := one(t, run(t, weather(t), f.options(target)))
			if r.Status != Error || r.ErrorKind != KindNetwork || r.ProviderError.Message != "the response was larger than 8 MiB and was not read" || r.SchemaAccepted {
				t.Errorf("%s: %+v %+v", target, r, r.ProviderError)
			}
		}
	})
	t.Run("trickles past the timeout", func(t *testing.T) {
		f := newFake(t)
		f.reply = func(_ int, s seen, w http.ResponseWriter) bool {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(200)
			io.WriteString(w, `{"id":"`)
			w.(http.Flusher).Flush()
			<-time.After(2 * time.Second)
			return true
		}
		o := f.options("openai")
		o.Timeout = 100 * time.Millisecond
		r := one(t, run(t, weather(t), o))
		if r.Status != Error || r.ErrorKind != KindNetwork || r.ProviderError.Message != "the request timed out while the response was being read" {
			t.Errorf("%+v %+v", r, r.ProviderError)
		}
	})
}

// Each SDK appends its own path to its base URL: OpenAI's includes /v1,
// Anthropic's and Gemini's do not. A base URL on the wrong side of that
// is a 404 naming the URL and the variable, never a missing model.
func TestBaseURLs(t *testing.T) {
	f := newFake(t)
	f.reply = func(_ int, s seen, w http.ResponseWriter) bool {
		switch s.path {
		case "/v1/responses", "/v1/messages", "/v1beta/models/" + DefaultGeminiModel + ":generateContent":
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(404)
		io.WriteString(w, strings.Replace(openAIInvalidURL, "/responses", s.path, 1))
		return true
	}
	for _, c := range []struct {
		target, v, base string
		ok              bool
	}{
		{"openai", "OPENAI_BASE_URL", f.srv.URL + "/v1", true},
		{"openai", "OPENAI_BASE_URL", f.srv.URL + "/v1/", true},
		{"openai", "OPENAI_BASE_URL", f.srv.URL, false},
		{"anthropic", "ANTHROPIC_BASE_URL", f.srv.URL + "/", true},
		{"anthropic", "ANTHROPIC_BASE_URL", f.srv.URL + "/v1", false},
		{"gemini", "GOOGLE_GEMINI_BASE_URL", f.srv.URL + "/", true},
		{"gemini", "GOOGLE_GEMINI_BASE_URL", f.srv.URL + "/v1beta", false},
	} {
		o := f.options(c.target)
		env := o.Getenv
		o.Getenv = func(k string) string {
			if k == c.v {
				return c.base
			}
			return env(k)
		}
		r := one(t, run(t, weather(t), o))
		if c.ok {
			if r.Status != Accepted {
				t.Errorf("%s=%s: %+v %+v", c.v, c.base, r, r.ProviderError)
			}
			continue
		}
		if r.Status != Error || r.ErrorKind != KindUnknown || !strings.Contains(r.Notes[0], "no such endpoint (POST "+f.srv.URL+"/") {
			t.Errorf("%s=%s: %+v %+v", c.v, c.base, r, r.ProviderError)
		}
	}
}

// What a person reads for an answer that is not a verdict: the kind, the
// note that says what to do, and the provider's words.
func TestNonVerdictText(t *testing.T) {
	f := newFake(t)
	f.reply = func(_ int, s seen, w http.ResponseWriter) bool {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(400)
		io.WriteString(w, geminiBadKey)
		return true
	}
	rep := run(t, weather(t), f.options("gemini"))
	var buf bytes.Buffer
	WriteText(&buf, rep, TextOptions{})
	want := `Tool: get_weather

Gemini
⚠ ERROR (model: gemini-2.5-flash-lite) — authentication (not a schema rejection)
  The provider rejected the API key. This is not a schema problem.
  Provider error (HTTP 400): API key not valid. Please pass a valid API key.
  Check predicted: accepted

Result: 0 accepted, 0 rejected, 1 error, 0 skipped
`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	if rep.ExitCode() != 3 {
		t.Errorf("exit %d, want 3 (no verdict)", rep.ExitCode())
	}
}

type bodyOf int

func (n bodyOf) RoundTrip(*http.Request) (*http.Response, error) {
	return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(io.LimitReader(zeros{}, int64(n)))}, nil
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// The bound is exact: a body of maxResponse bytes is read whole, one
// byte more is too large.
func TestResponseBoundIsExact(t *testing.T) {
	for _, c := range []struct {
		n        int
		tooLarge bool
	}{{maxResponse, false}, {maxResponse + 1, true}} {
		rec := &recorder{base: bodyOf(c.n)}
		req, _ := http.NewRequest("POST", "http://x/", nil)
		resp, err := rec.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(resp.Body)
		if rec.tooLarge != c.tooLarge || (err != nil) != c.tooLarge || (!c.tooLarge && len(got) != c.n) {
			t.Errorf("%d bytes: read %d, err %v, tooLarge %v", c.n, len(got), err, rec.tooLarge)
		}
	}
}
