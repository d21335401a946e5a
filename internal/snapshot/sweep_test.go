package snapshot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/snapshot/mcptest"
)

// scripted is a stdio server answering as the script says.
func scripted(t *testing.T, name string, sc mcptest.Script) Server {
	t.Helper()
	s := stdio(t, "script")
	s.Name = name
	data, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	s.Env = append(s.Env, mcptest.ScriptEnv+"="+string(data))
	return s
}

func pages(p map[string]string) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, v := range p {
		out[k] = json.RawMessage(v)
	}
	return out
}

// A server that answers initialize with an error is an error naming the
// server with the server's own message; a server that exits 0 because its
// input was closed after the failure is not said to have "exited".
func TestInitializeError(t *testing.T) {
	s := scripted(t, "db", mcptest.Script{InitError: json.RawMessage(`{"code":-32603,"message":"missing DATABASE_URL"}`)})
	_, err := List(context.Background(), s, 10*time.Second)
	want := `MCP server db: initialising failed: calling "initialize": missing DATABASE_URL`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
}

// metaTool carries every field MCP lists besides the three a snapshot
// keeps: title, outputSchema, annotations, icons and _meta.
const metaTool = `{"name":"get_order","title":"Get order","description":"Read one order.",
 "inputSchema":{"type":"object","properties":{"id":{"type":"integer","maximum":18446744073709551615}},"required":["id"]},
 "outputSchema":{"type":"object","properties":{"total":{"type":"number"}}},
 "annotations":{"title":"Order","readOnlyHint":true,"openWorldHint":false},
 "icons":[ICON],
 "_meta":{"example.com/owner":"billing"}}`

const metaFile = `{
  "name": "get_order",
  "description": "Read one order.",
  "inputSchema": {
    "properties": {
      "id": {
        "maximum": 18446744073709551615,
        "type": "integer"
      }
    },
    "required": [
      "id"
    ],
    "type": "object"
  }
}
`

// Tools with outputSchema, annotations, icons and _meta give the same
// snapshot as without them (the canonical name, description and exact
// inputSchema), including metadata the SDK cannot decode: an icon's
// sizes as a string (an early draft of the spec; the SDK wants an array)
// or a hint written as a string.
func TestToolMetadata(t *testing.T) {
	for name, tool := range map[string]string{
		"spec":        strings.Replace(metaTool, "ICON", `{"src":"data:image/png;base64,iVBORw0KGgo=","mimeType":"image/png","sizes":["48x48"]}`, 1),
		"sizes":       strings.Replace(metaTool, "ICON", `{"src":"https://example.com/i.png","sizes":"48x48"}`, 1),
		"hint string": strings.Replace(strings.Replace(metaTool, "ICON", `{"src":"https://example.com/i.png"}`, 1), `"readOnlyHint":true`, `"readOnlyHint":"true"`, 1),
	} {
		s := scripted(t, name, mcptest.Script{Pages: pages(map[string]string{
			"":  `{"tools":[` + tool + `],"nextCursor":"2"}`,
			"2": `{"tools":[` + strings.Replace(tool, "get_order", "list_orders", 1) + `]}`,
		})})
		tools, err := List(context.Background(), s, 10*time.Second)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := names(tools); !reflect.DeepEqual(got, []string{"get_order", "list_orders"}) {
			t.Fatalf("%s: %v", name, got)
		}
		data, err := Render(tools[0])
		if err != nil || string(data) != metaFile {
			t.Errorf("%s: %v\n%s", name, err, data)
		}
	}
	// What a snapshot keeps must still be sound: a description that is
	// not a string fails the listing, naming the server.
	s := scripted(t, "bad", mcptest.Script{Pages: pages(map[string]string{"": `{"tools":[{"name":"a","description":5,"inputSchema":{"type":"object"}}]}`})})
	if _, err := List(context.Background(), s, 10*time.Second); err == nil || !strings.HasPrefix(err.Error(), "MCP server bad: tools/list failed: ") {
		t.Errorf("bad description: %v", err)
	}
}

// Pagination over several pages (one of them empty), a tool listed on two
// pages, a cursor that comes back, a server with no tools, and tools: null.
func TestListingShapes(t *testing.T) {
	tool := func(n string) string { return `{"name":"` + n + `","inputSchema":{"type":"object"}}` }
	cases := []struct {
		name  string
		pages map[string]string
		want  []string
		err   string
	}{
		{"four pages", map[string]string{
			"":     `{"tools":[` + tool("zulu") + `,` + tool("alpha") + `],"nextCursor":"p2"}`,
			"p2":   `{"tools":[],"nextCursor":"p3=="}`,
			"p3==": `{"tools":[` + tool("mike") + `],"nextCursor":"last"}`,
			"last": `{"tools":[` + tool("bravo") + `]}`,
		}, []string{"alpha", "bravo", "mike", "zulu"}, ""},
		{"same tool on two pages", map[string]string{
			"":  `{"tools":[` + tool("a") + `,` + tool("b") + `],"nextCursor":"2"}`,
			"2": `{"tools":[` + tool("c") + `,` + tool("a") + `]}`,
		}, nil, `MCP server same tool on two pages: tools/list lists the tool "a" twice`},
		{"cursor loop", map[string]string{
			"":  `{"tools":[` + tool("a") + `],"nextCursor":"x"}`,
			"x": `{"tools":[],"nextCursor":"x"}`,
		}, nil, `MCP server cursor loop: tools/list returned the cursor "x" twice; the listing would never end`},
		{"no tools", map[string]string{"": `{"tools":[]}`}, nil, ""},
		{"tools null", map[string]string{"": `{"tools":null}`}, nil, ""},
	}
	for _, c := range cases {
		tools, err := List(context.Background(), scripted(t, c.name, mcptest.Script{Pages: pages(c.pages)}), 10*time.Second)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%s: err %v\nwant %s", c.name, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(names(tools), c.want) {
			t.Errorf("%s: %v %v", c.name, names(tools), err)
		}
	}
	// A server with no tools empties the snapshot (its files are removed),
	// and --check reports each as removed.
	dir := t.TempDir()
	if _, err := Write(dir, []Tool{{Name: "old", InputSchema: map[string]any{"type": "object"}}}); err != nil {
		t.Fatal(err)
	}
	if ch, err := Check(dir, nil); err != nil || len(ch) != 1 || ch[0].Kind != "removed" || ch[0].Tool != "old" {
		t.Errorf("check: %+v %v", ch, err)
	}
	if res, err := Write(dir, nil); err != nil || !reflect.DeepEqual(res.Removed, []string{"old.json"}) {
		t.Errorf("write: %+v %v", res, err)
	}
}

// A stdio server that logs on stderr as it works gives its tools and
// nothing of the noise; one that fails shows only the end of its stderr,
// indented so no line starts a workflow command.
func TestStderrNoise(t *testing.T) {
	noise := strings.Repeat("DEBUG handling request ...\n", 4000) // ~100 KB per answer
	ok := scripted(t, "noisy", mcptest.Script{Stderr: noise, Pages: pages(map[string]string{"": `{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`})})
	if tools, err := List(context.Background(), ok, 10*time.Second); err != nil || len(tools) != 1 {
		t.Fatalf("%v %v", tools, err)
	}
	bad := scripted(t, "noisy", mcptest.Script{Stderr: noise + "::error::fatal: no config\n", InitError: json.RawMessage(`{"code":-32603,"message":"no config"}`)})
	_, err := List(context.Background(), bad, 10*time.Second)
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	head := "MCP server noisy: initialising failed: calling \"initialize\": no config\n  server stderr:\n    | …"
	if !strings.HasPrefix(msg, head) || !strings.HasSuffix(msg, "\n    | ::error::fatal: no config") || len(msg) > len(head)+4096+8*200 {
		t.Errorf("error (%d bytes):\n%.400s\n...\n%s", len(msg), msg, msg[max(0, len(msg)-200):])
	}
}

// Over HTTP, an error answer to initialize (JSON-RPC, or an HTTP error
// with a text body) is an error naming the server with what it said.
func TestHTTPInitializeError(t *testing.T) {
	rpc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32603,"message":"tenant not configured"}}`, req.ID)
	}))
	defer rpc.Close()
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		http.Error(w, "upstream connect error", http.StatusBadGateway)
	}))
	defer down.Close()
	for _, c := range []struct{ url, want string }{
		{rpc.URL, `MCP server remote: initialising failed: calling "initialize": tenant not configured`},
		{down.URL, `MCP server remote: initialising failed: calling "initialize": rejected by transport: sending "initialize": Bad Gateway`},
	} {
		_, err := List(context.Background(), Server{Name: "remote", URL: c.url}, 5*time.Second)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("err = %v\nwant %s", err, c.want)
		}
	}
}

// Over streamable HTTP too, metadata the SDK cannot decode does not fail
// the listing: the page is read from the recorded response body.
func TestHTTPToolMetadata(t *testing.T) {
	tool := strings.Replace(metaTool, "ICON", `{"src":"https://example.com/i.png","sizes":"48x48"}`, 1)
	page := map[string]string{
		"":  `{"tools":[` + tool + `],"nextCursor":"2"}`,
		"2": `{"tools":[` + strings.Replace(tool, "get_order", "list_orders", 1) + `]}`,
	}
	srv := httptest.NewServer(&mcptest.Script{Pages: pages(page)})
	defer srv.Close()
	tools, err := List(context.Background(), Server{Name: "raw", URL: srv.URL}, 10*time.Second)
	if err != nil || !reflect.DeepEqual(names(tools), []string{"get_order", "list_orders"}) {
		t.Fatalf("%v %v", names(tools), err)
	}
	if data, err := Render(tools[0]); err != nil || string(data) != metaFile {
		t.Errorf("%v\n%s", err, data)
	}
}

// A tool the SDK excludes (an x-mcp-header on an object) is an error
// naming the server and the tool, the same bytes every run (no log
// timestamp).
func TestSDKRejectedToolIsDeterministic(t *testing.T) {
	s := scripted(t, "hdr", mcptest.Script{Pages: pages(map[string]string{"": `{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"r":{"type":"object","x-mcp-header":"Region"}}}},{"name":"b","inputSchema":{"type":"object"}}]}`})})
	_, err := List(context.Background(), s, 10*time.Second)
	want := `MCP server hdr: the server listed tools the MCP SDK rejected: msg="excluding tool from tools/list" tool=a error="property \"r\": x-mcp-header can only be applied to primitive types (integer, string, boolean), got \"object\""`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
}

// A server that initialises and then never answers tools/list is bounded
// by the same timeout, and the error names it.
func TestListingNeverAnswers(t *testing.T) {
	s := scripted(t, "stuck", mcptest.Script{Ignore: []string{"tools/list"}})
	_, err := List(context.Background(), s, 2*time.Second)
	if err == nil || err.Error() != "MCP server stuck: no answer within 2s" {
		t.Errorf("err = %v", err)
	}
}
