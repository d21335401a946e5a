package main

// End-to-end tests of compile regressions on pull requests (#26): the base
// has create_ticket, which compiles for OpenAI; the pull request adds an
// optional `assignee` that uses `oneOf`: non-breaking for callers, and no
// longer compilable for OpenAI without widening `oneOf` to `anyOf`.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/prcomment/prcommenttest"
)

const ticketBase = `{
  "name": "create_ticket",
  "description": "Creates a support ticket.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "title": {"type": "string", "description": "One line."}
    },
    "required": ["title"],
    "additionalProperties": false
  }
}
`

const ticketHead = `{
  "name": "create_ticket",
  "description": "Creates a support ticket.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "title": {"type": "string", "description": "One line."},
      "assignee": {
        "description": "A user name or a numeric id.",
        "oneOf": [{"type": "string"}, {"type": "integer"}]
      }
    },
    "required": ["title"],
    "additionalProperties": false
  }
}
`

const regressionMessage = "`create_ticket` no longer compiles for OpenAI: `oneOf` at inputSchema.properties.assignee would be widened to `anyOf`. Change the schema so it compiles for OpenAI again, or accept the regression (an `accept` entry for `target-regressed`, or the approval label)."

func ticketHistory(config string) history {
	head := ticketHead
	return history{
		Base:    map[string]string{"tools/create-ticket.json": ticketBase, "schemaport.config.json": config},
		Feature: map[string]*string{"tools/create-ticket.json": &head},
	}
}

// targetsConfig names the targets (so compile regressions are findings)
// and gates on nothing else: the check's own OpenAI errors on the new
// property do not fail the run, the regression does.
const targetsConfig = `{
  "targets": ["openai", "anthropic", "mcp"],
  "failOn": "never"
}
`

const acceptConfig = `{
  "targets": ["openai", "anthropic", "mcp"],
  "failOn": "never",
  "accept": [
    {
      "tool": "create_ticket",
      "code": "target-regressed",
      "reason": "assignee ships to OpenAI as anyOf; the handler checks it",
      "until": "2099-12-31"
    }
  ]
}
`

const wantReason = "Failed: 1 compile regression not approved (a tool that compiled for a target on the base is refused now). To accept it, add the label breaking-change-approved or an accept entry for target-regressed; fail-on-target-regression: false reports them without failing."

// The regression fails the pull request and reaches every output: the
// log, an error annotation on the tool's file at the refusing keyword,
// SARIF, the job summary (with the touched tools' matrix, before and
// after) and the comment.
func TestE2ETargetRegressionFailsThePullRequest(t *testing.T) {
	t.Parallel()
	srv := prcommenttest.New("")
	defer srv.Close()
	r := buildRepo(t, ticketHistory(targetsConfig))
	ws := r.checkout(prRef)
	res := runWithAPI(t, ws, "pull_request", prPayload(r), withToken(nil), srv)
	res.wantCode(t, 1)
	res.wantOutputs(t, map[string]string{"result": "fail", "breaking-count": "0"})
	if got := lastLine(res.stdout); got != wantReason {
		t.Errorf("last log line %q", got)
	}
	if !strings.Contains(res.stdout, "::group::Compile regressions per target\n") ||
		!strings.Contains(res.stdout, "✗ tools/create-ticket.json:10:9 target-regressed (OpenAI)\n  "+regressionMessage+"\n  Path: inputSchema.properties.assignee.oneOf\n") {
		t.Errorf("the log has no regression section:\n%s", res.stdout)
	}
	line, col := position(t, ws, "tools/create-ticket.json", "oneOf", 1)
	errs := res.find("error", "target-regressed")
	if len(errs) != 1 || errs[0].Properties["file"] != "tools/create-ticket.json" || errs[0].Properties["line"] != fmt.Sprint(line) ||
		errs[0].Properties["col"] != fmt.Sprint(col) ||
		errs[0].Properties["title"] != "Compile regression (OpenAI): create_ticket no longer compiles for OpenAI: oneOf at inputSchema.properties.assignee would be widened to anyOf (create_ticket)" ||
		!strings.HasPrefix(errs[0].Message, regressionMessage+"\nPath: inputSchema.properties.assignee.oneOf\n") {
		t.Errorf("annotation %+v\n%s", errs, res.dump())
	}
	// Only the regression fails: the check's errors are below fail-on.
	if n := len(res.find("error", "")); n != 0 {
		t.Errorf("%d untitled errors", n)
	}
	for _, a := range res.annotations() {
		if a.Name == "error" && !strings.Contains(a.Message, "Code: target-regressed") {
			t.Errorf("another error annotation: %v", a)
		}
	}
	results := sarifByRule(t, res.sarif, "target-regressed")
	if len(results) != 1 || results[0]["level"] != "error" || !strings.HasPrefix(results[0]["message"].(map[string]any)["text"].(string), regressionMessage) {
		t.Errorf("SARIF %v", results)
	}
	for _, want := range []string{
		"| ✗ fails | OpenAI compile regression | <code>target-regressed</code> | <code>create&#95;ticket</code> |",
		"### Portability of the tools this change touches",
		"| Tool | OpenAI | Anthropic | MCP |\n|---|---|---|---|\n| <code>create&#95;ticket</code> | ✓ → ✗ | &#33; | ✓ |\n",
	} {
		if !strings.Contains(res.summary, want) {
			t.Errorf("the summary lacks %q:\n%s", want, res.summary)
		}
	}
	calls := srv.Calls()
	if len(calls) != 2 || !strings.Contains(calls[1].Body, "| ✗ | <code>create&#95;ticket</code> | OpenAI | <code>target-regressed</code> |") {
		t.Errorf("comment %v", srv.CallLines())
	} else if !strings.Contains(calls[1].Body, "<code>create&#95;ticket</code> no longer compiles for OpenAI: <code>oneOf</code> at inputSchema.properties.assignee would be widened to <code>anyOf</code>.") {
		t.Errorf("comment body:\n%s", calls[1].Body)
	}
}

// The approval label accepts it, as it accepts a breaking change.
func TestE2ETargetRegressionApprovedByTheLabel(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, ticketHistory(targetsConfig))
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r, "breaking-change-approved"), nil)
	res.wantCode(t, 0)
	ws := res.find("warning", "target-regressed")
	if len(ws) != 1 || !strings.HasPrefix(ws[0].Properties["title"], "Approved compile regression (OpenAI): ") ||
		!strings.Contains(ws[0].Message, "Approved: approved by the label breaking-change-approved.") {
		t.Errorf("annotation %+v", ws)
	}
	results := sarifByRule(t, res.sarif, "target-regressed")
	if len(results) != 1 || results[0]["level"] != "warning" || results[0]["suppressions"] == nil {
		t.Errorf("SARIF %v", results)
	}
}

// An accept entry in the base's config accepts it too.
func TestE2ETargetRegressionAccepted(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, ticketHistory(acceptConfig))
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), nil)
	res.wantCode(t, 0)
	if !strings.Contains(res.stdout, "accepted  error  target-regressed  create_ticket  tools/create-ticket.json:10:9  "+regressionMessage+" (accepted until 2099-12-31") {
		t.Errorf("the log does not list it as accepted:\n%s", res.stdout)
	}
	if n := len(res.find("notice", "target-regressed")); n != 1 {
		t.Errorf("%d notices\n%s", n, res.dump())
	}
}

// fail-on-target-regression: false reports it without failing; without
// named targets there is no comparison per target at all.
func TestE2ETargetRegressionOffAndUnnamed(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, ticketHistory(targetsConfig))
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"fail-on-target-regression": "false"})
	res.wantCode(t, 0)
	if len(res.find("warning", "target-regressed")) != 1 {
		t.Errorf("not reported:\n%s", res.dump())
	}
	r = buildRepo(t, ticketHistory(`{"failOn": "never"}`))
	res = runAction(t, r.checkout(prRef), "pull_request", prPayload(r), nil)
	res.wantCode(t, 0)
	if strings.Contains(res.stdout, "target-regressed") || strings.Contains(res.summary, "Portability of the tools") {
		t.Errorf("targets not named, yet compared:\n%s", res.dump())
	}
	// The input names them: compared again.
	res = runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"targets": "openai"})
	res.wantCode(t, 1)
}

// Only-new: a tool the base could not compile either has not regressed.
func TestE2ETargetAlreadyRefusedOnTheBase(t *testing.T) {
	t.Parallel()
	head := strings.Replace(ticketHead, `"title": {"type": "string", "description": "One line."},`,
		`"title": {"type": "string", "description": "One line."}, "tags": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},`, 1)
	h := history{
		Base:    map[string]string{"tools/create-ticket.json": ticketHead, "schemaport.config.json": targetsConfig},
		Feature: map[string]*string{"tools/create-ticket.json": &head},
	}
	r := buildRepo(t, h)
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), nil)
	res.wantCode(t, 0)
	if !strings.Contains(res.stdout, "No compile regressions: every changed tool that compiled for a target on the base still does.") {
		t.Errorf("%s", res.dump())
	}
}
