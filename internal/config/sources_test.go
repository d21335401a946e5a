package config

import (
	"reflect"
	"testing"
)

func TestParseSources(t *testing.T) {
	c, err := Parse("cfg.json", []byte(`{
  "formats": {"tools/gemini": "gemini", "tools/a.json": "openai-chat"},
  "servers": {
    "files": {"command": "node", "args": ["server.js", "--root", "."], "env": {"B": "2", "A": "1"}, "out": "snap/files"},
    "remote": {"url": "https://mcp.example.com/mcp", "headers": {"Authorization": "MCP_TOKEN"}, "out": "snap/remote"}
  }
}`))
	if err != nil {
		t.Fatal(err)
	}
	wantFormats := []Format{{"tools/gemini", "gemini"}, {"tools/a.json", "openai-chat"}}
	if !reflect.DeepEqual(c.Formats, wantFormats) {
		t.Errorf("formats %+v", c.Formats)
	}
	wantServers := []Server{
		{Name: "files", Command: "node", Args: []string{"server.js", "--root", "."}, Env: []string{"A=1", "B=2"}, Out: "snap/files"},
		{Name: "remote", URL: "https://mcp.example.com/mcp", Headers: map[string]string{"Authorization": "MCP_TOKEN"}, Out: "snap/remote"},
	}
	if !reflect.DeepEqual(c.Servers, wantServers) {
		t.Errorf("servers %+v", c.Servers)
	}
}

func TestParseSourcesErrors(t *testing.T) {
	cases := map[string]string{
		`{"formats": ["gemini"]}`:           "cfg.json:1:13: `formats` must be an object mapping paths to formats, such as {\"tools/gemini\": \"gemini\"}.",
		`{"formats": {"": "gemini"}}`:       "cfg.json:1:14: `formats` has an empty path; name a file or a directory.",
		`{"formats": {"a.json": "openai"}}`: "cfg.json:1:24: `formats`: the format of `a.json` must be one of canonical, openai-chat, openai-responses, anthropic, gemini, mcp.",
		`{"servers": {}}`:                   "cfg.json:1:13: `servers` must be an object naming each MCP server, such as {\"files\": {\"command\": \"node\", \"args\": [\"server.js\"], \"out\": \"snapshots/files\"}}.",
		`{"servers": {"s": {"out": "x"}}}`:  "cfg.json:1:19: `servers.s` needs exactly one of `command` (stdio) and `url` (streamable HTTP).",
		`{"servers": {"s": {"command": "a", "url": "http://x", "out": "x"}}}`:     "cfg.json:1:19: `servers.s` needs exactly one of `command` (stdio) and `url` (streamable HTTP).",
		`{"servers": {"s": {"command": "a"}}}`:                                    "cfg.json:1:19: `servers.s` needs `out`, the directory its snapshot is written to.",
		`{"servers": {"s": {"command": "a", "args": "x", "out": "o"}}}`:           "cfg.json:1:44: `servers.s`: `args` must be an array of strings.",
		`{"servers": {"s": {"command": "a", "env": {"A": 1}, "out": "o"}}}`:       "cfg.json:1:49: `servers.s`: `env` must be an object of strings.",
		`{"servers": {"s": {"url": "http://x", "env": {"A": "1"}, "out": "o"}}}`:  "cfg.json:1:19: `servers.s`: `args` and `env` are for a `command`; an HTTP server takes `headers`.",
		`{"servers": {"s": {"command": "a", "headers": {"A": "T"}, "out": "o"}}}`: "cfg.json:1:19: `servers.s`: `headers` are for a `url`; a command takes `args` and `env`.",
		`{"servers": {"s": {"command": "a", "cwd": ".", "out": "o"}}}`:            "cfg.json:1:36: `servers.s`: unknown key `cwd`. Valid keys are: command, args, env, url, headers, out.",
	}
	for in, want := range cases {
		_, err := Parse("cfg.json", []byte(in))
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", in, err, want)
		}
	}
}
