package gitbase

import (
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
)

func TestSuperprojectAndGitlink(t *testing.T) {
	isolate(t)
	root := t.TempDir()
	sub := gittest.Init(t, filepath.Join(root, "sub-src"))
	sub.Write("tools/a.json", "{}\n")
	subCommit := sub.Commit("tools")
	super := gittest.Init(t, filepath.Join(root, "super"))
	super.Git("-c", "protocol.file.allow=always", "submodule", "add", "-q", "file://"+filepath.ToSlash(sub.Dir), "deps/sub")
	commit := super.Commit("add the submodule")

	r := open(t, super.Dir)
	if got, ok, err := r.Gitlink(commit, "deps/sub"); err != nil || !ok || got != subCommit {
		t.Errorf("Gitlink(deps/sub) = %q, %v, %v; want %s", got, ok, err, subCommit)
	}
	for _, p := range []string{"deps", "deps/sub/tools", ".gitmodules", "nope"} {
		if got, ok, err := r.Gitlink(commit, p); err != nil || ok {
			t.Errorf("Gitlink(%s) = %q, %v, %v; want none", p, got, ok, err)
		}
	}
	if _, ok := r.Superproject(); ok {
		t.Error("the superproject has a superproject")
	}
	inner := open(t, filepath.Join(super.Dir, "deps", "sub", "tools"))
	got, ok := inner.Superproject()
	want, _ := filepath.EvalSymlinks(super.Dir)
	if real, _ := filepath.EvalSymlinks(got); !ok || real != want {
		t.Errorf("Superproject() = %q, %v; want %s", got, ok, want)
	}
}
