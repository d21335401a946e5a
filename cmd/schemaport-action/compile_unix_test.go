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

// A pull request can commit a named pipe (or a link to /dev/zero) where a
// compiled file or the manifest belongs: `compile --check` (and the
// action's compiled-path check) read it and never returned. It is now
// never read: it differs from what compiling writes (exit 1, the check
// fails as for any stale file), saying what it is.
func TestCompileCheckRefusesAPipeInTheOutputDirectory(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"tools/a.json": `{"name": "a", "description": "A", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"], "additionalProperties": false}}`,
	})
	if code, _, errOut := runCLI(t, dir, "compile", "tools", "--out", "gen", "--targets", "openai"); code != 0 {
		t.Fatalf("compile: exit %d %s", code, errOut)
	}
	for _, name := range []string{"openai/a.json", "manifest.json"} {
		p := filepath.Join(dir, "gen", filepath.FromSlash(name))
		os.Remove(p)
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skip(err)
		}
		type result struct {
			code   int
			errOut string
		}
		done := make(chan result, 1)
		go func() {
			code, out, errOut := runCLI(t, "", "compile", "tools", "--out", "gen", "--targets", "openai", "--check")
			done <- result{code, out + errOut}
		}()
		select {
		case r := <-done:
			if r.code != 1 || !strings.Contains(r.errOut, name) || !strings.Contains(r.errOut, "The file on disk is a named pipe; compiling writes a regular file.") {
				t.Errorf("%s: exit %d %q", name, r.code, r.errOut)
			}
		case <-time.After(30 * time.Second):
			if w, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				w.Close() // release the reader before failing
			}
			t.Fatalf("%s: compile --check never returned", name)
		}
		os.Remove(p)
		if code, _, errOut := runCLI(t, "", "compile", "tools", "--out", "gen", "--targets", "openai"); code != 0 {
			t.Fatalf("compile: exit %d %s", code, errOut)
		}
	}
}
