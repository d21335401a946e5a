// Package prcomment keeps one comment of the action's on a pull request up
// to date: it finds the comment it wrote on an earlier run by a hidden
// marker, and updates it, creates it the first time, or reduces it to a
// one-line "all clear" when nothing is left to say. It talks to the GitHub
// REST API (or a GitHub Enterprise Server's) through go-github.
package prcomment

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/go-github/v75/github"
)

// Marker is the hidden HTML comment that identifies the action's own
// comment among the others on the pull request. It is the first line of
// every body the action writes.
const Marker = "<!-- schemaport-action:pr-comment -->"

// MarkerFor is the marker of the comment kept for key: Marker for "" (the
// one earlier versions wrote), else one that names the key, so that runs
// over different tool sets on one pull request keep a comment each. The
// key is reduced to characters that cannot end the HTML comment.
func MarkerFor(key string) string {
	if key == "" {
		return Marker
	}
	safe := strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("/._:+", r) {
			return r
		}
		return '_'
	}, key)
	return "<!-- schemaport-action:pr-comment key=" + safe + " -->"
}

// MaxChars is GitHub's limit on a comment body, in characters: a longer
// body is rejected with HTTP 422 ("body is too long (maximum is 65536
// characters)").
const MaxChars = 65536

// DefaultAPIURL is the REST API of github.com, used when GITHUB_API_URL is
// not set.
const DefaultAPIURL = "https://api.github.com/"

// Target is the pull request to comment on and the credentials to do it.
type Target struct {
	// APIURL is the REST API root: GITHUB_API_URL in a workflow
	// (https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise
	// Server). Empty means DefaultAPIURL.
	APIURL string
	Token  string
	Owner  string
	Repo   string
	Number int
}

// Comment is what the pull request should say.
type Comment struct {
	// Body is the Markdown to show, without the marker. It must fit in
	// MaxChars together with the marker; the renderer shortens it.
	Body string
	// AllClear says there is nothing left to report: no comment is created,
	// and an earlier one is replaced by Body (a one-line all clear).
	AllClear bool
	// Fallback is posted instead of Body if Body is too long after all: a
	// short text that links to the full report.
	Fallback string
	// Key tells this comment from the action's others on the pull request
	// (see MarkerFor); "" is the one comment of a single run.
	Key string
}

// Action is what Sync did.
type Action string

const (
	Created   Action = "created"   // no earlier comment: a new one
	Updated   Action = "updated"   // the earlier comment now says Body
	Unchanged Action = "unchanged" // the earlier comment already said Body
	Cleared   Action = "cleared"   // the earlier comment became the all clear
	Skipped   Action = "skipped"   // all clear and no earlier comment: nothing written
)

// Result says what happened and where the comment is.
type Result struct {
	Action Action
	ID     int64
	URL    string // the comment's html_url ("" when Skipped)
}

// Options tune the transport; the zero value is right for a workflow.
type Options struct {
	// HTTPClient defaults to a client with a 30-second timeout.
	HTTPClient *http.Client
	// Attempts is how often a 5xx or network failure is tried in all
	// (default 3).
	Attempts int
	// Backoff is the wait before attempt n+1 (n from 1); the default waits
	// 2 s, then 4 s.
	Backoff func(n int) time.Duration
	// UserAgent is sent with every request.
	UserAgent string
}

// Error is a failed exchange with the API. Its text never contains the
// token.
type Error struct {
	Status      int // HTTP status; 0 for a network failure
	RateLimited bool
	Msg         string
}

func (e *Error) Error() string { return e.Msg }

// Forbidden reports whether the token was not allowed to comment: HTTP
// 403 that is not a rate limit, as for the read-only token of a pull
// request from a fork.
func (e *Error) Forbidden() bool { return e.Status == http.StatusForbidden && !e.RateLimited }

// Sync makes the pull request carry c in the action's comment. Failures
// that may pass (HTTP 5xx, network errors) are retried from the start, so
// a create whose answer was lost is found by its marker rather than posted
// twice. The returned error is an *Error.
func Sync(ctx context.Context, t Target, c Comment, o Options) (Result, error) {
	client, err := newClient(t, o)
	if err != nil {
		return Result{}, err
	}
	attempts := o.Attempts
	if attempts <= 0 {
		attempts = 3
	}
	backoff := o.Backoff
	if backoff == nil {
		backoff = func(n int) time.Duration { return time.Duration(1<<n) * time.Second }
	}
	marker := MarkerFor(c.Key)
	body := marker + "\n" + c.Body
	if utf8.RuneCountInString(body) > MaxChars {
		body = marker + "\n" + c.Fallback
		if utf8.RuneCountInString(body) > MaxChars {
			body = marker + "\nThe SchemaPort report is too long for a comment; see the job summary."
		}
	}
	var res Result
	for n := 1; ; n++ {
		res, err = syncOnce(ctx, client, t, marker, body, c.AllClear)
		if err == nil || n >= attempts || !retryable(err) {
			break
		}
		select {
		case <-ctx.Done():
			return Result{}, describe(ctx.Err(), t.Token)
		case <-time.After(backoff(n)):
		}
	}
	if err != nil {
		return Result{}, describe(err, t.Token)
	}
	return res, nil
}

func newClient(t Target, o Options) (*github.Client, error) {
	hc := o.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	client := github.NewClient(hc).WithAuthToken(t.Token)
	api := t.APIURL
	if api == "" {
		api = DefaultAPIURL
	}
	base, err := url.Parse(api)
	if err != nil || (base.Scheme != "https" && base.Scheme != "http") || base.Host == "" {
		return nil, &Error{Msg: fmt.Sprintf("GITHUB_API_URL `%s` is not an http(s) URL", api)}
	}
	// Taken as given, not through WithEnterpriseURLs: that appends /api/v3/
	// to hosts that do not start with "api.", and GITHUB_API_URL is already
	// the API root on every kind of GitHub.
	if !strings.HasSuffix(base.Path, "/") {
		base.Path += "/"
	}
	client.BaseURL = base
	if o.UserAgent != "" {
		client.UserAgent = o.UserAgent
	}
	return client, nil
}

// syncOnce is one pass: find the earlier comment, then write.
func syncOnce(ctx context.Context, client *github.Client, t Target, marker, body string, allClear bool) (Result, error) {
	earlier, err := find(ctx, client, t, marker)
	if err != nil {
		return Result{}, err
	}
	switch {
	case earlier == nil && allClear:
		return Result{Action: Skipped}, nil
	case earlier == nil:
		made, _, err := client.Issues.CreateComment(ctx, t.Owner, t.Repo, t.Number, &github.IssueComment{Body: github.Ptr(body)})
		if err != nil {
			return Result{}, err
		}
		return Result{Action: Created, ID: made.GetID(), URL: made.GetHTMLURL()}, nil
	case earlier.GetBody() == body:
		return Result{Action: Unchanged, ID: earlier.GetID(), URL: earlier.GetHTMLURL()}, nil
	}
	edited, _, err := client.Issues.EditComment(ctx, t.Owner, t.Repo, earlier.GetID(), &github.IssueComment{Body: github.Ptr(body)})
	if err != nil {
		return Result{}, err
	}
	act := Updated
	if allClear {
		act = Cleared
	}
	return Result{Action: act, ID: edited.GetID(), URL: edited.GetHTMLURL()}, nil
}

// find pages through the pull request's comments, oldest first, and
// returns the action's own: the first that starts with the marker and was
// written by a bot (GITHUB_TOKEN comments as github-actions[bot]), else the
// first that starts with it (a personal token comments as its user); nil
// when none does. Only a comment that starts with the marker counts, so
// quoting it in a reply does not make that reply ours, and preferring a
// bot's keeps a person's comment that starts with it from being taken.
func find(ctx context.Context, client *github.Client, t Target, marker string) (*github.IssueComment, error) {
	opts := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	var first *github.IssueComment
	for {
		page, resp, err := client.Issues.ListComments(ctx, t.Owner, t.Repo, t.Number, opts)
		if err != nil {
			return nil, err
		}
		for _, c := range page {
			// The marker as the whole first line: one key's marker is
			// never taken for another's.
			if first, _, _ := strings.Cut(c.GetBody(), "\n"); strings.TrimRight(first, "\r ") != marker {
				continue
			}
			if c.GetUser().GetType() == "Bot" {
				return c, nil
			}
			if first == nil {
				first = c
			}
		}
		if resp.NextPage == 0 {
			return first, nil
		}
		opts.Page = resp.NextPage
	}
}

// retryable: server errors and failures to get an answer at all.
func retryable(err error) bool {
	var er *github.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		return er.Response.StatusCode >= 500
	}
	var rl *github.RateLimitError
	var abuse *github.AbuseRateLimitError
	if errors.As(err, &rl) || errors.As(err, &abuse) {
		return false
	}
	var ue *url.Error
	return errors.As(err, &ue) && !errors.Is(err, context.Canceled)
}

// describe turns an API failure into an *Error with a message for the
// job summary, and removes the token should any text echo it.
func describe(err error, token string) error {
	e := &Error{Msg: err.Error()}
	var er *github.ErrorResponse
	var rl *github.RateLimitError
	var abuse *github.AbuseRateLimitError
	switch {
	case errors.As(err, &rl):
		e.Status, e.RateLimited = http.StatusForbidden, true
		e.Msg = "the API rate limit is exhausted: " + rl.Message
	case errors.As(err, &abuse):
		e.Status, e.RateLimited = http.StatusForbidden, true
		e.Msg = "GitHub's secondary rate limit stopped the request: " + abuse.Message
	case errors.As(err, &er) && er.Response != nil && er.Response.Request != nil:
		e.Status = er.Response.StatusCode
		e.Msg = fmt.Sprintf("%s %s: HTTP %d", er.Response.Request.Method, er.Response.Request.URL.Path, e.Status)
		if er.Message != "" {
			e.Msg += " (" + er.Message + ")"
		}
	}
	if token != "" {
		e.Msg = strings.ReplaceAll(e.Msg, token, "***")
	}
	return e
}
