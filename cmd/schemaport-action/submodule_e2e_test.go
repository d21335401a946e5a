package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
)

// TestE2EToolsInASubmodule: the tools live in a submodule of the
// repository the pull request is for (actions/checkout with
// `submodules: true`), and the pull request bumps the submodule. The
// event's commits are the superproject's; the submodule's base is the
// commit the superproject's base records for it. Before, a run with
// `working-directory: sub` looked for the superproject's base commit in
// the submodule (exit 2, "not our ref"), and `path: sub/tools` found no
// tools in the base (the superproject's tree has only the submodule's
// commit): every tool "added", its breaking changes not gated.
func TestE2EToolsInASubmodule(t *testing.T) {
	t.Parallel()
	gittest.RequireGit(t)
	root := t.TempDir()
	file := []string{"-c", "protocol.file.allow=always"}
	tools := gittest.Init(t, filepath.Join(root, "tools-src"))
	for name, text := range refundV1(t) {
		tools.Write(name, text)
	}
	sub1 := tools.Commit("v1")
	for name, text := range refundV2(t) {
		tools.Write(name, *text)
	}
	sub2 := tools.Commit("v2")
	subOrigin := tools.CloneBare(filepath.Join(root, "tools.git"))

	super := gittest.Init(t, filepath.Join(root, "super"))
	super.Git(append(file, "submodule", "add", "-q", "file://"+filepath.ToSlash(subOrigin), "sub")...)
	gittest.Git(t, filepath.Join(super.Dir, "sub"), "checkout", "-q", sub1)
	base := super.Commit("base: tools v1")
	super.Git("checkout", "-q", "-b", "feature")
	gittest.Git(t, filepath.Join(super.Dir, "sub"), "checkout", "-q", sub2)
	feature := super.Commit("bump the tools to v2")
	super.Git("checkout", "-q", "main")
	gittest.Git(t, filepath.Join(super.Dir, "sub"), "checkout", "-q", sub1)
	super.Write("CHANGELOG.md", "main moved on\n")
	mainTip := super.Commit("main moves on")
	super.Git("checkout", "-q", "--detach", "main")
	merge := super.Merge("feature", "Merge pull request #1")
	super.Git("update-ref", prRef, merge)
	super.Git("checkout", "-q", "main")
	origin := filepath.Join(root, "super.git")
	gittest.Git(t, root, "clone", "-q", "--mirror", super.Dir, origin)

	checkout := func() string {
		ws := filepath.Join(t.TempDir(), "workspace")
		gittest.ShallowClone(t, origin, prRef, ws)
		gittest.Git(t, ws, append(file, "submodule", "update", "-q", "--init", "--depth=1")...)
		return ws
	}
	payload := map[string]any{"number": 1, "pull_request": map[string]any{"number": 1,
		"base": map[string]any{"sha": base, "ref": "main"}, "head": map[string]any{"sha": feature, "ref": "feature"}}}
	for _, inputs := range []map[string]string{
		{"working-directory": "sub", "fail-on": "never"},
		{"path": "sub/tools", "fail-on": "never"},
	} {
		res := runAction(t, checkout(), "pull_request", payload, inputs)
		res.wantCode(t, 1)
		res.wantOutputs(t, map[string]string{"base-sha": mainTip, "breaking-count": "2", "non-breaking-count": "1"})
		errs := res.find("error", "required-property-added")
		if len(errs) != 1 || errs[0].Properties["file"] != "sub/tools/refund-order.json" {
			t.Errorf("%v: breaking change annotations %v\n%s", inputs, errs, res.dump())
		}
		if !strings.Contains(string(res.report), "Compared sub's files with the submodule `sub` at "+sub1[:12]) {
			t.Errorf("%v: the report does not say which submodule commit was the base", inputs)
		}
	}

	// Submodules not checked out: the path is named as one.
	bare := filepath.Join(t.TempDir(), "workspace")
	gittest.ShallowClone(t, origin, prRef, bare)
	res := runAction(t, bare, "pull_request", payload, map[string]string{"path": "sub/tools"})
	res.wantCode(t, 2)
	if errs := res.find("error", "SchemaPort: cannot run"); len(errs) != 1 || !strings.Contains(errs[0].Message, "`sub` is a submodule that is not checked out: add `submodules: true`") {
		t.Errorf("submodule not checked out: %v\n%s", errs, res.dump())
	}

	// A `base` given is the user's, read in the submodule.
	res = runAction(t, checkout(), "pull_request", payload, map[string]string{"working-directory": "sub", "fail-on": "never", "base": sub1})
	res.wantCode(t, 1)
	res.wantOutputs(t, map[string]string{"base-sha": sub1, "breaking-count": "2"})
}
