package main

// Tests over testdata/realworld: tool sets modelled on what real servers and
// schema generators emit (a GitHub-like MCP server, a filesystem server,
// SQL, browser automation, calendar, payments, CRM with $defs, OpenAI-strict
// ready tools, Gemini-style OpenAPI schemas, Pydantic, zod-to-json-schema and
// FastMCP output), in the three file shapes, with a v2 that makes realistic
// breaking, safe and cosmetic edits. Each assertion here was checked by hand
// against the spec; the ones that fail today because of a reported bug are
// skipped with the reason, so the suite stays green until it is fixed.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

const (
	rwV1         = "testdata/realworld/v1"
	rwV2         = "testdata/realworld/v2"
	rwAllTargets = "openai,anthropic,gemini,mcp,anthropic-strict"
)

var (
	rwRootOnce sync.Once
	rwRootDir  string
)

// rwRoot is the repository root as an absolute path. repoRoot is relative
// to the working directory, which runCLI changes, so it is worked out once,
// before any test has moved.
func rwRoot(t *testing.T) string {
	t.Helper()
	rwRootOnce.Do(func() {
		if abs, err := filepath.Abs(repoRoot(t)); err == nil {
			rwRootDir = abs
		}
	})
	if rwRootDir == "" {
		t.Fatal("cannot find the repository root")
	}
	return rwRootDir
}

type rwDiagnostic struct {
	Severity  string `json:"severity"`
	Code      string `json:"code"`
	Path      string `json:"path"`
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	Compile   struct {
		Supported bool `json:"supported"`
		Lossy     bool `json:"lossy"`
	} `json:"compile"`
}

type rwLoadError struct {
	SourcePath string `json:"sourcePath"`
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	EndLine    *int   `json:"endLine"`
	EndColumn  *int   `json:"endColumn"`
	Path       string `json:"path"`
	Message    string `json:"message"`
}

type rwCheckDoc struct {
	Summary struct {
		Tools, Errors, Warnings, Infos int
	} `json:"summary"`
	Tools []struct {
		Name    string `json:"name"`
		Source  string `json:"source"`
		Targets map[string]struct {
			Diagnostics []rwDiagnostic `json:"diagnostics"`
		} `json:"targets"`
	} `json:"tools"`
	Errors []rwLoadError `json:"errors"`
}

// diagnostics returns tool's findings for target (nil when the tool or the
// target is absent).
func (d *rwCheckDoc) diagnostics(tool, target string) []rwDiagnostic {
	for _, t := range d.Tools {
		if t.Name == tool {
			return t.Targets[target].Diagnostics
		}
	}
	return nil
}

func (d *rwCheckDoc) hasTool(name string) bool {
	for _, t := range d.Tools {
		if t.Name == name {
			return true
		}
	}
	return false
}

type rwChange struct {
	Classification string          `json:"classification"`
	Code           string          `json:"code"`
	ToolName       string          `json:"toolName"`
	Path           string          `json:"path"`
	Before         json.RawMessage `json:"before"`
	After          json.RawMessage `json:"after"`
	File           string          `json:"file"`
	Line           int             `json:"line"`
}

type rwDiffDoc struct {
	Summary struct {
		Breaking      int `json:"breaking"`
		NonBreaking   int `json:"nonBreaking"`
		Informational int `json:"informational"`
	} `json:"summary"`
	Changes []rwChange    `json:"changes"`
	Errors  []rwLoadError `json:"errors"`
}

func (d *rwDiffDoc) changesOf(tool string) []rwChange {
	var out []rwChange
	for _, c := range d.Changes {
		if c.ToolName == tool {
			out = append(out, c)
		}
	}
	return out
}

func rwCheckJSON(t *testing.T, args ...string) (int, *rwCheckDoc) {
	t.Helper()
	code, stdout, stderr := runCLI(t, rwRoot(t), append(append([]string{"check"}, args...), "--format", "json")...)
	var doc rwCheckDoc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("check %v: exit %d, not JSON (%v)\nstdout %.2000s\nstderr %s", args, code, err, stdout, stderr)
	}
	return code, &doc
}

func rwDiffJSON(t *testing.T, args ...string) (int, *rwDiffDoc) {
	t.Helper()
	code, stdout, stderr := runCLI(t, rwRoot(t), append(append([]string{"diff"}, args...), "--format", "json")...)
	var doc rwDiffDoc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("diff %v: exit %d, not JSON (%v)\nstdout %.2000s\nstderr %s", args, code, err, stdout, stderr)
	}
	return code, &doc
}

func TestRealworldCheckLoadsEveryShape(t *testing.T) {
	for _, c := range []struct {
		dir   string
		tools int
	}{{rwV1, 49}, {rwV2, 49}} {
		code, doc := rwCheckJSON(t, c.dir, "--targets", rwAllTargets)
		if code != 1 || len(doc.Errors) != 0 {
			t.Fatalf("%s: exit %d, load errors %+v", c.dir, code, doc.Errors)
		}
		if doc.Summary.Tools != c.tools || len(doc.Tools) != c.tools {
			t.Errorf("%s: %d tools (summary %d), want %d", c.dir, len(doc.Tools), doc.Summary.Tools, c.tools)
		}
	}
	// One tool from each file shape, and the draft-07 / definitions /
	// Pydantic generators, each attributed to its own file.
	_, doc := rwCheckJSON(t, rwV1, "--targets", "mcp")
	for name, source := range map[string]string{
		"create_issue":   rwV1 + "/github-mcp.json",           // tools wrapper
		"run_sql_query":  rwV1 + "/database.json",             // array
		"edit_file":      rwV1 + "/filesystem/edit_file.json", // single tool, draft-07 $schema
		"create_invoice": rwV1 + "/zod/create_invoice.json",   // definitions + #/definitions refs
		"book_flight":    rwV1 + "/pydantic/travel.json",      // $defs, anyOf null, default null
		"weather.alerts": rwV1 + "/fastmcp.json",
	} {
		found := false
		for _, tl := range doc.Tools {
			if tl.Name == name {
				found = true
				if tl.Source != source {
					t.Errorf("%s: source %q, want %q", name, tl.Source, source)
				}
			}
		}
		if !found {
			t.Errorf("tool %s not loaded", name)
		}
	}
}

// rwFact is one finding that must (or must not) be reported.
type rwFact struct {
	tool, target, code, path, severity string
	absent                             bool
}

func TestRealworldCheckFacts(t *testing.T) {
	_, v1 := rwCheckJSON(t, rwV1, "--targets", rwAllTargets)
	_, v2 := rwCheckJSON(t, rwV2, "--targets", rwAllTargets)
	facts := []rwFact{
		// OpenAI: `uri` is not one of its formats; Anthropic documents it.
		{tool: "browser_navigate", target: "openai", code: "openai/unsupported-string-format", path: "inputSchema.properties.url.format", severity: "error"},
		{tool: "browser_navigate", target: "anthropic-strict", code: "anthropic/strict-unsupported-string-format", path: "inputSchema.properties.url.format", absent: true},
		{tool: "browser_navigate", target: "anthropic", code: "anthropic/undocumented-string-format", path: "inputSchema.properties.url.format", absent: true},
		// zod-to-json-schema draft-07 output.
		{tool: "create_invoice", target: "openai", code: "openai/legacy-definitions-keyword", path: "inputSchema.definitions", severity: "warning"},
		{tool: "create_invoice", target: "mcp", code: "mcp/non-default-schema-dialect", path: "inputSchema.$schema", severity: "warning"},
		{tool: "create_invoice", target: "gemini", code: "gemini/unsupported-schema-reference", path: "inputSchema.properties.lineItems.items.$ref", severity: "error"},
		{tool: "create_invoice", target: "anthropic-strict", code: "anthropic/strict-drops-numeric-constraint", path: "inputSchema.definitions.LineItem.properties.quantity.exclusiveMinimum", severity: "error"},
		{tool: "edit_file", target: "mcp", code: "mcp/non-default-schema-dialect", path: "inputSchema.$schema", severity: "warning"},
		{tool: "edit_file", target: "openai", code: "openai/annotation-keyword-dropped", path: "inputSchema.$schema", severity: "info"},
		// A dotted FastMCP name: fine for Gemini and MCP, not for OpenAI/Anthropic.
		{tool: "weather.alerts", target: "openai", code: "openai/tool-name-invalid-characters", path: "name", severity: "error"},
		{tool: "weather.alerts", target: "anthropic", code: "anthropic/invalid-tool-name", path: "name", severity: "error"},
		{tool: "weather.alerts", target: "gemini", code: "gemini/invalid-function-name", path: "name", absent: true},
		{tool: "weather.alerts", target: "mcp", code: "mcp/tool-name-characters", path: "name", absent: true},
		// OpenAI-strict style nullable enum: Gemini enums are strings only.
		{tool: "get_weather", target: "gemini", code: "gemini/non-string-enum-values", path: "inputSchema.properties.units.enum", severity: "error"},
		// Gemini/OpenAPI style.
		{tool: "find_restaurants", target: "mcp", code: "mcp/nullable-keyword-ignored", path: "inputSchema.properties.cuisine.nullable", severity: "info"},
		{tool: "find_restaurants", target: "openai", code: "openai/nullable-keyword-converted", path: "inputSchema.properties.cuisine.nullable", severity: "warning"},
		{tool: "find_restaurants", target: "openai", code: "openai/unknown-keyword", path: "inputSchema.propertyOrdering", severity: "error"},
		{tool: "find_restaurants", target: "openai", code: "openai/unknown-keyword", path: "inputSchema.properties.location.example", severity: "error"},
		{tool: "find_restaurants", target: "gemini", code: "gemini/format-not-enforced", path: "inputSchema.properties.price_level.format", severity: "warning"},
		{tool: "find_restaurants", target: "anthropic-strict", code: "anthropic/strict-unsupported-string-format", path: "inputSchema.properties.price_level.format", severity: "error"},
		// Defaults and examples that their own schema rejects; formats are not asserted.
		{tool: "resize_image", target: "core", code: "core/invalid-default", path: "inputSchema.properties.width.default", severity: "error"},
		{tool: "resize_image", target: "core", code: "core/invalid-default", path: "inputSchema.properties.fit.default", severity: "error"},
		{tool: "resize_image", target: "core", code: "core/invalid-example", path: "inputSchema.properties.background.examples[1]", severity: "error"},
		{tool: "resize_image", target: "core", code: "core/invalid-example", path: "inputSchema.properties.background.examples[0]", absent: true},
		{tool: "resize_image", target: "core", code: "core/invalid-default", path: "inputSchema.properties.quality.default", absent: true},
		{tool: "schedule_reminder", target: "core", code: "core/invalid-default", path: "inputSchema.properties.remind_at.default", absent: true},
		{tool: "paginate_items", target: "core", code: "core/invalid-default", path: "inputSchema.properties.page_token.default", severity: "error"},
		{tool: "paginate_items", target: "core", code: "core/invalid-example", path: "inputSchema.examples[1]", severity: "error"},
		{tool: "paginate_items", target: "core", code: "core/invalid-example", path: "inputSchema.properties.page_size.examples[2]", severity: "error"},
		// Pydantic `default: null` beside `anyOf [..., null]` is valid.
		{tool: "book_flight", target: "core", code: "core/invalid-default", path: "inputSchema.properties.return_date.default", absent: true},
		{tool: "book_flight", target: "gemini", code: "gemini/unsupported-schema-reference", path: "inputSchema.properties.cabin.$ref", severity: "error"},
		{tool: "book_flight", target: "openai", code: "openai/strict-optional-property", path: "inputSchema.$defs.Passenger.properties.loyalty_number", severity: "error"},
		// $defs + $ref: Gemini reports at the use site; OpenAI walks $defs, unused ones included.
		{tool: "upsert_contact", target: "gemini", code: "gemini/unsupported-schema-reference", path: "inputSchema.properties.contact.$ref", severity: "error"},
		{tool: "upsert_contact", target: "gemini", code: "gemini/unsupported-string-format", path: "inputSchema.$defs.Contact.properties.email.format", severity: "error"},
		{tool: "upsert_contact", target: "gemini", code: "gemini/unsupported-keyword", path: "inputSchema.properties.custom_fields.patternProperties", severity: "error"},
		{tool: "upsert_contact", target: "openai", code: "openai/undocumented-constraint-keyword", path: "inputSchema.properties.custom_fields.patternProperties", severity: "error"},
		{tool: "upsert_contact", target: "openai", code: "openai/object-missing-additional-properties", path: "inputSchema.$defs.LegacyAddress.additionalProperties", severity: "error"},
		{tool: "upsert_contact", target: "anthropic-strict", code: "anthropic/strict-missing-additional-properties", path: "inputSchema.$defs.LegacyAddress.additionalProperties", severity: "error"},
		// Anthropic strict: minItems 0/1 only.
		{tool: "browser_click", target: "anthropic-strict", code: "anthropic/strict-drops-array-constraint", path: "inputSchema.properties.coordinate.minItems", severity: "error"},
		{tool: "browser_click", target: "anthropic", code: "anthropic/constraint-not-enforced", path: "inputSchema.properties.coordinate.minItems", severity: "warning"},
		{tool: "find_free_slots", target: "anthropic-strict", code: "anthropic/strict-drops-array-constraint", path: "inputSchema.properties.emails.minItems", absent: true},
		{tool: "find_free_slots", target: "anthropic-strict", code: "anthropic/strict-drops-array-constraint", path: "inputSchema.properties.emails.maxItems", severity: "error"},
		// Payments: integer cents with exclusiveMinimum and multipleOf.
		{tool: "create_payment_intent", target: "gemini", code: "gemini/unsupported-exclusive-minimum", path: "inputSchema.properties.amount.exclusiveMinimum", severity: "error"},
		{tool: "create_payment_intent", target: "openai", code: "openai/additional-properties-schema", path: "inputSchema.properties.metadata.additionalProperties", severity: "error"},
		{tool: "create_subscription", target: "gemini", code: "gemini/unsupported-multiple-of", path: "inputSchema.properties.unit_amount_decimal.multipleOf", severity: "error"},
		{tool: "create_subscription", target: "anthropic", code: "anthropic/constraint-not-enforced", path: "inputSchema.properties.unit_amount_decimal.multipleOf", severity: "warning"},
		// Schema-valued additionalProperties (a row map).
		{tool: "insert_rows", target: "openai", code: "openai/additional-properties-schema", path: "inputSchema.properties.rows.items.additionalProperties", severity: "error"},
		{tool: "insert_rows", target: "gemini", code: "gemini/multi-type-union", path: "inputSchema.properties.rows.items.additionalProperties.type", severity: "warning"},
		{tool: "describe_table", target: "gemini", code: "gemini/unsupported-additional-properties", path: "inputSchema.additionalProperties", severity: "error"},
		// oneOf of const-tagged actions.
		{tool: "browser_action", target: "openai", code: "openai/one-of-converted-to-any-of", path: "inputSchema.properties.action.oneOf", severity: "error"},
		{tool: "browser_action", target: "openai", code: "openai/const-converted-to-enum", path: "inputSchema.properties.action.oneOf[2].properties.type.const", severity: "info"},
		{tool: "browser_action", target: "gemini", code: "gemini/unsupported-one-of", path: "inputSchema.properties.action.oneOf", severity: "error"},
		// A three-branch anyOf with no sibling type is not type-with-any-of.
		{tool: "create_event", target: "gemini", code: "gemini/type-with-any-of", path: "inputSchema.properties.recurrence.type", absent: true},
	}
	for _, f := range facts {
		if !v1.hasTool(f.tool) {
			t.Errorf("%s: tool missing", f.tool)
			continue
		}
		var got *rwDiagnostic
		for i, d := range v1.diagnostics(f.tool, f.target) {
			if d.Code == f.code && d.Path == f.path {
				got = &v1.diagnostics(f.tool, f.target)[i]
				break
			}
		}
		switch {
		case f.absent && got != nil:
			t.Errorf("%s/%s: unexpected %s at %s", f.tool, f.target, f.code, f.path)
		case !f.absent && got == nil:
			t.Errorf("%s/%s: missing %s at %s", f.tool, f.target, f.code, f.path)
		case !f.absent && got.Severity != f.severity:
			t.Errorf("%s/%s %s: severity %s, want %s", f.tool, f.target, f.code, got.Severity, f.severity)
		}
	}
	// Strict-ready tools are clean for OpenAI.
	for _, name := range []string{"get_weather", "lookup_order", "send_email", "list_tables"} {
		if ds := v1.diagnostics(name, "openai"); len(ds) != 0 {
			t.Errorf("%s: OpenAI findings on a strict-ready tool: %+v", name, ds)
		}
	}
	// Gemini never sees an unused definition (it inlines what is used).
	for _, d := range v1.diagnostics("upsert_contact", "gemini") {
		if strings.Contains(d.Path, "LegacyAddress") {
			t.Errorf("Gemini checked an unused definition: %+v", d)
		}
	}
	// v2 moved move_file to the 2020-12 dialect and fixed every default.
	for _, d := range v2.diagnostics("move_file", "mcp") {
		t.Errorf("move_file (2020-12 $schema): unexpected MCP finding %+v", d)
	}
	if ds := v2.diagnostics("resize_image", "core"); len(ds) != 0 {
		t.Errorf("resize_image v2 has valid defaults and examples, got %+v", ds)
	}
}

// rwLastKey is the property or keyword a diagnostic path ends with, or ""
// when it ends with an array index.
var rwLastKey = regexp.MustCompile(`(?:\.([A-Za-z_$][A-Za-z0-9_$]*)|\[("(?:[^"\\]|\\.)*")\])$`)

// rwSpanText returns the source text a finding's span covers (columns are
// characters, EndColumn exclusive).
func rwSpanText(t *testing.T, root string, d rwDiagnostic, cache map[string][]string) string {
	t.Helper()
	lines, ok := cache[d.File]
	if !ok {
		data, err := os.ReadFile(filepath.Join(root, d.File))
		if err != nil {
			t.Fatal(err)
		}
		lines = strings.Split(string(data), "\n")
		cache[d.File] = lines
	}
	if d.Line < 1 || d.Line > len(lines) || d.EndLine != d.Line {
		return ""
	}
	r := []rune(lines[d.Line-1])
	if d.Column < 1 || d.EndColumn-1 > len(r) || d.EndColumn <= d.Column {
		return ""
	}
	return string(r[d.Column-1 : d.EndColumn-1])
}

// checkSpans asserts that every finding of the given targets underlines the
// key its path ends with. Findings about an absent keyword point at the
// nearest existing ancestor by design and are left out.
func checkSpans(t *testing.T, doc *rwCheckDoc, targets map[string]bool) {
	t.Helper()
	root := rwRoot(t)
	cache := map[string][]string{}
	for _, tl := range doc.Tools {
		for target, res := range tl.Targets {
			if !targets[target] {
				continue
			}
			for _, d := range res.Diagnostics {
				if d.Code == "openai/object-missing-additional-properties" || d.Code == "anthropic/strict-missing-additional-properties" {
					continue
				}
				m := rwLastKey.FindStringSubmatch(d.Path)
				if m == nil {
					continue // ends with [n]: an array element, no key to underline
				}
				want := m[2]
				if m[1] != "" {
					want = `"` + m[1] + `"`
				}
				if got := rwSpanText(t, root, d, cache); got != want {
					t.Errorf("%s %s %s at %s:%d:%d underlines %q, want %q", tl.Name, target, d.Code, d.File, d.Line, d.Column, got, want)
				}
			}
		}
	}
}

func TestRealworldCheckPositions(t *testing.T) {
	_, doc := rwCheckJSON(t, rwV1, "--targets", rwAllTargets)
	checkSpans(t, doc, map[string]bool{"openai": true, "anthropic": true, "mcp": true, "anthropic-strict": true, "core": true})
	// Spot checks, counted by hand.
	for _, c := range []struct {
		tool, target, code, path, file string
		line, col, endCol              int
	}{
		{"browser_navigate", "openai", "openai/unsupported-string-format", "inputSchema.properties.url.format", rwV1 + "/browser.json", 9, 38, 46},
		{"create_invoice", "openai", "openai/legacy-definitions-keyword", "inputSchema.definitions", rwV1 + "/zod/create_invoice.json", 20, 5, 18},
		{"get_weather", "gemini", "gemini/non-string-enum-values", "inputSchema.properties.units.enum", rwV1 + "/openai-strict.json", 9, 48, 54},
		{"weather.alerts", "anthropic", "anthropic/invalid-tool-name", "name", rwV1 + "/fastmcp.json", 32, 7, 13},
	} {
		found := false
		for _, d := range doc.diagnostics(c.tool, c.target) {
			if d.Code != c.code || d.Path != c.path {
				continue
			}
			found = true
			if d.File != c.file || d.Line != c.line || d.Column != c.col || d.EndLine != c.line || d.EndColumn != c.endCol {
				t.Errorf("%s %s: at %s:%d:%d-%d:%d, want %s:%d:%d-%d:%d", c.tool, c.code, d.File, d.Line, d.Column, d.EndLine, d.EndColumn, c.file, c.line, c.col, c.line, c.endCol)
			}
		}
		if !found {
			t.Errorf("%s: no %s at %s", c.tool, c.code, c.path)
		}
	}
}

func TestRealworldGeminiInlinedPositions(t *testing.T) {
	_, doc := rwCheckJSON(t, rwV1, "--targets", "gemini")
	checkSpans(t, doc, map[string]bool{"gemini": true})
}

func TestRealworldCheckExitCodes(t *testing.T) {
	root := rwRoot(t)
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"check", rwV1 + "/openai-strict.json", "--targets", "openai"}, 0},
		{[]string{"check", rwV1 + "/openai-strict.json", "--targets", "openai,gemini"}, 1},
		{[]string{"check", rwV1 + "/openai-strict.json", "--targets", "gemini", "--fail-on", "never"}, 0},
		{[]string{"check", rwV1 + "/filesystem", "--targets", "mcp"}, 0},
		{[]string{"check", rwV1 + "/filesystem", "--targets", "mcp", "--fail-on", "warning"}, 1},
		{[]string{"check", rwV1 + "/filesystem", "--targets", "anthropic", "--fail-on", "lossy"}, 0},
		{[]string{"check", rwV1 + "/fastmcp.json", "--targets", "anthropic", "--fail-on", "lossy"}, 1}, // weather.alerts: a refused rename
	} {
		if code, stdout, stderr := runCLI(t, root, c.args...); code != c.want {
			t.Errorf("%v: exit %d, want %d\n%.1500s\n%s", c.args, code, c.want, stdout, stderr)
		}
	}
}

func TestRealworldTargetsAll(t *testing.T) {
	code, all := rwCheckJSON(t, rwV1, "--targets", "all")
	_, each := rwCheckJSON(t, rwV1, "--targets", rwAllTargets)
	if code != 1 || all.Summary != each.Summary {
		t.Fatalf("--targets all: exit %d, summary %+v, want %+v", code, all.Summary, each.Summary)
	}
}

func TestRealworldOutputIsDeterministic(t *testing.T) {
	root := rwRoot(t)
	for _, args := range [][]string{
		{"check", rwV1, "--targets", rwAllTargets},
		{"check", rwV1, "--targets", rwAllTargets, "--format", "json"},
		{"check", rwV1, "--targets", rwAllTargets, "--format", "sarif"},
		{"diff", rwV1, rwV2},
		{"diff", rwV1, rwV2, "--format", "json"},
		{"diff", rwV1, rwV2, "--format", "sarif"},
	} {
		_, first, _ := runCLI(t, root, args...)
		if first == "" {
			t.Fatalf("%v: no output", args)
		}
		if _, again, _ := runCLI(t, root, args...); again != first {
			t.Errorf("%v: output differs between runs", args)
		}
	}
}

// rwWant is one expected diff change.
type rwWant struct{ tool, code, path, class string }

func TestRealworldDiffClassification(t *testing.T) {
	code, doc := rwDiffJSON(t, rwV1, rwV2)
	if code != 1 || len(doc.Errors) != 0 {
		t.Fatalf("exit %d, errors %+v", code, doc.Errors)
	}
	const (
		brk  = "breaking"
		safe = "non-breaking"
		info = "informational"
	)
	wants := []rwWant{
		// GitHub-like server.
		{"add_issue_comment", "tool-removed", "name", brk},
		{"request_review", "tool-added", "name", safe},
		{"search_code", "tool-renamed", "name", brk},
		{"create_issue", "constraint-added", "inputSchema.properties.labels.maxItems", brk},
		{"create_issue", "type-narrowed", "inputSchema.properties.milestone.type", brk},
		{"create_issue", "optional-property-added", "inputSchema.properties.parent_issue", safe},
		{"create_issue", "description-changed", "inputSchema.properties.milestone.description", info},
		{"list_pull_requests", "enum-expanded", "inputSchema.properties.state.enum", safe},
		{"list_pull_requests", "constraint-narrowed", "inputSchema.properties.per_page.maximum", brk},
		{"list_pull_requests", "tool-description-changed", "description", info},
		{"merge_pull_request", "enum-narrowed", "inputSchema.properties.merge_method.enum", brk},
		{"merge_pull_request", "property-made-required", "inputSchema.required", brk},
		// Filesystem server.
		{"read_text_file", "optional-property-added", "inputSchema.properties.head", safe},
		{"edit_file", "constraint-added", "inputSchema.properties.edits.items.properties.oldText.minLength", brk},
		{"edit_file", "default-changed", "inputSchema.properties.dryRun.default", info},
		{"list_directory", "tool-description-changed", "description", info},
		{"search_files", "required-property-added", "inputSchema.properties.glob", brk},
		{"search_files", "property-removed", "inputSchema.properties.pattern", brk},
		// Database.
		{"run_sql_query", "property-removed", "inputSchema.properties.dry_run", brk},
		{"run_sql_query", "constraint-relaxed", "inputSchema.properties.timeout_ms.maximum", safe},
		{"describe_table", "default-changed", "inputSchema.properties.schema.default", info},
		{"insert_rows", "constraint-narrowed", "inputSchema.properties.rows.maxItems", brk},
		{"insert_rows", "type-widened", "inputSchema.properties.rows.items.additionalProperties.type", safe},
		// Browser: a reorder of oneOf branches is no change, a new branch is breaking.
		{"browser_navigate", "optional-property-added", "inputSchema.properties.wait_until", safe},
		{"browser_click", "enum-expanded", "inputSchema.properties.button.enum", safe},
		// The new branch's `type` const differs from every other branch's:
		// no value matches it and another (issue 9), so nothing breaks.
		{"browser_action", "one-of-branch-added", "inputSchema.properties.action.oneOf[3]", safe},
		{"browser_screenshot", "type-widened", "inputSchema.properties.quality.type", safe},
		{"browser_type", "constraint-removed", "inputSchema.properties.text.minLength", safe},
		// Calendar.
		{"create_event", "type-narrowed", "inputSchema.properties.location.type", brk},
		{"create_event", "composition-widened", "inputSchema.properties.recurrence.anyOf", safe},
		{"create_event", "format-changed", "inputSchema.properties.attendees.items.properties.email.format", info},
		{"list_events", "constraint-narrowed", "inputSchema.properties.max_results.maximum", brk},
		{"update_event", "pattern-changed", "inputSchema.properties.event_id.pattern", brk},
		{"find_free_slots", "constraint-narrowed", "inputSchema.properties.duration_minutes.minimum", brk},
		{"find_free_slots", "constraint-relaxed", "inputSchema.properties.duration_minutes.multipleOf", safe}, // 15 -> 5 divides
		// Payments.
		{"create_payment_intent", "constraint-added", "inputSchema.properties.amount.minimum", brk},
		{"create_payment_intent", "constraint-removed", "inputSchema.properties.amount.exclusiveMinimum", safe},
		{"create_payment_intent", "enum-expanded", "inputSchema.properties.capture_method.enum", safe},
		{"create_refund", "enum-narrowed", "inputSchema.properties.reason.enum", brk},
		{"create_refund", "property-made-required", "inputSchema.required", brk},
		{"list_charges", "constraint-narrowed", "inputSchema.properties.ledger_sequence.maximum", brk},
		{"create_subscription", "constraint-relaxed", "inputSchema.properties.unit_amount_decimal.multipleOf", safe}, // 0.01 -> 0.001
		// CRM: an edit behind a $ref is reported at the use site; an unused
		// definition is informational; patternProperties are compared.
		{"upsert_contact", "pattern-added", "inputSchema.$defs.Address.properties.postal_code.pattern", brk},
		{"upsert_contact", "constraint-added", "inputSchema.$defs.LegacyAddress.properties.street.maxLength", info},
		{"upsert_contact", "type-narrowed", `inputSchema.properties.custom_fields.patternProperties["^cf_[a-z0-9_]+$"].type`, brk},
		{"create_deal", "enum-expanded", "inputSchema.properties.stage.enum", safe},
		{"search_contacts", "additional-properties-restricted", "inputSchema.properties.filters.additionalProperties", brk},
		// OpenAI-strict ready tools: a branch edited in place is diffed at depth.
		{"get_weather", "enum-expanded", "inputSchema.properties.units.enum", safe},
		{"lookup_order", "pattern-added", "inputSchema.properties.order_id.pattern", brk},
		{"send_email", "description-changed", "inputSchema.properties.cc.anyOf[1].description", info},
		// Gemini style.
		{"set_thermostat", "nullable-removed", "inputSchema.properties.mode.nullable", brk},
		{"set_thermostat", "constraint-relaxed", "inputSchema.properties.temperature.minimum", safe},
		// Defaults fixed.
		{"resize_image", "default-changed", "inputSchema.properties.width.default", info},
		{"resize_image", "examples-changed", "inputSchema.properties.background.examples", info},
		{"paginate_items", "type-widened", "inputSchema.properties.page_token.type", safe},
		// Pydantic: an enum narrowed inside $defs, at the use site.
		{"book_flight", "enum-narrowed", "inputSchema.properties.cabin.enum", brk},
		{"book_flight", "constraint-removed", "inputSchema.properties.passengers.minItems", safe},
		{"create_ticket", "default-changed", "inputSchema.properties.priority.default", info},
		// zod: a new required property with a default is still breaking.
		{"schedule_job", "required-property-added", "inputSchema.properties.timezone", brk},
		// FastMCP.
		{"get_forecast", "optional-property-added", "inputSchema.properties.units", safe},
		{"get_forecast", "default-changed", "inputSchema.properties.days.default", info},
		{"summarize_document", "type-widened", "inputSchema.properties.max_words.type", safe},
	}
	for _, w := range wants {
		found := false
		for _, c := range doc.changesOf(w.tool) {
			if c.Code == w.code && c.Path == w.path {
				found = true
				if c.Classification != w.class {
					t.Errorf("%s %s at %s: %s, want %s", w.tool, w.code, w.path, c.Classification, w.class)
				}
			}
		}
		if !found {
			t.Errorf("%s: missing %s at %s", w.tool, w.code, w.path)
		}
	}
	// Cosmetic edits (key order, formatting) and untouched tools: no change.
	for _, name := range []string{"get_file_contents", "write_file", "log_activity", "list_tables", "schedule_reminder", "weather.alerts"} {
		if cs := doc.changesOf(name); len(cs) != 0 {
			t.Errorf("%s: unexpected changes %+v", name, cs)
		}
	}
	// Nothing breaking is hidden under a safe class: every breaking code the
	// tool set triggers is classified breaking wherever it appears.
	breakingCodes := map[string]bool{}
	for _, w := range wants {
		if w.class == brk {
			breakingCodes[w.code] = true
		}
	}
	for _, c := range doc.Changes {
		if breakingCodes[c.Code] && c.Classification != brk && !strings.Contains(c.Path, ".$defs.LegacyAddress.") {
			t.Errorf("%s %s at %s classified %s", c.ToolName, c.Code, c.Path, c.Classification)
		}
	}
}

func TestRealworldDiffExactNumbers(t *testing.T) {
	_, doc := rwDiffJSON(t, rwV1, rwV2)
	want := map[string][2]string{
		"inputSchema.properties.ledger_sequence.maximum":        {"18446744073709551615", "18446744073709551614"},
		"inputSchema.properties.unit_amount_decimal.multipleOf": {"0.01", "0.001"},
		"inputSchema.properties.duration_minutes.multipleOf":    {"15", "5"},
	}
	for _, c := range doc.Changes {
		w, ok := want[c.Path]
		if !ok {
			continue
		}
		delete(want, c.Path)
		if string(c.Before) != w[0] || string(c.After) != w[1] {
			t.Errorf("%s: before %s after %s, want %s and %s", c.Path, c.Before, c.After, w[0], w[1])
		}
	}
	for path := range want {
		t.Errorf("no change at %s", path)
	}
	// The text report prints the uint64 bound digit for digit.
	_, stdout, _ := runCLI(t, rwRoot(t), "diff", rwV1, rwV2)
	if !strings.Contains(stdout, "18446744073709551615 to 18446744073709551614") {
		t.Errorf("text report lost the exact bound:\n%.3000s", stdout)
	}
}

func TestRealworldDiffReversed(t *testing.T) {
	_, doc := rwDiffJSON(t, rwV2, rwV1)
	for _, w := range []rwWant{
		{"request_review", "tool-removed", "name", "breaking"},
		{"add_issue_comment", "tool-added", "name", "non-breaking"},
		{"search_repository_code", "tool-renamed", "name", "breaking"},
		{"read_text_file", "property-removed", "inputSchema.properties.head", "breaking"},
		{"set_thermostat", "nullable-added", "inputSchema.properties.mode.nullable", "non-breaking"},
		{"create_subscription", "constraint-narrowed", "inputSchema.properties.unit_amount_decimal.multipleOf", "breaking"},
		{"browser_action", "composition-narrowed", "inputSchema.properties.action.oneOf", "breaking"},
		{"create_event", "composition-narrowed", "inputSchema.properties.recurrence.anyOf", "breaking"},
		{"list_charges", "constraint-relaxed", "inputSchema.properties.ledger_sequence.maximum", "non-breaking"},
		{"create_refund", "property-made-optional", "inputSchema.required", "non-breaking"},
	} {
		found := false
		for _, c := range doc.changesOf(w.tool) {
			if c.Code == w.code && c.Path == w.path {
				found = true
				if c.Classification != w.class {
					t.Errorf("%s %s: %s, want %s", w.tool, w.code, c.Classification, w.class)
				}
			}
		}
		if !found {
			t.Errorf("%s: missing %s at %s", w.tool, w.code, w.path)
		}
	}
}

func TestRealworldSchemaDialectChangeIsNotBreaking(t *testing.T) {
	_, doc := rwDiffJSON(t, rwV1, rwV2)
	dialect := false
	for _, c := range doc.changesOf("move_file") {
		if c.Classification == "breaking" {
			t.Errorf("move_file: %s at %s is breaking", c.Code, c.Path)
		}
		dialect = dialect || (c.Code == "schema-dialect-changed" && c.Path == "inputSchema.$schema" && c.Classification == "informational")
	}
	if !dialect {
		t.Errorf("move_file: no informational schema-dialect-changed at inputSchema.$schema: %+v", doc.changesOf("move_file"))
	}
}

// Rewrites that generators make when they are upgraded or reconfigured:
// each pair accepts exactly the same values.
func TestRealworldEquivalentRewrites(t *testing.T) {
	dir := t.TempDir()
	pairs := map[string][2]string{
		"definitions_to_defs": {
			`{"type":"object","properties":{"a":{"$ref":"#/definitions/A"}},"definitions":{"A":{"type":"string","maxLength":5}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string","maxLength":5}}}`},
		"def_renamed": {
			`{"type":"object","properties":{"a":{"$ref":"#/$defs/Cabin"}},"$defs":{"Cabin":{"enum":["x","y"]}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#/$defs/CabinClass"}},"$defs":{"CabinClass":{"enum":["x","y"]}}}`},
		"inline_to_ref": {
			`{"type":"object","properties":{"a":{"type":"string","maxLength":9}}}`,
			`{"type":"object","properties":{"a":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string","maxLength":9}}}`},
		"const_to_enum": {`{"type":"object","properties":{"k":{"const":"a"}}}`, `{"type":"object","properties":{"k":{"enum":["a"]}}}`},
		"explicit_defaults": {
			`{"type":"object","properties":{"l":{"type":"array","items":{"type":"string"}}}}`,
			`{"type":"object","properties":{"l":{"type":"array","items":{"type":"string"},"minItems":0,"uniqueItems":false}},"required":[]}`},
		"enum_number_spelling": {`{"type":"object","properties":{"n":{"enum":[1,2]}}}`, `{"type":"object","properties":{"n":{"enum":[1.0,2e0]}}}`},
		"anyof_reorder": {
			`{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"integer"}]}}}`,
			`{"type":"object","properties":{"v":{"anyOf":[{"type":"integer"},{"type":"string"}]}}}`},
		"ap_empty_schema": {`{"type":"object","properties":{"m":{"type":"object"}}}`, `{"type":"object","properties":{"m":{"type":"object","additionalProperties":{}}}}`},
	}
	var oldTools, newTools []string
	for name, p := range pairs {
		oldTools = append(oldTools, `{"name":"`+name+`","inputSchema":`+p[0]+`}`)
		newTools = append(newTools, `{"name":"`+name+`","inputSchema":`+p[1]+`}`)
	}
	for side, tools := range map[string][]string{"old": oldTools, "new": newTools} {
		if err := os.MkdirAll(filepath.Join(dir, side), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, side, "t.json"), []byte("["+strings.Join(tools, ",\n")+"]"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := runCLI(t, dir, "diff", "old", "new", "--format", "json", "--fail-on", "any")
	var doc rwDiffDoc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("exit %d: %v\n%s\n%s", code, err, stdout, stderr)
	}
	if code != 0 || len(doc.Changes) != 0 {
		t.Errorf("equivalent rewrites reported as changes (exit %d): %+v", code, doc.Changes)
	}
}

func TestRealworldEquivalentNullableSpellings(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"old/t.json": `[{"name":"a","inputSchema":{"type":"object","properties":{"x":{"type":["string","null"]}}}},
{"name":"b","inputSchema":{"type":"object","properties":{"x":{"anyOf":[{"type":"string"},{"type":"null"}]}}}},
{"name":"c","inputSchema":{"type":"object","properties":{"x":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}},
{"name":"d","inputSchema":{"type":"object","properties":{"q":{"type":"integer","exclusiveMinimum":0}}}}]`,
		"new/t.json": `[{"name":"a","inputSchema":{"type":"object","properties":{"x":{"anyOf":[{"type":"string"},{"type":"null"}]}}}},
{"name":"b","inputSchema":{"type":"object","properties":{"x":{"type":["string","null"]}}}},
{"name":"c","inputSchema":{"type":"object","properties":{"x":{"allOf":[{"$ref":"#/$defs/S"}]}},"$defs":{"S":{"type":"string"}}}},
{"name":"d","inputSchema":{"type":"object","properties":{"q":{"type":"integer","minimum":1}}}}]`,
	})
	// Each pair accepts the same values: no change at all, either way.
	for _, args := range [][]string{{"old", "new"}, {"new", "old"}} {
		code, stdout, _ := runCLI(t, dir, "diff", args[0], args[1], "--format", "json", "--fail-on", "any")
		var doc rwDiffDoc
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil || code != 0 || len(doc.Changes) != 0 {
			t.Errorf("%v: exit %d, %d changes: %s", args, code, len(doc.Changes), stdout)
		}
	}
	// Pydantic's Optional: string -> anyOf [string, null] only widens.
	dir = writeFiles(t, map[string]string{
		"old/t.json": `{"name":"e","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}`,
		"new/t.json": `{"name":"e","inputSchema":{"type":"object","properties":{"x":{"anyOf":[{"type":"string"},{"type":"null"}],"default":null}}}}`,
	})
	code, stdout, _ := runCLI(t, dir, "diff", "old", "new", "--format", "json")
	var doc rwDiffDoc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || code != 0 || len(doc.Changes) != 1 ||
		doc.Changes[0].Code != "type-widened" || doc.Changes[0].Path != "inputSchema.properties.x.anyOf" || doc.Changes[0].Classification != "non-breaking" {
		t.Errorf("Optional widening: exit %d: %s", code, stdout)
	}
}

func TestRealworldGeneratorQuirksLoad(t *testing.T) {
	code, doc := rwCheckJSON(t, "testdata/realworld/quirks", "--targets", rwAllTargets)
	if code != 1 || len(doc.Errors) != 0 || len(doc.Tools) != 7 {
		t.Fatalf("exit %d, %d tools, errors %+v", code, len(doc.Tools), doc.Errors)
	}
	facts := []rwFact{
		// zod-to-json-schema's $refStrategy "root": a pointer into properties.
		{tool: "create_order", target: "gemini", code: "gemini/unresolvable-schema-reference", path: "inputSchema.properties.billingAddress.$ref", severity: "error"},
		// Recursion: OpenAI supports it, Gemini cannot expand it.
		{tool: "post_comment", target: "gemini", code: "gemini/unsupported-schema-reference", path: "inputSchema.properties.thread.$ref", severity: "error"},
		{tool: "post_comment", target: "gemini", code: "gemini/unresolvable-schema-reference", path: "inputSchema.$defs.Comment.properties.replies.items.$ref", severity: "error"},
		// C#-style output: contentEncoding, integer formats, uint64 bounds.
		{tool: "upload_blob", target: "openai", code: "openai/unknown-keyword", path: "inputSchema.properties.data.contentEncoding", severity: "error"},
		{tool: "upload_blob", target: "gemini", code: "gemini/unsupported-keyword", path: "inputSchema.properties.data.contentEncoding", severity: "error"},
		{tool: "upload_blob", target: "openai", code: "openai/unsupported-string-format", path: "inputSchema.properties.link.format", severity: "error"},
		// Pydantic def names and non-identifier property names are quoted.
		{tool: "pydantic_io", target: "openai", code: "openai/object-missing-additional-properties", path: `inputSchema.$defs["Item-Input"].additionalProperties`, severity: "error"},
		{tool: "pydantic_io", target: "gemini", code: "gemini/parameter-name-charset", path: `inputSchema.properties["order id"]`, severity: "warning"},
		{tool: "pydantic_io", target: "gemini", code: "gemini/parameter-name-charset", path: `inputSchema.properties["prénom"]`, severity: "warning"},
		{tool: "root_types_array", target: "mcp", code: "mcp/input-schema-type-not-literal-object", path: "inputSchema.type", severity: "error"},
		{tool: "id_based_refs", target: "gemini", code: "gemini/unsupported-schema-reference", path: "inputSchema.properties.who.$ref", severity: "error"},
	}
	for _, f := range facts {
		found := false
		for _, d := range doc.diagnostics(f.tool, f.target) {
			if d.Code == f.code && d.Path == f.path {
				found = true
				if d.Severity != f.severity {
					t.Errorf("%s %s: severity %s, want %s", f.tool, f.code, d.Severity, f.severity)
				}
			}
		}
		if !found {
			t.Errorf("%s/%s: missing %s at %s", f.tool, f.target, f.code, f.path)
		}
	}
	for _, d := range doc.diagnostics("post_comment", "openai") {
		if strings.HasSuffix(d.Path, ".$ref") {
			t.Errorf("OpenAI supports recursive refs, got %+v", d)
		}
	}
	checkSpans(t, doc, map[string]bool{"openai": true, "anthropic": true, "mcp": true, "anthropic-strict": true})
}

func TestRealworldAnthropicStrictRecursiveSchema(t *testing.T) {
	_, doc := rwCheckJSON(t, "testdata/realworld/quirks", "--targets", "anthropic-strict")
	for _, d := range doc.diagnostics("post_comment", "anthropic-strict") {
		if d.Severity == "error" && strings.HasSuffix(d.Path, ".$ref") {
			return
		}
	}
	t.Error("post_comment: no strict error for its recursive $ref")
}

func TestRealworldLoadErrors(t *testing.T) {
	for _, c := range []struct {
		file, path string
		line, col  int
		contains   string
	}{
		{"dangling-ref.json", "inputSchema.properties.user.$ref", 7, 17, "#/components/schemas/User"},
		{"draft03-required.json", "inputSchema.properties.user_id.required", 7, 38, "required"},
		{"draft04-exclusive.json", "inputSchema.properties.percent.exclusiveMinimum", 7, 52, "exclusiveMinimum"},
		{"examples-object.json", "inputSchema.properties.isbn.examples", 7, 35, "examples"},
		{"external-ref.json", "inputSchema.properties.pet.$ref", 7, 16, "https://petstore.example.com/schemas/Pet.json"},
		{"gemini-upper.json", "inputSchema.properties.ticker.type", 7, 19, "STRING"},
		{"no-type.json", "tools[0].inputSchema.type", 3, 107, "type"},
		{"null-description.json", "[0].description", 2, 21, "description"},
		{"python-regex.json", "inputSchema.properties.service.pattern", 8, 38, "pattern"},
		{"trailing-comma.json", "", 6, 32, "Invalid JSON"},
		{"tuple-items.json", "inputSchema.properties.point.items", 7, 35, "items"},
	} {
		file := "testdata/realworld/load-errors/" + c.file
		code, doc := rwCheckJSON(t, file)
		if code != 2 || len(doc.Tools) != 0 || len(doc.Errors) == 0 {
			t.Errorf("%s: exit %d, %d tools, %d errors", c.file, code, len(doc.Tools), len(doc.Errors))
			continue
		}
		found := false
		for _, e := range doc.Errors {
			if e.Path == c.path && e.Line == c.line && e.Column == c.col && e.File == file && strings.Contains(e.Message, c.contains) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no error at %s %d:%d mentioning %q: %+v", c.file, c.path, c.line, c.col, c.contains, doc.Errors)
		}
		// Text mode: stderr only, with the position.
		tcode, stdout, stderr := runCLI(t, rwRoot(t), "check", file)
		if tcode != 2 || stdout != "" || !strings.Contains(stderr, file+":") {
			t.Errorf("%s text: exit %d stdout %q stderr %q", c.file, tcode, stdout, stderr)
		}
	}
}

func TestRealworldLoadErrorJSONHasEndPositions(t *testing.T) {
	_, doc := rwCheckJSON(t, "testdata/realworld/load-errors/gemini-upper.json")
	for _, e := range doc.Errors {
		if e.EndLine == nil || e.EndColumn == nil {
			t.Errorf("no end position: %+v", e)
		}
	}
}

func TestRealworldRunLocally(t *testing.T) {
	localEnv(t)
	root := rwRoot(t)
	out := t.TempDir()
	report, summary := filepath.Join(out, "report.json"), filepath.Join(out, "summary.md")
	code, stdout, stderr := runIn(t, root, "--path", rwV2, "--base-path", rwV1, "--report-file", report, "--summary-file", summary)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%.2000s\n%s", code, stdout, stderr)
	}
	if strings.Contains(stdout+stderr, "::") {
		t.Errorf("workflow commands outside Actions")
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Result string `json:"result"`
		Check  struct {
			Summary struct{ Tools int } `json:"summary"`
		} `json:"check"`
		Diff rwDiffDoc `json:"diff"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Result != "fail" || rep.Check.Summary.Tools != 49 || rep.Diff.Summary.Breaking == 0 {
		t.Errorf("report: result %q, %d tools, %d breaking", rep.Result, rep.Check.Summary.Tools, rep.Diff.Summary.Breaking)
	}
	// The run's diff is the diff command's.
	_, direct := rwDiffJSON(t, rwV1, rwV2)
	if rep.Diff.Summary != direct.Summary {
		t.Errorf("run diff summary %+v, diff command %+v", rep.Diff.Summary, direct.Summary)
	}
	md, err := os.ReadFile(summary)
	if err != nil || !bytes.Contains(md, []byte("### Check")) || !bytes.Contains(md, []byte("### Breaking changes")) {
		t.Errorf("summary: %v\n%.1500s", err, md)
	}
}

func TestRealworldSummaryCoreRow(t *testing.T) {
	localEnv(t)
	summary := filepath.Join(t.TempDir(), "summary.md")
	runIn(t, rwRoot(t), "--path", rwV2, "--base-path", rwV1, "--summary-file", summary)
	md, _ := os.ReadFile(summary)
	// Core is listed on a tool only when it found something: every other
	// tool is clean for Core. Checked by hand: only paginate_items has core
	// findings (two invalid defaults).
	if !bytes.Contains(md, []byte("| Core | 48 of 49 | 1 | 2 | 0 | 0 |")) {
		t.Errorf("Core row wrong:\n%.1500s", md)
	}
	// Every row follows the check report: compatible means no finding at
	// all, as the text output's "✓ Compatible".
	_, doc := rwCheckJSON(t, rwV2, "--targets", "openai,anthropic,gemini,mcp")
	for _, tg := range []struct{ id, name string }{{"core", "Core"}, {"openai", "OpenAI"}, {"anthropic", "Anthropic"}, {"gemini", "Gemini"}, {"mcp", "MCP"}} {
		clean, withErrors := 0, 0
		var errs, warns, infos int
		for _, tl := range doc.Tools {
			ds := tl.Targets[tg.id].Diagnostics
			if len(ds) == 0 {
				clean++
			}
			hasError := false
			for _, d := range ds {
				switch d.Severity {
				case "error":
					errs++
					hasError = true
				case "warning":
					warns++
				default:
					infos++
				}
			}
			if hasError {
				withErrors++
			}
		}
		row := fmt.Sprintf("| %s | %d of %d | %d | %d | %d | %d |\n", tg.name, clean, len(doc.Tools), withErrors, errs, warns, infos)
		if !bytes.Contains(md, []byte(row)) {
			t.Errorf("summary lacks the row %q:\n%.1500s", row, md)
		}
	}
}
