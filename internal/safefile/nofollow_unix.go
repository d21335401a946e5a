//go:build unix

package safefile

import (
	"errors"
	"syscall"
)

// noFollow makes open fail on a link (ELOOP; EMLINK on some BSDs), and
// O_NONBLOCK keeps a named pipe planted in the file's place from blocking
// the open (the regular-file check then refuses it).
const noFollow = syscall.O_NOFOLLOW | syscall.O_NONBLOCK

func isLinkRefusal(err error) bool {
	return errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EMLINK)
}
