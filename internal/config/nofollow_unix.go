//go:build unix

package config

import "syscall"

// noFollow refuses a link in the file's place at open time.
const noFollow = syscall.O_NOFOLLOW
