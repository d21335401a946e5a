package tool

// LoadError is one problem found while loading. SourcePath is the display
// path of the file (or of the input path for path-level problems); Path is
// the schema path inside the file ("[1].inputSchema.type"), empty when the
// problem is not about one value. Span is where in the file the problem is;
// it is zero only for problems that are not inside a file's content
// (a missing path, an empty directory).
type LoadError struct {
	SourcePath string
	Path       string
	Message    string
	Span
}

// Options configure a load.
type Options struct {
	// Cwd is the directory display paths are relative to; "" means the
	// process working directory.
	Cwd string
	// Root, when set, is the directory that a path named inside it must
	// also resolve inside (links followed): the repository, so that a
	// committed link such as `tools -> /` is an error rather than a walk of
	// the machine. A path named outside it is loaded as given.
	Root string
	// MaxFileSize is the largest file loaded, in bytes; 0 means
	// DefaultMaxFileSize. A larger file is a load error, found before it
	// is read.
	MaxFileSize int64
	// Formats force the format of files whose shape is ambiguous (the
	// `formats` config key); other files are detected by shape.
	Formats []FormatRule
	// Cache, when set, shares the tools of files an earlier load with the
	// same cache read cleanly, instead of parsing them again (see Cache).
	Cache *Cache
	// Skip, when set, is asked about each file once it is read: true
	// leaves the file out of the load, unparsed, as if it held no tools
	// (a caller that has its tools from another load: the head's, for a
	// base file the two have byte for byte). A file that cannot be read
	// is never asked about. Skip is called concurrently. It replaces
	// Cache.
	Skip func(display string, format Format, data []byte) bool
}

// DefaultMaxFileSize is the default file size limit: 64 MiB, more than
// a thousand times the largest real tool file we know of (the tool sets
// of public MCP servers are tens of kilobytes), while the memory a file
// costs (its text, the tree, the findings) stays well under a runner's 7 GB.
const DefaultMaxFileSize = 64 << 20

// Notice is something the loader left out on purpose and says so: a
// symbolic link met inside a walked directory.
type Notice struct {
	SourcePath string
	Message    string
}

// Result is everything one load produced. Tools are sorted by name (UTF-16
// code-unit order); Errors are in report order. Tools holds every tool that
// loaded even when Errors is not empty, so that one broken file does not
// hide the others; a caller that diffs leaves out the tools of the files
// named in Errors on both sides.
type Result struct {
	Tools   []*Tool
	Errors  []LoadError
	Notices []Notice
}
