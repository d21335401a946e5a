package action

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	githubactions "github.com/sethvargo/go-githubactions"

	"github.com/schemaport/schemaport-action/internal/gitbase"
)

// Event is the workflow run that started the action: GITHUB_* variables
// and the webhook payload at GITHUB_EVENT_PATH.
type Event struct {
	Name       string // GITHUB_EVENT_NAME; "" outside Actions
	SHA        string // GITHUB_SHA
	Ref        string // GITHUB_REF
	Repository string // GITHUB_REPOSITORY
	Workspace  string // GITHUB_WORKSPACE
	Payload    map[string]any
}

// maxEventSize bounds the payload file: GitHub caps webhook payloads at
// 25 MB.
const maxEventSize = 25 << 20

// LoadEvent reads the event through go-githubactions' Context, which
// parses the payload file. A payload file that cannot be read or parsed is
// an error; none named (a local run) is not.
func LoadEvent(env Env) (*Event, error) {
	// go-githubactions reads the whole file: a path that is a device or a
	// pipe (/dev/zero) would never end, so only a regular file of a
	// webhook payload's size is read. It skips a file that does not
	// exist; one the runner names is always there, so its absence (the
	// workflow directory not mounted into a container) is an error, not
	// a run without the event's base.
	if p := env.Get("GITHUB_EVENT_PATH"); p != "" {
		st, err := os.Stat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("cannot read the event payload: %s (GITHUB_EVENT_PATH) does not exist", p)
		case err != nil: // go-githubactions says why it cannot read it
		case !st.Mode().IsRegular():
			return nil, fmt.Errorf("cannot read the event payload %s: it is not a regular file", p)
		case st.Size() > maxEventSize:
			return nil, fmt.Errorf("cannot read the event payload %s: it is %d bytes, more than a webhook payload's %d", p, st.Size(), maxEventSize)
		}
	}
	gha := githubactions.New(githubactions.WithGetenv(env.Get))
	ctx, err := gha.Context()
	// Context joins parse errors of unrelated numeric variables
	// (GITHUB_RUN_ID, ...) into err but still fills the context: only a
	// nil context is fatal.
	if ctx == nil {
		return nil, fmt.Errorf("cannot read the event payload %s: %v", env.Get("GITHUB_EVENT_PATH"), err)
	}
	return &Event{
		Name:       ctx.EventName,
		SHA:        ctx.SHA,
		Ref:        ctx.Ref,
		Repository: ctx.Repository,
		Workspace:  ctx.Workspace,
		Payload:    ctx.Event,
	}, nil
}

// lookup walks the payload: lookup("pull_request", "base", "sha").
func (e *Event) lookup(keys ...string) any {
	if e == nil {
		return nil
	}
	var cur any = e.Payload
	for _, k := range keys {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[k]
	}
	return cur
}

// str is lookup for a string field ("" when absent or not a string).
func (e *Event) str(keys ...string) string {
	s, _ := e.lookup(keys...).(string)
	return s
}

// IsPullRequest reports whether the event is about a pull request:
// pull_request, pull_request_target, or a workflow_run whose payload
// names the pull request the triggering run was for.
func (e *Event) IsPullRequest() bool {
	return e != nil && (e.Name == "pull_request" || e.Name == "pull_request_target" || e.WorkflowRunPR() != nil)
}

// WorkflowRunPR is the first of workflow_run.pull_requests (number, head
// and base of each), nil when the event is not a workflow_run or lists
// none. GitHub lists none for a pull request from a fork, nor for a run
// not triggered by a pull request (actions/runner#3444, github/docs#22501).
func (e *Event) WorkflowRunPR() map[string]any {
	if e == nil || e.Name != "workflow_run" {
		return nil
	}
	prs, _ := e.lookup("workflow_run", "pull_requests").([]any)
	if len(prs) == 0 {
		return nil
	}
	pr, _ := prs[0].(map[string]any)
	return pr
}

// WorkflowRunHeadSHA is workflow_run.head_sha: the commit the triggering
// run checked ("" when the event is not a workflow_run).
func (e *Event) WorkflowRunHeadSHA() string {
	if e == nil || e.Name != "workflow_run" {
		return ""
	}
	return e.str("workflow_run", "head_sha")
}

// DefaultsEvent is the event whose defaults apply (only-new, the policy
// read from the base, breaking-fail-on): the event itself, but for a
// workflow_run the event of the run that triggered it (workflow_run.event),
// since a workflow_run after a pull request's run gates that pull request
// and one after a push is a push's.
func (e *Event) DefaultsEvent() string {
	if e == nil {
		return ""
	}
	if e.Name == "workflow_run" {
		if t := e.str("workflow_run", "event"); t != "" {
			return t
		}
	}
	return e.Name
}

// PRNumber returns the pull request's number, "" when the event has none.
func (e *Event) PRNumber() string {
	candidates := []any{e.lookup("pull_request", "number"), e.lookup("number")}
	if pr := e.WorkflowRunPR(); pr != nil {
		candidates = append(candidates, pr["number"])
	}
	for _, c := range candidates {
		if n, ok := c.(float64); ok && n >= 1 && n == float64(int64(n)) {
			return strconv.FormatInt(int64(n), 10)
		}
	}
	return ""
}

// PRHeadSHA returns pull_request.head.sha, "" when the event has none.
func (e *Event) PRHeadSHA() string { return e.str("pull_request", "head", "sha") }

// Labels returns the pull request's label names, in payload order.
func (e *Event) Labels() []string {
	items, _ := e.lookup("pull_request", "labels").([]any)
	var names []string
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			if n, ok := m["name"].(string); ok {
				names = append(names, n)
			}
		}
	}
	return names
}

// HasLabel reports whether labels hold name. GitHub label names are unique
// regardless of case, so the comparison ignores case. An empty name never
// matches.
func HasLabel(labels []string, name string) bool {
	if name == "" {
		return false
	}
	for _, l := range labels {
		if strings.EqualFold(l, name) {
			return true
		}
	}
	return false
}

// Base is the revision a run compares against, and where it came from.
type Base struct {
	// Rev is a commit id or revision; "" means no diff.
	Rev string
	// From says where Rev came from, for messages ("the `base` input").
	From string
	// NoDiff says why there is no base when Rev is "" (for a notice).
	NoDiff string
	// Forced: Rev is the `before` of a forced push, which may be on no
	// ref of the remote any more (and then cannot be fetched).
	Forced bool
	// Warn: the missing diff is a pull request gate's (a workflow_run
	// for a fork's pull request): the notice is a warning.
	Warn bool
	// ForkPoint: Rev is the tip of the pull request's base branch and the
	// checkout is not a merge of the pull request (its head, say): the
	// diff starts where the head branched from Rev, their merge base, or
	// it would count the base branch's later commits as undone.
	ForkPoint bool
}

// HeadParents returns the parents of the checked-out commit when it is a
// merge commit (ok false otherwise).
type HeadParents func() (first, second string, ok bool, err error)

// ResolveBase picks the base, in this order: the `base` input; a merge
// group's base_sha; for pull_request and pull_request_target, the first
// parent of the checked-out test merge commit (the base GitHub actually
// merged against, which can be newer than the event's base.sha), else
// pull_request.base.sha; for push, `before` unless it is all zeros (the
// first push of a branch: nothing to compare against). Other events have
// no base unless the input gives one.
//
// The first parent is used only when the merge commit's second parent is
// the pull request's head: a PR branch that itself ends in a merge (main
// merged into it) is checked out as that merge when the workflow checks
// out the head, and its first parent is then the PR's previous commit.
func ResolveBase(ev *Event, input string, parents HeadParents) Base {
	if input != "" {
		return Base{Rev: input, From: "the `base` input"}
	}
	if ev == nil || ev.Name == "" {
		return Base{NoDiff: "no base revision was given (pass `--base REV` or `--base-path DIR` to compare)"}
	}
	if ev.Payload == nil && (IsPolicyEvent(ev.Name) || ev.Name == "push" || ev.Name == "workflow_run") {
		return Base{NoDiff: fmt.Sprintf("there is no event payload to find the %s event's base in (GITHUB_EVENT_PATH is not set, or its file holds null); set the `base` input to compare", ev.Name)}
	}
	switch ev.Name {
	case "merge_group":
		if sha := ev.str("merge_group", "base_sha"); sha != "" {
			return Base{Rev: sha, From: "merge_group.base_sha"}
		}
		return Base{NoDiff: "the merge_group event has no base_sha"}
	case "pull_request", "pull_request_target":
		if parents != nil {
			first, second, ok, err := parents()
			head := ev.str("pull_request", "head", "sha")
			if err == nil && ok && (head == "" || strings.EqualFold(second, head)) {
				return Base{Rev: first, From: "the first parent of the checked-out merge commit"}
			}
		}
		if sha := ev.str("pull_request", "base", "sha"); sha != "" {
			return Base{Rev: sha, From: "pull_request.base.sha", ForkPoint: true}
		}
		return Base{NoDiff: "the pull_request event has no base commit"}
	case "workflow_run":
		// The triggering run checked workflow_run.head_sha, the pull
		// request's head (not a merge): the diff starts where it branched
		// from the base branch's tip.
		if pr := ev.WorkflowRunPR(); pr != nil {
			if base, _ := pr["base"].(map[string]any); base != nil {
				if sha, _ := base["sha"].(string); sha != "" {
					return Base{Rev: sha, From: "workflow_run.pull_requests[0].base.sha", ForkPoint: true}
				}
			}
			return Base{NoDiff: "the workflow_run event's pull request has no base commit", Warn: true}
		}
		switch t := ev.str("workflow_run", "event"); t {
		case "pull_request", "pull_request_target":
			return Base{Warn: true, NoDiff: "the workflow_run event lists no pull request: GitHub leaves `workflow_run.pull_requests` empty when the pull request comes from a fork. " +
				"Set the `base` input to the pull request's base commit (the triggering workflow can save `github.event.pull_request.base.sha` in an artifact), or check the pull request in its own pull_request workflow"}
		case "":
			return Base{NoDiff: "the workflow_run event has no triggering run's event; set the `base` input to compare"}
		default:
			return Base{NoDiff: fmt.Sprintf("the workflow_run event follows a %s run, which has no pull request to compare against; set the `base` input to compare", t)}
		}
	case "push":
		before := ev.str("before")
		switch {
		case before == "":
			return Base{NoDiff: "the push event has no `before` commit"}
		case gitbase.IsZeroID(before) && strings.HasPrefix(cmp.Or(ev.str("ref"), ev.Ref), "refs/tags/"):
			return Base{NoDiff: "this push created a tag (`before` is all zeros), so there is nothing to compare against; set the `base` input (the previous tag) to compare a release"}
		case gitbase.IsZeroID(before):
			return Base{NoDiff: "this is the first push of a new branch (`before` is all zeros), so there is nothing to compare against"}
		}
		forced, _ := ev.lookup("forced").(bool)
		return Base{Rev: before, From: "the push's `before` commit", Forced: forced}
	}
	return Base{NoDiff: fmt.Sprintf("the %s event has no base revision; set the `base` input to compare against one", ev.Name)}
}
