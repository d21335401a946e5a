package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/finding"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
	"github.com/schemaport/schemaport-action/internal/tool"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// golden compares got with testdata/<name>, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/report -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file.\n--- got ---\n%s\n--- want ---\n%s", name, got, want)
	}
}

// loadSource reads testdata/<rel> and shows it as <rel>.
func loadSource(t testing.TB, rel string) (*tool.Source, *jsonvalue.Value) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", rel))
	if err != nil {
		t.Fatal(err)
	}
	return sourceFrom(t, rel, data)
}

func sourceFrom(t testing.TB, display string, data []byte) (*tool.Source, *jsonvalue.Value) {
	t.Helper()
	v, err := jsonvalue.Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", display, err)
	}
	return &tool.Source{Path: display, Data: data}, v
}

// singleTool loads a one-tool file.
func singleTool(t testing.TB, rel string) *tool.Tool {
	t.Helper()
	src, v := loadSource(t, rel)
	return &tool.Tool{Name: v.Get("name").Text, Value: v, Source: src}
}

// arrayTool loads element i of an array file.
func arrayTool(t testing.TB, rel string, i int) *tool.Tool {
	t.Helper()
	src, v := loadSource(t, rel)
	el := &v.Items[i]
	return &tool.Tool{Name: el.Get("name").Text, Value: el, Source: src, Base: schemapath.Index("", i)}
}

// diag builds a diagnostic the way the check engine does: positions from
// the tool's span for the path.
func diag(tl *tool.Tool, providerID, severity, code, path, message string, c provider.Compile, docs string) provider.Diagnostic {
	sp, _ := tl.Locate(path)
	return provider.Diagnostic{
		ProviderID: providerID, ToolName: tl.Name, Severity: severity, Code: code, Message: message, Path: path,
		Compile: c, DocsURL: docs,
		File: tl.File(), Line: sp.Line, Column: sp.Column, EndLine: sp.EndLine, EndColumn: sp.EndColumn,
	}
}

func target(id, name string, ds ...provider.Diagnostic) check.TargetResult {
	tr := check.TargetResult{ID: id, Name: name, Diagnostics: ds}
	for i := range ds {
		count(&tr.Summary, ds[i].Severity)
	}
	return tr
}

func finish(res *check.Result) *check.Result {
	for i := range res.Tools {
		for _, t := range res.Tools[i].Targets {
			res.Errors += t.Summary.Error
			res.Warnings += t.Summary.Warning
			res.Infos += t.Summary.Info
		}
	}
	return res
}

const (
	openaiDocs = "https://developers.openai.com/api/docs/guides/structured-outputs"
	geminiDocs = "https://ai.google.dev/gemini-api/docs/function-calling"
)

// checkFixture is a small tool set: findings of every severity, a clean
// target, a missing key (caret on the nearest ancestor), tabs and non-ASCII
// before a caret, and hostile text in a description and a format value.
func checkFixture(t testing.TB) *check.Result {
	refund := singleTool(t, "tools/refund-order.json")
	search := arrayTool(t, "tools/search.json", 0)
	naive := schemapath.Key("inputSchema.properties", "naïve café")
	return finish(&check.Result{Tools: []check.ToolResult{
		{Tool: refund, Targets: []check.TargetResult{
			target("openai", "OpenAI",
				diag(refund, "openai", "error", "openai/object-missing-additional-properties", "inputSchema.additionalProperties",
					"OpenAI strict mode needs `additionalProperties: false` on every object.",
					provider.Compile{Supported: true, Detail: "Adds `additionalProperties: false`."}, openaiDocs),
				diag(refund, "openai", "error", "openai/strict-optional-property", "inputSchema.properties.amount",
					"Strict mode has no optional properties: `amount` is not in `required`.",
					provider.Compile{Supported: true, Lossy: true, Detail: "Makes `amount` required and nullable."}, openaiDocs),
				diag(refund, "openai", "warning", "openai/unsupported-keyword", "inputSchema.properties.amount.format",
					"OpenAI ignores `format: decimal`.",
					provider.Compile{Supported: false, Detail: "Nothing to compile: the value is not checked."}, openaiDocs),
			),
			target("anthropic", "Anthropic"),
			target("gemini", "Gemini",
				diag(refund, "gemini", "info", "gemini/dropped-annotation-keyword", "inputSchema.properties.orderId.description",
					"Gemini keeps the description but does not enforce it.",
					provider.Compile{Supported: true, Detail: ""}, geminiDocs),
			),
		}},
		{Tool: search, Targets: []check.TargetResult{
			target("openai", "OpenAI",
				diag(search, "openai", "warning", "openai/unsupported-keyword", schemapath.Key(naive, "format"),
					"OpenAI ignores `format: x-\x1b[31mred`.",
					provider.Compile{Supported: false, Detail: "Nothing to compile."}, openaiDocs),
			),
			target("anthropic", "Anthropic"),
			target("gemini", "Gemini",
				diag(search, "gemini", "warning", "gemini/format-not-enforced", schemapath.Key(naive, "format"),
					"Gemini does not check this format.",
					provider.Compile{Supported: false, Detail: "Nothing to compile."}, geminiDocs),
			),
		}},
	}})
}

func valueAt(t testing.TB, tl *tool.Tool, path string) *jsonvalue.Value {
	t.Helper()
	segs, ok := schemapath.Parse(path)
	if !ok {
		t.Fatalf("bad path %q", path)
	}
	cur := tl.Value
	for _, s := range segs {
		if s.IsIndex {
			cur = &cur.Items[s.Index]
		} else {
			cur = cur.Get(s.Key)
		}
		if cur == nil {
			t.Fatalf("%s: no %s", tl.Name, path)
		}
	}
	return cur
}

func loc(tl *tool.Tool, path string) diff.Location {
	sp, _ := tl.Locate(path)
	return diff.Location{File: tl.File(), Line: sp.Line, Column: sp.Column, EndLine: sp.EndLine, EndColumn: sp.EndColumn}
}

func literal(t testing.TB, text string) *jsonvalue.Value {
	t.Helper()
	v, err := jsonvalue.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// diffFixture is the refund-order v1 -> v2 example plus a removed property,
// an exact big number, a JSON null before, and a tool whose file is gone.
func diffFixture(t testing.TB) *diff.Result {
	r1, r2 := singleTool(t, "v1/refund-order.json"), singleTool(t, "v2/refund-order.json")
	s1, s2 := singleTool(t, "v1/search-orders.json"), singleTool(t, "v2/search-orders.json")
	changes := []diff.Change{
		{Classification: diff.Breaking, Code: "tool-removed", ToolName: "legacy_lookup", Path: "name",
			Message: "Tool `legacy_lookup` was removed. Callers that use it will fail.",
			Old:     diff.Location{File: "v1/legacy.json", Line: 2, Column: 3, EndLine: 2, EndColumn: 9}},
		{Classification: diff.Breaking, Code: "required-property-added", ToolName: "refund_order", Path: "inputSchema.properties.currency",
			Message: "Required property `currency` was added. Existing callers do not send it.",
			After:   valueAt(t, r2, "inputSchema.properties.currency"), New: loc(r2, "inputSchema.properties.currency")},
		{Classification: diff.Breaking, Code: "enum-narrowed", ToolName: "refund_order", Path: "inputSchema.properties.refundMethod.enum",
			Message: "Enum value `\"store_credit\"` removed.",
			Before:  valueAt(t, r1, "inputSchema.properties.refundMethod.enum"), After: valueAt(t, r2, "inputSchema.properties.refundMethod.enum"),
			New: loc(r2, "inputSchema.properties.refundMethod.enum"), Old: loc(r1, "inputSchema.properties.refundMethod.enum"),
			Witness: &diff.Witness{Arguments: mustParse(t, `{"orderId":"o-1","refundMethod":"store_credit"}`)}},
		{Classification: diff.NonBreaking, Code: "optional-property-added", ToolName: "refund_order", Path: "inputSchema.properties.reason",
			Message: "Optional property `reason` was added.",
			After:   valueAt(t, r2, "inputSchema.properties.reason"), New: loc(r2, "inputSchema.properties.reason")},
		{Classification: diff.Informational, Code: "description-changed", ToolName: "refund_order", Path: "inputSchema.properties.orderId.description",
			Message: "The description changed.",
			Before:  valueAt(t, r1, "inputSchema.properties.orderId.description"), After: valueAt(t, r2, "inputSchema.properties.orderId.description"),
			New: loc(r2, "inputSchema.properties.orderId.description"), Old: loc(r1, "inputSchema.properties.orderId.description")},
		{Classification: diff.Breaking, Code: "keyword-changed", ToolName: "search_orders", Path: "inputSchema.properties.filter.nullable",
			Message: "`nullable` changed from null to true.",
			Before:  valueAt(t, s1, "inputSchema.properties.filter.nullable"), After: valueAt(t, s2, "inputSchema.properties.filter.nullable"),
			New: loc(s2, "inputSchema.properties.filter.nullable"), Old: loc(s1, "inputSchema.properties.filter.nullable"),
			Witness: &diff.Witness{Reason: "No example call found: none of the calls tried within the search budget is accepted by the old schema and rejected by the new one."}},
		{Classification: diff.Breaking, Code: "property-removed", ToolName: "search_orders", Path: "inputSchema.properties.includeItems",
			Message: "Property `includeItems` was removed. Callers that send it are rejected.",
			Before:  valueAt(t, s1, "inputSchema.properties.includeItems"),
			New:     loc(s2, "inputSchema.properties.includeItems"), Old: loc(s1, "inputSchema.properties.includeItems")},
		{Classification: diff.NonBreaking, Code: "constraint-relaxed", ToolName: "search_orders", Path: "inputSchema.properties.limit.maximum",
			Message: "`maximum` relaxed from 100 to 18446744073709551615.",
			Before:  valueAt(t, s1, "inputSchema.properties.limit.maximum"), After: valueAt(t, s2, "inputSchema.properties.limit.maximum"),
			New: loc(s2, "inputSchema.properties.limit.maximum"), Old: loc(s1, "inputSchema.properties.limit.maximum")},
	}
	return &diff.Result{Changes: changes, Summary: summarize(changes)}
}

func loadErrorsFixture() []tool.LoadError {
	return []tool.LoadError{
		{SourcePath: "tools/broken.json", Message: "Invalid JSON: unexpected end of input.", Span: tool.Span{Line: 7, Column: 1, EndLine: 7, EndColumn: 1}},
		{SourcePath: "tools/bad.json", Path: "[1].inputSchema.properties.tags", Message: "Boolean subschemas are not supported: use `{}` to accept any value.", Span: tool.Span{Line: 12, Column: 9, EndLine: 12, EndColumn: 15}},
		{SourcePath: "tools/missing", Message: "The path does not exist."},
	}
}

func mustParse(t testing.TB, text string) *jsonvalue.Value {
	t.Helper()
	v, err := jsonvalue.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// policyOf is what a run with the default policy (fail-on error,
// breaking-fail-on breaking) decides about these results: the input every
// renderer takes. approved says the pull request carries the approval
// label.
func policyOf(chk *check.Result, dif *diff.Result, errs []tool.LoadError, approved bool) *finding.Result {
	p := finding.Policy{FailOn: finding.FailOnError, BreakingFailOn: finding.BreakingFailOnBreaking}
	if approved {
		p.Approved, p.ApprovalLabel = true, "breaking-change-approved"
	}
	return policyWith(p, chk, dif, errs)
}

// policyWith is p's verdict on the findings of these results, as a run
// builds them: load errors, then check findings, then changes.
func policyWith(p finding.Policy, chk *check.Result, dif *diff.Result, errs []tool.LoadError) *finding.Result {
	fs := finding.FromLoad(errs)
	fs = append(fs, finding.FromCheck(chk)...)
	fs = append(fs, finding.FromDiff(dif)...)
	return finding.Apply(p, fs, nil)
}

// firstDiff is the offset of the first byte where a and b differ.
func firstDiff(a, b []byte) int {
	for i := 0; i < min(len(a), len(b)); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
