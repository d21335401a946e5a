package diff

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/witness"
)

// TestWitnessCoverage: every breaking change in the public diff cases and
// the bundled real-world examples carries a witness the validator confirms,
// or a stated reason why there is none. The coverage is logged.
func TestWitnessCoverage(t *testing.T) {
	type tally struct{ breaking, witnessed int }
	count := func(tb testing.TB, old, new []*tool.Tool, res *Result, tl *tally) {
		byName := func(ts []*tool.Tool) map[string]*tool.Tool {
			m := map[string]*tool.Tool{}
			for _, t := range ts {
				m[t.Name] = t
			}
			return m
		}
		om, nm := byName(old), byName(new)
		for _, ch := range res.Changes {
			if ch.Classification != Breaking {
				continue
			}
			tl.breaking++
			if ch.Witness == nil || (ch.Witness.Arguments == nil && ch.Witness.Reason == "") {
				tb.Errorf("%s %s %s: no witness and no reason", ch.ToolName, ch.Code, ch.Path)
				continue
			}
			if ch.Witness.Arguments == nil {
				tb.Logf("no witness: %s %s %s: %s", ch.ToolName, ch.Code, ch.Path, ch.Witness.Reason)
				// A search that ran out is no reason: these sets are
				// small, every change in them gets a call or a reason
				// why none can exist.
				switch ch.Witness.Reason {
				case reasonBudget, reasonNotSearch, reasonRunBudget, reasonNoValidate:
					tb.Errorf("%s %s %s: no witness found, and no reason why none exists", ch.ToolName, ch.Code, ch.Path)
				}
				continue
			}
			tl.witnessed++
			o, n := om[ch.ToolName], nm[ch.ToolName]
			if o == nil || n == nil {
				continue // tool-level change: the old call names a tool that is gone
			}
			if ok, _ := witness.NewPair(o.Value.Get("inputSchema"), n.Value.Get("inputSchema"), nil, nil).Breaks(ch.Witness.Arguments); !ok {
				tb.Errorf("%s %s %s: witness %s not confirmed", ch.ToolName, ch.Code, ch.Path, jsonvalue.Encode(ch.Witness.Arguments, ""))
			}
		}
	}
	var cases tally
	for _, dc := range loadCases(t) {
		if !dc.loadable {
			continue
		}
		old, new := sideTools(t, "old.json", dc.old), sideTools(t, "new.json", dc.new)
		count(t, old, new, ToolSets(old, new, Options{}), &cases)
	}
	t.Logf("public diff cases: %d of %d breaking changes have a verified witness", cases.witnessed, cases.breaking)
	var examples tally
	v1, v2 := readExamples(t, "../../testdata/realworld/v1"), readExamples(t, "../../testdata/realworld/v2")
	count(t, v1, v2, ToolSets(v1, v2, Options{}), &examples)
	t.Logf("bundled real-world examples: %d of %d breaking changes have a verified witness", examples.witnessed, examples.breaking)
}

func readExamples(t *testing.T, dir string) []*tool.Tool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	sort.Strings(files)
	var out []*tool.Tool
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, parseTools(t, filepath.Base(f), string(data))...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
