package probe

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// sender makes one request for a call; counter asks a token-count
// endpoint. Both go through the recorder, which sees the HTTP exchange.
type (
	sender  func(ctx context.Context, c *call, rec *recorder) (answer, error)
	counter func(ctx context.Context, c *call, rec *recorder) (int64, error)
)

var senders = map[string]sender{"openai": openaiSend, "anthropic": anthropicSend, "gemini": geminiSend}
var counters = map[string]counter{"anthropic": anthropicCount, "gemini": geminiCount}

func (o *Options) defaults() {
	if len(o.Targets) == 0 {
		o.Targets = DefaultTargets
	}
	if o.OpenAIAPI == "" {
		o.OpenAIAPI = "responses"
	}
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxRetryWait <= 0 {
		o.MaxRetryWait = DefaultMaxRetryWait
	}
}

// pair is one (tool, target) to probe.
type pair struct {
	tool   *tool.Tool
	target string
	codes  []string
}

// Run probes every tool for every target: at most o.Concurrency requests
// in flight, each attempt bounded by o.Timeout. Results come in tool
// order, then target order, whatever the scheduling.
func Run(ctx context.Context, tools []*tool.Tool, o Options) *Report {
	o.defaults()
	pairs := pairsOf(tools, o.Targets)
	results := make([]Result, len(pairs))
	sem := make(chan struct{}, o.Concurrency)
	var wg sync.WaitGroup
	for i := range pairs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			results[i] = probeOne(ctx, &pairs[i], &o)
		}()
	}
	wg.Wait()
	rep := &Report{Results: results, CommandLine: o.CommandLine}
	secrets := keys(&o)
	for i := range rep.Results {
		r := &rep.Results[i]
		scrub(r, secrets)
		switch r.Status {
		case Accepted:
			rep.Summary.Accepted++
		case Rejected:
			rep.Summary.Rejected++
		case Error:
			rep.Summary.Errors++
		case Skipped:
			rep.Summary.Skipped++
		}
		if r.Disagreement != "" {
			rep.Disagreements++
		}
	}
	return rep
}

func pairsOf(tools []*tool.Tool, targets []string) []pair {
	codes := checkCodes(tools, targets)
	var pairs []pair
	for i, t := range tools {
		for _, target := range targets {
			pairs = append(pairs, pair{tool: t, target: target, codes: codes[i][target]})
		}
	}
	return pairs
}

func displayName(target string) string {
	if info, ok := check.Lookup(target); ok {
		return info.Name
	}
	return target
}

func probeOne(ctx context.Context, p *pair, o *Options) Result {
	r := Result{
		Source: p.tool.File(), ProviderID: p.target, ToolName: p.tool.Name,
		Predicted: Predicted{Verdict: PredictNone, Codes: p.codes}, display: displayName(p.target),
	}
	if r.Predicted.Codes == nil {
		r.Predicted.Codes = []string{}
	}
	send, ok := senders[family(p.target)]
	if !ok {
		r.Status = Skipped
		r.Notes = []string{r.display + " has no hosted API to probe."}
		return r
	}
	cr := compile.Compile(p.tool, p.target, o.AllowLossy)
	if !cr.OK {
		r.Status, r.ErrorKind = Error, KindCompileRefused
		r.Notes = []string{"Compilation was refused, so no request was sent."}
		for _, d := range cr.Blocking() {
			r.Notes = append(r.Notes, d.Message)
		}
		return r
	}
	r.Predicted.Verdict = predictSent(p.target, &cr)
	env := resolve(p.target, o)
	r.Model = env.model
	if p.target == "openai" {
		r.API = o.OpenAIAPI
	}
	if env.key == "" {
		r.Status, r.ErrorKind, r.envVar = Error, KindMissingCredentials, env.keyVar
		r.Notes = []string{"No API key found. Set " + env.keyVar + " to probe this provider."}
		return r
	}
	c := &call{
		target: p.target, toolName: p.tool.Name, compiled: compile.Encode(cr.Output),
		model: env.model, key: env.key, baseURL: env.baseURL, api: o.OpenAIAPI,
	}
	var (
		a   answer
		err error
		v   verdict
	)
	var waitNote string
	for attempt := 1; attempt <= 2; attempt++ {
		r.Attempts = attempt
		rec := &recorder{base: o.Transport}
		actx, cancel := context.WithTimeout(ctx, o.Timeout)
		a, err = send(actx, c, rec)
		cancel()
		v = classify(rec, err)
		// The server's x-should-retry wins, as both SDKs let it.
		if !v.retry || attempt == 2 || rec.header.Get("X-Should-Retry") == "false" {
			break
		}
		// One retry (rate limit, overload), after what the provider asks. A wait longer than
		// o.MaxRetryWait is not shortened: a retry before the provider's
		// time would only fail again, so the result says when to re-run.
		wait := retryWait(rec.header, v.retryDelay)
		if wait > o.MaxRetryWait {
			waitNote = "The provider asked to wait " + wait.Round(time.Second).String() +
				" before retrying, longer than probe waits (" + o.MaxRetryWait.String() + "); run it again later."
			break
		}
		if !sleep(ctx, wait) {
			break
		}
	}
	r.Status, r.ErrorKind, r.ProviderError = v.status, v.kind, v.perr
	switch r.Status {
	case Rejected:
		r.Notes = []string{"Schema rejected by the provider API."}
	case Error:
		note := kindNotes[v.kind]
		if v.note != "" {
			note = v.note
		}
		r.Notes = []string{note}
		if waitNote != "" {
			r.Notes = append(r.Notes, waitNote)
		}
	case Accepted:
		accepted(&r, p.tool, a, err)
	}
	r.Disagreement = disagreement(r.Predicted.Verdict, r.Status)
	if o.CountTokens && r.Status == Accepted {
		// A request that failed would fail the same way again.
		countTokens(ctx, &r, c, o)
	}
	return r
}

// accepted fills an accepted result: the schema was taken; a returned
// call's arguments are judged against the canonical schema.
func accepted(r *Result, t *tool.Tool, a answer, decodeErr error) {
	r.SchemaAccepted = true
	r.Notes = []string{"Schema accepted by the provider API."}
	if decodeErr != nil {
		r.Notes = append(r.Notes, "The response could not be read, so argument shape was not verified.")
		return
	}
	r.Notes = append(r.Notes, a.notes...)
	switch {
	case a.unjudged:
		r.ToolCallReturned = a.called
	case a.args == nil && a.argsText != "":
		r.ToolCallReturned = true
		r.Notes = append(r.Notes, "The tool call's arguments are not valid JSON, so they were not validated.")
	case a.args == nil:
		r.Notes = append(r.Notes, "The model did not return a tool call, so argument shape was not verified.")
	default:
		r.ToolCallReturned = true
		r.ArgumentsReceived = a.args
		valid, errs, ok := validateArgs(t.InputSchema(), a.args)
		if !ok {
			r.Notes = append(r.Notes, "The canonical schema cannot be compiled for validation, so the arguments were not validated.")
			return
		}
		r.ArgumentsValid = &valid
		r.ArgumentErrors = errs
		if valid {
			r.Notes = append(r.Notes, "Tool call arguments matched the canonical input schema.")
		} else {
			r.Notes = append(r.Notes, "Tool call arguments did NOT match the canonical input schema.")
		}
	}
}

// countTokens asks the provider's own token counter for the same tool and
// prompt (Anthropic count_tokens, Gemini countTokens); OpenAI has none.
func countTokens(ctx context.Context, r *Result, c *call, o *Options) {
	count, ok := counters[family(c.target)]
	if !ok {
		r.Notes = append(r.Notes, "OpenAI has no token-counting endpoint; see the offline estimate.")
		return
	}
	rec := &recorder{base: o.Transport}
	actx, cancel := context.WithTimeout(ctx, o.Timeout)
	n, err := count(actx, c, rec)
	cancel()
	v := classify(rec, err)
	if v.status == Accepted && err == nil {
		r.InputTokens = &n
		return
	}
	msg := "Token count failed"
	if v.kind != "" {
		msg += " (" + v.kind + ")"
	}
	if v.perr != nil {
		msg += ": " + v.perr.Message
	}
	r.Notes = append(r.Notes, msg+".")
}

// retryWait is the wait a rate-limited answer asks for: retry-after-ms
// (OpenAI and Anthropic send it), else retry-after (seconds or an HTTP
// date), else the body's delay (Gemini sends no header, only a
// google.rpc.RetryInfo retryDelay), else one second.
func retryWait(h http.Header, bodyDelay time.Duration) time.Duration {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return clampWait(ms / 1000)
		}
	}
	if v := h.Get("Retry-After"); v != "" {
		if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
			return clampWait(s)
		} else if t, err := http.ParseTime(v); err == nil {
			return max(time.Until(t), 0)
		}
	}
	if bodyDelay > 0 {
		return bodyDelay
	}
	return time.Second
}

// clampWait converts seconds to a duration, a day at most (a huge value
// would overflow the conversion).
func clampWait(secs float64) time.Duration {
	return time.Duration(min(secs, 86400) * float64(time.Second))
}

func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// scrub removes every API key from what a result will print, whatever a
// provider or an SDK echoed back (defence in depth: nothing we write
// includes one).
func scrub(r *Result, secrets []string) {
	if len(secrets) == 0 {
		return
	}
	clean := func(s string) string {
		for _, k := range secrets {
			if k != "" {
				s = strings.ReplaceAll(s, k, "[redacted]")
			}
		}
		return s
	}
	if r.ProviderError != nil {
		r.ProviderError.Message = clean(r.ProviderError.Message)
		r.ProviderError.Type = clean(r.ProviderError.Type)
	}
	for i := range r.Notes {
		r.Notes[i] = clean(r.Notes[i])
	}
	for i := range r.ArgumentErrors {
		r.ArgumentErrors[i] = clean(r.ArgumentErrors[i])
	}
	if len(r.ArgumentsReceived) > 0 {
		s := string(r.ArgumentsReceived)
		if c := clean(s); c != s {
			r.ArgumentsReceived = []byte(jsonString(c))
		}
	}
}
