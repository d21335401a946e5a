package config

import (
	"os"
	"path/filepath"
	"testing"
)

func TestParseValid(t *testing.T) {
	c, err := Parse("schemaport.config.json", []byte(`{"schemas":"tools","targets":["openai","mcp"],"failOn":"lossy","allowLossy":true,"ignoreDescriptions":true}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Schemas) != 1 || c.Schemas[0] != "tools" || len(c.Targets) != 2 || *c.FailOn != "lossy" || !*c.AllowLossy || !*c.IgnoreDescriptions {
		t.Fatalf("%+v", c)
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		`[]`:                          "Config file cfg.json must contain a JSON object.",
		`{"schemas": 5}`:              "`schemas` in cfg.json must be a path or a non-empty array of paths.",
		`{"targets": "openai"}`:       "`targets` in cfg.json must be an array of target ids.",
		`{"targets": []}`:             "`targets` in cfg.json is empty; list at least one target id or remove the key to check all.",
		`{"output": 1}`:               "`output` in cfg.json must be a string.",
		`{"allowLossy": "yes"}`:       "`allowLossy` in cfg.json must be a boolean.",
		`{"failOn": "often"}`:         "`failOn` in cfg.json must be error, lossy, warning, or never.",
		`{"bogus": 1, "schemas": 5}`:  "Unknown key `bogus` in cfg.json. Valid keys are: schemas, targets, output, allowLossy, quiet, failOn, ignoreDescriptions.",
		"{\n  \"schemas\": \"x\",\n}": "Config file cfg.json is not valid JSON: trailing comma before '}' (remove the comma) at line 2 column 17",
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
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, DefaultFile), []byte(`{"schemas":["a","b"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(other, "")
	if err != nil || len(c.Schemas) != 2 || c.File != DefaultFile {
		t.Fatalf("%+v %v", c, err)
	}
}
