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
	type result struct {
		code int
		out  string
	}
	done := make(chan result, 1)
	go func() {
		code, out, errOut := runCLI(t, dir, "init")
		done <- result{code, out + errOut}
	}()
	select {
	case r := <-done:
		if r.code != 0 || !strings.Contains(r.out, "Wrote schemaport.config.json") {
			t.Errorf("exit %d\n%s", r.code, r.out)
		}
	case <-time.After(30 * time.Second):
		if w, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Fatal("init never returned")
	}
}
