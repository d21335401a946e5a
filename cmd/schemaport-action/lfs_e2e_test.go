package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
)

// TestE2EToolFilesInGitLFS: tool files stored in Git LFS, checked out with
// `lfs: true`, are real content in the head, but the base's version read
// from git objects is the LFS pointer. Before, that file did not load in
// the base and was left out of the diff with a warning about input errors:
// its breaking changes were not gated. The base is now read through `git
// lfs smudge`; without git-lfs the warning says what to install; a head
// checked out without `lfs: true` is named as pointers.
func TestE2EToolFilesInGitLFS(t *testing.T) {
	t.Parallel()
	gittest.RequireLFS(t)
	v1, v2 := refundV1(t), refundV2(t)
	root := t.TempDir()
	h := gittest.NewLFSHistory(t, root, v1, map[string]string{"tools/refund-order.json": *v2["tools/refund-order.json"]})
	base, head := h.Commits[0], h.Commits[1]
	checkout := func(lfs bool) string {
		ws := filepath.Join(t.TempDir(), "workspace")
		gittest.ShallowClone(t, h.Origin, "refs/heads/main", ws)
		if lfs { // actions/checkout with `lfs: true`
			gittest.Git(t, ws, "lfs", "install", "--local")
			gittest.Git(t, ws, "lfs", "pull")
		}
		return ws
	}
	push := map[string]any{"ref": "refs/heads/main", "before": base, "after": head}
	inputs := map[string]string{"fail-on": "never", "breaking-fail-on": "breaking"}

	res := runAction(t, checkout(true), "push", push, inputs)
	res.wantCode(t, 1)
	res.wantOutputs(t, map[string]string{"base-sha": base, "breaking-count": "2"})
	for _, title := range []string{"Base version has input errors", "Files left out of the diff", "Base files in Git LFS"} {
		if n := len(res.find("warning", title)); n != 0 {
			t.Errorf("warning %q with git-lfs installed\n%s", title, res.dump())
		}
	}

	// No git-lfs in the job: the pointer is left out, and the warning
	// says what to install.
	git, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(git, filepath.Join(bin, "git")); err != nil {
		t.Skip(err)
	}
	ws := checkout(true)
	res = runActionIn(t, ws, ws, "push", push, inputs, "PATH="+bin)
	res.wantCode(t, 0)
	res.wantOutputs(t, map[string]string{"breaking-count": "0"})
	if w := res.find("warning", "Base files in Git LFS"); len(w) != 1 || !strings.Contains(w[0].Message, "`tools/refund-order.json`") ||
		!strings.Contains(w[0].Message, "git-lfs is not installed") || !strings.Contains(w[0].Message, "apt-get install git-lfs") {
		t.Errorf("without git-lfs: %v\n%s", w, res.dump())
	}

	// Checked out without `lfs: true`: the head's files are pointers.
	res = runAction(t, checkout(false), "push", push, inputs)
	res.wantCode(t, 2)
	if w := res.find("warning", "Tool files in Git LFS"); len(w) != 1 || !strings.Contains(w[0].Message, "`tools/refund-order.json`") || !strings.Contains(w[0].Message, "`lfs: true`") {
		t.Errorf("head without lfs: %v\n%s", w, res.dump())
	}
}
