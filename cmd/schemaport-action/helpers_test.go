package main

import (
	"testing"

	"github.com/schemaport/schemaport-action/internal/actionrun"
	"github.com/schemaport/schemaport-action/internal/testfiles"
)

var (
	localEnv   = testfiles.LocalEnv
	refundDirs = testfiles.RefundDirs
)

// runIn runs `run` with args in dir, as the binary would.
func runIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	return testfiles.RunIn(t, dir, actionrun.Run, args...)
}
