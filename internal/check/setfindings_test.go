package check

import (
	"fmt"
	"slices"
	"testing"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// A tool's result in a set is its result alone with the set's findings in
// place of its own set's: SetFindings names exactly what Run adds.
func TestSetFindingsAreWhatRunAdds(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 60, 7); err != nil {
		t.Fatal(err)
	}
	tools := loadTools(t, dir)
	targets := append(DefaultTargets(), "anthropic-strict")
	keys := func(tr ToolResult) []string {
		var out []string
		for _, tg := range tr.Targets {
			for _, d := range tg.Diagnostics {
				out = append(out, key(tg.ID, d))
			}
		}
		slices.Sort(out)
		return out
	}
	all := Run(tools, targets)
	sets := SetFindings(tools, targets)
	if len(sets) < 2 {
		t.Fatalf("the fixture crosses %d limits", len(sets))
	}
	for i, tl := range tools {
		alone := Run([]*tool.Tool{tl}, targets)
		want := keys(alone.Tools[0])
		for _, d := range SetFindings([]*tool.Tool{tl}, targets)[0] {
			j := slices.Index(want, key("anthropic-strict", d))
			if j < 0 {
				t.Fatalf("tool %d: a set finding of its own set is not in its result", i)
			}
			want = slices.Delete(want, j, j+1)
		}
		for _, d := range sets[i] {
			want = append(want, key("anthropic-strict", d))
		}
		slices.Sort(want)
		if got := keys(all.Tools[i]); !slices.Equal(got, want) {
			t.Fatalf("tool %d:\n got %v\nwant %v", i, got, want)
		}
	}
	if SetFindings(tools, DefaultTargets()) != nil {
		t.Error("set findings without anthropic-strict")
	}
}

func key(target string, d provider.Diagnostic) string {
	return fmt.Sprint(target, d.Code, d.Path, d.Message, d.Line, d.Column)
}
