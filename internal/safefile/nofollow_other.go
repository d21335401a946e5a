//go:build !unix

package safefile

// Without O_NOFOLLOW, Append relies on its Lstat check alone.
const noFollow = 0

func isLinkRefusal(error) bool { return false }
