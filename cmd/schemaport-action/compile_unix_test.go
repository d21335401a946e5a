//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A pull request can commit a named pipe (or a link to /dev/zero) where a
// compiled file or the manifest belongs: `compile --check` (and the
// action's compiled-path check) read it and never returned. It is now
// never read: it differs from what compiling writes (exit 1, the check
// fails as for any stale file), saying what it is.
func TestCompileCheckReadsNoPipeInTheOutputDirectory(t *testing.T) {
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
		code, out := runCLINearPipe(t, p, "", "compile", "tools", "--out", "gen", "--targets", "openai", "--check")
		if code != 1 || !strings.Contains(out, name) || !strings.Contains(out, "The file on disk is a named pipe; compiling writes a regular file.") {
			t.Errorf("%s: exit %d %q", name, code, out)
		}
		os.Remove(p)
		if code, _, errOut := runCLI(t, "", "compile", "tools", "--out", "gen", "--targets", "openai"); code != 0 {
			t.Fatalf("compile: exit %d %s", code, errOut)
		}
	}
}
