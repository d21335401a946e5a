package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A refusal on either file writes neither.
func TestRefusalWritesNothing(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "setup"), 0o755)
	action := "runs:\n  using: docker\n  image: Dockerfile\n"
	setup := "inputs:\n  version:\n    default: v1.0.0\n" // already pinned
	os.WriteFile(filepath.Join(dir, "action.yml"), []byte(action), 0o644)
	os.WriteFile(filepath.Join(dir, "setup", "action.yml"), []byte(setup), 0o644)
	err := run([]string{"--image", "ghcr.io/a/b", "--version", "v1.2.3", "--digest", "sha256:" + strings.Repeat("ab", 32), "--dir", dir})
	if err == nil || !strings.Contains(err.Error(), "inputs.version.default is v1.0.0, want ''") {
		t.Fatalf("err = %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "action.yml")); string(got) != action {
		t.Errorf("action.yml was written:\n%s", got)
	}
}

func TestPinsBoth(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "setup"), 0o755)
	os.WriteFile(filepath.Join(dir, "action.yml"), []byte("runs:\n  using: docker\n  image: Dockerfile\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "setup", "action.yml"), []byte("inputs:\n  version:\n    default: ''\n"), 0o644)
	digest := "sha256:" + strings.Repeat("ab", 32)
	if err := run([]string{"--image", "ghcr.io/a/b", "--version", "v2.0.1", "--digest", digest, "--dir", dir}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "action.yml"))
	if want := "runs:\n  using: docker\n  image: docker://ghcr.io/a/b:2.0.1@" + digest + "\n"; string(got) != want {
		t.Errorf("action.yml:\n%s", got)
	}
	got, _ = os.ReadFile(filepath.Join(dir, "setup", "action.yml"))
	if want := "inputs:\n  version:\n    default: v2.0.1\n"; string(got) != want {
		t.Errorf("setup/action.yml:\n%s", got)
	}
}
