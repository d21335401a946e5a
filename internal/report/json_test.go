package report

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/version"
)

// reindent re-renders a JSON document with encoding/json's indenter: equal
// bytes mean our hand-written layout is exactly JSON.stringify(doc, null, 2).
func reindent(t *testing.T, doc []byte) []byte {
	t.Helper()
	var c, b bytes.Buffer
	if err := json.Compact(&c, doc); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, doc)
	}
	if err := json.Indent(&b, c.Bytes(), "", "  "); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, doc)
	}
	b.WriteByte('\n')
	return b.Bytes()
}

func TestCheckJSONGolden(t *testing.T) {
	out := render(t, func(b *bytes.Buffer) error { return CheckJSON(b, checkFixture(t), Omitted{}) })
	golden(t, "check.json", out)
	if !bytes.Equal(reindent(t, out), out) {
		t.Errorf("layout is not 2-space JSON.stringify")
	}
	// No HTML escaping (JSON.stringify leaves < > & alone).
	if bytes.Contains(out, []byte(`\u003c`)) || bytes.Contains(out, []byte(`\u0026`)) {
		t.Errorf("HTML-escaped output")
	}

	var doc struct {
		Command, SchemaPortVersion string
		Summary                    struct{ Tools, Errors, Warnings, Infos int }
		Tools                      []struct {
			Name, Source string
			Targets      json.RawMessage
		}
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Command != "check" || doc.SchemaPortVersion != version.Version {
		t.Errorf("header %q %q", doc.Command, doc.SchemaPortVersion)
	}
	if doc.Summary.Tools != 2 || doc.Summary.Errors != 2 || doc.Summary.Warnings != 3 || doc.Summary.Infos != 1 {
		t.Errorf("summary %+v", doc.Summary)
	}
	// Target keys keep the requested order, not sorted order.
	keys := objectKeys(t, doc.Tools[0].Targets)
	if strings.Join(keys, ",") != "openai,anthropic,gemini" {
		t.Errorf("target order %v", keys)
	}
}

func objectKeys(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	var keys []string
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return keys
		}
		if err != nil {
			t.Fatal(err)
		}
		switch v := tok.(type) {
		case json.Delim:
			if v == '{' || v == '[' {
				depth++
			} else {
				depth--
			}
		case string:
			if depth == 1 {
				keys = append(keys, v)
				// skip the value
				var skip json.RawMessage
				if err := dec.Decode(&skip); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestCheckJSONEmpty(t *testing.T) {
	got := string(render(t, func(b *bytes.Buffer) error { return CheckJSON(b, &check.Result{}, Omitted{}) }))
	want := "{\n  \"command\": \"check\",\n  \"schemaPortVersion\": \"" + version.Version + "\",\n  \"summary\": {\n    \"tools\": 0,\n    \"errors\": 0,\n    \"warnings\": 0,\n    \"infos\": 0\n  },\n  \"tools\": []\n}\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A tool with no targets and a target with no diagnostics.
	res := &check.Result{Tools: []check.ToolResult{
		{Tool: &tool.Tool{Name: "a"}},
		{Tool: &tool.Tool{Name: "b"}, Targets: []check.TargetResult{{ID: "mcp"}}},
	}}
	out := render(t, func(b *bytes.Buffer) error { return CheckJSON(b, res, Omitted{}) })
	if !bytes.Equal(reindent(t, out), out) || !bytes.Contains(out, []byte(`"targets": {}`)) || !bytes.Contains(out, []byte(`"diagnostics": []`)) {
		t.Errorf("empty containers:\n%s", out)
	}
}

// countingWriter records how the report reaches the writer.
type countingWriter struct {
	writes, bytes int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.writes++
	c.bytes += len(p)
	return len(p), nil
}

func TestCheckJSONStreams(t *testing.T) {
	res := manyDiagnostics(t, 200, 50)
	var cw countingWriter
	if err := CheckJSON(&cw, res, Omitted{}); err != nil {
		t.Fatal(err)
	}
	// The document reaches the writer in buffer-sized pieces while it is
	// being produced, not as one final write.
	if cw.writes < cw.bytes/(128<<10) || cw.writes < 10 {
		t.Errorf("%d writes for %d bytes: not streamed", cw.writes, cw.bytes)
	}
}

// manyDiagnostics makes a result with tools × perTool diagnostics, all on
// one real tool so positions and carets are real.
func manyDiagnostics(t testing.TB, tools, perTool int) *check.Result {
	base := singleTool(t, "tools/refund-order.json")
	res := &check.Result{}
	for i := range tools {
		tl := *base
		tl.Name = "tool_" + strconv.Itoa(i)
		var ds []provider.Diagnostic
		for j := range perTool {
			sev := []string{"error", "warning", "info"}[j%3]
			d := diag(&tl, "openai", sev, "openai/rule-"+strconv.Itoa(j%7), "inputSchema.properties.amount.format",
				"Finding "+strconv.Itoa(j)+" with <html> & \"quotes\".", provider.Compile{Supported: j%2 == 0, Detail: "Detail."}, openaiDocs)
			ds = append(ds, d)
		}
		res.Tools = append(res.Tools, check.ToolResult{Tool: &tl, Targets: []check.TargetResult{target("openai", "OpenAI", ds...)}})
	}
	return finish(res)
}

func TestDiffJSONGolden(t *testing.T) {
	out := render(t, func(b *bytes.Buffer) error { return DiffJSON(b, diffFixture(t), Omitted{}) })
	golden(t, "diff.json", out)
	if !bytes.Equal(reindent(t, out), out) {
		t.Errorf("layout is not 2-space JSON.stringify")
	}
	s := string(out)
	// Exact number, null kept, absent omitted.
	if !strings.Contains(s, `"after": 18446744073709551615,`) {
		t.Errorf("big number not exact")
	}
	if !strings.Contains(s, `"before": null,`) {
		t.Errorf("null before dropped")
	}
	var doc struct {
		Summary struct{ Breaking, NonBreaking, Informational int }
		Changes []map[string]json.RawMessage
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Summary.Breaking != 5 || doc.Summary.NonBreaking != 2 || doc.Summary.Informational != 1 {
		t.Errorf("summary %+v", doc.Summary)
	}
	for _, c := range doc.Changes {
		for _, k := range []string{"classification", "code", "toolName", "path", "message", "file", "line", "column", "endLine", "endColumn"} {
			if _, ok := c[k]; !ok {
				t.Errorf("change %s lacks %s", c["code"], k)
			}
		}
		_, hasOld := c["oldFile"]
		switch string(c["code"]) {
		case `"required-property-added"`:
			if _, ok := c["before"]; ok || hasOld {
				t.Errorf("added property has before/old location")
			}
		case `"property-removed"`, `"tool-removed"`:
			if _, ok := c["after"]; ok || !hasOld {
				t.Errorf("%s: after present or old location missing", c["code"])
			}
		}
	}
}

func TestLoadErrorsJSON(t *testing.T) {
	out := render(t, func(b *bytes.Buffer) error { return LoadErrorsJSON(b, "check", loadErrorsFixture()) })
	golden(t, "load-errors.json", out)
	if !bytes.Equal(reindent(t, out), out) {
		t.Errorf("layout is not 2-space JSON.stringify")
	}
	var doc struct {
		Command *string
		Errors  []map[string]any
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if *doc.Command != "check" || len(doc.Errors) != 3 {
		t.Fatalf("doc %+v", doc)
	}
	if _, ok := doc.Errors[0]["path"]; ok {
		t.Errorf("absent path written")
	}
	if _, ok := doc.Errors[2]["line"]; ok {
		t.Errorf("a missing path has no line, got one")
	}
	if doc.Errors[1]["line"] != float64(12) || doc.Errors[1]["column"] != float64(9) || doc.Errors[1]["file"] != "tools/bad.json" {
		t.Errorf("positions %+v", doc.Errors[1])
	}
}

func TestUsageErrorJSON(t *testing.T) {
	got := string(render(t, func(b *bytes.Buffer) error { return UsageErrorJSON(b, "", "No command given.") }))
	want := "{\n  \"command\": null,\n  \"schemaPortVersion\": \"" + version.Version + "\",\n  \"errors\": [\n    {\n      \"message\": \"No command given.\"\n    }\n  ]\n}\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	got = string(render(t, func(b *bytes.Buffer) error { return UsageErrorJSON(b, "diff", "a <b> & \"c\"", "second") }))
	if !strings.Contains(got, `"command": "diff"`) || !strings.Contains(got, `"message": "a <b> & \"c\""`) || strings.Count(got, `"message"`) != 2 {
		t.Errorf("got\n%s", got)
	}
}
