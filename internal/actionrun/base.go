package actionrun

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/action"
	"github.com/schemaport/schemaport-action/internal/gitbase"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/safefile"
	"github.com/schemaport/schemaport-action/internal/tool"
)

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
		r.adoptSuperproject()
	}
	r.paths = report.RepoRelative(r.root, r.workdir)
	return nil
}

// adoptSuperproject makes the superproject the run's repository when the
// working directory is in a submodule checked out inside the workspace
// and the base comes from the event: the event's commits are the
// superproject's, and the submodule's base is the commit the
// superproject's base records for it (prepareBase). A `base` (or
// --base-path) given is the user's, read in the submodule as before.
func (r *actionRun) adoptSuperproject() {
	if r.repo == nil || r.settings.Base != "" || len(r.settings.BasePaths) > 0 {
		return
	}
	for {
		sup, ok := r.repo.Superproject()
		if !ok {
			return
		}
		real, err := canonicalDir(sup)
		if err != nil {
			return
		}
		if rel, err := filepath.Rel(r.workspace, real); err != nil || isOutside(rel) {
			return // not the workflow's checkout
		}
		repo, err := gitbase.Open(real)
		if err != nil {
			return
		}
		r.root, r.repo = real, repo
	}
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
		return abs, errors.New("it is " + safefile.Kind(st.Mode()) + ", not a directory")
	}
	return real, nil
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
	if s.Base == "" && r.baseBranchCheckout(ev) {
		// The base branch is all there is: base.sha against it would
		// blame the pull request for the base branch's own commits since
		// the event. Compare it with itself; noteBaseEqualsHead says why.
		plan = action.Base{Rev: r.headSHA, From: "the base branch, which pull_request_target checks out by default"}
	}
	if code := r.checkWorkflowRunHead(ev, plan); code != 0 {
		return code
	}
	if plan.Rev == "" {
		r.note(map[bool]string{true: "warning", false: "notice"}[plan.Warn], "No diff", "No breaking-change diff: "+plan.NoDiff+".")
		return 0
	}
	if r.repoErr != nil {
		return r.fail(fmt.Sprintf("Cannot read the base %s (%s): %v", plan.Rev, plan.From, r.repoErr))
	}
	if r.repo == nil {
		return r.fail(fmt.Sprintf("Cannot read the base %s (%s): %s is not a git checkout. Add `actions/checkout` before this step, or point `working-directory` into the checkout.", plan.Rev, plan.From, r.workdir))
	}
	sha, code := r.ensureBase(plan)
	if code != 0 || sha == "" {
		return code
	}
	if plan.ForkPoint && sha != r.headSHA {
		fork, code := r.forkPoint(sha, plan)
		if code != 0 {
			return code
		}
		if fork != sha {
			sha, plan.From = fork, "where the checked-out head branched from "+plan.From+" "+baseLabel(sha)
		}
	}
	r.baseSHA, r.baseFrom = sha, plan.From
	return 0
}

// checkWorkflowRunHead holds a workflow_run to the commit its triggering
// run checked (workflow_run.head_sha): actions/checkout checks out the
// default branch there unless told otherwise, and checking that against
// the pull request's base would gate the wrong code. With the pull
// request named (a diff to make) that is exit 2; without, a warning. A
// `base` input is the user's own choice of what to compare: a warning.
func (r *actionRun) checkWorkflowRunHead(ev *action.Event, plan action.Base) int {
	want := ev.WorkflowRunHeadSHA()
	if want == "" || r.repo == nil || r.headSHA == "" || strings.EqualFold(want, r.headSHA) {
		return 0
	}
	msg := fmt.Sprintf("The checked-out commit %s is not the commit the triggering run checked (workflow_run.head_sha %s): on workflow_run, actions/checkout checks out the default branch unless given a ref.\n"+
		"Check out the run's head (the files are only read, never run):\n"+
		"  - uses: actions/checkout@v5\n"+
		"    with:\n"+
		"      ref: ${{ github.event.workflow_run.head_sha }}", baseLabel(r.headSHA), baseLabel(want))
	if plan.Rev != "" && r.settings.Base == "" {
		return r.fail(msg)
	}
	r.note("warning", "Not the run's head", msg)
	return 0
}

// baseBranchCheckout reports whether a pull_request_target run has the
// base branch checked out (the default there: GITHUB_SHA is the base
// branch's last commit) instead of the pull request: HEAD is GITHUB_SHA,
// neither the pull request's head nor a merge of it.
func (r *actionRun) baseBranchCheckout(ev *action.Event) bool {
	if ev.Name != "pull_request_target" || r.repo == nil || r.headSHA == "" || !strings.EqualFold(r.headSHA, ev.SHA) {
		return false
	}
	if head := ev.PRHeadSHA(); head == "" || strings.EqualFold(r.headSHA, head) {
		return false
	}
	if _, second, ok, err := r.repo.MergeFirstParent("HEAD"); err == nil && ok && strings.EqualFold(second, ev.PRHeadSHA()) {
		return false
	}
	return true
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
		for _, p := range s.BasePaths {
			if msg := r.basePathKind(p); msg != "" {
				return nil, r.fail(msg)
			}
		}
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
	sel := gitbase.Selection{Keep: tool.Walkable, MaxSize: maxSize}
	// A path inside a submodule is not in the superproject's tree (which
	// records only the submodule's commit): it is read from the submodule
	// at the commit the base records for it.
	var plain []string
	inSub := map[string][]string{} // submodule dir -> paths inside it
	for _, p := range repoPaths {
		if dir := r.submoduleOf(p); dir != "" {
			inSub[dir] = append(inSub[dir], p)
		} else {
			plain = append(plain, p)
		}
	}
	var missing []string
	if len(plain) > 0 {
		snap, err := r.repo.MaterializeSelected(sha, plain, mirror, sel)
		if err != nil {
			side.remove()
			return nil, r.fail(fmt.Sprintf("Cannot read the tool files of the base %s: %v", baseLabel(sha), err))
		}
		r.noteBaseLFS(sha, snap.LFS)
		missing = snap.Missing
	}
	for _, dir := range slices.Sorted(maps.Keys(inSub)) {
		m, code := r.materializeSubmodule(sha, dir, inSub[dir], mirror, sel)
		if code != 0 {
			side.remove()
			return nil, code
		}
		missing = append(missing, m...)
	}
	side.missing = map[string]bool{}
	var present []string
	for i, p := range paths {
		if slices.Contains(missing, repoPaths[i]) {
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

// submoduleOf is the submodule (its directory relative to the
// repository root, `/` separators) that the repository path p lies in, as
// checked out in the working tree: the outermost directory on the way
// to p (p itself included) that holds a .git entry. "" : none.
func (r *actionRun) submoduleOf(p string) string {
	if p == "." {
		return ""
	}
	parts := strings.Split(p, "/")
	for i := 1; i <= len(parts); i++ {
		dir := strings.Join(parts[:i], "/")
		if _, err := os.Lstat(filepath.Join(r.root, filepath.FromSlash(dir), ".git")); err == nil {
			return dir
		}
	}
	return ""
}

// materializeSubmodule writes the base's version of paths inside the
// submodule at dir: the submodule's files at the commit the base commit
// sha records for it, fetched into the submodule's clone when missing.
// It returns the paths the base lacks (all of them when the base has no
// submodule there).
func (r *actionRun) materializeSubmodule(sha, dir string, paths []string, mirror string, sel gitbase.Selection) ([]string, int) {
	subSHA, ok, err := r.repo.Gitlink(sha, dir)
	if err != nil {
		return nil, r.fail(fmt.Sprintf("Cannot read the submodule `%s` in the base %s: %v", dir, baseLabel(sha), err))
	}
	if !ok {
		return paths, 0
	}
	sub, err := gitbase.Open(filepath.Join(r.root, filepath.FromSlash(dir)))
	if err != nil {
		return nil, r.fail(fmt.Sprintf("Cannot read the submodule `%s`: %v", dir, err))
	}
	what := fmt.Sprintf("the submodule `%s` at %s, its commit in the base %s", dir, baseLabel(subSHA), baseLabel(sha))
	if !sub.HasCommit(subSHA) {
		if !r.settings.FetchBase {
			return nil, r.fail(fmt.Sprintf("The base of %s is not in its clone, and `fetch-base` is false. Check out submodules with their history (`submodules: true` with `fetch-depth: 0`), or set `fetch-base: true`.", what))
		}
		if err := sub.Fetch(subSHA); err != nil {
			return nil, r.fail(fmt.Sprintf("The base of %s is not in its clone, and fetching it failed: %v\nCheck out submodules with their history: `submodules: true` and `fetch-depth: 0` on actions/checkout.", what, err))
		}
	}
	rel := make([]string, len(paths))
	for i, p := range paths {
		rel[i] = strings.TrimPrefix(strings.TrimPrefix(p, dir), "/")
		if rel[i] == "" {
			rel[i] = "."
		}
	}
	snap, err := sub.MaterializeSelected(subSHA, rel, filepath.Join(mirror, filepath.FromSlash(dir)), sel)
	if err != nil {
		return nil, r.fail(fmt.Sprintf("Cannot read the tool files of %s: %v", what, err))
	}
	r.noteBaseLFS(subSHA, snap.LFS)
	r.notes = append(r.notes, "Compared "+dir+"'s files with "+what+".")
	var missing []string
	for i, p := range paths {
		if slices.Contains(snap.Missing, rel[i]) {
			missing = append(missing, p)
		}
	}
	return missing, 0
}

// basePathHelp says what --base-path takes, after a problem with one.
const basePathHelp = "--base-path takes the files or directories that hold the base version's tool definitions."

// basePathKind says why a --base-path path cannot be a tool file or
// directory ("" : it can): it is missing, or a device, a named pipe or a
// socket. A wrong base path is the run's usage problem (exit 2), not an
// input error of the base's files, which only warns: compared with
// nothing, every head tool would read as added and the run would pass.
func (r *actionRun) basePathKind(p string) string {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.workdir, p)
	}
	st, err := os.Stat(abs) // follows links, as the loader does
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Sprintf("The base path `%s` does not exist. %s", p, basePathHelp)
	case err != nil:
		return fmt.Sprintf("The base path `%s` cannot be read: %v. %s", p, errors.Unwrap(err), basePathHelp)
	case st.Mode().IsRegular() || st.IsDir():
		return ""
	}
	return fmt.Sprintf("The base path `%s` is %s, not a tool file or a directory. %s", p, safefile.Kind(st.Mode()), basePathHelp)
}

// basePathProblem is the usage problem of a --base-path path the loader
// could not read as a whole (an empty or unreadable directory, a link
// loop): its error is about the path itself, at no place in a file. ""
// when there is none, or the base is a commit (whose files are history:
// their problems only warn).
func (r *actionRun) basePathProblem(side *baseSide, errs []tool.LoadError) string {
	if len(r.settings.BasePaths) == 0 || len(errs) == 0 {
		return ""
	}
	for _, p := range r.settings.BasePaths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(side.cwd, p)
		}
		display := tool.DisplayPath(side.cwd, filepath.Clean(abs))
		for _, e := range errs {
			if e.SourcePath == display && e.Line == 0 {
				return fmt.Sprintf("The base path `%s` cannot be loaded: %s %s", p, e.Message, basePathHelp)
			}
		}
	}
	return ""
}

// noteBaseLFS warns about the base files that stayed Git LFS pointers:
// the loader cannot read them, so they are left out of the diff (on both
// sides), and the warning says what would let the run read them.
func (r *actionRun) noteBaseLFS(sha string, l gitbase.LFS) {
	if len(l.Pointers) == 0 {
		return
	}
	files := quoteList(l.Pointers)
	verb := map[bool]string{true: "is a Git LFS pointer", false: "are Git LFS pointers"}[len(l.Pointers) == 1]
	if l.Unavailable {
		r.note("warning", "Base files in Git LFS", fmt.Sprintf("In the base %s, %s %s, and git-lfs is not installed here (`git lfs version` failed), so their base versions cannot be read: they are left out of the diff, and their breaking changes are not checked. "+
			"Install git-lfs in the job (`sudo apt-get install git-lfs`, or the action's Docker image, which has it) and keep `lfs: true` on actions/checkout.", baseLabel(sha), files, verb))
		return
	}
	var why []string
	for _, p := range l.Pointers {
		why = append(why, "`"+p+"`: "+l.Errors[p])
	}
	r.note("warning", "Base files in Git LFS", fmt.Sprintf("In the base %s, %s %s whose content could not be read (%s), so they are left out of the diff, and their breaking changes are not checked. "+
		"git-lfs downloads the base's objects from the repository's LFS server with the checkout's credentials: keep actions/checkout's `persist-credentials` (the default) and give the job `contents: read`.",
		baseLabel(sha), files, verb, strings.Join(why, "; ")))
}

// noteHeadLFS says which head files that do not load are Git LFS
// pointers: the checkout did not fetch their content.
func (r *actionRun) noteHeadLFS(errs []tool.LoadError) {
	seen := map[string]bool{}
	var pointers []string
	for _, e := range errs {
		if e.SourcePath == "" || seen[e.SourcePath] {
			continue
		}
		seen[e.SourcePath] = true
		abs := filepath.FromSlash(e.SourcePath)
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(r.workdir, abs)
		}
		data, err := safefile.ReadRegular(abs, 1024)
		if err != nil {
			continue
		}
		if _, ok := gitbase.LFSPointerSize(data); ok {
			pointers = append(pointers, e.SourcePath)
		}
	}
	if len(pointers) == 0 {
		return
	}
	r.note("warning", "Tool files in Git LFS", fmt.Sprintf("%s %s, not the tool definitions: the checkout did not fetch the files stored in Git LFS. Add `lfs: true` to actions/checkout.",
		quoteList(pointers), map[bool]string{true: "is a Git LFS pointer", false: "are Git LFS pointers"}[len(pointers) == 1]))
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
		if plan.Forced {
			// A forced push rewrote the branch: the commit it replaced is
			// on no ref of origin any more, and no checkout setting brings
			// it back. The push is not the gate (the pull request was).
			r.note("warning", "No diff", fmt.Sprintf("No breaking-change diff: the push was forced, and the commit it replaced (%s, %s) is gone from origin, so there is nothing to compare against (%v). Set the `base` input to compare against another revision.", plan.Rev, plan.From, err))
			return "", 0
		}
		return "", r.fail(fmt.Sprintf("The base %s (%s) is not in the clone, and fetching it failed: %v\n%s", plan.Rev, plan.From, err, fetchAdvice(fetchArg)))
	}
	sha, err := r.repo.ResolveCommit(resolveArg)
	if err != nil {
		return "", r.fail(fmt.Sprintf("Fetched the base %s (%s), but it still cannot be read: %v\n%s", plan.Rev, plan.From, err, fetchAdvice(fetchArg)))
	}
	return sha, 0
}

// deepenSteps are how many more commits of history a shallow clone fetches
// behind the base and the head, round by round, to find where the head
// branched: most branches are a few commits old; the last round reaches
// thousands back before giving up.
var deepenSteps = []int{50, 500, 5000}

// forkPoint is where the checked-out head branched from the base branch's
// tip base: their merge base, deepening a shallow clone until the two
// histories meet.
func (r *actionRun) forkPoint(base string, plan action.Base) (string, int) {
	why := ""
	for i := 0; ; i++ {
		fork, ok, err := r.repo.MergeBase(base, r.headSHA)
		if err != nil {
			why = err.Error()
			break
		}
		if ok {
			return fork, 0
		}
		if i == len(deepenSteps) {
			why = fmt.Sprintf("their histories do not meet in the %d commits fetched behind each", sumInts(deepenSteps))
			break
		}
		if !r.repo.IsShallow() {
			why = "their histories have no commit in common"
			break
		}
		if !r.settings.FetchBase {
			why = "the clone is shallow and `fetch-base` is false"
			break
		}
		if err := r.repo.Deepen(deepenSteps[i], base, r.headSHA); err != nil {
			why = "fetching more history failed: " + err.Error()
			break
		}
	}
	// One more commit of the base would not help: only history does.
	return "", r.fail(fmt.Sprintf("Cannot find where the checked-out head %s branched from the base %s (%s): %s. "+
		"Check out the pull request's merge commit (actions/checkout's default on pull_request), or:\n%s",
		baseLabel(r.headSHA), baseLabel(base), plan.From, why, strings.TrimSuffix(historyAdvice, "\n")))
}

func sumInts(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// historyAdvice is the checkout setting that fetches the whole history.
const historyAdvice = "Fix: fetch the history in the checkout step:\n" +
	"  - uses: actions/checkout@v5\n" +
	"    with:\n" +
	"      fetch-depth: 0\n"

// fetchAdvice says how to give the job the base commit: the history, or
// the one commit when origin can send it by that name.
func fetchAdvice(rev string) string {
	history := historyAdvice
	creds := "A checkout with `persist-credentials: false` leaves no credentials to fetch a private repository with."
	switch {
	case !gitbase.Fetchable(rev):
		// HEAD~1, a range: resolved against history, never sent by name.
		return history + "(" + rev + " is relative to other commits: only the history resolves it; or give `base` a commit id, a branch or a tag.)\n" + creds
	case abbreviatedID(rev):
		return history + "or give `base` the full 40-character commit id: git fetches a commit by its full id only.\n" + creds
	}
	return history +
		"or fetch just the base in a step before this one:\n" +
		"  - run: git fetch --no-tags --depth=1 origin " + rev + "\n" + creds
}

// abbreviatedID reports whether rev looks like a shortened commit id.
func abbreviatedID(rev string) bool {
	if len(rev) < 4 || len(rev) >= 40 {
		return false
	}
	for _, c := range rev {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
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
	res := r.load(present, r.workdir, r.root)
	r.noteHeadLFS(res.Errors)
	return toolSet{Result: *res, loaded: true}
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
			// The loader says a missing path does not exist; the hint says
			// why (asked only then: it may ask git about submodules).
			if err != nil {
				if hint := r.pathHint(p); hint != "" {
					r.note("warning", "Tool path", fmt.Sprintf("`%s` does not exist. %s", p, hint))
				}
			}
			present = append(present, p)
		case baseMissing[p]:
			return nil, strings.TrimSpace(fmt.Sprintf("The tool path `%s` exists neither in the head nor in the base %s. Check the `path` input. %s", p, baseLabel(r.baseSHA), r.pathHint(p)))
		case len(r.settings.BasePaths) > 0:
			// The base is other paths: this one held nothing in it to
			// count as removed.
			return nil, strings.TrimSpace(fmt.Sprintf("The tool path `%s` does not exist (the base is --base-path %s). %s", p, strings.Join(r.settings.BasePaths, ", "), r.pathHint(p)))
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

// pathHint says what `path` takes when a tool path that does not exist
// looks like something it does not take; "" when nothing fits.
func (r *actionRun) pathHint(p string) string {
	switch {
	case strings.ContainsAny(p, "*?["):
		return "`path` takes files and directories, not glob patterns: name the directory instead (every .json file under it is loaded)."
	case strings.HasPrefix(p, "- "):
		return "`path` takes one path per line, without a YAML list's `- `."
	case strings.Contains(p, ","):
		return "`path` takes one path per line, not a comma-separated list."
	case r.defaultPaths && p == action.DefaultPath:
		return "No `path` input was given (nor `schemas` in the config), so the default `tools` was used: set the `path` input to the files or directories that hold the tool definitions."
	}
	if dir := r.uncheckedSubmodule(p); dir != "" {
		return fmt.Sprintf("`%s` is a submodule that is not checked out: add `submodules: true` to actions/checkout.", dir)
	}
	return ""
}

// uncheckedSubmodule is the submodule on the way to the tool path p that
// the checkout did not check out ("" : none).
func (r *actionRun) uncheckedSubmodule(p string) string {
	if r.repo == nil {
		return ""
	}
	rel, err := r.repoPath(p)
	if err != nil || rel == "." {
		return ""
	}
	parts := strings.Split(rel, "/")
	for i := 1; i <= len(parts); i++ {
		dir := strings.Join(parts[:i], "/")
		if _, ok, _ := r.repo.Gitlink("HEAD", dir); ok {
			if _, err := os.Lstat(filepath.Join(r.root, filepath.FromSlash(dir), ".git")); err != nil {
				return dir
			}
			return ""
		}
	}
	return ""
}

// load loads tool paths that must resolve inside root, and says in one
// notice which links inside walked directories were not followed.
func (r *actionRun) load(paths []string, cwd, root string) *tool.Result {
	opts := r.loadOptions(cwd, root)
	opts.Cache = r.loads
	return r.loadWith(paths, opts)
}

// loadOptions are the loader's options for the files under cwd and root:
// the run's file size limit and formats.
func (r *actionRun) loadOptions(cwd, root string) tool.Options {
	return tool.Options{Cwd: cwd, Root: root, MaxFileSize: r.maxFileSize, Formats: r.formats}
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
