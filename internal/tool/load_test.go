package tool

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool/casefiles"
)

const okTool = `{"name":"%s","inputSchema":{"type":"object","properties":{}}}`

func okFile(name string) string { return fmt.Sprintf(okTool, name) }

func toolNames(r *Result) []string {
	var out []string
	for _, t := range r.Tools {
		out = append(out, t.Name)
	}
	return out
}

// errLines renders errors as "file | path | message" for comparison.
func errLines(r *Result) []string {
	var out []string
	for _, e := range r.Errors {
		out = append(out, e.SourcePath+" | "+e.Path+" | "+e.Message)
	}
	return out
}

func TestPathProblems(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{
		"empty/README.md":   "not a tool",
		"only-empty/a.json": "[]",
		"file.json":         okFile("a"),
	}, map[string]string{"broken-link": "nowhere"})
	if err := os.Mkdir(filepath.Join(dir, "bare"), 0o755); err != nil {
		t.Fatal(err)
	}
	paths := []string{"missing", "empty", "only-empty", "broken-link", "fifo", "bare", "file.json/x"}
	want := []string{
		"missing |  | Path does not exist.",
		"empty |  | Directory contains no .json tool definitions.",
		"broken-link |  | Path does not exist: it is a symbolic link whose target is missing.",
		"fifo |  | Path is not a regular file or a directory.",
		"bare |  | Directory contains no .json tool definitions.",
		"file.json/x |  | Path does not exist.",
	}
	if !makeFIFO(t, filepath.Join(dir, "fifo")) { // no named pipes here (Windows)
		paths = slices.DeleteFunc(paths, func(p string) bool { return p == "fifo" })
		want = slices.DeleteFunc(want, func(l string) bool { return strings.HasPrefix(l, "fifo |") })
	}
	res := Load(paths, Options{Cwd: dir})
	if got := errLines(res); !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, e := range res.Errors {
		if !e.Span.IsZero() {
			t.Errorf("path-level error has a span: %+v", e)
		}
	}
	if len(res.Tools) != 0 {
		t.Errorf("tools: %v", toolNames(res))
	}
}

// withFS swaps the file-system hooks for one test.
func withFS(t *testing.T, stat func(string) (fs.FileInfo, error), open func(string) (*os.File, error)) {
	t.Helper()
	oldStat, oldOpen, oldOpenFile := osStat, osOpen, openFile
	if stat != nil {
		osStat = stat
	}
	if open != nil {
		osOpen = open
		openFile = func(p string) (readable, error) {
			f, err := open(p)
			if err != nil {
				return nil, err
			}
			return osFile{f}, nil
		}
	}
	t.Cleanup(func() { osStat, osOpen, openFile = oldStat, oldOpen, oldOpenFile })
}

func denied(op, path string) error {
	return &fs.PathError{Op: op, Path: path, Err: syscall.EACCES}
}

func TestUnreadablePathsAreErrorsNotCrashes(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{
		"tools/a.json":        okFile("a"),
		"tools/locked/b.json": okFile("b"),
		"tools/secret.json":   okFile("s"),
		"tools/z.json":        okFile("z"),
		"private/c.json":      okFile("c"),
		"gone/d.json":         okFile("d"),
	}, nil)
	withFS(t,
		func(p string) (fs.FileInfo, error) {
			if filepath.Base(p) == "private" {
				return nil, denied("stat", p)
			}
			return os.Stat(p)
		},
		func(p string) (*os.File, error) {
			switch filepath.Base(p) {
			case "locked", "secret.json", "gone":
				return nil, denied("open", p)
			}
			return os.Open(p)
		})
	res := Load([]string{"tools", "private", "gone"}, Options{Cwd: dir})
	want := []string{
		"tools/locked |  | Directory cannot be read: permission denied.",
		"tools/secret.json |  | Could not read file: permission denied.",
		"private |  | Path cannot be read: permission denied.",
		"gone |  | Directory cannot be read: permission denied.",
	}
	if got := errLines(res); !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if res.Errors[1].Line != 1 || res.Errors[1].Column != 1 {
		t.Errorf("file read error should point at 1:1: %+v", res.Errors[1])
	}
	if got := toolNames(res); !reflect.DeepEqual(got, []string{"a", "z"}) {
		t.Errorf("siblings of the unreadable entries must still load: %v", got)
	}
}

func TestUnreadableDirectoryWithRealPermissions(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("permissions do not apply to root; TestUnreadablePathsAreErrorsNotCrashes covers this")
	}
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{"tools/a.json": okFile("a"), "tools/locked/b.json": okFile("b")}, nil)
	locked := filepath.Join(dir, "tools", "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	res := Load([]string{"tools"}, Options{Cwd: dir})
	if got := errLines(res); len(got) != 1 || !strings.HasPrefix(got[0], "tools/locked |  | Directory cannot be read: ") {
		t.Fatalf("got %q", got)
	}
}

func TestWalkOrderAndFilters(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{
		"tools/b.json":              okFile("b_tool"),
		"tools/A.json":              okFile("a_upper"),
		"tools/_x.json":             okFile("x_under"),
		"tools/sub/dist/skip.json":  "{",
		"tools/sub/coverage/s.json": "{",
		"tools/sub/in.json":         okFile("in_sub"),
		"tools/.hidden/h.json":      "{",
		"tools/.json":               "{",
		"tools/c.JSON":              "{",
		"tools/d.json.bak":          "{",
		"tools/e.jsonc":             "{",
		"tools/dir.json/f.json":     okFile("f_in_dir"),
	}, map[string]string{"tools/link.json": "b.json", "tools/linkdir": "sub"})
	res := Load([]string{"tools"}, Options{Cwd: dir})
	if len(res.Errors) != 0 {
		t.Fatalf("errors: %q", errLines(res))
	}
	var files []string
	for _, tl := range res.Tools {
		files = append(files, tl.File())
	}
	// Tools are sorted by name; their files show what the walk collected.
	want := []string{"tools/A.json", "tools/b.json", "tools/dir.json/f.json", "tools/sub/in.json", "tools/_x.json"}
	if !reflect.DeepEqual(files, want) {
		t.Errorf("files %q, want %q", files, want)
	}
}

func TestSameFileIsReadOnce(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{"tools/a.json": okFile("a"), "tools/sub/b.json": okFile("b")}, nil)
	res := Load([]string{"tools", "tools/a.json", "./tools/sub", "tools/../tools/a.json", filepath.Join(dir, "tools")}, Options{Cwd: dir})
	if len(res.Errors) != 0 {
		t.Fatalf("errors: %q", errLines(res))
	}
	if got := toolNames(res); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("tools %v", got)
	}
}

func TestDuplicateNamesReportedOnceWithBothLocations(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{
		"v1/a.json": "{\n  \"name\": \"refund\",\n  \"inputSchema\": {\"type\": \"object\"}\n}\n",
		"v2/a.json": "[\n  {\"name\": \"other\", \"inputSchema\": {\"type\": \"object\"}},\n  {\"name\": \"refund\", \"inputSchema\": {\"type\": \"object\"}}\n]\n",
		"v2/b.json": okFile("other"),
	}, nil)
	res := Load([]string{"v1", "v2"}, Options{Cwd: dir})
	want := []string{
		"v2/a.json |  | Duplicate tool name `refund`, already defined in v1/a.json:2:11. Tool names must be unique across everything loaded together; rename one.",
		"v2/b.json |  | Duplicate tool name `other`, already defined in v2/a.json:2:12. Tool names must be unique across everything loaded together; rename one.",
	}
	if got := errLines(res); !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The span is the later tool's name value.
	if e := res.Errors[0]; e.Line != 3 || e.Column != 12 || e.EndLine != 3 || e.EndColumn != 20 {
		t.Errorf("span %+v", e.Span)
	}
	if got := toolNames(res); !reflect.DeepEqual(got, []string{"other", "other", "refund", "refund"}) {
		t.Errorf("tools %v", got)
	}
}

func TestErrorOrderIsPerPathThenFileAndMessage(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{
		"z/b.json": `{"name":"b x","inputSchema":{"type":"object","properties":{"t":true}}}`,
		"z/a.json": `{"name":"a","description":1,"inputSchema":{"type":"object"}}`,
		"a/a.json": `{"name":"q"}`,
	}, nil)
	res := Load([]string{"z", "a"}, Options{Cwd: dir})
	want := []string{
		"z/a.json | description | `description` must be a string when present.",
		"z/b.json | inputSchema.properties.t | " + msgBoolSubschema,
		"z/b.json | name | `name` must be at most 128 characters and contain no whitespace.",
		"a/a.json | inputSchema | `inputSchema` is required and must be a JSON Schema object.",
	}
	if got := errLines(res); !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestToolsSortedByUTF16(t *testing.T) {
	dir := t.TempDir()
	// Byte order would put U+FF21 before U+1F600; UTF-16 puts the
	// surrogate pair (0xD83D…) first.
	casefiles.Write(t, dir, map[string]string{"t.json": "[" + strings.Join([]string{okFile("\uFF21"), okFile("😀"), okFile("beta10"), okFile("Zeta"), okFile("_under"), okFile("beta2"), okFile("alpha")}, ",") + "]"}, nil)
	res := Load([]string{"t.json"}, Options{Cwd: dir})
	want := []string{"Zeta", "_under", "alpha", "beta10", "beta2", "😀", "\uFF21"}
	if got := toolNames(res); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestShapesAndBases(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{
		"one.json":     okFile("one"),
		"arr.json":     "[" + okFile("arr0") + "," + okFile("arr1") + "]",
		"wrap.json":    `{"name":"ignored","tools":[` + okFile("w0") + `,{"name":"w 1","inputSchema":{"type":"object"}}]}`,
		"notwrap.json": `{"tools":"x"}`,
		"empty.json":   `{"tools":[]}`,
	}, nil)
	res := Load([]string{"."}, Options{Cwd: dir})
	want := []string{
		"notwrap.json | inputSchema | `inputSchema` is required and must be a JSON Schema object.",
		"notwrap.json | name | `name` is required and must be a non-empty string.",
		"wrap.json | tools[1].name | `name` must be at most 128 characters and contain no whitespace.",
	}
	if got := errLines(res); !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	bases := map[string]string{}
	for _, tl := range res.Tools {
		bases[tl.Name] = tl.Base
	}
	if !reflect.DeepEqual(bases, map[string]string{"one": "", "arr0": "[0]", "arr1": "[1]", "w0": "tools[0]"}) {
		t.Errorf("bases %v", bases)
	}
}

func TestExactJSON(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{
		"bom.json":   "\uFEFF{\"name\":\"bom\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"maximum\":18446744073709551615}},\"z\":1,\"a\":2}}",
		"dup.json":   "{\n  \"name\": \"x\",\n  \"name\": \"y\"\n}",
		"bad.json":   "{\n  \"name\": \"x\",\n}",
		"cmt.json":   "{\n  // no\n}",
		"eof.json":   "",
		"space.json": "\uFEFF \r\n\t",
		"trunc.json": "{\"name\":",
		"tail.json":  "{} {}",
	}, nil)
	res := Load([]string{"."}, Options{Cwd: dir})
	want := []string{
		"bad.json |  | Invalid JSON: trailing comma before '}' (remove the comma) at line 2 column 14",
		"cmt.json |  | Invalid JSON: comments are not allowed in JSON at line 2 column 3",
		"dup.json |  | Invalid JSON: key `name` appears twice (first at line 2 column 3); remove one.",
		"eof.json |  | Invalid JSON: the file is empty (write a tool object, an array of tools, or {\"tools\": [...]}) at line 1 column 1",
		"space.json |  | Invalid JSON: the file is empty (write a tool object, an array of tools, or {\"tools\": [...]}) at line 2 column 2",
		"tail.json |  | Invalid JSON: unexpected content after the top-level value at line 1 column 4",
		"trunc.json |  | Invalid JSON: unexpected end of JSON input at line 1 column 9",
	}
	if got := errLines(res); !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if e := res.Errors[2]; e.Line != 3 || e.Column != 3 || e.EndLine != 3 || e.EndColumn != 9 {
		t.Errorf("duplicate key span %+v, want the second key 3:3-3:9", e.Span)
	}
	if len(res.Tools) != 1 {
		t.Fatalf("BOM file must load: %v", toolNames(res))
	}
	bom := res.Tools[0]
	if got := bom.InputSchema().Get("properties").Get("n").Get("maximum").Text; got != "18446744073709551615" {
		t.Errorf("number %q", got)
	}
	if keys := bom.InputSchema().Keys(); strings.Join(keys, ",") != "type,properties,z,a" {
		t.Errorf("key order %v", keys)
	}
	if sp, _ := bom.Locate("name"); sp.Line != 1 || sp.Column != 2 {
		t.Errorf("BOM must not count as a column: %+v", sp)
	}
}

func TestDisplayPath(t *testing.T) {
	cases := []struct{ cwd, abs, want string }{
		{"/w", "/w/tools/a.json", "tools/a.json"},
		{"/w", "/w", "."},
		{"/w", "/other/a.json", "/other/a.json"},
		{"/w", "/", "/"},
		{"/w", "/w/..foo/a.json", "..foo/a.json"},
		{"/w/sub", "/w/a.json", "/w/a.json"},
	}
	for _, c := range cases {
		if got := DisplayPath(c.cwd, c.abs); got != c.want {
			t.Errorf("DisplayPath(%q, %q) = %q, want %q", c.cwd, c.abs, got, c.want)
		}
	}
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{"w/x": "", "out/a.json": "{"}, nil)
	res := Load([]string{"../out"}, Options{Cwd: filepath.Join(dir, "w")})
	if len(res.Errors) != 1 || res.Errors[0].SourcePath != filepath.ToSlash(filepath.Join(dir, "out", "a.json")) {
		t.Errorf("outside cwd: %q", errLines(res))
	}
}

func TestLoadIsDeterministic(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 60; i++ {
		name := fmt.Sprintf("t%02d", i%40) // 20 duplicates
		body := okFile(name)
		if i%7 == 0 {
			body = `{"name":"bad ` + name + `","inputSchema":{"type":"object","properties":{"a":true,"b":{"minimum":"x"}}}}`
		}
		files[fmt.Sprintf("d%d/f%02d.json", i%3, i)] = body
	}
	casefiles.Write(t, dir, files, nil)
	render := func(r *Result) string {
		var b strings.Builder
		for _, e := range r.Errors {
			fmt.Fprintf(&b, "%s %s %s %+v\n", e.SourcePath, e.Path, e.Message, e.Span)
		}
		for _, tl := range r.Tools {
			fmt.Fprintf(&b, "%s %s %s\n", tl.Name, tl.File(), tl.Base)
		}
		return b.String()
	}
	first := render(Load([]string{"d2", "d0", "d1"}, Options{Cwd: dir}))
	for i := 0; i < 10; i++ {
		if got := render(Load([]string{"d2", "d0", "d1"}, Options{Cwd: dir})); got != first {
			t.Fatalf("run %d differs:\n%s\nvs\n%s", i, got, first)
		}
	}
}

func TestEveryFileErrorHasASpan(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{
		"a.json": `[1, {"name":"x y"}, {"name":"ok","inputSchema":{"type":"object","required":["q"],"properties":{"p":{"$ref":"#/nope","pattern":"(?i)","minLength":-1}}}}]`,
		"b.json": `{"tools":[{"inputSchema":{"type":"string"}}]}`,
		"c.json": `nope`,
	}, nil)
	res := Load([]string{"."}, Options{Cwd: dir})
	if len(res.Errors) < 8 {
		t.Fatalf("expected many errors, got %q", errLines(res))
	}
	for _, e := range res.Errors {
		if e.SourcePath == "" || e.Line < 1 || e.Column < 1 || e.EndLine < e.Line {
			t.Errorf("error without a proper span: %+v", e)
		}
	}
}

// A deeply nested schema broken at every level reports the first
// maxIssues problems and says there are more; paths stay exact.
func TestProblemsPerToolAreCapped(t *testing.T) {
	for _, broken := range []string{`"minimum":"x",`, `"minLength":-1,`, `"$ref":"#/nope",`} {
		dir := t.TempDir()
		const depth = 4000
		schema := strings.Repeat(`{"type":"object",`+broken+`"properties":{"a":`, depth) + `{}` + strings.Repeat(`}}`, depth)
		casefiles.Write(t, dir, map[string]string{"deep.json": `{"name":"deep","inputSchema":` + schema + `}`}, nil)
		res := Load([]string{"deep.json"}, Options{Cwd: dir})
		if len(res.Errors) != maxIssues+1 {
			t.Fatalf("%s: %d errors, want %d", broken, len(res.Errors), maxIssues+1)
		}
		var tooMany, deepest int
		for _, e := range res.Errors {
			if e.Message == msgTooMany {
				tooMany++
				if e.Path != "(root)" {
					t.Errorf("too-many path %q", e.Path)
				}
			}
			deepest = max(deepest, strings.Count(e.Path, ".properties.a"))
		}
		if tooMany != 1 || deepest < 90 {
			t.Errorf("%s: tooMany=%d deepest=%d", broken, tooMany, deepest)
		}
	}
}

func TestNonObjectToolSpansItsValue(t *testing.T) {
	dir := t.TempDir()
	casefiles.Write(t, dir, map[string]string{"n.json": "null\n", "a.json": "[\n  \"x\"\n]"}, nil)
	res := Load([]string{"a.json", "n.json"}, Options{Cwd: dir})
	want := []Span{{2, 3, 2, 6}, {1, 1, 1, 5}}
	if len(res.Errors) != 2 {
		t.Fatalf("%q", errLines(res))
	}
	for i, e := range res.Errors {
		if e.Message != msgNotObject || e.Span != want[i] {
			t.Errorf("%s %s %+v, want %+v", e.SourcePath, e.Path, e.Span, want[i])
		}
	}
}
