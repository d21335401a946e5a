package gitbase

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/gitbase/gittest"
)

// history is a small repository: a base commit on main, a feature branch
// that edits and adds tool files, and a merge commit of the feature into
// main after main moved on (GitHub's test merge).
type history struct {
	repo                   *gittest.Repo
	base, feature, mainTip string
	merge                  string
	originDir, shallowDir  string
	shallow                *gittest.Repo
}

func newHistory(t *testing.T) *history {
	t.Helper()
	root := t.TempDir()
	r := gittest.Init(t, filepath.Join(root, "src"))
	r.Write("tools/a.json", `{"name":"a"}`)
	r.Write("tools/nested/b.json", `{"name":"b"}`)
	r.Write("tools-old/c.json", `{"name":"c"}`)
	r.Write("README.md", "readme\n")
	h := &history{repo: r}
	h.base = r.Commit("base")
	r.Git("checkout", "-q", "-b", "feature")
	r.Write("tools/a.json", `{"name":"a","v":2}`)
	r.Write("tools/new.json", `{"name":"new"}`)
	h.feature = r.Commit("feature")
	r.Git("checkout", "-q", "main")
	r.Write("other.txt", "main moved on\n")
	h.mainTip = r.Commit("main moves")
	h.merge = r.Merge("feature", "Merge feature into main")
	h.originDir = r.CloneBare(filepath.Join(root, "origin.git"))
	gittest.Git(t, h.originDir, "update-ref", "refs/pull/1/merge", h.merge)
	h.shallowDir = filepath.Join(root, "workspace")
	h.shallow = gittest.ShallowClone(t, h.originDir, "refs/pull/1/merge", h.shallowDir)
	return h
}

func isolate(t *testing.T) {
	t.Helper()
	for _, kv := range gittest.Env() {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	t.Setenv("GIT_CONFIG_COUNT", "")
}

func open(t *testing.T, dir string) *Repo {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatalf("Open(%s): %v", dir, err)
	}
	return r
}

func TestOpenFindsTheTopLevelFromASubdirectory(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, filepath.Join(h.repo.Dir, "tools", "nested"))
	if r.Root != h.repo.Dir {
		t.Fatalf("Root = %s, want %s", r.Root, h.repo.Dir)
	}
	head, err := r.Head()
	if err != nil || head != h.merge {
		t.Fatalf("Head() = %s, %v; want %s", head, err, h.merge)
	}
}

func TestOpenOutsideARepository(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	if _, ok := FindRoot(dir); ok {
		t.Skip("the temp directory is inside a git working tree")
	}
	_, err := Open(dir)
	if !errors.Is(err, ErrNoRepository) {
		t.Fatalf("Open outside a repository: err = %v, want ErrNoRepository", err)
	}
}

func TestCommandEnvAddsSafeDirectoryAfterExistingConfig(t *testing.T) {
	base := []string{"PATH=/bin", "GIT_CONFIG_COUNT=2", "GIT_CONFIG_KEY_0=a.b", "GIT_CONFIG_VALUE_0=1",
		"GIT_CONFIG_KEY_1=c.d", "GIT_CONFIG_VALUE_1=2", "GIT_TERMINAL_PROMPT=1"}
	got := commandEnv(base, []string{"/github/workspace", "/real/workspace"})
	want := []string{"PATH=/bin", "GIT_CONFIG_KEY_0=a.b", "GIT_CONFIG_VALUE_0=1", "GIT_CONFIG_KEY_1=c.d", "GIT_CONFIG_VALUE_1=2",
		"GIT_CONFIG_KEY_2=safe.directory", "GIT_CONFIG_VALUE_2=/github/workspace",
		"GIT_CONFIG_KEY_3=safe.directory", "GIT_CONFIG_VALUE_3=/real/workspace",
		"GIT_CONFIG_COUNT=4", "GIT_TERMINAL_PROMPT=0"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("commandEnv =\n%q\nwant\n%q", got, want)
	}
}

func TestSafeDirectoryReachesGit(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.repo.Dir)
	out, err := r.run(nil, nil, "config", "--get-all", "safe.directory")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out2s(out), h.repo.Dir) {
		t.Fatalf("safe.directory as git sees it = %q, want it to contain %s", out, h.repo.Dir)
	}
	// Nothing was written to any config file.
	local := gittest.Git(t, h.repo.Dir, "config", "--list", "--local")
	if strings.Contains(local, "safe.directory") {
		t.Fatalf("safe.directory leaked into the repository config:\n%s", local)
	}
}

func out2s(b []byte) string { return string(b) }

func TestResolveCommit(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.repo.Dir)
	for rev, want := range map[string]string{"main": h.merge, "feature": h.feature, "HEAD^1": h.mainTip, h.base: h.base, h.base[:12]: h.base} {
		got, err := r.ResolveCommit(rev)
		if err != nil || got != want {
			t.Errorf("ResolveCommit(%q) = %q, %v; want %q", rev, got, err, want)
		}
	}
	for _, rev := range []string{"no-such-branch", "--output=/tmp/x", "", "main:tools"} {
		if got, err := r.ResolveCommit(rev); err == nil {
			t.Errorf("ResolveCommit(%q) = %q, want an error", rev, got)
		}
	}
}

func TestMergeFirstParentInAShallowClone(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.shallowDir)
	first, second, ok, err := r.MergeFirstParent("HEAD")
	if err != nil || !ok {
		t.Fatalf("MergeFirstParent: ok=%v err=%v", ok, err)
	}
	if first != h.mainTip || second != h.feature {
		t.Fatalf("parents = %s, %s; want %s (main) and %s (feature)", first, second, h.mainTip, h.feature)
	}
	// The parent's id is known but its object is not in a depth-1 clone.
	if r.HasCommit(first) {
		t.Fatalf("HasCommit(first parent) = true in a one-commit-deep clone")
	}
	if !r.HasCommit(h.merge) {
		t.Fatalf("HasCommit(HEAD) = false")
	}
}

func TestMergeFirstParentOfAnOrdinaryCommit(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.repo.Dir)
	_, _, ok, err := r.MergeFirstParent("feature")
	if err != nil || ok {
		t.Fatalf("MergeFirstParent(feature) ok=%v err=%v; want not a merge", ok, err)
	}
	parents, err := r.Parents(h.base)
	if err != nil || len(parents) != 0 {
		t.Fatalf("Parents(root commit) = %v, %v; want none", parents, err)
	}
}

func TestFetchMissingCommit(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.shallowDir)
	if r.HasCommit(h.base) {
		t.Fatal("base present before the fetch")
	}
	if err := r.Fetch(h.base); err != nil {
		t.Fatalf("Fetch(base): %v", err)
	}
	if !r.HasCommit(h.base) {
		t.Fatal("base still missing after the fetch")
	}
	// Tags are not fetched.
	if tags := gittest.Git(t, h.shallowDir, "tag"); tags != "" {
		t.Fatalf("tags fetched: %q", tags)
	}
}

func TestFetchBranchName(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.shallowDir)
	if err := r.Fetch("feature"); err != nil {
		t.Fatalf("Fetch(feature): %v", err)
	}
	got, err := r.ResolveCommit("FETCH_HEAD")
	if err != nil || got != h.feature {
		t.Fatalf("FETCH_HEAD = %s, %v; want %s", got, err, h.feature)
	}
}

func TestFetchFailures(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.shallowDir)
	unknown := strings.Repeat("ab", 20)
	err := r.Fetch(unknown)
	var gerr *Error
	if !errors.As(err, &gerr) {
		t.Fatalf("Fetch(unknown) = %v, want a *gitbase.Error", err)
	}
	if !strings.Contains(err.Error(), "git fetch --no-tags --depth=1 origin -- "+unknown) {
		t.Fatalf("error does not name the command: %v", err)
	}
	for _, bad := range []string{"--upload-pack=touch /tmp/pwned", "main:refs/heads/x", "+main", "a..b", "", "has space"} {
		if err := r.Fetch(bad); err == nil || !strings.Contains(err.Error(), "refusing") {
			t.Errorf("Fetch(%q) = %v, want a refusal", bad, err)
		}
	}
	// No origin at all.
	lone := gittest.Init(t, filepath.Join(t.TempDir(), "lone"))
	lone.Write("x", "x")
	lone.Commit("x")
	if err := open(t, lone.Dir).Fetch(h.base); err == nil {
		t.Fatal("Fetch without an origin succeeded")
	}
}

func TestMergeBaseAfterDeepening(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.shallowDir)
	if !r.IsShallow() {
		t.Fatal("a one-commit-deep clone is not shallow")
	}
	for _, id := range []string{h.mainTip, h.feature} {
		if err := r.Fetch(id); err != nil {
			t.Fatal(err)
		}
	}
	// Both tips are there, their parents are not: no common ancestor yet.
	if mb, ok, err := r.MergeBase(h.mainTip, h.feature); err != nil || ok {
		t.Fatalf("MergeBase in the shallow clone = %s, %v, %v; want none", mb, ok, err)
	}
	if err := r.Deepen(5, h.mainTip, h.feature); err != nil {
		t.Fatal(err)
	}
	if mb, ok, err := r.MergeBase(h.mainTip, h.feature); err != nil || !ok || mb != h.base {
		t.Fatalf("MergeBase after deepening = %s, %v, %v; want %s", mb, ok, err, h.base)
	}
	if _, _, err := r.MergeBase("main", h.feature); err == nil {
		t.Error("MergeBase took a name")
	}
	if err := r.Deepen(1, "--upload-pack=x"); err == nil || !strings.Contains(err.Error(), "refusing") {
		t.Errorf("Deepen took an option: %v", err)
	}
	if open(t, h.repo.Dir).IsShallow() {
		t.Error("the full repository is shallow")
	}
}

func TestFetchGivesUpOnAStalledServer(t *testing.T) {
	// A remote that accepts the connection and then sends nothing: git
	// has no timeout of its own, so the job would hang until GitHub
	// kills it hours later. The fetch gives up once the transfer stalls.
	isolate(t)
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		select {
		case <-release:
		case <-req.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	old := stallSeconds
	stallSeconds = 1
	t.Cleanup(func() { stallSeconds = old })

	lone := gittest.Init(t, filepath.Join(t.TempDir(), "lone"))
	lone.Write("x", "x")
	lone.Commit("x")
	lone.Git("remote", "add", "origin", srv.URL+"/r.git")
	done := make(chan error, 1)
	go func() { done <- open(t, lone.Dir).Fetch(strings.Repeat("ab", 20)) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "too slow") {
			t.Fatalf("Fetch from a stalled server = %v, want git giving up on the stalled transfer", err)
		}
	case <-time.After(2 * time.Minute):
		// Not a speed assertion: without a stall limit the fetch never ends.
		t.Fatal("Fetch from a stalled server did not give up")
	}
}

func TestIDs(t *testing.T) {
	zero := strings.Repeat("0", 40)
	if !IsZeroID(zero) || IsZeroID(strings.Repeat("0", 39)) || IsZeroID("1"+zero[1:]) {
		t.Fatal("IsZeroID")
	}
	if !IsObjectID(strings.Repeat("a", 64)) || IsObjectID(strings.Repeat("g", 40)) || IsObjectID("HEAD") {
		t.Fatal("IsObjectID")
	}
}

func listFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestMaterializeDirectoriesAndFiles(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.repo.Dir)
	dest := t.TempDir()
	snap, err := r.Materialize(h.base, []string{"tools", "README.md", "missing/dir", "tools/a.json"}, dest)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"tools/a.json":        `{"name":"a"}`,
		"tools/nested/b.json": `{"name":"b"}`,
		"README.md":           "readme\n",
	}
	if got := listFiles(t, dest); !reflect.DeepEqual(got, want) {
		t.Fatalf("files = %v\nwant %v", got, want)
	}
	if snap.Commit != h.base || snap.Files != 3 {
		t.Fatalf("snapshot = %+v", snap)
	}
	if !reflect.DeepEqual(snap.Present, []string{"tools", "README.md", "tools/a.json"}) || !reflect.DeepEqual(snap.Missing, []string{"missing/dir"}) {
		t.Fatalf("present %v missing %v", snap.Present, snap.Missing)
	}
}

func TestMaterializeDoesNotMatchAPrefixOfAName(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.repo.Dir)
	dest := t.TempDir()
	if _, err := r.Materialize("main", []string{"./tools/"}, dest); err != nil {
		t.Fatal(err)
	}
	var got []string
	for f := range listFiles(t, dest) {
		got = append(got, f)
	}
	sort.Strings(got)
	want := []string{"tools/a.json", "tools/nested/b.json", "tools/new.json"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("files = %v, want %v (tools-old must not match tools)", got, want)
	}
}

func TestMaterializeWholeTreeAndMissingPath(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.repo.Dir)
	dest := t.TempDir()
	snap, err := r.Materialize(h.base, []string{"."}, dest)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Files != 4 || len(snap.Missing) != 0 {
		t.Fatalf("whole tree: %+v", snap)
	}
	dest2 := t.TempDir()
	snap, err = r.Materialize(h.base, []string{"tools/new.json"}, dest2)
	if err != nil || len(snap.Present) != 0 || !reflect.DeepEqual(snap.Missing, []string{"tools/new.json"}) {
		t.Fatalf("a path added later: %+v, %v", snap, err)
	}
	if files := listFiles(t, dest2); len(files) != 0 {
		t.Fatalf("files written for a missing path: %v", files)
	}
}

func TestMaterializeAfterFetchInAShallowClone(t *testing.T) {
	isolate(t)
	h := newHistory(t)
	r := open(t, h.shallowDir)
	first, _, _, err := r.MergeFirstParent("HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Materialize(first, []string{"tools"}, t.TempDir()); err == nil {
		t.Fatal("Materialize of an absent commit succeeded")
	}
	if err := r.Fetch(first); err != nil {
		t.Fatal(err)
	}
	dest := t.TempDir()
	if _, err := r.Materialize(first, []string{"tools"}, dest); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"tools/a.json": `{"name":"a"}`, "tools/nested/b.json": `{"name":"b"}`}
	if got := listFiles(t, dest); !reflect.DeepEqual(got, want) {
		t.Fatalf("files = %v, want %v", got, want)
	}
}

func TestMaterializeSkipsSymlinksAndRejectsEscapes(t *testing.T) {
	isolate(t)
	dir := filepath.Join(t.TempDir(), "r")
	repo := gittest.Init(t, dir)
	repo.Write("tools/a.json", `{}`)
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "tools", "link.json")); err != nil {
		t.Skip("symlinks unsupported:", err)
	}
	repo.Commit("with a link")
	r := open(t, dir)
	dest := t.TempDir()
	snap, err := r.Materialize("HEAD", []string{"tools"}, dest)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(snap.Skipped, []string{"tools/link.json"}) || snap.Files != 1 {
		t.Fatalf("snapshot = %+v", snap)
	}
	if _, err := os.Lstat(filepath.Join(dest, "tools", "link.json")); !os.IsNotExist(err) {
		t.Fatalf("the symlink was written: %v", err)
	}
	for _, bad := range []string{"../outside", "/etc", "tools/../../x"} {
		if _, err := r.Materialize("HEAD", []string{bad}, dest); err == nil {
			t.Errorf("Materialize(%q) succeeded", bad)
		}
	}
}

func TestMaterializeLiteralPathspec(t *testing.T) {
	isolate(t)
	dir := filepath.Join(t.TempDir(), "r")
	repo := gittest.Init(t, dir)
	repo.Write("tools/a.json", `{}`)
	repo.Write("tools/b.json", `{}`)
	repo.Commit("two files")
	r := open(t, dir)
	snap, err := r.Materialize("HEAD", []string{"tools/*.json"}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if snap.Files != 0 || len(snap.Missing) != 1 {
		t.Fatalf("a glob matched files: %+v", snap)
	}
}

func TestMaterializeManyFiles(t *testing.T) {
	isolate(t)
	dir := filepath.Join(t.TempDir(), "r")
	repo := gittest.Init(t, dir)
	big := strings.Repeat("x", 40<<10)
	for i := 0; i < 100; i++ {
		repo.Write(filepath.ToSlash(filepath.Join("tools", "d", fmt.Sprintf("tool-%03d.json", i))), big)
	}
	repo.Commit("many")
	r := open(t, dir)
	snap, err := r.Materialize("HEAD", []string{"tools"}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if snap.Files != 100 {
		t.Fatalf("files = %d, want 100", snap.Files)
	}
}
