package compile

import (
	"fmt"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider/anthropicstrict"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Strict tool use's per-request limits are facts about the tool set: the
// tool that crosses one is refused for anthropic-strict, as check reports
// it on that tool, and only there.
func TestStrictBudgetRefusesTheToolCrossingIt(t *testing.T) {
	var tools []*tool.Tool
	for i := range anthropicstrict.MaxStrictTools + 1 {
		text := fmt.Sprintf(`{"name": "t%02d", "description": "d", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": false}}`, i)
		v, err := jsonvalue.Parse([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, &tool.Tool{Name: v.Get("name").Text, Value: v, Source: &tool.Source{Path: "t.json", Data: []byte(text)}})
	}
	p, err := Build(tools, []string{"anthropic-strict", "anthropic"}, false)
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range p.Results {
		last := i == len(tools)-1
		if row[0].OK == last {
			t.Errorf("tool %d: strict OK=%v", i, row[0].OK)
		}
		if !row[1].OK {
			t.Errorf("tool %d refused for anthropic (no limit there)", i)
		}
	}
	if b := p.Results[len(tools)-1][0].Blocking(); len(b) != 1 || b[0].Code != "anthropic/strict-too-many-tools" {
		t.Errorf("blocking: %+v", b)
	}
}
