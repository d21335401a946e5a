package actionrun

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/schemaport/schemaport-action/internal/action"
	"github.com/schemaport/schemaport-action/internal/prcomment"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/version"
)

// postComment brings the pull request's comment up to date with the
// outcome. It never changes the exit status: a comment that cannot be
// written is a note in the job summary and the log, and the run goes on.
func (r *actionRun) postComment(o outcome) {
	cs, number, problem := r.commentTarget()
	if problem != "" {
		r.note("warning", "Pull request comment", problem)
	}
	if number == 0 {
		return
	}
	text := r.renderComment(o, cs)
	res, err := syncComment(cs, number, prcomment.Comment{Body: text.Body, AllClear: text.AllClear, Fallback: text.Fallback, Key: r.commentKey()})
	switch {
	case err != nil:
		r.note(commentProblem(err))
	case res.URL != "":
		r.notes = append(r.notes, "Pull request comment "+string(res.Action)+": "+res.URL)
	}
}

// postFailedComment brings the comment up to date when the run cannot run
// (exit 2): left as it was, it would show an earlier run's verdict next to
// a red check. A pull request that never had a comment gets one too, for
// the author to see why. Nothing else is left to report to: a failure is
// an annotation.
func (r *actionRun) postFailedComment(reason string) {
	cs, number, _ := r.commentTarget()
	if number == 0 {
		return
	}
	key := r.commentKey()
	body := report.FailedComment(reason, cs.RunURL, key, prcomment.MaxChars-len(prcomment.MarkerFor(key))-1)
	if _, err := syncComment(cs, number, prcomment.Comment{Body: body, Fallback: body, Key: key}); err != nil {
		level, title, msg := commentProblem(err)
		r.errLog.Annotate(level, title, msg)
	}
}

// commentTarget is where a comment goes: the settings and the pull
// request's number (0: no comment is written; problem, when not empty,
// is a note saying why).
func (r *actionRun) commentTarget() (cs action.CommentSettings, number int, problem string) {
	cs = action.ReadCommentSettings(r.env)
	if cs.Problem != "" {
		return cs, 0, cs.Problem
	}
	if !cs.On {
		return cs, 0, ""
	}
	ev, err := action.LoadEvent(r.env)
	if err != nil || !ev.IsPullRequest() {
		// Only a pull request has a conversation to comment in.
		return cs, 0, ""
	}
	number, _ = strconv.Atoi(ev.PRNumber())
	if number == 0 || cs.Owner == "" {
		return cs, 0, "No comment: the event names no pull request number or repository."
	}
	return cs, number, ""
}

// commentKey tells this run's comment from other runs' on the same pull
// request: its SARIF category, which code scanning already needs distinct
// per run; "" for the default (the comment earlier versions kept).
func (r *actionRun) commentKey() string {
	s := r.settings
	if s == nil {
		s = fallbackSettings(r.env)
	}
	if s.SARIFCategory == action.DefaultSARIFCategory {
		return ""
	}
	return s.SARIFCategory
}

// syncComment creates or updates the pull request's comment.
func syncComment(cs action.CommentSettings, number int, c prcomment.Comment) (prcomment.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	return prcomment.Sync(ctx,
		prcomment.Target{APIURL: cs.APIURL, Token: cs.Token, Owner: cs.Owner, Repo: cs.Repo, Number: number},
		c, prcomment.Options{UserAgent: "schemaport-action/" + version.Version})
}

// commentProblem is the annotation for a comment that was not written: a
// notice when the token may not write (a fork's), else a warning.
func commentProblem(err error) (level, title, msg string) {
	var pe *prcomment.Error
	if errors.As(err, &pe) && pe.Forbidden() {
		return "notice", "Pull request comment", "The pull request comment was not written: the token may not write here (" + pe.Error() + "). " +
			"A pull request from a fork gets a read-only token; elsewhere, give the job `permissions: pull-requests: write`."
	}
	return "warning", "Pull request comment", "The pull request comment was not written: " + err.Error()
}

// renderComment renders the comment from the policy's verdict, within
// GitHub's size limit less the marker line.
func (r *actionRun) renderComment(o outcome, cs action.CommentSettings) report.CommentText {
	return report.PRComment(report.CommentInput{
		Result: o.policy, BaseSHA: r.baseSHA, HeadSHA: r.headSHA, Notes: r.notes, RunURL: cs.RunURL,
		BlobURL: report.BlobURL(r.env.Get("GITHUB_SERVER_URL"), r.env.Get("GITHUB_REPOSITORY"), r.headSHA),
		Paths:   r.paths, Cost: r.costDeltas(), Label: r.commentKey(),
		Limit: prcomment.MaxChars - len(prcomment.MarkerFor(r.commentKey())) - 1,
	})
}
