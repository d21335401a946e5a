//go:build unix

// Package cputime reads the CPU time the process has used, for the
// benchmarks' cpu-ms/op: on a shared machine it measures the work where
// wall time measures the queue.
package cputime

import (
	"syscall"
	"time"
)

// Process is the user and system CPU the process has used so far.
func Process() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
