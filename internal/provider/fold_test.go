package provider

import "testing"

func TestFold(t *testing.T) {
	ds := []Diagnostic{
		{Severity: SeverityError, Path: "inputSchema.properties.a", Code: "openai/strict-optional-property"},
		{Severity: SeverityError, Path: "inputSchema.properties.b", Code: "openai/unknown-keyword"},
		{Severity: SeverityWarning, Path: "inputSchema", Code: "anthropic/schema-not-enforced"},
		{Severity: SeverityWarning, Path: "inputSchema.properties.a", Code: "openai/nullable-instead-of-omitted"},
		{Severity: SeverityWarning, Path: "inputSchema.properties.b", Code: "openai/nullable-instead-of-omitted"},
	}
	SortDiagnostics(ds)
	Fold(ds)
	got := map[string]string{}
	for _, d := range ds {
		got[d.Code+"@"+d.Path] = d.FoldedInto
		if d.TargetWide != (d.Code == "anthropic/schema-not-enforced") {
			t.Errorf("%s: TargetWide %v", d.Code, d.TargetWide)
		}
	}
	if got["openai/nullable-instead-of-omitted@inputSchema.properties.a"] != "openai/strict-optional-property" {
		t.Errorf("the consequence at a is not folded: %v", got)
	}
	if got["openai/nullable-instead-of-omitted@inputSchema.properties.b"] != "" {
		t.Errorf("a consequence without its primary at the same path was folded: %v", got)
	}
	for i := range ds {
		if d := &ds[i]; d.Code == "openai/strict-optional-property" {
			if f := FoldedInto(ds, d); len(f) != 1 || f[0].Path != d.Path || f[0].Code != "openai/nullable-instead-of-omitted" {
				t.Errorf("FoldedInto = %+v", f)
			}
		}
	}
	// Gemini's type list: one fact (the list is rejected; its anyOf form
	// is uncertain), one line.
	gs := []Diagnostic{
		{Severity: SeverityWarning, Path: "inputSchema.properties.a.type", Code: "gemini/multi-type-union"},
		{Severity: SeverityError, Path: "inputSchema.properties.a.type", Code: "gemini/type-list"},
	}
	SortDiagnostics(gs)
	Fold(gs)
	for _, d := range gs {
		if want := map[string]string{"gemini/multi-type-union": "gemini/type-list"}[d.Code]; d.FoldedInto != want {
			t.Errorf("%s: FoldedInto %q, want %q", d.Code, d.FoldedInto, want)
		}
	}
	if p, ok := FoldsInto("openai/extra-properties-no-longer-accepted"); !ok || p != "openai/additional-properties-true" {
		t.Errorf("FoldsInto = %q, %v", p, ok)
	}
}
