package actionrun

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/schemaport/schemaport-action/internal/action"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/gitbase"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/safefile"
	"github.com/schemaport/schemaport-action/internal/version"
)

// publish reports the outcome everywhere it goes: the log, annotations,
// the SARIF and JSON files, the job summary and the step outputs. Each
// renders the policy's verdict; none decides a level of its own.
func (r *actionRun) publish(o outcome) int {
	s := r.settings
	// Every output renders the bounded view; the counts stay whole.
	if o.omitted != "" {
		r.note("warning", "Findings not shown", o.omitted)
	}
	if r.noLabels && !o.approved && s.AllowBreakingLabel != "" && o.policy.Counts.Breaking > 0 {
		// The verdict's way out names the label; here it cannot work.
		r.note("notice", "Approval label", fmt.Sprintf("The workflow_run event's payload carries no pull request labels, so the label %s cannot approve breaking changes in this run: accept them with an accept entry, or gate them in the pull request's own workflow.", s.AllowBreakingLabel))
	}
	r.postComment(o) // first: a comment that fails is a note in everything below
	r.printReadable(o)

	var problems []string
	// The SARIF file only reads the outcome: it (with its gzip size check,
	// the longest of the files) is written on a goroutine of its own while
	// the job summary is written here. The JSON report comes last, so that
	// it carries what became of the others: a summary left out for want
	// of room, a file that could not be written (then its result is
	// `error`, exit 2, as the step's).
	var (
		sarifOut   string
		sarifErr   error
		sarifPanic any
		sarifWG    sync.WaitGroup
	)
	sarifWG.Go(func() {
		// A panic is raised again below, on this goroutine, for guarded
		// to report.
		defer func() { sarifPanic = recover() }()
		sarifOut, sarifErr = r.writeFile(s.SARIFFile, func(w io.Writer) error {
			return report.SARIF(w, report.SARIFInput{Category: s.SARIFCategory, Paths: r.paths, Policy: o.policy, OmittedNote: o.omitted})
		})
	})
	if s.JobSummary {
		// The compiled-files and matrix sections go after the summary,
		// which leaves room for them (and for what the file already
		// holds) under GitHub's limit.
		targetMD, compiledMD := r.targetSummary(), ""
		if o.compiled != nil {
			compiledMD = o.compiled.summary()
		}
		room, ok := r.summaryRoom(compiledMD, targetMD)
		if !ok {
			targetMD, compiledMD = "", ""
		} else if err := r.writeSummary(report.SummaryInput{MaxBytes: room, Check: o.check, Diff: o.diff,
			LoadErrors: o.head.Errors, BaseLoadErrors: o.base.Errors, BreakingApproved: o.approved,
			ApprovalLabel: s.AllowBreakingLabel, BaseSHA: r.baseSHA, HeadSHA: r.headSHA,
			Notes: r.notes, Paths: r.paths, Policy: o.policy, CompileFixes: o.failOn == finding.FailOnLossy, Cost: r.costDeltas(),
			BlobURL: report.BlobURL(r.env.Get("GITHUB_SERVER_URL"), r.env.Get("GITHUB_REPOSITORY"), r.headSHA)}); err != nil {
			problems = append(problems, "cannot write the job summary: "+err.Error())
		} else if compiledMD != "" {
			if err := r.appendSummary(compiledMD); err != nil {
				problems = append(problems, "cannot write the job summary: "+err.Error())
			}
		}
		if targetMD != "" {
			if err := r.appendSummary(targetMD); err != nil {
				problems = append(problems, "cannot write the job summary: "+err.Error())
			}
		}
	}
	sarifWG.Wait()
	if sarifPanic != nil {
		panic(sarifPanic)
	}
	if sarifErr != nil {
		problems = append([]string{"cannot write the SARIF file: " + sarifErr.Error()}, problems...)
	}
	reportOut, reportErr := r.writeFile(s.ReportFile, func(w io.Writer) error { return jsonReportWriter(r, w, o, problems) })
	if reportErr != nil {
		problems = append(problems, "cannot write the JSON report: "+reportErr.Error())
	}

	// The annotations come once the files are written, so that a result
	// that could not be written is one of the few errors GitHub shows.
	writeProblem := report.Annotation{Level: report.LevelError, Title: "SchemaPort: cannot write results",
		Message: strings.Join(problems, "\n"), Priority: report.PriorityBreaking}
	if s.Annotations {
		r.printAnnotations(o, writeProblem)
	} else if len(problems) > 0 {
		r.errLog.Annotate("error", writeProblem.Title, writeProblem.Message)
	}

	c := o.policy.Counts
	tools := 0
	if o.check != nil {
		tools = len(o.check.Tools)
	}
	// A result that could not be written is exit 2, and `result` says
	// `error` whenever the exit is 2.
	verdict := o.policy.Verdict()
	if len(problems) > 0 {
		verdict = "error"
	}
	outputs := []action.Output{
		{Name: "result", Value: verdict},
		{Name: "breaking", Value: strconv.FormatBool(c.Breaking > 0)},
		{Name: "breaking-count", Value: strconv.Itoa(c.Breaking)},
		{Name: "non-breaking-count", Value: strconv.Itoa(c.NonBreaking)},
		{Name: "informational-count", Value: strconv.Itoa(c.Informational)},
		{Name: "error-count", Value: strconv.Itoa(c.Errors + c.LoadErrors)},
		{Name: "warning-count", Value: strconv.Itoa(c.Warnings)},
		{Name: "info-count", Value: strconv.Itoa(c.Infos)},
		{Name: "new-count", Value: strconv.Itoa(c.New)},
		{Name: "existing-count", Value: strconv.Itoa(c.Existing)},
		{Name: "tools", Value: strconv.Itoa(tools)},
		{Name: "sarif-file", Value: sarifOut},
		{Name: "report-file", Value: reportOut},
		{Name: "base-sha", Value: r.baseSHA},
		{Name: "head-sha", Value: r.headSHA},
	}
	outputsErr := error(nil)
	if r.env.Get("GITHUB_OUTPUT") != "" {
		outputsErr = r.writeOutputs(outputs)
	}
	// The verdict the run reached is logged even when it could not all be
	// written; the reason is an annotation above (the outputs', written
	// last, follows).
	r.printVerdict(o)
	if outputsErr != nil {
		r.errLog.Annotate("error", "SchemaPort: cannot write results", outputsErr.Error())
		return 2
	}
	if len(problems) > 0 {
		return 2
	}
	return o.exit
}

// printAnnotations prints the annotations GitHub shows (a few per level,
// however many findings there are): problem, when it has a message, ranks
// first among the errors.
func (r *actionRun) printAnnotations(o outcome, problem report.Annotation) {
	sel := report.NewAnnotationSelector(report.MaxAnnotationsPerLevel)
	if problem.Message != "" {
		sel.Add(problem)
	}
	mapped := []report.Annotation{{}}
	report.PolicyAnnotationsEach(o.policy, r.changedFiles(), func(a report.Annotation) {
		mapped[0] = a
		report.MapFiles(mapped, r.paths)
		sel.Add(mapped[0])
	})
	for _, a := range o.compiled.annotations() {
		mapped[0] = a
		report.MapFiles(mapped, r.paths)
		sel.Add(mapped[0])
	}
	for _, a := range r.extra {
		sel.Add(a)
	}
	for _, a := range r.configAnnotations(o.policy) {
		sel.Add(a)
	}
	var buf bytes.Buffer
	sel.Write(&buf, r.seeAlso())
	r.log.Raw(buf.String())
}

// configAnnotations point at the accept entries in the config file: an
// error on each expired one (it fails the run), a warning on each that
// matches nothing. A config outside the repository gets no file.
func (r *actionRun) configAnnotations(res *finding.Result) []report.Annotation {
	var out []report.Annotation
	at := func(a finding.Accept, level, title, msg string) {
		ann := report.Annotation{Level: level, Title: title, Message: msg, Priority: report.PriorityBreaking, Line: a.Line, EndLine: a.Line}
		if rel, ok := r.inRepository(a.File); ok {
			ann.File = rel
		} else {
			ann.Line, ann.EndLine = 0, 0
		}
		out = append(out, ann)
	}
	for _, a := range res.Expired {
		at(a, report.LevelError, "Config: accept entry expired",
			"The accept entry for "+a.Code+" on "+a.Tool+" expired on "+a.Until+" and fails the run. Fix what it accepted and remove the entry, or give it a new `until` date.")
	}
	for i, a := range res.Unused {
		at(a, report.LevelWarning, "Config: accept entry matches nothing", res.Warnings[i])
	}
	return out
}

// inRepository is file (the config's, relative to the working directory
// or absolute) relative to the repository root, for an annotation; ok is
// false for a file outside it.
func (r *actionRun) inRepository(file string) (string, bool) {
	abs := file
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.workdir, abs)
	}
	rel, err := filepath.Rel(r.root, abs)
	if err != nil || r.root == "" || isOutside(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// changedFiles reports whether the pull request changed a file (a display
// path), from the diff of the base and head commits; nil (every file
// counts as changed) without both commits.
func (r *actionRun) changedFiles() func(string) bool {
	if r.repo == nil || !gitbase.IsObjectID(r.baseSHA) || !gitbase.IsObjectID(r.headSHA) {
		return nil
	}
	files, err := r.repo.ChangedFiles(r.baseSHA, r.headSHA)
	if err != nil {
		return nil
	}
	set := make(map[string]bool, len(files))
	for _, f := range files {
		set[f] = true
	}
	return func(display string) bool {
		return set[report.MapPath(r.paths, display)]
	}
}

// seeAlso names the outputs that hold every finding, for the notice
// about annotations GitHub would not show.
func (r *actionRun) seeAlso() string {
	var where []string
	// A summary cut to GitHub's limit does not hold them all.
	if r.settings.JobSummary && !r.summarySkipped && !r.summaryCut && (r.env.Get("GITHUB_STEP_SUMMARY") != "" || r.settings.SummaryFile != "") {
		where = append(where, "the job summary")
	}
	if r.settings.SARIFFile != "" {
		where = append(where, "the SARIF report")
	}
	if r.settings.ReportFile != "" {
		where = append(where, "the JSON report")
	}
	switch len(where) {
	case 0:
		return "the log above"
	case 1:
		return where[0]
	}
	return strings.Join(where[:len(where)-1], ", ") + " and " + where[len(where)-1]
}

func resultWord(exit int) string {
	switch exit {
	case 0:
		return "pass"
	case 1:
		return "fail"
	}
	return "error"
}

// printReadable writes the human report to the log, fenced so that text
// quoted from tool files cannot act as a workflow command: the load errors
// first, then what the policy counts (new check findings at their
// effective levels, the changes), then, one line each, what it tolerated.
func (r *actionRun) printReadable(o outcome) {
	var buf bytes.Buffer
	if len(o.head.Errors) > 0 {
		report.LoadErrorsText(&buf, o.head.Errors)
		r.log.Text("Input errors", buf.String())
	}
	if len(o.base.Errors) > 0 {
		buf.Reset()
		report.LoadErrorsText(&buf, o.base.Errors)
		r.log.Text("Input errors in the base version ("+r.baseDescription()+")", buf.String())
	}
	// The check and diff reports can be far larger than the files
	// checked: streamed into the log, never held.
	res := o.policy
	logLeft := maxLogBytes
	if o.check != nil {
		title := "Check"
		if res.Policy.OnlyNew {
			title = "Check: new findings (the base does not have them)"
		}
		view := report.PolicyCheckViewOf(o.check, res, func(f *finding.Finding) bool { return f.State == finding.StateNew })
		r.log.TextFrom(title, func(w io.Writer) error {
			if res.Policy.OnlyNew && view.Errors+view.Warnings+view.Infos == 0 && len(o.check.Tools) > 0 {
				_, err := io.WriteString(w, "Nothing new to report.\n")
				return err
			}
			lw := &logCap{w: w, left: &logLeft}
			err := report.CheckText(lw, view, report.TextOptions{CompileFixes: o.failOn == finding.FailOnLossy})
			return cmp.Or(err, lw.finish())
		})
	}
	if o.compiled != nil {
		r.log.Text("Compiled files ("+o.compiled.dir+")", o.compiled.text())
	}
	if o.diff != nil {
		r.log.TextFrom("Diff against "+r.baseDescription(), func(w io.Writer) error {
			lw := &logCap{w: w, left: &logLeft}
			err := report.DiffText(lw, report.PolicyDiffView(res), report.TextOptions{})
			return cmp.Or(err, lw.finish())
		})
	}
	if r.targets != nil {
		r.log.Text("Compile regressions per target", report.TargetRegressionsText(res))
	}
	if c := res.Counts; c.Existing+c.Accepted+c.Approved+c.Disabled > 0 {
		buf.Reset()
		report.ToleratedText(&buf, res)
		r.log.Text("Tolerated (reported, not failing)", buf.String())
	}
}

// maxLogBytes bounds the readable report in the log: 8 MiB is far more
// than anyone reads in a job log (the runner keeps logs of any size, but
// the browser struggles past a few megabytes), and the findings it cuts
// are in the JSON report and the SARIF file.
const maxLogBytes = 8 << 20

// logCap passes a report through to the log until the log's budget is
// spent, cutting at a line end, and counts the lines it drops.
type logCap struct {
	w       io.Writer
	left    *int
	cut     bool
	dropped int
	last    byte
}

func (c *logCap) Write(p []byte) (int, error) {
	if c.cut {
		c.dropped += bytes.Count(p, []byte{'\n'})
		return len(p), nil
	}
	keep := p
	if len(p) > *c.left {
		c.cut = true
		keep = p[:bytes.LastIndexByte(p[:max(*c.left, 0)], '\n')+1]
		c.dropped += bytes.Count(p[len(keep):], []byte{'\n'})
	}
	if len(keep) > 0 {
		if _, err := c.w.Write(keep); err != nil {
			return 0, err
		}
		c.last = keep[len(keep)-1]
	}
	*c.left -= len(keep)
	if c.cut {
		*c.left = 0
	}
	return len(p), nil
}

// finish says what was cut, if anything.
func (c *logCap) finish() error {
	if !c.cut {
		return nil
	}
	note := fmt.Sprintf("… %d more lines are not shown: the log holds at most %d MiB of report. The JSON report and the SARIF file have the findings.\n", c.dropped, maxLogBytes>>20)
	if c.last != '\n' && c.last != 0 {
		note = "\n" + note
	}
	_, err := io.WriteString(c.w, note)
	return err
}

// printVerdict ends the log with the notes, the counts and the verdict:
// each reason for failing with its threshold and way out, or what a
// passing run tolerated, as the last line.
func (r *actionRun) printVerdict(o outcome) {
	var b strings.Builder
	for _, n := range r.notes {
		b.WriteString(n + "\n")
	}
	for _, w := range o.policy.Warnings {
		b.WriteString(w + "\n")
	}
	for _, d := range r.costDeltas() {
		if d.Delta != 0 {
			b.WriteString("Context cost: " + action.SafeLogLine(d.Sentence(d.TargetName)) + ".\n")
		}
	}
	c := o.policy.Counts
	fmt.Fprintf(&b, "SchemaPort: %s. Check: %s, %s, %s.", o.policy.Verdict(),
		countOf(c.Errors, "error"), countOf(c.Warnings, "warning"), countOf(c.Infos, "info"))
	if o.diff != nil {
		fmt.Fprintf(&b, " Diff: %d breaking, %d non-breaking, %d informational.", c.Breaking, c.NonBreaking, c.Informational)
	}
	if n := c.LoadErrors; n > 0 {
		b.WriteString(" " + countOf(n, "input error") + ".")
	}
	r.log.Text("", b.String())
	// The verdict is the last lines of the log, outside the fence so that
	// they are the last thing a reader sees. Each starts with "Failed:" or
	// "Passed", so none is a `::` command; the names they quote from the
	// config and inputs are kept on one line and cannot form a `##[`
	// command.
	var v strings.Builder
	for _, l := range o.policy.Lines() {
		v.WriteString(action.SafeLogLine(l) + "\n")
	}
	r.log.Raw(v.String())
}

// writeFile writes a report file (relative to the workspace) and returns
// the workspace-relative path for the step output; "" when off.
func (r *actionRun) writeFile(name string, write func(io.Writer) error) (string, error) {
	if name == "" {
		return "", nil
	}
	dest := name
	if !filepath.IsAbs(dest) {
		dest = filepath.Join(r.workspace, dest)
	}
	// Never through a link the repository may have committed in its place.
	if err := safefile.Write(r.fileRoot(name), dest, write); err != nil {
		return "", err
	}
	// Root in the container, the runner's user on the host: hand the file
	// (and any directory made for it) to the workspace's owner.
	gitbase.MatchOwner(dest, r.workspace)
	rel, err := filepath.Rel(r.workspace, dest)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(dest), nil
	}
	return filepath.ToSlash(rel), nil
}

// fileRoot is the directory a file the run writes must stay inside: the
// workspace, except for an absolute path named on a local command line
// (the user's own choice, outside any workflow).
func (r *actionRun) fileRoot(name string) string {
	if filepath.IsAbs(name) && r.env.Get("GITHUB_ACTIONS") != "true" {
		return ""
	}
	return r.workspace
}

// minSummaryRoom is the least room the summary is written in: its verdict
// and counts. With less, it is left out with a warning, never failing the
// run (GitHub does not fail a step whose summary is too large either).
const minSummaryRoom = 4 << 10

// summaryRoom is the summary's byte budget: GitHub's limit less what the
// step's summary file already holds (a `run:` step may have written to it
// first) and less the sections appended after the summary. ok is false
// when there is not room enough to write it at all; a warning says so.
func (r *actionRun) summaryRoom(after ...string) (room int, ok bool) {
	path := cmp.Or(r.env.Get("GITHUB_STEP_SUMMARY"), r.settings.SummaryFile)
	room = report.MaxSummaryBytes
	var held int64
	if st, err := os.Stat(path); path != "" && err == nil && st.Mode().IsRegular() {
		held = st.Size()
		room -= int(held)
	}
	for _, md := range after {
		if md != "" {
			// The section and the newline AppendSummary may add to it,
			// with the margin the sections were always given.
			room -= len(md) + 1 + 1024
		}
	}
	if room < minSummaryRoom {
		r.summarySkipped = true
		r.note("warning", "Job summary not written", fmt.Sprintf("The step's summary file already holds %d bytes of GitHub's %d-byte limit, so the job summary was not written. The SARIF file, the JSON report and the log have the results.", held, report.MaxSummaryBytes))
		return 0, false
	}
	return room, true
}

func (r *actionRun) writeSummary(in report.SummaryInput) error {
	path := r.env.Get("GITHUB_STEP_SUMMARY")
	if path == "" {
		path = r.settings.SummaryFile
	}
	if path == "" {
		return nil
	}
	var buf bytes.Buffer
	cut, err := report.SummaryCut(&buf, in)
	if err != nil {
		return err
	}
	r.summaryCut = cut
	return r.appendSummaryTo(path, buf.String())
}

// appendSummaryTo appends to the runner's summary file, or to our own copy
// named by --summary-file: a file of the workspace, like the reports (the
// runner's file lives outside it). Neither is written through a link.
func (r *actionRun) appendSummaryTo(path, markdown string) error {
	if r.env.Get("GITHUB_STEP_SUMMARY") == "" {
		if root := r.fileRoot(path); root != "" {
			if err := safefile.CheckDir(root, path); err != nil {
				return err
			}
		}
	}
	return action.AppendSummary(path, markdown)
}

func (r *actionRun) writeOutputs(outputs []action.Output) error {
	r.outputsWritten = true
	if err := action.WriteOutputs(r.env.Get("GITHUB_OUTPUT"), outputs); err != nil {
		return fmt.Errorf("cannot write the step outputs: %v", err)
	}
	return nil
}

// jsonReportWriter writes the JSON report; a test swaps in the former
// whole-document writer to hold the streamed one to its bytes.
var jsonReportWriter = (*actionRun).writeJSONReport

// writeJSONReport writes the full report: the verdict, the revisions, and
// the check, diff and input-error documents the other commands print, each
// under its own key (null when that part did not run). It streams: each
// document is rendered straight into the file, re-indented one level on
// the way (report.IndentWriter, json.Indent's layout), so a report of
// millions of findings is never in memory, let alone twice.
//
// problems are the results already known not to be written (the SARIF
// file, the job summary): the run then exits 2, and the report says so.
func (r *actionRun) writeJSONReport(w io.Writer, o outcome, problems []string) error {
	b := bufio.NewWriterSize(w, 256<<10)
	b.WriteString("{\n")
	name := func(n string) { b.WriteString("  " + jsonvalue.Quote(n) + ": ") }
	field := func(n, raw string, last bool) {
		name(n)
		b.WriteString(raw)
		if !last {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	str := func(s string) string {
		if s == "" {
			return "null"
		}
		return jsonvalue.Quote(s)
	}
	field("command", `"run"`, false)
	field("schemaPortVersion", jsonvalue.Quote(version.Version), false)
	exit := o.exit
	if len(problems) > 0 {
		exit = 2
	}
	field("result", jsonvalue.Quote(resultWord(exit)), false)
	field("exitCode", strconv.Itoa(exit), false)
	field("baseSha", str(r.baseSHA), false)
	field("baseFrom", str(r.baseFrom), false)
	field("headSha", str(r.headSHA), false)
	field("breakingApproved", strconv.FormatBool(o.approved), false)
	verdict, err := report.PolicyVerdictJSON(o.policy)
	if err != nil {
		return err
	}
	field("verdict", verdict, false)
	name("findings")
	if err := report.WritePolicyFindingsJSON(b, o.policy, r.paths); err != nil {
		return err
	}
	b.WriteString(",\n")
	field("notes", stringArray(r.notes), false)
	field("problems", stringArray(problems), false)
	costJSON, err := r.costJSON()
	if err != nil {
		return err
	}
	field("cost", costJSON, false)
	parts := []struct {
		name string
		on   bool
		w    func(io.Writer) error
	}{
		{"inputErrors", len(o.head.Errors) > 0, func(w io.Writer) error { return report.LoadErrorsJSON(w, "run", o.head.Errors) }},
		{"baseInputErrors", len(o.base.Errors) > 0, func(w io.Writer) error { return report.LoadErrorsJSON(w, "run", o.base.Errors) }},
		{"check", o.check != nil, func(w io.Writer) error { return report.CheckJSON(w, o.check, report.Omitted{}) }},
		{"diff", o.diff != nil, func(w io.Writer) error { return report.DiffJSON(w, o.diff, report.Omitted{}) }},
		{"compiled", o.compiled != nil, func(w io.Writer) error { return o.compiled.json(w) }},
	}
	for i, p := range parts {
		if !p.on {
			field(p.name, "null", i == len(parts)-1)
			continue
		}
		name(p.name)
		if err := p.w(report.NewIndentWriter(b, "  ", "  ")); err != nil {
			return err
		}
		if i < len(parts)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	return b.Flush()
}

// stringArray is a JSON array of strings on one line.
func stringArray(items []string) string {
	q := make([]string, len(items))
	for i, it := range items {
		q[i] = jsonvalue.Quote(it)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// costJSON is the context cost's change per target, as the summary says
// it (null when not counted): each target's `target`, `targetName`,
// `before`, `after`, `delta`, `percent`, `exact` and `largest[]`.
func (r *actionRun) costJSON() (string, error) {
	ds := r.costDeltas()
	if ds == nil {
		return "null", nil
	}
	type delta struct {
		cost.TargetDelta
		TargetName string `json:"targetName"`
	}
	out := make([]delta, len(ds))
	for i, d := range ds {
		out[i] = delta{TargetDelta: d.TargetDelta, TargetName: d.TargetName}
		// As the log and the summary say it: one decimal.
		out[i].Percent = math.Round(d.Percent*10) / 10
		if out[i].Largest == nil {
			out[i].Largest = []cost.ToolDelta{}
		}
	}
	data, err := json.MarshalIndent(out, "  ", "  ")
	return string(data), err
}

// baseDescription names the base for messages: "1234abcd5678 (the push's
// `before` commit)", or the --base-path directories.
func (r *actionRun) baseDescription() string {
	if r.baseSHA == "" {
		return r.baseFrom
	}
	return baseLabel(r.baseSHA) + " (" + r.baseFrom + ")"
}

// baseLabel shortens a commit id for messages; other revisions stay.
func baseLabel(s string) string {
	if gitbase.IsObjectID(s) {
		return s[:12]
	}
	return s
}

// countOf is "1 error", "2 errors".
func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
