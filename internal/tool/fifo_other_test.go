//go:build !unix

package tool

import "testing"

// makeFIFO: no named pipes in the file system here (Windows).
func makeFIFO(t *testing.T, path string) bool { return false }
