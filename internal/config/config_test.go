package config

import (
	"errors"
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

// Every problem in the config file is reported at the line and column of
// the key or value at fault (file:line:col, as the loader's errors), so
// an editor jumps there; a byte-order mark is not a column.
func TestParseErrors(t *testing.T) {
	const keys = "schemas, targets, output, allowLossy, quiet, failOn, ignoreDescriptions, rules, accept, maxFileSize, formats, servers, budgets, failOnTargetRegression"
	cases := map[string]string{
		`[]`:                            "cfg.json:1:1: The config file must contain a JSON object, such as {\"schemas\": \"tools\"}.",
		`{"schemas": 5}`:                "cfg.json:1:13: `schemas` must be a path or a non-empty array of paths.",
		`{"schemas": ""}`:               "cfg.json:1:13: `schemas` must be a path or a non-empty array of paths.",
		`{"schemas": ["a", ""]}`:        "cfg.json:1:13: `schemas` must be a path or a non-empty array of paths.",
		`{"targets": "openai"}`:         "cfg.json:1:13: `targets` must be an array of target ids, such as [\"openai\", \"gemini\"].",
		`{"targets": []}`:               "cfg.json:1:13: `targets` is empty; list at least one target id or remove the key to check all.",
		`{"output": 1}`:                 "cfg.json:1:12: `output` must be a string.",
		`{"allowLossy": "yes"}`:         "cfg.json:1:16: `allowLossy` must be true or false.",
		`{"failOnTargetRegression": 1}`: "cfg.json:1:28: `failOnTargetRegression` must be true or false.",
		`{"failOn": "often"}`:           "cfg.json:1:12: `failOn` is `often`; use error, lossy, warning, or never.",
		"{\"schemas\": \"t\",\n  \"bogus\": 1, \"failOn\": 5}": "cfg.json:2:3: Unknown key `bogus`. Valid keys are: " + keys + ".",
		"{\n  \"schemas\": \"x\",\n}":                          "cfg.json:2:17: Config file is not valid JSON: trailing comma before '}' (remove the comma).",
		"\uFEFF{\"schemas\": 5,}":                              "cfg.json:1:14: Config file is not valid JSON: trailing comma before '}' (remove the comma).",
		"\uFEFF{\"schemas\": 5}":                               "cfg.json:1:13: `schemas` must be a path or a non-empty array of paths.",
		"":                                                     "cfg.json:1:1: Config file is not valid JSON: unexpected end of JSON input.",
		// Both places of a repeated key, and a key that would break the backticks.
		"{\"schemas\": \"a\",\n \"schemas\": \"b\"}": "cfg.json:2:2: Config file is not valid JSON: key `schemas` appears twice (first at line 1 column 2); remove one.",
		"{\"a`b\": 1}":             "cfg.json:1:2: Unknown key \"a`b\". Valid keys are: " + keys + ".",
		`{"maxFileSize": "64MiB"}`: "cfg.json:1:17: `maxFileSize` must be a whole number of bytes from 1 to 2147483646 (the default is 67108864, 64 MiB).",
		// rules: the level at fault.
		"{\"rules\": {\n  \"openai/strict-optional-property\": \"loud\"}}": "cfg.json:2:38: The rule `openai/strict-optional-property` is `loud`; use off, info, warning or error.",
		`{"rules": {"x": 1}}`: "cfg.json:1:17: The rule `x` must be one of off, info, warning, error.",
		`{"rules": []}`:       "cfg.json:1:11: `rules` must be an object from a code (or `<target>/*`) to off, info, warning or error.",
		// accept: the entry, the key or the value at fault.
		`{"accept": {}}`:  "cfg.json:1:12: `accept` must be a list of entries {tool, code, path, reason, until}.",
		`{"accept": [5]}`: "cfg.json:1:13: The accept entry 1 must be an object {tool, code, path, reason, until}.",
		"{\"accept\": [\n {\"tool\": \"t\", \"code\": \"c\", \"reason\": \"r\", \"until\": \"2026-13-45\"}]}": "cfg.json:2:53: The accept entry 1: `until` is `2026-13-45`; write a date as YYYY-MM-DD.",
		"{\"accept\": [\n {\"tool\": \"t\", \"code\": \"c\"}]}":                                               "cfg.json:2:2: The accept entry 1 lacks `reason` and `until`: every accepted finding needs the tool, the code, a reason and an end date (`until`: YYYY-MM-DD).",
		`{"accept": [{"tool": "t", "why": "c"}]}`:                                                             "cfg.json:1:27: The accept entry 1 has the unknown key `why`. Valid keys are: tool, code, path, reason, until.",
		`{"accept": [{"tool": 5}]}`:                                                                           "cfg.json:1:22: The accept entry 1: `tool` must be a string.",
		// formats and servers.
		`{"formats": {"tools": "yaml"}}`:             "cfg.json:1:23: `formats`: the format of `tools` must be one of canonical, openai-chat, openai-responses, anthropic, gemini, mcp.",
		`{"servers": {"a": {"command": "x"}}}`:       "cfg.json:1:19: `servers.a` needs `out`, the directory its snapshot is written to.",
		`{"servers": {"a": {"url": 5, "out": "o"}}}`: "cfg.json:1:27: `servers.a`: `url` must be a non-empty string.",
	}
	for in, want := range cases {
		_, err := Parse("cfg.json", []byte(in))
		if err == nil || err.Error() != want {
			t.Errorf("%q:\n got  %v\n want %s", in, err, want)
		}
		var ce *Error
		if err != nil && !errors.As(err, &ce) {
			t.Errorf("%q: %T is not a *config.Error", in, err)
		}
	}
}

// Each config target keeps where it is written, for the message that
// rejects an unknown one.
func TestTargetsKeepTheirPlace(t *testing.T) {
	c, err := Parse("cfg.json", []byte("{\"targets\": [\"openai\",\n  \"nope\"]}"))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.TargetsAt) != 2 || c.TargetsAt[0] != "cfg.json:1:14" || c.TargetsAt[1] != "cfg.json:2:3" {
		t.Fatalf("%q", c.TargetsAt)
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
