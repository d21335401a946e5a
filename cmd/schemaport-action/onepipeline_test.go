package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// One pipeline: `check` and `run` put the same findings through the same
// policy and renderers, so on the same tools with the same config they
// exit alike under every --fail-on, their SARIF results for the check's
// findings are the same (rule, level, message, location, fingerprint) and
// check's text is run's log section for the check, line for line.
//
// The config demotes a lossy error (so `lossy` sees the level after the
// rules), turns a code off and raises another, on the bundled real-world
// tools and the refund-order example.
func TestCheckAndRunAgree(t *testing.T) {
	localEnv(t)
	dir := t.TempDir()
	for _, set := range []string{"realworld/v2", "refund-order/v2"} {
		copyTestdataDir(t, set, filepath.Join(dir, "tools", filepath.Base(filepath.Dir(set))))
	}
	writeE2EFile(t, filepath.Join(dir, "schemaport.config.json"), `{
  "rules": {
    "openai/undocumented-constraint-keyword": "warning",
    "gemini/unsupported-keyword": "warning",
    "anthropic/constraint-not-enforced": "off",
    "openai/default-keyword-dropped": "error"
  }
}
`)
	exits := map[string][2]int{}
	for _, failOn := range []string{"error", "lossy", "warning", "never"} {
		checkCode, _, stderr := runCLI(t, dir, "check", "tools", "--fail-on", failOn, "--format", "sarif")
		runCode, log, _ := runIn(t, dir, "--path", "tools", "--fail-on", failOn, "--sarif-file", "run-"+failOn+".sarif")
		exits[failOn] = [2]int{checkCode, runCode}
		if checkCode != runCode {
			t.Errorf("--fail-on %s: check exits %d, run exits %d\n%s\n%s", failOn, checkCode, runCode, stderr, tail(log, 12))
		}
	}
	// The thresholds must tell the levels apart on this set, or the
	// comparison above proves little.
	if exits["never"][0] != 0 || exits["warning"][0] != 1 {
		t.Errorf("exits by threshold %v: the fixture does not exercise the thresholds", exits)
	}

	_, checkSARIF, _ := runCLI(t, dir, "check", "tools", "--format", "sarif")
	runSARIF, err := os.ReadFile(filepath.Join(dir, "run-never.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	checkResults, runResults := sarifResultsByFingerprint(t, checkSARIF), sarifResultsByFingerprint(t, string(runSARIF))
	if len(checkResults) < 50 {
		t.Fatalf("only %d results: the fixture does not exercise the check", len(checkResults))
	}
	if len(checkResults) != len(runResults) {
		t.Errorf("check has %d results, run %d", len(checkResults), len(runResults))
	}
	for fp, c := range checkResults {
		r, ok := runResults[fp]
		if !ok {
			t.Errorf("run's SARIF lacks %s %s", c["ruleId"], fp)
			continue
		}
		for _, field := range []string{"ruleId", "level", "message", "locations"} {
			if !reflect.DeepEqual(c[field], r[field]) {
				t.Errorf("%s %s: %s differs:\ncheck %v\nrun   %v", c["ruleId"], fp, field, c[field], r[field])
			}
		}
	}

	_, text, _ := runCLI(t, dir, "check", "tools", "--fail-on", "never")
	_, log, _ := runIn(t, dir, "--path", "tools", "--fail-on", "never")
	section, ok := logSection(log, "Check")
	if !ok {
		t.Fatalf("run's log has no Check section:\n%s", tail(log, 20))
	}
	if section != text {
		t.Errorf("check's text and run's Check section differ from byte %d", firstDifference(section, text))
	}
}

// `lossy` is a threshold on the level after the rules, in check and run
// alike: a lossy error demoted to a warning no longer fails.
func TestLossyIsAfterRules(t *testing.T) {
	localEnv(t)
	dir := t.TempDir()
	writeE2EFile(t, filepath.Join(dir, "tools", "pick.json"), `{"name": "pick", "description": "Pick one.",
  "inputSchema": {"type": "object", "properties": {"v": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}, "required": ["v"], "additionalProperties": false}}
`)
	for _, c := range []struct {
		rules string
		want  int
	}{
		{`{}`, 1},
		{`{"rules": {"openai/one-of-converted-to-any-of": "warning"}}`, 0},
	} {
		writeE2EFile(t, filepath.Join(dir, "schemaport.config.json"), c.rules)
		code, out, stderr := runCLI(t, dir, "check", "tools", "--targets", "openai", "--fail-on", "lossy")
		if code != c.want {
			t.Errorf("check with %s: exit %d, want %d\n%s%s", c.rules, code, c.want, out, stderr)
		}
		code, log, _ := runIn(t, dir, "--path", "tools", "--targets", "openai", "--fail-on", "lossy")
		if code != c.want {
			t.Errorf("run with %s: exit %d, want %d\n%s", c.rules, code, c.want, tail(log, 8))
		}
	}
}

// The README's example of issue #23: a file nesting objects 3,320 levels
// deep, as a code generator writes it, gives bounded output from check in
// every format as from run: the caps keep 500 findings for the tool, every
// output says how many it left out, and the counts stay whole.
func TestDeepFileGivesBoundedOutputEverywhere(t *testing.T) {
	localEnv(t)
	dir := t.TempDir()
	writeE2EFile(t, filepath.Join(dir, "deep.json"), deepTool(3320))
	want := "more findings are not shown in any output (at most 500 per tool and 10000 per run)"
	for _, format := range []string{"text", "compact", "json", "sarif"} {
		code, out, stderr := runCLI(t, dir, "check", "deep.json", "--format", format)
		if code != 1 {
			t.Fatalf("%s: exit %d\n%s", format, code, stderr)
		}
		if len(out) > 4<<20 {
			t.Errorf("%s: %d bytes of output", format, len(out))
		}
		if !strings.Contains(out, want) {
			t.Errorf("%s: the output does not say what it left out:\n%s", format, tail(out, 5))
		}
		switch format {
		case "sarif":
			if n := len(sarifResultsByFingerprint(t, out)); n > 500 {
				t.Errorf("%d SARIF results, want at most 500", n)
			}
			var gz bytes.Buffer
			zw := gzip.NewWriter(&gz)
			zw.Write([]byte(out))
			zw.Close()
			if gz.Len() > 10<<20 {
				t.Errorf("SARIF of %d bytes gzipped", gz.Len())
			}
		case "json":
			var doc struct {
				Summary struct{ Errors int }
				Omitted struct{ Findings int }
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatal(err)
			}
			if doc.Omitted.Findings == 0 || doc.Summary.Errors <= 500 {
				t.Errorf("summary %+v: the counts must be whole and the omitted findings counted", doc)
			}
		}
	}
	code, log, _ := runIn(t, dir, "--path", "deep.json", "--sarif-file", "s.sarif")
	if code != 1 || len(log) > 4<<20 || !strings.Contains(log, want) {
		t.Errorf("run: exit %d, %d bytes of log", code, len(log))
	}
}

// sarifResultsByFingerprint are a log's results by partial fingerprint.
func sarifResultsByFingerprint(t *testing.T, log string) map[string]map[string]any {
	t.Helper()
	var doc struct {
		Runs []struct {
			Results []map[string]any
		}
	}
	if err := json.Unmarshal([]byte(log), &doc); err != nil {
		t.Fatalf("%v\n%.500s", err, log)
	}
	out := map[string]map[string]any{}
	for _, r := range doc.Runs[0].Results {
		fp := r["partialFingerprints"].(map[string]any)["schemaportFinding/v1"].(string)
		out[fp] = r
	}
	return out
}

// logSection is the text of one titled section of run's log (outside
// Actions: the title on its own line, the text up to the next section's
// title or the verdict).
func logSection(log, title string) (string, bool) {
	_, rest, ok := strings.Cut(log, title+"\n")
	if !ok {
		return "", false
	}
	for _, next := range []string{"\nDiff against ", "\nCompiled files", "\nTolerated (reported", "\nNo breaking-change diff", "\nSchemaPort: "} {
		if i := strings.Index(rest, next); i >= 0 {
			rest = rest[:i+1]
		}
	}
	return rest, true
}

func tail(s string, lines int) string {
	parts := strings.Split(s, "\n")
	return strings.Join(parts[max(0, len(parts)-lines):], "\n")
}

// copyTestdataDir copies testdata/<rel> (files only, recursively) to dst.
func copyTestdataDir(t *testing.T, rel, dst string) {
	t.Helper()
	src := filepath.Join("..", "..", "testdata", filepath.FromSlash(rel))
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		r, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		writeE2EFile(t, filepath.Join(dst, r), string(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
