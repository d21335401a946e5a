package report

import (
	"io"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// MaxSummaryBytes is GitHub's limit for one step summary; a larger file is
// not shown at all.
const MaxSummaryBytes = 1 << 20

// SummaryInput is what the job summary reports.
type SummaryInput struct {
	Check *check.Result // nil when the check did not run
	Diff  *diff.Result  // nil when there was nothing to compare against
	// LoadErrors are the head version's input errors; BaseLoadErrors the
	// base version's.
	LoadErrors     []tool.LoadError
	BaseLoadErrors []tool.LoadError
	// BreakingApproved: the pull request carries ApprovalLabel, so breaking
	// changes are reported but accepted.
	BreakingApproved bool
	ApprovalLabel    string
	BaseSHA, HeadSHA string
	// Notes are shown under the verdict (for example why there is no diff).
	Notes []string
	// Paths maps display paths to repository-relative ones; nil keeps them.
	Paths PathMapper
	// Policy is the run's verdict on every finding (required): the
	// summary leads with the reasons and a one-line-per-change table, and
	// folds the tolerated findings away at the end.
	Policy *finding.Result
	// BlobURL links file:line to the head's files (see BlobURL); "" writes
	// no links.
	BlobURL string
	// CompileFixes is set for fail-on lossy: an error `schemaport-action
	// compile` fixes without loss is shown as what compile does (↻), not as
	// a failure.
	CompileFixes bool
	// Cost is what the pull request changes in the context cost, per
	// target (nil: not counted).
	Cost []CostDelta
	// MaxBytes caps the document (0: MaxSummaryBytes). When the findings do
	// not fit, the summary stops at a finding boundary, closes what is open
	// and says how many findings are left out.
	MaxBytes int
}

// Summary writes the job summary in GitHub-flavoured Markdown: the verdict,
// counts per target, breaking changes with before/after excerpts, other
// changes, and check findings per tool and target in collapsible sections.
// Every untrusted string is escaped so it renders as text: it cannot open a
// tag, a link or a table cell.
func Summary(w io.Writer, in SummaryInput) error {
	_, err := SummaryCut(w, in)
	return err
}

// SummaryCut is Summary, and says whether the summary was cut: then some
// findings are only in the SARIF and JSON reports.
func SummaryCut(w io.Writer, in SummaryInput) (cut bool, err error) {
	limit := in.MaxBytes
	if limit <= 0 {
		limit = MaxSummaryBytes
	}
	m := &mdWriter{limit: limit}
	writePolicyVerdict(m, &in)
	writeLoadErrors(m, "Input errors", in.LoadErrors, in.Paths)
	writeLoadErrors(m, "Input errors in the base version", in.BaseLoadErrors, in.Paths)
	writePolicyTable(m, &in)
	if in.Diff != nil {
		writeBreakingSection(m, &in)
	}
	if in.Check != nil {
		writeCheckCounts(m, in.Check)
	}
	writeTolerated(m, &in)
	_, err = io.WriteString(w, m.finish())
	return m.cut, err
}

// mdWriter builds the document under a byte budget. Items (one finding, one
// change) are all-or-nothing; once one does not fit, the rest are only
// counted. Open HTML elements are tracked so a cut document stays well
// formed.
type mdWriter struct {
	b       strings.Builder
	limit   int
	cut     bool
	omitted int
	closers []string
}

// reserve is kept free for the closing tags and the note of a cut.
const summaryReserve = 1024

// add writes s unless the budget is spent; it reports whether s was written.
func (m *mdWriter) add(s string) bool {
	if m.cut {
		return false
	}
	if m.b.Len()+len(s)+summaryReserve > m.limit {
		m.cut = true
		return false
	}
	m.b.WriteString(s)
	return true
}

// item writes one finding or change, counting it when it does not fit.
func (m *mdWriter) item(s string) {
	if !m.add(s) {
		m.omitted++
	}
}

// open writes an opening element and remembers how to close it.
func (m *mdWriter) open(s, closer string) bool {
	if !m.add(s) {
		return false
	}
	m.closers = append(m.closers, closer)
	return true
}

func (m *mdWriter) close() {
	n := len(m.closers)
	if n == 0 {
		return
	}
	c := m.closers[n-1]
	m.closers = m.closers[:n-1]
	// A closer always fits: the reserve is kept for it.
	m.b.WriteString(c)
}

func (m *mdWriter) finish() string {
	for len(m.closers) > 0 {
		m.close()
	}
	if m.cut {
		note := "\n> [!NOTE]\n> This summary was cut to stay under GitHub's size limit"
		if m.omitted > 0 {
			note += ": " + plural(m.omitted, "more finding") + " not shown"
		}
		note += ". The SARIF report and the JSON report have them.\n"
		m.b.WriteString(note)
	}
	s := m.b.String()
	if len(s) > m.limit {
		// Only a budget smaller than the reserve gets here.
		s = s[:m.limit]
	}
	return s
}

func shortSHA(s string) string {
	if s == "" {
		return "(none)"
	}
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

func writeLoadErrors(m *mdWriter, title string, errs []tool.LoadError, paths PathMapper) {
	if len(errs) == 0 {
		return
	}
	m.add("### " + title + "\n\n| File | Path | Problem |\n|---|---|---|\n")
	for _, e := range errs {
		m.item("| " + mdCode(position(mapPath(paths, e.SourcePath), e.Line, e.Column)) + " | " + mdCodeOrDash(e.Path) + " | " + mdText(e.Message) + " |\n")
	}
	m.add("\n")
}

// targetCounts is one row of the per-target table. withFindings and
// withErrors count tools; errs, warn and inf count findings.
type targetCounts struct {
	name                     string
	withFindings, withErrors int
	errs, warn, inf          int
}

// writeCheckCounts writes the per-target table. A tool is compatible with a
// target when the target reports nothing for it, not even an info: the same
// rule as the text output's "✓ Compatible". The compatible count is the
// tools minus those with findings, because a target can be missing from a
// tool's result: the core target is listed only for tools it found
// something in, so a tool without a Core entry is clean for Core. Core
// comes first, as in every tool's result; the other targets keep the order
// they were checked in.
func writeCheckCounts(m *mdWriter, res *check.Result) {
	var rows []*targetCounts
	byID := map[string]*targetCounts{}
	for i := range res.Tools {
		for _, t := range uniqueTargets(res.Tools[i].Targets) {
			r := byID[t.ID]
			if r == nil {
				r = &targetCounts{name: targetName(t)}
				byID[t.ID] = r
				if t.ID == check.Core().ID {
					rows = append([]*targetCounts{r}, rows...)
				} else {
					rows = append(rows, r)
				}
			}
			if len(t.Diagnostics) > 0 {
				r.withFindings++
			}
			hasError := false
			for j := range t.Diagnostics {
				switch t.Diagnostics[j].Severity {
				case provider.SeverityError:
					r.errs++
					hasError = true
				case provider.SeverityWarning:
					r.warn++
				default:
					r.inf++
				}
			}
			if hasError {
				r.withErrors++
			}
		}
	}
	if len(rows) == 0 {
		return
	}
	var b strings.Builder
	b.WriteString("### Check\n\n| Target | Compatible tools (no findings) | Tools with errors | Errors | Warnings | Infos |\n|---|--:|--:|--:|--:|--:|\n")
	tools := len(res.Tools)
	for _, r := range rows {
		b.WriteString("| " + mdText(r.name) + " | " + strconv.Itoa(tools-r.withFindings) + " of " + strconv.Itoa(tools) + " | " + strconv.Itoa(r.withErrors) + " | " + strconv.Itoa(r.errs) + " | " + strconv.Itoa(r.warn) + " | " + strconv.Itoa(r.inf) + " |\n")
	}
	b.WriteString("\nA tool is compatible with a target when the target reports nothing for it, not even an info. Errors, Warnings and Infos count findings, not tools.\n\n")
	m.add(b.String())
}

// writeBreakingSection lists the breaking changes with their excerpts.
func writeBreakingSection(m *mdWriter, in *SummaryInput) {
	changes := in.Diff.Changes
	groups := byTool(changes)
	title := "### Breaking changes\n\n"
	if in.BreakingApproved {
		title = "### Breaking changes (approved)\n\n"
	}
	wroteTitle := false
	for _, g := range groups {
		wroteTool := false
		for _, i := range g {
			c := &changes[i]
			if c.Classification != diff.Breaking {
				continue
			}
			if !wroteTitle {
				m.add(title)
				wroteTitle = true
			}
			if !wroteTool {
				m.add("#### " + mdCode(c.ToolName) + "\n\n")
				wroteTool = true
			}
			m.item(breakingChangeMarkdown(c, in.Paths))
		}
	}
}

func breakingChangeMarkdown(c *diff.Change, paths PathMapper) string {
	var b strings.Builder
	at, was := changeLocations(c)
	b.WriteString("- " + mdCode(c.Code) + " at " + mdCodeOrDash(c.Path))
	switch {
	case c.New.File == "" && c.Old.File != "":
		b.WriteString(", was in " + mdCode(position(mapPath(paths, c.Old.File), c.Old.Line, c.Old.Column)) + " (gone from the new version)")
	case at.File != "":
		b.WriteString(" in " + mdCode(position(mapPath(paths, at.File), at.Line, at.Column)))
		if was.File != "" {
			b.WriteString(" (was at " + mdCode(position(mapPath(paths, was.File), was.Line, was.Column)) + ")")
		}
	}
	b.WriteString("<br>\n  " + mdText(c.Message) + "\n")
	if w := mdWitness(c); w != "" {
		b.WriteString("  " + w + "\n")
	}
	if lines := changeExcerpt(c); len(lines) > 0 {
		var body strings.Builder
		for _, l := range lines {
			body.WriteString(strings.ReplaceAll(clean(l.String()), "\r", "") + "\n")
		}
		fence := codeFence(body.String())
		b.WriteString("\n  " + fence + "diff\n")
		for _, l := range strings.SplitAfter(strings.TrimSuffix(body.String(), "\n"), "\n") {
			b.WriteString("  " + l)
		}
		b.WriteString("\n  " + fence + "\n")
	}
	b.WriteString("\n")
	return b.String()
}

// codeFence returns a backtick fence longer than any backtick run in body,
// so the body cannot close the code block.
func codeFence(body string) string {
	longest, run := 0, 0
	for i := 0; i < len(body); i++ {
		if body[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}

// mdText escapes untrusted text for GitHub Markdown, in a paragraph, a
// table cell or an HTML block alike: HTML and Markdown punctuation become
// character references (so nothing opens a tag, a link, emphasis, math or a
// cell), line breaks become <br>, and control characters become visible
// escapes.
func mdText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = mdLine(clean(l))
	}
	return strings.Join(lines, "<br>")
}

// mdLine escapes one line; when its backticks pair up (messages quote
// names as `name`), the quoted parts are shown as <code>.
func mdLine(s string) string {
	parts := strings.Split(s, "`")
	if len(parts) < 3 || len(parts)%2 == 0 {
		return mdEscapeLine(s)
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("<code>" + mdEscapeLine(p) + "</code>")
		} else {
			b.WriteString(mdEscapeLine(p))
		}
	}
	return b.String()
}

func mdEscapeLine(s string) string {
	return breakAutolinks(mdEscapeChars(s))
}

// autolinkStarts are what GitHub's Markdown turns into a link on sight
// (GFM's extended autolinks: a scheme followed by "://", "www.", and the
// mailto: and xmpp: forms), in text and inside inline HTML such as <code>,
// whatever the case of the letters. An empty comment after the first cut
// bytes stops that and shows nothing.
var autolinkStarts = []struct {
	find string
	cut  int
}{{"://", 1}, {"www.", 3}, {"mailto:", 6}, {"xmpp:", 4}}

// breakAutolinks breaks every autolink start in escaped text.
func breakAutolinks(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':', 'w', 'W', 'm', 'M', 'x', 'X':
		default:
			continue
		}
		for _, a := range autolinkStarts {
			if end := i + len(a.find); end <= len(s) && strings.EqualFold(s[i:end], a.find) {
				b.WriteString(s[last : i+a.cut])
				b.WriteString("<!-- -->")
				last = i + a.cut
				i = end - 1
				break
			}
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func mdEscapeChars(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '|', '\\', '`', '*', '_', '[', ']', '(', ')', '#', '!', '~', '{', '}', '$', '@', '\'':
			b.WriteString("&#" + strconv.Itoa(int(c)) + ";")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// mdCode shows untrusted text as inline code. It uses <code> with escaped
// content rather than backticks, which cannot be escaped inside a table.
func mdCode(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = mdEscapeLine(clean(l))
	}
	return "<code>" + strings.Join(lines, "<br>") + "</code>"
}

func mdCodeOrDash(s string) string {
	if s == "" {
		return "–"
	}
	return mdCode(s)
}

// comparedLine says which commits the run compared, or which one it checked
// when there was no base commit ("" when it knows no commit).
func comparedLine(in *SummaryInput) string {
	switch {
	case in.BaseSHA != "":
		return "Compared " + mdCode(shortSHA(in.BaseSHA)) + " (base) with " + mdCode(shortSHA(in.HeadSHA)) + " (head)."
	case in.HeadSHA != "" && in.Diff != nil:
		// The base came from files, not a commit (run --base-path); a note says which.
		return "Checked " + mdCode(shortSHA(in.HeadSHA)) + "."
	case in.HeadSHA != "":
		return "Checked " + mdCode(shortSHA(in.HeadSHA)) + "; no base to compare with."
	}
	return ""
}
