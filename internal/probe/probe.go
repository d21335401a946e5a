// Package probe asks the providers themselves: it compiles each tool for a
// target, sends exactly one request per (tool, target) through the
// provider's official Go SDK, classifies the answer, validates any returned
// tool call against the canonical schema, and compares the verdict with
// what check predicted for the body that was sent.
package probe

import (
	"encoding/json"
	"net/http"
	"time"
)

// Status of one probe, SchemaPort's four.
const (
	Accepted = "accepted"
	Rejected = "rejected"
	Error    = "error"
	Skipped  = "skipped"
)

// Error kinds (SchemaPort's ProbeErrorKind).
const (
	KindMissingCredentials = "missing-credentials"
	KindAuthentication     = "authentication"
	KindModelNotFound      = "model-not-found"
	KindRateLimit          = "rate-limit"
	KindNetwork            = "network"
	KindCompileRefused     = "compile-refused"
	KindUnknown            = "unknown"
)

// Disagreement kinds: the provider's verdict against check's prediction.
const (
	// AcceptedDespiteError: check reported an error for the body sent, the
	// provider accepted it.
	AcceptedDespiteError = "accepted-despite-error"
	// RejectedDespiteClean: check was clean (or only warned), the provider
	// rejected the body.
	RejectedDespiteClean = "rejected-despite-clean"
)

// ProviderError is what the provider said, verbatim (JSON escapes it; the
// text report escapes control characters).
type ProviderError struct {
	Message string `json:"message"`
	Status  int    `json:"status,omitempty"`
	Type    string `json:"type,omitempty"`
}

// Predicted is check's verdict on the body that was (or would have been)
// sent. Verdict is "accepted" (clean or warnings only), "rejected" (an
// error) or "none" (nothing was sent: compile refused, or the target has
// no hosted API). Codes are check's finding codes for the tool and target
// (the rules involved), sorted and unique.
type Predicted struct {
	Verdict string   `json:"verdict"`
	Codes   []string `json:"codes"`
}

// Result is one (tool, target) probe: SchemaPort's ProbeResult plus
// source, the OpenAI surface, attempts, token count, prediction and
// disagreement.
type Result struct {
	Source            string          `json:"source"`
	ProviderID        string          `json:"providerId"`
	ToolName          string          `json:"toolName"`
	Status            string          `json:"status"`
	Model             string          `json:"model,omitempty"`
	API               string          `json:"api,omitempty"`
	SchemaAccepted    bool            `json:"schemaAccepted"`
	ToolCallReturned  bool            `json:"toolCallReturned"`
	ErrorKind         string          `json:"errorKind,omitempty"`
	ProviderError     *ProviderError  `json:"providerError,omitempty"`
	Attempts          int             `json:"attempts,omitempty"`
	ArgumentsReceived json.RawMessage `json:"argumentsReceived,omitempty"`
	ArgumentsValid    *bool           `json:"argumentsValid,omitempty"`
	ArgumentErrors    []string        `json:"argumentErrors,omitempty"`
	InputTokens       *int64          `json:"inputTokens,omitempty"`
	Notes             []string        `json:"notes"`
	Predicted         Predicted       `json:"predicted"`
	Disagreement      string          `json:"disagreement,omitempty"`

	// envVar is the key variable to export for missing credentials.
	envVar string
	// display is the target's name for people.
	display string
}

// Summary counts results by status (SchemaPort's keys).
type Summary struct {
	Accepted int `json:"accepted"`
	Rejected int `json:"rejected"`
	Errors   int `json:"errors"`
	Skipped  int `json:"skipped"`
}

// Report is a whole probe run, results in tool order then target order.
type Report struct {
	Results       []Result
	Summary       Summary
	Disagreements int
	// CommandLine is what to re-run once credentials are set.
	CommandLine string
}

// ExitCode is SchemaPort's (main, docs): 1 when anything was rejected or
// compile-refused, else 3 when any result is an error (no verdict), else 0.
func (r *Report) ExitCode() int {
	errs := false
	for _, res := range r.Results {
		switch {
		case res.Status == Rejected, res.ErrorKind == KindCompileRefused:
			return 1
		case res.Status == Error:
			errs = true
		}
	}
	if errs {
		return 3
	}
	return 0
}

// Options configure a run. Zero values take the documented defaults.
type Options struct {
	Targets    []string
	Model      string // --model: every target's model
	AllowLossy bool
	// OpenAIAPI is "responses" (default) or "chat".
	OpenAIAPI   string
	Concurrency int           // default 4
	Timeout     time.Duration // per request, default 30s
	CountTokens bool
	// Getenv reads the environment (keys, models, base URLs); nil: none set.
	Getenv func(string) string
	// Transport under every request; nil: http.DefaultTransport.
	Transport http.RoundTripper
	// MaxRetryWait bounds the one rate-limit retry's wait (default 10s).
	MaxRetryWait time.Duration
	// CommandLine is shown after a missing-credentials result.
	CommandLine string
}

// Defaults.
const (
	DefaultConcurrency  = 4
	DefaultTimeout      = 30 * time.Second
	DefaultMaxRetryWait = 10 * time.Second
	// OutputCap is the small output cap every request carries: enough for
	// one forced tool call, small enough that a probe stays cheap.
	OutputCap = 1024
)

// DefaultTargets are probe's default targets (MCP has no hosted API).
var DefaultTargets = []string{"openai", "anthropic", "gemini"}
