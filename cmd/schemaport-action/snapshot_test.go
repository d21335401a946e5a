package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/snapshot"
	"github.com/schemaport/schemaport-action/internal/snapshot/mcptest"
)

// The whole workflow against a real stdio MCP server (this test binary):
// snapshot, check and diff the snapshot, see --check fail when the server
// changes, refresh, and read the server from the config.
func TestSnapshotWorkflow(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	command := "'" + exe + "' --verbose"
	server := []string{"snapshot", "--mcp-command", command, "--mcp-env", mcptest.ModeEnv + "=tools", "--mcp-env", mcptest.PageEnv + "=2", "--out", "snap"}

	code, stdout, stderr := runCLI(t, dir, server...)
	if code != 0 || stderr != "" || stdout != "✓ "+exe+": 6 tools in snap (6 written, 0 unchanged, 0 removed).\n" {
		t.Fatalf("snapshot: exit %d\n%s%s", code, stdout, stderr)
	}
	alpha, err := os.ReadFile(filepath.Join(dir, "snap", "alpha.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "name": "alpha",
  "description": "First tool (args: --verbose).",
  "inputSchema": {
    "properties": {
      "q": {
        "type": "string"
      }
    },
    "required": [
      "q"
    ],
    "type": "object"
  }
}
`
	if string(alpha) != want {
		t.Fatalf("alpha.json:\n%s", alpha)
	}
	// The snapshot is a tool directory like any other.
	if code, stdout, stderr := runCLI(t, dir, "check", "snap", "--targets", "mcp"); code != 0 {
		t.Fatalf("check snap: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, dir, append(server, "--check")...)
	if code != 0 || stdout != "✓ "+exe+": snap matches the server (6 tools).\n" {
		t.Fatalf("--check on a fresh snapshot: exit %d\n%s", code, stdout)
	}

	// Someone changes a tool in code and removes another.
	changed := strings.Replace(mcptest.DefaultTools, `"required": ["q"]`, `"required": ["q"], "additionalProperties": false`, 1)
	changed = strings.Replace(changed, `{"name": "echo", "description": "Fifth tool.", "inputSchema": {"type": "object"}},`, "", 1)
	edited := append(append([]string{}, server...), "--mcp-env", mcptest.ToolsEnv+"="+changed)
	code, stdout, _ = runCLI(t, dir, append(edited, "--check")...)
	wantCheck := "✗ " + exe + `: snap is out of date (2 changed tools):

  changed alpha (snap/alpha.json)
      …
        "description": "First tool (args: --verbose).",
        "inputSchema": {
    +     "additionalProperties": false,
          "properties": {
            "q": {
      …

  removed echo (snap/echo.json)
    - {
    -   "name": "echo",
    -   "description": "Fifth tool (args: --verbose).",
    -   "inputSchema": {
    -     "type": "object"
    -   }
    - }

Refresh it with ` + "`schemaport-action snapshot`" + ` and commit the result.
`
	if code != 1 || stdout != wantCheck {
		t.Fatalf("--check after a change: exit %d\n%s", code, stdout)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "snap", "alpha.json")); string(data) != want {
		t.Fatal("--check wrote the snapshot")
	}
	code, stdout, _ = runCLI(t, dir, edited...)
	if code != 0 || stdout != "✓ "+exe+": 5 tools in snap (1 written, 4 unchanged, 1 removed).\n" {
		t.Fatalf("refresh: exit %d\n%s", code, stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "snap", "echo.json")); !os.IsNotExist(err) {
		t.Fatalf("echo.json survived: %v", err)
	}

	// A plain `snapshot` reads the servers of the config.
	cfg := `{"servers": {"local": {"command": ` + quoteJSON(exe) + `, "args": ["--verbose"], "env": {"` + mcptest.ModeEnv + `": "tools"}, "out": "snap2"}}}`
	if err := os.WriteFile(filepath.Join(dir, "schemaport.config.json"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI(t, dir, "snapshot")
	if code != 0 || stdout != "✓ local: 6 tools in snap2 (6 written, 0 unchanged, 0 removed).\n" {
		t.Fatalf("config servers: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, dir, "snapshot", "--check")
	if code != 0 || stdout != "✓ local: snap2 matches the server (6 tools).\n" {
		t.Fatalf("config servers --check: exit %d\n%s", code, stdout)
	}
}

func quoteJSON(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// A server that fails is an error naming it (exit 2), and does not stop
// the other servers from being read.
func TestSnapshotServerFails(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := `{"servers": {
  "broken": {"command": ` + quoteJSON(exe) + `, "env": {"` + mcptest.ModeEnv + `": "exit"}, "out": "a"},
  "mute": {"command": ` + quoteJSON(exe) + `, "env": {"` + mcptest.ModeEnv + `": "silent"}, "out": "b"},
  "good": {"command": ` + quoteJSON(exe) + `, "env": {"` + mcptest.ModeEnv + `": "tools"}, "out": "c"}
}}`
	if err := os.WriteFile(filepath.Join(dir, "schemaport.config.json"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, dir, "snapshot", "--timeout", "2s")
	if code != 2 || stdout != "✓ good: 6 tools in c (6 written, 0 unchanged, 0 removed).\n" {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, w := range []string{
		"✗ MCP server broken: initialising failed",
		"    | cannot open /etc/nowhere.conf: no such file\n",
		"✗ MCP server mute: no answer within 2s\n",
	} {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr lacks %q:\n%s", w, stderr)
		}
	}
}

func TestSnapshotUsage(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"snapshot"}, "No MCP server given. Pass --mcp-command or --mcp-url with --out, or list servers under `servers` in schemaport.config.json."},
		{[]string{"snapshot", "--mcp-command", "srv"}, "--out is required: the directory the snapshot is written to."},
		{[]string{"snapshot", "--mcp-command", "srv", "--mcp-url", "http://x", "--out", "o"}, "Pass either --mcp-command or --mcp-url, not both."},
		{[]string{"snapshot", "--mcp-command", "srv 'x", "--out", "o"}, "--mcp-command has an unterminated ' quote."},
		{[]string{"snapshot", "--mcp-url", "ftp://x", "--out", "o"}, "--mcp-url must be an http:// or https:// URL."},
		{[]string{"snapshot", "--mcp-url", "http://x", "--mcp-header", "Authorization", "--out", "o"}, "`--mcp-header Authorization` must be Header=ENV_VAR: the header's value is read from the environment variable."},
		{[]string{"snapshot", "--mcp-command", "srv", "--timeout", "soon", "--out", "o"}, "`--timeout soon` is not a positive duration such as 30s or 2m."},
		{[]string{"snapshot", "tools/"}, "snapshot takes no paths: name the server with --mcp-command or --mcp-url, or list it under `servers` in schemaport.config.json."},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, dir, c.args...)
		if code != 2 || !strings.HasPrefix(stderr, "✗ "+c.want+"\n") {
			t.Errorf("%v: exit %d %q", c.args, code, stderr)
		}
	}
}

func TestSplitCommand(t *testing.T) {
	got, err := snapshot.SplitCommand(`node "my server.js" --root='a b' x\ y "q\"uote"`)
	want := []string{"node", "my server.js", "--root=a b", "x y", `q"uote`}
	if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("%q %v", got, err)
	}
}
