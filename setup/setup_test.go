package setup

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

const version = "v1.4.2"

var platforms = []struct {
	runnerOS, runnerArch string // as the runner names them
	goos, goarch         string // as the release assets do
}{
	{"Linux", "X64", "linux", "amd64"},
	{"Linux", "ARM64", "linux", "arm64"},
	{"macOS", "X64", "darwin", "amd64"},
	{"macOS", "ARM64", "darwin", "arm64"},
	{"Windows", "X64", "windows", "amd64"},
	{"Windows", "ARM64", "windows", "arm64"},
}

func assetName(goos, goarch string) string {
	name := "schemaport-action_" + version + "_" + goos + "_" + goarch
	if goos == "windows" {
		name += ".exe"
	}
	return name
}

// release is a release directory as .ci/release-binaries writes it: one
// distinct "binary" per platform and the checksum file; corrupt names an
// asset whose listed checksum is wrong.
func release(t *testing.T, corrupt string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), version)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var sums strings.Builder
	for _, p := range platforms {
		name := assetName(p.goos, p.goarch)
		body := []byte("binary for " + p.goos + "/" + p.goarch + "\n")
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(body)
		if name == corrupt {
			sum = sha256.Sum256([]byte("something else"))
		}
		sums.WriteString(hex.EncodeToString(sum[:]) + "  " + name + "\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "schemaport-action_"+version+"_checksums.txt"), []byte(sums.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(dir)
}

// server serves root and records the paths asked for.
func server(t *testing.T, root string) (*httptest.Server, func() []string) {
	var mu sync.Mutex
	var asked []string
	files := http.FileServer(http.Dir(root))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.Path)
		mu.Unlock()
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(asked)
	}
}

type result struct {
	err           error
	out           string
	temp          string
	path, outputs string // GITHUB_PATH and GITHUB_OUTPUT contents
}

// install runs install.sh the way the composite step does.
func install(t *testing.T, url, runnerOS, runnerArch, ver string) result {
	t.Helper()
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("install.sh needs curl")
	}
	temp := t.TempDir()
	ghPath, ghOut := filepath.Join(temp, "path.txt"), filepath.Join(temp, "output.txt")
	cmd := exec.Command("bash", "install.sh")
	cmd.Env = append(os.Environ(),
		"SCHEMAPORT_VERSION="+ver, "SCHEMAPORT_DOWNLOAD_URL="+url,
		"RUNNER_OS="+runnerOS, "RUNNER_ARCH="+runnerArch, "RUNNER_TEMP="+temp,
		"GITHUB_PATH="+ghPath, "GITHUB_OUTPUT="+ghOut)
	out, err := cmd.CombinedOutput()
	p, _ := os.ReadFile(ghPath)
	o, _ := os.ReadFile(ghOut)
	return result{err: err, out: string(out), temp: temp, path: string(p), outputs: string(o)}
}

// Every platform gets its own binary, verified and on PATH.
func TestInstallsEachPlatform(t *testing.T) {
	srv, asked := server(t, release(t, ""))
	for _, p := range platforms {
		r := install(t, srv.URL, p.runnerOS, p.runnerArch, version)
		if r.err != nil {
			t.Fatalf("%s/%s: %v\n%s", p.runnerOS, p.runnerArch, r.err, r.out)
		}
		exe := "schemaport-action"
		if p.goos == "windows" {
			exe += ".exe"
		}
		bin := filepath.Join(r.temp, "schemaport-action-"+version, "bin")
		body, err := os.ReadFile(filepath.Join(bin, exe))
		if err != nil || string(body) != "binary for "+p.goos+"/"+p.goarch+"\n" {
			t.Errorf("%s/%s: installed %q, %v", p.runnerOS, p.runnerArch, body, err)
		}
		if r.path != bin+"\n" {
			t.Errorf("%s/%s: GITHUB_PATH = %q, want %q", p.runnerOS, p.runnerArch, r.path, bin)
		}
		if want := "path=" + bin + "/" + exe + "\nversion=" + version + "\n"; r.outputs != want {
			t.Errorf("%s/%s: outputs %q, want %q", p.runnerOS, p.runnerArch, r.outputs, want)
		}
		got := asked()
		if last := got[len(got)-2:]; last[0] != "/"+version+"/schemaport-action_"+version+"_checksums.txt" || last[1] != "/"+version+"/"+assetName(p.goos, p.goarch) {
			t.Errorf("%s/%s: downloaded %v", p.runnerOS, p.runnerArch, last)
		}
	}
}

// A binary whose checksum differs from the checksum file's is refused:
// nothing installed, nothing on PATH.
func TestRefusesBadChecksum(t *testing.T) {
	srv, _ := server(t, release(t, assetName("darwin", "arm64")))
	r := install(t, srv.URL, "macOS", "ARM64", version)
	if r.err == nil {
		t.Fatalf("installed a binary with a bad checksum:\n%s", r.out)
	}
	if !strings.Contains(r.out, "::error title=schemaport setup::Checksum mismatch for schemaport-action_v1.4.2_darwin_arm64: schemaport-action_v1.4.2_checksums.txt lists ") ||
		!strings.Contains(r.out, "Refusing to install it.") {
		t.Errorf("message:\n%s", r.out)
	}
	if r.path != "" || r.outputs != "" {
		t.Errorf("GITHUB_PATH %q, outputs %q after a refusal", r.path, r.outputs)
	}
	if _, err := os.Stat(filepath.Join(r.temp, "schemaport-action-"+version)); !os.IsNotExist(err) {
		t.Errorf("the download was left behind: %v", err)
	}
	// Another platform of the same release still installs.
	if r := install(t, srv.URL, "Linux", "X64", version); r.err != nil {
		t.Errorf("linux/amd64: %v\n%s", r.err, r.out)
	}
}

func TestRefusals(t *testing.T) {
	root := release(t, "")
	// A checksum file that does not list the asset.
	sums := filepath.Join(root, version, "schemaport-action_"+version+"_checksums.txt")
	data, _ := os.ReadFile(sums)
	var kept []string
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if !strings.Contains(line, "_windows_arm64") {
			kept = append(kept, line)
		}
	}
	os.WriteFile(sums, []byte(strings.Join(kept, "")), 0o644)
	srv, _ := server(t, root)
	cases := []struct {
		os, arch, version, want string
	}{
		{"Windows", "ARM64", version, "does not list schemaport-action_v1.4.2_windows_arm64.exe exactly once"},
		{"Linux", "X86", version, "No schemaport-action binary for this runner's architecture"},
		{"FreeBSD", "X64", version, "No schemaport-action binary for this runner's OS"},
		{"Linux", "X64", "", "No version to install"},
		{"Linux", "X64", "v1.4.2\n::warning::x", "The version must be a release tag like v1.2.3."},
		{"Linux", "X64", "v9.9.9", "Could not download schemaport-action_v9.9.9_checksums.txt of v9.9.9."},
	}
	for _, c := range cases {
		r := install(t, srv.URL, c.os, c.arch, c.version)
		if r.err == nil || !strings.Contains(r.out, c.want) || r.path != "" {
			t.Errorf("%s/%s %q: err %v, GITHUB_PATH %q, output:\n%s", c.os, c.arch, c.version, r.err, r.path, r.out)
		}
	}
}
