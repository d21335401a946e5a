package release

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

const (
	testImage   = "ghcr.io/schemaport/schemaport-action"
	testVersion = "v1.4.2"
	testDigest  = "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
)

func read(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The fixture in, the exact pinned file out.
func TestPinActionFixture(t *testing.T) {
	ref, err := ImageRef(testImage, testVersion, testDigest)
	if err != nil {
		t.Fatal(err)
	}
	got, err := PinAction(read(t, filepath.Join("testdata", "action.yml")), ref)
	if err != nil {
		t.Fatal(err)
	}
	if want := read(t, filepath.Join("testdata", "action.pinned.yml")); string(got) != string(want) {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// Pinning twice is refused: a release commit is made from main's file.
	if _, err := PinAction(got, ref); err == nil || !strings.Contains(err.Error(), "line 13: runs.image is docker://") {
		t.Errorf("second pin: %v", err)
	}
}

// The repository's own action.yml: one line changes, and its inputs,
// outputs and everything else parse the same.
func TestPinRepositoryAction(t *testing.T) {
	orig := read(t, filepath.Join("..", "..", "action.yml"))
	ref, _ := ImageRef(testImage, testVersion, testDigest)
	got, err := PinAction(orig, ref)
	if err != nil {
		t.Fatal(err)
	}
	sameExcept(t, orig, got, "  image: "+ref)
	var a, b map[string]any
	if err := yaml.Unmarshal(orig, &a); err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(got, &b); err != nil {
		t.Fatal(err)
	}
	runs := b["runs"].(map[string]any)
	if runs["image"] != ref || runs["using"] != "docker" {
		t.Errorf("runs = %v", runs)
	}
	delete(a, "runs")
	delete(b, "runs")
	if ya, yb := dump(t, a), dump(t, b); ya != yb {
		t.Errorf("more than runs.image changed")
	}
}

// sameExcept checks that got is orig with exactly one line replaced by line.
func sameExcept(t *testing.T, orig, got []byte, line string) {
	t.Helper()
	ol, gl := strings.Split(string(orig), "\n"), strings.Split(string(got), "\n")
	if len(ol) != len(gl) {
		t.Fatalf("line count %d -> %d", len(ol), len(gl))
	}
	changed := 0
	for i := range ol {
		if ol[i] != gl[i] {
			changed++
			if gl[i] != line {
				t.Errorf("line %d: %q, want %q", i+1, gl[i], line)
			}
		}
	}
	if changed != 1 {
		t.Errorf("%d lines changed, want 1", changed)
	}
}

func dump(t *testing.T, v any) string {
	t.Helper()
	out, err := yaml.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestRefusals(t *testing.T) {
	cases := []struct {
		image, version, digest, want string
	}{
		{"GHCR.io/x/y", testVersion, testDigest, "not a lower-case registry path"},
		{testImage, "1.4.2", testDigest, "not a release tag"},
		{testImage, "v1.4", testDigest, "not a release tag"},
		{testImage, testVersion, "sha256:abc", "not sha256:"},
		{testImage, testVersion, strings.ToUpper(testDigest), "not sha256:"},
	}
	for _, c := range cases {
		if _, err := ImageRef(c.image, c.version, c.digest); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ImageRef(%q, %q, %q) = %v, want %q", c.image, c.version, c.digest, err, c.want)
		}
	}
	if _, err := PinAction([]byte("runs:\n  using: composite\n"), "docker://x"); err == nil || !strings.Contains(err.Error(), "no `image: Dockerfile` under `runs:`") {
		t.Errorf("no image: %v", err)
	}
	if m, err := MajorTag("v12.0.3"); err != nil || m != "v12" {
		t.Errorf("MajorTag = %q, %v", m, err)
	}
}

// setup/action.yml: only the version input's default changes.
func TestPinRepositorySetup(t *testing.T) {
	orig := read(t, filepath.Join("..", "..", "setup", "action.yml"))
	got, err := PinSetup(orig, testVersion)
	if err != nil {
		t.Fatal(err)
	}
	sameExcept(t, orig, got, "    default: "+testVersion)
	var b struct {
		Inputs map[string]struct{ Default string }
	}
	if err := yaml.Unmarshal(got, &b); err != nil {
		t.Fatal(err)
	}
	if b.Inputs["version"].Default != testVersion {
		t.Errorf("inputs = %+v", b.Inputs)
	}
}
