// Package casefiles is test support shared by the loader's tests and the
// CLI's: it reads the public loader cases (internal/tool/testdata/
// loader-cases.json, a copy of the shared spec's) with the expectations
// our "do better" list changes, and writes a case's files to disk.
package casefiles

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Count is how many public loader cases there are: reading fewer means the
// file was cut or replaced.
const Count = 61

// Case is one public loader case.
type Case struct {
	Name     string            `json:"name"`
	Argv     []string          `json:"argv"`
	Files    map[string]string `json:"files"`
	Symlinks map[string]string `json:"symlinks"`
	Expect   Expect            `json:"expect"`
	// Main, where present, is the expectation under SchemaPort's unreleased
	// core on main, whose $ref checks the loader implements.
	Main *Expect `json:"expectMain"`
}

// Expect is what SchemaPort 0.1.0 does with a case (or main does, for
// Case.Main).
type Expect struct {
	Exit        int      `json:"exit"`
	ErrorCount  int      `json:"errorCount"`
	Errors      []Error  `json:"errors"`
	ToolsSorted []string `json:"toolsSorted"`
	UsageError  string   `json:"usageError"`
	// Stderr is SchemaPort's text output, positions left out.
	Stderr string `json:"stderr"`
}

// Error is one expected load error.
type Error struct {
	File            string  `json:"file"`
	Path            *string `json:"path"`
	MessageContains string  `json:"messageContains"`
	Message         string  `json:"message"`
}

// overrides replace a case's expectation where the README's "do better"
// list wins over SchemaPort's behaviour.
var overrides = map[string]func(e *Expect){
	// Do better 7 / loader.md S1: wrapper element paths say where the
	// element is, `tools[0]`, not `[0]`.
	"wrapper-error-paths-omit-tools-prefix": func(e *Expect) {
		p := "tools[0].name"
		e.Errors[0].Path = &p
		e.Stderr = strings.Replace(e.Stderr, "Path: [0].name", "Path: tools[0].name", 1)
	},
	// Do better 2 / S8: the same file named twice is read once, so its tool
	// is loaded once (SchemaPort loads it twice, silently).
	"same-file-twice-is-not-a-duplicate": func(e *Expect) {
		e.ToolsSorted = []string{"tool_one"}
	},
}

// Override adjusts e, an expectation of the case named name, where our "do
// better" list supersedes it.
func Override(name string, e *Expect) {
	if fix := overrides[name]; fix != nil {
		fix(e)
	}
}

// Read reads the cases file at path, failing t unless it holds all Count
// cases.
func Read(t testing.TB, path string) []Case {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []Case `json:"cases"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) != Count {
		t.Fatalf("expected the %d public cases, found %d", Count, len(doc.Cases))
	}
	return doc.Cases
}

// Write creates files (slash-separated names relative to dir) and then the
// symlinks links (name to target) under dir.
func Write(t testing.TB, dir string, files, links map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range links {
		p := filepath.Join(dir, filepath.FromSlash(link))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.FromSlash(target), p); err != nil {
			t.Fatal(err)
		}
	}
}
