package report

import (
	"io"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
)

// BlobURL is the address of the head's files on GitHub
// ("https://github.com/acme/tools/blob/<sha>/"), from GITHUB_SERVER_URL,
// GITHUB_REPOSITORY and the head commit; "" when one is missing. Every
// part is percent-encoded, so a link cannot leave the attribute.
func BlobURL(server, repository, sha string) string {
	if server == "" || repository == "" || sha == "" || !strings.Contains(repository, "/") {
		return ""
	}
	if !strings.HasPrefix(server, "https://") && !strings.HasPrefix(server, "http://") {
		return ""
	}
	return strings.TrimSuffix(urlPath(server, true), "/") + "/" + urlPath(repository, false) + "/blob/" + urlPath(sha, false) + "/"
}

// urlPath percent-encodes all but unreserved characters and '/' (and,
// for a server address, the ':' of its scheme and port).
func urlPath(s string, server bool) string {
	const hexUpper = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '.', c == '_', c == '~', c == '/',
			server && c == ':':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hexUpper[c>>4])
			b.WriteByte(hexUpper[c&15])
		}
	}
	return b.String()
}

// policyWhere is a finding's file:line, linked to the file at the head
// commit when in.BlobURL is set and the file is in the head.
func policyWhere(in *SummaryInput, f *finding.Finding) string {
	loc := f.Location
	file := mapPath(in.Paths, loc.File)
	if file == "" {
		return "–"
	}
	text := mdCode(position(file, loc.Line, 0))
	gone := f.Kind == finding.KindDiff && f.Change != nil && f.Change.New.File == ""
	if in.BlobURL == "" || gone || strings.HasPrefix(file, "/") || strings.HasPrefix(file, "../") {
		if gone {
			text += " (base)"
		}
		return text
	}
	href := in.BlobURL + urlPath(file, false)
	if loc.Line > 0 {
		href += "#L" + strconv.Itoa(loc.Line)
	}
	return `<a href="` + href + `">` + text + `</a>`
}

// writePolicyVerdict writes the head of a summary with a policy: the
// verdict, each reason with its threshold and way out (or what a passing
// run tolerated), then the counts and the notes.
func writePolicyVerdict(m *mdWriter, in *SummaryInput) {
	res := in.Policy
	if res.Exit != 0 {
		m.add("## " + markError + " SchemaPort: failed\n\n")
	} else {
		m.add("## " + markOK + " SchemaPort: passed\n\n")
	}
	var lines []string
	for _, l := range res.Lines() {
		lines = append(lines, "**"+mdText(l)+"**")
	}
	if res.Exit != 0 {
		if t := res.Tolerated(); t != "" {
			lines = append(lines, mdText("Not counted"+t+"."))
		}
	}
	c := res.Counts
	scope := ""
	if res.Policy.OnlyNew {
		scope = " (" + strconv.Itoa(c.Existing) + " of them existing on the base)"
	}
	if in.Check != nil {
		lines = append(lines, "**Check:** "+plural(len(in.Check.Tools), "tool")+", "+plural(c.Errors, "error")+", "+plural(c.Warnings, "warning")+", "+plural(c.Infos, "info")+scope+".")
	}
	if in.Diff != nil {
		line := "**Diff:** " + strconv.Itoa(c.Breaking) + " breaking, " + strconv.Itoa(c.NonBreaking) + " non-breaking, " + strconv.Itoa(c.Informational) + " informational."
		if c.Approved > 0 && in.ApprovalLabel != "" {
			line += " " + plural(c.Approved, "change") + " approved with the " + mdCode(in.ApprovalLabel) + " label."
		}
		lines = append(lines, line)
	}
	lines = append(lines, costLines(in.Cost)...)
	if l := comparedLine(in); l != "" {
		lines = append(lines, l)
	}
	for _, w := range res.Warnings {
		lines = append(lines, markWarning+" "+mdText(w))
	}
	for _, n := range in.Notes {
		lines = append(lines, mdText(n))
	}
	m.add(strings.Join(lines, "<br>\n") + "\n\n")
}

// stateWord is the State column of the summary's tables.
func stateWord(f *finding.Finding) string {
	switch f.State {
	case finding.StateNew:
		if f.Fails {
			return markError + " fails"
		}
		return "new"
	case finding.StateAccepted:
		return "accepted until " + mdText(acceptedUntil(f))
	}
	return string(f.State)
}

// acceptedUntil finds the end date of the entry that accepted f.
func acceptedUntil(f *finding.Finding) string {
	return f.AcceptedUntil
}

// policyRowText is what a row says: the finding's title words and, for a
// tolerated one, why; folded are the findings restating f, said with it.
// A breaking change also shows its witness: the call that worked before
// and fails now.
func policyRowText(f *finding.Finding, folded []*finding.Finding) string {
	msg := f.Message
	for _, g := range folded {
		msg += " " + g.Message
	}
	s := mdText(msg)
	if f.Kind == finding.KindDiff && f.Change != nil && f.Classification() == diff.Breaking {
		if w := mdWitness(f.Change); w != "" {
			s += "<br>" + w
		}
	}
	if f.State == finding.StateAccepted || f.State == finding.StateApproved || f.State == finding.StateDisabled {
		s += "<br>" + mdText(strings.ToUpper(string(f.State[:1]))+string(f.State[1:])+": "+f.Reason)
	}
	return s
}

// writePolicyTable writes the one-line-per-change table the summary leads
// with: breaking changes, then new check findings (with the accepted and
// approved ones among them, marked), then the other changes. Existing
// and disabled findings are left for the folded section at the end.
func writePolicyTable(m *mdWriter, in *SummaryInput) {
	res := in.Policy
	folds := foldPolicy(res)
	var rows []*finding.Finding
	pick := func(keep func(*finding.Finding) bool) {
		for i := range res.Findings {
			f := &res.Findings[i]
			if f.Kind != finding.KindLoad && f.State != finding.StateExisting && f.State != finding.StateDisabled && !folds.hidden[f] && keep(f) {
				rows = append(rows, f)
			}
		}
	}
	pick(func(f *finding.Finding) bool {
		return f.Kind == finding.KindDiff && f.Classification() == diff.Breaking
	})
	pick(func(f *finding.Finding) bool { return f.Kind == finding.KindTarget })
	pick(func(f *finding.Finding) bool { return f.Kind == finding.KindCheck && folds.wide[f] == nil })
	// Facts said once for a target after the per-tool findings.
	pick(func(f *finding.Finding) bool { return folds.wide[f] != nil })
	pick(func(f *finding.Finding) bool {
		return f.Kind == finding.KindDiff && f.Classification() != diff.Breaking
	})
	if len(rows) == 0 {
		return
	}
	m.add("### What this change introduces\n\n| | What | Code | Tool | Where | Message |\n|---|---|---|---|---|---|\n")
	for _, f := range rows {
		what := classTitleShort(f.Classification())
		if f.Kind == finding.KindCheck {
			what = mdText(f.TargetName) + " " + f.Level
		}
		if f.Kind == finding.KindTarget {
			what = targetWhat(f)
		}
		state, text := stateWord(f), policyRowText(f, folds.folded[f])
		tool, where := mdCode(f.Tool), policyWhere(in, f)
		if group := folds.wide[f]; group != nil {
			// Said once for the target: the tools named in the message.
			tool, where = plural(len(group), "tool"), "–"
			text += "<br>" + mdText(wideTools(group))
		}
		if in.CompileFixes && f.Kind == finding.KindCheck && !f.Fails && f.Diagnostic != nil && CompileFixes(f.Diagnostic) {
			// fail-on lossy: the team compiles, so this is what compile
			// does, not a failure.
			state = markFixed + " compile fixes"
			text += "<br>" + mdText(compileHint(f.Diagnostic.Compile))
		}
		m.item("| " + state + " | " + what + " | " + mdCode(f.Code) + " | " + tool + " | " + where + " | " + text + " |\n")
	}
	m.add("\n")
}

// writeTolerated folds the existing findings (and the disabled ones) away
// at the end of the summary.
func writeTolerated(m *mdWriter, in *SummaryInput) {
	res := in.Policy
	folds := foldPolicy(res)
	for _, st := range []finding.State{finding.StateExisting, finding.StateDisabled} {
		var fs []*finding.Finding
		for i := range res.Findings {
			if res.Findings[i].State == st {
				fs = append(fs, &res.Findings[i])
			}
		}
		if len(fs) == 0 {
			continue
		}
		// The title counts every finding (as the verdict does); the rows
		// say each fact once.
		title := plural(len(fs), "existing finding") + " (the base has them too; they do not fail this run)"
		if st == finding.StateDisabled {
			title = plural(len(fs), "finding") + " turned off by `rules`"
		}
		if !m.open("<details><summary>"+mdText(title)+"</summary>\n\n| Level | Code | Tool | Where | Message |\n|---|---|---|---|---|\n", "\n</details>\n\n") {
			m.omitted += len(fs)
			continue
		}
		for _, f := range fs {
			if folds.hidden[f] {
				continue
			}
			tool, where, msg := mdCode(f.Tool), policyWhere(in, f), f.Message
			for _, g := range folds.folded[f] {
				msg += " " + g.Message
			}
			msg = mdText(msg)
			if group := folds.wide[f]; group != nil {
				tool, where = plural(len(group), "tool"), "–"
				msg += "<br>" + mdText(wideTools(group))
			}
			m.item("| " + f.Level + " | " + mdCode(f.Code) + " | " + tool + " | " + where + " | " + msg + " |\n")
		}
		m.close()
	}
}

// FailedComment is the pull request comment of a run that could not run:
// the reason and a link to the run (label as in CommentInput), within limit bytes (0: no limit; a
// reason that does not fit is cut).
func FailedComment(reason, runURL, label string, limit int) string {
	where := "the job summary"
	if runURL != "" {
		where = "[the job summary](" + mdURL(runURL) + ")"
	}
	head := "### " + markError + " " + commentName(label) + ": could not run\n\n"
	tail := "\n\nNothing was checked; see " + where + ".\n"
	text := mdText(reason)
	if room := limit - len(head) - len(tail) - len("…"); room > 0 && len(text) > room {
		// Cut mdText's output at a rune boundary outside an entity.
		text = strings.ToValidUTF8(text[:room], "")
		if i := strings.LastIndexByte(text, '&'); i >= 0 && !strings.Contains(text[i:], ";") {
			text = text[:i]
		}
		text += "…"
	}
	return head + text + tail
}

// FailedSummary is the job summary of a run that could not run: the
// reason, and what to fix.
func FailedSummary(w io.Writer, reason string) error {
	_, err := io.WriteString(w, "## "+markError+" SchemaPort: could not run\n\n"+mdText(reason)+"\n\nNothing was checked. The SARIF file and the step outputs were still written (result `error`).\n")
	return err
}
