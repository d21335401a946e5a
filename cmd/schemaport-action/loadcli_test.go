package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool/casefiles"
)

// The public loader cases (internal/tool/testdata/loader-cases.json, a copy
// of the shared spec's cases) run through the CLI in-process: exit code,
// the JSON document of load errors (with positions checked against the
// file text) and the text blocks on stderr, with the expectations our "do
// better" list changes (casefiles.Override).

// loadErrorJSON is one entry of the errors array, with presence tracked.
type loadErrorJSON struct {
	SourcePath *string `json:"sourcePath"`
	File       *string `json:"file"`
	Line       *int    `json:"line"`
	Column     *int    `json:"column"`
	EndLine    *int    `json:"endLine"`
	EndColumn  *int    `json:"endColumn"`
	Path       *string `json:"path"`
	Message    *string `json:"message"`
}

type loadDocJSON struct {
	Command           *string         `json:"command"`
	SchemaPortVersion *string         `json:"schemaPortVersion"`
	Errors            []loadErrorJSON `json:"errors"`
	Tools             []struct {
		Name string `json:"name"`
	} `json:"tools"`
}

func writeCaseTree(t *testing.T, files, links map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	casefiles.Write(t, dir, files, links)
	return dir
}

// positionPrefix matches the position the text output adds after the file.
var positionPrefix = regexp.MustCompile(`(?m)^(✗ [^\n]*?):\d+:\d+: `)

func TestLoaderCasesThroughCLI(t *testing.T) {
	for _, c := range casefiles.Read(t, filepath.Join(repoRoot(t), "internal", "tool", "testdata", "loader-cases.json")) {
		t.Run(c.Name, func(t *testing.T) {
			want := c.Expect
			casefiles.Override(c.Name, &want)
			dir := writeCaseTree(t, c.Files, c.Symlinks)

			// Text mode.
			code, stdout, stderr := runCLI(t, dir, c.Argv...)
			if code != want.Exit {
				t.Fatalf("text: exit %d, want %d\nstdout %s\nstderr %s", code, want.Exit, stdout, stderr)
			}
			// JSON mode.
			jcode, jout, jerr := runCLI(t, dir, append(append([]string{}, c.Argv...), "--format", "json")...)
			if jcode != want.Exit || jerr != "" {
				t.Fatalf("json: exit %d, want %d; stderr %q", jcode, want.Exit, jerr)
			}
			var doc loadDocJSON
			dec := json.NewDecoder(strings.NewReader(jout))
			if err := dec.Decode(&doc); err != nil {
				t.Fatalf("json: not one document: %v\n%s", err, jout)
			}
			if dec.More() {
				t.Fatalf("json: more than one document:\n%s", jout)
			}
			if doc.Command == nil || *doc.Command != c.Argv[0] || doc.SchemaPortVersion == nil || *doc.SchemaPortVersion == "" {
				t.Errorf("json: command/schemaPortVersion wrong:\n%s", jout)
			}

			switch {
			case want.UsageError != "":
				if stdout != "" || !strings.HasPrefix(stderr, "✗ "+want.UsageError+"\n") {
					t.Errorf("usage error text: stdout %q stderr %q", stdout, stderr)
				}
				if len(doc.Errors) != 1 || doc.Errors[0].Message == nil || *doc.Errors[0].Message != want.UsageError {
					t.Errorf("usage error json:\n%s", jout)
				}
			case want.Exit == 2:
				// The load errors go to stderr; stdout has the check of
				// the tools that did load (one broken file hides nothing).
				if stdout != "" && !strings.HasPrefix(stdout, "Tool: ") {
					t.Errorf("text mode: stdout holds more than the check of the tools that loaded: %q", stdout)
				}
				checkLoadErrorsJSON(t, c, want, doc)
				checkLoadErrorsText(t, want, doc, stderr)
			default:
				if stderr != "" {
					t.Errorf("clean load wrote to stderr: %q", stderr)
				}
				if c.Argv[0] == "check" {
					var names []string
					for _, tl := range doc.Tools {
						names = append(names, tl.Name)
					}
					if strings.Join(names, "\x00") != strings.Join(want.ToolsSorted, "\x00") {
						t.Errorf("tools %q, want %q", names, want.ToolsSorted)
					}
				}
			}
		})
	}
}

func checkLoadErrorsJSON(t *testing.T, c casefiles.Case, want casefiles.Expect, doc loadDocJSON) {
	t.Helper()
	if len(doc.Errors) != len(want.Errors) {
		t.Fatalf("json: %d errors, want %d: %+v", len(doc.Errors), len(want.Errors), doc.Errors)
	}
	for i, g := range doc.Errors {
		w := want.Errors[i]
		if g.SourcePath == nil || g.File == nil || *g.SourcePath != w.File || *g.File != w.File {
			t.Errorf("error %d: sourcePath/file %v/%v, want %q", i, deref(g.SourcePath), deref(g.File), w.File)
		}
		if g.Message == nil || !strings.Contains(*g.Message, w.MessageContains) {
			t.Errorf("error %d: message %q lacks %q", i, deref(g.Message), w.MessageContains)
		}
		switch {
		case w.Path == nil && g.Path != nil:
			t.Errorf("error %d: path %q, want none (omitted)", i, *g.Path)
		case w.Path != nil && (g.Path == nil || *g.Path != *w.Path):
			t.Errorf("error %d: path %v, want %q", i, deref(g.Path), *w.Path)
		}
		// Problems with a path as a whole have no position; every problem
		// inside a file has one, and it must point at the right text.
		pathLevel := strings.HasPrefix(deref(g.Message), "Directory ") || strings.HasPrefix(deref(g.Message), "Path ")
		if pathLevel {
			if g.Line != nil || g.Column != nil {
				t.Errorf("error %d: a path-level error has a position", i)
			}
			continue
		}
		if g.Line == nil || g.Column == nil || *g.Line < 1 || *g.Column < 1 || g.EndLine == nil || g.EndColumn == nil ||
			*g.EndLine < *g.Line || *g.EndLine == *g.Line && *g.EndColumn < *g.Column {
			t.Errorf("error %d: no proper line/column/endLine/endColumn: %+v", i, g)
			continue
		}
		text, ok := caseFileText(c, w.File)
		if !ok {
			t.Errorf("error %d: no text for %s", i, w.File)
			continue
		}
		checkPointsAt(t, i, text, *g.Line, *g.Column, deref(g.Path), deref(g.Message))
		checkSpanText(t, i, text, g)
	}
}

// caseFileText finds a file's text, following the case's symlinks.
func caseFileText(c casefiles.Case, file string) (string, bool) {
	for range 8 {
		if text, ok := c.Files[file]; ok {
			return text, true
		}
		resolved := false
		for link, target := range c.Symlinks {
			if file == link || strings.HasPrefix(file, link+"/") {
				file = filepath.ToSlash(filepath.Join(filepath.Dir(link), target, strings.TrimPrefix(file, link)))
				resolved = true
				break
			}
		}
		if !resolved {
			return "", false
		}
	}
	return "", false
}

// checkPointsAt checks a position against the file text: a key path points
// at that key, an element path at the element, an Invalid JSON error
// repeats its position in the message, a duplicate name points at the name.
func checkPointsAt(t *testing.T, i int, text string, line, col int, path, msg string) {
	t.Helper()
	off, ok := byteOffset(text, line, col)
	if !ok {
		t.Errorf("error %d: %d:%d is outside the file", i, line, col)
		return
	}
	rest := text[off:]
	switch {
	case strings.HasPrefix(msg, "Invalid JSON"):
		if !strings.HasSuffix(msg, " at line "+strconv.Itoa(line)+" column "+strconv.Itoa(col)) {
			t.Errorf("error %d: Invalid JSON at %d:%d but message says %q", i, line, col, msg)
		}
	case strings.HasPrefix(msg, "Duplicate tool name"):
		name, ok := jsonStringAt(rest)
		if !ok || !strings.Contains(msg, "`"+name+"`") {
			t.Errorf("error %d: duplicate points at %q, not at the name", i, firstLine(rest))
		}
	case path == "(root)" || strings.HasSuffix(path, "]"):
		if !json.Valid([]byte(firstValue(rest))) {
			t.Errorf("error %d: %s points at %q, not at a value", i, path, firstLine(rest))
		}
	default:
		segs, ok := schemapath.Parse(path)
		if !ok || len(segs) == 0 {
			t.Errorf("error %d: unparsable path %q", i, path)
			return
		}
		// A key that is absent (a missing `name`) is reported at the
		// object that should hold it.
		key, ok := jsonStringAt(rest)
		if last := segs[len(segs)-1]; (!ok || key != last.Key) && !(strings.HasPrefix(rest, "{") && !strings.Contains(text, `"`+last.Key+`"`)) {
			t.Errorf("error %d: %s points at %q, not at key %q", i, path, firstLine(rest), last.Key)
		}
	}
}

// checkSpanText checks that a span on a key covers exactly the key's
// string literal (end exclusive).
func checkSpanText(t *testing.T, i int, text string, g loadErrorJSON) {
	t.Helper()
	segs, ok := schemapath.Parse(deref(g.Path))
	if !ok || len(segs) == 0 || segs[len(segs)-1].IsIndex {
		return
	}
	start, ok1 := byteOffset(text, *g.Line, *g.Column)
	end, ok2 := byteOffset(text, *g.EndLine, *g.EndColumn)
	if !ok1 || !ok2 || end < start {
		t.Errorf("error %d: span outside the file: %+v", i, g)
		return
	}
	if !strings.HasPrefix(text[start:], `"`) {
		return // an absent key: the span is the object that should hold it
	}
	key, ok := jsonStringAt(text[start:end])
	if want := segs[len(segs)-1].Key; !ok || key != want || !json.Valid([]byte(text[start:end])) {
		t.Errorf("error %d: span covers %q, want the key %q", i, text[start:end], want)
	}
}

// byteOffset converts a 1-based line and character column to a byte
// offset; a BOM on line 1 is not a character.
func byteOffset(text string, line, col int) (int, bool) {
	off := 0
	for l := 1; l < line; l++ {
		nl := strings.IndexByte(text[off:], '\n')
		if nl < 0 {
			return 0, false
		}
		off += nl + 1
	}
	if line == 1 {
		off += len(bomPrefix(text))
	}
	for c := 1; c < col; c++ {
		if off >= len(text) || text[off] == '\n' {
			return 0, false
		}
		_, size := utf8.DecodeRuneInString(text[off:])
		off += size
	}
	return off, true
}

func bomPrefix(s string) string {
	if strings.HasPrefix(s, "\uFEFF") {
		return "\uFEFF"
	}
	return ""
}

// jsonStringAt decodes the JSON string literal at the start of s.
func jsonStringAt(s string) (string, bool) {
	dec := json.NewDecoder(strings.NewReader(s))
	tok, err := dec.Token()
	str, ok := tok.(string)
	return str, err == nil && ok && strings.HasPrefix(s, `"`)
}

// firstValue returns the JSON value at the start of s (as raw text).
func firstValue(s string) string {
	var raw json.RawMessage
	if err := json.NewDecoder(strings.NewReader(s)).Decode(&raw); err != nil || !strings.HasPrefix(s, string(raw[:1])) {
		return ""
	}
	return string(raw)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// checkLoadErrorsText checks the stderr blocks against the JSON document
// of the same load: "✗ file:line:col: message", "  Path: path", then
// "Result: N input errors"; and, with positions taken out, against
// SchemaPort's exact stderr where the case records it.
func checkLoadErrorsText(t *testing.T, want casefiles.Expect, doc loadDocJSON, stderr string) {
	t.Helper()
	var b strings.Builder
	for _, e := range doc.Errors {
		b.WriteString("✗ " + deref(e.File))
		if e.Line != nil {
			b.WriteString(":" + strconv.Itoa(*e.Line) + ":" + strconv.Itoa(*e.Column))
		}
		b.WriteString(": " + deref(e.Message) + "\n")
		if e.Path != nil {
			b.WriteString("  Path: " + *e.Path + "\n")
		}
	}
	noun := "input errors"
	if len(doc.Errors) == 1 {
		noun = "input error"
	}
	b.WriteString("Result: " + strconv.Itoa(len(doc.Errors)) + " " + noun + "\n")
	if stderr != b.String() {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr, b.String())
	}
	same := want.Stderr != ""
	for i := range doc.Errors {
		same = same && i < len(want.Errors) && deref(doc.Errors[i].Message) == want.Errors[i].Message
	}
	if same { // our wording is SchemaPort's: only the positions differ
		if got := positionPrefix.ReplaceAllString(stderr, "$1: "); got != want.Stderr {
			t.Errorf("stderr without positions:\n%s\nSchemaPort's:\n%s", got, want.Stderr)
		}
	}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// The loader's behaviour on hostile input, through the CLI: every error
// has a file and a position that points at the problem (columns count
// characters, a BOM and CR do not shift them), no panics, exit 2.
func TestAdversarialInputsThroughCLI(t *testing.T) {
	type wantErr struct {
		path, contains string
		line, col      int
	}
	cases := []struct {
		name, text string
		want       []wantErr
	}{
		{"bom-then-error", "\uFEFF{\"name\":\"a b\",\"inputSchema\":{\"type\":\"object\"}}",
			[]wantErr{{"name", "no whitespace", 1, 2}}},
		{"crlf", "{\r\n  \"name\": \"crlf\",\r\n  \"inputSchema\": {\r\n    \"type\": \"object\",\r\n    \"properties\": { \"a\": { \"type\": \"strin\" } }\r\n  }\r\n}\r\n",
			[]wantErr{{"inputSchema.properties.a.type", "Unknown JSON Schema type `strin`", 5, 28}}},
		{"tabs-and-astral", "{\n\t\"name\": \"t\",\n\t\"inputSchema\": {\n\t\t\"type\": \"object\",\n\t\t\"properties\": {\"é😀x\": {\"minimum\": \"5\"}}\n\t}\n}\n",
			[]wantErr{{`inputSchema.properties["é😀x"].minimum`, "`minimum` must be a number", 5, 26}}},
		{"astral-before-syntax-error", "[\"😀😀\", ]",
			[]wantErr{{"", "Invalid JSON: trailing comma", 1, 6}}},
		{"duplicate-key-at-depth", "{\"name\":\"d\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\n\"type\":\"string\",\n  \"type\":\"number\"}}}}",
			[]wantErr{{"", "`type` appears twice (first at line 2 column 1)", 3, 3}}},
		{"empty", "", []wantErr{{"", "Invalid JSON: the file is empty", 1, 1}}},
		{"only-whitespace", "  \n\t\n", []wantErr{{"", "Invalid JSON: the file is empty", 3, 1}}},
		{"unclosed-string", "{\"name\": \"abc,\n \"inputSchema\": {}}", []wantErr{{"", "Invalid JSON: line break inside a string", 1, 15}}},
		{"invalid-utf8-before-error", "{\"name\":\"a\xff\",\"inputSchema\":{\"type\":\"object\",\"minLength\":\"x\"}}",
			[]wantErr{{"inputSchema.minLength", "`minLength` must be a number", 1, 45}}},
		{"nul-in-property-name", "{\"name\":\"n\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"a\\u0000b\":true}}}",
			[]wantErr{{`inputSchema.properties["a\u0000b"]`, "boolean subschemas", 1, 58}}},
		{"long-line", "{\"name\":\"l\",\"description\":\"" + strings.Repeat("é", 100000) + "\",\"inputSchema\":{\"type\":\"object\",\"enum\":[]}}",
			[]wantErr{{"inputSchema.enum", "`enum` must be a non-empty array", 1, 100061}}},
		{"deep-nesting", "{\"name\":\"deep\",\"inputSchema\":" + strings.Repeat("{\"type\":\"object\",\"properties\":{\"a\":", 500) + "{\"type\":\"strin\"}" + strings.Repeat("}}", 500) + "}",
			[]wantErr{{"inputSchema" + strings.Repeat(".properties.a", 500) + ".type", "Unknown JSON Schema type", 1, 30 + 500*35 + 1}}},
		{"nesting-beyond-parser-limit", strings.Repeat("[", 20000), []wantErr{{"", "Invalid JSON: nesting deeper than", 1, 10002}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := writeFiles(t, map[string]string{"t.json": c.text})
			code, stdout, stderr := runCLI(t, dir, "check", "t.json", "--format", "json")
			if code != 2 || stderr != "" {
				t.Fatalf("exit %d stderr %q", code, stderr)
			}
			var doc loadDocJSON
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatalf("not JSON: %v\n%.400s", err, stdout)
			}
			if len(doc.Errors) != len(c.want) {
				t.Fatalf("%d errors, want %d:\n%.2000s", len(doc.Errors), len(c.want), stdout)
			}
			for i, w := range c.want {
				g := doc.Errors[i]
				if deref(g.File) != "t.json" || deref(g.Path) != w.path || !strings.Contains(deref(g.Message), w.contains) ||
					deref(g.Line) != w.line || deref(g.Column) != w.col {
					t.Errorf("error %d: %s:%d:%d %q %q\nwant %d:%d %q containing %q", i, deref(g.File), deref(g.Line), deref(g.Column),
						deref(g.Path), deref(g.Message), w.line, w.col, w.path, w.contains)
				}
			}
			// The text report carries the same position.
			code, stdout, stderr = runCLI(t, dir, "check", "t.json")
			if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "✗ t.json:"+strconv.Itoa(c.want[0].line)+":"+strconv.Itoa(c.want[0].col)+": ") {
				t.Errorf("text: exit %d stdout %q stderr %.300q", code, stdout, stderr)
			}
		})
	}
}

// A broken folder reports every error of every file in one JSON document,
// each with file, line, column and (for schema problems) path.
func TestBrokenFolderOneJSONDocument(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"tools/a.json":      `{"name":"a","inputSchema":{"type":"object","properties":{"x":{"type":"number","minimum":"5"},"y":{"type":"array","items":5}}}}`,
		"tools/b.json":      `{"name":"b","inputSchema":{"type":"object","required":"x","properties":{"p":{"type":"string","pattern":"(?i)x"}}}}`,
		"tools/c.json":      `{"name":"c","inputSchema":{"type":"object","properties":{"r":{"$ref":"#/$defs/none"},"e":{"$ref":"other.json"}}}}`,
		"tools/d.json":      "{\n  \"name\": \"dup\",\n  \"inputSchema\": {\"type\": \"object\"}\n}\n",
		"tools/sub/h.json":  "[{\"name\": \"dup\", \"inputSchema\": {\"type\": \"object\"}}]",
		"tools/e.json":      "{ not json",
		"tools/sub/f.json":  `{"name":"f","inputSchema":{"type":"strin"}}`,
		"tools/sub/g.json":  `{"tools":[{"name":"g"}]}`,
		"tools/h.json/.not": "",
	})
	code, stdout, stderr := runCLI(t, dir, "check", "tools", "--format", "json")
	if code != 2 || stderr != "" {
		t.Fatalf("exit %d stderr %q", code, stderr)
	}
	var doc loadDocJSON
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	files := map[string]int{}
	for _, e := range doc.Errors {
		files[deref(e.File)]++
		if e.Line == nil || e.Column == nil || deref(e.SourcePath) != deref(e.File) {
			t.Errorf("error without position: %+v", e)
		}
	}
	for _, f := range []string{"tools/a.json", "tools/b.json", "tools/c.json", "tools/e.json", "tools/sub/f.json", "tools/sub/g.json", "tools/sub/h.json"} {
		if files[f] == 0 {
			t.Errorf("no error for %s:\n%s", f, stdout)
		}
	}
	if files["tools/a.json"] != 2 || files["tools/b.json"] != 2 || files["tools/c.json"] != 2 {
		t.Errorf("every problem of a file is reported: %v", files)
	}
	// Same set as text on stderr.
	code, stdout, stderr = runCLI(t, dir, "check", "tools")
	if code != 2 || !strings.HasPrefix(stdout, "Tool: dup\n") || !strings.HasSuffix(stderr, "Result: "+strconv.Itoa(len(doc.Errors))+" input errors\n") {
		t.Errorf("text: exit %d stdout %q\n%s", code, stdout, stderr)
	}
	if n := strings.Count(stderr, "\n✗ ") + 1; n != len(doc.Errors) || !bytes.HasPrefix([]byte(stderr), []byte("✗ ")) {
		t.Errorf("text has %d blocks, json %d", n, len(doc.Errors))
	}
}

// loader.md §12.4 through the CLI: where the config comes from, when it is
// read, and how it combines with the command line.
func TestConfigThroughCLI(t *testing.T) {
	const okTool = `{"name":"%s","inputSchema":{"type":"object","properties":{}}}`
	tool := func(name string) string { return strings.Replace(okTool, "%s", name, 1) }
	targetsOf := func(t *testing.T, stdout string) []string {
		t.Helper()
		var doc struct {
			Tools []struct {
				Name    string                     `json:"name"`
				Targets map[string]json.RawMessage `json:"targets"`
			} `json:"tools"`
		}
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil || len(doc.Tools) == 0 {
			t.Fatalf("not a check document (%v):\n%s", err, stdout)
		}
		var ids []string
		for id := range doc.Tools[0].Targets {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		return ids
	}
	jsonMessage := func(t *testing.T, stdout string) string {
		t.Helper()
		var doc loadDocJSON
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil || len(doc.Errors) != 1 {
			t.Fatalf("not one error (%v):\n%s", err, stdout)
		}
		return deref(doc.Errors[0].Message)
	}

	t.Run("schemas and targets fill in what the command line leaves out", func(t *testing.T) {
		dir := writeFiles(t, map[string]string{
			"schemaport.config.json": `{"schemas": "cfgtools", "targets": ["mcp", "gemini"], "failOn": "never"}`,
			"cfgtools/a.json":        tool("from_config"),
			"argtools/b.json":        tool("from_args"),
		})
		code, stdout, _ := runCLI(t, dir, "check", "--format", "json")
		if code != 0 || !strings.Contains(stdout, `"from_config"`) || !slices.Equal(targetsOf(t, stdout), []string{"gemini", "mcp"}) {
			t.Fatalf("exit %d:\n%s", code, stdout)
		}
		// A path on the command line replaces `schemas` (never merged); a
		// --targets flag replaces `targets`.
		code, stdout, _ = runCLI(t, dir, "check", "argtools", "--targets", "openai", "--format", "json")
		if code != 0 || strings.Contains(stdout, `"from_config"`) || !strings.Contains(stdout, `"from_args"`) || !slices.Equal(targetsOf(t, stdout), []string{"openai"}) {
			t.Fatalf("exit %d:\n%s", code, stdout)
		}
	})
	t.Run("--config replaces the default file and paths stay relative to the working directory", func(t *testing.T) {
		dir := writeFiles(t, map[string]string{
			"schemaport.config.json": `{not json`,
			"conf/other.json":        `{"schemas": "tools", "targets": ["mcp"], "failOn": "never"}`,
			"tools/a.json":           tool("cwd_tool"),
			"conf/tools/a.json":      tool("beside_config"),
		})
		code, stdout, stderr := runCLI(t, dir, "check", "--config", "conf/other.json", "--format", "json")
		if code != 0 || !strings.Contains(stdout, `"cwd_tool"`) || !slices.Equal(targetsOf(t, stdout), []string{"mcp"}) {
			t.Fatalf("exit %d stderr %q:\n%s", code, stderr, stdout)
		}
	})
	t.Run("a broken config fails every command but help and version", func(t *testing.T) {
		dir := writeFiles(t, map[string]string{
			"schemaport.config.json": "{\n  \"schemas\": \"tools\",\n  \"bogus\": 1\n}",
			"tools/a.json":           tool("a"),
		})
		want := "schemaport.config.json:3:3: Unknown key `bogus`. Valid keys are: "
		for _, args := range [][]string{{"check", "tools"}, {"diff", "tools", "tools"}} {
			code, stdout, stderr := runCLI(t, dir, args...)
			if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "✗ "+want) {
				t.Errorf("%v: exit %d stdout %q stderr %q", args, code, stdout, stderr)
			}
			code, stdout, stderr = runCLI(t, dir, append(args, "--format", "json")...)
			if code != 2 || stderr != "" || !strings.HasPrefix(jsonMessage(t, stdout), want) {
				t.Errorf("%v json: exit %d stdout %q stderr %q", args, code, stdout, stderr)
			}
		}
		for _, args := range [][]string{{"check", "--help"}, {"diff", "-h"}, {"version"}} {
			if code, _, stderr := runCLI(t, dir, args...); code != 0 || stderr != "" {
				t.Errorf("%v reads the config: exit %d stderr %q", args, code, stderr)
			}
		}
	})
	t.Run("config problems are usage errors that say what to fix", func(t *testing.T) {
		cases := []struct{ config, args, want string }{
			{"", "--config missing.json", "Config file not found: missing.json"},
			{"", "--config .", "Config file . is not a regular file; pass the path of a JSON file to --config."},
			// An empty --config must not silently fall back to the default file.
			{`{"targets": ["nope"]}`, "--config=", "`--config` needs the path of a config file."},
			{`{"targets": ["openai,gemini"]}`, "", "schemaport.config.json:1:14: Unknown target `openai,gemini`. Valid targets are: "},
			{"{\"targets\": [\"openai\",\n \"nope\"]}", "", "schemaport.config.json:2:2: Unknown target `nope`. Valid targets are: "},
			{`{"targets": []}`, "", "schemaport.config.json:1:13: `targets` is empty; "},
			{`{"schemas": ""}`, "", "schemaport.config.json:1:13: `schemas` must be a path or a non-empty array of paths."},
			{`{"failOn": "sometimes"}`, "", "schemaport.config.json:1:12: `failOn` is `sometimes`; use error, lossy, warning, or never."},
			{"\uFEFF{\n\t\"schemas\": \"tools\",\n}", "", "schemaport.config.json:2:20: Config file is not valid JSON: trailing comma before '}' (remove the comma)."},
			{"[]", "", "schemaport.config.json:1:1: The config file must contain a JSON object"},
		}
		for _, c := range cases {
			files := map[string]string{"tools/a.json": tool("a")}
			if c.config != "" {
				files["schemaport.config.json"] = c.config
			}
			dir := writeFiles(t, files)
			args := []string{"check"}
			if c.args != "" {
				args = append(args, strings.Fields(c.args)...)
			}
			if !strings.Contains(c.config, "schemas") {
				args = append(args, "tools")
			}
			code, stdout, stderr := runCLI(t, dir, append(args, "--format", "json")...)
			if code != 2 || stderr != "" || !strings.HasPrefix(jsonMessage(t, stdout), c.want) {
				t.Errorf("%q %v: exit %d stdout %s", c.config, args, code, stdout)
			}
		}
	})
}

// Overlapping arguments read each file once; a real duplicate is reported
// once, with both places as paths relative to the working directory.
func TestOverlappingPathsThroughCLI(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"tools/v1/r.json": "{\n  \"name\": \"refund_order\",\n  \"inputSchema\": {\"type\": \"object\"}\n}\n",
		"tools/v2/r.json": "[\n  {\"name\": \"refund_order\", \"inputSchema\": {\"type\": \"object\"}}\n]\n",
		"tools/v2/s.json": `{"name":"search","inputSchema":{"type":"object"}}`,
	})
	code, stdout, stderr := runCLI(t, dir, "check", "tools/v1/r.json", "tools", "./tools/v1/../v1/r.json", "tools/v2", "--format", "json")
	if code != 2 || stderr != "" {
		t.Fatalf("exit %d stderr %q", code, stderr)
	}
	var doc loadDocJSON
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || len(doc.Errors) != 1 {
		t.Fatalf("want one duplicate error (%v):\n%s", err, stdout)
	}
	e := doc.Errors[0]
	if deref(e.File) != "tools/v2/r.json" || deref(e.Line) != 2 || deref(e.Column) != 12 || e.Path != nil ||
		!strings.Contains(deref(e.Message), "`refund_order`, already defined in tools/v1/r.json:2:11.") {
		t.Errorf("duplicate error: %+v %q", e, deref(e.Message))
	}
	// Without the second version every file loads once: no duplicates.
	code, stdout, stderr = runCLI(t, dir, "check", "tools/v1/r.json", "tools/v1", "./tools/v1/r.json", "--fail-on", "never", "--format", "json")
	if code != 0 || strings.Count(stdout, `"name": "refund_order"`) != 1 {
		t.Errorf("exit %d stderr %q:\n%s", code, stderr, stdout)
	}
}
