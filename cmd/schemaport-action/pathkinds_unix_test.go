//go:build unix

package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestE2EPathsThatAreNoToolSet: a --base-path, compiled-path or
// working-directory that names the wrong kind of thing (a device, a
// named pipe, a file where a directory belongs, a directory with no tool
// in it, nothing at all) is the run's usage problem: exit 2, with a
// message naming the path and what it is. Before, a base path that was no
// tool set was an input error of the base (a warning): compared with
// nothing, every tool read as added and the run passed or failed on the
// check alone; a compiled-path that was a file only warned that it was
// not compared.
func TestE2EPathsThatAreNoToolSet(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	dir := t.TempDir()
	for name, text := range refundV1(t) {
		writeE2EFile(t, filepath.Join(dir, "v1", filepath.Base(name)), text)
	}
	for name, text := range refundV1(t) {
		writeE2EFile(t, filepath.Join(dir, "v2", filepath.Base(name)), text)
	}
	writeE2EFile(t, filepath.Join(dir, "notes.txt"), "not a directory\n")
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--base-path", "/dev/zero"}, "The base path `/dev/zero` is a device, not a tool file or a directory."},
		{[]string{"--base-path", "pipe"}, "The base path `pipe` is a named pipe, not a tool file or a directory."},
		{[]string{"--base-path", "gone"}, "The base path `gone` does not exist."},
		{[]string{"--base-path", "empty"}, "The base path `empty` cannot be loaded: Directory contains no .json tool definitions."},
		{[]string{"--base-path", "v1", "--path", "gone"}, "The tool path `gone` does not exist (the base is --base-path v1)."},
		{[]string{"--base-path", "v1", "--compiled-path", "notes.txt"}, "compiled-path `notes.txt` is a regular file, not a directory"},
		{[]string{"--base-path", "v1", "--compiled-path", "/dev/zero"}, "compiled-path `/dev/zero` is a device, not a directory"},
		{[]string{"--base-path", "v1", "--working-directory", "notes.txt"}, "working-directory `notes.txt`: it is a regular file, not a directory"},
	} {
		args := append([]string{"run", "--fail-on", "never"}, tc.args...)
		if !strings.Contains(strings.Join(tc.args, " "), "--path") {
			args = append(args, "--path", "v2")
		}
		// A pipe read would never end: the deadline turns a hang into a
		// failure (the process is killed, exit -1).
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
		outb, err := cmd.CombinedOutput()
		cancel()
		out, code := string(outb), 0
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			code = exitErr.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != 2 || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, want 2 with %q:\n%s", tc.args, code, tc.want, out)
		}
		if strings.Contains(out, "Input errors in the base") {
			t.Errorf("%v: reported as the base's input errors:\n%s", tc.args, out)
		}
	}

	// The report of a run that stopped keeps what it noted before: here
	// which base it was comparing against.
	cmd := exec.Command(bin, "run", "--path", "v2", "--base-path", "empty", "--report-file", "report.json")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
	if out, err := cmd.CombinedOutput(); err == nil {
		t.Fatalf("an empty base path passed:\n%s", out)
	}
	var rep struct {
		Result string   `json:"result"`
		Notes  []string `json:"notes"`
	}
	data, _ := os.ReadFile(filepath.Join(dir, "report.json"))
	if err := json.Unmarshal(data, &rep); err != nil || rep.Result != "error" || len(rep.Notes) != 1 || rep.Notes[0] != "Compared with the base tool set in empty." {
		t.Errorf("failed report: %v %+v\n%s", err, rep, data)
	}
}

// TestE2ECompiledPathThatIsAFile: in a workflow, a `compiled-path` that is
// a file is the step's configuration problem: exit 2 with the annotation,
// the summary and every output, as any wrong input. Before, the run only
// warned that it had not compared the files, and passed on the rest.
func TestE2ECompiledPathThatIsAFile(t *testing.T) {
	t.Parallel()
	r := buildRepo(t, refundHistory(t))
	res := runAction(t, r.checkout(prRef), "pull_request", prPayload(r), map[string]string{"compiled-path": "README.md", "fail-on": "never"})
	res.wantCode(t, 2)
	res.wantOutputs(t, map[string]string{"result": "error"})
	if errs := res.find("error", "SchemaPort: cannot run"); len(errs) != 1 || !strings.Contains(errs[0].Message, "compiled-path `README.md` is a regular file, not a directory") {
		t.Errorf("annotations %v\n%s", errs, res.dump())
	}
	if !strings.Contains(res.summary, "could not run") {
		t.Errorf("summary:\n%s", res.summary)
	}
}
