package config

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestParseValid(t *testing.T) {
	c, err := Parse("schemaport.config.json", []byte(`{"schemas":"tools","targets":["openai","mcp"],"failOn":"lossy","allowLossy":true,"ignoreDescriptions":true,"failOnTargetRegression":false}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Schemas) != 1 || c.Schemas[0] != "tools" || len(c.Targets) != 2 || *c.FailOn != "lossy" || !*c.AllowLossy || !*c.IgnoreDescriptions || c.FailOnTargetRegression == nil || *c.FailOnTargetRegression {
		t.Fatalf("%+v", c)
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		`[]`:                            "Config file cfg.json must contain a JSON object.",
		`{"schemas": 5}`:                "`schemas` in cfg.json must be a path or a non-empty array of paths.",
		`{"schemas": ""}`:               "`schemas` in cfg.json must be a path or a non-empty array of paths.",
		`{"schemas": ["a", ""]}`:        "`schemas` in cfg.json must be a path or a non-empty array of paths.",
		`{"targets": "openai"}`:         "`targets` in cfg.json must be an array of target ids.",
		`{"targets": []}`:               "`targets` in cfg.json is empty; list at least one target id or remove the key to check all.",
		`{"output": 1}`:                 "`output` in cfg.json must be a string.",
		`{"allowLossy": "yes"}`:         "`allowLossy` in cfg.json must be a boolean.",
		`{"failOnTargetRegression": 1}`: "`failOnTargetRegression` in cfg.json must be a boolean.",
		`{"failOn": "often"}`:           "`failOn` in cfg.json must be error, lossy, warning, or never.",
		`{"bogus": 1, "schemas": 5}`:    "Unknown key `bogus` in cfg.json. Valid keys are: schemas, targets, output, allowLossy, quiet, failOn, ignoreDescriptions, rules, accept, maxFileSize, formats, servers, budgets, failOnTargetRegression.",
		"{\n  \"schemas\": \"x\",\n}":   "Config file cfg.json is not valid JSON: trailing comma before '}' (remove the comma) at line 2 column 17",
		// A byte-order mark is not a column.
		"\uFEFF{\"schemas\": 5,}": "Config file cfg.json is not valid JSON: trailing comma before '}' (remove the comma) at line 1 column 14",
		"\uFEFF{\"schemas\": 5}":  "`schemas` in cfg.json must be a path or a non-empty array of paths.",
		// Both places of a repeated key, and a key that would break the backticks.
		"{\"schemas\": \"a\",\n \"schemas\": \"b\"}": "Config file cfg.json is not valid JSON: key `schemas` appears twice (at line 1 column 2 and line 2 column 2); remove one.",
		"{\"a`b\": 1}": "Unknown key \"a`b\" in cfg.json. Valid keys are: schemas, targets, output, allowLossy, quiet, failOn, ignoreDescriptions, rules, accept, maxFileSize, formats, servers, budgets, failOnTargetRegression.",
	}
	for in, want := range cases {
		_, err := Parse("cfg.json", []byte(in))
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n got  %v\n want %s", in, err, want)
		}
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	if c, err := Load(dir, ""); c != nil || err != nil {
		t.Fatalf("no file: %v %v", c, err)
	}
	if _, err := Load(dir, "missing.json"); err == nil || err.Error() != "Config file not found: missing.json" {
		t.Fatalf("missing explicit: %v", err)
	}
	// A directory named like the default file is ignored, as SchemaPort does.
	if err := os.Mkdir(filepath.Join(dir, DefaultFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if c, err := Load(dir, ""); c != nil || err != nil {
		t.Fatalf("directory: %v %v", c, err)
	}
	// An explicit --config must be a regular file.
	if _, err := Load(dir, DefaultFile); err == nil || err.Error() != "Config file schemaport.config.json is not a regular file; pass the path of a JSON file to --config." {
		t.Fatalf("explicit directory: %v", err)
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, DefaultFile), []byte(`{"schemas":["a","b"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(other, "")
	if err != nil || len(c.Schemas) != 2 || c.File != DefaultFile {
		t.Fatalf("%+v %v", c, err)
	}
}

// A default config file that exists but cannot be read is an error, not
// silently ignored (the permission error is simulated: tests may run as
// root).
func TestLoadUnreadableDefault(t *testing.T) {
	dir := t.TempDir()
	old := statFile
	t.Cleanup(func() { statFile = old })
	statFile = func(p string) (os.FileInfo, error) {
		return nil, &fs.PathError{Op: "stat", Path: p, Err: syscall.EACCES}
	}
	_, err := Load(dir, "")
	if err == nil || err.Error() != "Could not read config file schemaport.config.json: permission denied" {
		t.Fatalf("got %v", err)
	}
}
