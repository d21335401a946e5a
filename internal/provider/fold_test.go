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
	if p, ok := FoldsInto("openai/extra-properties-no-longer-accepted"); !ok || p != "openai/additional-properties-true" {
		t.Errorf("FoldsInto = %q, %v", p, ok)
	}
}
