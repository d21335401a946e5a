//go:build !unix

package tool

import "os"

// openRead opens path for reading.
func openRead(path string) (readable, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}
