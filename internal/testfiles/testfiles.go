// Package testfiles holds the helpers the end-to-end tests of several
// packages share: a clean local environment, files written into temp
// trees, the repository's testdata, and where two outputs part.
package testfiles

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// LocalEnv clears the runner's variables from the test's environment, so
// the action behaves as on a developer's machine whatever runs the tests.
func LocalEnv(t testing.TB) {
	t.Helper()
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "GITHUB_") || strings.HasPrefix(name, "INPUT_") || strings.HasPrefix(name, "RUNNER_") {
			t.Setenv(name, "")
			os.Unsetenv(name)
		}
	}
}

// Write writes text to path, making its directories.
func Write(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Root is the repository's root directory.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// Testdata reads a file under the repository's testdata/ (rel with '/').
func Testdata(t testing.TB, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Root(), "testdata", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// FirstDifference is the offset of the first byte where a and b differ.
func FirstDifference(a, b string) int {
	for i := 0; i < min(len(a), len(b)); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// RunIn runs a command's entry point with args in dir, as the binary
// would, and returns its exit status and output.
func RunIn(t testing.TB, dir string, run func(args []string, stdout, stderr io.Writer) int, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// RefundDirs copies the refund-order example's v1 and v2 into a temp dir.
func RefundDirs(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	for _, v := range []string{"v1", "v2"} {
		for _, f := range []string{"refund-order.json", "search-orders.json"} {
			Write(t, filepath.Join(dir, v, f), Testdata(t, "refund-order/"+v+"/"+f))
		}
	}
	return dir
}

// Golden compares got with the golden file at path, or (update) writes it.
func Golden(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (rewrite the golden files with -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from its golden file (%d bytes, want %d) from byte %d; review, then rewrite with -update",
			filepath.Base(path), len(got), len(want), FirstDifference(got, string(want)))
	}
}
