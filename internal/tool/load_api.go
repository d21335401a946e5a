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
}

// Result is everything one load produced. Tools are sorted by name (UTF-16
// code-unit order); Errors are in report order. A caller must not use Tools
// when Errors is non-empty: nothing is checked on a partially valid set.
type Result struct {
	Tools  []*Tool
	Errors []LoadError
}
