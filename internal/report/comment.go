package report

import (
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/finding"
)

// CommentInput is what the pull-request comment is made from: the policy's
// verdict over every finding, and where the full report is.
type CommentInput struct {
	Result           *finding.Result
	BaseSHA, HeadSHA string
	// Notes are the run's own remarks (no base to compare with, a base
	// that does not load), shown under the verdict.
	Notes []string
	// RunURL is the workflow run's page, where the job summary is; ""
	// when unknown (the comment then names the summary without a link).
	RunURL string
	// BlobURL links file positions to the head's files (see BlobURL); ""
	// shows them as plain text.
	BlobURL string
	Paths   PathMapper
	// Cost is what the pull request changes in the context cost, per
	// target (nil: not counted).
	Cost []CostDelta
	// Label names the run's tool set in the heading when a pull request
	// has more than one run's comment ("" : none).
	Label string
	// Limit is the most bytes Body may have (0: DefaultCommentLimit).
	// Bytes bound characters, so a body within it is within GitHub's
	// limit in characters too.
	Limit int
}

// DefaultCommentLimit leaves room below GitHub's 65,536-character limit for
// the hidden marker line the comment client puts first.
const DefaultCommentLimit = 65536 - 1024

// CommentText is the rendered comment.
type CommentText struct {
	// Body is the Markdown. Whole rows and sections are left out to keep
	// it within the limit, never a part of one, and a closing line says
	// how many and links to the job summary.
	Body string
	// AllClear: nothing to tell the reviewers (the run passes, there are
	// no breaking changes and no new errors or warnings). Body is then a
	// one-line all clear that replaces an earlier comment, and no new
	// comment is made.
	AllClear bool
	// Fallback is a short body for a limit too small even for the
	// verdict: the verdict line and the link.
	Fallback string
}

// commentReserve is kept free for closing tags, the note of what was left
// out, and the footer.
const commentReserve = 1536

// PRComment renders the pull-request comment: the verdict and its reasons,
// the breaking changes, the new findings, what was accepted or approved,
// and a link to the job summary.
func PRComment(in CommentInput) CommentText {
	res := in.Result
	limit := in.Limit
	if limit <= 0 {
		limit = DefaultCommentLimit
	}
	var breaking, fresh, tolerated []*finding.Finding
	for i := range res.Findings {
		f := &res.Findings[i]
		switch {
		case f.State == finding.StateDisabled || f.State == finding.StateExisting:
		case f.State == finding.StateAccepted || f.State == finding.StateApproved:
			tolerated = append(tolerated, f)
		case f.Kind == finding.KindDiff && f.Classification() == "breaking":
			breaking = append(breaking, f)
		case f.Kind != finding.KindDiff && (f.Level == finding.LevelError || f.Level == finding.LevelWarning):
			fresh = append(fresh, f)
		}
	}
	// Approved breaking changes are news for the reviewers too.
	approvedBreaking := 0
	for _, f := range tolerated {
		if f.Kind == finding.KindDiff && f.Classification() == "breaking" {
			approvedBreaking++
		}
	}
	summary := "the job summary"
	if in.RunURL != "" {
		summary = "[the job summary](" + mdURL(in.RunURL) + ")"
	}
	verdict := commentVerdict(res, in.Label)
	out := CommentText{Fallback: verdict + "\n\nThe report is too long for a comment: see " + summary + ".\n"}

	if res.Exit == 0 && len(breaking) == 0 && approvedBreaking == 0 && len(fresh) == 0 {
		out.AllClear = true
		line := markOK + " **" + commentName(in.Label) + ": all clear**: no breaking changes and no new errors or warnings"
		if t := res.Tolerated(); t != "" {
			line += ";" + mdText(strings.TrimPrefix(t, ":"))
		}
		out.Body = line + ". Details in " + summary + ".\n"
		return out
	}

	m := &commentWriter{limit: limit}
	m.add(verdict + "\n\n")
	for _, l := range res.Lines() {
		m.add("- " + mdText(l) + "\n")
	}
	for _, w := range res.Warnings {
		m.add("- " + markWarning + " " + mdText(w) + "\n")
	}
	for _, n := range in.Notes {
		m.add("- " + mdText(n) + "\n")
	}
	m.add("\n" + commentCounts(&in) + "\n\n")
	if lines := costLines(in.Cost); len(lines) > 0 {
		m.add(strings.Join(lines, "<br>\n") + "\n\n")
	}

	if len(breaking) > 0 {
		m.add("#### Breaking changes (" + strconv.Itoa(len(breaking)) + ")\n\n")
		if m.open("| | Tool | Change | Where |\n|---|---|---|---|\n", "\n") {
			for _, f := range breaking {
				m.item("| " + failMark(f) + " | " + mdCodeOrDash(f.Tool) + " | " + changeCell(f) + " | " + commentWhere(&in, f) + " |\n")
			}
			m.close()
		} else {
			m.omitted += len(breaking)
		}
	}
	if len(fresh) > 0 {
		m.add("#### New findings (" + strconv.Itoa(len(fresh)) + ")\n\n")
		// A few are shown open; many are folded under their counts.
		head, closer := "", "\n"
		if len(fresh) > 10 {
			head, closer = "<details><summary>"+findingCounts(fresh)+"</summary>\n\n", "\n</details>\n\n"
		}
		head += "| | Tool | Target | Code | Where | Finding |\n|---|---|---|---|---|---|\n"
		if m.open(head, closer) {
			for _, f := range fresh {
				m.item("| " + failMark(f) + " | " + mdCodeOrDash(f.Tool) + " | " + mdTextOrDash(f.TargetName) + " | " + mdCode(f.Code) + " | " + commentWhere(&in, f) + " | " + mdText(f.Message) + " |\n")
			}
			m.close()
		} else {
			m.omitted += len(fresh)
		}
	}
	if len(tolerated) > 0 {
		m.add("#### Accepted or approved (" + strconv.Itoa(len(tolerated)) + ")\n\n")
		if m.open("| Tool | Code | Path | Why |\n|---|---|---|---|\n", "\n") {
			for _, f := range tolerated {
				m.item("| " + mdCodeOrDash(f.Tool) + " | " + mdCode(f.Code) + " | " + mdCodeOrDash(f.Path) + " | " + toleratedWhy(f) + " |\n")
			}
			m.close()
		} else {
			m.omitted += len(tolerated)
		}
	}
	for len(m.closers) > 0 {
		m.close()
	}
	if m.omitted > 0 {
		m.b.WriteString("> " + plural(m.omitted, "more row") + " did not fit in a comment: see " + summary + ".\n\n")
	}
	m.b.WriteString("Full report: " + summary + commentRevisions(&in) + "\n")
	out.Body = m.b.String()
	if len(out.Body) > limit {
		// Only a limit smaller than the reserve gets here: say the least.
		out.Body = out.Fallback
	}
	return out
}

func commentVerdict(res *finding.Result, label string) string {
	name := commentName(label)
	switch res.Exit {
	case 0:
		return "### " + markOK + " " + name + ": passed"
	case 1:
		return "### " + markError + " " + name + ": failed"
	}
	return "### " + markError + " " + name + ": input errors"
}

// commentName is "SchemaPort", with the run's label when it has one.
func commentName(label string) string {
	if label == "" {
		return "SchemaPort"
	}
	return "SchemaPort " + mdCode(label)
}

// commentCounts is the one line of numbers under the verdict.
func commentCounts(in *CommentInput) string {
	c := in.Result.Counts
	parts := []string{plural(c.Errors, "error") + ", " + plural(c.Warnings, "warning") + ", " + plural(c.Infos, "info")}
	if c.LoadErrors > 0 {
		parts = append(parts, plural(c.LoadErrors, "input error"))
	}
	line := "Check: " + strings.Join(parts, ", ") + "."
	if in.BaseSHA != "" || c.Breaking+c.NonBreaking+c.Informational > 0 {
		line += " Diff: " + strconv.Itoa(c.Breaking) + " breaking, " + strconv.Itoa(c.NonBreaking) + " non-breaking, " + strconv.Itoa(c.Informational) + " informational."
	}
	return line
}

func failMark(f *finding.Finding) string {
	switch {
	case f.Fails, f.Level == finding.LevelError:
		return markError
	case f.Level == finding.LevelWarning:
		return markWarning
	}
	return "ℹ"
}

// changeCell is a breaking change's code, path and message, and its
// witness: a call that worked before and fails now (or why there is none).
func changeCell(f *finding.Finding) string {
	s := mdCode(f.Code)
	if f.Path != "" {
		s += " at " + mdCode(f.Path)
	}
	s += "<br>" + mdText(f.Message)
	if f.Change != nil {
		if w := mdWitness(f.Change); w != "" {
			s += "<br>" + w
		}
	}
	return s
}

// commentWhere is file:line, linked to the head's file when possible.
func commentWhere(in *CommentInput, f *finding.Finding) string {
	loc := f.Location
	file := mapPath(in.Paths, loc.File)
	if file == "" {
		return "–"
	}
	text := mdCode(position(file, loc.Line, 0))
	gone := f.Kind == finding.KindDiff && f.Change != nil && f.Change.New.File == ""
	if gone {
		return text + " (base)"
	}
	if in.BlobURL == "" || strings.HasPrefix(file, "/") || strings.HasPrefix(file, "../") {
		return text
	}
	href := in.BlobURL + urlPath(file, false)
	if loc.Line > 0 {
		href += "#L" + strconv.Itoa(loc.Line)
	}
	return `<a href="` + href + `">` + text + `</a>`
}

func toleratedWhy(f *finding.Finding) string {
	switch f.State {
	case finding.StateApproved:
		return "approved: " + mdText(f.Reason)
	case finding.StateAccepted:
		s := "accepted: " + mdText(f.Reason)
		if f.AcceptedUntil != "" {
			s += " (until " + mdText(f.AcceptedUntil) + ")"
		}
		if f.AcceptedBy != "" {
			s += " · " + mdCode(f.AcceptedBy)
		}
		return s
	}
	return mdText(string(f.State))
}

func findingCounts(fs []*finding.Finding) string {
	var errs, warns int
	for _, f := range fs {
		if f.Level == finding.LevelError {
			errs++
		} else {
			warns++
		}
	}
	return plural(errs, "error") + ", " + plural(warns, "warning")
}

// commentRevisions names the commits compared, for the footer.
func commentRevisions(in *CommentInput) string {
	switch {
	case in.BaseSHA != "" && in.HeadSHA != "":
		return " · " + mdCode(shortSHA(in.BaseSHA)) + " → " + mdCode(shortSHA(in.HeadSHA))
	case in.HeadSHA != "":
		return " · " + mdCode(shortSHA(in.HeadSHA))
	}
	return ""
}

func mdTextOrDash(s string) string {
	if s == "" {
		return "–"
	}
	return mdText(s)
}

// mdURL keeps a link target from closing the Markdown link: the run URL is
// built from GITHUB_* variables, but a space or parenthesis would end it.
func mdURL(u string) string {
	return strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(u)
}

// commentWriter builds the body under a byte budget, as mdWriter does for
// the summary: a row is written whole or only counted, and every opened
// element is closed, so a shortened comment is still well formed.
type commentWriter struct {
	b       strings.Builder
	limit   int
	cut     bool
	omitted int
	closers []string
}

func (m *commentWriter) add(s string) bool {
	if m.cut || m.b.Len()+len(s)+commentReserve > m.limit {
		m.cut = true
		return false
	}
	m.b.WriteString(s)
	return true
}

func (m *commentWriter) item(s string) {
	if !m.add(s) {
		m.omitted++
	}
}

func (m *commentWriter) open(s, closer string) bool {
	if !m.add(s) {
		return false
	}
	m.closers = append(m.closers, closer)
	return true
}

// close writes the innermost closer; the reserve keeps room for it.
func (m *commentWriter) close() {
	if n := len(m.closers); n > 0 {
		m.b.WriteString(m.closers[n-1])
		m.closers = m.closers[:n-1]
	}
}
