// Package snapshot reads the tools a live MCP server lists and keeps them as
// canonical tool files: one file per tool, byte-stable, so that a team whose
// tools exist only in code (zod, pydantic) can check and diff them like any
// other tool file, and a CI job can fail when the committed snapshot is
// stale.
package snapshot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Server is one MCP server to read: a command spoken to over stdio, or a
// streamable HTTP endpoint.
type Server struct {
	// Name is how messages name the server.
	Name string
	// Command is the program and its arguments (stdio).
	Command []string
	// Env is added to the environment the command inherits (NAME=value).
	Env []string
	// URL is the streamable HTTP endpoint.
	URL string
	// Headers maps a header name to the environment variable holding its
	// value. Values are read at connection time and never printed.
	Headers map[string]string
	// Out is the snapshot directory.
	Out string
}

// Tool is one listed tool, reduced to what the canonical format holds.
type Tool struct {
	Name        string
	Description string
	InputSchema any
}

// DefaultTimeout bounds starting, initialising and listing one server.
const DefaultTimeout = 30 * time.Second

// maxPages stops a server whose cursors never end.
const maxPages = 10000

// List connects to the server, initialises, and lists every tool,
// following nextCursor. The tools are sorted by name. Every failure is an
// error that names the server; none waits longer than timeout.
func List(ctx context.Context, s Server, timeout time.Duration) ([]Tool, error) {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	rec := newRecorder()
	transport, cmd, stderr, err := s.transport(ctx, rec)
	if err != nil {
		return nil, s.fail(err, nil)
	}
	// The SDK drops a listed tool it finds invalid and says so only in its
	// log: keep that log, so a dropped tool is an error rather than a
	// silent gap in the snapshot.
	var logBuf lockedBuffer
	client := mcp.NewClient(&mcp.Implementation{Name: "schemaport-action", Version: "snapshot"},
		&mcp.ClientOptions{Logger: slog.New(slog.NewTextHandler(&logBuf, &slog.HandlerOptions{Level: slog.LevelError, ReplaceAttr: dropTimeAndLevel}))})

	type result struct {
		tools  []Tool
		err    error
		logged string // the SDK's error log while listing
	}
	done := make(chan result, 1)
	var session *mcp.ClientSession
	var mu sync.Mutex
	go func() {
		cs, err := client.Connect(ctx, transport, nil)
		if err != nil {
			var execErr *exec.Error
			var pathErr *fs.PathError
			if errors.As(err, &execErr) || errors.As(err, &pathErr) {
				done <- result{err: fmt.Errorf("the command could not start: %w", err)}
				return
			}
			done <- result{err: fmt.Errorf("initialising failed: %w", err)}
			return
		}
		mu.Lock()
		session = cs
		mu.Unlock()
		tools, err := listAll(ctx, cs, rec)
		done <- result{tools, err, logBuf.String()}
	}()

	var r result
	select {
	case r = <-done:
	case <-ctx.Done():
		r.err = ctx.Err()
	}
	mu.Lock()
	cs := session
	mu.Unlock()
	if cs != nil {
		closed := make(chan struct{})
		go func() { cs.Close(); close(closed) }()
		select {
		case <-closed:
		case <-time.After(closeGrace + time.Second):
		}
	}
	stop(cmd)
	// Status 0 is a server that ended when its input was closed after the
	// failure: saying it "exited" would point at the wrong cause.
	if r.err != nil && cmd != nil && cmd.ProcessState != nil && cmd.ProcessState.Exited() && cmd.ProcessState.ExitCode() != 0 {
		r.err = fmt.Errorf("%w (the server exited with status %d)", r.err, cmd.ProcessState.ExitCode())
	}
	// The SDK's JSON decoder met a line that is not JSON: most often a
	// banner or a log line printed on stdout. (The SDK formats the
	// decoder's error into text, so it is matched as encoding/json writes it.)
	if r.err != nil && cmd != nil && strings.Contains(r.err.Error(), "invalid character '") {
		r.err = fmt.Errorf("%w (the server wrote something other than JSON-RPC on its stdout; a stdio MCP server must write its logs to stderr)", r.err)
	}
	if r.err == nil && r.logged != "" {
		r.err = fmt.Errorf("the server listed tools the MCP SDK rejected: %s", strings.TrimSpace(r.logged))
	}
	if r.err != nil {
		if errors.Is(r.err, context.DeadlineExceeded) || ctx.Err() != nil {
			r.err = fmt.Errorf("no answer within %s", timeout)
		}
		return nil, s.fail(r.err, stderr)
	}
	return r.tools, nil
}

// dropTimeAndLevel keeps the SDK's log lines to what they say: a
// timestamp would make the same failure print different bytes each run,
// and every line kept is an error.
func dropTimeAndLevel(groups []string, a slog.Attr) slog.Attr {
	if len(groups) == 0 && (a.Key == slog.TimeKey || a.Key == slog.LevelKey) {
		return slog.Attr{}
	}
	return a
}

// closeGrace is how long a stdio server gets to exit after its input is
// closed before it is terminated.
const closeGrace = 2 * time.Second

func listAll(ctx context.Context, cs *mcp.ClientSession, rec *recorder) ([]Tool, error) {
	var tools []Tool
	seen := map[string]bool{}
	cursor := ""
	cursors := map[string]bool{}
	for page := 0; ; page++ {
		if page == maxPages {
			return nil, fmt.Errorf("tools/list did not end after %d pages", maxPages)
		}
		before := rec.count()
		res, err := cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: cursor})
		if err != nil {
			// The SDK decodes every field of every tool, so an icon's sizes
			// written as a string (an early draft of the spec) or a hint
			// written as "true" fails the whole listing; the snapshot keeps
			// only name, description and inputSchema, so the page is read
			// from the server's own answer when those three are sound.
			page, ok := rec.pageSince(before)
			if !ok {
				return nil, fmt.Errorf("tools/list failed: %w", err)
			}
			res = page
		}
		for _, t := range res.Tools {
			if t == nil {
				continue
			}
			if seen[t.Name] {
				return nil, fmt.Errorf("tools/list lists the tool %q twice", t.Name)
			}
			seen[t.Name] = true
			tools = append(tools, Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema})
		}
		if res.NextCursor == "" {
			break
		}
		if cursors[res.NextCursor] {
			return nil, fmt.Errorf("tools/list returned the cursor %q twice; the listing would never end", res.NextCursor)
		}
		cursors[res.NextCursor] = true
		cursor = res.NextCursor
	}
	exact := rec.schemas()
	for i := range tools {
		if v, ok := exact[tools[i].Name]; ok {
			tools[i].InputSchema = v
		}
	}
	sort.Slice(tools, func(i, j int) bool { return tools[i].Name < tools[j].Name })
	return tools, nil
}

// transport builds the SDK transport, recording tools/list results into
// rec; for a command, it also returns the command and the buffer that keeps
// the tail of its stderr.
func (s Server) transport(ctx context.Context, rec *recorder) (mcp.Transport, *exec.Cmd, *tailBuffer, error) {
	if s.URL != "" {
		headers := http.Header{}
		for name, env := range s.Headers {
			v, ok := os.LookupEnv(env)
			if !ok {
				return nil, nil, nil, fmt.Errorf("header %s takes its value from the environment variable %s, which is not set", name, env)
			}
			headers.Set(name, v)
		}
		client := &http.Client{Transport: headerTransport{headers: headers, base: http.DefaultTransport, stop: ctx, rec: rec}}
		return &mcp.StreamableClientTransport{Endpoint: s.URL, HTTPClient: client, MaxRetries: -1, DisableStandaloneSSE: true}, nil, nil, nil
	}
	if len(s.Command) == 0 {
		return nil, nil, nil, errors.New("no command to run")
	}
	cmd := exec.Command(s.Command[0], s.Command[1:]...)
	cmd.Env = append(os.Environ(), s.Env...)
	tail := &tailBuffer{max: 4096}
	cmd.Stderr = tail
	return rawTransport{Transport: &mcp.CommandTransport{Command: cmd, TerminateDuration: closeGrace}, rec: rec}, cmd, tail, nil
}

// stop makes sure a command is gone, whatever state the session ended in.
func stop(cmd *exec.Cmd) {
	if cmd == nil || cmd.Process == nil {
		return
	}
	if cmd.ProcessState == nil {
		cmd.Process.Kill()
	}
}

// fail names the server and adds what it wrote on stderr.
func (s Server) fail(err error, stderr *tailBuffer) error {
	text := err.Error()
	if s.URL != "" {
		// The URL may carry a token in its query or user info: only the
		// server's name is shown.
		if u, perr := url.Parse(s.URL); perr == nil {
			text = redactURLs(text, u.Scheme+"://", u.Host, s.Name)
		}
	}
	msg := "MCP server " + s.Name + ": " + text
	if stderr != nil {
		if text := strings.TrimSpace(stderr.String()); text != "" {
			// Indented, so no line of the server's output can start a
			// workflow command (::error::) in a GitHub log.
			msg += "\n  server stderr:\n    | " + strings.ReplaceAll(text, "\n", "\n    | ")
		}
	}
	return errors.New(msg)
}

// redactURLs replaces every URL in text that starts with scheme and names
// host (however its user info was masked) with name.
func redactURLs(text, scheme, host, name string) string {
	var b strings.Builder
	for {
		i := strings.Index(text, scheme)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		end := i + strings.IndexAny(text[i:]+" ", " \"'\n")
		b.WriteString(text[:i])
		if strings.Contains(text[i:end], host) {
			b.WriteString(name)
		} else {
			b.WriteString(text[i:end])
		}
		text = text[end:]
	}
}

// headerTransport adds the configured headers to every request, and ends
// every request still open when stop is done: the SDK runs some requests
// on contexts of its own, and a server that never answers must not keep a
// connection (and a goroutine) past the listing.
type headerTransport struct {
	headers http.Header
	base    http.RoundTripper
	stop    context.Context
	rec     *recorder
}

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithCancel(r.Context())
	unhook := context.AfterFunc(h.stop, cancel)
	end := func() { unhook(); cancel() }
	r = r.Clone(ctx)
	for k, v := range h.headers {
		r.Header[k] = v
	}
	watch := ""
	if r.Method == http.MethodPost && r.Body != nil {
		body, err := io.ReadAll(io.LimitReader(r.Body, maxTap))
		r.Body.Close()
		if err != nil {
			end()
			return nil, err
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		watch = tapRequest(h.rec, body)
	}
	resp, err := h.base.RoundTrip(r)
	if err != nil {
		end()
		return nil, err
	}
	body := io.ReadCloser(&cappedBody{ReadCloser: resp.Body, left: maxResponse})
	if watch != "" {
		body = &bodyTap{ReadCloser: body, rec: h.rec, id: watch, sse: strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream")}
	}
	resp.Body = &endingBody{ReadCloser: body, end: end}
	return resp, nil
}

// maxResponse bounds one HTTP response of the server: the SDK reads a
// JSON response whole, and a server that sends without end (or a few GB)
// took that much memory until the timeout (2.5 GB in 5 s here). A
// tools/list page is far smaller.
const maxResponse = 64 << 20

// cappedBody fails a read past left bytes.
type cappedBody struct {
	io.ReadCloser
	left int64
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, fmt.Errorf("the server's response is larger than %d MiB", maxResponse>>20)
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	return n, err
}

// endingBody releases its request's context when closed.
type endingBody struct {
	io.ReadCloser
	end func()
}

func (b *endingBody) Close() error {
	err := b.ReadCloser.Close()
	b.end()
	return err
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
	cut bool
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0:0], t.buf[len(t.buf)-t.max:]...)
		t.cut = true
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cut {
		return "…" + string(bytes.ToValidUTF8(t.buf, nil))
	}
	return string(t.buf)
}

// lockedBuffer is a bytes.Buffer safe for the SDK's concurrent logging.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
