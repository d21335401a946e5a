package snapshot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/schemaport/schemaport-action/internal/snapshot/mcptest"
)

// The test binary doubles as the stdio MCP servers: run with
// SNAPSHOT_TEST_SERVER set, it is a server instead of the tests.
func TestMain(m *testing.M) {
	if mode := os.Getenv(mcptest.ModeEnv); mode != "" {
		os.Exit(mcptest.Serve(mode, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// stdio is a server made of this test binary in the given mode.
func stdio(t *testing.T, mode string, args ...string) Server {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Server{Name: "test-" + mode, Command: append([]string{exe}, args...), Env: []string{mcptest.ModeEnv + "=" + mode}}
}

func names(tools []Tool) []string {
	var out []string
	for _, t := range tools {
		out = append(out, t.Name)
	}
	return out
}

// Over stdio: every page is followed, arguments and environment reach the
// server, and the tools come back sorted.
func TestListStdioPaginated(t *testing.T) {
	s := stdio(t, "tools", "--flavour=stdio")
	s.Env = append(s.Env, mcptest.ToolsEnv+"="+mcptest.DefaultTools, mcptest.PageEnv+"=2")
	tools, err := List(context.Background(), s, 20*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot"}
	if got := names(tools); !reflect.DeepEqual(got, want) {
		t.Fatalf("tools %v, want %v", got, want)
	}
	if tools[0].Description != "First tool (args: --flavour=stdio)." {
		t.Errorf("description %q: arguments did not reach the server", tools[0].Description)
	}
	wantExact(t, tools[5])
}

// wantExact checks that a schema's numbers are the server's text, not
// float64 approximations.
func wantExact(t *testing.T, tool Tool) {
	t.Helper()
	data, err := Render(tool)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`"maximum": 18446744073709551615,`, `"multipleOf": 1e-7`} {
		if !strings.Contains(string(data), w) {
			t.Errorf("%s lacks %s:\n%s", tool.Name, w, data)
		}
	}
}

// A server that fails at once, one that never answers, and one that
// answers garbage are errors naming the server; none hangs.
func TestListStdioFailures(t *testing.T) {
	cases := []struct {
		mode string
		want []string
	}{
		{"exit", []string{"MCP server test-exit: initialising failed", "(the server exited with status 3)\n  server stderr:\n    | cannot open /etc/nowhere.conf: no such file"}},
		{"silent", []string{"MCP server test-silent: no answer within 2s"}},
		{"garbage", []string{"MCP server test-garbage: initialising failed", "invalid character '<' looking for beginning of value (the server wrote something other than JSON-RPC on its stdout; a stdio MCP server must write its logs to stderr)"}},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			start := time.Now()
			_, err := List(context.Background(), stdio(t, c.mode), 2*time.Second)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			// Not a speed assertion: a hang would run to the test
			// timeout; this only catches waiting far past the bound.
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("took %s", d)
			}
		})
	}
	_, err := List(context.Background(), Server{Name: "missing", Command: []string{filepath.Join(t.TempDir(), "no-such-server")}}, 2*time.Second)
	if err == nil || !strings.HasPrefix(err.Error(), "MCP server missing: the command could not start: ") {
		t.Errorf("missing command: %v", err)
	}
}

// httpServer serves the default tools over streamable HTTP, two per page,
// to requests carrying the token; opts choose JSON or event-stream answers.
func httpServer(t *testing.T, opts *mcp.StreamableHTTPOptions) *httptest.Server {
	t.Helper()
	srv := mcptest.NewServer(mcptest.DefaultTools, 2, "http")
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, opts)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer s3cret-token" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		handler.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts
}

func TestListHTTP(t *testing.T) {
	t.Setenv("SNAP_TOKEN", "Bearer s3cret-token")
	var s Server
	for _, opts := range []*mcp.StreamableHTTPOptions{nil, {JSONResponse: true}, {Stateless: true, JSONResponse: true}} {
		ts := httpServer(t, opts)
		s = Server{Name: "remote", URL: ts.URL, Headers: map[string]string{"Authorization": "SNAP_TOKEN"}}
		tools, err := List(context.Background(), s, 20*time.Second)
		if err != nil {
			t.Fatalf("%+v: %v", opts, err)
		}
		if got := names(tools); !reflect.DeepEqual(got, []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot"}) {
			t.Fatalf("%+v: tools %v", opts, got)
		}
		wantExact(t, tools[5])
	}

	// A wrong token: an error naming the server, never the token.
	t.Setenv("SNAP_TOKEN", "Bearer wrong-token")
	_, err := List(context.Background(), s, 5*time.Second)
	if err == nil || !strings.HasPrefix(err.Error(), "MCP server remote: ") || strings.Contains(err.Error(), "wrong-token") {
		t.Errorf("wrong token: %v", err)
	}
	// The variable is missing.
	os.Unsetenv("SNAP_TOKEN")
	_, err = List(context.Background(), s, 5*time.Second)
	if err == nil || err.Error() != "MCP server remote: header Authorization takes its value from the environment variable SNAP_TOKEN, which is not set" {
		t.Errorf("unset variable: %v", err)
	}
}

func TestListHTTPFailures(t *testing.T) {
	// Reads the request (so that the server notices when the client gives
	// up) and never answers.
	silent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
	}))
	defer silent.Close()
	garbage := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, "<html>not an MCP server</html>")
	}))
	defer garbage.Close()
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	cases := []struct {
		url, want string
	}{
		{silent.URL, "MCP server silent: no answer within 2s"},
		{garbage.URL, "MCP server garbage: initialising failed"},
		{down.URL, "MCP server down: initialising failed"},
		// A token in the URL never reaches the message.
		{strings.Replace(down.URL, "http://", "http://user:pw-secret@", 1) + "/mcp?token=q-secret", "MCP server down: initialising failed"},
	}
	for _, c := range cases {
		name := strings.Fields(c.want)[2]
		name = strings.TrimSuffix(name, ":")
		_, err := List(context.Background(), Server{Name: name, URL: c.url}, 2*time.Second)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "secret") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// Snapshot files are stable bytes: key order fixed, a trailing newline;
// writing again changes nothing; a tool that disappears loses its file;
// names that are not safe file names get a distinct one.
func TestWriteAndCheck(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "snap")
	schema := func(text string) any {
		var v any
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	tools := []Tool{
		{Name: "read_file", Description: "Read a file.", InputSchema: schema(`{"type":"object","required":["path"],"properties":{"path":{"type":"string","description":"<path> & more"}}}`)},
		{Name: "Weird/Name", InputSchema: schema(`{"type":"object"}`)},
		{Name: "weird/name", InputSchema: schema(`{"type":"object"}`)},
	}
	res, err := Write(dir, tools)
	if err != nil {
		t.Fatal(err)
	}
	wantFiles := []string{"Weird_Name-4682be1b.json", "read_file.json", "weird_name-2d21614c.json"}
	if !reflect.DeepEqual(res.Written, wantFiles) {
		t.Fatalf("written %v", res.Written)
	}
	data, err := os.ReadFile(filepath.Join(dir, "read_file.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "name": "read_file",
  "description": "Read a file.",
  "inputSchema": {
    "properties": {
      "path": {
        "description": "<path> & more",
        "type": "string"
      }
    },
    "required": [
      "path"
    ],
    "type": "object"
  }
}
`
	if string(data) != want {
		t.Fatalf("file:\n%s\nwant:\n%s", data, want)
	}
	if changes, err := Check(dir, tools); err != nil || len(changes) != 0 {
		t.Fatalf("check after write: %v %+v", err, changes)
	}
	res, err = Write(dir, tools)
	if err != nil || len(res.Written) != 0 || len(res.Unchanged) != 3 {
		t.Fatalf("second write: %v %+v", err, res)
	}

	// The server changed one tool, dropped one and added one.
	next := []Tool{
		{Name: "read_file", Description: "Read a file.", InputSchema: schema(`{"type":"object","required":["path","encoding"],"properties":{"path":{"type":"string","description":"<path> & more"},"encoding":{"type":"string"}}}`)},
		{Name: "Weird/Name", InputSchema: schema(`{"type":"object"}`)},
		{Name: "write_file", InputSchema: schema(`{"type":"object"}`)},
	}
	changes, err := Check(dir, next)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range changes {
		got = append(got, c.Kind+" "+c.Tool+" "+c.File+"\n"+c.Excerpt)
	}
	wantChanges := []string{
		"changed read_file read_file.json\n" +
			`  …
    "inputSchema": {
      "properties": {
+       "encoding": {
+         "type": "string"
+       },
        "path": {
          "description": "<path> & more",
  …
      },
      "required": [
-       "path"
+       "path",
+       "encoding"
      ],
      "type": "object"
  …
`,
		"added write_file write_file.json\n" + `+ {
+   "name": "write_file",
+   "inputSchema": {
+     "type": "object"
+   }
+ }
`,
		"removed weird/name weird_name-2d21614c.json\n" + `- {
-   "name": "weird/name",
-   "inputSchema": {
-     "type": "object"
-   }
- }
`,
	}
	if !reflect.DeepEqual(got, wantChanges) {
		t.Fatalf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantChanges, "\n"))
	}
	res, err = Write(dir, next)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.Removed, []string{"weird_name-2d21614c.json"}) || !reflect.DeepEqual(res.Written, []string{"read_file.json", "write_file.json"}) {
		t.Fatalf("%+v", res)
	}
	if _, err := os.Stat(filepath.Join(dir, "weird_name-2d21614c.json")); !os.IsNotExist(err) {
		t.Errorf("removed tool's file is still there: %v", err)
	}
	// Links are never written through.
	target := filepath.Join(t.TempDir(), "elsewhere.json")
	os.WriteFile(target, []byte("{}"), 0o644)
	if err := os.Symlink(target, filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(dir, next); err == nil || !strings.Contains(err.Error(), "link.json is a symbolic link") {
		t.Errorf("link: %v", err)
	}
	if data, _ := os.ReadFile(target); string(data) != "{}" {
		t.Errorf("link target changed: %s", data)
	}
}

// A server whose response does not end (or is gigabytes) is cut at
// maxResponse: the SDK reads a JSON response whole, and such a server took
// gigabytes of memory until the timeout.
func TestListHTTPBoundsTheResponse(t *testing.T) {
	endless := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		chunk := []byte(strings.Repeat("x", 1<<16))
		for sent := 0; sent < maxResponse+(8<<20); sent += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	defer endless.Close()
	_, err := List(context.Background(), Server{Name: "endless", URL: endless.URL}, 20*time.Second)
	if err == nil || !strings.Contains(err.Error(), "larger than 64 MiB") {
		t.Errorf("err = %v", err)
	}
}
