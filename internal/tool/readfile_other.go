//go:build !linux

package tool

import "os"

// openRead opens path for reading (the raw system-call reader is Linux's:
// readfile_linux.go).
func openRead(path string) (readable, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}
