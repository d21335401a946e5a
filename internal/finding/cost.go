package finding

import (
	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/cost"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// costDetail is the compile field of a budget finding: compiling cannot
// make a definition cheaper.
const costDetail = "Not a compile matter: the compiled definition is what is counted."

// FromCost makes one finding per budget violation (cost.CheckBudgets),
// annotated on the description line of the tool it names in tools (the
// head's; the name line when it has no description, the file when it is
// not found). The findings are check findings of the violation's target,
// error by default, with the budget codes (cost/...): `rules`, accept
// entries and only-new treat them like any other. A set or growth
// finding's fingerprint leaves out the tool, which may change from one
// run to the next while the budget stays exceeded.
func FromCost(vs []cost.Violation, tools []*tool.Tool) []Finding {
	if len(vs) == 0 {
		return nil
	}
	byName := make(map[string]*tool.Tool, len(tools))
	for _, t := range tools {
		if t != nil {
			byName[t.Name] = t // the last of a duplicated name, as the diff counts
		}
	}
	out := make([]Finding, 0, len(vs))
	for i := range vs {
		v := &vs[i]
		name := v.Target
		if info, ok := check.Lookup(v.Target); ok {
			name = info.Name
		}
		tl := byName[v.Tool]
		path := "description"
		if tl != nil && tl.Value.Get("description") == nil {
			path = "name"
		}
		d := &provider.Diagnostic{
			ProviderID: v.Target, ToolName: v.Tool, Severity: provider.SeverityError,
			Code: v.Code, Message: v.Message(name), Path: path,
			Compile: provider.Compile{Supported: false, Detail: costDetail},
		}
		if tl != nil {
			d.File = tl.File()
			if sp, _ := tl.Locate(path); !sp.IsZero() {
				d.Line, d.Column, d.EndLine, d.EndColumn = sp.Line, sp.Column, sp.EndLine, sp.EndColumn
			}
		}
		f := CheckFinding(tl, &check.TargetResult{ID: v.Target, Name: name}, d)
		if v.Code != cost.CodeToolOverBudget {
			f.Fingerprint = Fingerprint(KindCheck, "", v.Target, v.Code, "", "")
		}
		out = append(out, f)
	}
	return out
}
