package probe

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strings"
)

// verdict is the classification of one attempt.
type verdict struct {
	status string
	kind   string
	perr   *ProviderError
}

// classify reads the HTTP exchange the recorder saw (SchemaPort's
// classifyProviderError table): 2xx accepted; 400/422 rejected; 401/403
// authentication; 404 model-not-found; 429 rate-limit; 5xx, timeouts and
// connection failures network. Only `rejected` is a verdict on the schema:
// a stale model or an expired key never reads as a bad schema.
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
	if rec.status >= 200 && rec.status < 300 {
		return verdict{status: Accepted}
	}
	perr := providerError(rec)
	switch s := rec.status; {
	case s == 401 || s == 403:
		return verdict{Error, KindAuthentication, perr}
	case s == 404:
		return verdict{Error, KindModelNotFound, perr}
	case s == 429:
		return verdict{Error, KindRateLimit, perr}
	case s >= 500:
		return verdict{Error, KindNetwork, perr}
	case s == 400 || s == 422:
		// Providers also answer 400 for a bad model id; that is carved out
		// only when the message does not also read as a schema complaint
		// (SchemaPort core's rule), so a rejection naming the request's
		// model field stays a rejection.
		msg := strings.ToLower(perr.Message)
		if missingModel.MatchString(msg) && !schemaWords.MatchString(msg) {
			return verdict{Error, KindModelNotFound, perr}
		}
		return verdict{Rejected, "", perr}
	}
	return verdict{Error, KindUnknown, perr}
}

var (
	missingModel = regexp.MustCompile(`\bmodel\b[^.]{0,60}?(not found|does not exist|is not supported)`)
	schemaWords  = regexp.MustCompile(`\b(schema|parameters|function|tool|property|properties|required|json)\b`)
)

// maxMessage bounds a provider message that is not the usual JSON (an
// HTML error page from a proxy, say).
const maxMessage = 2000

// providerError extracts the provider's message verbatim: all three APIs
// answer {"error": {"message": ...}} (OpenAI and Anthropic with a `type`,
// Gemini with a `status`); Gemini has been seen to wrap it in an array.
func providerError(rec *recorder) *ProviderError {
	pe := &ProviderError{Status: rec.status}
	var body struct {
		Error *struct {
			Message string `json:"message"`
			Type    string `json:"type"`
			Status  string `json:"status"`
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
		if body.Error != nil && body.Error.Message != "" {
			pe.Message = body.Error.Message
			pe.Type = body.Error.Type
			if pe.Type == "" {
				pe.Type = body.Error.Status
			}
			return pe
		}
		if body.Message != "" {
			pe.Message = body.Message
			return pe
		}
	}
	text := strings.TrimSpace(rec.body.String())
	if len(text) > maxMessage {
		text = text[:maxMessage] + "…"
	}
	if text == "" {
		text = http.StatusText(rec.status)
	}
	pe.Message = text
	return pe
}

// notes are SchemaPort's notes per error kind.
var kindNotes = map[string]string{
	KindAuthentication: "The provider rejected the API key. This is not a schema problem.",
	KindModelNotFound:  "The probe model does not exist or is not available to this key. This is not a schema problem.",
	KindRateLimit:      "The provider rate-limited the probe. This is not a schema problem.",
	KindNetwork:        "The request never reached a verdict (server error, timeout or connection failure). This is not a schema problem.",
	KindUnknown:        "The probe failed for a reason SchemaPort could not classify.",
}
