package prcomment_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/prcomment"
	"github.com/schemaport/schemaport-action/internal/prcomment/prcommenttest"
)

const token = "ghs_secretTOKEN1234567890"

func target(srv *prcommenttest.Server) prcomment.Target {
	return prcomment.Target{APIURL: srv.APIURL(), Token: token, Owner: "acme", Repo: "tools", Number: 7}
}

// fast retries: the tests check that a retry happens, not how long it waits.
var fast = prcomment.Options{Backoff: func(int) time.Duration { return time.Millisecond }}

func sync(t *testing.T, srv *prcommenttest.Server, c prcomment.Comment) (prcomment.Result, error) {
	t.Helper()
	return prcomment.Sync(context.Background(), target(srv), c, fast)
}

func wantCalls(t *testing.T, srv *prcommenttest.Server, want ...string) {
	t.Helper()
	if got := srv.CallLines(); !slices.Equal(got, want) {
		t.Errorf("calls:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	for _, c := range srv.Calls() {
		if c.Auth != "Bearer "+token {
			t.Errorf("%s sent Authorization %q", c, c.Auth)
		}
	}
}

const listFirst = "GET /repos/acme/tools/issues/7/comments?per_page=100 -> 200"

func TestCreatesTheFirstTime(t *testing.T) {
	srv := prcommenttest.New("")
	defer srv.Close()
	srv.Add(7, "octocat", "Looks good to me")
	srv.Add(8, "github-actions[bot]", prcomment.Marker+"\nanother pull request's comment")

	res, err := sync(t, srv, prcomment.Comment{Body: "## SchemaPort: fail"})
	if err != nil {
		t.Fatal(err)
	}
	wantCalls(t, srv, listFirst, "POST /repos/acme/tools/issues/7/comments -> 201")
	got := srv.Comments(7)
	if len(got) != 2 || got[1].Body != prcomment.Marker+"\n## SchemaPort: fail" {
		t.Fatalf("comments on #7: %+v", got)
	}
	if res.Action != prcomment.Created || res.ID != got[1].ID || !strings.HasSuffix(res.URL, fmt.Sprintf("#issuecomment-%d", got[1].ID)) {
		t.Errorf("result %+v", res)
	}
}

func TestUpdatesItsOwnCommentFoundOnALaterPage(t *testing.T) {
	srv := prcommenttest.New("")
	defer srv.Close()
	srv.PerPage = 2 // the server pages by 2 whatever is asked, as GitHub caps per_page
	srv.Add(7, "octocat", "first")
	srv.Add(7, "octocat", "quoting it does not make it ours:\n"+prcomment.Marker)
	srv.Add(7, "octocat", "third")
	own := srv.Add(7, "github-actions[bot]", prcomment.Marker+"\nold verdict")
	srv.Add(7, "octocat", "fifth")

	res, err := sync(t, srv, prcomment.Comment{Body: "new verdict"})
	if err != nil {
		t.Fatal(err)
	}
	wantCalls(t, srv,
		listFirst,
		"GET /repos/acme/tools/issues/7/comments?page=2&per_page=100 -> 200",
		fmt.Sprintf("PATCH /repos/acme/tools/issues/comments/%d -> 200", own.ID))
	if res.Action != prcomment.Updated || res.ID != own.ID {
		t.Errorf("result %+v", res)
	}
	if got := srv.Comments(7)[3].Body; got != prcomment.Marker+"\nnew verdict" {
		t.Errorf("updated body %q", got)
	}
	if n := len(srv.Comments(7)); n != 5 {
		t.Errorf("%d comments, want 5 (nothing created)", n)
	}
}

// A person's comment that starts with the marker is not taken for the
// action's; with a personal token (no bot anywhere) the first is ours.
func TestPrefersTheBotsComment(t *testing.T) {
	srv := prcommenttest.New("")
	defer srv.Close()
	srv.Add(7, "mallory", prcomment.Marker+"\nlooks like ours")
	own := srv.Add(7, "github-actions[bot]", prcomment.Marker+"\nours")
	if _, err := sync(t, srv, prcomment.Comment{Body: "new"}); err != nil {
		t.Fatal(err)
	}
	wantCalls(t, srv, listFirst, fmt.Sprintf("PATCH /repos/acme/tools/issues/comments/%d -> 200", own.ID))
	if got := srv.Comments(7)[0].Body; got != prcomment.Marker+"\nlooks like ours" {
		t.Errorf("the person's comment was edited: %q", got)
	}

	pat := prcommenttest.New("")
	defer pat.Close()
	mine := pat.Add(7, "octocat", prcomment.Marker+"\nold")
	pat.Add(7, "hubot", prcomment.Marker+"\nlater")
	if _, err := sync(t, pat, prcomment.Comment{Body: "new"}); err != nil {
		t.Fatal(err)
	}
	wantCalls(t, pat, listFirst, fmt.Sprintf("PATCH /repos/acme/tools/issues/comments/%d -> 200", mine.ID))
}

func TestSameBodyIsNotRewritten(t *testing.T) {
	srv := prcommenttest.New("")
	defer srv.Close()
	srv.Add(7, "github-actions[bot]", prcomment.Marker+"\nsame")
	res, err := sync(t, srv, prcomment.Comment{Body: "same"})
	if err != nil || res.Action != prcomment.Unchanged {
		t.Fatalf("%+v %v", res, err)
	}
	wantCalls(t, srv, listFirst)
}

func TestAllClear(t *testing.T) {
	t.Run("no earlier comment: nothing is posted", func(t *testing.T) {
		srv := prcommenttest.New("")
		defer srv.Close()
		res, err := sync(t, srv, prcomment.Comment{Body: "all clear", AllClear: true})
		if err != nil || res.Action != prcomment.Skipped || res.URL != "" {
			t.Fatalf("%+v %v", res, err)
		}
		wantCalls(t, srv, listFirst)
		if n := len(srv.Comments(7)); n != 0 {
			t.Errorf("%d comments", n)
		}
	})
	t.Run("an earlier comment becomes the one line", func(t *testing.T) {
		srv := prcommenttest.New("")
		defer srv.Close()
		own := srv.Add(7, "github-actions[bot]", prcomment.Marker+"\n## 2 breaking changes\n...")
		res, err := sync(t, srv, prcomment.Comment{Body: "all clear", AllClear: true})
		if err != nil || res.Action != prcomment.Cleared {
			t.Fatalf("%+v %v", res, err)
		}
		wantCalls(t, srv, listFirst, fmt.Sprintf("PATCH /repos/acme/tools/issues/comments/%d -> 200", own.ID))
		if got := srv.Comments(7)[0].Body; got != prcomment.Marker+"\nall clear" {
			t.Errorf("body %q", got)
		}
	})
}

func TestForbiddenIsReportedNotRetried(t *testing.T) {
	srv := prcommenttest.New("")
	defer srv.Close()
	srv.Fail(prcommenttest.Failure{Method: "POST", Status: 403, Message: "Resource not accessible by integration", Times: 1})
	_, err := sync(t, srv, prcomment.Comment{Body: "verdict"})
	var pe *prcomment.Error
	if !errors.As(err, &pe) || !pe.Forbidden() || pe.Status != 403 {
		t.Fatalf("error %#v", err)
	}
	want := "POST /repos/acme/tools/issues/7/comments: HTTP 403 (Resource not accessible by integration)"
	if pe.Error() != want {
		t.Errorf("message %q, want %q", pe.Error(), want)
	}
	wantCalls(t, srv, listFirst, "POST /repos/acme/tools/issues/7/comments -> 403")
}

func TestRateLimitIsNotForbidden(t *testing.T) {
	srv := prcommenttest.New("")
	defer srv.Close()
	srv.Fail(prcommenttest.Failure{Method: "GET", Status: 403, Message: "API rate limit exceeded", Times: 1,
		Header: map[string]string{"X-RateLimit-Remaining": "0", "X-RateLimit-Limit": "1000", "X-RateLimit-Reset": "1700000000"}})
	_, err := sync(t, srv, prcomment.Comment{Body: "verdict"})
	var pe *prcomment.Error
	if !errors.As(err, &pe) || pe.Forbidden() || !pe.RateLimited {
		t.Fatalf("error %#v", err)
	}
	if len(srv.Calls()) != 1 {
		t.Errorf("calls %v: a rate limit is not retried", srv.CallLines())
	}
}

func TestServerErrorsAreRetriedFromTheStart(t *testing.T) {
	srv := prcommenttest.New("")
	defer srv.Close()
	srv.Fail(prcommenttest.Failure{Method: "GET", Status: 502, Message: "Server Error", Times: 1})
	srv.Fail(prcommenttest.Failure{Method: "POST", Status: 500, Message: "Server Error", Times: 1})
	res, err := sync(t, srv, prcomment.Comment{Body: "verdict"})
	if err != nil || res.Action != prcomment.Created {
		t.Fatalf("%+v %v", res, err)
	}
	wantCalls(t, srv,
		"GET /repos/acme/tools/issues/7/comments?per_page=100 -> 502",
		listFirst,
		"POST /repos/acme/tools/issues/7/comments -> 500",
		listFirst,
		"POST /repos/acme/tools/issues/7/comments -> 201")
	if n := len(srv.Comments(7)); n != 1 {
		t.Errorf("%d comments, want 1", n)
	}
}

func TestServerErrorsGiveUpAfterThreeAttempts(t *testing.T) {
	srv := prcommenttest.New("")
	defer srv.Close()
	srv.Fail(prcommenttest.Failure{Method: "GET", Status: 503, Message: "Unavailable", Times: 5})
	var waits []int
	opts := prcomment.Options{Backoff: func(n int) time.Duration { waits = append(waits, n); return time.Millisecond }}
	_, err := prcomment.Sync(context.Background(), target(srv), prcomment.Comment{Body: "v"}, opts)
	var pe *prcomment.Error
	if !errors.As(err, &pe) || pe.Status != 503 || pe.Forbidden() {
		t.Fatalf("error %#v", err)
	}
	if n := len(srv.Calls()); n != 3 || !slices.Equal(waits, []int{1, 2}) {
		t.Errorf("%d calls, waits %v; want 3 calls, waits [1 2]", n, waits)
	}
}

func TestEnterpriseBaseURL(t *testing.T) {
	srv := prcommenttest.New("/api/v3")
	defer srv.Close()
	for i, api := range []string{srv.APIURL(), srv.APIURL() + "/"} {
		tg := target(srv)
		tg.APIURL = api
		if _, err := prcomment.Sync(context.Background(), tg, prcomment.Comment{Body: fmt.Sprint("v", i)}, fast); err != nil {
			t.Fatalf("%s: %v", api, err)
		}
	}
	calls := srv.Calls()
	if len(calls) != 4 {
		t.Fatalf("calls %v", srv.CallLines())
	}
	// The server only answers under /api/v3: every call went there.
	for _, c := range calls {
		if c.Status >= 400 {
			t.Errorf("%s", c)
		}
	}
	if calls[3].Method != "PATCH" {
		t.Errorf("the second run should update: %v", srv.CallLines())
	}
}

func TestBadAPIURL(t *testing.T) {
	for _, api := range []string{"ftp://example.com", "not a url", "https://"} {
		_, err := prcomment.Sync(context.Background(), prcomment.Target{APIURL: api, Token: token, Owner: "o", Repo: "r", Number: 1}, prcomment.Comment{Body: "v"}, fast)
		if err == nil || !strings.Contains(err.Error(), "GITHUB_API_URL") {
			t.Errorf("%q: %v", api, err)
		}
	}
}

func TestTooLongBodyPostsTheFallback(t *testing.T) {
	srv := prcommenttest.New("")
	defer srv.Close()
	long := strings.Repeat("é", prcomment.MaxChars) // over the limit with the marker
	res, err := sync(t, srv, prcomment.Comment{Body: long, Fallback: "too long: see the run"})
	if err != nil || res.Action != prcomment.Created {
		t.Fatalf("%+v %v", res, err)
	}
	if got := srv.Comments(7)[0].Body; got != prcomment.Marker+"\ntoo long: see the run" {
		t.Errorf("body %q", got)
	}
	// A body at the limit in characters (but over it in bytes) is kept.
	srv2 := prcommenttest.New("")
	defer srv2.Close()
	fits := strings.Repeat("é", prcomment.MaxChars-len(prcomment.Marker)-1)
	if _, err := sync(t, srv2, prcomment.Comment{Body: fits, Fallback: "x"}); err != nil {
		t.Fatal(err)
	}
	if got := srv2.Comments(7)[0].Body; got != prcomment.Marker+"\n"+fits {
		t.Errorf("a body of exactly %d characters was replaced", prcomment.MaxChars)
	}
}

func TestTokenNeverInErrors(t *testing.T) {
	srv := prcommenttest.New("")
	defer srv.Close()
	// A server that echoes the token in its message.
	srv.Fail(prcommenttest.Failure{Method: "GET", Status: 401, Message: "Bad credentials: " + token, Times: 1})
	_, err := sync(t, srv, prcomment.Comment{Body: "v"})
	if err == nil || strings.Contains(err.Error(), token) || !strings.Contains(err.Error(), "***") {
		t.Fatalf("error %v", err)
	}
	// A network failure names the URL, never the header.
	srv.Close()
	_, err = sync(t, srv, prcomment.Comment{Body: "v"})
	var pe *prcomment.Error
	if !errors.As(err, &pe) || pe.Status != 0 || strings.Contains(err.Error(), token) {
		t.Fatalf("error %#v", err)
	}
}

func TestDefaultAPIURLIsGitHubDotCom(t *testing.T) {
	var seen string
	hc := &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		seen = r.URL.String()
		return nil, errors.New("offline")
	})}
	tg := prcomment.Target{Token: token, Owner: "acme", Repo: "tools", Number: 7}
	_, err := prcomment.Sync(context.Background(), tg, prcomment.Comment{Body: "v"}, prcomment.Options{HTTPClient: hc, Attempts: 1})
	if err == nil || seen != "https://api.github.com/repos/acme/tools/issues/7/comments?per_page=100" {
		t.Errorf("requested %q (err %v)", seen, err)
	}
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestMarkerFor(t *testing.T) {
	if prcomment.MarkerFor("") != prcomment.Marker {
		t.Fatal("the default key must keep the marker earlier versions wrote")
	}
	a, b := prcomment.MarkerFor("orders/"), prcomment.MarkerFor("billing/")
	if a == b || a == prcomment.Marker || !strings.HasPrefix(a, "<!-- ") || !strings.HasSuffix(a, " -->") {
		t.Fatalf("markers %q %q", a, b)
	}
	// A key cannot end the HTML comment or start a new line.
	evil := prcomment.MarkerFor("x --> <script>\n::error::y")
	if strings.Count(evil, "<") != 1 || strings.Count(evil, ">") != 1 || strings.Contains(evil, "\n") || !strings.HasSuffix(evil, " -->") {
		t.Fatalf("MarkerFor did not neutralise the key: %q", evil)
	}
}

func TestFindsItsCommentByKeyAndAcrossLineEndings(t *testing.T) {
	srv := prcommenttest.New("")
	defer srv.Close()
	// Bodies edited in the web UI come back with CRLF line ends.
	theirs := srv.Add(7, "github-actions[bot]", prcomment.MarkerFor("billing/")+"\r\nbilling's comment")
	ours := srv.Add(7, "github-actions[bot]", prcomment.MarkerFor("orders/")+"\r\norders' old comment")
	if _, err := sync(t, srv, prcomment.Comment{Body: "orders' new comment", Key: "orders/"}); err != nil {
		t.Fatal(err)
	}
	wantCalls(t, srv, listFirst, fmt.Sprintf("PATCH /repos/acme/tools/issues/comments/%d -> 200", ours.ID))
	got := srv.Comments(7)
	if len(got) != 2 || got[0].Body != theirs.Body || got[1].Body != prcomment.MarkerFor("orders/")+"\norders' new comment" {
		t.Fatalf("comments: %+v", got)
	}
}
