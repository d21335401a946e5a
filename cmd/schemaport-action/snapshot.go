package main

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/schemaport/schemaport-action/internal/cliargs"
	"github.com/schemaport/schemaport-action/internal/snapshot"
)

var snapshotSpecs = []cliargs.Spec{
	{Name: "mcp-command"}, {Name: "mcp-url"}, {Name: "mcp-env", Kind: cliargs.Repeatable},
	{Name: "mcp-header", Kind: cliargs.Repeatable}, {Name: "out"}, {Name: "timeout"}, {Name: "config"},
	{Name: "check", Kind: cliargs.Flag},
}

const snapshotHelp = `Usage: schemaport-action snapshot [--mcp-command "CMD ARGS" | --mcp-url URL] --out DIR [options]
       schemaport-action snapshot [--check]      every server under "servers" in the config

Connects to an MCP server, lists every tool (following nextCursor) and writes
one canonical tool file per tool into DIR: stable bytes, so the snapshot can be
committed, checked and diffed like any tool file. Files of tools the server no
longer lists are removed.

Options:
  --mcp-command CMD   run CMD (split like a shell would, quotes allowed) and speak
                      MCP over its stdin/stdout; it inherits the environment
  --mcp-env NAME=VAL  add a variable to the command's environment (repeatable)
  --mcp-url URL       a streamable HTTP MCP endpoint
  --mcp-header H=VAR  send header H with the value of environment variable VAR
                      (repeatable); the value is never printed
  --out DIR           the snapshot directory
  --check             write nothing: exit 1, with an excerpt per changed tool,
                      when the server's tools differ from the snapshot
  --timeout DURATION  how long one server may take to start and list (default 30s)
  --config FILE       config file (default: schemaport.config.json if present)

Exit status: 0 written (or up to date with --check), 1 --check found changes,
2 usage error or a server that failed (not started, no answer, not MCP).
`

func snapshotCommand(args []string, stdout, stderr io.Writer) int {
	p, err := cliargs.Parse(args, snapshotSpecs)
	if err != nil {
		return usageError(args, stdout, stderr, "snapshot", err.Error())
	}
	if p.Help {
		io.WriteString(stdout, snapshotHelp)
		return 0
	}
	if len(p.Positionals) > 0 {
		return usageError(args, stdout, stderr, "snapshot", "snapshot takes no paths: name the server with --mcp-command or --mcp-url, or list it under `servers` in schemaport.config.json.")
	}
	timeout := snapshot.DefaultTimeout
	if v, ok := p.Last("timeout"); ok {
		if timeout, err = time.ParseDuration(v); err != nil || timeout <= 0 {
			return usageError(args, stdout, stderr, "snapshot", fmt.Sprintf("`--timeout %s` is not a positive duration such as 30s or 2m.", v))
		}
	}
	servers, err := snapshotServers(p)
	if err != nil {
		return usageError(args, stdout, stderr, "snapshot", err.Error())
	}
	cwd, err := workingDir()
	if err != nil {
		return usageError(args, stdout, stderr, "snapshot", err.Error())
	}
	if len(servers) == 0 {
		cfg, err := loadConfig(p, cwd)
		if err != nil {
			return usageError(args, stdout, stderr, "snapshot", err.Error())
		}
		if cfg != nil {
			for _, s := range cfg.Servers {
				servers = append(servers, snapshot.FromConfig(s))
			}
		}
		if len(servers) == 0 {
			return usageError(args, stdout, stderr, "snapshot", "No MCP server given. Pass --mcp-command or --mcp-url with --out, or list servers under `servers` in schemaport.config.json.")
		}
	}

	// Every server is read, whatever happened to the ones before it.
	code := 0
	for _, s := range servers {
		tools, err := snapshot.List(context.Background(), s, timeout)
		if err != nil {
			fmt.Fprintf(stderr, "✗ %s\n", err)
			code = 2
			continue
		}
		if p.Flags["check"] {
			changes, err := snapshot.Check(s.Out, tools)
			if err != nil {
				fmt.Fprintf(stderr, "✗ MCP server %s: cannot read the snapshot %s: %v\n", s.Name, s.Out, err)
				code = 2
				continue
			}
			if len(changes) == 0 {
				fmt.Fprintf(stdout, "✓ %s: %s matches the server (%s).\n", s.Name, s.Out, plural(len(tools), "tool"))
				continue
			}
			fmt.Fprintf(stdout, "✗ %s: %s is out of date (%s):\n", s.Name, s.Out, plural(len(changes), "changed tool"))
			for _, c := range changes {
				fmt.Fprintf(stdout, "\n  %s %s (%s)\n", c.Kind, snapshot.DisplayName(c.Tool), s.Out+"/"+c.File)
				for _, l := range strings.SplitAfter(strings.TrimSuffix(c.Excerpt, "\n"), "\n") {
					fmt.Fprintf(stdout, "    %s", l)
				}
				fmt.Fprintln(stdout)
			}
			fmt.Fprintf(stdout, "\nRefresh it with `%s snapshot` and commit the result.\n", programName)
			if code == 0 {
				code = 1
			}
			continue
		}
		res, err := snapshot.Write(s.Out, tools)
		if err != nil {
			fmt.Fprintf(stderr, "✗ MCP server %s: cannot write the snapshot %s: %v\n", s.Name, s.Out, err)
			code = 2
			continue
		}
		fmt.Fprintf(stdout, "✓ %s: %s in %s (%d written, %d unchanged, %d removed).\n",
			s.Name, plural(len(tools), "tool"), s.Out, len(res.Written), len(res.Unchanged), len(res.Removed))
	}
	return code
}

// snapshotServers is the server the flags name, if any.
func snapshotServers(p *cliargs.Parsed) ([]snapshot.Server, error) {
	command, hasCommand := p.Last("mcp-command")
	address, hasURL := p.Last("mcp-url")
	out, hasOut := p.Last("out")
	envs, headers := p.Values["mcp-env"], p.Values["mcp-header"]
	switch {
	case !hasCommand && !hasURL:
		if hasOut || len(envs) > 0 || len(headers) > 0 {
			return nil, fmt.Errorf("--out, --mcp-env and --mcp-header need a server: pass --mcp-command or --mcp-url.")
		}
		return nil, nil
	case hasCommand && hasURL:
		return nil, fmt.Errorf("Pass either --mcp-command or --mcp-url, not both.")
	case !hasOut || out == "":
		return nil, fmt.Errorf("--out is required: the directory the snapshot is written to.")
	}
	s := snapshot.Server{Out: out}
	if hasCommand {
		words, err := snapshot.SplitCommand(command)
		if err != nil {
			return nil, err
		}
		if len(headers) > 0 {
			return nil, fmt.Errorf("--mcp-header is for --mcp-url; a command takes --mcp-env.")
		}
		for _, e := range envs {
			if name, _, ok := strings.Cut(e, "="); !ok || name == "" {
				return nil, fmt.Errorf("`--mcp-env %s` must be NAME=value.", e)
			}
		}
		s.Command, s.Env, s.Name = words, envs, words[0]
		return []snapshot.Server{s}, nil
	}
	if len(envs) > 0 {
		return nil, fmt.Errorf("--mcp-env is for --mcp-command; an HTTP server takes --mcp-header.")
	}
	u, err := url.Parse(address)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("--mcp-url must be an http:// or https:// URL.")
	}
	s.URL = address
	// Named without user info or query, which may hold credentials.
	s.Name = u.Scheme + "://" + u.Host + u.Path
	for _, h := range headers {
		name, env, ok := strings.Cut(h, "=")
		if !ok || name == "" || env == "" {
			return nil, fmt.Errorf("`--mcp-header %s` must be Header=ENV_VAR: the header's value is read from the environment variable.", h)
		}
		if s.Headers == nil {
			s.Headers = map[string]string{}
		}
		s.Headers[name] = env
	}
	return []snapshot.Server{s}, nil
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
