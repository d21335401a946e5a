package main

// End-to-end tests of `run`: the real binary, run the way the GitHub runner
// runs a container action. Each test builds a real git history (a base
// commit on main, a feature branch, main moving on, GitHub's test merge
// commit), a bare `origin`, and a one-commit-deep clone of the ref the
// workflow checks out as the workspace; then it runs the binary with an
// event payload, the GITHUB_* variables and every INPUT_* variable (hyphens
// kept, declared defaults filled in from action.yml), and reads the log,
// GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and the SARIF file the way the runner
// and code scanning would.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/schemaport/schemaport-action/internal/snapshot/mcptest"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/schemaport/schemaport-action/internal/action/actiontest"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
)

var (
	e2eBinDir  string
	e2eBin     string
	e2eBuild   sync.Once
	e2eBuildEr error
)

func TestMain(m *testing.M) {
	// Re-executed as an MCP server by the snapshot tests.
	if mode := os.Getenv(mcptest.ModeEnv); mode != "" {
		os.Exit(mcptest.Serve(mode, os.Args[1:]))
	}
	code := m.Run()
	corpus.RemoveShared()
	if e2eBinDir != "" {
		os.RemoveAll(e2eBinDir)
	}
	os.Exit(code)
}

// binary builds the command once per test process (only when an
// end-to-end test runs) and returns its path.
func binary(t testing.TB) string {
	t.Helper()
	e2eBuild.Do(func() {
		dir, err := os.MkdirTemp("", "schemaport-e2e-")
		if err != nil {
			e2eBuildEr = err
			return
		}
		e2eBinDir = dir
		e2eBin = filepath.Join(dir, "schemaport-action")
		cmd := exec.Command("go", "build", "-trimpath", "-o", e2eBin, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			e2eBuildEr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if e2eBuildEr != nil {
		t.Fatal(e2eBuildEr)
	}
	return e2eBin
}

// --- fixtures ---------------------------------------------------------------

func readTestdata(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// refundV1 and refundV2 are the refund-order example: v1 is the seed's tool
// set, v2 the "CLI example v1 -> v2 directories" case (2 breaking, 1
// non-breaking, 1 informational change in refund_order).
func refundV1(t *testing.T) map[string]string {
	return map[string]string{
		"tools/refund-order.json":  readTestdata(t, "refund-order/v1/refund-order.json"),
		"tools/search-orders.json": readTestdata(t, "refund-order/v1/search-orders.json"),
	}
}

func refundV2(t *testing.T) map[string]*string {
	v2 := readTestdata(t, "refund-order/v2/refund-order.json")
	return map[string]*string{"tools/refund-order.json": &v2}
}

// history is the git history a test runs against. Nil values in Feature
// delete the file.
type history struct {
	Base      map[string]string
	Feature   map[string]*string
	MainMoves map[string]string // committed on main after the branch point
}

// repo is a built history: commit ids and the bare origin.
type repo struct {
	t                             *testing.T
	root, origin                  string
	base, feature, mainTip, merge string
	src                           *gittest.Repo
}

const (
	prRef         = "refs/pull/1/merge"
	mergeQueueRef = "refs/heads/gh-readonly-queue/main/pr-1-base"
)

func buildRepo(t *testing.T, h history) *repo {
	t.Helper()
	gittest.RequireGit(t)
	root := t.TempDir()
	src := gittest.Init(t, filepath.Join(root, "src"))
	r := &repo{t: t, root: root, src: src}
	src.Write("README.md", "# tools\n")
	for name, text := range h.Base {
		src.Write(name, text)
	}
	r.base = src.Commit("base")
	src.Git("checkout", "-q", "-b", "feature")
	for name, text := range h.Feature {
		if text == nil {
			src.Remove(name)
		} else {
			src.Write(name, *text)
		}
	}
	r.feature = src.Commit("feature")
	src.Git("checkout", "-q", "main")
	src.Write("CHANGELOG.md", "main moved on\n")
	for name, text := range h.MainMoves {
		src.Write(name, text)
	}
	r.mainTip = src.Commit("main moves on")
	// GitHub's test merge: main is not moved, the merge lives on a ref.
	src.Git("checkout", "-q", "--detach", "main")
	r.merge = src.Merge("feature", "Merge pull request #1")
	src.Git("update-ref", prRef, r.merge)
	src.Git("update-ref", mergeQueueRef, r.merge)
	src.Git("checkout", "-q", "main")
	r.origin = filepath.Join(root, "origin.git")
	gittest.Git(t, root, "clone", "-q", "--mirror", src.Dir, r.origin)
	return r
}

// checkout makes the workspace: a one-commit-deep clone of ref, as
// actions/checkout makes with its default fetch-depth 1.
func (r *repo) checkout(ref string) string {
	r.t.Helper()
	ws := filepath.Join(r.t.TempDir(), "workspace")
	gittest.ShallowClone(r.t, r.origin, ref, ws)
	return ws
}

// --- running the action -------------------------------------------------------

// actionDefaults reads the inputs and their defaults from action.yml (the
// runner sets INPUT_<NAME> for every declared input) and its outputs.
func actionDefaults(t *testing.T) (inputs map[string]string, outputs []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	inputs = map[string]string{}
	section, current := "", ""
	key := regexp.MustCompile(`^  ([a-z][a-z-]*):\s*$`)
	def := regexp.MustCompile(`^    default:\s*(.*)$`)
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "inputs:" || line == "outputs:" || line == "runs:":
			section = strings.TrimSuffix(line, ":")
		case key.MatchString(line):
			current = key.FindStringSubmatch(line)[1]
			switch section {
			case "inputs":
				inputs[current] = ""
			case "outputs":
				outputs = append(outputs, current)
			}
		case section == "inputs" && def.MatchString(line):
			v := strings.TrimSpace(def.FindStringSubmatch(line)[1])
			if len(v) >= 2 && (v[0] == '\'' && v[len(v)-1] == '\'' || v[0] == '"' && v[len(v)-1] == '"') {
				v = v[1 : len(v)-1]
			}
			inputs[current] = v
		}
	}
	return inputs, outputs
}

type runResult struct {
	code           int
	stdout, stderr string
	outputs        map[string]string
	summary        string
	sarif          []byte
	report         []byte
	ws             string
}

// runAction runs the binary in ws as the runner runs a container action.
// payload is the webhook event; inputs override action.yml's defaults.
func runAction(t *testing.T, ws, event string, payload map[string]any, inputs map[string]string) *runResult {
	t.Helper()
	return runActionIn(t, ws, ws, event, payload, inputs)
}

// runActionIn is runAction for a workspace whose repository is the
// subdirectory repoDir (actions/checkout with `path:`).
func runActionIn(t *testing.T, ws, repoDir, event string, payload map[string]any, inputs map[string]string, extraEnv ...string) *runResult {
	t.Helper()
	bin := binary(t)
	tmp := t.TempDir()
	eventPath := filepath.Join(tmp, "event.json")
	data, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(eventPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	outPath := filepath.Join(tmp, "set_output")
	sumPath := filepath.Join(tmp, "step_summary")
	for _, p := range []string{outPath, sumPath} {
		os.WriteFile(p, nil, 0o644)
	}
	head := strings.TrimSpace(gittest.Git(t, repoDir, "rev-parse", "HEAD"))
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + filepath.Join(tmp, "home"),
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL=" + os.DevNull,
		"CI=true",
		"GITHUB_ACTIONS=true",
		"GITHUB_WORKSPACE=" + ws,
		"GITHUB_EVENT_NAME=" + event,
		"GITHUB_EVENT_PATH=" + eventPath,
		"GITHUB_SHA=" + head,
		"GITHUB_REPOSITORY=acme/tools",
		"GITHUB_SERVER_URL=https://github.com",
		"GITHUB_OUTPUT=" + outPath,
		"GITHUB_STEP_SUMMARY=" + sumPath,
		"RUNNER_TEMP=" + tmp,
	}
	env = append(env, extraEnv...)
	defaults, _ := actionDefaults(t)
	for name, v := range inputs {
		if _, ok := defaults[name]; !ok {
			t.Fatalf("input %q is not declared in action.yml", name)
		}
		defaults[name] = v
	}
	for name, v := range defaults {
		env = append(env, "INPUT_"+strings.ToUpper(name)+"="+v)
	}
	cmd := exec.Command(bin, "run")
	cmd.Dir = ws
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	res := &runResult{stdout: stdout.String(), stderr: stderr.String(), ws: ws}
	var exitErr *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exitErr):
		res.code = exitErr.ExitCode()
	default:
		t.Fatal(err)
	}
	outText, _ := os.ReadFile(outPath)
	res.outputs, err = actiontest.Outputs(string(outText))
	if err != nil {
		t.Fatalf("the runner would reject GITHUB_OUTPUT: %v\n%s", err, outText)
	}
	sum, _ := os.ReadFile(sumPath)
	res.summary = string(sum)
	if f := res.outputs["sarif-file"]; f != "" {
		res.sarif, _ = os.ReadFile(filepath.Join(ws, filepath.FromSlash(f)))
	}
	if f := res.outputs["report-file"]; f != "" {
		res.report, _ = os.ReadFile(filepath.Join(ws, filepath.FromSlash(f)))
	}
	if strings.Contains(res.stderr, "goroutine ") || strings.Contains(res.stdout, "goroutine ") {
		t.Fatalf("a Go stack trace reached the log:\n%s%s", res.stdout, res.stderr)
	}
	return res
}

func (r *runResult) dump() string {
	return fmt.Sprintf("exit %d\n--- stdout\n%s\n--- stderr\n%s\n--- outputs\n%v\n--- summary\n%s", r.code, r.stdout, r.stderr, r.outputs, r.summary)
}

// annotations are the annotation commands the runner would create from
// both streams.
func (r *runResult) annotations() []actiontest.Command {
	return append(actiontest.Annotations(r.stdout), actiontest.Annotations(r.stderr)...)
}

// find returns the annotations of a level whose title is title, or, for a
// finding, whose code is title (the message's "Code:" line).
func (r *runResult) find(level, title string) []actiontest.Command {
	var out []actiontest.Command
	for _, a := range r.annotations() {
		if a.Name == level && (a.Properties["title"] == title || strings.Contains(a.Message, "\nCode: "+title+"\n") || strings.HasSuffix(a.Message, "\nCode: "+title)) {
			out = append(out, a)
		}
	}
	return out
}

func (r *runResult) wantCode(t *testing.T, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("exit code %d, want %d\n%s", r.code, code, r.dump())
	}
}

func (r *runResult) wantOutputs(t *testing.T, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got, ok := r.outputs[k]; !ok || got != v {
			t.Errorf("output %s = %q (set: %v), want %q", k, got, ok, v)
		}
	}
}

// position finds where a JSON key starts in a file of the workspace: the
// n-th line (1-based) holding `"key":`, and the column of its quote.
func position(t *testing.T, ws, file, key string, nth int) (line, col int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ws, filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for i, l := range strings.Split(string(data), "\n") {
		if c := strings.Index(l, `"`+key+`":`); c >= 0 {
			seen++
			if seen == nth {
				return i + 1, c + 1
			}
		}
	}
	t.Fatalf("%s has no %d-th key %q", file, nth, key)
	return 0, 0
}

// --- SARIF ------------------------------------------------------------------

var (
	sarifOnce   sync.Once
	sarifSchema *jsonschema.Schema
	sarifErr    error
)

type offline struct{}

func (offline) Load(url string) (any, error) { return nil, errors.New("no network in tests: " + url) }

func validateSARIF(t *testing.T, data []byte) map[string]any {
	t.Helper()
	sarifOnce.Do(func() {
		f, err := os.Open(filepath.Join("..", "..", "testdata", "sarif-2.1.0.json"))
		if err != nil {
			sarifErr = err
			return
		}
		defer f.Close()
		doc, err := jsonschema.UnmarshalJSON(f)
		if err != nil {
			sarifErr = err
			return
		}
		c := jsonschema.NewCompiler()
		c.UseLoader(offline{})
		const url = "https://schemaport.invalid/e2e/sarif-2.1.0.json"
		if sarifErr = c.AddResource(url, doc); sarifErr == nil {
			sarifSchema, sarifErr = c.Compile(url)
		}
	})
	if sarifErr != nil {
		t.Fatal(sarifErr)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("SARIF is not JSON: %v", err)
	}
	if err := sarifSchema.Validate(inst); err != nil {
		t.Fatalf("SARIF does not validate: %v", err)
	}
	var log map[string]any
	json.Unmarshal(data, &log)
	return log
}

// sarifResults returns (ruleId, uri, startLine, startColumn, level) for
// every result, after checking what code scanning needs: one run, a
// physical location with a relative URI on each result, a category.
func sarifResults(t *testing.T, log map[string]any, category string) [][5]any {
	t.Helper()
	runs, _ := log["runs"].([]any)
	if len(runs) != 1 {
		t.Fatalf("%d runs, want 1", len(runs))
	}
	run := runs[0].(map[string]any)
	if id, _ := run["automationDetails"].(map[string]any)["id"].(string); id != category {
		t.Errorf("automationDetails.id = %q, want %q", id, category)
	}
	var out [][5]any
	for _, x := range run["results"].([]any) {
		res := x.(map[string]any)
		locs, _ := res["locations"].([]any)
		if len(locs) == 0 {
			t.Fatalf("result without a location: %v", res)
		}
		phys, _ := locs[0].(map[string]any)["physicalLocation"].(map[string]any)
		if phys == nil {
			t.Fatalf("result without a physical location: %v", res)
		}
		art := phys["artifactLocation"].(map[string]any)
		uri, _ := art["uri"].(string)
		if strings.HasPrefix(uri, "/") || strings.HasPrefix(uri, "./") || strings.Contains(uri, "://") {
			t.Errorf("uri %q is not relative to the repository root", uri)
		}
		region, _ := phys["region"].(map[string]any)
		line, _ := region["startLine"].(float64)
		col, _ := region["startColumn"].(float64)
		out = append(out, [5]any{res["ruleId"], uri, int(line), int(col), res["level"]})
	}
	return out
}

// --- the refund-order pull request ------------------------------------------

func prPayload(r *repo, labels ...string) map[string]any {
	var ls []any
	for _, l := range labels {
		ls = append(ls, map[string]any{"name": l})
	}
	return map[string]any{
		"action": "synchronize",
		"number": 1,
		"pull_request": map[string]any{
			"number": 1,
			// base.sha is the base when the event was created: older than
			// the main tip GitHub built the merge commit on.
			"base":   map[string]any{"sha": r.base, "ref": "main"},
			"head":   map[string]any{"sha": r.feature, "ref": "feature"},
			"labels": ls,
		},
	}
}

// refundHistory: main later gains a third tool, so a diff against the stale
// pull_request.base.sha would wrongly report it as added.
func refundHistory(t *testing.T) history {
	extra := `{
  "name": "cancel_order",
  "description": "Cancels an order",
  "inputSchema": {"type": "object", "properties": {"orderId": {"type": "string"}}, "required": ["orderId"]}
}
`
	return history{Base: refundV1(t), Feature: refundV2(t), MainMoves: map[string]string{"tools/cancel-order.json": extra}}
}

func TestE2EPullRequestFailsOnBreakingChanges(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))
	ws := r.checkout(prRef)
	if gittest.Git(t, ws, "rev-parse", "--is-shallow-repository") != "true" {
		t.Fatal("the workspace is not a shallow clone")
	}
	if err := exec.Command("git", "-C", ws, "cat-file", "-e", r.mainTip+"^{commit}").Run(); err == nil {
		t.Fatal("the base is already in the one-commit-deep clone")
	}
	res := runAction(t, ws, "pull_request", prPayload(r), nil)
	res.wantCode(t, 1)

	// The base is the merge commit's first parent, fetched on demand.
	res.wantOutputs(t, map[string]string{
		"result": "fail", "breaking": "true", "breaking-count": "2", "non-breaking-count": "1",
		"informational-count": "1", "base-sha": r.mainTip, "head-sha": r.merge, "tools": "3",
		"sarif-file": "schemaport.sarif", "report-file": "schemaport-report.json",
	})
	if err := exec.Command("git", "-C", ws, "cat-file", "-e", r.mainTip+"^{commit}").Run(); err != nil {
		t.Errorf("the base commit was not fetched into the clone: %v", err)
	}
	if res.outputs["error-count"] == "0" || res.outputs["warning-count"] == "0" {
		t.Errorf("check findings missing from the outputs: %v", res.outputs)
	}
	_, declared := actionDefaults(t)
	var written []string
	for k := range res.outputs {
		written = append(written, k)
	}
	sort.Strings(written)
	sort.Strings(declared)
	if !reflect.DeepEqual(written, declared) {
		t.Errorf("outputs written %v, declared in action.yml %v", written, declared)
	}

	// Breaking changes are error annotations at the changed key.
	req := res.find("error", "required-property-added")
	if len(req) != 1 {
		t.Fatalf("required-property-added annotations: %v\n%s", req, res.dump())
	}
	line, col := position(t, ws, "tools/refund-order.json", "currency", 1)
	want := map[string]string{"file": "tools/refund-order.json", "line": fmt.Sprint(line), "endline": fmt.Sprint(line),
		"col": fmt.Sprint(col), "endcolumn": fmt.Sprint(col + len(`"currency"`) - 1)}
	for k, v := range want {
		if req[0].Properties[k] != v {
			t.Errorf("required-property-added %s = %q, want %q (%v)", k, req[0].Properties[k], v, req[0].Properties)
		}
	}
	if !strings.Contains(req[0].Message, "refund_order") || !strings.Contains(req[0].Message, "inputSchema.properties.currency") {
		t.Errorf("message does not name the tool and the path: %q", req[0].Message)
	}
	enum := res.find("error", "enum-narrowed")
	if len(enum) != 1 {
		t.Fatalf("enum-narrowed annotations: %v", enum)
	}
	// Located at the value (issue 9): a removed value at the entry that
	// took its place in the new file.
	enumLine, _ := position(t, ws, "tools/refund-order.json", "enum", 2)
	if data, err := os.ReadFile(filepath.Join(ws, "tools", "refund-order.json")); err == nil {
		lines := strings.Split(string(data), "\n")
		for i := enumLine; i < len(lines); i++ {
			if strings.Contains(lines[i], `"bank_transfer"`) {
				enumLine = i + 1
				break
			}
		}
	}
	if enum[0].Properties["line"] != fmt.Sprint(enumLine) || !strings.Contains(enum[0].Message, "store_credit") {
		t.Errorf("enum-narrowed at %v: %q (want line %d, naming the removed value)", enum[0].Properties, enum[0].Message, enumLine)
	}
	// No more than 10 of each kind; the overflow is announced once.
	counts := map[string]int{}
	for _, a := range res.annotations() {
		counts[a.Name]++
		if f := a.Properties["file"]; f != "" && (strings.HasPrefix(f, "/") || strings.HasPrefix(f, "./")) {
			t.Errorf("annotation file %q is not repository-relative", f)
		}
	}
	for k, n := range counts {
		if n > 10 {
			t.Errorf("%d %s annotations; GitHub keeps 10 per step", n, k)
		}
	}
	if len(res.find("notice", "More findings")) != 1 {
		t.Errorf("no overflow notice with %v annotations", counts)
	}

	// SARIF: schema-valid, one run, the breaking changes at the right lines.
	results := sarifResults(t, validateSARIF(t, res.sarif), "schemaport/")
	found := false
	for _, x := range results {
		if x[0] == "required-property-added" {
			found = true
			if x[1] != "tools/refund-order.json" || x[2] != line || x[3] != col || x[4] != "error" {
				t.Errorf("SARIF required-property-added = %v, want tools/refund-order.json:%d:%d error", x, line, col)
			}
		}
	}
	if !found {
		t.Errorf("SARIF has no required-property-added result: %v", results)
	}

	// The summary and the JSON report.
	for _, s := range []string{"failed", "required-property-added", "currency", r.mainTip[:12]} {
		if !strings.Contains(res.summary, s) {
			t.Errorf("the job summary lacks %q\n%s", s, res.summary)
		}
	}
	var rep struct {
		Command, Result, BaseSha, HeadSha string
		ExitCode                          int
		Diff                              struct {
			Summary struct{ Breaking, NonBreaking, Informational int }
			Changes []struct{ Code, ToolName string }
		}
		Check struct{ Summary struct{ Tools, Errors int } }
	}
	if err := json.Unmarshal(res.report, &rep); err != nil {
		t.Fatalf("report file: %v\n%s", err, res.report)
	}
	if rep.Command != "run" || rep.Result != "fail" || rep.ExitCode != 1 || rep.BaseSha != r.mainTip || rep.HeadSha != r.merge ||
		rep.Diff.Summary.Breaking != 2 || len(rep.Diff.Changes) != 4 || rep.Check.Summary.Tools != 3 || rep.Check.Summary.Errors == 0 {
		t.Errorf("report = %+v", rep)
	}
}

func TestE2EPullRequestLabelApprovesBreakingChanges(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))
	inputs := map[string]string{"fail-on": "never"}

	without := runAction(t, r.checkout(prRef), "pull_request", prPayload(r, "docs"), inputs)
	without.wantCode(t, 1)
	if n := len(without.find("error", "required-property-added")); n != 1 {
		t.Errorf("without the label: %d error annotations for the breaking change", n)
	}

	with := runAction(t, r.checkout(prRef), "pull_request", prPayload(r, "docs", "Breaking-Change-Approved"), inputs)
	with.wantCode(t, 0)
	with.wantOutputs(t, map[string]string{"result": "pass", "breaking": "true", "breaking-count": "2"})
	// Still reported, as warnings.
	if n := len(with.find("warning", "required-property-added")); n != 1 {
		t.Errorf("with the label: %d warning annotations for the breaking change\n%s", n, with.dump())
	}
	if n := len(with.find("error", "required-property-added")); n != 0 {
		t.Errorf("with the label the breaking change is still an error")
	}
	if !strings.Contains(with.summary, "approved") || !strings.Contains(with.summary, "passed") {
		t.Errorf("the summary does not say the changes were approved:\n%s", with.summary)
	}
	for _, x := range sarifResults(t, validateSARIF(t, with.sarif), "schemaport/") {
		if x[0] == "required-property-added" && x[4] != "warning" {
			t.Errorf("approved breaking change in SARIF at level %v", x[4])
		}
	}

	// A custom label, and approval off.
	inputs["allow-breaking-label"] = "api-break-ok"
	custom := runAction(t, r.checkout(prRef), "pull_request", prPayload(r, "breaking-change-approved"), inputs)
	custom.wantCode(t, 1)
	inputs["allow-breaking-label"] = ""
	off := runAction(t, r.checkout(prRef), "pull_request", prPayload(r, "breaking-change-approved"), inputs)
	off.wantCode(t, 1)
}

func TestE2EPullRequestHeadCheckout(t *testing.T) {
	t.Parallel()
	// A workflow that checks out the PR head (not the merge commit): the
	// base falls back to pull_request.base.sha.
	r := buildRepo(t, refundHistory(t))
	ws := r.checkout("refs/heads/feature")
	res := runAction(t, ws, "pull_request", prPayload(r), map[string]string{"fail-on": "never"})
	res.wantCode(t, 1)
	res.wantOutputs(t, map[string]string{"base-sha": r.base, "head-sha": r.feature, "breaking-count": "2", "tools": "2"})
}

func TestE2EPullRequestHeadCheckoutBehindTheBase(t *testing.T) {
	t.Parallel()
	// A workflow that checks out the pull request's head (`ref: head.sha`,
	// for exact annotation lines) while main moved on after the branch
	// point: the event's base.sha is main's tip. Diffing that tip against
	// the head would blame the pull request for undoing main's commits
	// (cancel_order "removed", a breaking change it never made). The base
	// is where the head branched from main, as GitHub's "Files changed".
	r := buildRepo(t, refundHistory(t))
	payload := prPayload(r)
	payload["pull_request"].(map[string]any)["base"] = map[string]any{"sha": r.mainTip, "ref": "main"}
	res := runAction(t, r.checkout("refs/heads/feature"), "pull_request", payload, map[string]string{"fail-on": "never"})
	res.wantCode(t, 1)
	res.wantOutputs(t, map[string]string{"base-sha": r.base, "head-sha": r.feature, "breaking-count": "2", "non-breaking-count": "1"})
	if n := len(res.find("error", "tool-removed")); n != 0 {
		t.Errorf("main's own commit was blamed on the pull request\n%s", res.dump())
	}

	// Main 60 commits ahead: one-commit-deep histories do not meet, and
	// are deepened until they do.
	for i := 0; i < 60; i++ {
		r.src.Write("CHANGELOG.md", fmt.Sprintf("main moved on %d\n", i))
		r.src.Commit(fmt.Sprintf("main %d", i))
	}
	tip := r.src.Git("rev-parse", "main")
	gittest.Git(t, r.origin, "fetch", "-q", r.src.Dir, "+refs/heads/main:refs/heads/main")
	payload["pull_request"].(map[string]any)["base"] = map[string]any{"sha": tip, "ref": "main"}
	far := runAction(t, r.checkout("refs/heads/feature"), "pull_request", payload, map[string]string{"fail-on": "never"})
	far.wantCode(t, 1)
	far.wantOutputs(t, map[string]string{"base-sha": r.base, "breaking-count": "2"})

	// Without fetching, a shallow clone that has both tips cannot tell
	// where they meet: exit 2, and the way out.
	ws := r.checkout("refs/heads/feature")
	gittest.Git(t, ws, "fetch", "-q", "--no-tags", "--depth=1", "origin", tip)
	off := runAction(t, ws, "pull_request", payload, map[string]string{"fail-on": "never", "fetch-base": "false"})
	off.wantCode(t, 2)
	if errs := off.find("error", "SchemaPort: cannot run"); len(errs) != 1 || !strings.Contains(errs[0].Message, "branched") || !strings.Contains(errs[0].Message, "fetch-depth: 0") ||
		strings.Contains(errs[0].Message, "--depth=1 origin") {
		t.Fatalf("fetch-base false on a head checkout: %v\n%s", errs, off.dump())
	}
}

func TestE2EPush(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))
	ws := r.checkout("refs/heads/feature")
	payload := map[string]any{"ref": "refs/heads/feature", "before": r.base, "after": r.feature}
	// On push a breaking change is reported but does not fail by default:
	// the pull request was the gate.
	res := runAction(t, ws, "push", payload, map[string]string{"fail-on": "never"})
	res.wantCode(t, 0)
	res.wantOutputs(t, map[string]string{"base-sha": r.base, "head-sha": r.feature, "breaking-count": "2", "non-breaking-count": "1", "result": "pass"})
	if n := len(res.find("warning", "required-property-added")); n != 1 {
		t.Errorf("a tolerated breaking change is a warning annotation on push: %d\n%s", n, res.dump())
	}
	if n := len(res.find("error", "required-property-added")); n != 0 {
		t.Errorf("a breaking change that does not fail the run is an error annotation")
	}

	// An explicit breaking-fail-on still wins.
	strict := runAction(t, r.checkout("refs/heads/feature"), "push", payload, map[string]string{"fail-on": "never", "breaking-fail-on": "breaking"})
	strict.wantCode(t, 1)
	strict.wantOutputs(t, map[string]string{"result": "fail", "breaking": "true", "breaking-count": "2"})
	if n := len(strict.find("error", "required-property-added")); n != 1 {
		t.Errorf("breaking-fail-on breaking on push: %d error annotations", n)
	}
}

func TestE2EPushNewBranch(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))
	ws := r.checkout("refs/heads/feature")
	payload := map[string]any{"ref": "refs/heads/feature", "before": strings.Repeat("0", 40), "after": r.feature, "created": true}
	res := runAction(t, ws, "push", payload, map[string]string{"fail-on": "never"})
	res.wantCode(t, 0)
	res.wantOutputs(t, map[string]string{"result": "pass", "base-sha": "", "head-sha": r.feature, "breaking": "false", "breaking-count": "0", "tools": "2"})
	notes := res.find("notice", "No diff")
	if len(notes) != 1 || !strings.Contains(notes[0].Message, "new branch") {
		t.Fatalf("no notice explaining the missing diff: %v\n%s", notes, res.dump())
	}
	if !strings.Contains(res.summary, "new branch") {
		t.Errorf("the summary does not explain the missing diff:\n%s", res.summary)
	}
	// The check still ran and failed the default threshold.
	def := runAction(t, r.checkout("refs/heads/feature"), "push", payload, nil)
	def.wantCode(t, 1)
}

func TestE2EForcePush(t *testing.T) {
	t.Parallel()
	// A force-push rewrote the branch: its `before` commit is no longer
	// on any ref of origin ("not our ref"), so no checkout setting can
	// bring it back. That is no reason to fail the push: there is no diff,
	// and a warning says why.
	r := buildRepo(t, refundHistory(t))
	gone := strings.Repeat("ab", 20)
	payload := map[string]any{"ref": "refs/heads/feature", "before": gone, "after": r.feature, "forced": true}
	res := runAction(t, r.checkout("refs/heads/feature"), "push", payload, map[string]string{"fail-on": "never"})
	res.wantCode(t, 0)
	res.wantOutputs(t, map[string]string{"result": "pass", "base-sha": "", "head-sha": r.feature, "breaking-count": "0", "tools": "2"})
	warn := res.find("warning", "No diff")
	if len(warn) != 1 || !strings.Contains(warn[0].Message, "forced") || !strings.Contains(warn[0].Message, gone) {
		t.Fatalf("no warning that the forced push's before commit is gone: %v\n%s", warn, res.dump())
	}
	if !strings.Contains(res.summary, "forced") {
		t.Errorf("the summary does not say why there is no diff:\n%s", res.summary)
	}

	// An ordinary push whose before commit cannot be fetched is still a
	// problem with the checkout: exit 2 with the way out.
	delete(payload, "forced")
	plain := runAction(t, r.checkout("refs/heads/feature"), "push", payload, map[string]string{"fail-on": "never"})
	plain.wantCode(t, 2)
	if errs := plain.find("error", "SchemaPort: cannot run"); len(errs) != 1 || !strings.Contains(errs[0].Message, "fetch-depth: 0") {
		t.Fatalf("unfetchable before of an ordinary push: %v\n%s", errs, plain.dump())
	}
}

func TestE2EMergeGroup(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))
	ws := r.checkout(mergeQueueRef)
	payload := map[string]any{"merge_group": map[string]any{"base_sha": r.mainTip, "head_sha": r.merge,
		"base_ref": "refs/heads/main", "head_ref": mergeQueueRef}}
	res := runAction(t, ws, "merge_group", payload, map[string]string{"fail-on": "never"})
	res.wantCode(t, 1)
	res.wantOutputs(t, map[string]string{"base-sha": r.mainTip, "head-sha": r.merge, "breaking-count": "2", "non-breaking-count": "1"})
}

func TestE2EWorkflowDispatch(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))
	none := runAction(t, r.checkout("refs/heads/feature"), "workflow_dispatch", map[string]any{}, map[string]string{"fail-on": "never"})
	none.wantCode(t, 0)
	if n := len(none.find("notice", "No diff")); n != 1 {
		t.Errorf("workflow_dispatch without base: %d no-diff notices", n)
	}

	bySHA := runAction(t, r.checkout("refs/heads/feature"), "workflow_dispatch", map[string]any{}, map[string]string{"fail-on": "never", "base": r.base})
	bySHA.wantCode(t, 1)
	bySHA.wantOutputs(t, map[string]string{"base-sha": r.base, "breaking-count": "2"})

	// A branch name the clone does not have: fetched by name.
	byName := runAction(t, r.checkout("refs/heads/feature"), "workflow_dispatch", map[string]any{}, map[string]string{"fail-on": "never", "base": "origin/main"})
	byName.wantCode(t, 1)
	// main has moved on: cancel_order exists there but not on the feature branch.
	byName.wantOutputs(t, map[string]string{"base-sha": r.mainTip, "breaking-count": "3"})
}

func TestE2EBaseFetchProblems(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))

	off := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"fetch-base": "false"})
	off.wantCode(t, 2)
	errs := off.find("error", "SchemaPort: cannot run")
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "fetch-depth: 0") || !strings.Contains(errs[0].Message, "git fetch --no-tags --depth=1 origin "+r.mainTip) {
		t.Fatalf("fetch-base false: %v\n%s", errs, off.dump())
	}
	off.wantOutputs(t, map[string]string{"result": "error", "breaking-count": "0", "error-count": "0", "tools": "0", "sarif-file": "schemaport.sarif"})
	// Exit 2 still reports: a valid SARIF whose invocation failed, and a
	// summary with the reason.
	failedLog := validateSARIF(t, off.sarif)
	inv := failedLog["runs"].([]any)[0].(map[string]any)["invocations"].([]any)[0].(map[string]any)
	if inv["executionSuccessful"] != false || !strings.Contains(fmt.Sprint(inv["toolExecutionNotifications"]), "fetch-base") {
		t.Errorf("SARIF of a run that could not run: %v", inv)
	}
	if !strings.Contains(off.summary, "could not run") || !strings.Contains(off.summary, "fetch-base") {
		t.Errorf("summary of a run that could not run:\n%s", off.summary)
	}

	missing := strings.Repeat("ab", 20)
	gone := runAction(t, r.checkout(prRef), "workflow_dispatch", map[string]any{}, map[string]string{"base": missing})
	gone.wantCode(t, 2)
	errs = gone.find("error", "SchemaPort: cannot run")
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "fetching it failed") || !strings.Contains(errs[0].Message, "fetch-depth: 0") {
		t.Fatalf("unfetchable base: %v\n%s", errs, gone.dump())
	}

	// With full history no fetch is needed, even with fetch-base off.
	full := filepath.Join(t.TempDir(), "full")
	gittest.Git(t, r.root, "clone", "-q", r.origin, full)
	gittest.Git(t, full, "fetch", "-q", "origin", prRef)
	gittest.Git(t, full, "checkout", "-q", "--detach", "FETCH_HEAD")
	deep := runAction(t, full, "pull_request", prPayload(r), map[string]string{"fetch-base": "false", "fail-on": "never"})
	deep.wantCode(t, 1)
	deep.wantOutputs(t, map[string]string{"base-sha": r.mainTip, "breaking-count": "2"})
}

func TestE2EBaseInputsAShallowCloneCannotFetch(t *testing.T) {
	t.Parallel()
	// `base` inputs that name no commit origin can send: a revision
	// relative to HEAD needs history, and git fetches commits by full id
	// only. The advice must not be a fetch command that fails too.
	r := buildRepo(t, refundHistory(t))
	for _, tc := range []struct{ base, want, not string }{
		{"HEAD~1", "fetch-depth: 0", "origin HEAD~1"},
		{"HEAD^", "fetch-depth: 0", "origin HEAD^"},
		{r.base[:12], "full 40-character commit id", "origin " + r.base[:12] + "\n"},
	} {
		res := runAction(t, r.checkout("refs/heads/feature"), "workflow_dispatch", map[string]any{}, map[string]string{"base": tc.base})
		res.wantCode(t, 2)
		errs := res.find("error", "SchemaPort: cannot run")
		if len(errs) != 1 || !strings.Contains(errs[0].Message, tc.want) || strings.Contains(errs[0].Message+"\n", tc.not) {
			t.Errorf("base %q: %v, want %q and not %q", tc.base, errs, tc.want, tc.not)
		}
	}
}

func TestE2EBrokenHeadFile(t *testing.T) {
	t.Parallel()
	broken := "{\n  \"name\": \"broken_tool\",\n  \"inputSchema\": {\"type\": \"object\",}\n}\n"
	h := refundHistory(t)
	h.Feature["tools/broken.json"] = &broken
	r := buildRepo(t, h)
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), nil)
	res.wantCode(t, 2)
	// The broken file does not hide the others: they are checked and
	// diffed, and the run still exits 2.
	res.wantOutputs(t, map[string]string{"result": "error", "breaking-count": "2", "tools": "3"})
	if res.outputs["error-count"] == "1" {
		t.Errorf("the other tools were not checked: %v", res.outputs)
	}
	if i, j := strings.Index(res.stdout, "broken.json"), strings.Index(res.stdout, "Tool: "); i < 0 || j < 0 || i > j {
		t.Errorf("the load errors are not reported first:\n%s", res.stdout)
	}
	if len(res.find("warning", "Files left out of the diff")) != 1 {
		t.Errorf("no note that the broken file was left out of the diff\n%s", res.dump())
	}
	var hit []actiontest.Command
	for _, a := range res.annotations() {
		if a.Name == "error" && a.Properties["file"] == "tools/broken.json" {
			hit = append(hit, a)
		}
	}
	if len(hit) != 1 || hit[0].Properties["line"] != "3" {
		t.Fatalf("load error annotation: %v\n%s", hit, res.dump())
	}
	log := validateSARIF(t, res.sarif)
	results := sarifResults(t, log, "schemaport/")
	loadHits := 0
	for _, x := range results {
		if x[0] == "load/input-error" {
			loadHits++
			if x[1] != "tools/broken.json" || x[2] != 3 {
				t.Errorf("SARIF load error at %v", x)
			}
		}
	}
	if loadHits != 1 || len(results) < 2 {
		t.Errorf("SARIF results for a broken head: %v", results)
	}
	if !strings.Contains(res.summary, "tools/broken.json") {
		t.Errorf("the summary does not name the broken file:\n%s", res.summary)
	}
}

func TestE2EBrokenBaseFile(t *testing.T) {
	t.Parallel()
	// The base has a broken file that the pull request fixes: the base is
	// reported as such, and the head is still checked.
	base := refundV1(t)
	base["tools/broken.json"] = "{\n  \"name\": \"fixed_later\",\n  \"inputSchema\": [\n}\n"
	fixed := `{"name": "fixed_later", "inputSchema": {"type": "object", "properties": {}}}` + "\n"
	r := buildRepo(t, history{Base: base, Feature: map[string]*string{"tools/broken.json": &fixed}})
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), nil)
	res.wantCode(t, 1) // the head's check findings (fail-on error)
	res.wantOutputs(t, map[string]string{"result": "fail", "tools": "3", "breaking-count": "0", "base-sha": r.mainTip})
	if res.outputs["error-count"] == "0" {
		t.Errorf("the head's findings are hidden: %v", res.outputs)
	}
	warn := res.find("warning", "Base version has input errors")
	if len(warn) != 1 {
		t.Fatalf("no warning about the broken base: %v\n%s", res.annotations(), res.dump())
	}
	for _, a := range res.annotations() {
		if a.Properties["title"] == "load/input-error" {
			t.Errorf("a base error was annotated on the fixed head file: %v", a)
		}
	}
	if !strings.Contains(res.summary, "base version") {
		t.Errorf("the summary does not list the base's input errors:\n%s", res.summary)
	}
	validateSARIF(t, res.sarif)
}

func TestE2EToolPathOnOneSideOnly(t *testing.T) {
	t.Parallel()
	// The pull request moves the tools from tools/ to agents/ and points
	// the action at both: agents/ is new (every tool added), tools/ gone.
	v1 := refundV1(t)
	moved := map[string]*string{}
	for name, text := range v1 {
		text := text
		moved[strings.Replace(name, "tools/", "agents/", 1)] = &text
		moved[name] = nil
	}
	r := buildRepo(t, history{Base: v1, Feature: moved})
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"path": "agents\ntools", "fail-on": "never"})
	res.wantCode(t, 0) // the same tools, moved: nothing changed for callers
	res.wantOutputs(t, map[string]string{"breaking-count": "0", "tools": "2"})
	if n := len(res.find("notice", "Tool path removed")) + len(res.find("notice", "New tool path")); n != 2 {
		t.Errorf("%d notices about one-sided paths\n%s", n, res.dump())
	}

	onlyOld := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"path": "tools", "fail-on": "never"})
	onlyOld.wantCode(t, 1)
	onlyOld.wantOutputs(t, map[string]string{"breaking-count": "2", "tools": "0"}) // both tools removed

	neither := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"path": "nowhere"})
	neither.wantCode(t, 2)
}

func TestE2EInjectionThroughToolFiles(t *testing.T) {
	t.Parallel()
	// A description and a property name crafted to end the annotation and
	// start commands of their own, in every form the runner accepts.
	evil := "Refunds.\n::error file=.github/workflows/x.yml,line=1::injected\r\n::set-output name=result::pass\n" +
		"::add-mask::secret ##[set-output name=result;]pass\n::stop-commands::x\n%0A::warning::encoded"
	evilKey := "a,b::c\n::error::key injected ##[add-path]/tmp"
	v2 := map[string]any{
		"name":        "refund_order",
		"description": evil,
		"inputSchema": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"orderId": map[string]any{"type": "string", "description": evil},
				evilKey:   map[string]any{"type": "string", "description": evil},
			},
			"required": []any{"orderId", evilKey},
		},
	}
	text, _ := json.MarshalIndent(v2, "", "  ")
	s := string(text) + "\n"
	base := map[string]string{"tools/refund-order.json": `{"name": "refund_order", "description": "Refunds.", "inputSchema": {"type": "object", "properties": {"orderId": {"type": "string"}}, "required": ["orderId"]}}` + "\n"}
	r := buildRepo(t, history{Base: base, Feature: map[string]*string{"tools/refund-order.json": &s}})
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"fail-on": "never"})
	res.wantCode(t, 1)

	allowed := map[string]bool{"error": true, "warning": true, "notice": true, "group": true, "endgroup": true, "stop-commands": true}
	for _, stream := range []string{res.stdout, res.stderr} {
		cmds := actiontest.Commands(stream)
		for i, c := range cmds {
			resume := i > 0 && cmds[i-1].Name == "stop-commands" && c.Name == cmds[i-1].Message
			if !allowed[c.Name] && !resume {
				t.Errorf("the runner would run an injected %q command (line %d): %+v", c.Name, c.Line, c)
			}
			if c.Name == "stop-commands" && !strings.HasPrefix(c.Message, "schemaport-") {
				t.Errorf("an injected stop-commands: %+v", c)
			}
			if f := c.Properties["file"]; f != "" && f != "tools/refund-order.json" {
				t.Errorf("an annotation on an injected file %q: %+v", f, c)
			}
			if strings.Contains(c.Message, "injected") && c.Properties["file"] == "" && c.Name != "notice" {
				t.Errorf("injected text became a command of its own: %+v", c)
			}
		}
	}
	// The breaking change on the crafted property is reported, with the
	// name intact inside its message.
	req := res.find("error", "required-property-added")
	if len(req) != 1 || !strings.Contains(req[0].Message, "a,b::c") {
		t.Fatalf("required-property-added on the crafted key: %v\n%s", req, res.dump())
	}
	// Outputs were not overridden by anything in the files.
	res.wantOutputs(t, map[string]string{"result": "fail", "breaking-count": "1"})
	if len(res.outputs) != 15 {
		t.Errorf("outputs = %v", res.outputs)
	}
	validateSARIF(t, res.sarif)
}

func TestE2EWorkingDirectoryAndFiles(t *testing.T) {
	t.Parallel()
	// Tools in a subdirectory: paths in inputs are relative to
	// working-directory, annotation paths to the repository root, report
	// files to the workspace.
	v1 := map[string]string{}
	for k, v := range refundV1(t) {
		v1["service/"+k] = v
	}
	v2 := map[string]*string{}
	for k, v := range refundV2(t) {
		v2["service/"+k] = v
	}
	r := buildRepo(t, history{Base: v1, Feature: v2})
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{
		"working-directory": "service", "fail-on": "never", "sarif-file": "out/results.sarif", "report-file": "",
		"sarif-category": "tools/", "targets": "openai",
	})
	res.wantCode(t, 1)
	res.wantOutputs(t, map[string]string{"sarif-file": "out/results.sarif", "report-file": "", "breaking-count": "2"})
	req := res.find("error", "required-property-added")
	if len(req) != 1 || req[0].Properties["file"] != "service/tools/refund-order.json" {
		t.Fatalf("annotation path in a subdirectory: %v", req)
	}
	for _, x := range sarifResults(t, validateSARIF(t, res.sarif), "tools/") {
		if x[1] != "service/tools/refund-order.json" && x[1] != "service/tools/search-orders.json" {
			t.Errorf("SARIF uri %v", x[1])
		}
	}
	if _, err := os.Stat(filepath.Join(res.ws, "schemaport-report.json")); !os.IsNotExist(err) {
		t.Errorf("a report file was written although report-file is empty")
	}

	quiet := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{
		"working-directory": "service", "annotations": "false", "job-summary": "false", "sarif-file": "",
	})
	quiet.wantCode(t, 1)
	quiet.wantOutputs(t, map[string]string{"sarif-file": "", "report-file": "schemaport-report.json", "breaking-count": "2"})
	if a := quiet.annotations(); len(a) != 0 || quiet.summary != "" {
		t.Errorf("annotations and summary off, yet %d annotations and a %d-byte summary", len(a), len(quiet.summary))
	}
	if _, err := os.Stat(filepath.Join(quiet.ws, "schemaport.sarif")); !os.IsNotExist(err) {
		t.Errorf("a SARIF file was written although sarif-file is empty")
	}
}

func TestE2EUsageErrors(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))
	for _, tc := range []struct {
		inputs map[string]string
		want   string
	}{
		{map[string]string{"fail-on": "sometimes"}, "fail-on"},
		{map[string]string{"breaking-fail-on": "major"}, "breaking-fail-on"},
		{map[string]string{"fetch-base": "yes"}, "fetch-base"},
		{map[string]string{"targets": "bedrock"}, "bedrock"},
		{map[string]string{"working-directory": "no/such/dir"}, "working-directory"},
		{map[string]string{"config": "missing.json"}, "missing.json"},
	} {
		res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), tc.inputs)
		res.wantCode(t, 2)
		errs := res.find("error", "SchemaPort: cannot run")
		if len(errs) != 1 || !strings.Contains(errs[0].Message, tc.want) {
			t.Errorf("inputs %v: annotations %v, want one naming %q\n%s", tc.inputs, errs, tc.want, res.dump())
		} else if strings.Contains(errs[0].Message, "--help") {
			// A workflow has inputs, not a command line to add --help to.
			t.Errorf("inputs %v: the advice is for a terminal: %q", tc.inputs, errs[0].Message)
		}
		res.wantOutputs(t, map[string]string{"result": "error", "breaking": "false", "breaking-count": "0", "error-count": "0", "tools": "0"})
		validateSARIF(t, res.sarif)
		if !strings.Contains(res.summary, "could not run") {
			t.Errorf("inputs %v: the summary does not say the run could not run:\n%s", tc.inputs, res.summary)
		}
	}
}

func TestE2EResultsThatCannotBeWritten(t *testing.T) {
	t.Parallel()
	// A summary file that cannot be written makes the run exit 2. The
	// outputs still written must then say `error` (action.yml: `error`
	// when the run could not run, exit 2), and the log still ends with
	// the verdict the run reached, before the reason it could not report.
	r := buildRepo(t, refundHistory(t))
	dir := t.TempDir()
	ws := r.checkout(prRef)
	res := runActionIn(t, ws, ws, "pull_request", prPayload(r), nil, "GITHUB_STEP_SUMMARY="+dir)
	res.wantCode(t, 2)
	res.wantOutputs(t, map[string]string{"result": "error", "breaking-count": "2"})
	errs := res.find("error", "SchemaPort: cannot write results")
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "job summary") {
		t.Fatalf("no annotation naming the summary: %v\n%s", errs, res.dump())
	}
	if !strings.Contains(res.stdout, "\nFailed: 2 breaking changes not approved") {
		t.Errorf("the verdict is not in the log:\n%s", res.stdout)
	}
}

func TestE2EWriteProblemIsAShownAnnotation(t *testing.T) {
	t.Parallel()
	// GitHub turns only the first 10 error commands of a step into
	// annotations. With more than 10 errors among the findings, the reason
	// the run exits 2 (a result it could not write) must be one of them,
	// not an 11th error only the log shows.
	r := buildRepo(t, refundHistory(t))
	payload := map[string]any{"ref": "refs/heads/feature", "before": r.base, "after": r.feature}
	res := runAction(t, r.checkout("refs/heads/feature"), "push", payload, map[string]string{"sarif-file": "tools"})
	res.wantCode(t, 2)
	res.wantOutputs(t, map[string]string{"result": "error"})
	var errs []actiontest.Command
	for _, a := range res.annotations() {
		if a.Name == "error" {
			errs = append(errs, a)
		}
	}
	if len(errs) > 10 {
		t.Errorf("%d error commands: GitHub shows 10", len(errs))
	}
	shown := false
	for _, a := range errs[:min(len(errs), 10)] {
		shown = shown || a.Properties["title"] == "SchemaPort: cannot write results" && strings.Contains(a.Message, "SARIF")
	}
	if !shown {
		t.Errorf("the reason for exit 2 is not among the 10 errors GitHub shows: %v\n%s", errs, res.dump())
	}
}

func TestE2EToolPathHints(t *testing.T) {
	t.Parallel()
	// What adopters write in `path` that it does not take: a glob, a
	// comma-separated list, a YAML list inside a block scalar; and no
	// `path` at all in a repository whose tools are elsewhere. Each run
	// says what `path` takes, with a diff (exit 2 before loading) and
	// without one (a load error, and the hint beside it).
	r := buildRepo(t, refundHistory(t))
	for _, tc := range []struct{ path, want string }{
		{"tools/*.json", "not glob patterns"},
		{"tools/**", "not glob patterns"},
		{"tools,agents", "one path per line"},
		{"- tools", "one path per line"},
	} {
		pr := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"path": tc.path})
		pr.wantCode(t, 2)
		if errs := pr.find("error", "SchemaPort: cannot run"); len(errs) != 1 || !strings.Contains(errs[0].Message, tc.want) {
			t.Errorf("path %q on a pull request: %v, want %q\n%s", tc.path, errs, tc.want, pr.dump())
		}
		none := runAction(t, r.checkout(prRef), "workflow_dispatch", map[string]any{}, map[string]string{"path": tc.path})
		none.wantCode(t, 2)
		if w := none.find("warning", "Tool path"); len(w) != 1 || !strings.Contains(w[0].Message, tc.want) {
			t.Errorf("path %q without a diff: %v, want %q\n%s", tc.path, w, tc.want, none.dump())
		}
		if !strings.Contains(none.summary, tc.want) {
			t.Errorf("path %q: the summary lacks the hint:\n%s", tc.path, none.summary)
		}
	}

	// No `path` and no `tools` directory: the default is named.
	other := buildRepo(t, history{Base: map[string]string{"agents/a.json": readTestdata(t, "refund-order/v1/refund-order.json")}})
	def := runAction(t, other.checkout("refs/heads/main"), "workflow_dispatch", map[string]any{}, nil)
	def.wantCode(t, 2)
	if w := def.find("warning", "Tool path"); len(w) != 1 || !strings.Contains(w[0].Message, "default `tools`") || !strings.Contains(w[0].Message, "`path` input") {
		t.Errorf("missing default path: %v\n%s", w, def.dump())
	}
}

func TestE2ESummaryStaysUnderTheLimitWithWhatIsAroundIt(t *testing.T) {
	t.Parallel()
	// A pull request adding 400 tools with 13 findings each: the summary
	// alone fills GitHub's 1 MiB. The compiled-files section appended
	// after it, and what the step's summary file already holds (a `run:`
	// step that wrote before `schemaport-action run`), must fit too: a
	// summary that cannot be written is exit 2, so a full one must never
	// be the reason a run fails.
	feature := map[string]*string{}
	for i := 0; i < 400; i++ {
		props := map[string]any{}
		for j := 0; j < 5; j++ {
			props[fmt.Sprintf("p%d", j)] = map[string]any{"type": "string", "description": strings.Repeat("d", 50)}
		}
		data, _ := json.MarshalIndent(map[string]any{"name": fmt.Sprintf("tool_%d", i), "description": "Tool " + strings.Repeat("x", 100),
			"inputSchema": map[string]any{"type": "object", "properties": props}}, "", "  ")
		text := string(data) + "\n"
		feature[fmt.Sprintf("tools/t%03d.json", i)] = &text
	}
	r := buildRepo(t, history{Base: map[string]string{"tools/.keep": ""}, Feature: feature})
	limit := 1 << 20

	compiled := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"compiled-path": "generated"})
	compiled.wantCode(t, 1)
	compiled.wantOutputs(t, map[string]string{"result": "fail", "tools": "400"})
	if n := len(compiled.summary); n > limit || !strings.Contains(compiled.summary, "### Compiled files") || !strings.Contains(compiled.summary, "summary was cut") {
		t.Errorf("summary of %d bytes (limit %d), compiled section: %v\n%s", n, limit, strings.Contains(compiled.summary, "### Compiled files"), compiled.dump()[:2000])
	}
	// The findings without an annotation are not all in a cut summary:
	// the notice sends readers where they are.
	if more := compiled.find("notice", "More findings"); len(more) != 1 || strings.Contains(more[0].Message, "job summary") || !strings.Contains(more[0].Message, "SARIF") {
		t.Errorf("the notice about findings without an annotation: %v", more)
	}

	for _, before := range []int{200 << 10, limit - 100} {
		prefilled := filepath.Join(t.TempDir(), "summary")
		earlier := strings.Repeat("e", before-1) + "\n"
		writeE2EFile(t, prefilled, earlier)
		ws := r.checkout(prRef)
		res := runActionIn(t, ws, ws, "pull_request", prPayload(r), nil, "GITHUB_STEP_SUMMARY="+prefilled)
		res.wantCode(t, 1)
		res.wantOutputs(t, map[string]string{"result": "fail"})
		data, _ := os.ReadFile(prefilled)
		if len(data) > limit || !strings.HasPrefix(string(data), earlier) {
			t.Errorf("%d bytes before: the summary file has %d bytes (limit %d), earlier text kept: %v", before, len(data), limit, strings.HasPrefix(string(data), earlier))
		}
		wrote := strings.Contains(string(data), "SchemaPort: failed")
		skipped := len(res.find("warning", "Job summary not written"))
		if before < limit/2 && (!wrote || skipped != 0) || before > limit/2 && (wrote || skipped != 1) {
			t.Errorf("%d bytes before: summary written %v, %d warnings that it was not\n%s", before, wrote, skipped, res.stdout[len(res.stdout)-min(len(res.stdout), 3000):])
		}
	}
}

func TestE2EOutputIsDeterministic(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))
	var sarifs, summaries, reports [][]byte
	for i := 0; i < 2; i++ {
		res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), nil)
		sarifs = append(sarifs, res.sarif)
		summaries = append(summaries, []byte(res.summary))
		reports = append(reports, res.report)
	}
	if !bytes.Equal(sarifs[0], sarifs[1]) || !bytes.Equal(summaries[0], summaries[1]) || !bytes.Equal(reports[0], reports[1]) {
		t.Fatal("two runs on the same input wrote different files")
	}
}

func TestE2EActionMetadata(t *testing.T) {
	inputs, outputs := actionDefaults(t)
	var names []string
	for k := range inputs {
		names = append(names, k)
	}
	sort.Strings(names)
	want := []string{"allow-breaking-label", "annotations", "base", "breaking-fail-on", "comment", "compiled-path", "config", "fail-on", "fail-on-target-regression", "fetch-base",
		"github-token", "job-summary", "only-new", "path", "report-file", "sarif-category", "sarif-file", "targets", "working-directory"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("action.yml inputs %v, want %v", names, want)
	}
	wantOut := []string{"result", "breaking", "breaking-count", "non-breaking-count", "informational-count", "error-count",
		"warning-count", "info-count", "new-count", "existing-count", "tools", "sarif-file", "report-file", "base-sha", "head-sha"}
	if !slices.Equal(outputs, wantOut) {
		t.Errorf("action.yml outputs %v, want %v", outputs, wantOut)
	}
	data, _ := os.ReadFile(filepath.Join("..", "..", "action.yml"))
	for _, s := range []string{"using: docker", "image: Dockerfile", `args: ["run"]`} {
		if !strings.Contains(string(data), s) {
			t.Errorf("action.yml lacks %q", s)
		}
	}
	docker, _ := os.ReadFile(filepath.Join("..", "..", "Dockerfile"))
	for _, line := range strings.Split(string(docker), "\n") {
		if strings.HasPrefix(line, "USER") {
			t.Errorf("Dockerfile sets USER (%s): the container could not write GITHUB_OUTPUT", line)
		}
		if strings.HasPrefix(line, "FROM ") && !strings.Contains(line, "@sha256:") {
			t.Errorf("base image not pinned by digest: %s", line)
		}
		if strings.HasPrefix(line, "ENTRYPOINT") && !strings.HasPrefix(line, `ENTRYPOINT ["/`) {
			t.Errorf("ENTRYPOINT is not exec form straight to the binary: %s", line)
		}
	}
}

func TestE2ELocalRunWithBasePath(t *testing.T) {
	t.Parallel()
	// The README quick start: no git, no Actions, compare two directories.
	bin := binary(t)
	dir := t.TempDir()
	for name, text := range refundV1(t) {
		writeE2EFile(t, filepath.Join(dir, "v1", filepath.Base(name)), text)
	}
	for name, text := range refundV2(t) {
		writeE2EFile(t, filepath.Join(dir, "v2", filepath.Base(name)), *text)
	}
	writeE2EFile(t, filepath.Join(dir, "v2", "search-orders.json"), refundV1(t)["tools/search-orders.json"])
	cmd := exec.Command(bin, "run", "--path", "v2", "--base-path", "v1", "--fail-on", "never", "--summary-file", "summary.md")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
	out, err := cmd.CombinedOutput()
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) || exitErr.ExitCode() != 1 {
		t.Fatalf("local run: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "::") {
		t.Errorf("workflow commands printed outside Actions:\n%s", out)
	}
	for _, s := range []string{"required-property-added", "2 breaking", "v2/refund-order.json"} {
		if !strings.Contains(string(out), s) {
			t.Errorf("local output lacks %q:\n%s", s, out)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "schemaport.sarif")); !os.IsNotExist(err) {
		t.Errorf("a local run wrote a SARIF file nobody asked for")
	}
	if sum, err := os.ReadFile(filepath.Join(dir, "summary.md")); err != nil || !strings.Contains(string(sum), "required-property-added") {
		t.Errorf("summary file: %v\n%s", err, sum)
	}
}

func writeE2EFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestE2ECheckoutPath(t *testing.T) {
	t.Parallel()
	// actions/checkout with `path: sub`: the repository is a subdirectory
	// of the workspace. Annotation and SARIF paths must still be relative
	// to the repository root (GitHub matches them against repository
	// paths), whether the tool path names the checkout directory or
	// working-directory points into it.
	r := buildRepo(t, refundHistory(t))
	ws := filepath.Join(t.TempDir(), "workspace")
	gittest.ShallowClone(t, r.origin, prRef, filepath.Join(ws, "sub"))
	for _, inputs := range []map[string]string{
		{"path": "sub/tools", "fail-on": "never"},
		{"working-directory": "sub", "fail-on": "never"},
	} {
		res := runActionIn(t, ws, filepath.Join(ws, "sub"), "pull_request", prPayload(r), inputs)
		res.wantCode(t, 1)
		res.wantOutputs(t, map[string]string{"base-sha": r.mainTip, "head-sha": r.merge, "breaking-count": "2", "sarif-file": "schemaport.sarif"})
		for _, a := range res.annotations() {
			if f := a.Properties["file"]; f != "" && !strings.HasPrefix(f, "tools/") {
				t.Errorf("inputs %v: annotation file %q is not relative to the repository root", inputs, f)
			}
		}
		if len(res.find("error", "required-property-added")) != 1 {
			t.Errorf("inputs %v: no breaking-change annotation\n%s", inputs, res.dump())
		}
		for _, x := range sarifResults(t, validateSARIF(t, res.sarif), "schemaport/") {
			if !strings.HasPrefix(x[1].(string), "tools/") {
				t.Errorf("inputs %v: SARIF uri %v", inputs, x[1])
			}
		}
	}
}

func TestE2EPullRequestTargetOnTheBaseCheckout(t *testing.T) {
	t.Parallel()
	// pull_request_target checks out the base branch by default: the
	// "head" is then the base itself, and an empty diff must not pass for
	// a verdict on the pull request.
	r := buildRepo(t, refundHistory(t))
	ws := r.checkout("refs/heads/main")
	payload := prPayload(r)
	payload["pull_request"].(map[string]any)["base"] = map[string]any{"sha": r.mainTip, "ref": "main"}
	res := runAction(t, ws, "pull_request_target", payload, map[string]string{"fail-on": "never"})
	res.wantOutputs(t, map[string]string{"base-sha": r.mainTip, "head-sha": r.mainTip, "breaking-count": "0"})
	warn := res.find("warning", "Base equals head")
	if len(warn) != 1 || !strings.Contains(warn[0].Message, "refs/pull/1/merge") {
		t.Fatalf("no warning that nothing was compared: %v\n%s", warn, res.dump())
	}
	if !strings.Contains(res.summary, "checked-out commit itself") {
		t.Errorf("the summary does not say nothing was compared:\n%s", res.summary)
	}

	// The usual case: the base branch moved on after the event's
	// base.sha. Diffing base.sha against the checked-out base branch
	// would blame the pull request for main's own commits (cancel_order
	// added, and its findings as new): the checkout is the base branch,
	// so nothing of the pull request is there to compare.
	stale := runAction(t, r.checkout("refs/heads/main"), "pull_request_target", prPayload(r), map[string]string{"fail-on": "error"})
	stale.wantCode(t, 0)
	stale.wantOutputs(t, map[string]string{"base-sha": r.mainTip, "head-sha": r.mainTip, "breaking-count": "0", "non-breaking-count": "0", "new-count": "0"})
	warn = stale.find("warning", "Base equals head")
	if len(warn) != 1 || !strings.Contains(warn[0].Message, "base branch") || !strings.Contains(warn[0].Message, "refs/pull/1/merge") {
		t.Fatalf("no warning that the checkout is the base branch: %v\n%s", warn, stale.dump())
	}

	// Checking out the pull request's merge ref works as on pull_request.
	merged := runAction(t, r.checkout(prRef), "pull_request_target", prPayload(r), map[string]string{"fail-on": "never"})
	merged.wantCode(t, 1)
	merged.wantOutputs(t, map[string]string{"base-sha": r.mainTip, "head-sha": r.merge, "breaking-count": "2"})
	if n := len(merged.find("warning", "Base equals head")); n != 0 {
		t.Errorf("a base-equals-head warning on a real diff")
	}
}

func TestE2ERemovedToolPointsIntoTheNewFile(t *testing.T) {
	t.Parallel()
	// Two tools in one wrapper file; the pull request removes the second.
	// Its line in the base file is past the end of the new file, so the
	// annotation goes to the nearest surviving place: the `tools` list.
	alpha := `    {"name": "alpha", "description": "A", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}`
	beta := `    {"name": "beta", "description": "B", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}`
	base := "{\n  \"tools\": [\n" + alpha + ",\n\n\n" + beta + "\n  ]\n}\n"
	head := "{\n  \"tools\": [\n" + alpha + "\n  ]\n}\n"
	r := buildRepo(t, history{Base: map[string]string{"tools/all.json": base}, Feature: map[string]*string{"tools/all.json": &head}})
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"fail-on": "never", "targets": "mcp"})
	res.wantCode(t, 1)
	got := res.find("error", "tool-removed")
	if len(got) != 1 {
		t.Fatalf("tool-removed annotations: %v\n%s", got, res.dump())
	}
	if p := got[0].Properties; p["file"] != "tools/all.json" || p["line"] != "2" || p["col"] != "3" {
		t.Errorf("tool-removed annotated at %v, want tools/all.json line 2 col 3 (the tools key)", p)
	}
	if !strings.Contains(got[0].Message, "tools/all.json:6:") {
		t.Errorf("the message does not say where the tool was: %q", got[0].Message)
	}
	for _, x := range sarifResults(t, validateSARIF(t, res.sarif), "schemaport/") {
		if x[0] == "tool-removed" && (x[1] != "tools/all.json" || x[2] != 2) {
			t.Errorf("SARIF tool-removed at %v, want tools/all.json line 2", x)
		}
	}
	var rep struct {
		Diff struct {
			Changes []struct {
				Code    string
				File    string
				Line    int
				OldLine int
			}
		}
	}
	json.Unmarshal(res.report, &rep)
	if len(rep.Diff.Changes) != 1 || rep.Diff.Changes[0].Line != 2 || rep.Diff.Changes[0].OldLine != 6 {
		t.Errorf("report changes = %+v, want the new place (line 2) and the old one (line 6)", rep.Diff.Changes)
	}
}

func TestE2EOneOrderedLogStream(t *testing.T) {
	t.Parallel()
	// The runner reads stdout and stderr concurrently but shares one
	// command state: an error written to stderr while stdout is between
	// ::stop-commands:: and its resume token can be swallowed. Under
	// Actions everything goes to stdout, in order.
	r := buildRepo(t, refundHistory(t))
	for _, inputs := range []map[string]string{
		{"fetch-base": "false"},
		{"fail-on": "sometimes"},
		nil,
	} {
		res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), inputs)
		if res.stderr != "" {
			t.Errorf("inputs %v: output on stderr:\n%s", inputs, res.stderr)
		}
		if len(actiontest.Annotations(res.stdout)) == 0 {
			t.Errorf("inputs %v: no annotations on stdout", inputs)
		}
	}
}
