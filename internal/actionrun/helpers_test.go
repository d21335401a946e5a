package actionrun

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/testfiles"
)

var (
	localEnv         = testfiles.LocalEnv
	writeE2EFile     = testfiles.Write
	readTestdata     = testfiles.Testdata
	firstDifference  = testfiles.FirstDifference
	positionFixtures = testfiles.PositionFixtures
)

// runIn runs `run` with args in dir, as the binary would.
func runIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	code := Run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func refundDirs(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, v := range []string{"v1", "v2"} {
		for _, f := range []string{"refund-order.json", "search-orders.json"} {
			writeE2EFile(t, filepath.Join(dir, v, f), readTestdata(t, "refund-order/"+v+"/"+f))
		}
	}
	return dir
}
