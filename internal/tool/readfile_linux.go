//go:build linux

package tool

import (
	"io"
	"io/fs"
	"syscall"
	"time"
)

// openRead opens path for reading with the system calls alone. os.Open
// also queries the descriptor's flags and tries to register it with the
// network poller (which refuses regular files): per file, five more
// system calls than the four a read needs (open, fstat, read, close),
// and on a virtual machine each costs microseconds.
//
// Linux only: the file's version comes from Stat_t.Mtim, which macOS,
// FreeBSD and NetBSD call Mtimespec; elsewhere os.Open (readfile_other.go)
// does the same job with its extra calls.
func openRead(path string) (readable, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return rawFile{fd: fd, path: path}, nil
	}
}

// rawFile is an open file descriptor, read with plain system calls.
type rawFile struct {
	fd   int
	path string
}

func (f rawFile) size() (int64, stamp) {
	var st syscall.Stat_t
	for {
		err := syscall.Fstat(f.fd, &st)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return 0, stamp{} // unknown: read to the end
		}
		// os.Stat's ModTime is time.Unix of the same two fields.
		version := stamp{size: st.Size, modTime: time.Unix(st.Mtim.Unix()).UnixNano(), ok: true}
		if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
			return 0, version
		}
		return st.Size, version
	}
}

func (f rawFile) Read(b []byte) (int, error) {
	for {
		n, err := syscall.Read(f.fd, b)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return 0, &fs.PathError{Op: "read", Path: f.path, Err: err}
		}
		if n == 0 && len(b) > 0 {
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f rawFile) Close() error { return syscall.Close(f.fd) }
