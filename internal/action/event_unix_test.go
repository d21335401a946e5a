//go:build unix

package action

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// GITHUB_EVENT_PATH naming a pipe or a device is an error, not a read that
// never ends (a FIFO without a writer blocks; /dev/zero has no end).
func TestLoadEventRefusesWhatIsNotAFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "event.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := LoadEvent(envOf(map[string]string{"GITHUB_EVENT_NAME": "push", "GITHUB_EVENT_PATH": fifo}))
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "event.json: it is not a regular file") {
			t.Fatalf("err = %v", err)
		}
	case <-time.After(30 * time.Second):
		// Release the reader blocked on the pipe before failing.
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Fatal("reading the event payload from a pipe does not end")
	}
}
