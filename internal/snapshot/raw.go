package snapshot

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// The SDK hands a listed tool's inputSchema over as map[string]any, whose
// numbers are float64: 18446744073709551615 would come back rounded. The
// snapshot keeps the server's exact text instead, by recording the raw
// result of every tools/list response on its way in (from the stdio
// connection, or from the HTTP response body) and taking each tool's schema
// from there. A tool the recording missed falls back to the SDK's value.

// recorder collects the raw results of tools/list responses.
type recorder struct {
	mu      sync.Mutex
	pending map[string]bool // ids of tools/list requests sent
	results [][]byte
}

func newRecorder() *recorder { return &recorder{pending: map[string]bool{}} }

func (r *recorder) expect(id string) {
	r.mu.Lock()
	r.pending[id] = true
	r.mu.Unlock()
}

func (r *recorder) answer(id string, result []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pending[id] {
		delete(r.pending, id)
		r.results = append(r.results, append([]byte(nil), result...))
	}
}

// count is how many results have been recorded.
func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.results)
}

// pageSince decodes the last result recorded after the first n, keeping
// only what a snapshot holds: ok is false when there is none, or when its
// tools' name, description or inputSchema are not what MCP says.
func (r *recorder) pageSince(n int) (*mcp.ListToolsResult, bool) {
	r.mu.Lock()
	var raw []byte
	if len(r.results) > n {
		raw = r.results[len(r.results)-1]
	}
	r.mu.Unlock()
	if raw == nil {
		return nil, false
	}
	var page struct {
		Tools []*struct {
			Name        string `json:"name"`
			Description string `json:"description"`
			InputSchema any    `json:"inputSchema"`
		} `json:"tools"`
		NextCursor string `json:"nextCursor"`
	}
	if json.Unmarshal(raw, &page) != nil {
		return nil, false
	}
	res := &mcp.ListToolsResult{NextCursor: page.NextCursor}
	for _, t := range page.Tools {
		if t != nil {
			res.Tools = append(res.Tools, &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema})
		}
	}
	return res, true
}

// schemas returns each recorded tool's exact inputSchema by tool name.
func (r *recorder) schemas() map[string]*jsonvalue.Value {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string]*jsonvalue.Value{}
	for _, res := range r.results {
		v, err := jsonvalue.Parse(res)
		if err != nil {
			continue
		}
		tools := v.Get("tools")
		if !tools.IsArray() {
			continue
		}
		for i := range tools.Items {
			t := &tools.Items[i]
			if name := t.Get("name"); name.IsString() && t.Get("inputSchema") != nil {
				out[name.Text] = t.Get("inputSchema")
			}
		}
	}
	return out
}

// idKey renders a JSON-RPC id for matching ("7", "\"abc\"").
func idKey(raw any) string {
	data, _ := json.Marshal(raw)
	return string(data)
}

// rawTransport records tools/list results on a stdio connection.
type rawTransport struct {
	mcp.Transport
	rec *recorder
}

func (t rawTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return rawConn{Connection: conn, rec: t.rec}, nil
}

type rawConn struct {
	mcp.Connection
	rec *recorder
}

func (c rawConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "tools/list" && req.ID.IsValid() {
		c.rec.expect(idKey(req.ID.Raw()))
	}
	return c.Connection.Write(ctx, msg)
}

func (c rawConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if resp, ok := msg.(*jsonrpc.Response); ok && err == nil && resp.Error == nil {
		c.rec.answer(idKey(resp.ID.Raw()), resp.Result)
	}
	return msg, err
}

// tapRequest notes an HTTP request carrying a tools/list call and returns
// the id to watch its response for ("" for any other request).
func tapRequest(rec *recorder, body []byte) string {
	var req struct {
		Method string          `json:"method"`
		ID     json.RawMessage `json:"id"`
	}
	if json.Unmarshal(body, &req) != nil || req.Method != "tools/list" || len(req.ID) == 0 {
		return ""
	}
	var id any
	if json.Unmarshal(req.ID, &id) != nil {
		return ""
	}
	key := idKey(id)
	rec.expect(key)
	return key
}

// bodyTap watches an HTTP response body (JSON or server-sent events) as
// the SDK reads it, and records the result of the awaited response.
type bodyTap struct {
	io.ReadCloser
	rec  *recorder
	id   string
	sse  bool
	buf  []byte
	done bool
}

const maxTap = 64 << 20 // a tools/list page larger than this is not recorded

func (t *bodyTap) Read(p []byte) (int, error) {
	n, err := t.ReadCloser.Read(p)
	if !t.done && n > 0 {
		t.buf = append(t.buf, p[:n]...)
		if len(t.buf) > maxTap {
			t.done, t.buf = true, nil
		}
	}
	if !t.done {
		t.scan(err != nil)
	}
	return n, err
}

// scan looks for the awaited message in what was read so far.
func (t *bodyTap) scan(eof bool) {
	if !t.sse {
		if eof {
			t.message(t.buf)
			t.done = true
		}
		return
	}
	for {
		text := strings.ReplaceAll(string(t.buf), "\r\n", "\n")
		end := strings.Index(text, "\n\n")
		if end < 0 {
			return
		}
		var data []string
		for _, line := range strings.Split(text[:end], "\n") {
			if rest, ok := strings.CutPrefix(line, "data:"); ok {
				data = append(data, strings.TrimPrefix(rest, " "))
			}
		}
		t.buf = []byte(text[end+2:])
		if len(data) > 0 && t.message([]byte(strings.Join(data, "\n"))) {
			t.done, t.buf = true, nil
			return
		}
	}
}

// message records msg when it answers the awaited request.
func (t *bodyTap) message(msg []byte) bool {
	var resp struct {
		ID     json.RawMessage `json:"id"`
		Result json.RawMessage `json:"result"`
	}
	if json.Unmarshal(bytes.TrimSpace(msg), &resp) != nil || len(resp.Result) == 0 {
		return false
	}
	var id any
	if json.Unmarshal(resp.ID, &id) != nil || idKey(id) != t.id {
		return false
	}
	t.rec.answer(t.id, resp.Result)
	return true
}
