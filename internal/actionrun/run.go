package actionrun

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/schemaport/schemaport-action/internal/action"
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/gitbase"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/options"
	"github.com/schemaport/schemaport-action/internal/pipeline"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropicstrict"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/safefile"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/version"
)

// Help is the `run` command's help text.
const Help = `Usage: schemaport-action run [options]

The whole GitHub Action: checks the tool files, diffs them against the base,
and reports through annotations, SARIF, a JSON report, the job summary and
step outputs. In a workflow every option comes from the action's inputs
(INPUT_<NAME>); locally, pass them as flags (flags win).

Options:
  --path P                  tool file or directory (repeatable; default: "schemas"
                            in the config file, else tools)
  --targets LIST            providers to check (default: config, else
                            openai,anthropic,gemini,mcp)
  --fail-on LEVEL           check threshold: error (default), lossy, warning, never
  --breaking-fail-on LEVEL  diff threshold: breaking, any, never (default: never
                            on push, else breaking)
  --only-new[=false]        check findings the base has too never fail (default:
                            true on pull_request, pull_request_target, merge_group)
  --base REV                git revision to compare against (default: from the event)
  --base-path P             compare against these files or directories instead of a
                            git revision (repeatable)
  --fetch-base[=false]      fetch a base commit the clone lacks (default: true)
  --allow-breaking-label L  label that accepts breaking changes (default:
                            breaking-change-approved)
  --label L                 a pull-request label, for local runs (repeatable)
  --annotations[=false]     print workflow annotations (default: true in Actions)
  --sarif-file FILE         write SARIF here, relative to the workspace (Actions
                            default: schemaport.sarif; locally none)
  --sarif-category ID       SARIF automationDetails.id (default: schemaport/)
  --report-file FILE        write the JSON report here (Actions default:
                            schemaport-report.json; locally none)
  --job-summary[=false]     write the Markdown summary to GITHUB_STEP_SUMMARY or
                            --summary-file (default: true)
  --summary-file FILE       where the summary goes outside Actions
  --config FILE             config file (default: schemaport.config.json if present)
  --working-directory DIR   where relative paths start (default: .)
  --ignore-descriptions     drop description and title changes from the diff
  -h, --help                show this help

The config file's rules and accept entries are the policy: see the README.
On pull_request, pull_request_target and merge_group the config is read from
the base commit; the head's applies with the approval label.

Exit status: 0 pass, 1 new check findings reach --fail-on, unapproved changes
reach --breaking-fail-on, or an accept entry expired; 2 usage or input error
(the files that loaded are still checked and reported).
`

// Run is the `run` command: the action. It returns the exit status.
func Run(args []string, stdout, stderr io.Writer) int {
	env := action.Env{Lookup: os.LookupEnv}
	inActions := env.Get("GITHUB_ACTIONS") == "true"
	if inActions {
		// The runner reads both streams concurrently but keeps one
		// stop-commands state: an error on stderr while stdout is inside a
		// fence could be taken for fenced text. One stream keeps the order.
		stderr = stdout
	}
	r := &actionRun{
		env:    env,
		log:    &action.Log{W: stdout, Commands: inActions},
		errLog: &action.Log{W: stderr, Commands: inActions},
	}
	s, err := action.ParseSettings(args, env)
	if err != nil {
		return r.fail(err.Error() + "\nRun `" + version.Name + " run --help` for usage.")
	}
	if s.Help {
		io.WriteString(stdout, Help)
		return 0
	}
	r.settings = s
	return r.run()
}

// actionRun carries one run's state from the settings to the outputs.
type actionRun struct {
	env      action.Env
	settings *action.Settings
	log      *action.Log // stdout: annotations and the readable report
	errLog   *action.Log // stderr: fatal problems

	workspace string // absolute; SARIF and report files are relative to it
	workdir   string // absolute; tool paths are relative to it
	root      string // repository root (workdir without git)
	repo      *gitbase.Repo
	repoErr   error // why repo is nil although a .git was found
	paths     report.PathMapper
	formats   []tool.FormatRule // the config's forced formats

	headSHA, baseSHA string
	baseFrom         string
	event            string // GITHUB_EVENT_NAME; "" locally
	notes            []string
	extra            []report.Annotation // our own notices, capped with the rest
	maxFileSize      int64               // from the config file; 0 for the default
	outputsWritten   bool
	// loads shares the files the base and the head have byte for byte
	// (tool.Cache) between the two loads; nil once both are done.
	loads *tool.Cache
	// targets are the compile regressions and the touched tools' matrices
	// (nil unless targets are named and there is a base; targets.go).
	targets *targetRun
}

// fail reports a problem that stops the run (exit 2): an annotation in
// Actions, a line on stderr locally, and still every output a workflow
// reads after an `if: always()`: the job summary with the reason, a valid
// SARIF file whose invocation failed with the reason as a notification,
// the JSON report, and every step output (result `error`, counts 0).
func (r *actionRun) fail(msg string) int {
	r.errLog.Annotate("error", "SchemaPort: cannot run", msg)
	if r.outputsWritten {
		return 2
	}
	s := r.settings
	if s == nil {
		s = fallbackSettings(r.env)
	}
	if r.workspace == "" {
		r.workspace = r.env.Get("GITHUB_WORKSPACE")
		if r.workspace == "" {
			r.workspace, _ = os.Getwd()
		}
	}
	sarifOut, err := r.writeFile(s.SARIFFile, func(w io.Writer) error { return report.FailedSARIF(w, s.SARIFCategory, msg) })
	if err != nil {
		r.errLog.Annotate("error", "SchemaPort: cannot write results", "cannot write the SARIF file: "+err.Error())
	}
	reportOut, err := r.writeFile(s.ReportFile, func(w io.Writer) error {
		_, err := io.WriteString(w, "{\n  \"command\": \"run\",\n  \"schemaPortVersion\": "+jsonvalue.Quote(version.Version)+
			",\n  \"result\": \"error\",\n  \"exitCode\": 2,\n  \"error\": "+jsonvalue.Quote(msg)+
			",\n  \"baseSha\": "+jsonOrNull(r.baseSHA)+",\n  \"headSha\": "+jsonOrNull(r.headSHA)+",\n  \"findings\": []\n}\n")
		return err
	})
	if err != nil {
		r.errLog.Annotate("error", "SchemaPort: cannot write results", "cannot write the JSON report: "+err.Error())
	}
	if s.JobSummary {
		path := r.env.Get("GITHUB_STEP_SUMMARY")
		if path == "" {
			path = s.SummaryFile
		}
		if path != "" {
			var buf bytes.Buffer
			report.FailedSummary(&buf, msg)
			r.appendSummaryTo(path, buf.String())
		}
	}
	if r.env.Get("GITHUB_OUTPUT") != "" {
		outs := []action.Output{{Name: "result", Value: "error"}}
		for _, n := range []string{"breaking-count", "non-breaking-count", "informational-count", "error-count", "warning-count", "info-count", "new-count", "existing-count", "tools"} {
			outs = append(outs, action.Output{Name: n, Value: "0"})
		}
		outs = append(outs, action.Output{Name: "breaking", Value: "false"}, action.Output{Name: "sarif-file", Value: sarifOut},
			action.Output{Name: "report-file", Value: reportOut}, action.Output{Name: "head-sha", Value: r.headSHA}, action.Output{Name: "base-sha", Value: r.baseSHA})
		r.writeOutputs(outs)
	}
	return 2
}

// fallbackSettings are the output settings when the inputs themselves
// could not be read: each output input as given when it is, else its
// default, so a wrong input still leaves the files the workflow expects.
func fallbackSettings(env action.Env) *action.Settings {
	inActions := env.Get("GITHUB_ACTIONS") == "true"
	s := &action.Settings{SARIFCategory: action.DefaultSARIFCategory, JobSummary: true}
	if inActions {
		s.SARIFFile, s.ReportFile = action.DefaultSARIFFile, action.DefaultReportFile
	}
	if v, ok := env.Lookup(action.InputVar("sarif-file")); ok {
		s.SARIFFile = strings.TrimSpace(v)
	}
	if v, ok := env.Lookup(action.InputVar("report-file")); ok {
		s.ReportFile = strings.TrimSpace(v)
	}
	if v, ok := env.Lookup(action.InputVar("sarif-category")); ok && strings.TrimSpace(v) != "" {
		s.SARIFCategory = report.NormalizeCategory(strings.TrimSpace(v))
	}
	if v, _ := env.Lookup(action.InputVar("job-summary")); strings.EqualFold(strings.TrimSpace(v), "false") {
		s.JobSummary = false
	}
	return s
}

func jsonOrNull(s string) string {
	if s == "" {
		return "null"
	}
	return jsonvalue.Quote(s)
}

func (r *actionRun) run() int {
	if err := r.locate(); err != nil {
		return r.fail(err.Error())
	}
	ev, err := action.LoadEvent(r.env)
	if err != nil {
		return r.fail(err.Error())
	}
	r.event = ev.Name
	s := r.settings
	headCfg, err := config.Load(r.workdir, s.Config)
	if err != nil {
		return r.fail(err.Error())
	}
	// The head's config is always validated, so a mistake is fixed before
	// it merges, even when the base's policy applies.
	opts, err := r.options(headCfg)
	if err != nil {
		return r.fail(err.Error())
	}
	if r.repo == nil && r.repoErr == nil {
		r.locateFromPaths(opts.paths)
	}
	if r.repo != nil {
		if h, err := r.repo.Head(); err == nil {
			r.headSHA = h
		}
	}
	if r.headSHA == "" {
		r.headSHA = ev.SHA
	}
	if code := r.resolveBase(ev); code != 0 {
		return code
	}
	labels := append(ev.Labels(), s.Labels...)
	// The tools are loaded from the union of both policies' paths, so a
	// pull request that moves `schemas` cannot hide what it removes.
	paths := opts.paths
	if action.IsPolicyEvent(ev.Name) && r.baseSHA != "" && r.repo != nil {
		baseOpts, code := r.basePolicy(headCfg, action.HasLabel(labels, s.AllowBreakingLabel))
		if code != 0 {
			return code
		}
		if baseOpts != nil {
			paths = unionPaths(baseOpts.paths, opts.paths)
			opts = *baseOpts
			opts.paths = paths
		}
	}
	side, code := r.prepareBase(paths)
	if code != 0 {
		return code
	}
	defer side.remove()
	if scanRuns && opts.compiledPath == "" {
		if code, done := r.runScanned(opts, side, labels, ev); done {
			return code
		}
	}
	r.loads = tool.NewCache()
	base := r.loadBase(side)
	side.remove() // the loaded tools keep their sources in memory
	r.noteBaseEqualsHead(ev)
	head := r.loadHead(opts.paths, base)
	r.loads = nil
	if head.usageErr != "" {
		return r.fail(head.usageErr)
	}
	return r.publish(compareRun(r, opts, head, base, labels))
}

// noteBaseEqualsHead warns when the base commit is the head itself.
func (r *actionRun) noteBaseEqualsHead(ev *action.Event) {
	if r.baseSHA != "" && r.baseSHA == r.headSHA {
		r.note("warning", "Base equals head", fmt.Sprintf("The base %s is the checked-out commit itself, so nothing was compared. "+
			"On pull_request_target the default checkout is the base branch: check out the pull request (`ref: refs/pull/%s/merge`, only for code you trust) or run on pull_request.",
			r.baseDescription(), cmp.Or(ev.PRNumber(), "<number>")))
	}
}

// runOptions are the settings with the config file and defaults applied.
type runOptions struct {
	paths          []string
	targets        []string
	failOn         string
	breakingFailOn string
	onlyNew        bool
	diffOpts       diff.Options
	rules          *finding.Rules
	accept         []finding.Accept
	// compiledPath is the committed compile output to check ("" : none);
	// allowLossy is how it was compiled.
	compiledPath string
	allowLossy   bool
	// targetsNamed: the input or the config names the targets, so the
	// pull request's compile regressions are findings (targets.go);
	// failOnTargetRegression: they fail the run.
	targetsNamed           bool
	failOnTargetRegression bool
}

// options applies flag/input > config file > default.
func (r *actionRun) options(cfg *config.Config) (runOptions, error) {
	s := r.settings
	var o runOptions
	var err error
	if o.targets, err = options.Targets(s.Targets, s.TargetsSet, cfg); err != nil {
		return o, err
	}
	r.formats = options.FormatRules(cfg)
	o.failOn = s.FailOn
	if !s.FailOnSet {
		o.failOn = "error"
		if cfg != nil && cfg.FailOn != nil {
			o.failOn = *cfg.FailOn
		}
	}
	if !finding.ValidFailOn(o.failOn) {
		return o, fmt.Errorf("Unknown fail-on `%s`. Valid values are: error, lossy, warning, never.", o.failOn)
	}
	o.breakingFailOn = s.ResolveBreakingFailOn(r.event)
	o.onlyNew = s.ResolveOnlyNew(r.event)
	if o.rules, o.accept, err = options.Policy(cfg); err != nil {
		return o, err
	}
	if cfg != nil && cfg.MaxFileSize != nil {
		r.maxFileSize = *cfg.MaxFileSize
	}
	o.diffOpts.IgnoreDescriptions = s.IgnoreDescriptions
	if !s.IgnoreDescSet && cfg != nil && cfg.IgnoreDescriptions != nil {
		o.diffOpts.IgnoreDescriptions = *cfg.IgnoreDescriptions
	}
	o.compiledPath = s.CompiledPath
	if !s.CompiledPathSet && cfg != nil && cfg.Output != nil {
		o.compiledPath = *cfg.Output
	}
	o.allowLossy = cfg != nil && cfg.AllowLossy != nil && *cfg.AllowLossy
	o.targetsNamed, o.failOnTargetRegression = targetSettings(s, cfg, r.event)
	o.paths = s.Paths
	if !s.PathsSet {
		o.paths = []string{action.DefaultPath}
		if cfg != nil && len(cfg.Schemas) > 0 {
			o.paths = cfg.Schemas
		}
	}
	return o, nil
}

// basePolicy decides which config is the policy of a pull request or
// merge-queue run: the base's, read from the base commit, unless the
// approval label is on (then the head's, already validated). It returns
// nil when both are the same file (the options stand), else the options
// that apply, with paths the union of both configs' paths.
func (r *actionRun) basePolicy(headCfg *config.Config, approved bool) (*runOptions, int) {
	s := r.settings
	display := cmp.Or(s.Config, config.DefaultFile)
	abs := display
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.workdir, display)
	}
	rel, err := r.repoPath(abs)
	if err != nil {
		// A config outside the repository has no base version.
		return nil, 0
	}
	baseData, inBase, err := r.repo.ReadFile(r.baseSHA, rel)
	if err != nil {
		return nil, r.fail(fmt.Sprintf("Cannot read the config file %s of the base %s: %v", display, baseLabel(r.baseSHA), err))
	}
	var headData []byte
	inHead := headCfg != nil
	if inHead {
		headData, _ = os.ReadFile(abs)
	}
	if inBase == inHead && bytes.Equal(baseData, headData) {
		return nil, 0
	}
	var baseCfg *config.Config
	if inBase {
		if baseCfg, err = config.Parse(display, baseData); err != nil {
			r.note("warning", "Base config not valid", fmt.Sprintf("The base's config is not valid (%v); the built-in defaults are the policy until this pull request merges.", err))
			baseCfg = nil
		}
	}
	headOpts, err := r.options(headCfg)
	if err != nil {
		return nil, r.fail(err.Error())
	}
	baseOpts, err := r.options(baseCfg)
	if err != nil {
		r.note("warning", "Base config not valid", fmt.Sprintf("The base's config is not valid (%v); the built-in defaults are the policy until this pull request merges.", err))
		if baseOpts, err = r.options(nil); err != nil {
			return nil, r.fail(err.Error())
		}
	}
	paths := unionPaths(baseOpts.paths, headOpts.paths)
	if approved {
		r.note("notice", "Policy changed", fmt.Sprintf("This pull request changes the policy in %s; the label %s approves it, so the new policy applies to this run.", display, s.AllowBreakingLabel))
		headOpts.paths = paths
		return &headOpts, 0
	}
	way := "once it merges"
	if s.AllowBreakingLabel != "" {
		way += " (or now, with the label " + s.AllowBreakingLabel + ")"
	}
	r.note("notice", "Policy changed", fmt.Sprintf("This pull request changes the policy in %s; the base's policy applies to this run, and the change applies %s. The tools are read from the paths of both.", display, way))
	baseOpts.paths = paths
	return &baseOpts, 0
}

// unionPaths is a's paths, then b's not already in a.
func unionPaths(a, b []string) []string {
	out := slices.Clone(a)
	for _, p := range b {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// outcome is what the run found, as every output shows it.
type outcome struct {
	head, base toolSet
	// check, diff and policy are the bounded view of the run the outputs
	// render (report.Cap): the findings kept and every count.
	check    *check.Result // the tools that loaded, checked
	diff     *diff.Result  // nil without a base
	approved bool          // the approval label is on the pull request
	// policy is the verdict on every finding; every output renders it.
	policy *finding.Result
	// omitted says which findings the view leaves out ("" : none).
	omitted string
	exit    int
	// compiled is the compiled-path check (nil when not asked for).
	compiled *compiledCheck
	failOn   string
}

// compareRun is how a run compares; a test swaps in the former version,
// which held every finding, to hold this one to its outputs.
var compareRun = (*actionRun).compare

// compare checks every tool of the head that loaded and diffs it against
// the base. A file that did not load on either side is left out of the
// diff on both sides (a note says so), so a broken file neither hides the
// other tools nor reads as removing its own.
//
// The check streams: each tool's findings go through the policy and the
// output caps as the tool is checked, and only what some output shows is
// kept (report.CapStream), so memory does not grow with the number of
// findings (millions, on a large tool set).
func (r *actionRun) compare(o runOptions, head, base toolSet, labels []string) outcome {
	// The outputs need the base's input errors only: its trees can go
	// once the diff and the base's findings are made, before the head is
	// checked.
	out := outcome{head: head, base: toolSet{Result: tool.Result{Errors: base.Errors}, loaded: base.loaded}}
	out.diff = r.diffSides(o, head, base)
	var inBase *baseChecks
	if o.onlyNew && base.loaded {
		inBase = newBaseChecks(base.Tools, head.Tools, o.targets, o.rules.Adjust())
	}
	r.checkHead(o, &out, labels, inBase, func(fn func(check.ToolResult)) { check.Stream(head.Tools, o.targets, fn) })
	return out
}

// checkHead checks the head's tools as stream gives them (every tool's
// result, in report order), puts every finding through the policy (with
// the base's findings when inBase is set) and the output caps, and
// completes out: the diff is made.
func (r *actionRun) checkHead(o runOptions, out *outcome, labels []string, inBase *baseChecks, stream func(fn func(check.ToolResult))) {
	out.approved = out.diff != nil && action.HasLabel(labels, r.settings.AllowBreakingLabel)
	var fps *finding.Fingerprints
	if inBase != nil {
		fps = inBase.fps
	}
	c := pipeline.NewCollector(r.policy(o, out.approved), fps, report.RunLimits, false)
	c.Load(out.head.Errors)
	i := 0
	stream(func(tr check.ToolResult) {
		known := inBase.known(i, &tr)
		i++
		c.Tool(&tr, known)
	})
	r.finishCheck(o, out, c)
}

// finishCheck puts the diff's findings through the policy and the caps
// once every tool's are, and completes out from the outcome.
func (r *actionRun) finishCheck(o runOptions, out *outcome, c *pipeline.Collector) {
	res := c.FinishWith(out.diff, r.targetFindings())
	out.check, out.diff, out.policy = res.Check, res.Diff, res.Policy
	out.omitted = res.OmittedNote()
	out.exit = res.Exit()
	out.failOn = o.failOn
	r.checkCompiled(o, out)
}

// diffSides diffs the tools of the base and the head (nil without a
// base), leaving out the files that did not load on either side, and
// notes what the base's input errors and those files mean.
func (r *actionRun) diffSides(o runOptions, head, base toolSet) *diff.Result {
	var res *diff.Result
	if base.loaded {
		failed := failedFiles(head.Errors, base.Errors)
		oldTools, newTools := withoutShared(withoutFiles(base.Tools, failed), withoutFiles(head.Tools, failed))
		res = diff.ToolSets(oldTools, newTools, o.diffOpts)
		r.compareTargets(o, oldTools, newTools, res)
		relocateRemoved(res, base.Tools, head.Tools)
		detach(res)
		if len(failed) > 0 {
			files := slices.Sorted(maps.Keys(failed))
			r.note("warning", "Files left out of the diff", fmt.Sprintf("%s did not load in the head or the base, so %s left out of the diff on both sides; the other tools were compared.",
				quoteList(files), map[bool]string{true: "its tools were", false: "their tools were"}[len(files) == 1]))
		}
	}
	if len(base.Errors) > 0 {
		r.note("warning", "Base version has input errors", fmt.Sprintf("The base version (%s) has %s; the files that loaded were still compared. The job summary lists them.",
			r.baseDescription(), countOf(len(base.Errors), "input error")))
	}
	return res
}

// detach gives the changes their own copies of what they hold from the
// trees (values, and names whose strings share a file's bytes): a value
// pins the blocks of nodes and the chunk of file bytes it sits in, and
// the base's trees are dropped once the diff is made. A change holds a
// node or two, so the copies are small.
func detach(res *diff.Result) {
	for i := range res.Changes {
		c := &res.Changes[i]
		c.ToolName, c.Path, c.Message = strings.Clone(c.ToolName), strings.Clone(c.Path), strings.Clone(c.Message)
		c.Before, c.After = copyValue(c.Before), copyValue(c.After)
		if c.Witness != nil {
			w := *c.Witness
			w.Arguments, w.Reason = copyValue(w.Arguments), strings.Clone(w.Reason)
			c.Witness = &w
		}
	}
}

// copyValue is a deep copy of v that shares no memory with it.
func copyValue(v *jsonvalue.Value) *jsonvalue.Value {
	if v == nil {
		return nil
	}
	cp := new(jsonvalue.Value)
	copyInto(cp, v)
	return cp
}

func copyInto(dst, v *jsonvalue.Value) {
	*dst = jsonvalue.Value{Kind: v.Kind, Start: v.Start, End: v.End, Text: strings.Clone(v.Text)}
	if v.Items != nil {
		dst.Items = make([]jsonvalue.Value, len(v.Items))
		for i := range v.Items {
			copyInto(&dst.Items[i], &v.Items[i])
		}
	}
	if v.Members != nil {
		dst.Members = make([]jsonvalue.Member, len(v.Members))
		for i := range v.Members {
			m := &v.Members[i]
			dst.Members[i] = jsonvalue.Member{Key: strings.Clone(m.Key), KeyStart: m.KeyStart, KeyEnd: m.KeyEnd}
			copyInto(&dst.Members[i].Value, &m.Value)
		}
	}
}

// policy is the run's finding.Policy.
func (r *actionRun) policy(o runOptions, approved bool) finding.Policy {
	return finding.Policy{
		FailOn: o.failOn, BreakingFailOn: o.breakingFailOn, OnlyNew: o.onlyNew,
		Rules: o.rules, Accept: o.accept,
		ApprovalLabel: r.settings.AllowBreakingLabel, Approved: approved,
		Today:                  finding.Today(),
		AllowTargetRegressions: !o.failOnTargetRegression,
	}
}

// checkFingerprints checks tools (with the config's rules applied, as the
// head's are) and keeps only the fingerprints of the findings: the check
// streams, so they are never all held.
func checkFingerprints(tools []*tool.Tool, targets []string, adjust check.Adjust) *finding.Fingerprints {
	fps := finding.NewFingerprints(0)
	check.StreamAdjusted(tools, targets, adjust, func(tr check.ToolResult) { addFingerprints(fps, &tr) })
	return fps
}

func addFingerprints(fps *finding.Fingerprints, tr *check.ToolResult) {
	finding.EachCheckTarget(tr, func(t *check.TargetResult) {
		for j := range t.Diagnostics {
			fps.Add(finding.CheckFingerprint(tr.Tool, t.ID, &t.Diagnostics[j]))
		}
	})
}

// baseChecks gives only-new the base's check findings. A tool the base
// shares with the head (the same value, from a file the two have byte for
// byte: tool.Cache) is checked once: its findings in the base are its
// findings in the head, but for those about the set as a whole
// (check.SetFindings). So the base's fingerprints are those of the tools
// it does not share and of its set's findings, and a head finding of a
// shared tool that is not one of the head set's is known to be in the
// base (known) with no fingerprint to look up: each tool's findings carry
// its name, unique on both sides, so none of them can meet another
// tool's.
type baseChecks struct {
	fps *finding.Fingerprints
	// shared says whether the head's tool i, t, is one the base shares.
	shared   func(i int, t *tool.Tool) bool
	headSets map[int][]provider.Diagnostic
}

// newBaseChecks checks the base tools the head does not share.
func newBaseChecks(base, head []*tool.Tool, targets []string, adjust check.Adjust) *baseChecks {
	shared := sharedTools(base, head)
	b := &baseChecks{shared: func(_ int, t *tool.Tool) bool { return shared[t] }}
	rest := make([]*tool.Tool, 0, len(base)-len(shared))
	for _, t := range base {
		if !shared[t] {
			rest = append(rest, t)
		}
	}
	b.fps = checkFingerprints(rest, targets, adjust)
	// The set findings of the tools checked are those of a part of the
	// set: the base's replace them.
	setFingerprints(rest, targets, b.fps.Remove)
	setFingerprints(base, targets, b.fps.Add)
	if len(shared) > 0 {
		b.headSets = check.SetFindings(head, targets)
	}
	return b
}

// setFingerprints calls fn with the fingerprint of each finding about the
// set tools as a whole.
func setFingerprints(tools []*tool.Tool, targets []string, fn func(string)) {
	for i, ds := range check.SetFindings(tools, targets) {
		for j := range ds {
			fn(finding.CheckFingerprint(tools[i], anthropicstrict.ID, &ds[j]))
		}
	}
}

// known says, for the head's tool i with result tr, which of its
// findings the base has, known without a look-up; nil: none (a tool the
// base does not share).
func (b *baseChecks) known(i int, tr *check.ToolResult) func(target string, d *provider.Diagnostic) bool {
	if b == nil || !b.shared(i, tr.Tool) {
		return nil
	}
	set := b.headSets[i]
	return func(target string, d *provider.Diagnostic) bool {
		if target != anthropicstrict.ID {
			return true
		}
		return !slices.ContainsFunc(set, func(s provider.Diagnostic) bool {
			return s.Code == d.Code && s.Path == d.Path && s.Message == d.Message
		})
	}
}

// failedFiles are the files with a load error on either side.
func failedFiles(sides ...[]tool.LoadError) map[string]bool {
	out := map[string]bool{}
	for _, errs := range sides {
		for _, e := range errs {
			if e.SourcePath != "" {
				out[e.SourcePath] = true
			}
		}
	}
	return out
}

// withoutShared drops the tools both sides share (the same *tool.Tool,
// from a file the two have byte for byte: tool.Cache) when their names
// are unique on both sides: such a tool is compared with itself, which
// finds no change, and it takes no part in telling removed, added and
// renamed tools apart. What is left is the part of the sets that changed;
// the diff of it is the diff of the whole sets.
func withoutShared(old, new []*tool.Tool) ([]*tool.Tool, []*tool.Tool) {
	shared := sharedTools(old, new)
	if len(shared) == 0 {
		return old, new
	}
	keep := func(ts []*tool.Tool) []*tool.Tool {
		out := make([]*tool.Tool, 0, len(ts)-len(shared))
		for _, t := range ts {
			if !shared[t] {
				out = append(out, t)
			}
		}
		return out
	}
	return keep(old), keep(new)
}

// sharedTools are the tools both sides hold as the same value, each the
// only tool of its name on either side.
func sharedTools(a, b []*tool.Tool) map[*tool.Tool]bool {
	count := func(ts []*tool.Tool) map[string]int {
		n := make(map[string]int, len(ts))
		for _, t := range ts {
			n[t.Name]++
		}
		return n
	}
	inA, inB := count(a), count(b)
	own := make(map[*tool.Tool]bool, len(a))
	for _, t := range a {
		own[t] = true
	}
	shared := map[*tool.Tool]bool{}
	for _, t := range b {
		if own[t] && inA[t.Name] == 1 && inB[t.Name] == 1 {
			shared[t] = true
		}
	}
	return shared
}

// withoutFiles drops the tools of the given files.
func withoutFiles(ts []*tool.Tool, files map[string]bool) []*tool.Tool {
	if len(files) == 0 {
		return ts
	}
	out := make([]*tool.Tool, 0, len(ts))
	for _, t := range ts {
		if !files[t.File()] {
			out = append(out, t)
		}
	}
	return out
}

// quoteList is "`a`, `b` and `c`".
func quoteList(items []string) string {
	q := make([]string, len(items))
	for i, it := range items {
		q[i] = "`" + it + "`"
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// publish reports the outcome everywhere it goes: the log, annotations,
// the SARIF and JSON files, the job summary and the step outputs. Each
// renders the policy's verdict; none decides a level of its own.
func (r *actionRun) publish(o outcome) int {
	s := r.settings
	// Every output renders the bounded view; the counts stay whole.
	if o.omitted != "" {
		r.note("warning", "Findings not shown", o.omitted)
	}
	r.postComment(o) // first: a comment that fails is a note in everything below
	r.printReadable(o)
	if s.Annotations {
		// Only what GitHub shows is kept (a few per level), however many
		// findings there are.
		sel := report.NewAnnotationSelector(report.MaxAnnotationsPerLevel)
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

	var problems []string
	// The SARIF file and the JSON report only read the outcome: the SARIF
	// file (with its gzip size check, the longer of the two) is written on
	// a goroutine of its own while the report is written here.
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
	reportOut, reportErr := r.writeFile(s.ReportFile, func(w io.Writer) error { return jsonReportWriter(r, w, o) })
	sarifWG.Wait()
	if sarifPanic != nil {
		panic(sarifPanic)
	}
	if sarifErr != nil {
		problems = append(problems, "cannot write the SARIF file: "+sarifErr.Error())
	}
	if reportErr != nil {
		problems = append(problems, "cannot write the JSON report: "+reportErr.Error())
	}
	if s.JobSummary {
		// The matrix section goes after the summary, which leaves room
		// for it under GitHub's limit.
		targetMD := r.targetSummary()
		if err := r.writeSummary(report.SummaryInput{MaxBytes: summaryRoom(targetMD), Check: o.check, Diff: o.diff,
			LoadErrors: o.head.Errors, BaseLoadErrors: o.base.Errors, BreakingApproved: o.approved,
			ApprovalLabel: s.AllowBreakingLabel, BaseSHA: r.baseSHA, HeadSHA: r.headSHA,
			Notes: r.notes, Paths: r.paths, Policy: o.policy, CompileFixes: o.failOn == finding.FailOnLossy,
			BlobURL: report.BlobURL(r.env.Get("GITHUB_SERVER_URL"), r.env.Get("GITHUB_REPOSITORY"), r.headSHA)}); err != nil {
			problems = append(problems, "cannot write the job summary: "+err.Error())
		} else if o.compiled != nil {
			if err := r.appendSummary(o.compiled.summary()); err != nil {
				problems = append(problems, "cannot write the job summary: "+err.Error())
			}
		}
		if targetMD != "" {
			if err := r.appendSummary(targetMD); err != nil {
				problems = append(problems, "cannot write the job summary: "+err.Error())
			}
		}
	}

	c := o.policy.Counts
	tools := 0
	if o.check != nil {
		tools = len(o.check.Tools)
	}
	outputs := []action.Output{
		{Name: "result", Value: o.policy.Verdict()},
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
	if r.env.Get("GITHUB_OUTPUT") != "" {
		if err := r.writeOutputs(outputs); err != nil {
			problems = append(problems, err.Error())
		}
	}
	if len(problems) > 0 {
		r.errLog.Annotate("error", "SchemaPort: cannot write results", strings.Join(problems, "\n"))
		return 2
	}
	r.printVerdict(o)
	return o.exit
}

// configAnnotations point at the accept entries in the config file: an
// error on each expired one (it fails the run), a warning on each that
// matches nothing. A config outside the repository gets no file.
func (r *actionRun) configAnnotations(res *finding.Result) []report.Annotation {
	var out []report.Annotation
	at := func(a finding.Accept, level, title, msg string) {
		ann := report.Annotation{Level: level, Title: title, Message: msg, Priority: report.PriorityBreaking, Line: a.Line, EndLine: a.Line}
		abs := a.File
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(r.workdir, abs)
		}
		if rel, err := filepath.Rel(r.root, abs); err == nil && !isOutside(rel) {
			ann.File = filepath.ToSlash(rel)
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
	if r.settings.JobSummary && (r.env.Get("GITHUB_STEP_SUMMARY") != "" || r.settings.SummaryFile != "") {
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

// locate settles the workspace, the working directory and the repository.
func (r *actionRun) locate() error {
	ws := r.env.Get("GITHUB_WORKSPACE")
	if ws == "" {
		wd, err := os.Getwd()
		if err != nil {
			return fmt.Errorf("cannot determine the working directory: %v", err)
		}
		ws = wd
	}
	ws, err := canonicalDir(ws)
	if err != nil {
		return fmt.Errorf("the workspace %s: %v", ws, err)
	}
	r.workspace = ws
	wd := r.settings.WorkingDirectory
	if !filepath.IsAbs(wd) {
		wd = filepath.Join(ws, wd)
	}
	r.workdir, err = canonicalDir(wd)
	if err != nil {
		return fmt.Errorf("working-directory `%s`: %v", r.settings.WorkingDirectory, err)
	}
	r.root = r.workdir
	if root, ok := gitbase.FindRoot(r.workdir); ok {
		r.root = root
		r.repo, r.repoErr = gitbase.Open(r.workdir)
	}
	r.paths = report.RepoRelative(r.root, r.workdir)
	return nil
}

// locateFromPaths finds the repository from the tool paths when the
// working directory is not inside one: actions/checkout with `path: sub`
// puts the repository in a subdirectory of the workspace, and a tool path
// `sub/tools` must still be reported as `tools/...`, relative to the
// repository root, for GitHub to attach it.
func (r *actionRun) locateFromPaths(paths []string) {
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(r.workdir, p)
		}
		root, ok := gitbase.FindRoot(abs)
		if !ok {
			continue
		}
		if real, err := canonicalDir(root); err == nil {
			root = real
		}
		r.root = root
		r.repo, r.repoErr = gitbase.Open(root)
		r.paths = report.RepoRelative(r.root, r.workdir)
		return
	}
}

// canonicalDir makes dir absolute, resolves symlinks (so that paths made
// relative to the repository root line up) and checks it is a directory.
func canonicalDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return abs, errors.New("no such directory")
		}
		return abs, err
	}
	st, err := os.Stat(real)
	if err != nil {
		return abs, err
	}
	if !st.IsDir() {
		return abs, errors.New("not a directory")
	}
	return real, nil
}

// note records a message for the summary and as an annotation that is
// capped together with the findings.
func (r *actionRun) note(level, title, msg string) {
	r.notes = append(r.notes, msg)
	r.extra = append(r.extra, report.Annotation{Level: level, Title: title, Message: msg, Priority: report.PriorityBreaking})
}

// toolSet is one side's load result; usageErr is a problem with the paths
// themselves (exit 2 before anything is reported).
type toolSet struct {
	tool.Result
	loaded   bool // a base exists and was loaded (possibly empty)
	missing  map[string]bool
	usageErr string
}

// resolveBase finds and fetches the base commit (r.baseSHA), or notes why
// there is none. With --base-path there is no commit: the base is files.
// A non-zero code means the run ends there (the problem was reported).
func (r *actionRun) resolveBase(ev *action.Event) int {
	s := r.settings
	if len(s.BasePaths) > 0 {
		return 0
	}
	var parents action.HeadParents
	if r.repo != nil {
		parents = func() (string, string, bool, error) { return r.repo.MergeFirstParent("HEAD") }
	}
	plan := action.ResolveBase(ev, s.Base, parents)
	if plan.Rev == "" {
		r.note("notice", "No diff", "No breaking-change diff: "+plan.NoDiff+".")
		return 0
	}
	if r.repoErr != nil {
		return r.fail(fmt.Sprintf("Cannot read the base %s (%s): %v", plan.Rev, plan.From, r.repoErr))
	}
	if r.repo == nil {
		return r.fail(fmt.Sprintf("Cannot read the base %s (%s): %s is not a git checkout. Add `actions/checkout` before this step, or point `working-directory` into the checkout.", plan.Rev, plan.From, r.workdir))
	}
	sha, code := r.ensureBase(plan)
	if code != 0 {
		return code
	}
	r.baseSHA, r.baseFrom = sha, plan.From
	return 0
}

// baseSide is where the base's tools are to be loaded from: the
// --base-path paths, or the base commit's files materialized in a
// temporary directory; nothing when there is no base.
type baseSide struct {
	loaded    bool            // there is a base (possibly empty)
	missing   map[string]bool // the tool paths the base commit lacks
	args      []string        // the paths to load; none: an empty base
	cwd, root string          // the load's working directory and root
	tmp       string          // the materialized commit ("" : none)
}

// remove deletes the materialized commit: once loaded, the tools keep
// their sources in memory.
func (b *baseSide) remove() {
	if b.tmp != "" {
		os.RemoveAll(b.tmp)
		b.tmp = ""
	}
}

// prepareBase finds the base's tool files at paths: the --base-path
// paths, or the tool files of the base commit resolveBase found, written
// to a temporary directory; no base when there is neither.
func (r *actionRun) prepareBase(paths []string) (*baseSide, int) {
	s := r.settings
	if len(s.BasePaths) > 0 {
		r.baseFrom = "--base-path " + strings.Join(s.BasePaths, ", ")
		r.notes = append(r.notes, "Compared with the base tool set in "+strings.Join(s.BasePaths, ", ")+".")
		return &baseSide{loaded: true, args: s.BasePaths, cwd: r.workdir, root: r.root}, 0
	}
	if r.baseSHA == "" {
		return &baseSide{}, 0
	}
	sha := r.baseSHA

	repoPaths := make([]string, len(paths))
	for i, p := range paths {
		rel, err := r.repoPath(p)
		if err != nil {
			return nil, r.fail(err.Error())
		}
		repoPaths[i] = rel
	}
	tmp, err := os.MkdirTemp("", "schemaport-base-")
	if err != nil {
		return nil, r.fail("cannot create a temporary directory for the base: " + err.Error())
	}
	side := &baseSide{loaded: true, tmp: tmp}
	mirror, cwd := mirrorDirs(r.root, r.workdir, tmp)
	// Only what the loader would read: not a binary or node_modules that
	// happen to sit under a tool path.
	maxSize := r.maxFileSize
	if maxSize <= 0 {
		maxSize = tool.DefaultMaxFileSize
	}
	snap, err := r.repo.MaterializeSelected(sha, repoPaths, mirror, gitbase.Selection{Keep: tool.Walkable, MaxSize: maxSize})
	if err != nil {
		side.remove()
		return nil, r.fail(fmt.Sprintf("Cannot read the tool files of the base %s: %v", baseLabel(sha), err))
	}
	side.missing = map[string]bool{}
	var present []string
	for i, p := range paths {
		if slices.Contains(snap.Missing, repoPaths[i]) {
			side.missing[p] = true
		} else {
			present = append(present, p)
		}
	}
	if len(present) > 0 {
		// Loaded from the same relative place as the head, so display paths
		// (and so annotation paths) are the same on both sides.
		if err := os.MkdirAll(cwd, 0o755); err != nil {
			side.remove()
			return nil, r.fail("cannot prepare the base directory: " + err.Error())
		}
		side.args, side.cwd, side.root = baseArgs(present, r.root, mirror), cwd, mirror
	}
	return side, 0
}

// loadBase loads the base's tools (with r.loads, which the head's load
// then shares); an empty set when there is no base.
func (r *actionRun) loadBase(side *baseSide) toolSet {
	set := toolSet{loaded: side.loaded, missing: side.missing}
	if len(side.args) > 0 {
		set.Result = *r.load(side.args, side.cwd, side.root)
	}
	return set
}

// mirrorDirs places the repository root (mirror) and the working directory
// (cwd) inside tmp so that they sit as they do in the checkout: the
// working directory is inside the repository, or (a checkout `path:`) the
// repository inside the working directory.
func mirrorDirs(root, workdir, tmp string) (mirror, cwd string) {
	if sub, err := filepath.Rel(root, workdir); err == nil && !isOutside(sub) {
		return tmp, filepath.Join(tmp, sub)
	}
	if sub, err := filepath.Rel(workdir, root); err == nil && !isOutside(sub) {
		return filepath.Join(tmp, sub), tmp
	}
	return tmp, tmp
}

// isOutside reports whether a relative path climbs out of its base.
func isOutside(rel string) bool {
	return rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// baseArgs turns head paths into the paths to load from the materialized
// base: relative paths stay (the loader's cwd mirrors the working
// directory), absolute ones are moved under mirror (the repository root's
// copy).
func baseArgs(paths []string, root, mirror string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		if !filepath.IsAbs(p) {
			out[i] = p
			continue
		}
		rel, _ := filepath.Rel(root, p)
		out[i] = filepath.Join(mirror, rel)
	}
	return out
}

// repoPath maps a tool path (relative to the working directory, or
// absolute) to a path relative to the repository root.
func (r *actionRun) repoPath(p string) (string, error) {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.workdir, p)
	}
	rel, err := filepath.Rel(r.root, filepath.Clean(abs))
	if err != nil || isOutside(rel) {
		return "", fmt.Errorf("The tool path `%s` is outside the repository %s, so it has no base version.", p, r.root)
	}
	return filepath.ToSlash(rel), nil
}

// ensureBase resolves the planned base to a commit in the clone, fetching
// it when it is missing and fetch-base allows.
func (r *actionRun) ensureBase(plan action.Base) (string, int) {
	if sha, err := r.repo.ResolveCommit(plan.Rev); err == nil {
		return sha, 0
	}
	fetchArg, resolveArg := plan.Rev, plan.Rev
	if !gitbase.IsObjectID(plan.Rev) {
		fetchArg, resolveArg = strings.TrimPrefix(plan.Rev, "origin/"), "FETCH_HEAD"
	}
	if !r.settings.FetchBase {
		return "", r.fail(fmt.Sprintf("The base %s (%s) is not in the clone, and `fetch-base` is false.\n%s", plan.Rev, plan.From, fetchAdvice(fetchArg)))
	}
	if err := r.repo.Fetch(fetchArg); err != nil {
		return "", r.fail(fmt.Sprintf("The base %s (%s) is not in the clone, and fetching it failed: %v\n%s", plan.Rev, plan.From, err, fetchAdvice(fetchArg)))
	}
	sha, err := r.repo.ResolveCommit(resolveArg)
	if err != nil {
		return "", r.fail(fmt.Sprintf("Fetched the base %s (%s), but it still cannot be read: %v\n%s", plan.Rev, plan.From, err, fetchAdvice(fetchArg)))
	}
	return sha, 0
}

// fetchAdvice says how to give the job the base commit.
func fetchAdvice(rev string) string {
	return "Fix: fetch the history in the checkout step:\n" +
		"  - uses: actions/checkout@v5\n" +
		"    with:\n" +
		"      fetch-depth: 0\n" +
		"or fetch just the base in a step before this one:\n" +
		"  - run: git fetch --no-tags --depth=1 origin " + rev + "\n" +
		"A checkout with `persist-credentials: false` leaves no credentials to fetch a private repository with."
}

// loadHead loads the head tools. With a base, a path missing in the head
// is fine (every tool under it was removed); missing on both sides it is an
// error.
func (r *actionRun) loadHead(paths []string, base toolSet) toolSet {
	present, usageErr := r.headPaths(paths, base.loaded, base.missing)
	if usageErr != "" {
		return toolSet{usageErr: usageErr}
	}
	if len(present) == 0 {
		return toolSet{loaded: true}
	}
	return toolSet{Result: *r.load(present, r.workdir, r.root), loaded: true}
}

// headPaths are the head's tool paths that exist, with notes on those
// that exist on one side only; usageErr names a path on neither side.
func (r *actionRun) headPaths(paths []string, baseLoaded bool, baseMissing map[string]bool) (present []string, usageErr string) {
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(r.workdir, p)
		}
		// Lstat: a link loop or a dangling link is present (and the loader
		// says what is wrong with it), not a removed path.
		_, err := os.Lstat(abs)
		switch {
		case err == nil || !baseLoaded:
			present = append(present, p)
		case baseMissing[p]:
			return nil, fmt.Sprintf("The tool path `%s` exists neither in the head nor in the base %s. Check the `path` input.", p, baseLabel(r.baseSHA))
		default:
			r.note("notice", "Tool path removed", fmt.Sprintf("`%s` does not exist in the head: every tool it held in the base counts as removed.", p))
		}
	}
	for _, p := range present {
		if baseMissing[p] {
			r.note("notice", "New tool path", fmt.Sprintf("`%s` does not exist in the base %s: every tool in it counts as added.", p, baseLabel(r.baseSHA)))
		}
	}
	return present, ""
}

// maxNoticePaths is how many skipped links one notice names.
const maxNoticePaths = 10

// load loads tool paths that must resolve inside root, and says in one
// notice which links inside walked directories were not followed.
func (r *actionRun) load(paths []string, cwd, root string) *tool.Result {
	return r.loadWith(paths, tool.Options{Cwd: cwd, Root: root, MaxFileSize: r.maxFileSize, Formats: r.formats, Cache: r.loads})
}

// loadWith is load with the options given.
func (r *actionRun) loadWith(paths []string, opts tool.Options) *tool.Result {
	res := tool.Load(paths, opts)
	r.noteNotices(res.Notices)
	return res
}

// noteNotices says in one notice which links inside walked directories
// were not followed.
func (r *actionRun) noteNotices(notices []tool.Notice) {
	if n := len(notices); n > 0 {
		var names []string
		for i, nt := range notices {
			if i == maxNoticePaths {
				names = append(names, fmt.Sprintf("and %d more", n-maxNoticePaths))
				break
			}
			names = append(names, "`"+nt.SourcePath+"`")
		}
		r.note("notice", "Symbolic links not followed", fmt.Sprintf("%s inside the tool directories %s not loaded: links inside a walked directory are not followed (%s). Name a link's target as a path to load it.",
			countOf(n, "symbolic link"), map[bool]string{true: "was", false: "were"}[n == 1], strings.Join(names, ", ")))
	}
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

func (r *actionRun) writeSummary(in report.SummaryInput) error {
	path := r.env.Get("GITHUB_STEP_SUMMARY")
	if path == "" {
		path = r.settings.SummaryFile
	}
	if path == "" {
		return nil
	}
	var buf bytes.Buffer
	if err := report.Summary(&buf, in); err != nil {
		return err
	}
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
func (r *actionRun) writeJSONReport(w io.Writer, o outcome) error {
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
	field("result", jsonvalue.Quote(resultWord(o.exit)), false)
	field("exitCode", strconv.Itoa(o.exit), false)
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
	notes := "[]"
	if len(r.notes) > 0 {
		q := make([]string, len(r.notes))
		for i, n := range r.notes {
			q[i] = jsonvalue.Quote(n)
		}
		notes = "[" + strings.Join(q, ", ") + "]"
	}
	field("notes", notes, false)
	parts := []struct {
		name string
		on   bool
		w    func(io.Writer) error
	}{
		{"inputErrors", len(o.head.Errors) > 0, func(w io.Writer) error { return report.LoadErrorsJSON(w, "run", o.head.Errors) }},
		{"baseInputErrors", len(o.base.Errors) > 0, func(w io.Writer) error { return report.LoadErrorsJSON(w, "run", o.base.Errors) }},
		{"check", o.check != nil, func(w io.Writer) error { return report.CheckJSON(w, o.check, report.Omitted{}) }},
		{"diff", o.diff != nil, func(w io.Writer) error { return report.DiffJSON(w, o.diff, report.Omitted{}) }},
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

// relocateRemoved points each change whose subject is gone from the new
// version (a removed tool) at the nearest surviving place in the new
// version of the same file: the `tools` list or the top-level array that
// held it, else the file's top-level value. The diff engine leaves such a
// change at its line in the base file, and in the new file that line is
// something else, or past the end. A file that is gone keeps the old
// place: nothing survives to point at.
func relocateRemoved(res *diff.Result, base, head []*tool.Tool) {
	if res == nil {
		return
	}
	sources := map[string]*tool.Source{}
	for _, t := range head {
		if t.Source != nil {
			sources[t.Source.Path] = t.Source
		}
	}
	places := map[[2]string]string{} // (file, tool name) -> Base in the file
	for _, t := range base {
		if t.Source != nil {
			places[[2]string{t.Source.Path, t.Name}] = t.Base
		}
	}
	roots := map[string]*jsonvalue.Value{}
	for i := range res.Changes {
		c := &res.Changes[i]
		src := sources[c.Old.File]
		if c.New.File != "" || src == nil {
			continue
		}
		root, seen := roots[src.Path]
		if !seen {
			root, _ = jsonvalue.Parse(src.Data)
			roots[src.Path] = root
		}
		if root == nil {
			continue
		}
		// The list that held the tool: its place minus the final index.
		holder := places[[2]string{c.Old.File, c.ToolName}]
		if j := strings.LastIndexByte(holder, '['); j >= 0 && strings.HasSuffix(holder, "]") {
			holder = holder[:j]
		} else {
			holder = ""
		}
		start, end, _ := tool.LocateIn(root, holder)
		if start == root.Start {
			// The whole file: point at its first character, not every line.
			end = start + 1
		}
		sp := src.Span(start, end)
		c.New = diff.Location{File: src.Path, Line: sp.Line, Column: sp.Column, EndLine: sp.EndLine, EndColumn: sp.EndColumn}
	}
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
