package main

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/testfiles"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// Every position the tool prints (the loader's error spans, check's
// diagnostics and their source snippets, SARIF regions, the diff's
// changes) on files of many tools, pretty-printed and minified onto one
// line, with multi-byte characters before and between the findings, a
// byte-order mark and CRLF line ends. The golden files were written by the
// engine that counted every column from its line start (before positions
// were indexed), so they pin that the indexed positions are the same,
// byte for byte.
func TestPositionsGolden(t *testing.T) {
	// Beside this test, wherever the package is (the CLI chdirs later).
	golden, err := filepath.Abs(filepath.Join("testdata", "positions"))
	if err != nil {
		t.Fatal(err)
	}
	dir := positionFixtures(t)
	cases := []struct {
		name string
		args []string
	}{
		{"check-pretty.json", []string{"check", "pretty.json", "--format", "json", "--targets", "openai,gemini"}},
		{"check-minified.json", []string{"check", "minified.json", "--format", "json"}},
		{"check-bom-crlf.json", []string{"check", "bom-crlf.json", "--format", "json", "--targets", "anthropic-strict,mcp"}},
		{"check-pretty.txt", []string{"check", "pretty.json", "--targets", "openai"}},
		{"check-minified.txt", []string{"check", "minified.json", "--targets", "openai"}},
		{"check-bom-crlf.txt", []string{"check", "bom-crlf.json", "--targets", "gemini"}},
		{"check-minified.sarif", []string{"check", "minified.json", "--format", "sarif", "--targets", "anthropic"}},
		{"load-errors-minified.json", []string{"check", "broken-minified.json", "dup-minified.json", "--format", "json"}},
		{"load-errors-minified.txt", []string{"check", "broken-minified.json", "dup-minified.json"}},
		{"diff-pretty.json", []string{"diff", "pretty.json", "pretty-edited.json", "--format", "json"}},
		{"diff-minified.json", []string{"diff", "minified.json", "minified-edited.json", "--format", "json"}},
		{"diff-minified.txt", []string{"diff", "minified.json", "minified-edited.json"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, stdout, stderr := runCLI(t, dir, c.args...)
			got := stdout + stderr
			if strings.HasPrefix(c.name, "load-errors-") {
				// The tools that loaded are checked too (one broken file
				// hides nothing); the golden pins the load errors, which
				// come first: on stderr, or as the document's `errors`.
				got = stderr
				if strings.HasSuffix(c.name, ".json") {
					i := strings.Index(stdout, "\n  ],\n  \"summary\": {")
					if i < 0 {
						t.Fatalf("%s: no errors before the check document:\n%.400s", c.name, stdout)
					}
					got = stdout[:i] + "\n  ]\n}\n"
				}
			}
			testfiles.Golden(t, filepath.Join(golden, c.name), got, *update)
		})
	}
}

var (
	positionFixtures = testfiles.PositionFixtures
	firstDifference  = testfiles.FirstDifference
)
