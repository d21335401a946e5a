//go:build !unix

package tool

import "time"

// cpuTime is unknown here: cpu-ms/op reads 0.
func cpuTime() time.Duration { return 0 }
