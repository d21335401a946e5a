package mcptest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
)

// ScriptEnv holds a Script (JSON) for the "script" mode: a stdio server
// written by hand, line by line, that says exactly what the test wants,
// including what the SDK's server never would (the same tool on two
// pages, an error answer to initialize).
const ScriptEnv = "SCHEMAPORT_TEST_MCP_SCRIPT"

// Script is what the "script" server answers.
type Script struct {
	// InitError, when set, is the JSON-RPC error answering initialize.
	InitError json.RawMessage `json:"initError,omitempty"`
	// Capabilities replace the default {"tools": {}}.
	Capabilities json.RawMessage `json:"capabilities,omitempty"`
	// Pages maps a cursor ("" for the first page) to its tools/list
	// result, written as given.
	Pages map[string]json.RawMessage `json:"pages"`
	// Stderr is written to stderr before every answer.
	Stderr string `json:"stderr,omitempty"`
	// Ignore names methods never answered (a server stuck mid-listing).
	Ignore []string `json:"ignore,omitempty"`
}

// serveScript answers initialize, ping and tools/list from the script in
// ScriptEnv, and any other request with "method not found".
func serveScript() int {
	var sc Script
	if err := json.Unmarshal([]byte(os.Getenv(ScriptEnv)), &sc); err != nil {
		fmt.Fprintln(os.Stderr, "bad script:", err)
		return 2
	}
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadString('\n')
		if r := sc.Reply([]byte(line)); r != "" {
			io.WriteString(os.Stderr, sc.Stderr)
			out.WriteString(r + "\n")
			out.Flush()
		}
		if err != nil {
			return 0
		}
	}
}

// Reply is the script's JSON-RPC answer to one request: "" for a blank
// line, a notification (no id) or a method the script ignores.
func (sc *Script) Reply(request []byte) string {
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
			Cursor          string `json:"cursor"`
		} `json:"params"`
	}
	if json.Unmarshal(request, &req) != nil || len(req.ID) == 0 || slices.Contains(sc.Ignore, req.Method) {
		return ""
	}
	return `{"jsonrpc":"2.0","id":` + string(req.ID) + `,` + answer(sc, req.Method, req.Params.ProtocolVersion, req.Params.Cursor) + "}"
}

// ServeHTTP answers the script over streamable HTTP: one JSON answer per
// POST, 202 for a notification.
func (sc *Script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if r.Method != http.MethodPost || err != nil {
		http.Error(w, "no", http.StatusMethodNotAllowed)
		return
	}
	reply := sc.Reply(body)
	if reply == "" {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, reply)
}

// answer is the result or error member for one request.
func answer(sc *Script, method, version, cursor string) string {
	switch method {
	case "initialize":
		if sc.InitError != nil {
			return `"error":` + string(sc.InitError)
		}
		caps := sc.Capabilities
		if caps == nil {
			caps = json.RawMessage(`{"tools":{}}`)
		}
		v, _ := json.Marshal(version)
		return `"result":{"protocolVersion":` + string(v) + `,"capabilities":` + string(caps) + `,"serverInfo":{"name":"script","version":"1"}}`
	case "ping":
		return `"result":{}`
	case "tools/list":
		if page, ok := sc.Pages[cursor]; ok {
			return `"result":` + string(page)
		}
		return `"error":{"code":-32602,"message":"unknown cursor"}`
	}
	return `"error":{"code":-32601,"message":"Method not found"}`
}
