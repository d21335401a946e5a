package probe

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// verdict is the classification of one attempt.
type verdict struct {
	status string
	kind   string
	perr   *ProviderError
	// note replaces the kind's general note when the answer says more
	// (a quota, a base URL, an account problem).
	note string
	// retry: a second attempt may succeed (a rate limit with quota left,
	// an overloaded provider).
	retry bool
	// retryDelay is the wait the body asks for (Gemini's RetryInfo).
	retryDelay time.Duration
}

// classify reads the HTTP exchange the recorder saw (SchemaPort's
// classifyProviderError table): 2xx accepted; 400/422 rejected; 401/403
// authentication; 404 model-not-found; 429 rate-limit; 5xx, timeouts and
// connection failures network. Only `rejected` is a verdict on the schema:
// a stale model, an expired key, an empty account or a wrong base URL never
// reads as a bad schema, so the 400s and 404s the providers use for those
// are carved out by what their body says.
func classify(rec *recorder, err error) verdict {
	if rec.status == 0 {
		msg := "the request failed"
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			msg = "the request timed out"
		case rec.err != nil:
			msg = rec.err.Error()
		case err != nil:
			msg = err.Error()
		}
		return verdict{status: Error, kind: KindNetwork, perr: &ProviderError{Message: msg}}
	}
	if rec.tooLarge {
		// No provider answers a probe with megabytes: something in between
		// (or a server that never ends) did, and that is no verdict.
		return verdict{status: Error, kind: KindNetwork, perr: &ProviderError{Status: rec.status,
			Message: "the response was larger than " + strconv.Itoa(maxResponse>>20) + " MiB and was not read"}}
	}
	if rec.status >= 200 && rec.status < 300 {
		if rec.bodyErr != nil {
			// The status arrived, the answer did not: the 2xx may be a
			// proxy's, and there is nothing to judge.
			msg := "the response was cut off: " + rec.bodyErr.Error()
			if errors.Is(rec.bodyErr, context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) {
				msg = "the request timed out while the response was being read"
			}
			return verdict{status: Error, kind: KindNetwork, perr: &ProviderError{Status: rec.status, Message: msg}}
		}
		return verdict{status: Accepted}
	}
	eb := parseErrorBody(rec)
	perr := eb.perr
	msg := strings.ToLower(perr.Message)
	switch s := rec.status; {
	case s == 401 || s == 403:
		v := verdict{status: Error, kind: KindAuthentication, perr: perr}
		// OpenAI refuses a region with 403 request_forbidden,
		// unsupported_country_region_territory: the key is fine.
		if eb.code == "unsupported_country_region_territory" {
			v.note = noteAccount
		}
		return v
	case s == 402:
		// Anthropic's billing_error (docs.claude.com/en/api/errors).
		return verdict{status: Error, kind: KindUnknown, perr: perr, note: noteBilling}
	case s == 404:
		// OpenAI says `model_not_found` and names the model; Anthropic says
		// "model: <id>"; Gemini "models/<id> is not found". A 404 that names
		// no model is a path the server does not have: OpenAI's "Invalid URL
		// (POST /responses)", Anthropic's "Not Found", Google's HTML page.
		if eb.code == "model_not_found" || modelWord.MatchString(msg) && !strings.HasPrefix(msg, "invalid url") {
			return verdict{status: Error, kind: KindModelNotFound, perr: perr}
		}
		return verdict{status: Error, kind: KindUnknown, perr: perr, note: noteNoEndpoint(rec)}
	case s == 413:
		// Anthropic: request_too_large, answered by Cloudflare before the
		// API sees the request (docs.claude.com/en/api/errors); a proxy's
		// body limit reads the same. A size limit, not a schema verdict.
		return verdict{status: Error, kind: KindUnknown, perr: perr, note: noteTooLarge}
	case s == 429:
		v := verdict{status: Error, kind: KindRateLimit, perr: perr, retryDelay: eb.retryDelay, retry: true}
		// OpenAI answers an empty account with 429 insufficient_quota
		// ("You exceeded your current quota, please check your plan and
		// billing details."): waiting does not help.
		if eb.code == "insufficient_quota" || eb.typ == "insufficient_quota" {
			v.retry, v.note = false, noteQuota
		}
		return v
	case s >= 500:
		v := verdict{status: Error, kind: KindNetwork, perr: perr}
		if s == 529 || s == 503 {
			// Anthropic's 529 overloaded_error, Gemini's 503 UNAVAILABLE:
			// the provider is busy for everyone, and the docs say to retry
			// (the SDKs do, twice). A 500 is the provider failing on this
			// request, not load: reported as it is, not retried.
			v.note, v.retry = noteOverloaded, true
		}
		return v
	case s == 400 || s == 422:
		switch {
		case slices.Contains(eb.reasons, "API_KEY_INVALID") || apiKeyInvalid.MatchString(msg):
			// Gemini answers a bad key with 400 INVALID_ARGUMENT, reason
			// API_KEY_INVALID ("API key not valid. Please pass a valid API
			// key."), not 401.
			return verdict{status: Error, kind: KindAuthentication, perr: perr}
		case eb.status == "FAILED_PRECONDITION":
			// Gemini: "free tier is not available in your country", billing
			// not enabled (ai.google.dev/gemini-api/docs/troubleshooting).
			return verdict{status: Error, kind: KindUnknown, perr: perr, note: noteAccount}
		case accountWords.MatchString(msg):
			// Anthropic answers an empty or capped account with 400
			// invalid_request_error: "Your credit balance is too low to
			// access the Anthropic API. ..."
			return verdict{status: Error, kind: KindUnknown, perr: perr, note: noteBilling}
		case eb.code == "context_length_exceeded" || contextWords.MatchString(msg):
			// OpenAI's context_length_exceeded, Anthropic's "prompt is too
			// long: N tokens > M maximum": the one tool is larger than the
			// model's window, a size limit as 413 is.
			return verdict{status: Error, kind: KindUnknown, perr: perr, note: noteContext}
		case missingModel.MatchString(msg) && !schemaWords.MatchString(msg):
			// A bad model id is also answered with 400; carved out only when
			// the message does not also read as a schema complaint
			// (SchemaPort core's rule), so a rejection naming the request's
			// model field stays a rejection.
			return verdict{status: Error, kind: KindModelNotFound, perr: perr}
		}
		return verdict{status: Rejected, perr: perr}
	}
	return verdict{status: Error, kind: KindUnknown, perr: perr}
}

var (
	missingModel  = regexp.MustCompile(`\bmodel\b[^.]{0,60}?(not found|does not exist|is not supported)`)
	schemaWords   = regexp.MustCompile(`\b(schema|parameters|function|tool|property|properties|required|json)\b`)
	modelWord     = regexp.MustCompile(`\bmodels?\b`)
	apiKeyInvalid = regexp.MustCompile(`\bapi key (not valid|not found|expired)\b`)
	contextWords  = regexp.MustCompile(`prompt is too long: \d+ tokens|maximum context length is`)
	accountWords  = regexp.MustCompile(`credit balance is too low|api usage limits|plans & billing`)
)

// Notes for answers that say more than their kind.
const (
	noteBilling    = "The provider refused the request for a billing reason (credit or spend limit). This is not a schema problem."
	noteAccount    = "The provider refused the request for an account reason (region, billing or project setup). This is not a schema problem."
	noteQuota      = "The account has no quota left (insufficient_quota); check its plan and billing. This is not a schema problem."
	noteOverloaded = "The provider is overloaded; run the probe again later. This is not a schema problem."
	noteContext    = "The request is longer than the model's context window (the prompt is a few lines, so the tool is). This is a size limit, not a verdict on the schema's keywords."
	noteTooLarge   = "The request was too large for the provider or a proxy in between (HTTP 413). This is a size limit, not a verdict on the schema's keywords."
)

// noteNoEndpoint says which base URL variable to check when the provider
// has no such path (a 404 that names no model).
func noteNoEndpoint(rec *recorder) string {
	n := "The server has no such endpoint"
	if rec.url != "" {
		n += " (" + rec.method + " " + rec.url + ")"
	}
	return n + "; check the base URL variable (" + baseURLHint + "). This is not a schema problem."
}

// baseURLHint is what each SDK appends to its base URL.
const baseURLHint = "OPENAI_BASE_URL ends in /v1; ANTHROPIC_BASE_URL and GOOGLE_GEMINI_BASE_URL end before it"

// maxMessage bounds a provider message that is not the usual JSON (an
// HTML error page from a proxy, say).
const maxMessage = 2000

// errorBody is what a provider's error body says, beyond the message.
type errorBody struct {
	perr *ProviderError
	// code is OpenAI's `code` when it is a string (model_not_found,
	// insufficient_quota, invalid_function_parameters).
	code string
	typ  string
	// status is Gemini's (INVALID_ARGUMENT, FAILED_PRECONDITION, ...).
	status string
	// reasons are Gemini's google.rpc.ErrorInfo reasons.
	reasons []string
	// retryDelay is Gemini's google.rpc.RetryInfo retryDelay.
	retryDelay time.Duration
}

// parseErrorBody extracts the provider's message verbatim: OpenAI
// {"error":{"message","type","param","code"}}, Anthropic
// {"type":"error","error":{"type","message"}}, Gemini
// {"error":{"code","message","status","details"}} (seen wrapped in an
// array too).
func parseErrorBody(rec *recorder) errorBody {
	eb := errorBody{perr: &ProviderError{Status: rec.status}}
	var body struct {
		Error *struct {
			Message string          `json:"message"`
			Type    string          `json:"type"`
			Code    json.RawMessage `json:"code"`
			Status  string          `json:"status"`
			Details []struct {
				Type       string `json:"@type"`
				Reason     string `json:"reason"`
				RetryDelay string `json:"retryDelay"`
			} `json:"details"`
		} `json:"error"`
		Message string `json:"message"`
	}
	raw := rec.body.Bytes()
	if trimmed := strings.TrimSpace(string(raw)); strings.HasPrefix(trimmed, "[") {
		var arr []json.RawMessage
		if json.Unmarshal(raw, &arr) == nil && len(arr) > 0 {
			raw = arr[0]
		}
	}
	if json.Unmarshal(raw, &body) == nil {
		if e := body.Error; e != nil && e.Message != "" {
			eb.perr.Message = e.Message
			eb.perr.Type = e.Type
			if eb.perr.Type == "" {
				eb.perr.Type = e.Status
			}
			eb.typ, eb.status = e.Type, e.Status
			json.Unmarshal(e.Code, &eb.code) // a string for OpenAI; Gemini's number is its HTTP status
			for _, d := range e.Details {
				if d.Reason != "" {
					eb.reasons = append(eb.reasons, d.Reason)
				}
				if strings.HasSuffix(d.Type, "google.rpc.RetryInfo") {
					// A protobuf duration: decimal seconds, "53s" or "45.8s".
					if w, err := time.ParseDuration(d.RetryDelay); err == nil && w >= 0 {
						eb.retryDelay = w
					}
				}
			}
			return eb
		}
		if body.Message != "" {
			eb.perr.Message = body.Message
			return eb
		}
	}
	eb.perr.Message = plainMessage(rec)
	return eb
}

// plainMessage is a body that is not a provider's JSON error: an HTML
// page is reduced to its title, anything else is cut at maxMessage.
func plainMessage(rec *recorder) string {
	text := strings.TrimSpace(rec.body.String())
	if strings.Contains(strings.ToLower(rec.header.Get("Content-Type")), "html") || strings.HasPrefix(strings.ToLower(text), "<!doctype html") {
		title := ""
		if m := htmlTitle.FindStringSubmatch(text); m != nil {
			title = strings.Join(strings.Fields(m[1]), " ")
		}
		if title == "" {
			return "an HTML page, not the provider's JSON error"
		}
		return "an HTML page, not the provider's JSON error: " + title
	}
	if len(text) > maxMessage {
		text = strings.ToValidUTF8(text[:maxMessage], "") + "…"
	}
	if text == "" {
		text = http.StatusText(rec.status)
	}
	return text
}

var htmlTitle = regexp.MustCompile(`(?is)<title[^>]*>(.*?)</title>`)

// notes are SchemaPort's notes per error kind.
var kindNotes = map[string]string{
	KindAuthentication: "The provider rejected the API key. This is not a schema problem.",
	KindModelNotFound:  "The probe model does not exist or is not available to this key. This is not a schema problem.",
	KindRateLimit:      "The provider rate-limited the probe. This is not a schema problem.",
	KindNetwork:        "The request never reached a verdict (server error, timeout or connection failure). This is not a schema problem.",
	KindUnknown:        "The probe failed for a reason SchemaPort could not classify.",
}
