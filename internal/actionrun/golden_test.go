package actionrun

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/testfiles"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// What users see of a run, pinned on the bundled refund-order example
// (v1 as the base, v2 as the head; the base has findings of its own, so
// only-new tells existing from new): the log with its annotations and
// verdict, the job summary, and the same with the approval label.
// Changing a message, a level or a layout fails here; review the diff
// and rewrite with `go test ./internal/actionrun -run TestRunGolden
// -update`.
func TestRunGolden(t *testing.T) {
	localEnv(t)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"refund-order", nil},
		{"refund-order-only-new", []string{"--only-new"}},
		{"refund-order-approved", []string{"--label", "breaking-change-approved"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := refundDirs(t)
			args := append([]string{"--path", "v2", "--base-path", "v1", "--annotations", "--summary-file", "summary.md"}, c.args...)
			_, log, stderr := runIn(t, dir, args...)
			summary, err := os.ReadFile(filepath.Join(dir, "summary.md"))
			if err != nil {
				t.Fatal(err)
			}
			golden(t, c.name+".log", log+stderr)
			golden(t, c.name+".md", string(summary))
		})
	}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	// Absolute: the run changed into its temp directory.
	testfiles.Golden(t, filepath.Join(testfiles.Root(), "internal", "actionrun", "testdata", name), got, *update)
}
