// Package prcommenttest is a stand-in for the part of the GitHub REST API
// the pull-request comment uses: an httptest server that keeps issue
// comments in memory, pages them as GitHub does (Link headers), records
// every call, and fails on request with a chosen status.
package prcommenttest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Call is one request the server received.
type Call struct {
	Method string
	Path   string // without the prefix the server was mounted under
	Query  string
	Auth   string // the Authorization header
	Body   string // the "body" field of a JSON request, if any
	Status int    // what the server answered
}

// String is "GET /repos/o/r/issues/1/comments?page=2 -> 200".
func (c Call) String() string {
	s := c.Method + " " + c.Path
	if c.Query != "" {
		s += "?" + c.Query
	}
	return s + " -> " + strconv.Itoa(c.Status)
}

// Comment is an issue comment held by the server.
type Comment struct {
	ID     int64
	Number int // the pull request it is on
	Body   string
	User   string
}

// Failure makes the next Times requests that match Method (and the path
// fragment Path, if set) answer Status with a GitHub-style error body.
type Failure struct {
	Method  string
	Path    string
	Status  int
	Message string
	Times   int
	Header  map[string]string
}

// Server is the fake API. Prefix is where it is mounted ("" for
// api.github.com style, "/api/v3" for GitHub Enterprise Server).
type Server struct {
	*httptest.Server
	Prefix  string
	PerPage int // the page size it enforces (default 30, as GitHub's)

	mu       sync.Mutex
	calls    []Call
	comments []*Comment
	nextID   int64
	failures []*Failure
}

// New starts a server; stop it with Close.
func New(prefix string) *Server {
	s := &Server{Prefix: prefix, nextID: 1000}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// APIURL is the value GITHUB_API_URL has for this server.
func (s *Server) APIURL() string { return s.URL + s.Prefix }

// Add puts an existing comment on pull request number.
func (s *Server) Add(number int, user, body string) *Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	c := &Comment{ID: s.nextID, Number: number, Body: body, User: user}
	s.comments = append(s.comments, c)
	return c
}

// Fail queues a failure.
func (s *Server) Fail(f Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures = append(s.failures, &f)
}

// Calls returns every request so far, in order.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

// CallLines returns Calls as strings, for comparing in one go.
func (s *Server) CallLines() []string {
	var out []string
	for _, c := range s.Calls() {
		out = append(out, c.String())
	}
	return out
}

// Comments returns copies of the comments on pull request number, oldest
// first.
func (s *Server) Comments(number int) []Comment {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Comment
	for _, c := range s.comments {
		if c.Number == number {
			out = append(out, *c)
		}
	}
	return out
}

var (
	listPath = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/issues/(\d+)/comments$`)
	editPath = regexp.MustCompile(`^/repos/([^/]+)/([^/]+)/issues/comments/(\d+)$`)
)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	raw, _ := io.ReadAll(r.Body)
	var req struct {
		Body *string `json:"body"`
	}
	_ = json.Unmarshal(raw, &req)
	call := Call{Method: r.Method, Path: strings.TrimPrefix(r.URL.Path, s.Prefix), Query: r.URL.RawQuery, Auth: r.Header.Get("Authorization")}
	if req.Body != nil {
		call.Body = *req.Body
	}
	status := s.answer(w, r, call)
	call.Status = status
	s.calls = append(s.calls, call)
}

func (s *Server) answer(w http.ResponseWriter, r *http.Request, call Call) int {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if !strings.HasPrefix(r.URL.Path, s.Prefix+"/") {
		return s.error(w, http.StatusNotFound, "Not Found")
	}
	for i, f := range s.failures {
		if f.Method == r.Method && strings.Contains(call.Path, f.Path) {
			if f.Times--; f.Times <= 0 {
				s.failures = slices.Delete(s.failures, i, i+1)
			}
			for k, v := range f.Header {
				w.Header().Set(k, v)
			}
			return s.error(w, f.Status, f.Message)
		}
	}
	if !strings.HasPrefix(call.Auth, "Bearer ") {
		return s.error(w, http.StatusUnauthorized, "Requires authentication")
	}
	if m := listPath.FindStringSubmatch(call.Path); m != nil {
		number, _ := strconv.Atoi(m[3])
		switch r.Method {
		case http.MethodGet:
			return s.list(w, r, number)
		case http.MethodPost:
			s.nextID++
			c := &Comment{ID: s.nextID, Number: number, Body: call.Body, User: "github-actions[bot]"}
			s.comments = append(s.comments, c)
			return s.write(w, http.StatusCreated, s.json(c))
		}
	}
	if m := editPath.FindStringSubmatch(call.Path); m != nil {
		id, _ := strconv.ParseInt(m[3], 10, 64)
		for i, c := range s.comments {
			if c.ID != id {
				continue
			}
			switch r.Method {
			case http.MethodPatch:
				c.Body = call.Body
				return s.write(w, http.StatusOK, s.json(c))
			case http.MethodDelete:
				s.comments = slices.Delete(s.comments, i, i+1)
				w.WriteHeader(http.StatusNoContent)
				return http.StatusNoContent
			}
		}
	}
	return s.error(w, http.StatusNotFound, "Not Found")
}

func (s *Server) list(w http.ResponseWriter, r *http.Request, number int) int {
	per := s.PerPage
	if per == 0 {
		per = 30
	}
	if n, err := strconv.Atoi(r.URL.Query().Get("per_page")); err == nil && n > 0 {
		per = min(n, 100, per)
	}
	page := 1
	if n, err := strconv.Atoi(r.URL.Query().Get("page")); err == nil && n > 0 {
		page = n
	}
	var all []*Comment
	for _, c := range s.comments {
		if c.Number == number {
			all = append(all, c)
		}
	}
	start := min((page-1)*per, len(all))
	end := min(start+per, len(all))
	if end < len(all) {
		q := r.URL.Query()
		q.Set("page", strconv.Itoa(page+1))
		next := *r.URL
		next.Scheme, next.Host, next.RawQuery = "http", r.Host, q.Encode()
		w.Header().Set("Link", fmt.Sprintf(`<%s>; rel="next"`, next.String()))
	}
	items := make([]json.RawMessage, 0, end-start)
	for _, c := range all[start:end] {
		items = append(items, s.json(c))
	}
	data, _ := json.Marshal(items)
	return s.write(w, http.StatusOK, data)
}

func (s *Server) json(c *Comment) json.RawMessage {
	data, _ := json.Marshal(map[string]any{
		"id":       c.ID,
		"body":     c.Body,
		"html_url": fmt.Sprintf("https://github.example/o/r/pull/%d#issuecomment-%d", c.Number, c.ID),
		"user":     map[string]any{"login": c.User, "type": userType(c.User)},
	})
	return data
}

// userType is what GitHub says a login is: apps comment as "name[bot]".
func userType(login string) string {
	if strings.HasSuffix(login, "[bot]") {
		return "Bot"
	}
	return "User"
}

func (s *Server) error(w http.ResponseWriter, status int, msg string) int {
	data, _ := json.Marshal(map[string]string{"message": msg, "documentation_url": "https://docs.github.com/rest"})
	return s.write(w, status, data)
}

func (s *Server) write(w http.ResponseWriter, status int, data []byte) int {
	w.WriteHeader(status)
	w.Write(data)
	return status
}
