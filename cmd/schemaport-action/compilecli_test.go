package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
	"github.com/schemaport/schemaport-action/internal/report"
)

// workedExample is compile.md §8: four tools taken from the public compile
// cases (refund_order, tag_resource, record_payment) and core's ping.
func workedExample(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "internal", "compile", "testdata", "compile-cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name string          `json:"name"`
		Tool json.RawMessage `json:"tool"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	pick := func(name string) string {
		for _, c := range cases {
			if c.Name == name {
				return string(c.Tool)
			}
		}
		t.Fatalf("no case %q", name)
		return ""
	}
	return map[string]string{
		"tools/refund-order.json":   pick("anthropic: refund_order - rename only, schema verbatim"),
		"tools/tag-resource.json":   pick("openai: typed additionalProperties map - refused"),
		"tools/record-payment.json": pick("openai: record_payment ($defs, optional $ref) - refused (minLength/maxLength)"),
		// ping takes one argument here (compile.md's takes none): closing
		// an object without properties is lossy under the provider rules,
		// which is the compile cases' business, not this layout test's.
		"tools/ping.json": `{"name": "ping", "inputSchema": {"type": "object", "properties": {"echo": {"type": "string"}}, "required": ["echo"]}}`,
	}
}

func listFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

func TestCompileWorkedExample(t *testing.T) {
	dir := writeFiles(t, workedExample(t))
	code, out, errOut := runCLI(t, dir, "compile", "tools", "--out", "generated")
	if code != 1 || errOut != "" {
		t.Fatalf("exit %d, stderr %q\n%s", code, errOut, out)
	}
	want := []string{
		"anthropic/ping.json", "anthropic/record-payment.json", "anthropic/refund-order.json", "anthropic/tag-resource.json",
		"gemini/ping.json", "gemini/record-payment.json", "gemini/refund-order.json",
		"manifest.json",
		"mcp/ping.json", "mcp/record-payment.json", "mcp/refund-order.json", "mcp/tag-resource.json",
		"openai/ping.json", "openai/record-payment.json", "openai/refund-order.json",
	}
	if got := listFiles(t, filepath.Join(dir, "generated")); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("files:\n%v\nwant\n%v", got, want)
	}
	if !strings.HasSuffix(out, "\nResult: 14 files written to generated, 2 refusals\n") {
		t.Errorf("result line:\n%s", out)
	}
	block := `OpenAI
✗ Refused. Nothing was written for this target.
  Compiling would weaken the schema (dropped-additional-properties-schema at inputSchema.properties.tags.additionalProperties); fix the source schema, or re-run with --allow-lossy to accept the weaker output.
  Path: inputSchema
  • [safe] renamed-input-schema-to-parameters at inputSchema
    Wrote ` + "`inputSchema` as `parameters`." + `
  • [safe] enabled-strict-mode at inputSchema
    Set ` + "`strict: true`" + `, so OpenAI guarantees calls match the schema.
  • [lossy] dropped-additional-properties-schema at inputSchema.properties.tags.additionalProperties
    Replaced the ` + "`additionalProperties` schema with `false`" + `: the object no longer takes extra keys.
  • [safe] added-additional-properties-false at inputSchema.additionalProperties
    Added ` + "`additionalProperties: false`" + `, which strict mode requires.
  Re-run with --allow-lossy to accept the weaker output.
`
	if !strings.Contains(out, block) {
		t.Errorf("refusal block missing:\n%s", out)
	}
	ping, _ := os.ReadFile(filepath.Join(dir, "generated", "gemini", "ping.json"))
	if want := "{\n  \"name\": \"ping\",\n  \"parameters\": {\n    \"type\": \"OBJECT\",\n    \"properties\": {\n      \"echo\": {\n        \"type\": \"STRING\"\n      }\n    },\n    \"required\": [\n      \"echo\"\n    ]\n  }\n}\n"; string(ping) != want {
		t.Errorf("gemini ping: %q", ping)
	}
	var manifest struct {
		SchemaPortVersion string   `json:"schemaPortVersion"`
		Targets           []string `json:"targets"`
		Tools             []struct {
			Name    string                     `json:"name"`
			Source  string                     `json:"source"`
			Targets map[string]json.RawMessage `json:"targets"`
		} `json:"tools"`
	}
	data, _ := os.ReadFile(filepath.Join(dir, "generated", "manifest.json"))
	if err := json.Unmarshal(data, &manifest); err != nil {
		t.Fatal(err)
	}
	if manifest.SchemaPortVersion != "0.1.0" || strings.Join(manifest.Targets, ",") != "anthropic,gemini,mcp,openai" || len(manifest.Tools) != 4 {
		t.Errorf("manifest head: %+v", manifest)
	}
	var keys []string
	for _, tl := range manifest.Tools {
		var ids []string
		for id := range tl.Targets {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		keys = append(keys, tl.Name+"@"+tl.Source+":"+strings.Join(ids, ","))
	}
	if got := strings.Join(keys, " "); got != "ping@tools/ping.json:anthropic,gemini,mcp,openai record_payment@tools/record-payment.json:anthropic,gemini,mcp,openai refund_order@tools/refund-order.json:anthropic,gemini,mcp,openai tag_resource@tools/tag-resource.json:anthropic,mcp" {
		t.Errorf("manifest tools: %s", got)
	}

	// JSON: SchemaPort's document plus the refusal reasons.
	code, out, _ = runCLI(t, dir, "compile", "tools", "--out", "generated", "--format", "json")
	var doc struct {
		Command  string         `json:"command"`
		Summary  map[string]int `json:"summary"`
		Out      string         `json:"out"`
		Refusals []struct {
			Tool, Target string
			Blocking     []struct{ Code, Path, File string }
		} `json:"refusals"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 1 {
		t.Fatalf("json (exit %d): %v\n%s", code, err, out)
	}
	if doc.Command != "compile" || doc.Summary["tools"] != 4 || doc.Summary["written"] != 14 || doc.Summary["refused"] != 2 || doc.Out != "generated" {
		t.Errorf("json summary: %+v", doc)
	}
	// record_payment compiles for OpenAI: its minLength/maxLength are kept
	// (openai/string-length-not-guaranteed, a warning).
	if len(doc.Refusals) != 2 || doc.Refusals[0].Tool != "tag_resource" || doc.Refusals[0].Target != "openai" ||
		doc.Refusals[0].Blocking[0].Code != "core/lossy-transformation-refused" || doc.Refusals[0].Blocking[0].File != "tools/tag-resource.json" {
		t.Errorf("refusals: %+v", doc.Refusals)
	}
	if !strings.HasPrefix(out, "{\n  \"command\": \"compile\",\n  \"schemaPortVersion\": \"0.1.0\",\n  \"summary\": {\n    \"tools\": 4,") {
		t.Errorf("json key order:\n%s", out[:200])
	}
}

func TestCompileIsByteStableAndRemovesOnlyItsStaleFiles(t *testing.T) {
	dir := writeFiles(t, workedExample(t))
	gen := filepath.Join(dir, "generated")
	// Gemini refuses tag_resource even with --allow-lossy: its map is an
	// OBJECT without properties once additionalProperties is dropped, which
	// Gemini rejects (gemini/free-form-object).
	if code, out, _ := runCLI(t, dir, "compile", "tools", "--out", "generated", "--allow-lossy"); code != 1 {
		t.Fatalf("allow-lossy exit %d\n%s", code, out)
	}
	read := func(rel string) string {
		data, err := os.ReadFile(filepath.Join(gen, rel))
		if err != nil {
			return "<" + err.Error() + ">"
		}
		return string(data)
	}
	first := map[string]string{}
	for _, f := range listFiles(t, gen) {
		first[f] = read(f)
	}
	if len(first) != 16 {
		t.Fatalf("want 15 files and the manifest, have %v", listFiles(t, gen))
	}
	os.WriteFile(filepath.Join(gen, "openai", "notes.json"), []byte("mine\n"), 0o644)
	runCLI(t, dir, "compile", "tools", "--out", "generated", "--allow-lossy")
	for f, text := range first {
		if read(f) != text {
			t.Errorf("%s changed on a second identical run", f)
		}
	}
	// Without --allow-lossy two pairs are refused: their old files go,
	// and nothing we did not write is touched.
	code, _, _ := runCLI(t, dir, "compile", "tools", "--out", "generated")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	for _, gone := range []string{"openai/tag-resource.json", "gemini/tag-resource.json"} {
		if _, err := os.Stat(filepath.Join(gen, gone)); err == nil {
			t.Errorf("stale %s kept", gone)
		}
	}
	if read("openai/notes.json") != "mine\n" {
		t.Errorf("a file compile did not write was touched")
	}
	// A removed tool's files go too.
	os.Remove(filepath.Join(dir, "tools", "ping.json"))
	runCLI(t, dir, "compile", "tools", "--out", "generated")
	if got := listFiles(t, gen); strings.Contains(strings.Join(got, " "), "ping") {
		t.Errorf("removed tool's files kept: %v", got)
	}
}

func TestCompileInputErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"tools/a.json":    `{"name": "refund_order", "inputSchema": {"type": "object"}}`,
		"tools/b.json":    `{"name": "Refund-Order", "inputSchema": {"type": "object"}}`,
		"bad/broken.json": `{"name": "x", "inputSchema": {"type": "object",}}`,
		"empty/none.json": `[]`,
	})
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"compile", "tools"}, 2, "compile needs an output directory"},
		{[]string{"compile", "tools", "--out", "o", "--format", "sarif"}, 2, "Unknown --format `sarif`. Valid formats are: text, json."},
		{[]string{"compile", "tools", "--out", "o", "--fail-on", "error"}, 2, "fail-on"},
		{[]string{"compile", "tools", "--out", "o", "--targets", "openai"}, 2, `tools/a.json:1:10: Tools "refund_order" and "Refund-Order" (tools/b.json:1:10) would both be written as refund-order.json; rename one of them.`},
		{[]string{"compile", "bad", "--out", "o"}, 2, "bad/broken.json"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, dir, c.args...)
		if code != c.code || !strings.Contains(out+errOut, c.want) {
			t.Errorf("%v: exit %d\n%s%s", c.args, code, out, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "o")); err == nil {
		t.Errorf("an input error created the output directory")
	}
	// No tools: nothing to compile, but the manifest says so.
	code, out, _ := runCLI(t, dir, "compile", "empty", "--out", "o")
	if code != 0 || out != "No tools found.\n" {
		t.Errorf("zero tools: exit %d\n%s", code, out)
	}
	if m, _ := os.ReadFile(filepath.Join(dir, "o", "manifest.json")); string(m) != "{\n  \"schemaPortVersion\": \"0.1.0\",\n  \"targets\": [\n    \"anthropic\",\n    \"gemini\",\n    \"mcp\",\n    \"openai\"\n  ],\n  \"tools\": []\n}\n" {
		t.Errorf("manifest: %q", m)
	}
}

// TestCompileCheckOnGitRepository commits compiled files to a real
// repository and runs the built binary's `compile --check` the way CI
// would, through every way the directory can fall out of date.
func TestCompileCheckOnGitRepository(t *testing.T) {
	gittest.RequireGit(t)
	bin := binary(t)
	repo := gittest.Init(t, filepath.Join(t.TempDir(), "repo"))
	for name, text := range workedExample(t) {
		repo.Write(name, text)
	}
	run := func(args ...string) (int, string) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = repo.Dir
		cmd.Env = append(os.Environ(), "NO_COLOR=1")
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return code, string(out)
	}
	// 1: Gemini refuses tag_resource whatever the flag (free-form-object).
	if code, out := run("compile", "tools", "--out", "generated", "--allow-lossy"); code != 1 {
		t.Fatalf("compile: %d\n%s", code, out)
	}
	repo.Commit("tools and their compiled files")
	if code, out := run("compile", "tools", "--out", "generated", "--allow-lossy", "--check"); code != 0 || out != "✓ generated is up to date.\n" {
		t.Fatalf("fresh checkout: %d\n%s", code, out)
	}

	// An edited description: the four files of that tool differ.
	text := strings.Replace(workedExample(t)["tools/refund-order.json"], "Refunds all or part", "Refunds part", 1)
	repo.Write("tools/refund-order.json", text)
	code, out := run("compile", "tools", "--out", "generated", "--allow-lossy", "--check")
	want := "✗ generated/openai/refund-order.json differs from what compiling writes (- on disk, + compiled):\n" +
		"      \"name\": \"refund_order\",\n" +
		"  -   \"description\": \"Refunds all or part of an order\",\n" +
		"  +   \"description\": \"Refunds part of an order\",\n" +
		"      \"parameters\": {\n"
	if code != 1 || !strings.Contains(strings.ReplaceAll(out, "\n    ", "\n  "), want) || !strings.Contains(out, "Result: 4 compiled files out of date in generated.") {
		t.Errorf("edited tool: %d\n%s", code, out)
	}
	// A deleted tool: its files are stale. A new refusal: the old file is
	// stale too (what SchemaPort's `git diff --exit-code` gate misses).
	repo.Git("checkout", "--", "tools")
	repo.Remove("tools/ping.json")
	code, out = run("compile", "tools", "--out", "generated", "--check", "--format", "json")
	var doc struct {
		UpToDate bool `json:"upToDate"`
		Files    []struct{ Path, Status string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 1 || doc.UpToDate {
		t.Fatalf("json: %d %v\n%s", code, err, out)
	}
	got := map[string]string{}
	for _, f := range doc.Files {
		got[f.Path] = f.Status
	}
	for path, status := range map[string]string{
		"openai/ping.json": "stale", "gemini/ping.json": "stale", "openai/tag-resource.json": "stale",
		"manifest.json": "differs",
	} {
		if got[path] != status {
			t.Errorf("%s: %q, want %q (all: %v)", path, got[path], status, got)
		}
	}
	// Compiling brings the directory back in line, and git sees exactly
	// the removals and the manifest change.
	if code, _ := run("compile", "tools", "--out", "generated"); code != 1 {
		t.Fatalf("compile exit %d", code)
	}
	if code, out := run("compile", "tools", "--out", "generated", "--check"); code != 0 {
		t.Errorf("after compile: %d\n%s", code, out)
	}
	status := repo.Git("status", "--porcelain", "generated")
	for _, gone := range []string{" D generated/openai/ping.json", " D generated/openai/tag-resource.json", " M generated/manifest.json"} {
		if !strings.Contains(status, gone) {
			t.Errorf("git status lacks %q:\n%s", gone, status)
		}
	}
}

// The output directory is the repository's, and a pull request can plant
// links in it: compile never writes or removes through one.
func TestCompileNeverWritesThroughALink(t *testing.T) {
	dir := writeFiles(t, map[string]string{"tools/a.json": `{"name": "a", "description": "A", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}}`})
	outside := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "generated"), 0o755)
	if err := os.Symlink(outside, filepath.Join(dir, "generated", "openai")); err != nil {
		t.Skip("no symlinks here")
	}
	code, _, errOut := runCLI(t, dir, "compile", "tools", "--out", "generated")
	if code != 2 || !strings.HasPrefix(errOut, "✗ Could not write the compiled files to `generated`: ") || !strings.Contains(errOut, "refusing to write there") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("wrote outside the output directory: %v", entries)
	}
	os.Remove(filepath.Join(dir, "generated", "openai"))
	victim := filepath.Join(outside, "victim.json")
	os.WriteFile(victim, []byte("keep\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "generated", "mcp"), 0o755)
	os.Symlink(victim, filepath.Join(dir, "generated", "mcp", "a.json"))
	if code, _, errOut := runCLI(t, dir, "compile", "tools", "--out", "generated"); code != 2 || !strings.Contains(errOut, "symbolic link") {
		t.Errorf("link as a file: exit %d, stderr %q", code, errOut)
	}
	if data, _ := os.ReadFile(victim); string(data) != "keep\n" {
		t.Errorf("wrote through a link: %q", data)
	}
}

// An --out that cannot be a directory is an input error said the way
// every other is: one JSON document on stdout with --format json (stdout
// was empty and a Go error went to stderr), else one ✗ line naming --out
// as the user wrote it.
func TestCompileOutThatIsAFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"tools/a.json": `{"name": "a", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}`,
		"taken":        "a file",
	})
	for _, check := range []bool{false, true} {
		args := []string{"compile", "tools", "--out", "taken/out", "--allow-lossy"}
		if check {
			args = append(args, "--check")
		}
		code, stdout, stderr := runCLI(t, dir, append(args, "--format", "json")...)
		if code != 2 || stderr != "" || !strings.Contains(stdout, "\"errors\"") || !strings.Contains(stdout, "compiled files") || !strings.Contains(stdout, "`taken/out`") {
			t.Errorf("%v json: exit %d stdout %q stderr %q", args, code, stdout, stderr)
		}
		code, stdout, stderr = runCLI(t, dir, args...)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "✗ Could not ") || !strings.Contains(stderr, "`taken/out`") || strings.Contains(stderr, dir) {
			t.Errorf("%v: exit %d stdout %q stderr %q", args, code, stdout, stderr)
		}
	}
}

// A small tool whose definitions each use the previous one twice inlines
// into hundreds of thousands of subschemas for Gemini (up to the inlining
// cap): the text report lists a bounded number of transformations per
// pair and counts the rest (the manifest has them all). It printed one
// entry per inlined reference: 15 MB for a 6 KB file.
func TestCompileTextListsBoundedTransformations(t *testing.T) {
	var defs strings.Builder
	defs.WriteString(`"a0": {"type": "string"}`)
	for i := 1; i < 40; i++ {
		fmt.Fprintf(&defs, `, "a%d": {"type": "object", "properties": {"x": {"$ref": "#/$defs/a%d"}, "y": {"$ref": "#/$defs/a%d"}}, "required": ["x", "y"], "additionalProperties": false}`, i, i-1, i-1)
	}
	dir := writeFiles(t, map[string]string{"tools/bomb.json": `{"name": "bomb", "description": "d", "inputSchema": {"type": "object", "$defs": {` +
		defs.String() + `}, "properties": {"root": {"$ref": "#/$defs/a39"}}, "required": ["root"], "additionalProperties": false}}`})
	code, stdout, stderr := runCLI(t, dir, "compile", "tools", "--out", "out", "--targets", "gemini", "--allow-lossy")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d stderr %q", code, stderr)
	}
	if n := strings.Count(stdout, "\n  • ["); n != report.MaxListedTransformations || len(stdout) > 100_000 ||
		!regexp.MustCompile(`\n  … \d+ more transformations \(\d+ lossy\), listed in manifest\.json\.\n`).MatchString(stdout) {
		t.Errorf("%d transformations listed, %d bytes:\n%.2000s", n, len(stdout), stdout[max(0, len(stdout)-2000):])
	}
}
