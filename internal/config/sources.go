package config

import (
	"sort"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Format forces the format of the tool files at Path (a file, or a
// directory and everything under it): {"formats": {"tools/gemini": "gemini"}}.
type Format struct {
	Path   string
	Format string
}

// FormatNames are the values `formats` takes (the loader's format names).
var FormatNames = []string{"canonical", "openai-chat", "openai-responses", "anthropic", "gemini", "mcp"}

func parseFormats(display string, v *jsonvalue.Value, data []byte) ([]Format, error) {
	if v.Kind != jsonvalue.Object {
		return nil, errAt(display, data, v.Start, "`formats` must be an object mapping paths to formats, such as {\"tools/gemini\": \"gemini\"}.")
	}
	var out []Format
	for _, m := range v.Members {
		if m.Key == "" {
			return nil, errAt(display, data, m.KeyStart, "`formats` has an empty path; name a file or a directory.")
		}
		known := false
		for _, f := range FormatNames {
			known = known || m.Value.Kind == jsonvalue.String && m.Value.Text == f
		}
		if !known {
			return nil, errAt(display, data, m.Value.Start, "`formats`: the format of %s must be one of %s.", codeSpan(m.Key), strings.Join(FormatNames, ", "))
		}
		out = append(out, Format{Path: m.Key, Format: m.Value.Text})
	}
	return out, nil
}

// Server is one MCP server a plain `snapshot` connects to: over stdio
// (Command, with Args and Env) or streamable HTTP (URL, with Headers whose
// values are read from environment variables), its tools written to Out.
type Server struct {
	Name    string
	Command string
	Args    []string
	Env     []string // NAME=value, added to the server's environment
	URL     string
	// Headers maps a header name to the environment variable holding its
	// value, so a token never sits in the file.
	Headers map[string]string
	Out     string
}

func parseServers(display string, v *jsonvalue.Value, data []byte) ([]Server, error) {
	if v.Kind != jsonvalue.Object || len(v.Members) == 0 {
		return nil, errAt(display, data, v.Start, "`servers` must be an object naming each MCP server, such as {\"files\": {\"command\": \"node\", \"args\": [\"server.js\"], \"out\": \"snapshots/files\"}}.")
	}
	var out []Server
	for _, m := range v.Members {
		s := Server{Name: m.Key}
		where := "`servers." + m.Key + "`"
		if m.Key == "" || m.Value.Kind != jsonvalue.Object {
			return nil, errAt(display, data, m.Value.Start, "%s must be an object with `command` or `url`, and `out`.", where)
		}
		for _, f := range m.Value.Members {
			fv := &f.Value
			switch f.Key {
			case "command", "url", "out":
				if fv.Kind != jsonvalue.String || fv.Text == "" {
					return nil, errAt(display, data, fv.Start, "%s: `%s` must be a non-empty string.", where, f.Key)
				}
				switch f.Key {
				case "command":
					s.Command = fv.Text
				case "url":
					s.URL = fv.Text
				default:
					s.Out = fv.Text
				}
			case "args":
				if fv.Kind != jsonvalue.Array || !allStrings(fv) {
					return nil, errAt(display, data, fv.Start, "%s: `args` must be an array of strings.", where)
				}
				for _, it := range fv.Items {
					s.Args = append(s.Args, it.Text)
				}
			case "env", "headers":
				if fv.Kind != jsonvalue.Object {
					return nil, errAt(display, data, fv.Start, "%s: `%s` must be an object of strings.", where, f.Key)
				}
				for _, e := range fv.Members {
					if e.Value.Kind != jsonvalue.String || e.Key == "" {
						return nil, errAt(display, data, e.Value.Start, "%s: `%s` must be an object of strings.", where, f.Key)
					}
					if f.Key == "env" {
						s.Env = append(s.Env, e.Key+"="+e.Value.Text)
						continue
					}
					if s.Headers == nil {
						s.Headers = map[string]string{}
					}
					s.Headers[e.Key] = e.Value.Text
				}
			default:
				return nil, errAt(display, data, f.KeyStart, "%s: unknown key %s. Valid keys are: command, args, env, url, headers, out.", where, codeSpan(f.Key))
			}
		}
		switch {
		case (s.Command == "") == (s.URL == ""):
			return nil, errAt(display, data, m.Value.Start, "%s needs exactly one of `command` (stdio) and `url` (streamable HTTP).", where)
		case s.Out == "":
			return nil, errAt(display, data, m.Value.Start, "%s needs `out`, the directory its snapshot is written to.", where)
		case s.URL != "" && (len(s.Args) > 0 || len(s.Env) > 0):
			return nil, errAt(display, data, m.Value.Start, "%s: `args` and `env` are for a `command`; an HTTP server takes `headers`.", where)
		case s.Command != "" && len(s.Headers) > 0:
			return nil, errAt(display, data, m.Value.Start, "%s: `headers` are for a `url`; a command takes `args` and `env`.", where)
		}
		sort.Strings(s.Env)
		out = append(out, s)
	}
	return out, nil
}
