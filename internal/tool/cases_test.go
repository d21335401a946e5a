package tool

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool/casefiles"
)

// The public loader cases (copied from the shared spec into
// testdata/loader-cases.json) run against Load. A case that the README's
// "do better" list supersedes is adjusted by casefiles.Override.

// positionals drops the command word and every --flag with its value.
func positionals(argv []string) []string {
	var out []string
	for i := 1; i < len(argv); i++ {
		if strings.HasPrefix(argv[i], "--") {
			i++
			continue
		}
		out = append(out, argv[i])
	}
	return out
}

func TestLoaderCases(t *testing.T) {
	for _, c := range casefiles.Read(t, filepath.Join("testdata", "loader-cases.json")) {
		t.Run(c.Name, func(t *testing.T) {
			want := c.Expect
			if c.Main != nil {
				want = *c.Main // main's $ref checks are what we implement
			}
			casefiles.Override(c.Name, &want)
			dir := t.TempDir()
			casefiles.Write(t, dir, c.Files, c.Symlinks)
			paths := positionals(c.Argv)
			if want.UsageError != "" {
				// A usage error is raised by the CLI before loading
				// (cmd/schemaport-action tests it); the loader has nothing to do.
				if len(paths) != 0 {
					t.Fatalf("usage-error case with paths %v", paths)
				}
				return
			}
			if len(paths) == 0 {
				// The CLI takes the path from schemaport.config.json.
				var cfg struct{ Schemas string }
				if err := json.Unmarshal([]byte(c.Files["schemaport.config.json"]), &cfg); err != nil || cfg.Schemas == "" {
					t.Fatalf("no paths and no config schemas: %v", err)
				}
				paths = []string{cfg.Schemas}
			}
			var errs []LoadError
			var tools []*Tool
			if c.Argv[0] == "diff" {
				// diff loads each side on its own: old errors, then new.
				old := Load(paths[:1], Options{Cwd: dir})
				cur := Load(paths[1:], Options{Cwd: dir})
				errs = append(append(errs, old.Errors...), cur.Errors...)
				tools = cur.Tools
			} else {
				res := Load(paths, Options{Cwd: dir})
				errs, tools = res.Errors, res.Tools
			}
			compareCase(t, want, errs, tools)
		})
	}
}

func compareCase(t *testing.T, want casefiles.Expect, errs []LoadError, tools []*Tool) {
	t.Helper()
	if got := exitFor(errs); got != want.Exit {
		t.Errorf("exit = %d, want %d", got, want.Exit)
	}
	if len(errs) != want.ErrorCount || len(errs) != len(want.Errors) {
		t.Errorf("got %d errors, want %d (listed %d):\n%s", len(errs), want.ErrorCount, len(want.Errors), dumpErrors(errs))
	}
	for i := 0; i < len(errs) && i < len(want.Errors); i++ {
		g, w := errs[i], want.Errors[i]
		wantPath := ""
		if w.Path != nil {
			wantPath = *w.Path
		}
		if g.SourcePath != w.File || g.Path != wantPath || !strings.Contains(g.Message, w.MessageContains) {
			t.Errorf("error %d = %s | %s | %s\n want %s | %s | contains %q", i, g.SourcePath, g.Path, g.Message, w.File, wantPath, w.MessageContains)
		}
		if g.Path != "" || strings.HasPrefix(g.Message, "Invalid JSON") || strings.HasPrefix(g.Message, "Duplicate") {
			if g.Line < 1 || g.Column < 1 {
				t.Errorf("error %d has no position: %+v", i, g)
			}
		}
	}
	var names []string
	for _, tl := range tools {
		names = append(names, tl.Name)
	}
	if strings.Join(names, "\n") != strings.Join(want.ToolsSorted, "\n") || len(names) != len(want.ToolsSorted) {
		t.Errorf("tools = %q, want %q", names, want.ToolsSorted)
	}
}

// exitFor is the CLI's rule for a `--fail-on never` run: 2 on any load
// error, else 0.
func exitFor(errs []LoadError) int {
	if len(errs) > 0 {
		return 2
	}
	return 0
}

func dumpErrors(errs []LoadError) string {
	var b strings.Builder
	for _, e := range errs {
		b.WriteString("  " + e.SourcePath + " | " + e.Path + " | " + e.Message + "\n")
	}
	return b.String()
}
