// Package gitbase reads the base revision of a pull request or push with the
// git CLI: it finds the commit, fetches it into a shallow clone when it is
// missing, and writes the base version of the tool paths into a directory
// that mirrors the repository, so the base loads like any other directory.
//
// Every call runs git directly (exec, no shell) with user-supplied values
// after `--` or `--end-of-options`, and trusts the working tree through a
// per-call `safe.directory` (GIT_CONFIG_COUNT/KEY/VALUE): inside a container
// action the workspace belongs to another user, and changing the global git
// config would leak into later steps.
package gitbase

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Repo is one git working tree.
type Repo struct {
	// Root is the absolute top-level directory of the working tree (the
	// directory that holds .git). Paths given to Materialize are relative
	// to it.
	Root string
	git  string
	env  []string
}

// Error is a git command that failed. Its message names the command and
// quotes what git said.
type Error struct {
	Args   []string
	Stderr string
	Err    error
}

func (e *Error) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" && e.Err != nil {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("`git %s` failed: %s", strings.Join(e.Args, " "), msg)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrNoRepository is returned by Open when no directory at or above the
// given one holds a .git entry.
var ErrNoRepository = errors.New("not inside a git working tree")

// FindRoot returns the nearest directory at or above dir that holds a .git
// entry (a directory, or a file for worktrees and submodules). It does not
// run git, so it works before ownership is settled.
func FindRoot(dir string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for d := abs; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, true
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", false
		}
		d = parent
	}
}

// Open returns the working tree that contains dir. It fails when git is not
// installed or dir is not inside a working tree.
func Open(dir string) (*Repo, error) {
	root, ok := FindRoot(dir)
	if !ok {
		return nil, fmt.Errorf("%s: %w", dir, ErrNoRepository)
	}
	bin, err := exec.LookPath("git")
	if err != nil {
		return nil, fmt.Errorf("git is not installed or not on PATH; it is needed to read the base revision: %w", err)
	}
	return &Repo{Root: root, git: bin, env: commandEnv(os.Environ(), safeDirectories(root))}, nil
}

// safeDirectories lists the spellings git may compare safe.directory with:
// the path as found and, when it differs, with symlinks resolved.
func safeDirectories(root string) []string {
	dirs := []string{root}
	if real, err := filepath.EvalSymlinks(root); err == nil && real != root {
		dirs = append(dirs, real)
	}
	return dirs
}

// commandEnv returns base with safe.directory entries appended to the
// command-scope config (after any GIT_CONFIG_COUNT entries already there,
// which are kept), and with terminal prompts off so that a fetch that needs
// credentials fails instead of hanging.
func commandEnv(base []string, safeDirs []string) []string {
	count := 0
	env := make([]string, 0, len(base)+2*len(safeDirs)+2)
	for _, kv := range base {
		name, value, _ := strings.Cut(kv, "=")
		switch name {
		case "GIT_CONFIG_COUNT":
			if n, err := strconv.Atoi(value); err == nil && n > 0 {
				count = n
			}
			continue
		case "GIT_TERMINAL_PROMPT":
			continue
		}
		env = append(env, kv)
	}
	for _, d := range safeDirs {
		env = append(env,
			fmt.Sprintf("GIT_CONFIG_KEY_%d=safe.directory", count),
			fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", count, d))
		count++
	}
	return append(env, "GIT_CONFIG_COUNT="+strconv.Itoa(count), "GIT_TERMINAL_PROMPT=0")
}

// run executes git in the repository root and returns its stdout.
func (r *Repo) run(stdin []byte, extraEnv []string, args ...string) ([]byte, error) {
	cmd := exec.Command(r.git, args...)
	cmd.Dir = r.Root
	cmd.Env = append(append([]string{}, r.env...), extraEnv...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, &Error{Args: args, Stderr: stderr.String(), Err: err}
	}
	return stdout.Bytes(), nil
}

// Head returns the full object name of the checked-out commit.
func (r *Repo) Head() (string, error) { return r.ResolveCommit("HEAD") }

// ResolveCommit turns a revision (a commit id, a branch, `origin/main`,
// `HEAD~1`) into the full id of the commit it names.
func (r *Repo) ResolveCommit(rev string) (string, error) {
	if rev == "" {
		return "", errors.New("empty revision")
	}
	out, err := r.run(nil, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("%s does not name a commit in %s", quote(rev), r.Root)
	}
	return strings.TrimSpace(string(out)), nil
}

// HasCommit reports whether the commit object is present in the clone. A
// shallow clone knows the ids of the parents of its oldest commits without
// having them: HasCommit is false for those.
func (r *Repo) HasCommit(sha string) bool {
	if !IsObjectID(sha) {
		return false
	}
	_, err := r.run(nil, nil, "cat-file", "-e", sha+"^{commit}")
	return err == nil
}

// Fetch fetches one commit (by full id) or one branch or tag name from
// origin, one commit deep and without tags: `git fetch --no-tags --depth=1
// origin <rev>`. After fetching a name, the commit is FETCH_HEAD.
func (r *Repo) Fetch(rev string) error {
	if !IsObjectID(rev) && !isSafeRefName(rev) {
		return fmt.Errorf("refusing to fetch %s: not a commit id or a plain branch or tag name", quote(rev))
	}
	_, err := r.run(nil, stallLimit(), "fetch", "--no-tags", "--depth=1", "origin", "--", rev)
	// Even a failed fetch may have written a pack or a lock's leftovers.
	for _, dir := range r.gitDirs() {
		matchOwnerTree(dir)
	}
	return err
}

// Deepen fetches n more commits of history behind each of the commits
// (full ids) from origin: `git fetch --no-tags --deepen=<n> origin <ids>`.
// In a shallow clone it moves the boundary back until two histories meet.
func (r *Repo) Deepen(n int, ids ...string) error {
	for _, id := range ids {
		if !IsObjectID(id) {
			return fmt.Errorf("refusing to deepen %s: not a commit id", quote(id))
		}
	}
	args := append([]string{"fetch", "--no-tags", "--deepen=" + strconv.Itoa(n), "origin", "--"}, ids...)
	_, err := r.run(nil, stallLimit(), args...)
	for _, dir := range r.gitDirs() {
		matchOwnerTree(dir)
	}
	return err
}

// MergeBase returns the best common ancestor of two commits (full ids);
// ok is false when the history in the clone has none (a shallow clone
// whose boundary is above it, or unrelated histories).
func (r *Repo) MergeBase(a, b string) (base string, ok bool, err error) {
	if !IsObjectID(a) || !IsObjectID(b) {
		return "", false, fmt.Errorf("merge base of %s and %s: not commit ids", quote(a), quote(b))
	}
	out, err := r.run(nil, nil, "merge-base", a, b)
	var gerr *Error
	if errors.As(err, &gerr) && strings.TrimSpace(gerr.Stderr) == "" {
		// Exit 1 without a message: no common ancestor in this history.
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return strings.TrimSpace(string(out)), true, nil
}

// IsShallow reports whether the clone has only part of the history.
func (r *Repo) IsShallow() bool {
	out, err := r.run(nil, nil, "rev-parse", "--is-shallow-repository")
	return err == nil && strings.TrimSpace(string(out)) == "true"
}

// stallSeconds is how long a fetch over HTTP(S) may move less than 1 KB/s
// before git gives up. git has no timeout of its own: a remote that stops
// answering would hold the job until GitHub cancels it, hours later. A
// large base still fetches, however long it takes, while data flows.
var stallSeconds = 60

// stallLimit is the environment that sets it (git's GIT_HTTP_LOW_SPEED_*),
// unless the environment already sets its own.
func stallLimit() []string {
	if os.Getenv("GIT_HTTP_LOW_SPEED_LIMIT") != "" || os.Getenv("GIT_HTTP_LOW_SPEED_TIME") != "" {
		return nil
	}
	return []string{"GIT_HTTP_LOW_SPEED_LIMIT=1000", "GIT_HTTP_LOW_SPEED_TIME=" + strconv.Itoa(stallSeconds)}
}

// gitDirs returns the repository's git directory and, for a linked
// worktree, the common directory that holds the objects.
func (r *Repo) gitDirs() []string {
	out, err := r.run(nil, nil, "rev-parse", "--absolute-git-dir", "--git-common-dir")
	if err != nil {
		return nil
	}
	var dirs []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line == "" {
			continue
		}
		if !filepath.IsAbs(line) {
			line = filepath.Join(r.Root, line)
		}
		if len(dirs) == 0 || filepath.Clean(line) != dirs[0] {
			dirs = append(dirs, filepath.Clean(line))
		}
	}
	return dirs
}

// Parents returns the parent ids written in a commit, in order. It reads the
// commit object itself, so it works in a one-commit-deep clone where the
// parents are absent.
func (r *Repo) Parents(rev string) ([]string, error) {
	sha, err := r.ResolveCommit(rev)
	if err != nil {
		return nil, err
	}
	out, err := r.run(nil, nil, "cat-file", "commit", sha)
	if err != nil {
		return nil, err
	}
	var parents []string
	for _, line := range strings.Split(string(out), "\n") {
		if line == "" {
			break // end of the header
		}
		if p, ok := strings.CutPrefix(line, "parent "); ok {
			parents = append(parents, strings.TrimSpace(p))
		}
	}
	return parents, nil
}

// MergeFirstParent returns the parents of rev when it is a merge commit
// (two or more parents): the first is the branch merged into, the second
// the branch merged. ok is false for an ordinary commit. On a pull_request
// run, HEAD is GitHub's test merge commit and its first parent is the base
// GitHub actually merged against, which can be newer than the event's
// pull_request.base.sha.
func (r *Repo) MergeFirstParent(rev string) (first, second string, ok bool, err error) {
	parents, err := r.Parents(rev)
	if err != nil {
		return "", "", false, err
	}
	if len(parents) < 2 {
		return "", "", false, nil
	}
	return parents[0], parents[1], true, nil
}

// IsObjectID reports whether s is a full hexadecimal object id (SHA-1 or
// SHA-256).
func IsObjectID(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// IsZeroID reports whether s is the all-zeros id GitHub sends as `before`
// on the first push of a branch.
func IsZeroID(s string) bool {
	return IsObjectID(s) && strings.Trim(s, "0") == ""
}

// Fetchable reports whether Fetch takes rev: a full commit id, or a plain
// branch or tag name (not HEAD~1, a range, or a refspec).
func Fetchable(rev string) bool { return IsObjectID(rev) || isSafeRefName(rev) }

// isSafeRefName accepts names that can only mean a ref on the remote:
// no refspec syntax (`:`, leading `+`), no options, no revision operators.
func isSafeRefName(s string) bool {
	if s == "" || s[0] == '-' || s[0] == '/' || s[0] == '.' || strings.HasSuffix(s, "/") ||
		strings.Contains(s, "..") || strings.Contains(s, "//") || strings.HasSuffix(s, ".lock") {
		return false
	}
	for _, c := range s {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '/' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

func quote(s string) string { return strconv.Quote(s) }

// Superproject returns the working tree of the repository this one is a
// submodule of (ok false when it is none).
func (r *Repo) Superproject() (string, bool) {
	out, err := r.run(nil, nil, "rev-parse", "--show-superproject-working-tree")
	root := strings.TrimSpace(string(out))
	if err != nil || root == "" {
		return "", false
	}
	return filepath.FromSlash(root), true
}

// Gitlink returns the commit a submodule at path (relative to the root,
// `/` separators) is at in rev; ok is false when rev has no submodule
// there.
func (r *Repo) Gitlink(rev, path string) (sha string, ok bool, err error) {
	out, err := r.run(nil, []string{"GIT_LITERAL_PATHSPECS=1"}, "ls-tree", "-z", "--full-tree", rev, "--", path)
	if err != nil {
		return "", false, err
	}
	entries, err := parseTree(out)
	if err != nil {
		return "", false, err
	}
	for _, e := range entries {
		if e.path == path && e.mode == "160000" && e.kind == "commit" && IsObjectID(e.oid) {
			return e.oid, true, nil
		}
	}
	return "", false, nil
}
