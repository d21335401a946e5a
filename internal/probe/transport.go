package probe

import (
	"bytes"
	"errors"
	"io"
	"net/http"
)

// maxRecorded bounds how much of a response body is kept for the error
// message; a provider error body is a few hundred bytes.
const maxRecorded = 1 << 20

// maxResponse bounds a whole response body: every SDK reads a response
// whole (io.ReadAll), so a server that never ends, or sends gigabytes,
// would otherwise take that much memory until the timeout. A probe's
// answer (one forced call) is a few kilobytes.
const maxResponse = 8 << 20

// errDryRun stops a request at the transport: --dry-run records the body
// the SDK would send and never touches the network.
var errDryRun = errors.New("dry run: request not sent")

// recorder sits under the SDK for one attempt: it keeps the request the
// SDK built (method, URL, body; never the headers, which carry the key)
// and the response's status, headers and body, so classification reads the
// same facts for all three providers.
type recorder struct {
	base   http.RoundTripper
	dryRun bool

	method  string
	url     string
	reqBody []byte
	sent    bool

	status int
	header http.Header
	body   bytes.Buffer
	err    error
	// bodyErr is why the response body could not be read to its end;
	// tooLarge says it passed maxResponse.
	bodyErr  error
	tooLarge bool
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.method, r.url = req.Method, req.URL.Redacted()
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, err
		}
		r.reqBody = b
		req.Body = io.NopCloser(bytes.NewReader(b))
	}
	if r.dryRun {
		return nil, errDryRun
	}
	r.sent = true
	base := r.base
	if base == nil {
		base = http.DefaultTransport
	}
	resp, err := base.RoundTrip(req)
	if err != nil {
		r.err = err
		return nil, err
	}
	r.status, r.header = resp.StatusCode, resp.Header
	// One byte past the bound, so a body of exactly maxResponse still ends.
	resp.Body = &teeBody{ReadCloser: resp.Body, rec: r, left: maxResponse + 1}
	return resp, nil
}

// errTooLarge ends the read of a body past maxResponse.
var errTooLarge = errors.New("the response is too large")

// teeBody keeps the first maxRecorded bytes of the body for
// classification, and fails a read past maxResponse.
type teeBody struct {
	io.ReadCloser
	rec  *recorder
	left int64
}

func (t *teeBody) Read(p []byte) (int, error) {
	if t.left <= 0 {
		t.rec.tooLarge = true
		t.rec.bodyErr = errTooLarge
		return 0, errTooLarge
	}
	if int64(len(p)) > t.left {
		p = p[:t.left]
	}
	n, err := t.ReadCloser.Read(p)
	t.left -= int64(n)
	if room := maxRecorded - t.rec.body.Len(); room > 0 && n > 0 {
		t.rec.body.Write(p[:min(n, room)])
	}
	if err != nil && err != io.EOF && t.rec.bodyErr == nil {
		t.rec.bodyErr = err
	}
	return n, err
}

func (r *recorder) client() *http.Client { return &http.Client{Transport: r} }
