package action

import (
	"fmt"
	"strconv"
	"strings"
)

// CommentSettings say whether and where `run` comments on the pull
// request. They come from the inputs `comment` and `github-token` and from
// the runner's GITHUB_* variables only (no flags: a token on a command
// line ends up in shell history and process lists).
type CommentSettings struct {
	// On: post or update the comment. The input `comment` is true by
	// default when a token is given, else false.
	On    bool
	Token string
	// APIURL is GITHUB_API_URL (GitHub Enterprise Server has its own).
	APIURL string
	// Owner and Repo come from GITHUB_REPOSITORY.
	Owner, Repo string
	// RunURL is the workflow run's page, which shows the job summary.
	RunURL string
	// Problem explains why the comment is off although it was asked for
	// (an unreadable `comment` value, no token); "" otherwise.
	Problem string
}

// ReadCommentSettings reads the comment's settings from the environment.
func ReadCommentSettings(env Env) CommentSettings {
	s := CommentSettings{APIURL: env.Get("GITHUB_API_URL")}
	s.Token, _ = env.input("github-token")
	raw, _ := env.input("comment")
	switch strings.ToLower(raw) {
	case "":
		s.On = s.Token != ""
	case "true":
		s.On = true
	case "false":
	default:
		s.Problem = fmt.Sprintf("The input `comment` is `%s`; it takes true or false, so no comment was posted.", raw)
		return s
	}
	if s.On && s.Token == "" {
		s.On = false
		s.Problem = "`comment: true` needs a token: add `github-token: ${{ github.token }}` and `permissions: pull-requests: write`."
	}
	if owner, repo, ok := strings.Cut(env.Get("GITHUB_REPOSITORY"), "/"); ok {
		s.Owner, s.Repo = owner, repo
	}
	s.RunURL = RunURL(env)
	return s
}

// RunURL is the workflow run's page (its job summaries are there), or ""
// outside Actions: GITHUB_SERVER_URL/GITHUB_REPOSITORY/actions/runs/
// GITHUB_RUN_ID, with /attempts/N for a re-run.
func RunURL(env Env) string {
	server, repo, id := env.Get("GITHUB_SERVER_URL"), env.Get("GITHUB_REPOSITORY"), env.Get("GITHUB_RUN_ID")
	if server == "" || repo == "" || id == "" {
		return ""
	}
	u := strings.TrimSuffix(server, "/") + "/" + repo + "/actions/runs/" + id
	if n, err := strconv.Atoi(env.Get("GITHUB_RUN_ATTEMPT")); err == nil && n > 1 {
		u += "/attempts/" + strconv.Itoa(n)
	}
	return u
}
