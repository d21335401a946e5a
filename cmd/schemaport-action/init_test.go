package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
	"github.com/schemaport/schemaport-action/internal/initrepo"
)

// fixedToday makes init's dates (and run's judgement of them)
// deterministic.
func fixedToday(t *testing.T, day string) {
	t.Helper()
	old := finding.Today
	finding.Today = func() string { return day }
	t.Cleanup(func() { finding.Today = old })
}

// exampleRepo is a real git repository holding one bundled example at rel,
// with whatever else files adds, committed.
func exampleRepo(t *testing.T, example, rel string, files map[string]string) string {
	t.Helper()
	src, err := filepath.Abs(filepath.Join("..", "..", "testdata", example))
	if err != nil {
		t.Fatal(err)
	}
	r := gittest.Init(t, t.TempDir())
	r.CopyDir(src, rel)
	for name, text := range files {
		r.Write(name, text)
	}
	r.Commit("tools")
	return r.Dir
}

type writtenConfig struct {
	Schemas []string `json:"schemas"`
	Targets []string `json:"targets"`
	FailOn  string   `json:"failOn"`
	Accept  []struct {
		Tool, Code, Path, Reason, Until string
	} `json:"accept"`
}

func readConfig(t *testing.T, dir string) writtenConfig {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "schemaport.config.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c writtenConfig
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// The workflow parses, runs the released action on the config's paths and
// uploads its SARIF.
func checkWorkflow(t *testing.T, dir string, paths []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ".github", "workflows", "schemaport.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		On   map[string]map[string]any `yaml:"on"`
		Jobs map[string]struct {
			Steps []struct {
				ID   string            `yaml:"id"`
				Uses string            `yaml:"uses"`
				With map[string]string `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatalf("workflow: %v\n%s", err, data)
	}
	steps := wf.Jobs["schemaport"].Steps
	if len(steps) != 3 || steps[1].Uses != "schemaport/schemaport-action@v1" || steps[2].Uses != "github/codeql-action/upload-sarif@v4" {
		t.Fatalf("steps: %+v", steps)
	}
	if got := strings.Fields(steps[1].With["path"]); !slices.Equal(got, paths) {
		t.Errorf("workflow path %v, config schemas %v", got, paths)
	}
	if b := wf.On["push"]["branches"]; !slices.Equal(b.([]any), []any{"main"}) {
		t.Errorf("push branches %v", b)
	}
}

// init on three bundled examples: the config and workflow it writes fit
// the repository, `check` runs on it without a usage or load error, and
// the action's run passes (after --accept-existing where the example has
// findings compile cannot fix).
func TestInitOnBundledExamples(t *testing.T) {
	localEnv(t)
	fixedToday(t, "2026-01-15")
	cases := []struct {
		name, example, rel string
		extra              map[string]string
		schemas, targets   []string
		failOn             string
		red                int // failing findings before --accept-existing
	}{
		{"refund-order", "refund-order/v2", "tools", nil,
			[]string{"tools"}, []string{"openai", "anthropic", "gemini", "mcp"}, "lossy", 0},
		{"native formats", "native", "schemas", map[string]string{"README.json": `{"not": "a tool"}`},
			[]string{"schemas"}, []string{"openai", "anthropic", "gemini", "mcp"}, "lossy", 0},
		{"shapes beside package.json", "shapes", "ai/tools", map[string]string{"package.json": `{"name": "agent"}`, "ai/tools/meta.json": `{"owner": "agents team"}`},
			[]string{"ai/tools/array.json", "ai/tools/wrapper.json"}, []string{"openai", "anthropic", "gemini", "mcp"}, "lossy", 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := exampleRepo(t, c.example, c.rel, c.extra)
			code, out, errOut := runCLI(t, dir, "init")
			if code != 0 || errOut != "" {
				t.Fatalf("init: exit %d\n%s\n%s", code, out, errOut)
			}
			cfg := readConfig(t, dir)
			if !slices.Equal(cfg.Schemas, c.schemas) || !slices.Equal(cfg.Targets, c.targets) || cfg.FailOn != c.failOn || cfg.Accept != nil {
				t.Errorf("config %+v", cfg)
			}
			checkWorkflow(t, dir, c.schemas)
			for _, want := range []string{"Wrote schemaport.config.json: schemas " + strings.Join(c.schemas, ", "), "Wrote .github/workflows/schemaport.yml", "git add schemaport.config.json .github/workflows/schemaport.yml"} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}

			// check reads the config: it loads every tool and exits 0, or 1
			// on the findings the action's accept entries then cover.
			code, cout, cerr := runCLI(t, dir, "check")
			wantCheck := 0
			if c.red > 0 {
				wantCheck = 1
			}
			if code != wantCheck {
				t.Fatalf("check: exit %d, want %d\n%s\n%s", code, wantCheck, cout, cerr)
			}
			code, rout, _ := runIn(t, dir)
			if c.red == 0 {
				if code != 0 {
					t.Fatalf("run: exit %d\n%s", code, rout)
				}
				if !strings.Contains(out, "Nothing fails at failOn lossy") {
					t.Errorf("output:\n%s", out)
				}
				return
			}
			if code != 1 || !strings.Contains(out, "findings fail at failOn lossy: the action fails today") || !strings.Contains(out, "init --accept-existing") {
				t.Fatalf("red before accepting: run exit %d\n%s", code, out)
			}

			code, out, errOut = runCLI(t, dir, "init", "--accept-existing")
			if code != 0 {
				t.Fatalf("init --accept-existing: exit %d\n%s\n%s", code, out, errOut)
			}
			cfg = readConfig(t, dir)
			if len(cfg.Accept) != c.red {
				t.Fatalf("%d accept entries, want %d", len(cfg.Accept), c.red)
			}
			for _, e := range cfg.Accept {
				if e.Until != "2026-04-15" || e.Reason != initrepo.ReasonPlaceholder || e.Tool == "" || e.Code == "" || e.Path == "" {
					t.Errorf("entry %+v", e)
				}
			}
			if !strings.Contains(out, "Accepted 5 failing findings (5 entries) until 2026-04-15") || !strings.Contains(out, "Kept .github/workflows/schemaport.yml") {
				t.Errorf("output:\n%s", out)
			}
			code, rout, _ = runIn(t, dir)
			if code != 0 || !strings.Contains(rout, "5 accepted in the config") {
				t.Fatalf("run after --accept-existing: exit %d\n%s", code, rout)
			}
			// The entries are dated: past their day the run is red again.
			fixedToday(t, "2026-04-16")
			if code, rout, _ = runIn(t, dir); code != 1 {
				t.Errorf("run after the entries expired: exit %d\n%s", code, rout)
			}
		})
	}
}

// A file that exists is never overwritten without --force; with it, both
// are written again from the repository.
func TestInitNeverOverwritesWithoutForce(t *testing.T) {
	localEnv(t)
	fixedToday(t, "2026-01-15")
	dir := exampleRepo(t, "refund-order/v2", "tools", map[string]string{
		".github/workflows/schemaport.yml": "# ours\n",
	})
	code, out, _ := runCLI(t, dir, "init")
	if code != 0 || !strings.Contains(out, "Kept .github/workflows/schemaport.yml: it exists (--force overwrites it).") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	custom := `{"schemas": "tools", "failOn": "never", "rules": {"anthropic/*": "off"}}`
	os.WriteFile(filepath.Join(dir, "schemaport.config.json"), []byte(custom), 0o644)
	code, out, _ = runCLI(t, dir, "init")
	if code != 0 || !strings.Contains(out, "Kept schemaport.config.json") || !strings.Contains(out, "failOn never (from the existing config)") || strings.Contains(out, "Commit them") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "schemaport.config.json")); string(data) != custom {
		t.Errorf("config overwritten:\n%s", data)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, ".github", "workflows", "schemaport.yml")); string(data) != "# ours\n" {
		t.Errorf("workflow overwritten:\n%s", data)
	}
	code, out, _ = runCLI(t, dir, "init", "--force")
	if code != 0 || readConfig(t, dir).FailOn != "lossy" {
		t.Fatalf("--force: exit %d\n%s", code, out)
	}
	checkWorkflow(t, dir, []string{"tools"})
}

// --accept-existing adds to the team's config and keeps every key in it.
func TestInitAcceptExistingKeepsTheConfig(t *testing.T) {
	localEnv(t)
	fixedToday(t, "2026-01-15")
	dir := exampleRepo(t, "refund-order/v2", "tools", map[string]string{
		"schemaport.config.json": `{
  "schemas": ["tools"],
  "rules": {"anthropic/*": "off"},
  "accept": [{"tool": "refund_order", "code": "openai/strict-optional-property", "reason": "kept", "until": "2099-01-01"}]
}
`,
	})
	code, out, errOut := runCLI(t, dir, "init", "--accept-existing")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "schemaport.config.json"))
	var c map[string]json.RawMessage
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	if string(c["rules"]) != `{
    "anthropic/*": "off"
  }` {
		t.Errorf("rules: %s", c["rules"])
	}
	cfg := readConfig(t, dir)
	if len(cfg.Accept) < 2 || cfg.Accept[0].Reason != "kept" || cfg.Accept[1].Until != "2026-04-15" {
		t.Errorf("accept: %+v", cfg.Accept)
	}
	for _, e := range cfg.Accept[1:] {
		if strings.HasPrefix(e.Code, "anthropic/") || (e.Tool == "refund_order" && e.Code == "openai/strict-optional-property") {
			t.Errorf("an entry for a finding the config already handles: %+v", e)
		}
	}
	if code, rout, _ := runIn(t, dir); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, rout)
	}
}

func TestInitRefusals(t *testing.T) {
	localEnv(t)
	fixedToday(t, "2026-01-15")
	dir := writeFiles(t, map[string]string{"package.json": `{"name": "x"}`})
	code, _, errOut := runCLI(t, dir, "init")
	if code != 2 || !strings.Contains(errOut, "No tool files found under") {
		t.Errorf("no tools: exit %d\n%s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "schemaport.config.json")); err == nil {
		t.Error("a config was written for a repository without tools")
	}
	// Two files defining one tool do not load together: nothing is written.
	tl := `{"name": "t", "description": "d", "inputSchema": {"type": "object"}}`
	dir = writeFiles(t, map[string]string{"tools/a.json": tl, "tools/b.json": tl})
	code, _, errOut = runCLI(t, dir, "init")
	if code != 2 || !strings.Contains(errOut, "do not load together") || !strings.Contains(errOut, "tools/b.json:1:") {
		t.Errorf("duplicate: exit %d\n%s", code, errOut)
	}
	code, _, errOut = runCLI(t, dir, "init", "tools")
	if code != 2 || !strings.Contains(errOut, "init takes no paths") {
		t.Errorf("a path: exit %d\n%s", code, errOut)
	}
}

// The compile command init suggests is pasted into a shell: a tool
// directory named `#tools` or `my tools` is quoted there, so the shell
// passes every path as one word (unquoted, `#tools` made the rest a
// comment).
func TestInitQuotesThePathsOfItsSuggestedCommand(t *testing.T) {
	localEnv(t)
	fixedToday(t, "2026-01-15")
	tl := func(name string) string {
		return `{"name": "` + name + `", "description": "d", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}`
	}
	dir := writeFiles(t, map[string]string{"#tools/a.json": tl("a"), "my tools/b.json": tl("b"), "package.json": `{"name": "x"}`})
	code, out, errOut := runCLI(t, dir, "init")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	m := regexp.MustCompile("`schemaport-action compile (.*) --out generated`").FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no compile command:\n%s", out)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	got, err := exec.Command(sh, "-c", `for w in `+m[1]+`; do printf '%s|' "$w"; done`).Output()
	if err != nil || string(got) != "#tools|my tools|" {
		t.Errorf("the shell reads %q (%v) from %s", got, err, m[1])
	}
}
