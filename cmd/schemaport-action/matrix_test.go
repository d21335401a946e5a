package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The spec's worked example (cli-extras.md §1, SchemaPort docs/commands.md
// @dc8e39b4), table, legend and clean counts: testdata/matrix/tools.json
// is a tool set that gives the same cells (its Result line differs: the
// example's files are not published).
const specMatrix = `Tool           OpenAI  Anthropic  Gemini  MCP
create_ticket    ✗         !        ✗      ✓
refund_order     ✓         !        ✗      ✓
schedule_job     ✓         !        ✗      ✓
tag_resource     ✗         !        ✗      ✓

✓ clean   ! warning   ✗ error   i info
Clean: OpenAI 2/4 · Anthropic 0/4 · Gemini 0/4 · MCP 4/4
`

// matrixTestdata is taken before any test changes directory.
var matrixTestdata, _ = filepath.Abs(filepath.Join("testdata", "matrix"))

func matrixDir(t *testing.T) string { return matrixTestdata }

// checkGolden compares got with testdata/matrix/<name> (-update rewrites it).
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(matrixDir(t), name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/schemaport-action -run Matrix -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from its golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestCheckMatrixMatchesTheSpecExample(t *testing.T) {
	dir := matrixDir(t)
	code, out, errOut := runCLI(t, dir, "check", "tools.json", "--matrix")
	if !strings.HasPrefix(out, specMatrix+"\nResult: ") {
		t.Fatalf("the matrix is not the spec's example:\n%s%s", out, errOut)
	}
	checkGolden(t, "matrix.txt", out)
	plainCode, plain, _ := runCLI(t, dir, "check", "tools.json")
	if code != 1 || plainCode != code {
		t.Errorf("exit %d with --matrix, %d without; want 1 both", code, plainCode)
	}
	// The same Result line as the full report.
	if last := finalLine(out); last != finalLine(plain) {
		t.Errorf("Result lines differ: %q vs %q", last, finalLine(plain))
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if line != strings.TrimRight(line, " ") {
			t.Errorf("trailing spaces: %q", line)
		}
	}
}

func TestCheckQuietGolden(t *testing.T) {
	dir := matrixDir(t)
	code, out, _ := runCLI(t, dir, "check", "tools.json", "--quiet")
	checkGolden(t, "quiet.txt", out)
	_, plain, _ := runCLI(t, dir, "check", "tools.json")
	if code != 1 || finalLine(out) != finalLine(plain) {
		t.Errorf("exit %d, Result %q; want 1 and %q", code, finalLine(out), finalLine(plain))
	}
	// The config's `quiet` asks for it too; --quiet=false and --matrix win.
	cfgDir := t.TempDir()
	src, _ := os.ReadFile(filepath.Join(dir, "tools.json"))
	os.WriteFile(filepath.Join(cfgDir, "tools.json"), src, 0o644)
	os.WriteFile(filepath.Join(cfgDir, "schemaport.config.json"), []byte(`{"quiet": true}`), 0o644)
	if _, got, _ := runCLI(t, cfgDir, "check", "tools.json"); got != out {
		t.Errorf("config quiet: got\n%s", got)
	}
	if _, got, _ := runCLI(t, cfgDir, "check", "tools.json", "--quiet=false"); got != plain {
		t.Errorf("--quiet=false did not turn the config's quiet off:\n%.300s", got)
	}
	if _, got, _ := runCLI(t, cfgDir, "check", "tools.json", "--matrix"); !strings.HasPrefix(got, specMatrix) {
		t.Errorf("--matrix with the config's quiet:\n%s", got)
	}
}

func TestCheckQuietAndMatrixIsAUsageError(t *testing.T) {
	code, out, errOut := runCLI(t, matrixDir(t), "check", "tools.json", "--quiet", "--matrix")
	if code != 2 || out != "" || !strings.Contains(errOut, "✗ `--quiet` and `--matrix` are two different summaries; pass one.") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// Text only: JSON, SARIF and compact are the same with the flags.
func TestCheckMatrixLeavesOtherFormats(t *testing.T) {
	dir := matrixDir(t)
	for _, format := range []string{"json", "sarif", "compact"} {
		_, want, _ := runCLI(t, dir, "check", "tools.json", "--format", format)
		for _, flag := range []string{"--matrix", "--quiet"} {
			if _, got, _ := runCLI(t, dir, "check", "tools.json", "--format", format, flag); got != want {
				t.Errorf("--format %s %s changed the output", format, flag)
			}
		}
	}
}

// A code turned off does not colour a cell; a level changed colours it at
// the new level; --min-severity hides what text hides.
func TestCheckMatrixRespectsRules(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(matrixDir(t), "tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "tools.json"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "schemaport.config.json"), []byte(`{"rules": {
  "gemini/unsupported-additional-properties": "off",
  "openai/strict-optional-property": "warning"}}`), 0o644)
	code, out, _ := runCLI(t, dir, "check", "tools.json", "--matrix")
	checkGolden(t, "matrix-rules.txt", out)
	if code != 0 {
		t.Errorf("exit %d; want 0 (no error is left)", code)
	}
	_, out, _ = runCLI(t, dir, "check", "tools.json", "--matrix", "--min-severity", "error")
	if !strings.Contains(out, "create_ticket    ✓         ✓        ✓      ✓\n") || !strings.Contains(out, "Result: 0 errors, 0 warnings, 0 infos") {
		t.Errorf("--min-severity error:\n%s", out)
	}
}

// Native files are checked in their own mode: a column per mode, "-" where
// a tool is not checked.
func TestCheckMatrixNativeModes(t *testing.T) {
	_, out, _ := runCLI(t, filepath.Join(repoRoot(t), "testdata"), "check", "native", "--matrix")
	checkGolden(t, "matrix-native.txt", out)
	if !strings.Contains(out, "OpenAI  OpenAI (non-strict)") || !strings.Contains(out, "- not checked") {
		t.Errorf("native modes:\n%s", out)
	}
}

func finalLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}
