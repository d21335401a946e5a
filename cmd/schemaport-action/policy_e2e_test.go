package main

// End-to-end tests of the policy (#8): a team whose main branch already
// has check findings adopts the action. The base holds the refund-order
// tools (20 OpenAI errors among them) and a config; the pull request makes
// refund-order v2 (2 breaking changes, 1 new OpenAI error and 1 new
// warning on `reason`) and adds an accept entry for the new error.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

const baseConfig = `{
  "rules": {
    "anthropic/schema-not-enforced": "off"
  }
}
`

// headConfig accepts the new error; it is a policy change, effective only
// with the label until it merges.
const headConfig = `{
  "rules": {
    "anthropic/schema-not-enforced": "off"
  },
  "accept": [
    {
      "tool": "refund_order",
      "code": "openai/strict-optional-property",
      "path": "inputSchema.properties.reason",
      "reason": "reason is optional on purpose; we compile for OpenAI",
      "until": "2099-12-31"
    }
  ]
}
`

func policyHistory(t *testing.T) history {
	h := refundHistory(t)
	h.Base["schemaport.config.json"] = baseConfig
	cfg := headConfig
	h.Feature["schemaport.config.json"] = &cfg
	return h
}

// sarifByRule returns the results of a rule as decoded JSON objects.
func sarifByRule(t *testing.T, data []byte, rule string) []map[string]any {
	t.Helper()
	log := validateSARIF(t, data)
	var out []map[string]any
	for _, x := range log["runs"].([]any)[0].(map[string]any)["results"].([]any) {
		r := x.(map[string]any)
		if r["ruleId"] == rule {
			out = append(out, r)
		}
	}
	return out
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestE2EPolicyPullRequestWithoutLabel(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, policyHistory(t))
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), nil)
	res.wantCode(t, 1)

	// Only what the pull request introduces fails: 2 breaking changes and
	// the 1 new error; the head's accept entry is not in force (it changes
	// the policy, and the label is not on).
	breaking := "Failed: 2 breaking changes not approved (breaking-fail-on: breaking). To accept them, add the label breaking-change-approved or an accept entry."
	newErr := "Failed: 1 new error (fail-on: error). Fix them, or set the code's level in `rules`, or add an accept entry with a reason and an end date."
	head := strings.SplitN(res.summary, "\n\n", 3)
	if len(head) < 3 || head[0] != "## ✗ SchemaPort: failed" || !strings.HasPrefix(head[1], "**"+mdEscapedBacktick(breaking)+"**<br>\n**"+mdEscapedBacktick(newErr)+"**<br>") {
		t.Errorf("the summary does not lead with the reasons:\n%s", res.summary)
	}
	if got := lastLine(res.stdout); got != newErr {
		t.Errorf("last log line %q, want %q", got, newErr)
	}
	if !strings.Contains(res.stdout, breaking+"\n"+newErr) {
		t.Errorf("the log does not end with every reason:\n%s", res.stdout)
	}
	if !strings.Contains(res.summary, "This pull request changes the policy in schemaport.config.json; the base&#39;s policy applies") {
		t.Errorf("the summary does not say the policy change waits for the merge:\n%s", res.summary)
	}
	// The head has 28 check findings (3 tools; cancel_order came with
	// main): 3 turned off (anthropic/schema-not-enforced), 2 new, 23 on the
	// base too; and 4 changes.
	res.wantOutputs(t, map[string]string{"result": "fail", "breaking-count": "2", "new-count": "6", "existing-count": "23",
		"error-count": "12", "warning-count": "13"})

	// Annotations follow the verdict: errors only for what fails.
	var errs []string
	for _, a := range res.annotations() {
		if a.Name == "error" {
			errs = append(errs, a.Properties["title"])
		}
		if strings.Contains(a.Message, "Code: anthropic/schema-not-enforced") {
			t.Errorf("a disabled finding was annotated: %v", a)
		}
		if strings.Contains(a.Message, "search_orders") && a.Name != "notice" {
			t.Errorf("an existing finding is a %s annotation: %v", a.Name, a)
		}
	}
	wantErrs := []string{
		"Breaking: required property currency added (refund_order)",
		"Breaking: enum value \"store_credit\" no longer accepted (refund_order)",
		"OpenAI: reason is optional, but OpenAI strict mode requires every property in required (HTTP 400 otherwise) (refund_order)",
	}
	if fmt.Sprint(errs) != fmt.Sprint(wantErrs) {
		t.Errorf("error annotations\n got %q\nwant %q", errs, wantErrs)
	}
	// The breaking change's annotation and summary row show the call that
	// worked before and fails now (the removed enum value).
	witnessShown := false
	for _, a := range res.annotations() {
		if a.Properties["title"] == wantErrs[1] {
			witnessShown = strings.Contains(a.Message, "\nThis call worked before and fails now: `{") &&
				strings.Contains(a.Message, `"refundMethod":"store_credit"`)
		}
	}
	if !witnessShown {
		t.Errorf("the enum-narrowed annotation shows no witness call: %v", res.annotations())
	}
	if !strings.Contains(res.summary, "<br>This call worked before and fails now: <code>&#123;") ||
		!strings.Contains(res.summary, "&quot;refundMethod&quot;:&quot;store&#95;credit&quot;") {
		t.Errorf("the summary shows no witness call:\n%s", res.summary)
	}

	// SARIF: new and unchanged, by the fingerprint.
	for _, x := range sarifByRule(t, res.sarif, "openai/strict-optional-property") {
		props := x["properties"].(map[string]any)
		want := "unchanged"
		if props["schemaPath"] == "inputSchema.properties.reason" {
			want = "new"
		}
		if x["baselineState"] != want {
			t.Errorf("%v %v: baselineState %v, want %s", props["toolName"], props["schemaPath"], x["baselineState"], want)
		}
		if x["suppressions"] != nil {
			t.Errorf("suppressed without an accept entry in force: %v", x)
		}
	}
	if n := len(sarifByRule(t, res.sarif, "anthropic/schema-not-enforced")); n != 0 {
		t.Errorf("%d SARIF results for a code turned off", n)
	}

	// The summary table links file:line at the head commit.
	line, _ := position(t, res.ws, "tools/refund-order.json", "currency", 1)
	link := fmt.Sprintf(`<a href="https://github.com/acme/tools/blob/%s/tools/refund-order.json#L%d"><code>tools/refund-order.json:%d</code></a>`, r.merge, line, line)
	if !strings.Contains(res.summary, link) {
		t.Errorf("the summary has no link %s:\n%s", link, res.summary)
	}
	if i, j := strings.Index(res.summary, "### What this change introduces"), strings.Index(res.summary, "existing findings &#40;the base has them too"); i < 0 || j < i {
		t.Errorf("the summary does not lead with the changes and fold the existing findings at the end:\n%s", res.summary)
	}

	// The JSON report: the verdict and every finding with its state.
	var rep struct {
		Verdict struct {
			Result  string
			Reasons []struct {
				Kind  string
				Count int
			}
			Policy struct{ OnlyNew bool }
		}
		Findings []struct{ Kind, Code, State, Path string }
	}
	if err := json.Unmarshal(res.report, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Verdict.Result != "fail" || len(rep.Verdict.Reasons) != 2 || rep.Verdict.Reasons[0].Kind != "breaking" || !rep.Verdict.Policy.OnlyNew {
		t.Errorf("verdict %+v", rep.Verdict)
	}
	states := map[string]int{}
	for _, f := range rep.Findings {
		states[f.State]++
	}
	if states["existing"] != 23 || states["disabled"] != 3 || states["new"] != 6 {
		t.Errorf("finding states %v", states)
	}
}

// mdEscapedBacktick is how the summary writes a verdict line: the Markdown
// escapes of mdText for the characters our reasons use.
func mdEscapedBacktick(s string) string {
	r := strings.NewReplacer("(", "&#40;", ")", "&#41;", "_", "&#95;", "'", "&#39;", "!", "&#33;")
	// `rules` becomes <code>rules</code>.
	parts := strings.Split(s, "`")
	for i := range parts {
		parts[i] = r.Replace(parts[i])
		if i%2 == 1 {
			parts[i] = "<code>" + parts[i] + "</code>"
		}
	}
	return strings.Join(parts, "")
}

func TestE2EPolicyPullRequestWithLabel(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, policyHistory(t))
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r, "breaking-change-approved"), nil)
	res.wantCode(t, 0)
	res.wantOutputs(t, map[string]string{"result": "pass", "breaking": "true", "breaking-count": "2"})
	for _, a := range res.annotations() {
		if a.Name == "error" {
			t.Errorf("an error annotation on a passing run: %v", a)
		}
	}
	want := "Passed: tolerated 23 existing on the base, 1 accepted in the config, 2 approved by the label, 3 turned off by rules, 3 below the thresholds."
	if got := lastLine(res.stdout); got != want {
		t.Errorf("last log line\n got %q\nwant %q", got, want)
	}
	if !strings.Contains(res.summary, "the label breaking-change-approved approves it, so the new policy applies") {
		t.Errorf("the summary does not say the head's policy applies:\n%s", res.summary)
	}
	// Accepted and approved findings carry a SARIF suppression.
	acc := sarifByRule(t, res.sarif, "openai/strict-optional-property")
	found := false
	for _, x := range acc {
		if x["properties"].(map[string]any)["schemaPath"] != "inputSchema.properties.reason" {
			continue
		}
		found = true
		sup, _ := x["suppressions"].([]any)
		if len(sup) != 1 || fmt.Sprint(sup[0]) != "map[justification:reason is optional on purpose; we compile for OpenAI kind:external]" {
			t.Errorf("accepted finding suppressions %v", sup)
		}
	}
	if !found {
		t.Fatal("the accepted finding is not in the SARIF")
	}
	for _, x := range sarifByRule(t, res.sarif, "required-property-added") {
		sup, _ := x["suppressions"].([]any)
		if len(sup) != 1 || !strings.Contains(fmt.Sprint(sup[0]), "approved by the label breaking-change-approved") || x["level"] != "warning" {
			t.Errorf("approved change: level %v suppressions %v", x["level"], sup)
		}
	}
}

func TestE2EPolicyPushAfterMerge(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, policyHistory(t))
	// The feature branch stands in for main after the merge: the push's
	// `before` is the old main.
	payload := map[string]any{"ref": "refs/heads/main", "before": r.base, "after": r.feature}
	res := runAction(t, r.checkout("refs/heads/feature"), "push", payload, nil)
	// Not red for the approved breaking change; only-new is off on push,
	// so the base's errors count (10: the merged config accepts the 11th),
	// and the reason says so.
	res.wantCode(t, 1)
	if len(res.find("error", "required-property-added")) != 0 {
		t.Errorf("a breaking change is an error annotation on push")
	}
	if got := lastLine(res.stdout); !strings.HasPrefix(got, "Failed: 10 errors (fail-on: error).") {
		t.Errorf("last log line %q", got)
	}
	if strings.Contains(res.stdout, "breaking-fail-on") {
		t.Errorf("a push fails on breaking changes:\n%s", res.stdout)
	}

	// With only-new on push, the merged change is green.
	green := runAction(t, r.checkout("refs/heads/feature"), "push", payload, map[string]string{"only-new": "true"})
	green.wantCode(t, 0)
	green.wantOutputs(t, map[string]string{"result": "pass", "breaking-count": "2"})
}

func TestE2EPolicyConfigErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		config, want string
	}{
		{`{"rules": {"openai/strict-optional-propert": "off"}}`, "schemaport.config.json:1:12: Unknown rule code `openai/strict-optional-propert`. Did you mean `openai/strict-optional-property`?"},
		{`{"rules": {"required-property-add": "warning"}}`, "Did you mean `required-property-added`?"},
		{"{\n  \"accept\": [\n    {\"tool\": \"refund_order\", \"code\": \"openai/strict-optional-property\"}\n  ]\n}", "schemaport.config.json:3:5: The accept entry 1 lacks `reason` and `until`"},
		{`{"accept": [{"tool": "t", "code": "tool-removed", "reason": "r", "until": "31.12.2099"}]}`, "`until` is `31.12.2099`; write a date as YYYY-MM-DD."},
	} {
		h := refundHistory(t)
		cfg := tc.config
		h.Feature["schemaport.config.json"] = &cfg
		r := buildRepo(t, h)
		// The head's config is validated even on a pull request, where the
		// base's policy applies.
		res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), nil)
		res.wantCode(t, 2)
		errs := res.find("error", "SchemaPort: cannot run")
		if len(errs) != 1 || !strings.Contains(errs[0].Message, tc.want) {
			t.Errorf("config %s: %v, want %q", tc.config, errs, tc.want)
		}
		res.wantOutputs(t, map[string]string{"result": "error"})
	}
}

func TestE2EPolicyAcceptExpiredAndUnused(t *testing.T) {
	t.Parallel()
	cfg := `{
  "rules": {"enum-narrowed": "info"},
  "accept": [
    {"tool": "search_orders", "code": "openai/strict-optional-property", "reason": "legacy", "until": "2020-01-01"},
    {"tool": "search_orders", "code": "openai/object-missing-additional-properties", "reason": "legacy", "until": "2099-01-01"},
    {"tool": "gone_tool", "code": "openai/strict-optional-property", "reason": "old", "until": "2099-01-01"}
  ]
}
`
	h := refundHistory(t)
	h.Base["schemaport.config.json"] = cfg
	r := buildRepo(t, h)
	payload := map[string]any{"ref": "refs/heads/main", "before": r.base, "after": r.feature}
	res := runAction(t, r.checkout("refs/heads/feature"), "push", payload, map[string]string{"fail-on": "never"})
	res.wantCode(t, 1)
	// The rule makes the narrowed enum informational.
	res.wantOutputs(t, map[string]string{"breaking-count": "1", "informational-count": "2"})
	want := "Failed: the accept entry for openai/strict-optional-property on search_orders (schemaport.config.json:4) expired on 2020-01-01. Fix what it accepted and remove the entry, or give it a new `until` date."
	if got := lastLine(res.stdout); got != want {
		t.Errorf("last log line\n got %q\nwant %q", got, want)
	}
	expired := res.find("error", "Config: accept entry expired")
	if len(expired) != 1 || expired[0].Properties["file"] != "schemaport.config.json" || expired[0].Properties["line"] != "4" {
		t.Errorf("expired entry annotations: %v", expired)
	}
	unused := res.find("warning", "Config: accept entry matches nothing")
	if len(unused) != 1 || !strings.Contains(unused[0].Message, "gone_tool") || !strings.Contains(unused[0].Message, "schemaport.config.json:6") || unused[0].Properties["line"] != "6" {
		t.Errorf("unused entry warnings: %v\n%s", unused, res.dump())
	}
	// The entry in force accepts both search_orders findings of its code.
	n := 0
	for _, x := range sarifByRule(t, res.sarif, "openai/object-missing-additional-properties") {
		if x["properties"].(map[string]any)["toolName"] == "search_orders" {
			n++
			if x["suppressions"] == nil {
				t.Errorf("accepted finding without a suppression: %v", x)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d accepted search_orders results", n)
	}
}

func TestE2EPolicyCannotBeRelaxedByThePullRequest(t *testing.T) {
	t.Parallel()
	// The pull request removes refund_order and points `schemas` at a decoy
	// directory, with failOn never: the base's policy applies and the diff
	// covers both directories, so the removal is still caught.
	h := refundHistory(t)
	h.Base["schemaport.config.json"] = `{"schemas": ["tools"]}` + "\n"
	decoy := `{"schemas": ["decoy"], "failOn": "never"}` + "\n"
	tool := `{"name": "harmless", "description": "d", "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false}}` + "\n"
	h.Feature = map[string]*string{"schemaport.config.json": &decoy, "decoy/harmless.json": &tool, "tools/refund-order.json": nil}
	r := buildRepo(t, h)
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), nil)
	res.wantCode(t, 1)
	if len(res.find("error", "tool-removed")) != 1 {
		t.Errorf("the removed tool is not an error:\n%s", res.dump())
	}
	if !strings.Contains(res.stdout, "Failed: 1 breaking change not approved") {
		t.Errorf("no breaking verdict:\n%s", res.stdout)
	}
}

// readmeBlock returns the first fenced block of lang after marker in the
// README.
func readmeBlock(t *testing.T, marker, lang string) string {
	t.Helper()
	text := readme(t)
	i := strings.Index(text, marker)
	if i < 0 {
		t.Fatalf("README lacks %q", marker)
	}
	rest := text[i:]
	open := "```" + lang + "\n"
	j := strings.Index(rest, open)
	if j < 0 {
		t.Fatalf("README has no %s block after %q", lang, marker)
	}
	rest = rest[j+len(open):]
	return rest[:strings.Index(rest, "```")]
}

// The README's worked example, run: its config, its pull request, the
// verdict lines it quotes, the passing run's line, and the push after the
// merge.
func TestE2EREADMEWorkedExample(t *testing.T) {
	t.Parallel()
	cfg := readmeBlock(t, "A worked example.", "json")
	quoted := readmeBlock(t, "as the first lines of the summary and the last lines of the log", "")
	// The pull request also accepts the new error in the config (a policy
	// change, in force with the label).
	headCfg := strings.Replace(cfg, `  "accept": [
`, `  "accept": [
    {"tool": "refund_order", "code": "openai/strict-optional-property", "path": "inputSchema.properties.reason",
     "reason": "optional on purpose", "until": "2099-12-31"},
`, 1)
	if headCfg == cfg {
		t.Fatal("the README's config has no accept list")
	}
	h := history{Base: refundV1(t), Feature: refundV2(t)}
	h.Base["schemaport.config.json"] = cfg
	h.Feature["schemaport.config.json"] = &headCfg
	r := buildRepo(t, h)

	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), nil)
	res.wantCode(t, 1)
	if !strings.HasSuffix(res.stdout, quoted) {
		t.Errorf("the log does not end with the README's lines:\n%s\nlog:\n%s", quoted, res.stdout)
	}

	ok := runAction(t, r.checkout(prRef), "pull_request", prPayload(r, "breaking-change-approved"), nil)
	ok.wantCode(t, 0)
	if line := lastLine(ok.stdout); !strings.Contains(readme(t), "`"+line+"`") {
		t.Errorf("the README does not quote the passing run's line %q", line)
	}

	payload := map[string]any{"ref": "refs/heads/main", "before": r.base, "after": r.feature}
	push := runAction(t, r.checkout("refs/heads/feature"), "push", payload, map[string]string{"only-new": "true"})
	push.wantCode(t, 0)
	if n := len(push.find("warning", "required-property-added")); n != 1 {
		t.Errorf("push: the breaking change is not a warning (%d)\n%s", n, push.dump())
	}
}
