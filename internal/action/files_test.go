package action

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/action/actiontest"
)

func TestWriteOutputsRoundTripsThroughTheRunnerParser(t *testing.T) {
	path := filepath.Join(t.TempDir(), "output")
	os.WriteFile(path, []byte("earlier=1\n"), 0o644)
	tricky := "line one\nresult=pass\n_GitHubActionsFileCommandDelimeter_\nghadelimiter_x\n"
	err := WriteOutputs(path, []Output{{"result", "fail"}, {"tricky", tricky}, {"empty", ""}, {"eq", "a=b<<c"}})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	got, err := actiontest.Outputs(string(data))
	if err != nil {
		t.Fatalf("the runner would reject the file: %v\n%s", err, data)
	}
	want := map[string]string{"earlier": "1", "result": "fail", "tricky": tricky, "empty": "", "eq": "a=b<<c"}
	if len(got) != len(want) {
		t.Fatalf("outputs = %q, want %q", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
}

func TestWriteOutputsUsesFreshDelimiters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "output")
	if err := WriteOutputs(path, []Output{{"a", "1"}, {"b", "2"}}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	lines := strings.Split(string(data), "\n")
	d1 := strings.TrimPrefix(lines[0], "a<<")
	d2 := strings.TrimPrefix(lines[3], "b<<")
	if d1 == d2 || !strings.HasPrefix(d1, "ghadelimiter_") || len(d1) < 40 {
		t.Fatalf("delimiters %q and %q", d1, d2)
	}
}

func TestWriteOutputsErrors(t *testing.T) {
	dir := t.TempDir()
	if err := WriteOutputs(filepath.Join(dir, "x"), []Output{{"bad\nname", "v"}}); err == nil {
		t.Error("a name with a newline was accepted")
	}
	if err := WriteOutputs(filepath.Join(dir, "missing", "x"), []Output{{"a", "v"}}); err == nil {
		t.Error("an unwritable file was accepted")
	}
	if err := WriteOutputs("", []Output{{"a", "v"}}); err == nil {
		t.Error("an empty path was accepted")
	}
}

func TestAppendSummary(t *testing.T) {
	path := filepath.Join(t.TempDir(), "summary")
	if err := AppendSummary(path, "# one"); err != nil {
		t.Fatal(err)
	}
	if err := AppendSummary(path, "two\n"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != "# one\ntwo\n" {
		t.Fatalf("summary = %q", data)
	}
	if err := AppendSummary(path, strings.Repeat("x", SummaryLimit)); err == nil {
		t.Fatal("a summary over the limit was appended")
	}
}

func TestLogFencesFreeText(t *testing.T) {
	var buf bytes.Buffer
	l := &Log{W: &buf, Commands: true}
	evil := "desc\n::error file=x.json::injected\n  ::set-output name=result::pass\nfoo ##[add-mask]secret\n::stop-commands::abc\n::abc::\n::warning::still fenced"
	l.Text("Check: refund_order", evil)
	l.Annotate("error", "schemaport: bad, input", "Line one\nline::two 100%")
	cmds := actiontest.Commands(buf.String())
	var names []string
	for _, c := range cmds {
		names = append(names, c.Name)
	}
	// group, stop, resume, endgroup, and our one annotation: nothing from the text.
	if len(cmds) != 5 || cmds[0].Name != "group" || cmds[1].Name != "stop-commands" || cmds[3].Name != "endgroup" || cmds[4].Name != "error" {
		t.Fatalf("commands = %v\n%s", names, buf.String())
	}
	if cmds[2].Name != cmds[1].Message {
		t.Fatalf("resume %q does not match the stop token %q", cmds[2].Name, cmds[1].Message)
	}
	if cmds[0].Message != "Check: refund_order" {
		t.Fatalf("group title = %q", cmds[0].Message)
	}
	if a := cmds[4]; a.Properties["title"] != "schemaport: bad, input" || a.Message != "Line one\nline::two 100%" {
		t.Fatalf("annotation = %+v", a)
	}
	if !strings.Contains(buf.String(), evil) {
		t.Fatal("the free text was altered")
	}
}

func TestLogWithoutCommands(t *testing.T) {
	var buf bytes.Buffer
	l := &Log{W: &buf}
	l.Text("Title", "body")
	l.Annotate("notice", "t", "a\nb")
	l.Annotate("error", "t", "bad input\nFix: this")
	if got := buf.String(); got != "Title\nbody\nℹ a\nb\n✗ bad input\nFix: this\n" {
		t.Fatalf("local log = %q", got)
	}
}

func TestEscape(t *testing.T) {
	if got := EscapeData("50% done\r\n::x"); got != "50%25 done%0D%0A::x" {
		t.Errorf("EscapeData = %q", got)
	}
	if got := EscapeProperty("a:b,c%\n"); got != "a%3Ab%2Cc%25%0A" {
		t.Errorf("EscapeProperty = %q", got)
	}
}

// The runner model must see an injection when the text is not fenced, or
// the fencing test above proves nothing.
func TestRunnerModelSeesUnfencedCommands(t *testing.T) {
	cmds := actiontest.Commands("plain\n  ::error file=x.json::injected\nfoo ##[add-mask]secret\n::unknown::x\n")
	if len(cmds) != 2 || cmds[0].Name != "error" || cmds[0].Properties["file"] != "x.json" || cmds[1].Name != "add-mask" {
		t.Fatalf("commands = %+v", cmds)
	}
}
