//go:build unix

package tool

import (
	"syscall"
	"testing"
)

// makeFIFO makes a named pipe at path (a path that is neither a regular
// file nor a directory); false where the system has none.
func makeFIFO(t *testing.T, path string) bool {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	return true
}
