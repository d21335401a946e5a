package actionrun

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/action"
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
	"github.com/schemaport/schemaport-action/internal/tool"
)

func TestRunHelpAndUsage(t *testing.T) {
	localEnv(t)
	dir := t.TempDir()
	code, out, _ := runIn(t, dir, "--help")
	if code != 0 || !strings.Contains(out, "--base-path") || !strings.Contains(out, "--breaking-fail-on") {
		t.Fatalf("run --help: %d\n%s", code, out)
	}
	code, out, errOut := runIn(t, dir, "--no-such-flag")
	if code != 2 || out != "" || !strings.Contains(errOut, "✗ Unknown option `--no-such-flag`.") || !strings.Contains(errOut, "run --help") {
		t.Fatalf("unknown flag: %d\nstdout %q\nstderr %q", code, out, errOut)
	}
	if strings.Contains(errOut, "::") {
		t.Fatalf("a workflow command outside Actions: %q", errOut)
	}
}

func TestRunLocallyAgainstABaseDirectory(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	code, out, errOut := runIn(t, dir, "--path", "v2", "--base-path", "v1", "--fail-on", "never", "--sarif-file", "out.sarif", "--report-file", "report.json")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (breaking changes)\n%s\n%s", code, out, errOut)
	}
	for _, s := range []string{"Diff against --base-path v1", "BREAKING", "Compared with the base tool set in v1.", "SchemaPort: fail."} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	var rep map[string]any
	data, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil || json.Unmarshal(data, &rep) != nil {
		t.Fatalf("report.json: %v\n%s", err, data)
	}
	if rep["result"] != "fail" || rep["baseSha"] != nil || rep["baseFrom"] != "--base-path v1" || rep["inputErrors"] != nil || rep["diff"] == nil {
		t.Errorf("report = %v", rep)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.sarif")); err != nil {
		t.Errorf("the SARIF file asked for was not written: %v", err)
	}

	code, _, _ = runIn(t, dir, "--path", "v2", "--base-path", "v1", "--fail-on", "never", "--label", "breaking-change-approved")
	if code != 0 {
		t.Errorf("with the approval label: exit %d, want 0", code)
	}
}

func TestRunLocallyWithoutBase(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	code, out, _ := runIn(t, dir, "--path", "v1")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (check errors)", code)
	}
	if !strings.Contains(out, "No breaking-change diff: no base revision was given") || strings.Contains(out, "Diff:") {
		t.Errorf("the missing diff is not explained:\n%s", out)
	}
	code, _, errOut := runIn(t, dir, "--path", "v1", "--base", "main")
	if code != 2 || !strings.Contains(errOut, "is not a git checkout") {
		t.Errorf("--base outside git: exit %d\n%s", code, errOut)
	}
	code, _, errOut = runIn(t, dir, "--path", "v1", "--base", "main", "--base-path", "v2")
	if code != 2 || !strings.Contains(errOut, "pass one") {
		t.Errorf("--base and --base-path: exit %d\n%s", code, errOut)
	}
}

func TestRunBrokenHeadLocally(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	writeE2EFile(t, filepath.Join(dir, "v2", "broken.json"), "{\"name\": ")
	code, out, _ := runIn(t, dir, "--path", "v2", "--base-path", "v1", "--report-file", "r.json")
	if code != 2 {
		t.Fatalf("exit %d, want 2\n%s", code, out)
	}
	var rep struct {
		Result      string
		InputErrors struct{ Errors []struct{ File string } }
		Check, Diff any
	}
	data, _ := os.ReadFile(filepath.Join(dir, "r.json"))
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	// The broken file does not hide the rest: the others are checked and
	// diffed, and the run still exits 2.
	if rep.Result != "error" || len(rep.InputErrors.Errors) != 1 || rep.Check == nil || rep.Diff == nil {
		t.Errorf("report = %+v\n%s", rep, data)
	}
}

func TestBaseArgs(t *testing.T) {
	got := baseArgs([]string{"tools", "/repo/sub/abs/x.json"}, "/repo", "/tmp/b")
	want := []string{"tools", filepath.Join("/tmp/b", "sub", "abs", "x.json")}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("baseArgs = %q, want %q", got, want)
	}
}

func TestRepoPath(t *testing.T) {
	r := &actionRun{root: "/repo", workdir: "/repo/sub"}
	for in, want := range map[string]string{"tools": "sub/tools", "../top": "top", "/repo/sub/a.json": "sub/a.json", ".": "sub"} {
		got, err := r.repoPath(in)
		if err != nil || got != want {
			t.Errorf("repoPath(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"../../elsewhere", "/etc/passwd"} {
		if _, err := r.repoPath(in); err == nil || !strings.Contains(err.Error(), "outside the repository") {
			t.Errorf("repoPath(%q) = %v, want an error", in, err)
		}
	}
}

func TestJSONReportShape(t *testing.T) {
	r := &actionRun{settings: &action.Settings{}, baseSHA: strings.Repeat("a", 40), baseFrom: "push", headSHA: "h", notes: []string{`say "hi"`}}
	var buf bytes.Buffer
	if err := r.writeJSONReport(&buf, outcome{approved: true, diff: &diff.Result{}, policy: finding.Apply(finding.Policy{}, nil, nil)}, nil); err != nil {
		t.Fatal(err)
	}
	var rep map[string]any
	if err := json.Unmarshal(buf.Bytes(), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, buf.String())
	}
	if rep["command"] != "run" || rep["result"] != "pass" || rep["breakingApproved"] != true || rep["check"] != nil ||
		rep["diff"] == nil || !reflect.DeepEqual(rep["notes"], []any{`say "hi"`}) {
		t.Fatalf("report = %v", rep)
	}
}

func TestRelocateRemoved(t *testing.T) {
	// Base and head are loaded from different directories under the same
	// display path, as the action does with the materialized base.
	load := func(files map[string]string) []*tool.Tool {
		dir := t.TempDir()
		for name, text := range files {
			writeE2EFile(t, filepath.Join(dir, name), text)
		}
		res := tool.Load([]string{"tools"}, tool.Options{Cwd: dir})
		if len(res.Errors) > 0 {
			t.Fatalf("load: %+v", res.Errors)
		}
		return res.Tools
	}
	one := func(name string) string {
		// Distinct schemas, so no removal is taken for a rename.
		return `{"name": "` + name + `", "description": "d", "inputSchema": {"type": "object", "properties": {"` + name + `": {}}}}`
	}
	base := load(map[string]string{
		"tools/array.json":  "[\n" + one("a1") + ",\n" + one("a2") + "\n]\n",
		"tools/single.json": "\n\n" + one("s1") + "\n",
		"tools/gone.json":   one("g1") + "\n",
	})
	head := load(map[string]string{
		"tools/array.json":  "[\n" + one("a1") + "\n]\n",
		"tools/single.json": "  " + one("s2") + "\n",
	})
	res := diff.ToolSets(base, head, diff.Options{})
	relocateRemoved(res, base, head)
	got := map[string]string{}
	for _, c := range res.Changes {
		if c.Code == "tool-removed" {
			got[c.ToolName] = fmt.Sprintf("%s:%d:%d-%d:%d was %s:%d", c.New.File, c.New.Line, c.New.Column, c.New.EndLine, c.New.EndColumn, c.Old.File, c.Old.Line)
		}
	}
	want := map[string]string{
		"a2": "tools/array.json:1:1-1:2 was tools/array.json:3",   // the array that held it
		"s1": "tools/single.json:1:3-1:4 was tools/single.json:3", // the file's new top-level value
		"g1": ":0:0-0:0 was tools/gone.json:1",                    // the file is gone: nothing survives
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tool-removed locations:\n got %v\nwant %v", got, want)
	}
}

// The readable report in the log stops at its budget, at a line end, and
// says how many lines it dropped.
func TestLogCapCutsAtALineEnd(t *testing.T) {
	var out strings.Builder
	left := 10
	lw := &logCap{w: &out, left: &left}
	for _, chunk := range []string{"abc\nde", "f\nghi\n", "jkl\n"} {
		if _, err := lw.Write([]byte(chunk)); err != nil {
			t.Fatal(err)
		}
	}
	if err := lw.finish(); err != nil {
		t.Fatal(err)
	}
	want := "abc\ndef\n… 2 more lines are not shown: the log holds at most 8 MiB of report. The JSON report and the SARIF file have the findings.\n"
	if out.String() != want {
		t.Fatalf("got %q\nwant %q", out.String(), want)
	}
}

// A report the run cannot write makes it an error: exit 2 and `result`
// error in the step outputs, with the verdict on the findings still in
// the log.
func TestUnwritableReportIsAnError(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	outputs := filepath.Join(t.TempDir(), "outputs")
	writeE2EFile(t, outputs, "")
	t.Setenv("GITHUB_OUTPUT", outputs)
	if err := os.Symlink(filepath.Join(t.TempDir(), "elsewhere"), filepath.Join(dir, "out.sarif")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runIn(t, dir, "--path", "v2", "--base-path", "v1", "--sarif-file", "out.sarif")
	data, err := os.ReadFile(outputs)
	if err != nil {
		t.Fatal(err)
	}
	if code != 2 || !regexp.MustCompile(`(?m)^result<<(\S+)\nerror\n`).Match(data) || !strings.Contains(stderr, "cannot write the SARIF file") || !strings.Contains(stdout, "SchemaPort: fail.") {
		t.Errorf("exit %d, outputs:\n%s\nstderr:\n%s\nlog tail:\n%s", code, data, stderr, stdout[max(0, len(stdout)-600):])
	}
}

// In a workflow, a config error is annotated on the config file's line
// and column, and the run is an error.
func TestConfigErrorIsAnnotatedOnItsLine(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	gittest.Init(t, dir)
	writeE2EFile(t, filepath.Join(dir, "schemaport.config.json"), "{\n  \"failOn\": \"sometimes\"\n}\n")
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_WORKSPACE", dir)
	code, stdout, _ := runIn(t, dir, "--path", "v2", "--base-path", "v1")
	if code != 2 || !regexp.MustCompile(`(?m)^::error col=13,endLine=2,file=schemaport\.config\.json,line=2,title=SchemaPort%3A cannot run::schemaport\.config\.json:2:13: `).MatchString(stdout) {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}

// A link planted where a compiled file belongs (to /dev/zero: reading it
// never ends) is not the compiled file: the compiled-path check fails on
// it, naming it, instead of passing with a warning that nothing was
// compared.
func TestPlantedLinkInCompiledPathFailsTheCheck(t *testing.T) {
	localEnv(t)
	dir := refundDirs(t)
	head := tool.Load([]string{filepath.Join(dir, "v2")}, tool.Options{Cwd: dir})
	plan, err := compile.Build(head.Tools, check.DefaultTargets(), false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Write(filepath.Join(dir, "gen")); err != nil {
		t.Fatal(err)
	}
	planted := filepath.Join(dir, "gen", "openai", "refund-order.json")
	os.Remove(planted)
	if err := os.Symlink("/dev/zero", planted); err != nil {
		t.Skip(err)
	}
	t.Setenv("INPUT_COMPILED-PATH", "gen")
	code, stdout, stderr := runIn(t, dir, "--path", "v2", "--base-path", "v1", "--fail-on", "never", "--breaking-fail-on", "never")
	if code != 1 || !strings.Contains(stdout, "1 compiled file in `gen` out of date") || !strings.Contains(stdout, "symbolic link") || strings.Contains(stdout+stderr, "not checked") {
		t.Errorf("exit %d:\n%s\n%s", code, stdout[max(0, len(stdout)-1500):], stderr)
	}
}
