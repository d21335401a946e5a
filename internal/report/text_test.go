package report

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

func render(t *testing.T, f func(*bytes.Buffer) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := f(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestCheckTextGolden(t *testing.T) {
	res := checkFixture(t)
	golden(t, "check.txt", render(t, func(b *bytes.Buffer) error { return CheckText(b, res, TextOptions{}) }))
	golden(t, "check-color.txt", render(t, func(b *bytes.Buffer) error { return CheckText(b, res, TextOptions{Color: true}) }))
}

func TestCheckTextPlainHasNoEscapes(t *testing.T) {
	out := render(t, func(b *bytes.Buffer) error { return CheckText(b, checkFixture(t), TextOptions{}) })
	// The fixture's format value and message carry a raw ESC; it must show
	// as text, never reach the terminal.
	if bytes.IndexByte(out, 0x1b) >= 0 {
		t.Fatalf("plain output contains an ESC byte:\n%s", out)
	}
	if !bytes.Contains(out, []byte(`x-\u001b[31mred`)) {
		t.Errorf("escaped ESC not shown as \\u001b:\n%s", out)
	}
	colored := render(t, func(b *bytes.Buffer) error { return CheckText(b, checkFixture(t), TextOptions{Color: true}) })
	for _, seq := range bytes.Split(colored, []byte{0x1b})[1:] {
		if !bytes.HasPrefix(seq, []byte("[1m")) && !bytes.HasPrefix(seq, []byte("[2m")) && !bytes.HasPrefix(seq, []byte("[0m")) &&
			!bytes.HasPrefix(seq, []byte("[31m")) && !bytes.HasPrefix(seq, []byte("[32m")) && !bytes.HasPrefix(seq, []byte("[33m")) && !bytes.HasPrefix(seq, []byte("[36m")) {
			t.Errorf("unexpected escape sequence %q", seq[:min(len(seq), 8)])
		}
	}
}

func TestCheckTextCompatibleOnlyForCleanTargets(t *testing.T) {
	out := string(render(t, func(b *bytes.Buffer) error { return CheckText(b, checkFixture(t), TextOptions{}) }))
	// Two tools, each with a clean Anthropic target: exactly two ✓ lines.
	if n := strings.Count(out, "✓ Compatible"); n != 2 {
		t.Errorf("✓ Compatible printed %d times, want 2", n)
	}
	if !strings.HasSuffix(out, "Result: 2 errors, 3 warnings, 1 info\n") {
		t.Errorf("wrong Result line:\n%s", out)
	}
}

func TestCheckTextEdgeCases(t *testing.T) {
	cases := []struct {
		name string
		res  *check.Result
		want string
	}{
		{"nil", nil, "No tools found.\n\nResult: 0 errors, 0 warnings, 0 infos\n"},
		{"no tools", &check.Result{}, "No tools found.\n\nResult: 0 errors, 0 warnings, 0 infos\n"},
		{"no targets", &check.Result{Tools: []check.ToolResult{{Tool: &tool.Tool{Name: "t"}}}},
			"Tool: t\n\nNo targets were checked.\n\nResult: 0 errors, 0 warnings, 0 infos\n"},
	}
	for _, c := range cases {
		got := string(render(t, func(b *bytes.Buffer) error { return CheckText(b, c.res, TextOptions{}) }))
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestSnippet(t *testing.T) {
	long := `{"a":` + strings.Repeat(`"xxxxxxxxx",`, 40) + `"needle": 1}`
	cases := []struct {
		name string
		line string
		sp   tool.Span
		want string
	}{
		{"key", `  "type": "object",`, tool.Span{Line: 1, Column: 3, EndLine: 1, EndColumn: 9},
			"  1 |   \"type\": \"object\",\n    |   ^~~~~~\n"},
		{"characters not bytes", `{ "naïve café": { "format": 1 } }`, tool.Span{Line: 1, Column: 19, EndLine: 1, EndColumn: 27},
			"  1 | { \"naïve café\": { \"format\": 1 } }\n    |                   ^~~~~~~~\n"},
		{"tabs kept", "\t\t\"type\": 1", tool.Span{Line: 1, Column: 3, EndLine: 1, EndColumn: 9},
			"  1 | \t\t\"type\": 1\n    | \t\t^~~~~~\n"},
		{"multi-line span underlines to the end of the line", `  "inputSchema": {`, tool.Span{Line: 1, Column: 3, EndLine: 4, EndColumn: 4},
			"  1 |   \"inputSchema\": {\n    |   ^~~~~~~~~~~~~~~~\n"},
		{"control characters replaced", "\"a\x1b[2Jb\": 1", tool.Span{Line: 1, Column: 1, EndLine: 1, EndColumn: 3},
			"  1 | \"a\ufffd[2Jb\": 1\n    | ^~\n"},
		{"DEL, invalid UTF-8 and a bidi override replaced", "\"a\x7fb\xffc\u202ed\": 1", tool.Span{Line: 1, Column: 9, EndLine: 1, EndColumn: 10},
			"  1 | \"a\ufffdb\ufffdc\ufffdd\": 1\n    |         ^\n"},
	}
	for _, c := range cases {
		var b bytes.Buffer
		bw := bufio.NewWriter(&b)
		writeSnippet(bw, false, ansiRed, &tool.Source{Path: "x.json", Data: []byte(c.line)}, c.sp)
		bw.Flush()
		if b.String() != c.want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", c.name, b.String(), c.want)
		}
	}

	// A minified line is cut to a window that still holds the caret.
	col := strings.Index(long, `"needle"`) + 1
	var b bytes.Buffer
	bw := bufio.NewWriter(&b)
	writeSnippet(bw, false, ansiRed, &tool.Source{Data: []byte(long)}, tool.Span{Line: 1, Column: col, EndLine: 1, EndColumn: col + 8})
	bw.Flush()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "  1 | …") {
		t.Fatalf("window not cut:\n%s", b.String())
	}
	src, caret := []rune(lines[0]), []rune(lines[1])
	at := strings.IndexRune(string(caret), '^')
	at = len([]rune(string(caret)[:at]))
	if string(src[at:at+8]) != `"needle"` || !strings.HasSuffix(lines[1], "^~~~~~~~") {
		t.Errorf("caret not under the key:\n%s", b.String())
	}
	if n := len(src); n > snippetWidth+10 {
		t.Errorf("window is %d characters wide", n)
	}
}

func TestDiffTextGolden(t *testing.T) {
	res := diffFixture(t)
	golden(t, "diff.txt", render(t, func(b *bytes.Buffer) error { return DiffText(b, res, TextOptions{}) }))
	golden(t, "diff-color.txt", render(t, func(b *bytes.Buffer) error { return DiffText(b, res, TextOptions{Color: true}) }))
}

func TestDiffTextNoChanges(t *testing.T) {
	for _, res := range []*diff.Result{nil, {}} {
		got := string(render(t, func(b *bytes.Buffer) error { return DiffText(b, res, TextOptions{Color: true}) }))
		want := "No changes.\n\nResult: 0 breaking, 0 non-breaking, 0 informational\n"
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestDiffTextGroupsByToolThenClass(t *testing.T) {
	res := diffFixture(t)
	// Interleave the tools: the text must still show each tool once.
	c := res.Changes
	c[1], c[6] = c[6], c[1]
	out := string(render(t, func(b *bytes.Buffer) error { return DiffText(b, res, TextOptions{}) }))
	for _, name := range []string{"legacy_lookup", "refund_order", "search_orders"} {
		if n := strings.Count(out, "Tool: "+name+"\n"); n != 1 {
			t.Errorf("Tool: %s printed %d times", name, n)
		}
	}
	refund := out[strings.Index(out, "Tool: refund_order"):]
	if end := strings.Index(refund[1:], "Tool: "); end >= 0 {
		refund = refund[:end+1]
	}
	b, nb, inf := strings.Index(refund, "BREAKING"), strings.Index(refund, "NON-BREAKING"), strings.Index(refund, "INFORMATIONAL")
	if !(b >= 0 && b < nb && nb < inf) {
		t.Errorf("classes out of order in:\n%s", refund)
	}
}

func excerptText(lines []excerptLine) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l.String() + "\n")
	}
	return b.String()
}

func TestExcerpt(t *testing.T) {
	before := literal(t, `["original_payment","store_credit","bank_transfer"]`)
	after := literal(t, `["original_payment","bank_transfer"]`)
	want := "  \"enum\": [\n" +
		"    \"original_payment\"\n" +
		"-   \"store_credit\"\n" +
		"    \"bank_transfer\"\n" +
		"  ]\n"
	if got := excerptText(excerpt(before, after, "enum")); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}

	// A long unchanged run is elided and the whole is capped; the first
	// line, which names what changed, stays.
	var items []string
	for i := range 60 {
		items = append(items, `"v`+strings.Repeat("x", i%7)+strconv.Itoa(i)+`"`)
	}
	big := literal(t, "["+strings.Join(items, ",")+"]")
	changed := literal(t, "["+strings.Join(items[:30], ",")+`,"new",`+strings.Join(items[30:], ",")+"]")
	lines := excerpt(big, changed, "enum")
	if len(lines) > excerptLines {
		t.Errorf("%d lines, cap is %d", len(lines), excerptLines)
	}
	got := excerptText(lines)
	wantBig := "  \"enum\": [\n" +
		"    …\n" +
		"    \"v28\"\n" +
		"    \"vx29\"\n" +
		"+   \"new\"\n" +
		"    \"vxx30\"\n" +
		"    \"vxxx31\"\n" +
		"    …\n"
	if got != wantBig {
		t.Errorf("got\n%swant\n%s", got, wantBig)
	}

	// Only one side: all '+', under its key.
	got = excerptText(excerpt(nil, literal(t, `{"type":"string","maxLength":5}`), "reason"))
	if want := "+ \"reason\": {\n+   \"type\": \"string\"\n+   \"maxLength\": 5\n+ }\n"; got != want {
		t.Errorf("added value:\n%s", got)
	}
	if got := excerptText(excerpt(literal(t, "2500"), literal(t, "250"), "maximum")); got != "- \"maximum\": 2500\n+ \"maximum\": 250\n" {
		t.Errorf("scalar:\n%s", got)
	}
}

// Removing the last element changes no other element's line: lines carry
// no commas.
func TestExcerptLastElementRemoved(t *testing.T) {
	got := excerptText(excerpt(literal(t, `["economy","premium_economy","business","first"]`), literal(t, `["economy","premium_economy","business"]`), "enum"))
	want := "  \"enum\": [\n    \"economy\"\n    \"premium_economy\"\n    \"business\"\n-   \"first\"\n  ]\n"
	if got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

// A branch inserted into a list of object branches shows as that whole
// branch added, not as lines borrowed from its neighbours.
func TestExcerptBranchInserted(t *testing.T) {
	branch := func(name, field string) string {
		return `{"type":"object","properties":{"type":{"const":"` + name + `"},"` + field + `":{"type":"string"}},"required":["type","` + field + `"],"additionalProperties":false}`
	}
	before := literal(t, "["+branch("click", "selector")+","+branch("key", "key")+","+branch("wait", "seconds")+"]")
	after := literal(t, "["+branch("click", "selector")+","+branch("type", "text")+","+branch("key", "key")+","+branch("wait", "seconds")+"]")
	var plus []string
	for _, l := range excerpt(before, after, "oneOf") {
		switch l.op {
		case '-':
			t.Errorf("a line was removed: %q", l.text)
		case '+':
			plus = append(plus, l.text)
		}
	}
	if len(plus) == 0 || plus[0] != "  {" || plus[1] != `    "type": "object"` || plus[4] != `        "const": "type"` {
		t.Errorf("inserted branch shown as %q", plus)
	}
}

// Member order is not a change: only the member whose value changed is
// marked.
func TestExcerptIgnoresMemberOrder(t *testing.T) {
	got := excerptText(excerpt(literal(t, `{"a":1,"b":2,"c":3}`), literal(t, `{"c":3,"a":1,"b":5,"d":true}`), ""))
	want := "  {\n    \"a\": 1\n-   \"b\": 2\n+   \"b\": 5\n    \"c\": 3\n+   \"d\": true\n  }\n"
	if got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

// Every breaking code's excerpt says something a reader can use. The
// required-ness codes carry false/true, which says nothing the message does
// not: they get no excerpt, in the text, the summary and the annotations.
func TestChangeExcerpts(t *testing.T) {
	at := diff.Location{File: "v2/x.json", Line: 3, Column: 1, EndLine: 3, EndColumn: 5}
	made := diff.Change{Classification: diff.Breaking, Code: "property-made-required", ToolName: "t", Path: "inputSchema.required",
		Message: "Property `sha` is now required; callers that omit it will be rejected.", Before: literal(t, "false"), After: literal(t, "true"), New: at, Old: at}
	if l := changeExcerpt(&made); l != nil {
		t.Errorf("property-made-required excerpt %q", l)
	}
	res := &diff.Result{Changes: []diff.Change{made}}
	text := string(render(t, func(b *bytes.Buffer) error { return DiffText(b, res, TextOptions{}) }))
	md := summaryOf(t, SummaryInput{Diff: res})
	ann := PolicyAnnotations(policyOf(nil, res, nil, false), nil)[0].Message
	for _, out := range []string{text, md, ann} {
		if strings.Contains(out, "false") || strings.Contains(out, "true") || !strings.Contains(out, "now required") {
			t.Errorf("required-ness change shown as:\n%s", out)
		}
	}

	cases := []struct {
		c    diff.Change
		want string
	}{
		{diff.Change{Code: "constraint-added", Path: "inputSchema.properties.q.minimum", After: literal(t, "1")}, "+ \"minimum\": 1\n"},
		{diff.Change{Code: "tool-removed", Path: "name", Before: literal(t, `"add_comment"`)}, "- \"name\": \"add_comment\"\n"},
		{diff.Change{Code: "nullable-removed", Path: "inputSchema.properties.mode.nullable", Before: literal(t, "true")}, "- \"nullable\": true\n"},
		{diff.Change{Code: "type-narrowed", Path: "inputSchema.properties.m.type", Before: literal(t, `["integer","null"]`), After: literal(t, `"integer"`)},
			"- \"type\": [\n-   \"integer\"\n-   \"null\"\n- ]\n+ \"type\": \"integer\"\n"},
		{diff.Change{Code: "composition-narrowed", Path: "inputSchema.anyOf[1]", Before: literal(t, `{"type":"null"}`)}, "- {\n-   \"type\": \"null\"\n- }\n"},
		{diff.Change{Code: "pattern-property-added", Path: `inputSchema.patternProperties["^x-"]`, After: literal(t, `{}`)}, "+ \"^x-\": {}\n"},
	}
	for _, c := range cases {
		if got := excerptText(changeExcerpt(&c.c)); got != c.want {
			t.Errorf("%s: got\n%swant\n%s", c.c.Code, got, c.want)
		}
	}
}

func TestLoadErrorsText(t *testing.T) {
	got := string(render(t, func(b *bytes.Buffer) error { return LoadErrorsText(b, loadErrorsFixture()) }))
	want := "✗ tools/broken.json:7:1: Invalid JSON: unexpected end of input.\n" +
		"✗ tools/bad.json:12:9: Boolean subschemas are not supported: use `{}` to accept any value.\n" +
		"  Path: [1].inputSchema.properties.tags\n" +
		"✗ tools/missing: The path does not exist.\n" +
		"Result: 3 input errors\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	one := string(render(t, func(b *bytes.Buffer) error { return LoadErrorsText(b, loadErrorsFixture()[2:]) }))
	if !strings.HasSuffix(one, "Result: 1 input error\n") {
		t.Errorf("singular: %q", one)
	}
	evil := []tool.LoadError{{SourcePath: "a\x1b]0;x\x07.json", Message: "bad\r\nline"}}
	out := render(t, func(b *bytes.Buffer) error { return LoadErrorsText(b, evil) })
	if bytes.IndexByte(out, 0x1b) >= 0 || bytes.Count(out, []byte("\n")) != 2 {
		t.Errorf("control characters reached stderr: %q", out)
	}
}

// The three compile states. The lossy one names SchemaPort's own compile
// flag: our CLI has no --allow-lossy, so the hint must not read as ours.
func TestCompileHint(t *testing.T) {
	cases := []struct {
		c    provider.Compile
		want string
	}{
		{provider.Compile{Supported: true, Detail: "Adds `additionalProperties: false`."}, "Compile fixes this (`schemaport-action compile`): Adds `additionalProperties: false`."},
		{provider.Compile{Supported: true, Lossy: true, Detail: "Drops `maxLength`."}, "Compile fixes this with loss (`schemaport-action compile --allow-lossy`): Drops `maxLength`."},
		{provider.Compile{Supported: true, Lossy: true}, "Compile fixes this with loss (`schemaport-action compile --allow-lossy`)"},
		{provider.Compile{Detail: "Refused."}, "Compile cannot fix this: Refused."},
		{provider.Compile{Supported: true, Detail: "Preserved verbatim in `input_schema`."}, "Compile keeps this as written (`schemaport-action compile`): Preserved verbatim in `input_schema`."},
		{provider.Compile{Supported: true, Detail: "Emits the constraint unchanged."}, "Compile keeps this as written (`schemaport-action compile`): Emits the constraint unchanged."},
	}
	for _, c := range cases {
		if got := compileHint(c.c); got != c.want {
			t.Errorf("compileHint(%+v) = %q, want %q", c.c, got, c.want)
		}
	}
	out := string(render(t, func(b *bytes.Buffer) error { return CheckText(b, checkFixture(t), TextOptions{}) }))
	if strings.Contains(out, "Can compile with --allow-lossy") || !strings.Contains(out, "  Compile fixes this with loss (`schemaport-action compile --allow-lossy`): Makes `amount` required and nullable.\n") {
		t.Errorf("lossy finding's compile line:\n%s", out)
	}
}
