package main

// End-to-end tests of the pull-request comment: the real binary, run as the
// runner runs the action, against a recording stand-in for the GitHub REST
// API. They assert every call it made and every body it sent.

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/prcomment"
	"github.com/schemaport/schemaport-action/internal/prcomment/prcommenttest"
)

const e2eToken = "ghs_e2eSecretToken0123456789abcdef"

// commentEnv is what the runner sets for the comment: the API root, and
// what the run's page is made from.
func commentEnv(srv *prcommenttest.Server) []string {
	return []string{
		"GITHUB_API_URL=" + srv.APIURL(),
		"GITHUB_SERVER_URL=https://github.example",
		"GITHUB_RUN_ID=4242",
		"GITHUB_RUN_ATTEMPT=1",
	}
}

// runWithAPI runs the action in ws with the runner's variables for srv.
func runWithAPI(t *testing.T, ws, event string, payload map[string]any, inputs map[string]string, srv *prcommenttest.Server) *runResult {
	t.Helper()
	return runActionIn(t, ws, ws, event, payload, inputs, commentEnv(srv)...)
}

const runURL = "https://github.example/acme/tools/actions/runs/4242"

func withToken(inputs map[string]string) map[string]string {
	out := map[string]string{"github-token": e2eToken}
	for k, v := range inputs {
		out[k] = v
	}
	return out
}

// noToken checks the token reached no output of the run.
func noToken(t *testing.T, res *runResult) {
	t.Helper()
	for name, text := range map[string]string{"stdout": res.stdout, "stderr": res.stderr, "summary": res.summary,
		"outputs": fmt.Sprint(res.outputs), "SARIF": string(res.sarif), "report": string(res.report)} {
		if strings.Contains(text, e2eToken) {
			t.Errorf("the token is in the %s", name)
		}
	}
}

func TestE2ECommentCreatedThenUpdated(t *testing.T) {
	t.Parallel()
	srv := prcommenttest.New("")
	defer srv.Close()
	srv.Add(1, "octocat", "Please have a look")
	r := buildRepo(t, refundHistory(t))

	res := runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), withToken(nil), srv)
	res.wantCode(t, 1) // the verdict is the run's, whatever the comment did
	noToken(t, res)
	calls := srv.Calls()
	if got := srv.CallLines(); len(got) != 2 || got[0] != "GET /repos/acme/tools/issues/1/comments?per_page=100 -> 200" ||
		got[1] != "POST /repos/acme/tools/issues/1/comments -> 201" {
		t.Fatalf("calls %v", got)
	}
	for _, c := range calls {
		if c.Auth != "Bearer "+e2eToken {
			t.Errorf("%s: Authorization %q", c, c.Auth)
		}
	}
	body := calls[1].Body
	for _, want := range []string{
		prcomment.Marker + "\n### ✗ SchemaPort: failed\n",
		"#### Breaking changes (2)\n",
		"<code>refund&#95;order</code>",
		"#### New findings (",
		"[the job summary](" + runURL + ")",
		"<br>This call worked before and fails now: <code>", // a witness
		// What the pull request adds to every request's context.
		"**Context cost:** +85 tokens per request for OpenAI &#40;+13.8%&#41;; largest: <code>refund&#95;order</code> +85 &#40;schema structure&#41;.",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the comment lacks %q:\n%s", want, body)
		}
	}
	if !strings.HasPrefix(body, prcomment.Marker+"\n") {
		t.Errorf("the marker is not the first line")
	}
	comments := srv.Comments(1)
	if len(comments) != 2 || comments[1].Body != body {
		t.Fatalf("comments %+v", comments)
	}
	link := fmt.Sprintf("Pull request comment created: https://github.example/o/r/pull/1#issuecomment-%d", comments[1].ID)
	if !strings.Contains(res.stdout, link) || !strings.Contains(string(res.report), link) || !strings.Contains(res.summary, "Pull request comment created") {
		t.Errorf("the log, the report and the summary do not name the comment:\n%s", res.dump())
	}

	// The label approves the breaking changes: the same comment is updated.
	res = runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r, "breaking-change-approved"),
		withToken(map[string]string{"fail-on": "never"}), srv)
	res.wantCode(t, 0)
	got := srv.CallLines()[2:]
	if len(got) != 2 || got[1] != fmt.Sprintf("PATCH /repos/acme/tools/issues/comments/%d -> 200", comments[1].ID) {
		t.Fatalf("second run's calls %v", got)
	}
	body = srv.Comments(1)[1].Body
	if !strings.Contains(body, "### ✓ SchemaPort: passed") || !strings.Contains(body, "#### Accepted or approved (2)") ||
		!strings.Contains(body, "approved: approved by the label breaking-change-approved") {
		t.Errorf("updated comment:\n%s", body)
	}
	if n := len(srv.Comments(1)); n != 2 {
		t.Errorf("%d comments: the second run made a new one", n)
	}
}

// A clean pull request: no comment is made; an earlier one becomes the
// one-line all clear.
func TestE2ECommentAllClear(t *testing.T) {
	t.Parallel()
	clean := `{"name": "get_weather", "description": "Get the current weather for a city.", "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name."}}, "required": ["city"], "additionalProperties": false}}`
	changed := strings.Replace(clean, "City name.", "The city's name.", 1)
	r := buildRepo(t, history{Base: map[string]string{"tools/weather.json": clean}, Feature: map[string]*string{"tools/weather.json": &changed}})
	inputs := withToken(map[string]string{"targets": "openai,mcp"})

	srv := prcommenttest.New("")
	defer srv.Close()
	res := runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), inputs, srv)
	res.wantCode(t, 0)
	if got := srv.CallLines(); len(got) != 1 || len(srv.Comments(1)) != 0 {
		t.Fatalf("a clean pull request got a comment: %v", got)
	}

	own := srv.Add(1, "github-actions[bot]", prcomment.Marker+"\n### ✗ SchemaPort: failed\n...")
	res = runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), inputs, srv)
	res.wantCode(t, 0)
	want := prcomment.Marker + "\n✓ **SchemaPort: all clear**: no breaking changes and no new errors or warnings; tolerated 1 below the thresholds. Details in [the job summary](" + runURL + ").\n"
	if got := srv.Comments(1)[0].Body; got != want {
		t.Errorf("all clear:\n%q\nwant\n%q", got, want)
	}
	if got := srv.CallLines(); got[len(got)-1] != fmt.Sprintf("PATCH /repos/acme/tools/issues/comments/%d -> 200", own.ID) {
		t.Errorf("calls %v", got)
	}
}

// A fork's read-only token: HTTP 403. The run says so and keeps its verdict.
func TestE2ECommentForbiddenDoesNotFailTheRun(t *testing.T) {
	t.Parallel()
	srv := prcommenttest.New("")
	defer srv.Close()
	srv.Fail(prcommenttest.Failure{Method: "POST", Status: 403, Message: "Resource not accessible by integration", Times: 1})
	r := buildRepo(t, refundHistory(t))
	res := runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), withToken(map[string]string{"fail-on": "never", "breaking-fail-on": "never"}), srv)
	res.wantCode(t, 0)
	noToken(t, res)
	why := "The pull request comment was not written: the token may not write here (POST /repos/acme/tools/issues/1/comments: HTTP 403 (Resource not accessible by integration)). A pull request from a fork gets a read-only token"
	if !strings.Contains(res.summary, "The pull request comment was not written: the token may not write here") || !strings.Contains(res.stdout, why) {
		t.Errorf("the summary and the log do not say why:\n%s", res.dump())
	}
	if n := res.find("notice", "Pull request comment"); len(n) != 1 || !strings.HasPrefix(n[0].Message, why) {
		t.Errorf("no notice annotation saying why:\n%s", res.stdout)
	}
	if res.outputs["result"] != "pass" {
		t.Errorf("outputs %v", res.outputs)
	}
}

// A 5xx is retried; GitHub Enterprise Server's API root is used as given.
func TestE2ECommentRetriesOnEnterprise(t *testing.T) {
	t.Parallel()
	srv := prcommenttest.New("/api/v3")
	defer srv.Close()
	srv.Fail(prcommenttest.Failure{Method: "GET", Status: 502, Message: "Bad Gateway", Times: 1})
	r := buildRepo(t, refundHistory(t))
	res := runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), withToken(nil), srv)
	res.wantCode(t, 1)
	got := srv.CallLines()
	want := []string{
		"GET /repos/acme/tools/issues/1/comments?per_page=100 -> 502",
		"GET /repos/acme/tools/issues/1/comments?per_page=100 -> 200",
		"POST /repos/acme/tools/issues/1/comments -> 201",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls %v\nwant %v", got, want)
	}
}

// No comment without a pull request, with comment: false, or without a
// token; `comment: true` without a token says what is missing.
func TestE2ECommentOnlyWhenAskedOnAPullRequest(t *testing.T) {
	t.Parallel()
	srv := prcommenttest.New("")
	defer srv.Close()
	r := buildRepo(t, refundHistory(t))
	push := map[string]any{"before": r.base, "after": r.feature}
	runWithAPI(t, r.checkout("feature"), "push", push, withToken(nil), srv)
	runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), withToken(map[string]string{"comment": "false"}), srv)
	runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), nil, srv)
	res := runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"comment": "true"}, srv)
	if got := srv.CallLines(); len(got) != 0 {
		t.Errorf("calls %v", got)
	}
	if !strings.Contains(res.summary, "needs a token: add") || !strings.Contains(res.stdout, "`comment: true` needs a token: add `github-token: ${{ github.token }}`") {
		t.Errorf("summary:\n%s", res.summary)
	}
}

// Hundreds of findings: the comment is shortened by whole rows to GitHub's
// limit, with a link to the rest, and its Markdown stays well formed.
func TestE2ECommentSizeCap(t *testing.T) {
	t.Parallel()
	base := map[string]string{}
	feature := map[string]*string{}
	for i := range 400 {
		name := fmt.Sprintf("tools/t%03d.json", i)
		v1 := fmt.Sprintf(`{"name": "tool_%03d", "description": "Tool %d.", "inputSchema": {"type": "object", "properties": {"a": {"type": "string", "format": "email", "pattern": "^x"}, "b": {"type": "integer", "minimum": 1}}}}`, i, i)
		v2 := strings.Replace(v1, `"minimum": 1`, `"minimum": 2`, 1)
		base[name] = v1
		feature[name] = &v2
	}
	r := buildRepo(t, history{Base: base, Feature: feature})
	srv := prcommenttest.New("")
	defer srv.Close()
	res := runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), withToken(nil), srv)
	res.wantCode(t, 1)
	calls := srv.Calls()
	if len(calls) != 2 || calls[1].Status != 201 {
		t.Fatalf("calls %v", srv.CallLines())
	}
	body := calls[1].Body
	if n := len([]rune(body)); n > prcomment.MaxChars || n < prcomment.MaxChars/2 {
		t.Errorf("the comment has %d characters; want the most that fits in %d", n, prcomment.MaxChars)
	}
	left := regexp.MustCompile(`> (\d+) more rows did not fit in a comment: see \[the job summary\]\(` + regexp.QuoteMeta(runURL) + `\)\.`).FindStringSubmatch(body)
	if left != nil {
		t.Logf("comment: %d characters, %d bytes, %d table rows shown, %s left out", len([]rune(body)), len(body), strings.Count(body, "\n| ✗ |")+strings.Count(body, "\n| ⚠ |"), left[1])
	}
	if left == nil {
		t.Errorf("no note of what was left out:\n%s", body[len(body)-2000:])
	}
	wellFormed(t, body)
}

// wellFormed checks what shortening must not break: every <details> is
// closed, every table row is whole, and no tag is cut.
func wellFormed(t *testing.T, body string) {
	t.Helper()
	if o, c := strings.Count(body, "<details"), strings.Count(body, "</details>"); o != c {
		t.Errorf("%d <details> but %d </details>", o, c)
	}
	for _, tag := range []string{"code", "a"} {
		if o, c := strings.Count(body, "<"+tag+">")+strings.Count(body, "<"+tag+" "), strings.Count(body, "</"+tag+">"); o != c {
			t.Errorf("%d <%s> but %d </%s>", o, tag, c, tag)
		}
	}
	for _, line := range strings.Split(body, "\n") {
		if strings.HasPrefix(line, "|") && !strings.HasSuffix(line, "|") {
			t.Errorf("a cut table row: %q", line)
		}
	}
	if strings.Count(body, "```")%2 != 0 {
		t.Error("an unclosed code fence")
	}
}

// A run that cannot run (exit 2: an input or the config is wrong) still
// brings the comment up to date: left as it was, it would show the verdict
// of an earlier run next to a red check.
func TestE2ECommentSaysTheRunCouldNotRun(t *testing.T) {
	t.Parallel()
	srv := prcommenttest.New("")
	defer srv.Close()
	r := buildRepo(t, refundHistory(t))
	first := runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), withToken(map[string]string{"fail-on": "never", "breaking-fail-on": "never"}), srv)
	first.wantCode(t, 0)
	comments := srv.Comments(1)
	if len(comments) != 1 || !strings.Contains(comments[0].Body, "SchemaPort: passed") {
		t.Fatalf("first run's comment: %+v\n%s", comments, first.dump())
	}

	broken := runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), withToken(map[string]string{"fail-on": "sometimes <b>"}), srv)
	broken.wantCode(t, 2)
	noToken(t, broken)
	got := srv.CallLines()[2:]
	if len(got) != 2 || got[1] != fmt.Sprintf("PATCH /repos/acme/tools/issues/comments/%d -> 200", comments[0].ID) {
		t.Fatalf("the failed run's calls %v\n%s", got, broken.dump())
	}
	body := srv.Comments(1)[0].Body
	for _, want := range []string{prcomment.Marker + "\n", "SchemaPort: could not run", "fail-on", "[the job summary](" + runURL + ")"} {
		if !strings.Contains(body, want) {
			t.Errorf("the comment lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "<b>") || strings.Contains(body, "SchemaPort: passed") {
		t.Errorf("the comment:\n%s", body)
	}
	// Without a token, a run that cannot run makes no call at all.
	quiet := runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"fail-on": "sometimes"}, srv)
	quiet.wantCode(t, 2)
	if n := len(srv.CallLines()); n != 4 {
		t.Errorf("%d calls after a run without a token", n)
	}
}

// Two runs on one pull request (a monorepo's services, each with its own
// sarif-category, as code scanning needs) keep one comment each: with a
// single marker the second run overwrote the first's verdict.
func TestE2ECommentPerSARIFCategory(t *testing.T) {
	t.Parallel()
	srv := prcommenttest.New("")
	defer srv.Close()
	r := buildRepo(t, refundHistory(t))
	run := func(category string, inputs map[string]string) *runResult {
		in := withToken(inputs)
		if category != "" {
			in["sarif-category"] = category
		}
		return runWithAPI(t, r.checkout(prRef), "pull_request", prPayload(r), in, srv)
	}
	run("orders/", nil).wantCode(t, 1)
	run("billing/", map[string]string{"fail-on": "never", "breaking-fail-on": "never"}).wantCode(t, 0)
	comments := srv.Comments(1)
	if len(comments) != 2 {
		t.Fatalf("%d comments, want one per category: %+v", len(comments), comments)
	}
	for i, want := range []string{"<code>orders/</code>", "<code>billing/</code>"} {
		if !strings.Contains(comments[i].Body, want) {
			t.Errorf("comment %d does not name its category %s:\n%s", i, want, comments[i].Body)
		}
	}
	if !strings.Contains(comments[0].Body, "failed") || !strings.Contains(comments[1].Body, "passed") {
		t.Errorf("each comment should keep its own verdict:\n%s\n---\n%s", comments[0].Body, comments[1].Body)
	}
	// A re-run of one category edits its own comment only.
	run("orders/", map[string]string{"fail-on": "never", "breaking-fail-on": "never"}).wantCode(t, 0)
	if got := srv.CallLines(); got[len(got)-1] != fmt.Sprintf("PATCH /repos/acme/tools/issues/comments/%d -> 200", comments[0].ID) {
		t.Fatalf("the re-run's calls %v", got)
	}
	if body := srv.Comments(1)[1].Body; body != comments[1].Body {
		t.Errorf("the other category's comment changed:\n%s", body)
	}
	// The default category keeps the marker earlier versions wrote.
	run("", nil).wantCode(t, 1)
	all := srv.Comments(1)
	if len(all) != 3 || !strings.HasPrefix(all[2].Body, prcomment.Marker+"\n") {
		t.Errorf("default category comment: %+v", all)
	}
}
