package distribution

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/schemaport/schemaport-action/internal/prcomment"
)

// --- the repository ----------------------------------------------------------

func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

func readFile(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// mainPackages maps each binary `go install ./...` makes (named after its
// directory) to that directory, relative to the root: every directory
// under cmd/ holding a `package main` with a main function.
func mainPackages(t *testing.T) map[string]string {
	t.Helper()
	root := repoRoot(t)
	entries, err := os.ReadDir(filepath.Join(root, "cmd"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(root, "cmd", e.Name(), "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			if regexp.MustCompile(`(?m)^package main$`).MatchString(src) && regexp.MustCompile(`(?m)^func main\(\) \{`).MatchString(src) {
				out[e.Name()] = "cmd/" + e.Name()
			}
		}
	}
	return out
}

// isMainPackage reports whether a `./cmd/x`-style package path is a main
// package of this module.
func isMainPackage(t *testing.T, pkg string) bool {
	t.Helper()
	pkg = strings.TrimSuffix(strings.TrimPrefix(pkg, "./"), "/")
	for _, dir := range mainPackages(t) {
		if dir == pkg {
			return true
		}
	}
	return false
}

var (
	buildMu  sync.Mutex
	built    = map[string]string{}
	buildDir string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// build compiles a main package of this module once per test process and
// returns the directory holding the binary, named as `go install` names it.
func build(t *testing.T, pkgDir string) string {
	t.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	if dir, ok := built[pkgDir]; ok {
		return dir
	}
	if buildDir == "" {
		d, err := os.MkdirTemp("", "schemaport-distribution-")
		if err != nil {
			t.Fatal(err)
		}
		buildDir = d
	}
	dir := filepath.Join(buildDir, strings.ReplaceAll(pkgDir, "/", "_"))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "install", "./"+pkgDir)
	cmd.Dir = repoRoot(t)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install ./%s: %v\n%s", pkgDir, err, out)
	}
	built[pkgDir] = dir
	return dir
}

func exe(name string) string {
	if runtime.GOOS == "windows" {
		return name + ".exe"
	}
	return name
}

// run runs a binary and returns its exit status and output.
func run(t *testing.T, dir, bin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%s %v: %v", bin, args, err)
	}
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

// --- the release workflow ------------------------------------------------------

type step struct {
	ID   string            `yaml:"id"`
	Name string            `yaml:"name"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

type job struct {
	Needs       any               `yaml:"needs"`
	If          string            `yaml:"if"`
	Outputs     map[string]string `yaml:"outputs"`
	RunsOn      string            `yaml:"runs-on"`
	Permissions map[string]string `yaml:"permissions"`
	Steps       []step            `yaml:"steps"`
}

type workflow struct {
	Name string `yaml:"name"`
	On   struct {
		Push struct {
			Tags     []string `yaml:"tags"`
			Branches []string `yaml:"branches"`
		} `yaml:"push"`
	} `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]job    `yaml:"jobs"`
}

func loadWorkflow(t *testing.T, rel string) workflow {
	t.Helper()
	var w workflow
	dec := yaml.NewDecoder(strings.NewReader(readFile(t, rel)))
	dec.KnownFields(true)
	if err := dec.Decode(&w); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return w
}

// The six platforms the issue asks for: Linux, macOS and Windows, each on
// amd64 and arm64.
var releasePlatforms = []string{"darwin/amd64", "darwin/arm64", "linux/amd64", "linux/arm64", "windows/amd64", "windows/arm64"}

func TestReleaseWorkflow(t *testing.T) {
	w := loadWorkflow(t, ".github/workflows/release.yml")
	if !slices.Equal(w.On.Push.Tags, []string{"v*"}) || len(w.On.Push.Branches) > 0 {
		t.Errorf("release runs on push of %v (branches %v), want tags [v*] only", w.On.Push.Tags, w.On.Push.Branches)
	}
	if w.Permissions["contents"] != "read" || len(w.Permissions) != 1 {
		t.Errorf("workflow permissions %v: want contents: read, more only per job", w.Permissions)
	}
	var names []string
	for n := range w.Jobs {
		names = append(names, n)
	}
	sort.Strings(names)
	if !slices.Equal(names, []string{"binaries", "image", "release-commit", "test"}) {
		t.Fatalf("jobs %v", names)
	}
	if !slices.ContainsFunc(w.Jobs["test"].Steps, func(s step) bool { return s.Run == ".ci/run" }) {
		t.Error("the test job does not run .ci/run")
	}
	for _, n := range []string{"binaries", "image"} {
		if w.Jobs[n].Needs != "test" {
			t.Errorf("job %s needs %v, want test: nothing is published before the tests pass", n, w.Jobs[n].Needs)
		}
	}

	// Binaries: the script builds into a directory the release uploads.
	bin := w.Jobs["binaries"]
	if bin.Permissions["contents"] != "write" {
		t.Errorf("binaries job permissions %v: creating a release needs contents: write", bin.Permissions)
	}
	var outdir string
	for _, s := range bin.Steps {
		f := strings.Fields(s.Run)
		if len(f) == 3 && f[0] == ".ci/release-binaries" {
			if f[1] != `"$VERSION"` || s.Env["VERSION"] != "${{ github.ref_name }}" {
				t.Errorf("the script gets version %s with VERSION=%q, want the tag", f[1], s.Env["VERSION"])
			}
			outdir = f[2]
		}
	}
	if outdir == "" {
		t.Fatal("no step runs `.ci/release-binaries VERSION OUTDIR`")
	}
	if !slices.ContainsFunc(bin.Steps, func(s step) bool {
		return strings.Contains(s.Run, "gh release create") && strings.Contains(s.Run, " "+outdir+"/* ") && s.Env["GH_TOKEN"] != ""
	}) {
		t.Errorf("no step uploads %s/* with gh release create and a GH_TOKEN", outdir)
	}

	// The image: both Linux platforms, from the Dockerfile in the root.
	img := w.Jobs["image"]
	if img.Permissions["packages"] != "write" {
		t.Errorf("image job permissions %v: pushing to ghcr.io needs packages: write", img.Permissions)
	}
	i := slices.IndexFunc(img.Steps, func(s step) bool { return strings.HasPrefix(s.Uses, "docker/build-push-action@") })
	if i < 0 {
		t.Fatal("no docker/build-push-action step")
	}
	push := img.Steps[i]
	if push.With["platforms"] != "linux/amd64,linux/arm64" || push.With["context"] != "." || push.With["push"] != "true" ||
		push.With["build-args"] != "VERSION=${{ github.ref_name }}" {
		t.Errorf("build-push-action with %v", push.With)
	}
	// The release commit: after the binaries and the image, with the
	// image's digest, pinned by tools/pin-release, moving the major tag;
	// never for a pre-release.
	if img.Outputs["digest"] != "${{ steps.build.outputs.digest }}" || push.ID != "build" {
		t.Errorf("image job outputs %v (build step id %q): the release commit needs the pushed digest", img.Outputs, push.ID)
	}
	rc := w.Jobs["release-commit"]
	if needs, _ := rc.Needs.([]any); !slices.Equal(needs, []any{"binaries", "image"}) {
		t.Errorf("release-commit needs %v, want [binaries image]", rc.Needs)
	}
	if rc.Permissions["contents"] != "write" || !strings.Contains(rc.If, "'-'") {
		t.Errorf("release-commit permissions %v, if %q", rc.Permissions, rc.If)
	}
	pinned, moved := false, false
	for _, s := range rc.Steps {
		if strings.Contains(s.Run, "go run ./tools/pin-release") && s.Env["DIGEST"] == "${{ needs.image.outputs.digest }}" && s.Env["TAG"] == "${{ github.ref_name }}" {
			pinned = true
		}
		if pinned && strings.Contains(s.Run, "git commit") && strings.Contains(s.Run, `git push --force origin "refs/tags/$MAJOR"`) {
			moved = true
		}
	}
	if !pinned || !moved {
		t.Errorf("release-commit: pin-release run with the digest %v, major tag pushed after it %v", pinned, moved)
	}
	// Every action is pinned to a release.
	for name, j := range w.Jobs {
		for _, s := range j.Steps {
			if s.Uses != "" && !regexp.MustCompile(`^[\w.-]+/[\w.-]+@(v\d+|[0-9a-f]{40})$`).MatchString(s.Uses) {
				t.Errorf("job %s uses %q: pin an action to a major version or a commit", name, s.Uses)
			}
		}
	}
}

func TestReleaseScriptNamesRealPackageAndPlatforms(t *testing.T) {
	script := readFile(t, ".ci/release-binaries")
	m := regexp.MustCompile(`(?m)^pkg=(\S+)$`).FindStringSubmatch(script)
	if m == nil || !isMainPackage(t, m[1]) {
		t.Fatalf("the script builds %v, not a main package of this module (%v)", m, mainPackages(t))
	}
	if filepath.Base(m[1]) != "schemaport-action" {
		t.Errorf("the script builds %s: the package users `go install` must be the one named schemaport-action", m[1])
	}
	p := regexp.MustCompile(`(?m)^platforms=\$\{PLATFORMS:-"([^"]+)"\}$`).FindStringSubmatch(script)
	if p == nil {
		t.Fatal("no default PLATFORMS in the script")
	}
	got := strings.Fields(p[1])
	sort.Strings(got)
	if !slices.Equal(got, releasePlatforms) {
		t.Errorf("platforms %v, want %v", got, releasePlatforms)
	}
	out, err := exec.Command("go", "tool", "dist", "list").Output()
	if err != nil {
		t.Fatal(err)
	}
	known := strings.Fields(string(out))
	for _, pl := range got {
		if !slices.Contains(known, pl) {
			t.Errorf("go cannot build for %s", pl)
		}
	}
	st, err := os.Stat(filepath.Join(repoRoot(t), ".ci", "release-binaries"))
	if err != nil || st.Mode()&0o111 == 0 {
		t.Errorf(".ci/release-binaries is not executable (%v)", err)
	}
}

// The script really builds: for this machine's platform (the others are
// the same command with GOOS/GOARCH), a binary with the right name and
// version, and a checksum file that `sha256sum -c` accepts.
func TestReleaseScriptBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a release binary")
	}
	for _, tool := range []string{"bash", "sha256sum"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s", tool)
		}
	}
	out := t.TempDir()
	const version = "v9.8.7-test"
	platform := runtime.GOOS + "/" + runtime.GOARCH
	cmd := exec.Command("bash", ".ci/release-binaries", version, out)
	cmd.Dir = repoRoot(t)
	cmd.Env = append(os.Environ(), "PLATFORMS="+platform)
	if log, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	name := fmt.Sprintf("schemaport-action_%s_%s_%s", version, runtime.GOOS, runtime.GOARCH)
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	sums := "schemaport-action_" + version + "_checksums.txt"
	entries, _ := os.ReadDir(out)
	var files []string
	for _, e := range entries {
		files = append(files, e.Name())
	}
	want := []string{name, sums}
	sort.Strings(want)
	if !slices.Equal(files, want) {
		t.Fatalf("files %v, want %v", files, want)
	}
	data, err := os.ReadFile(filepath.Join(out, name))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got, want := readAbs(t, filepath.Join(out, sums)), hex.EncodeToString(sum[:])+"  "+name+"\n"; got != want {
		t.Errorf("checksums %q, want %q", got, want)
	}
	check := exec.Command("sha256sum", "-c", sums)
	check.Dir = out
	if log, err := check.CombinedOutput(); err != nil {
		t.Errorf("sha256sum -c: %v\n%s", err, log)
	}
	code, stdout, _ := run(t, out, filepath.Join(out, name), "version")
	if code != 0 || stdout != "schemaport-action "+version+"\n" {
		t.Errorf("version: exit %d, %q", code, stdout)
	}
}

func readAbs(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The image the release pushes is built from a main package that exists.
func TestDockerfileBuildsARealPackage(t *testing.T) {
	m := regexp.MustCompile(`go build [^\n]*-o /out/schemaport-action (\./cmd/\S+)`).FindStringSubmatch(readFile(t, "Dockerfile"))
	if m == nil || !isMainPackage(t, m[1]) {
		t.Fatalf("the Dockerfile builds %v, not a main package (%v)", m, mainPackages(t))
	}
}

// --- pre-commit hooks ------------------------------------------------------------

type hook struct {
	ID                      string   `yaml:"id"`
	Name                    string   `yaml:"name"`
	Description             string   `yaml:"description"`
	Entry                   string   `yaml:"entry"`
	Language                string   `yaml:"language"`
	Files                   string   `yaml:"files"`
	PassFilenames           *bool    `yaml:"pass_filenames"`
	Args                    []string `yaml:"args"`
	MinimumPreCommitVersion string   `yaml:"minimum_pre_commit_version"`
}

func loadHooks(t *testing.T) []hook {
	t.Helper()
	var hooks []hook
	dec := yaml.NewDecoder(strings.NewReader(readFile(t, ".pre-commit-hooks.yaml")))
	dec.KnownFields(true)
	if err := dec.Decode(&hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	return hooks
}

// hookBinary builds what pre-commit builds for a golang hook (`go install
// ./...` names binaries after their directories) and returns the path of
// the entry's command with the rest of the entry.
func hookBinary(t *testing.T, h hook) (string, []string) {
	t.Helper()
	words := strings.Fields(h.Entry)
	if len(words) == 0 {
		t.Fatalf("hook %s has no entry", h.ID)
	}
	pkg, ok := mainPackages(t)[words[0]]
	if !ok {
		t.Fatalf("hook %s runs %q, which `go install ./...` does not install (it installs %v)", h.ID, words[0], mainPackages(t))
	}
	return filepath.Join(build(t, pkg), exe(words[0])), words[1:]
}

func TestPreCommitHookDefinitions(t *testing.T) {
	hooks := loadHooks(t)
	var ids []string
	for _, h := range hooks {
		ids = append(ids, h.ID)
		if h.Name == "" || h.Description == "" || h.Language != "golang" {
			t.Errorf("hook %s: name %q, description %q, language %q (want golang: pre-commit builds it with go install)", h.ID, h.Name, h.Description, h.Language)
		}
		if h.PassFilenames == nil || *h.PassFilenames {
			t.Errorf("hook %s passes file names: it must check the whole tool set, not every staged JSON file", h.ID)
		}
		files, err := regexp.Compile(h.Files)
		if err != nil {
			t.Errorf("hook %s: files %q: %v", h.ID, h.Files, err)
		} else if !files.MatchString("tools/refund.json") || files.MatchString("main.go") {
			t.Errorf("hook %s: files %q should run for JSON changes only", h.ID, h.Files)
		}
		if words := strings.Fields(h.Entry); len(words) < 2 || mainPackages(t)[words[0]] == "" {
			t.Errorf("hook %s: entry %q does not start with a binary `go install ./...` installs (%v)", h.ID, h.Entry, mainPackages(t))
		}
	}
	want := []string{"schemaport-check"}
	if hasCompileCheck(t) {
		want = append(want, "schemaport-compile-check")
	}
	if !slices.Equal(ids, want) {
		t.Errorf("hook ids %v, want %v", ids, want)
	}
}

// hasCompileCheck reports whether the CLI has `compile --check`.
func hasCompileCheck(t *testing.T) bool {
	t.Helper()
	for _, h := range loadHooks(t) {
		if h.ID == "schemaport-check" {
			bin, _ := hookBinary(t, h)
			_, stdout, _ := run(t, t.TempDir(), bin, "help", "compile")
			return strings.Contains(stdout, "--check")
		}
	}
	return false
}

// Each hook's entry, run as pre-commit runs it (entry + args, no file
// names, from the repository root), on the bundled examples.
func TestPreCommitHooksRunOnTheExamples(t *testing.T) {
	root := repoRoot(t)
	for _, h := range loadHooks(t) {
		if h.ID != "schemaport-check" {
			continue
		}
		bin, entryArgs := hookBinary(t, h)
		args := func(extra ...string) []string { return append(slices.Clone(entryArgs), extra...) }

		// The example has provider errors: the commit is stopped.
		code, stdout, stderr := run(t, root, bin, args("testdata/refund-order/v2")...)
		if code != 1 || !regexp.MustCompile(`(?m)^Result: [1-9]\d* errors?, \d+ warnings?, \d+ infos?$`).MatchString(stdout) ||
			!strings.Contains(stdout, "refund-order.json:") {
			t.Errorf("%s on v2: exit %d\n%s\n%s", h.ID, code, stdout, stderr)
		}
		// The hook's args reach the command: a threshold lets it through.
		if code, stdout, stderr := run(t, root, bin, args("testdata/refund-order/v2", "--fail-on", "never")...); code != 0 {
			t.Errorf("%s --fail-on never: exit %d\n%s\n%s", h.ID, code, stdout, stderr)
		}
		// A broken file stops the commit with its place.
		code, _, stderr = run(t, root, bin, args("testdata/broken/trailing-comma.json")...)
		if code != 2 || !strings.Contains(stderr, "testdata/broken/trailing-comma.json:") {
			t.Errorf("%s on a broken file: exit %d\n%s", h.ID, code, stderr)
		}
		// No args: the config file in the repository names the tools.
		dir := t.TempDir()
		abs := filepath.Join(root, "testdata", "refund-order", "v1")
		cfg := fmt.Sprintf(`{"schemas": [%q], "failOn": "never"}`, filepath.ToSlash(abs))
		if err := os.WriteFile(filepath.Join(dir, "schemaport.config.json"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr = run(t, dir, bin, args()...)
		if code != 0 || !strings.Contains(stdout, "search-orders.json:") {
			t.Errorf("%s with the config file: exit %d\n%s\n%s", h.ID, code, stdout, stderr)
		}
		// No args and no config: a clear usage error, not a silent pass.
		code, _, stderr = run(t, t.TempDir(), bin, args()...)
		if code != 2 || !strings.Contains(stderr, "schemas") {
			t.Errorf("%s without paths: exit %d\n%s", h.ID, code, stderr)
		}
	}
}

// The compile hook, run as pre-commit runs it, on the bundled example
// compiled by the same binary: up to date passes, a hand edit to a
// compiled file or a tool edit without recompiling stops the commit.
func TestPreCommitCompileHookRunsOnTheExamples(t *testing.T) {
	var h *hook
	for _, x := range loadHooks(t) {
		if x.ID == "schemaport-compile-check" {
			h = &x
		}
	}
	if h == nil {
		t.Skip("no schemaport-compile-check hook (compile --check is not in this build)")
	}
	bin, entryArgs := hookBinary(t, *h)
	dir := t.TempDir()
	tools := filepath.Join(dir, "tools")
	if err := os.MkdirAll(tools, 0o755); err != nil {
		t.Fatal(err)
	}
	src := readFile(t, "testdata/refund-order/v2/refund-order.json")
	if err := os.WriteFile(filepath.Join(tools, "refund-order.json"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	hookArgs := append(slices.Clone(entryArgs), "tools", "--out", "generated", "--allow-lossy")
	if code, stdout, stderr := run(t, dir, bin, "compile", "tools", "--out", "generated", "--allow-lossy"); code != 0 {
		t.Fatalf("compile: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if code, stdout, stderr := run(t, dir, bin, hookArgs...); code != 0 {
		t.Errorf("%s right after compile: exit %d\n%s\n%s", h.ID, code, stdout, stderr)
	}
	compiled, _ := filepath.Glob(filepath.Join(dir, "generated", "*", "*.json"))
	if len(compiled) == 0 {
		t.Fatal("compile wrote no provider file")
	}
	if err := os.WriteFile(compiled[0], []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := run(t, dir, bin, hookArgs...); code != 1 {
		t.Errorf("%s after a hand edit of %s: exit %d\n%s\n%s", h.ID, compiled[0], code, stdout, stderr)
	}
}

// --- the README's install lines ------------------------------------------------

const modulePath = "github.com/schemaport/schemaport-action"

// Every `go install` and `go build -o` line of the README works as written
// in a clone (a module path@version is installed from the clone's own
// copy of that package: the test has no network) and gives a binary
// named schemaport-action.
func TestREADMEInstallLinesWork(t *testing.T) {
	readme := readFile(t, "README.md")
	lines := regexp.MustCompile(`(?m)^go (install|build -o) .*$`).FindAllString(readme, -1)
	if len(lines) == 0 {
		t.Fatal("the README has no install line")
	}
	root := repoRoot(t)
	for _, line := range lines {
		code := strings.TrimSpace(strings.SplitN(line, "#", 2)[0])
		f := strings.Fields(code)
		out := t.TempDir()
		var cmd *exec.Cmd
		switch {
		case f[1] == "install" && len(f) == 3:
			pkg, ver, ok := strings.Cut(f[2], "@")
			rel, inModule := strings.CutPrefix(pkg, modulePath+"/")
			if !ok || ver != "latest" || !inModule || !isMainPackage(t, rel) {
				t.Errorf("%q: not modulePath/<main package>@latest", line)
				continue
			}
			cmd = exec.Command("go", "install", "./"+rel)
			cmd.Env = append(os.Environ(), "GOBIN="+out, "CGO_ENABLED=0")
		case f[1] == "build" && len(f) == 5 && f[2] == "-o":
			if !isMainPackage(t, f[4]) {
				t.Errorf("%q builds %s, not a main package", line, f[4])
				continue
			}
			cmd = exec.Command("go", "build", "-o", filepath.Join(out, f[3]), f[4])
		default:
			t.Errorf("README install line %q has an unexpected shape", line)
			continue
		}
		cmd.Dir = root
		if log, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%q: %v\n%s", line, err, log)
			continue
		}
		entries, _ := os.ReadDir(out)
		if len(entries) != 1 || entries[0].Name() != exe("schemaport-action") {
			t.Errorf("%q made %v, want one binary named schemaport-action", line, entries)
			continue
		}
		if code, stdout, _ := run(t, out, filepath.Join(out, entries[0].Name()), "version"); code != 0 || !strings.HasPrefix(stdout, "schemaport-action ") {
			t.Errorf("%q: the binary's version: exit %d %q", line, code, stdout)
		}
	}
}

// Every `go run ./cmd/...` and `./cmd/...` package the README names is a
// main package of this module (a renamed command leaves no stale line).
func TestREADMENamesRealCommands(t *testing.T) {
	readme := readFile(t, "README.md")
	pkgs := regexp.MustCompile(`\./cmd/[\w.-]+`).FindAllString(readme, -1)
	if len(pkgs) == 0 {
		t.Fatal("the README names no command package")
	}
	for _, p := range pkgs {
		if !isMainPackage(t, p) {
			t.Errorf("the README names %s, which is not a main package (%v)", p, mainPackages(t))
		}
	}
}

// The README's pre-commit snippet names hooks that exist, and its image pin
// uses the tag form the release pushes (metadata-action's semver tags have
// no leading v).
func TestREADMENamesRealHooksAndImageTags(t *testing.T) {
	readme := readFile(t, "README.md")
	ids := map[string]bool{}
	for _, h := range loadHooks(t) {
		ids[h.ID] = true
	}
	block := regexp.MustCompile("(?s)```yaml\n# \\.pre-commit-config\\.yaml\n(.*?)```").FindStringSubmatch(readme)
	if block == nil {
		t.Fatal("the README has no .pre-commit-config.yaml example")
	}
	uses := regexp.MustCompile(`(?m)^\s+- id: (\S+)$`).FindAllStringSubmatch(block[1], -1)
	if len(uses) == 0 {
		t.Error("the README shows no pre-commit hook")
	}
	for _, m := range uses {
		if !ids[m[1]] {
			t.Errorf("the README uses hook %s, which .pre-commit-hooks.yaml lacks", m[1])
		}
	}
	pins := regexp.MustCompile(`docker://ghcr\.io/schemaport/schemaport-action:([^@\s]+)@sha256:`).FindAllStringSubmatch(readme, -1)
	if len(pins) == 0 {
		t.Error("the README does not show how to pin the prebuilt image")
	}
	for _, m := range pins {
		if !regexp.MustCompile(`^\d+\.\d+\.\d+$`).MatchString(m[1]) {
			t.Errorf("the README pins tag %s; the release pushes tags like 1.2.3", m[1])
		}
	}
}

// The README documents every input of action.yml in its inputs table, and
// names the comment's marker as the action writes it.
func TestREADMEDocumentsEveryInput(t *testing.T) {
	var meta struct {
		Inputs map[string]struct {
			Description string `yaml:"description"`
			Default     string `yaml:"default"`
		} `yaml:"inputs"`
	}
	if err := yaml.Unmarshal([]byte(readFile(t, "action.yml")), &meta); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	readme := readFile(t, "README.md")
	if len(meta.Inputs) == 0 {
		t.Fatal("action.yml declares no inputs")
	}
	for name, in := range meta.Inputs {
		if in.Description == "" {
			t.Errorf("input %s has no description", name)
		}
		if !strings.Contains(readme, "\n| `"+name+"` | ") {
			t.Errorf("the README's inputs table lacks %s", name)
		}
	}
	if !strings.Contains(readme, "`"+prcomment.Marker+"`") {
		t.Errorf("the README does not name the comment's marker %s", prcomment.Marker)
	}
}
