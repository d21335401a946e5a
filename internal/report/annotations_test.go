package report

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// parsedCommand is a workflow command as the runner reads it
// (ActionCommand.TryParseV2 and its unescaping).
type parsedCommand struct {
	name    string
	props   map[string]string
	message string
}

func runnerUnescape(s string) string {
	for _, m := range [][2]string{{"%0D", "\r"}, {"%0A", "\n"}, {"%3A", ":"}, {"%2C", ","}, {"%25", "%"}} {
		s = strings.ReplaceAll(s, m[0], m[1])
	}
	return s
}

// parseCommands splits output into lines and parses every line that the
// runner would take for a command.
func parseCommands(t *testing.T, out string) []parsedCommand {
	t.Helper()
	var cmds []parsedCommand
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		// The runner splits on \n and trims; \r must never appear either.
		if strings.ContainsRune(line, '\r') {
			t.Fatalf("raw CR in %q", line)
		}
		l := strings.TrimLeft(line, " \t")
		if !strings.HasPrefix(l, "::") {
			t.Fatalf("a line that is not a command: %q", line)
		}
		end := strings.Index(l[2:], "::")
		if end < 0 {
			t.Fatalf("no end of command in %q", line)
		}
		head, msg := l[2:2+end], l[2+end+2:]
		c := parsedCommand{props: map[string]string{}, message: runnerUnescape(msg)}
		name, props, _ := strings.Cut(head, " ")
		c.name = name
		if props != "" {
			for _, p := range strings.Split(props, ",") {
				k, v, ok := strings.Cut(p, "=")
				if !ok {
					t.Fatalf("property without '=' in %q", line)
				}
				c.props[strings.ToLower(k)] = runnerUnescape(v)
			}
		}
		cmds = append(cmds, c)
	}
	return cmds
}

// annotationCode is the code an annotation's message names on its
// "Code: " line (the title is a sentence, not the code).
func annotationCode(message string) string {
	for _, line := range strings.Split(message, "\n") {
		if code, ok := strings.CutPrefix(line, "Code: "); ok {
			return code
		}
	}
	return ""
}

func annotate(t *testing.T, items []Annotation, limit int) string {
	t.Helper()
	return string(render(t, func(b *bytes.Buffer) error { return Annotations(b, items, limit) }))
}

var hostile = []string{
	"\n::error::injected",
	"%0A::error::injected",
	"::stop-commands::token",
	"a,title=evil,line=1",
	"file:x:y",
	"\r\n::warning file=a.json::b",
	"50%25 off %",
	"tab\there",
	"end\n",
}

func TestAnnotationsCannotInject(t *testing.T) {
	var items []Annotation
	for i, h := range hostile {
		items = append(items, Annotation{
			Level: LevelError, File: "tools/" + h + ".json", Line: i + 1, Col: 2, EndLine: i + 1, EndColumn: 5,
			Title: "code" + h, Message: "message " + h,
		})
	}
	out := annotate(t, items, 0)
	cmds := parseCommands(t, out)
	if len(cmds) != len(items) {
		t.Fatalf("%d commands for %d annotations:\n%s", len(cmds), len(items), out)
	}
	got := map[string]parsedCommand{}
	for _, c := range cmds {
		if c.name != "error" {
			t.Errorf("command %q", c.name)
		}
		got[c.props["title"]] = c
	}
	// Every value comes back exactly as given: escaping is lossless for
	// both the message and the properties.
	for i, h := range hostile {
		c, ok := got["code"+h]
		if !ok {
			t.Errorf("title %q lost", "code"+h)
			continue
		}
		if c.message != "message "+h || c.props["file"] != "tools/"+h+".json" || c.props["line"] != strconv.Itoa(i+1) {
			t.Errorf("round trip of %q: %+v", h, c)
		}
	}
}

func TestAnnotationsFromHostileToolText(t *testing.T) {
	// A property name, a message and a changed value full of command syntax
	// and an ESC, through the check and diff helpers.
	src, v := sourceFrom(t, "tools/evil.json", []byte("{\"name\":\"evil\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"x\\n::error::owned\":{\"type\":\"string\"}}}}"))
	tl := &tool.Tool{Name: "evil", Value: v, Source: src}
	key := schemapath.Key("inputSchema.properties", "x\n::error::owned")
	res := checkFixture(t)
	res.Tools = append(res.Tools, check.ToolResult{Tool: tl, Targets: []check.TargetResult{target("mcp", "MCP",
		diag(tl, "mcp", "warning", "mcp/x", key, "Description says \n::error file=x::pwned %0A \x1b[2J", provider.Compile{}, ""))}})
	d := diffFixture(t)
	d.Changes[1].Message = "Property `x\r\n::stop-commands::abc` was added."
	d.Changes[1].After = literal(t, `{"description":"\n::error::in value"}`)
	items := PolicyAnnotations(policyOf(res, d, nil, false), nil)
	out := annotate(t, items, 0)
	if strings.ContainsRune(out, 0x1b) {
		t.Errorf("an ESC from a tool file reached the log")
	}
	cmds := parseCommands(t, out)
	if len(cmds) != len(items) {
		t.Fatalf("%d commands for %d annotations", len(cmds), len(items))
	}
	found := map[string]bool{}
	for _, c := range cmds {
		switch annotationCode(c.message) {
		case "mcp/x":
			found["mcp/x"] = true
			// The title is the message's first clause: it stops at the
			// line break, before the command syntax.
			if c.props["line"] != "1" || c.props["title"] != "MCP: description says (evil)" || !strings.Contains(c.message, "::error file=x::pwned %0A") {
				t.Errorf("hostile finding: %+v", c)
			}
		case "required-property-added":
			// The title stops at the CR LF, before the command syntax;
			// the message keeps it, escaped.
			found["required-property-added"] = true
			if c.props["title"] != "Breaking: property x (refund_order)" || !strings.Contains(c.message, "::stop-commands::abc") {
				t.Errorf("hostile change: %+v", c)
			}
		}
	}
	if len(found) != 2 {
		t.Errorf("hostile finding or change missing: %v", found)
	}
}

func TestGoGitHubActionsEscaping(t *testing.T) {
	// We rely on go-githubactions for escaping; pin what it does.
	line := annotationCommand(Annotation{Level: LevelWarning, File: "a,b:c%.json", Title: "t\r\n", Message: "m%\r\n:,", Line: 3})
	want := "::warning endLine=3,file=a%2Cb%3Ac%25.json,line=3,title=t%0D%0A::m%25%0D%0A:,"
	if line != want {
		t.Errorf("got  %s\nwant %s", line, want)
	}
}

func TestAnnotationColumnsOnlyOnOneLine(t *testing.T) {
	cmds := parseCommands(t, annotate(t, []Annotation{
		{Level: LevelError, File: "a.json", Line: 3, Col: 5, EndLine: 3, EndColumn: 9, Title: "single"},
		{Level: LevelError, File: "a.json", Line: 3, Col: 5, EndLine: 6, EndColumn: 2, Title: "multi"},
		{Level: LevelError, File: "a.json", Line: 4, Col: 5, EndLine: 2, EndColumn: 2, Title: "backwards"},
		{Level: LevelError, File: "./b.json", Title: "fileonly"},
	}, 0))
	byTitle := map[string]map[string]string{}
	for _, c := range cmds {
		byTitle[c.props["title"]] = c.props
	}
	if p := byTitle["single"]; p["col"] != "5" || p["endColumn"] != "" && p["endcolumn"] != "9" {
		t.Errorf("single line %v", p)
	}
	if p := byTitle["multi"]; p["col"] != "" || p["endcolumn"] != "" || p["endline"] != "6" {
		t.Errorf("multi line %v", p)
	}
	if p := byTitle["backwards"]; p["endline"] != "4" {
		t.Errorf("backwards span %v", p)
	}
	if p := byTitle["fileonly"]; p["file"] != "b.json" || p["line"] != "" {
		t.Errorf("file only %v", p)
	}
}

func many(level string, prio, n int, prefix string) []Annotation {
	var out []Annotation
	for i := range n {
		out = append(out, Annotation{Level: level, Priority: prio, File: "f.json", Line: i + 1, Title: prefix + strconv.Itoa(i), Message: "m"})
	}
	return out
}

func countLevels(cmds []parsedCommand) map[string]int {
	m := map[string]int{}
	for _, c := range cmds {
		m[c.name]++
	}
	return m
}

func TestAnnotationLimits(t *testing.T) {
	items := append(many(LevelError, PriorityError, 5, "check-error-"), many(LevelError, PriorityBreaking, 8, "breaking-")...)
	items = append(items, many(LevelWarning, PriorityWarning, 12, "warning-")...)
	items = append(items, many(LevelNotice, PriorityNotice, 3, "notice-")...)
	cmds := parseCommands(t, annotate(t, items, MaxAnnotationsPerLevel))
	if got := countLevels(cmds); got["error"] != 10 || got["warning"] != 10 || got["notice"] != 4 {
		t.Errorf("levels %v", got)
	}
	// Breaking changes win the error places, in order.
	for i := range 8 {
		if cmds[i].props["title"] != "breaking-"+strconv.Itoa(i) {
			t.Fatalf("position %d is %s", i, cmds[i].props["title"])
		}
	}
	shownChecks := 0
	for _, c := range cmds {
		if strings.HasPrefix(c.props["title"], "check-error-") {
			shownChecks++
		}
	}
	if shownChecks != 2 {
		t.Errorf("%d check errors shown, want 2", shownChecks)
	}
	last := cmds[len(cmds)-1]
	if last.name != "notice" || !strings.HasPrefix(last.message, "5 more findings are in the job summary and the SARIF report") {
		t.Errorf("last command %+v", last)
	}

	// Many notices: one place is kept for the overflow notice.
	cmds = parseCommands(t, annotate(t, many(LevelNotice, PriorityNotice, 25, "n-"), MaxAnnotationsPerLevel))
	if len(cmds) != 10 || !strings.HasPrefix(cmds[9].message, "16 more findings") {
		t.Errorf("%d commands, last %q", len(cmds), cmds[len(cmds)-1].message)
	}

	// Exactly at the limit: no overflow notice.
	cmds = parseCommands(t, annotate(t, many(LevelError, PriorityError, 10, "e-"), MaxAnnotationsPerLevel))
	if len(cmds) != 10 || countLevels(cmds)["notice"] != 0 {
		t.Errorf("%d commands at the limit", len(cmds))
	}
	if out := annotate(t, nil, MaxAnnotationsPerLevel); out != "" {
		t.Errorf("no items wrote %q", out)
	}
}

func TestAnnotationsGolden(t *testing.T) {
	items := PolicyAnnotations(policyOf(checkFixture(t), diffFixture(t), loadErrorsFixture(), false), nil)
	MapFiles(items, RepoRelative("/repo", "/repo/sub"))
	out := annotate(t, items, MaxAnnotationsPerLevel)
	golden(t, "annotations.txt", []byte(out))
	if again := annotate(t, items, MaxAnnotationsPerLevel); again != out {
		t.Error("two renders differ")
	}
}

func TestDiffAnnotations(t *testing.T) {
	res := diffFixture(t)
	for _, approved := range []bool{false, true} {
		byCode := map[string]Annotation{}
		for _, a := range PolicyAnnotations(policyOf(nil, res, nil, approved), nil) {
			byCode[annotationCode(a.Message)] = a
		}
		b := byCode["property-removed"]
		wantLevel, wantPriority, wantTitle := LevelError, PriorityBreaking, "Breaking: property includeItems removed (search_orders)"
		if approved {
			// Approved: tolerated, so it ranks behind every new finding.
			wantLevel, wantPriority, wantTitle = LevelWarning, tierTolerated+PriorityBreaking, "Approved breaking: property includeItems removed (search_orders)"
		}
		if b.Level != wantLevel || b.Priority != wantPriority || !b.Breaking || b.Title != wantTitle {
			t.Errorf("approved=%v: breaking change is %s/%d %q", approved, b.Level, b.Priority, b.Title)
		}
		// A removed property points at the nearest surviving place in the new file.
		if b.File != "v2/search-orders.json" || b.Line != 6 || !strings.Contains(b.Message, "Was at: v1/search-orders.json:9:7") {
			t.Errorf("removed property: %+v", b)
		}
		if !strings.Contains(b.Message, "search_orders") || !strings.Contains(b.Message, "Path: inputSchema.properties.includeItems") ||
			!strings.Contains(b.Message, `Before: {"type":"boolean"}`) {
			t.Errorf("message lacks tool, path or before: %q", b.Message)
		}
		// A tool whose file is gone has no place in the pull request to
		// point at: the annotation names no file.
		if gone := byCode["tool-removed"]; gone.File != "" || gone.Line != 0 || !strings.Contains(gone.Message, "tool legacy_lookup") {
			t.Errorf("a tool whose file is gone: %+v", gone)
		}
		if n := byCode["optional-property-added"]; n.Level != LevelNotice {
			t.Errorf("non-breaking change is %s", n.Level)
		}
	}
	if PolicyAnnotations(nil, nil) != nil || len(PolicyAnnotations(policyOf(nil, &diff.Result{}, nil, false), nil)) != 0 {
		t.Error("empty diff gave annotations")
	}
}

func TestCheckAnnotations(t *testing.T) {
	items := PolicyAnnotations(policyOf(checkFixture(t), nil, nil, false), nil)
	if len(items) != 6 {
		t.Fatalf("%d annotations", len(items))
	}
	a := items[0]
	if a.Level != LevelError || a.Title != "OpenAI: OpenAI strict mode needs additionalProperties: false on every object (refund_order)" ||
		annotationCode(a.Message) != "openai/object-missing-additional-properties" || a.File != "tools/refund-order.json" ||
		a.Line != 4 || a.Col != 3 || a.EndLine != 4 || a.EndColumn != 15 {
		t.Errorf("first annotation %+v", a)
	}
	if !strings.Contains(a.Message, "tool refund_order") || !strings.Contains(a.Message, "Path: inputSchema.additionalProperties") ||
		!strings.Contains(a.Message, "Compile fixes this (`schemaport-action compile`): Adds") {
		t.Errorf("message %q", a.Message)
	}
	levels := map[string]int{}
	for _, a := range items {
		levels[a.Level]++
	}
	if levels[LevelError] != 2 || levels[LevelWarning] != 3 || levels[LevelNotice] != 1 {
		t.Errorf("levels %v", levels)
	}
}

func TestLongMessagesAreCut(t *testing.T) {
	cmds := parseCommands(t, annotate(t, []Annotation{{Level: LevelError, Message: strings.Repeat("é", 5000)}}, 0))
	if n := len([]rune(cmds[0].message)); n != maxAnnotationMessage {
		t.Errorf("message has %d characters", n)
	}
}

func TestOverflowNoticeNamesWhereTheRestIs(t *testing.T) {
	items := many(LevelError, PriorityError, 12, "e-")
	var b strings.Builder
	if err := AnnotationsSeeAlso(&b, items, MaxAnnotationsPerLevel, "the JSON report"); err != nil {
		t.Fatal(err)
	}
	cmds := parseCommands(t, b.String())
	if last := cmds[len(cmds)-1]; last.name != "notice" || !strings.HasPrefix(last.message, "2 more findings are in the JSON report (") {
		t.Errorf("overflow notice %+v", last)
	}
}

// Within a level the most important come first: breaking changes, then
// check errors that compiling cannot fix (unsupported or lossy), then the
// ones it fixes; among warnings, anthropic/schema-not-enforced (one per
// tool) comes last. Ties go by file and line.
func TestAnnotationOrderWithinLevels(t *testing.T) {
	d := func(file string, line int, sev, code string, c provider.Compile) provider.Diagnostic {
		return provider.Diagnostic{File: file, Line: line, Column: 1, EndLine: line, EndColumn: 2, Severity: sev, Code: code, Path: "inputSchema", Compile: c}
	}
	fixes := provider.Compile{Supported: true}
	lossy := provider.Compile{Supported: true, Lossy: true}
	refused := provider.Compile{}
	res := finish(&check.Result{Tools: []check.ToolResult{{Tool: &tool.Tool{Name: "t"}, Targets: []check.TargetResult{
		target("openai", "OpenAI",
			d("a.json", 1, "error", "openai/compilable-a1", fixes),
			d("a.json", 9, "error", "openai/lossy-a9", lossy),
			d("b.json", 2, "error", "openai/refused-b2", refused),
			d("a.json", 5, "error", "openai/refused-a5", refused),
			d("b.json", 1, "error", "openai/compilable-b1", fixes),
		),
		target("anthropic", "Anthropic",
			d("a.json", 1, "warning", "anthropic/schema-not-enforced", fixes),
			d("c.json", 7, "warning", "anthropic/keyword-not-documented", fixes),
			d("b.json", 3, "warning", "anthropic/constraint-not-enforced", refused),
		),
	}}}})
	changes := &diff.Result{Changes: []diff.Change{{Classification: diff.Breaking, Code: "enum-narrowed", ToolName: "t", Path: "inputSchema.properties.x.enum",
		New: diff.Location{File: "z.json", Line: 40, Column: 1, EndLine: 40, EndColumn: 2}}}}
	items := PolicyAnnotations(policyOf(res, changes, nil, false), nil)
	var got []string
	for _, c := range parseCommands(t, annotate(t, items, MaxAnnotationsPerLevel)) {
		got = append(got, c.name+" "+annotationCode(c.message))
	}
	want := []string{
		"error enum-narrowed",
		"error openai/refused-a5",
		"error openai/lossy-a9",
		"error openai/refused-b2",
		"error openai/compilable-a1",
		"error openai/compilable-b1",
		"warning anthropic/constraint-not-enforced",
		"warning anthropic/keyword-not-documented",
		"warning anthropic/schema-not-enforced",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("order\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Under the cap, an unfixable error wins a place over compilable ones,
	// and schema-not-enforced loses its place to any other warning.
	var many []provider.Diagnostic
	for i := range 12 {
		many = append(many, d("a.json", i+1, "error", "openai/compilable", fixes))
		many = append(many, d("a.json", i+1, "warning", "anthropic/schema-not-enforced", fixes))
	}
	many = append(many, d("z.json", 99, "error", "openai/refused", refused), d("z.json", 99, "warning", "gemini/format-not-enforced", fixes))
	capped := finish(&check.Result{Tools: []check.ToolResult{{Tool: &tool.Tool{Name: "t"}, Targets: []check.TargetResult{target("openai", "OpenAI", many...)}}}})
	cmds := parseCommands(t, annotate(t, PolicyAnnotations(policyOf(capped, nil, nil, false), nil), MaxAnnotationsPerLevel))
	if code := annotationCode(cmds[0].message); code != "openai/refused" {
		t.Errorf("first error is %s", code)
	}
	if code := annotationCode(cmds[10].message); code != "gemini/format-not-enforced" {
		t.Errorf("first warning is %s", code)
	}
	if last := cmds[len(cmds)-1]; last.name != "notice" || !strings.HasPrefix(last.message, "6 more findings are in") {
		t.Errorf("overflow notice %+v", last)
	}
}
