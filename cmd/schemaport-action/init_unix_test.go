//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// init looks for `compile` output (a manifest.json) in every directory it
// walks: a named pipe there (or a committed link to /dev/zero) was read
// and init never returned.
func TestInitIgnoresAPipeNamedManifest(t *testing.T) {
	localEnv(t)
	fixedToday(t, "2026-01-15")
	dir := writeFiles(t, map[string]string{
		"tools/a.json": `{"name": "a", "description": "d", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}`,
		"gen/.keep":    "",
	})
	p := filepath.Join(dir, "gen", "manifest.json")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip(err)
	}
	code, out := runCLINearPipe(t, p, dir, "init")
	if code != 0 || !strings.Contains(out, "Wrote schemaport.config.json") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// runCLINearPipe runs the CLI in dir, where the named pipe pipe stands in
// for a file, and returns its exit status and output (stdout then
// stderr). A command that reads the pipe would block forever: after 30
// seconds the pipe is opened for writing, which releases the reader, and
// the test fails.
func runCLINearPipe(t *testing.T, pipe, dir string, args ...string) (int, string) {
	t.Helper()
	type result struct {
		code int
		out  string
	}
	done := make(chan result, 1)
	go func() {
		code, out, errOut := runCLI(t, dir, args...)
		done <- result{code, out + errOut}
	}()
	select {
	case r := <-done:
		return r.code, r.out
	case <-time.After(30 * time.Second):
		if w, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Fatalf("%v never returned", args)
		return 0, ""
	}
}
