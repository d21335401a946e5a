package action

import (
	"reflect"
	"strings"
	"testing"
)

func envOf(kv map[string]string) Env {
	return Env{Lookup: func(k string) (string, bool) { v, ok := kv[k]; return v, ok }}
}

// runnerInputs is what the runner sets for this action when the workflow
// gives no `with:` at all: every input at its action.yml default.
func runnerInputs() map[string]string {
	return map[string]string{
		"GITHUB_ACTIONS":             "true",
		"INPUT_PATH":                 "",
		"INPUT_TARGETS":              "",
		"INPUT_FAIL-ON":              "",
		"INPUT_BREAKING-FAIL-ON":     "breaking",
		"INPUT_BASE":                 "",
		"INPUT_FETCH-BASE":           "true",
		"INPUT_ALLOW-BREAKING-LABEL": "breaking-change-approved",
		"INPUT_ANNOTATIONS":          "true",
		"INPUT_SARIF-FILE":           "schemaport.sarif",
		"INPUT_SARIF-CATEGORY":       "schemaport/",
		"INPUT_REPORT-FILE":          "schemaport-report.json",
		"INPUT_JOB-SUMMARY":          "true",
		"INPUT_CONFIG":               "",
		"INPUT_WORKING-DIRECTORY":    ".",
	}
}

func TestInputVarKeepsHyphens(t *testing.T) {
	for name, want := range map[string]string{
		"fail-on":              "INPUT_FAIL-ON",
		"allow-breaking-label": "INPUT_ALLOW-BREAKING-LABEL",
		"path":                 "INPUT_PATH",
		"odd name":             "INPUT_ODD_NAME",
	} {
		if got := InputVar(name); got != want {
			t.Errorf("InputVar(%q) = %q, want %q", name, got, want)
		}
	}
	// go-githubactions must read the same variable.
	env := envOf(map[string]string{"INPUT_BREAKING-FAIL-ON": "  any \n"})
	if v, present := env.input("breaking-fail-on"); v != "any" || !present {
		t.Fatalf("input(breaking-fail-on) = %q, %v", v, present)
	}
	env = envOf(map[string]string{"INPUT_BREAKING_FAIL_ON": "any"})
	if v, _ := env.input("breaking-fail-on"); v != "" {
		t.Fatalf("an underscore variable was read for a hyphenated input: %q", v)
	}
}

func TestSettingsDefaultsUnderTheRunner(t *testing.T) {
	s, err := ParseSettings(nil, envOf(runnerInputs()))
	if err != nil {
		t.Fatal(err)
	}
	want := &Settings{
		BreakingFailOn:     "breaking",
		FetchBase:          true,
		AllowBreakingLabel: "breaking-change-approved",
		Annotations:        true,
		SARIFFile:          "schemaport.sarif",
		SARIFCategory:      "schemaport/",
		ReportFile:         "schemaport-report.json",
		JobSummary:         true,
		WorkingDirectory:   ".",
	}
	if !reflect.DeepEqual(s, want) {
		t.Fatalf("settings =\n%+v\nwant\n%+v", s, want)
	}
}

func TestSettingsFromHyphenatedInputs(t *testing.T) {
	in := runnerInputs()
	in["INPUT_PATH"] = "tools\n  more/tools  \n\n"
	in["INPUT_TARGETS"] = "openai, mcp"
	in["INPUT_FAIL-ON"] = "warning"
	in["INPUT_BREAKING-FAIL-ON"] = "any"
	in["INPUT_BASE"] = "origin/main"
	in["INPUT_FETCH-BASE"] = "FALSE"
	in["INPUT_ALLOW-BREAKING-LABEL"] = "ok-to-break"
	in["INPUT_ANNOTATIONS"] = "False"
	in["INPUT_SARIF-FILE"] = "out/x.sarif"
	in["INPUT_SARIF-CATEGORY"] = "tools/"
	in["INPUT_JOB-SUMMARY"] = "false"
	in["INPUT_CONFIG"] = "ci.config.json"
	in["INPUT_WORKING-DIRECTORY"] = "sub"
	s, err := ParseSettings(nil, envOf(in))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.Paths, []string{"tools", "more/tools"}) || !s.PathsSet {
		t.Errorf("paths = %q", s.Paths)
	}
	got := []any{s.Targets, s.TargetsSet, s.FailOn, s.BreakingFailOn, s.Base, s.FetchBase, s.AllowBreakingLabel,
		s.Annotations, s.SARIFFile, s.SARIFCategory, s.JobSummary, s.Config, s.WorkingDirectory}
	want := []any{"openai, mcp", true, "warning", "any", "origin/main", false, "ok-to-break",
		false, "out/x.sarif", "tools/", false, "ci.config.json", "sub"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %v\nwant %v", got, want)
	}
}

func TestFlagsWinOverInputs(t *testing.T) {
	in := runnerInputs()
	in["INPUT_PATH"] = "from-env"
	in["INPUT_BASE"] = "env-base"
	in["INPUT_FAIL-ON"] = "never"
	s, err := ParseSettings([]string{"--path", "a", "--path=b", "--base", "origin/main", "--fail-on", "error",
		"--annotations=false", "--fetch-base=false", "--sarif-file", "", "--label", "x", "--label", "y"}, envOf(in))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.Paths, []string{"a", "b"}) || s.Base != "origin/main" || s.FailOn != "error" ||
		s.Annotations || s.FetchBase || s.SARIFFile != "" || !reflect.DeepEqual(s.Labels, []string{"x", "y"}) {
		t.Fatalf("settings = %+v", s)
	}
}

func TestLocalDefaults(t *testing.T) {
	s, err := ParseSettings([]string{"tools", "--base-path", "old"}, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if s.Annotations {
		t.Error("annotations on outside Actions")
	}
	if !reflect.DeepEqual(s.Paths, []string{"tools"}) || !reflect.DeepEqual(s.BasePaths, []string{"old"}) {
		t.Errorf("paths %q base paths %q", s.Paths, s.BasePaths)
	}
	if s.SARIFFile != "" || s.ReportFile != "" || !s.JobSummary || !s.FetchBase {
		t.Errorf("defaults: %+v", s)
	}
}

func TestEmptyFileInputTurnsTheFileOff(t *testing.T) {
	in := runnerInputs()
	in["INPUT_SARIF-FILE"] = ""
	in["INPUT_REPORT-FILE"] = "  "
	in["INPUT_ALLOW-BREAKING-LABEL"] = ""
	s, err := ParseSettings(nil, envOf(in))
	if err != nil {
		t.Fatal(err)
	}
	if s.SARIFFile != "" || s.ReportFile != "" || s.AllowBreakingLabel != "" {
		t.Fatalf("sarif %q report %q label %q, want all off", s.SARIFFile, s.ReportFile, s.AllowBreakingLabel)
	}
}

func TestSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{nil, map[string]string{"INPUT_FETCH-BASE": "yes"}, "Input `fetch-base` must be true or false, not `yes`."},
		{nil, map[string]string{"INPUT_BREAKING-FAIL-ON": "major"}, "Unknown breaking-fail-on `major`"},
		{[]string{"--breaking-fail-on", "x"}, nil, "Unknown breaking-fail-on `x`"},
		{[]string{"--bogus"}, nil, "Unknown option `--bogus`."},
		{[]string{"--base", "main", "--base-path", "v1"}, nil, "pass one"},
		{[]string{"--annotations=maybe"}, nil, "takes no value"},
	} {
		_, err := ParseSettings(tc.args, envOf(tc.env))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseSettings(%q, %v) error = %v, want %q", tc.args, tc.env, err, tc.want)
		}
	}
}

// Code scanning reads automationDetails.id as "category/run-id": an id
// without a slash has an empty category, so two such uploads collide. The
// category input is completed with a slash, as upload-sarif's own
// `category` input is.
func TestSARIFCategoryGetsItsSlash(t *testing.T) {
	for in, want := range map[string]string{
		"schemaport":        "schemaport/",
		"schemaport/":       "schemaport/",
		"tools/agents":      "tools/agents",
		"":                  "schemaport/",
		" spaced-category ": "spaced-category/",
	} {
		env := runnerInputs()
		env["INPUT_SARIF-CATEGORY"] = in
		s, err := ParseSettings(nil, envOf(env))
		if err != nil {
			t.Fatal(err)
		}
		if s.SARIFCategory != want {
			t.Errorf("sarif-category %q became %q, want %q", in, s.SARIFCategory, want)
		}
	}
	s, err := ParseSettings([]string{"--sarif-category", "local"}, envOf(nil))
	if err != nil || s.SARIFCategory != "local/" {
		t.Errorf("--sarif-category local: %q, %v", s.SARIFCategory, err)
	}
}

// fail-on-target-regression: unset (the config or the default decides),
// from the input, from the flag (which wins), and a bad value refused.
func TestFailOnTargetRegression(t *testing.T) {
	s, err := ParseSettings(nil, envOf(map[string]string{"INPUT_FAIL-ON-TARGET-REGRESSION": ""}))
	if err != nil || s.FailOnTargetRegressionSet {
		t.Fatalf("unset: %+v %v", s, err)
	}
	s, err = ParseSettings(nil, envOf(map[string]string{"INPUT_FAIL-ON-TARGET-REGRESSION": "false"}))
	if err != nil || !s.FailOnTargetRegressionSet || s.FailOnTargetRegression {
		t.Fatalf("input: %+v %v", s, err)
	}
	s, err = ParseSettings([]string{"--fail-on-target-regression"}, envOf(map[string]string{"INPUT_FAIL-ON-TARGET-REGRESSION": "false"}))
	if err != nil || !s.FailOnTargetRegression {
		t.Fatalf("flag: %+v %v", s, err)
	}
	if _, err = ParseSettings(nil, envOf(map[string]string{"INPUT_FAIL-ON-TARGET-REGRESSION": "no"})); err == nil || !strings.Contains(err.Error(), "fail-on-target-regression") {
		t.Errorf("bad value: %v", err)
	}
}

func TestTargetsInputTakesLinesToo(t *testing.T) {
	// `targets: |` with one id per line, as `path` takes them, is the
	// same list as the comma-separated one.
	in := runnerInputs()
	in["INPUT_TARGETS"] = "openai\r\nanthropic,\n  mcp\n"
	s, err := ParseSettings(nil, envOf(in))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, p := range strings.Split(s.Targets, ",") {
		if p = strings.TrimSpace(p); p != "" {
			ids = append(ids, p)
		}
	}
	if !reflect.DeepEqual(ids, []string{"openai", "anthropic", "mcp"}) || !s.TargetsSet {
		t.Fatalf("targets = %q (set %v)", s.Targets, s.TargetsSet)
	}
}
