package tool

import (
	"bytes"
	"sync"
)

// Cache lets a load share the tools of the files an earlier load (with
// the same cache) read cleanly. The base and the head of a pull request
// are mostly the same files, byte for byte; parsing each twice doubles
// the time and the memory of the part of a run that loads. A file is
// shared when its display path, its forced format and its bytes are all
// the same, so that its tools, their sources and their positions are
// exactly what parsing it again would give; they are then the same *Tool
// values in both results, and callers treat them as read-only (every
// caller does). A file with any load problem is never shared: it is
// loaded again, to report its problems in its own load.
type Cache struct {
	mu    sync.Mutex
	files map[string]cachedFile
	// skip is Options.Skip: a file it names is found with no tools, and
	// nothing is stored.
	skip func(display string, format Format, data []byte) bool
}

type cachedFile struct {
	format Format
	data   []byte
	tools  []*Tool
}

// NewCache makes an empty cache.
func NewCache() *Cache { return &Cache{files: map[string]cachedFile{}} }

// lookup returns the tools of a file read cleanly before with these bytes.
func (c *Cache) lookup(job fileJob, data []byte) ([]*Tool, bool) {
	if c == nil {
		return nil, false
	}
	if c.skip != nil {
		return nil, c.skip(job.display, job.format, data)
	}
	c.mu.Lock()
	f, ok := c.files[job.display]
	c.mu.Unlock()
	if !ok || f.format != job.format || !bytes.Equal(f.data, data) {
		return nil, false
	}
	return f.tools, true
}

// store remembers a file that loaded without a problem.
func (c *Cache) store(job fileJob, data []byte, r fileResult) {
	if c == nil || c.skip != nil || len(r.errs) > 0 || len(r.tools) == 0 {
		return
	}
	c.mu.Lock()
	if _, seen := c.files[job.display]; !seen {
		c.files[job.display] = cachedFile{format: job.format, data: data, tools: r.tools}
	}
	c.mu.Unlock()
}
