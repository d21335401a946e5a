//go:build !unix

package gitbase

// MatchOwner does nothing where container actions cannot run (they are
// Linux-only); see owner_unix.go.
func MatchOwner(path, ref string) {}

func matchOwnerTree(dir string) {}
