// Package mcptest provides real MCP servers, built with the official Go
// SDK, for tests of the snapshot command: a test binary runs Serve when
// ModeEnv is set, and becomes a stdio server; NewServer gives the same
// server for streamable HTTP (httptest).
package mcptest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Environment variables a stdio test server reads.
const (
	ModeEnv  = "SCHEMAPORT_TEST_MCP_SERVER" // tools, exit, silent, garbage, script
	ToolsEnv = "SCHEMAPORT_TEST_MCP_TOOLS"  // the tools, a JSON array
	PageEnv  = "SCHEMAPORT_TEST_MCP_PAGE"   // tools per tools/list page
)

// DefaultTools are six tools, listed out of name order.
const DefaultTools = `[
  {"name": "delta", "description": "Fourth tool.", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}}},
  {"name": "alpha", "description": "First tool.", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}},
  {"name": "echo", "description": "Fifth tool.", "inputSchema": {"type": "object"}},
  {"name": "foxtrot", "description": "Sixth tool: exact numbers.", "inputSchema": {"type": "object", "properties": {"id": {"type": "integer", "maximum": 18446744073709551615, "multipleOf": 1e-7}}}},
  {"name": "charlie", "description": "Third tool.", "inputSchema": {"type": "object", "properties": {"flag": {"type": "boolean"}}}},
  {"name": "bravo", "description": "Second tool.", "inputSchema": {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "string"}}}}}
]`

// NewServer is an MCP server listing tools (a JSON array of MCP tools),
// pageSize per tools/list page. A non-empty note is added to every
// description, so a test can see what reached the server.
func NewServer(tools string, pageSize int, note string) *mcp.Server {
	// Schemas stay raw JSON, so the server sends exactly what the test
	// wrote (numbers included).
	var list []struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	if err := json.Unmarshal([]byte(tools), &list); err != nil {
		panic(err)
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: "mcptest", Version: "1"}, &mcp.ServerOptions{PageSize: pageSize})
	for _, l := range list {
		t := &mcp.Tool{Name: l.Name, Description: l.Description, InputSchema: l.InputSchema}
		if note != "" && strings.HasSuffix(t.Description, ".") {
			t.Description = strings.TrimSuffix(t.Description, ".") + " (" + note + ")."
		}
		srv.AddTool(t, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	}
	return srv
}

// Serve runs the stdio server mode names and returns the exit status:
//   - tools: the tools of ToolsEnv (default DefaultTools), PageEnv per
//     page, its arguments noted in the descriptions;
//   - exit: writes a complaint on stderr and exits at once;
//   - silent: reads its input and never answers;
//   - garbage: answers every line with text that is not JSON;
//   - script: answers as the Script in ScriptEnv says.
func Serve(mode string, args []string) int {
	switch mode {
	case "tools":
		tools := os.Getenv(ToolsEnv)
		if tools == "" {
			tools = DefaultTools
		}
		page, _ := strconv.Atoi(os.Getenv(PageEnv))
		note := ""
		if len(args) > 0 {
			note = "args: " + strings.Join(args, " ")
		}
		if err := NewServer(tools, page, note).Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	case "exit":
		fmt.Fprintln(os.Stderr, "cannot open /etc/nowhere.conf: no such file")
		return 3
	case "silent":
		io.Copy(io.Discard, os.Stdin)
		// Input closed: still say nothing until terminated.
		time.Sleep(time.Hour)
		return 0
	case "script":
		return serveScript()
	case "garbage":
		in := bufio.NewScanner(os.Stdin)
		for in.Scan() {
			fmt.Println("<html>this is not JSON-RPC</html>")
		}
		return 0
	}
	fmt.Fprintf(os.Stderr, "unknown mode %q\n", mode)
	return 2
}
