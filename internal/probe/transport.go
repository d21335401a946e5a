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
	resp.Body = &teeBody{ReadCloser: resp.Body, to: &r.body}
	return resp, nil
}

type teeBody struct {
	io.ReadCloser
	to *bytes.Buffer
}

func (t *teeBody) Read(p []byte) (int, error) {
	n, err := t.ReadCloser.Read(p)
	if room := maxRecorded - t.to.Len(); room > 0 && n > 0 {
		t.to.Write(p[:min(n, room)])
	}
	return n, err
}

func (r *recorder) client() *http.Client { return &http.Client{Transport: r} }
