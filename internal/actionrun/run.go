// Package actionrun is the `run` command, the GitHub Action: it resolves
// the settings (inputs, flags, config, event), finds and reads the base
// revision, loads both sides, checks the head and diffs it against the
// base through one pipeline.Collector (with the base's fingerprints for
// only-new), and publishes the outcome: the log and its annotations, the
// SARIF file, the JSON report, the job summary, the step outputs and the
// pull request comment.
package actionrun

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/action"
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/gitbase"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/options"
	"github.com/schemaport/schemaport-action/internal/pipeline"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/provider/anthropicstrict"
	"github.com/schemaport/schemaport-action/internal/report"
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
		if inActions {
			// A workflow has inputs, not a command line to add --help to.
			return r.fail(err.Error() + "\nCheck the step's `with:` inputs: the action's README lists the values each takes.")
		}
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
	event            string // whose defaults apply (Event.DefaultsEvent); "" locally
	// noLabels: the event is about a pull request but its payload carries
	// no labels (workflow_run), so the approval label cannot approve.
	noLabels    bool
	notes       []string
	extra       []report.Annotation // our own notices, capped with the rest
	maxFileSize int64               // from the config file; 0 for the default
	// defaultPaths: neither the `path` input nor the config's `schemas`
	// names the tool paths (the default, `tools`, applies).
	defaultPaths   bool
	outputsWritten bool
	// summarySkipped: the step's summary file had no room left for it;
	// summaryCut: the summary was cut to its room (not every finding is
	// in it).
	summarySkipped, summaryCut bool
	// loads shares the files the base and the head have byte for byte
	// (tool.Cache) between the two loads; nil once both are done.
	loads *tool.Cache
	// cost is the context cost's change and budget findings (nil: not
	// counted).
	cost *runCost
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
	return r.failed(msg)
}

// failConfig is fail for an error reading the config: one at a place of
// the file (config.Error) is annotated there, on the config's line.
func (r *actionRun) failConfig(err error) int {
	var ce *config.Error
	if !errors.As(err, &ce) || !r.errLog.Commands {
		return r.fail(err.Error())
	}
	a := report.Annotation{Level: report.LevelError, Title: "SchemaPort: cannot run", Message: err.Error(), Line: ce.Line, EndLine: ce.Line, Col: ce.Column}
	if rel, ok := r.inRepository(ce.File); ok {
		a.File = rel
	} else {
		a.Line, a.EndLine, a.Col = 0, 0, 0
	}
	report.Annotations(r.errLog.W, []report.Annotation{a}, 0)
	return r.failed(err.Error())
}

// failed writes every output of a run that could not run (msg says why,
// already annotated) and returns its exit status, 2.
func (r *actionRun) failed(msg string) int {
	if r.outputsWritten {
		return 2
	}
	// What the run noted before it stopped (a changed policy, a file in
	// Git LFS) is shown too: publish, which shows it otherwise, never runs.
	for _, a := range r.extra {
		r.errLog.Annotate(a.Level, a.Title, a.Message)
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
			",\n  \"baseSha\": "+jsonOrNull(r.baseSHA)+",\n  \"headSha\": "+jsonOrNull(r.headSHA)+",\n  \"findings\": [],\n  \"notes\": "+stringArray(r.notes)+"\n}\n")
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
	r.postFailedComment(msg)
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
	// A workflow_run takes the defaults of the run that triggered it.
	r.event = ev.DefaultsEvent()
	s := r.settings
	headCfg, err := config.Load(r.workdir, s.Config)
	if err != nil {
		return r.failConfig(err)
	}
	// The head's config is always validated, so a mistake is fixed before
	// it merges, even when the base's policy applies.
	opts, err := r.options(headCfg)
	if err != nil {
		return r.failConfig(err)
	}
	r.defaultPaths = !s.PathsSet && (headCfg == nil || len(headCfg.Schemas) == 0)
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
	r.noLabels = ev.WorkflowRunPR() != nil && len(s.Labels) == 0
	// The tools are loaded from the union of both policies' paths, so a
	// pull request that moves `schemas` cannot hide what it removes.
	paths := opts.paths
	if action.IsPolicyEvent(r.event) && r.baseSHA != "" && r.repo != nil {
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
	if msg := r.compiledPathKind(opts.compiledPath); msg != "" {
		return r.fail(msg)
	}
	side, code := r.prepareBase(paths)
	if code != 0 {
		return code
	}
	defer side.remove()
	r.cost = r.newRunCost(opts, side)
	if scanRuns && opts.compiledPath == "" {
		if code, done := r.runScanned(opts, side, labels, ev); done {
			return code
		}
	}
	r.loads = tool.NewCache()
	base := r.loadBase(side)
	side.remove() // the loaded tools keep their sources in memory
	if msg := r.basePathProblem(side, base.Errors); msg != "" {
		return r.fail(msg)
	}
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
	// budgets are the config's context budgets (nil: none).
	budgets *config.Budgets
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
	if o.budgets, err = options.Budgets(cfg); err != nil {
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
	if base.loaded {
		r.cost.countBase(splitBase(base.Tools, head.Tools))
	}
	r.checkHead(o, &out, labels, inBase, func(fn func(check.ToolResult)) {
		check.StreamAdjusted(head.Tools, o.targets, r.cost.hook(), fn)
	}, func(map[string]bool) []*tool.Tool { return head.Tools })
	return out
}

// checkHead checks the head's tools as stream gives them (every tool's
// result, in report order), puts every finding through the policy (with
// the base's findings when inBase is set) and the output caps, and
// completes out: the diff is made. headTools loads the head's tools of
// the names asked for again, if they are gone (a budget finding's).
func (r *actionRun) checkHead(o runOptions, out *outcome, labels []string, inBase *baseChecks, stream func(fn func(check.ToolResult)), headTools func(names map[string]bool) []*tool.Tool) {
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
		r.cost.take(tr.Tool)
		c.Tool(&tr, known)
	})
	r.finishCheck(o, out, c, headTools)
}

// finishCheck puts the diff's findings through the policy and the caps
// once every tool's are, and completes out from the outcome.
func (r *actionRun) finishCheck(o runOptions, out *outcome, c *pipeline.Collector, headTools func(names map[string]bool) []*tool.Tool) {
	if r.cost != nil {
		head, base, tooLarge := r.cost.finish(headTools)
		if tooLarge {
			r.note("notice", "Context cost not counted", fmt.Sprintf("The context cost's change is not counted: the set has more than %s tools (counting adds about half to the check's time). Configure `budgets` to have it counted.", cost.Thousands(maxDeltaTools)))
		}
		c.Extra(head, base)
	}
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

// note records a message for the summary and as an annotation that is
// capped together with the findings.
func (r *actionRun) note(level, title, msg string) {
	r.notes = append(r.notes, msg)
	r.extra = append(r.extra, report.Annotation{Level: level, Title: title, Message: msg, Priority: report.PriorityBreaking})
}

// maxNoticePaths is how many skipped links one notice names.
const maxNoticePaths = 10

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
