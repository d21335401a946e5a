package rulesdoc

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
)

var update = flag.Bool("update", false, "rewrite docs/rules.md from its examples")

var docPath = filepath.Join("..", "..", "docs", "rules.md")

// TestRulesDocIsTrue renders docs/rules.md from the rule tables and by
// running every example in it, and compares the result with the file:
// a changed message, severity, trigger, compile ability, position or a
// new code without an example fails here.
func TestRulesDocIsTrue(t *testing.T) {
	data, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Render(Parse(string(data)))
	if err != nil {
		t.Errorf("examples:\n%v", err)
	}
	if *update {
		if err := os.WriteFile(docPath, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != string(data) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(data), "\n")
		for i := 0; i < min(len(gl), len(wl)); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("docs/rules.md is out of date at line %d:\n got: %s\nfile: %s\n(run go test ./internal/rulesdoc -update and review the diff)", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("docs/rules.md is out of date (length %d vs %d lines); run go test ./internal/rulesdoc -update", len(gl), len(wl))
	}
}

// Every code has an entry whose heading is the code, so that the anchors
// the reports link to (report.RuleDocsURL) exist.
func TestEveryCodeHasAnEntry(t *testing.T) {
	data, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	var codes []string
	for _, tg := range append(check.Targets(), check.Core()) {
		for _, r := range tg.Rules {
			codes = append(codes, r.Code)
		}
	}
	for _, c := range diff.Codes {
		codes = append(codes, c.ID)
	}
	for _, code := range codes {
		if !strings.Contains(doc, "\n### "+code+"\n") {
			t.Errorf("no entry for %s", code)
		}
	}
}
