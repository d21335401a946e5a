// Package gittest builds real git repositories in temporary directories for
// tests: commits with fixed authors and dates, branches, merges, bare
// remotes and shallow clones. Nothing touches the network or the user's git
// configuration.
package gittest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Env is the environment every git call here runs with: no system or
// global config, a fixed identity and fixed dates, so commit ids are the
// same on every run.
func Env() []string {
	return []string{
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL=" + os.DevNull,
		"GIT_AUTHOR_NAME=Test Author",
		"GIT_AUTHOR_EMAIL=author@example.com",
		"GIT_COMMITTER_NAME=Test Committer",
		"GIT_COMMITTER_EMAIL=committer@example.com",
		"GIT_AUTHOR_DATE=2026-01-02T03:04:05Z",
		"GIT_COMMITTER_DATE=2026-01-02T03:04:05Z",
		"GIT_TERMINAL_PROMPT=0",
		// Keep git's own messages in English for assertions.
		"LC_ALL=C",
	}
}

// Repo is a working tree (or a bare repository) made for a test.
type Repo struct {
	T   testing.TB
	Dir string
}

// Git runs git in dir with Env and returns its trimmed stdout; it fails the
// test on error.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), Env()...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s (in %s): %v\n%s", strings.Join(args, " "), dir, err, out)
	}
	return strings.TrimSpace(string(out))
}

// RequireGit skips the test when git is not installed.
func RequireGit(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
}

// Init creates a working tree at dir on branch main.
func Init(t testing.TB, dir string) *Repo {
	t.Helper()
	RequireGit(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	Git(t, dir, "init", "-q", "-b", "main")
	return &Repo{T: t, Dir: dir}
}

// Git runs git in the repository.
func (r *Repo) Git(args ...string) string {
	r.T.Helper()
	return Git(r.T, r.Dir, args...)
}

// Write creates or replaces a file (slash-separated path) in the tree.
func (r *Repo) Write(rel, content string) {
	r.T.Helper()
	p := filepath.Join(r.Dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.T.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.T.Fatal(err)
	}
}

// Remove deletes a file or directory from the tree.
func (r *Repo) Remove(rel string) {
	r.T.Helper()
	if err := os.RemoveAll(filepath.Join(r.Dir, filepath.FromSlash(rel))); err != nil {
		r.T.Fatal(err)
	}
}

// CopyDir copies the files under src into the tree at rel.
func (r *Repo) CopyDir(src, rel string) {
	r.T.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sub, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		r.Write(filepath.ToSlash(filepath.Join(rel, sub)), string(data))
		return nil
	})
	if err != nil {
		r.T.Fatal(err)
	}
}

// Commit stages everything and commits; it returns the new commit id.
func (r *Repo) Commit(msg string) string {
	r.T.Helper()
	r.Git("add", "-A")
	r.Git("commit", "-q", "--allow-empty", "-m", msg)
	return r.Git("rev-parse", "HEAD")
}

// Merge merges branch into the current branch with a merge commit (as
// GitHub's test merge for a pull request) and returns its id.
func (r *Repo) Merge(branch, msg string) string {
	r.T.Helper()
	r.Git("merge", "-q", "--no-ff", "-m", msg, branch)
	return r.Git("rev-parse", "HEAD")
}

// CloneBare makes a bare copy of the repository at dir (an `origin`).
func (r *Repo) CloneBare(dir string) string {
	r.T.Helper()
	Git(r.T, filepath.Dir(dir), "clone", "-q", "--bare", r.Dir, dir)
	return dir
}

// ShallowClone clones ref from the bare repository at origin into dir, one
// commit deep, through the file:// transport (as actions/checkout does with
// fetch-depth 1), and checks it out detached.
func ShallowClone(t testing.TB, origin, ref, dir string) *Repo {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	Git(t, dir, "init", "-q")
	Git(t, dir, "remote", "add", "origin", "file://"+filepath.ToSlash(origin))
	Git(t, dir, "fetch", "-q", "--no-tags", "--depth=1", "origin", ref)
	Git(t, dir, "checkout", "-q", "--detach", "FETCH_HEAD")
	return &Repo{T: t, Dir: dir}
}

// RequireLFS skips the test when git-lfs is not installed.
func RequireLFS(t testing.TB) {
	t.Helper()
	RequireGit(t)
	cmd := exec.Command("git", "lfs", "version")
	cmd.Env = append(os.Environ(), Env()...)
	if err := cmd.Run(); err != nil {
		t.Skip("git-lfs is not installed")
	}
}

// LFSHistory is a repository whose tool files are stored in Git LFS: the
// source tree (with git-lfs's hooks), the bare origin it pushed main to
// (the LFS objects with it, through git-lfs's local transfer), and the
// commits made.
type LFSHistory struct {
	Src     *Repo
	Origin  string
	Commits []string
}

// NewLFSHistory commits each version (files by slash-separated path) on
// main in turn, with `tools/**` tracked by Git LFS, and pushes main to a
// bare origin under root.
func NewLFSHistory(t testing.TB, root string, versions ...map[string]string) *LFSHistory {
	t.Helper()
	RequireLFS(t)
	src := Init(t, filepath.Join(root, "src"))
	src.Git("lfs", "install", "--local")
	src.Git("lfs", "track", "tools/**")
	h := &LFSHistory{Src: src, Origin: filepath.Join(root, "origin.git")}
	for i, files := range versions {
		for name, text := range files {
			src.Write(name, text)
		}
		h.Commits = append(h.Commits, src.Commit("version "+string(rune('1'+i))))
	}
	Git(t, root, "init", "-q", "--bare", h.Origin)
	src.Git("push", "-q", "file://"+filepath.ToSlash(h.Origin), "main")
	return h
}
