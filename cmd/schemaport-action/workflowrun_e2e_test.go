package main

import (
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/prcomment/prcommenttest"
)

// workflowRunPayload is a workflow_run event after the run of another
// workflow (event), which checked headSHA, with the pull requests GitHub
// lists for it (none for a fork's).
func workflowRunPayload(event, headSHA string, prs ...map[string]any) map[string]any {
	list := []any{}
	for _, pr := range prs {
		list = append(list, pr)
	}
	return map[string]any{
		"action": "completed",
		"workflow_run": map[string]any{
			"event": event, "head_sha": headSHA, "head_branch": "feature", "conclusion": "success",
			"pull_requests": list,
		},
	}
}

// TestE2EWorkflowRun: a workflow_run after a pull request's run (the safe
// way to comment on pull requests, with the base repository's token) gates
// that pull request: the base is where the run's head (workflow_run.head_sha,
// checked out by ref) branched from the pull request's base, the comment
// goes to its number, and the pull request's defaults apply. Before, the
// event had "no base revision": no diff, no comment, and the default
// checkout (the default branch) was checked without a word.
func TestE2EWorkflowRun(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))
	// The base branch moved on since the branch point (the payload's
	// base.sha is its tip): the fork point is the base.
	pr := map[string]any{"number": 1,
		"head": map[string]any{"ref": "feature", "sha": r.feature},
		"base": map[string]any{"ref": "main", "sha": r.mainTip}}
	srv := prcommenttest.New("")
	defer srv.Close()
	srv.Add(1, "octocat", "Please have a look")
	ws := r.checkout("refs/heads/feature") // ref: ${{ github.event.workflow_run.head_sha }}
	env := append(commentEnv(srv), "GITHUB_SHA="+r.mainTip)
	res := runActionIn(t, ws, ws, "workflow_run", workflowRunPayload("pull_request", r.feature, pr), withToken(map[string]string{"fail-on": "never"}), env...)
	res.wantCode(t, 1)
	res.wantOutputs(t, map[string]string{"base-sha": r.base, "head-sha": r.feature, "breaking-count": "2", "non-breaking-count": "1"})
	if n := len(res.find("error", "tool-removed")); n != 0 {
		t.Errorf("main's own commit was blamed on the pull request\n%s", res.dump())
	}
	if got := srv.CallLines(); len(got) != 2 || got[1] != "POST /repos/acme/tools/issues/1/comments -> 201" {
		t.Errorf("comment calls %v", got)
	}
	// The payload has no labels: the verdict's "add the label" cannot work.
	if n := len(res.find("notice", "Approval label")); n != 1 {
		t.Errorf("no notice that the label cannot approve here\n%s", res.dump())
	}

	// The default checkout on workflow_run is the default branch: checking
	// it would gate the wrong code.
	main := r.checkout("refs/heads/main")
	wrong := runActionIn(t, main, main, "workflow_run", workflowRunPayload("pull_request", r.feature, pr), nil, "GITHUB_SHA="+r.mainTip)
	wrong.wantCode(t, 2)
	if errs := wrong.find("error", "SchemaPort: cannot run"); len(errs) != 1 || !strings.Contains(errs[0].Message, "workflow_run.head_sha "+r.feature[:12]) ||
		!strings.Contains(errs[0].Message, "ref: ${{ github.event.workflow_run.head_sha }}") {
		t.Errorf("default-branch checkout: %v\n%s", errs, wrong.dump())
	}

	// A fork's pull request: GitHub lists none. The gate has no diff: a
	// warning that says what to set.
	fork := runActionIn(t, ws, ws, "workflow_run", workflowRunPayload("pull_request", r.feature), map[string]string{"fail-on": "never"}, "GITHUB_SHA="+r.mainTip)
	fork.wantCode(t, 0)
	if w := fork.find("warning", "No diff"); len(w) != 1 || !strings.Contains(w[0].Message, "from a fork") || !strings.Contains(w[0].Message, "`base` input") {
		t.Errorf("fork pull request: %v\n%s", w, fork.dump())
	}

	// After a push's run: the push's defaults, no diff (a notice).
	push := runActionIn(t, main, main, "workflow_run", workflowRunPayload("push", r.mainTip), map[string]string{"fail-on": "never"})
	push.wantCode(t, 0)
	if n := push.find("notice", "No diff"); len(n) != 1 || !strings.Contains(n[0].Message, "follows a push run") {
		t.Errorf("push-triggered: %v\n%s", n, push.dump())
	}
	// With `base`, a push's defaults: breaking changes do not fail.
	based := runActionIn(t, ws, ws, "workflow_run", workflowRunPayload("push", r.feature), map[string]string{"fail-on": "never", "base": r.base})
	based.wantCode(t, 0)
	based.wantOutputs(t, map[string]string{"breaking-count": "2", "result": "pass"})
}
