package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
)

func readme(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The README's quick start must stay true: every `go run ./cmd/schemaport-action ...`
// line in it runs here, on the bundled examples, and does what it says.
func TestREADMEQuickStartRuns(t *testing.T) {
	text := readme(t)
	re := regexp.MustCompile("(?m)^go run ./cmd/schemaport-action (.+)$")
	matches := re.FindAllStringSubmatch(text, -1)
	if len(matches) == 0 {
		t.Fatal("README has no `go run ./cmd/schemaport-action` quick-start command")
	}
	if !strings.Contains(text, "\ngo test ./...\n") {
		t.Error("README quick start must name `go test ./...`")
	}
	for _, m := range matches {
		args := strings.Fields(m[1])
		code, stdout, stderr := runCLI(t, repoRoot(t), args...)
		if code != 1 || !strings.Contains(stdout, "Result: 2 breaking, 1 non-breaking, 1 informational") {
			t.Errorf("%v: exit %d (the README says it exits 1 on the example's breaking changes)\n%s\n%s", args, code, stdout, stderr)
		}
	}
}

func TestREADMEListsOurDiffCodesAndTargets(t *testing.T) {
	text := readme(t)
	for _, c := range diff.Codes {
		if c.Ours && !strings.Contains(text, "| `"+c.ID+"` | "+c.Class+" |") {
			t.Errorf("README's table of our diff codes lacks %s (%s)", c.ID, c.Class)
		}
	}
	for _, tg := range check.Targets() {
		if !strings.Contains(text, "| `"+tg.ID+"` |") {
			t.Errorf("README's target table lacks %s", tg.ID)
		}
	}
}
