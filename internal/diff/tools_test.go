package diff

import (
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool"
)

func TestToolSetCodes(t *testing.T) {
	old := parseTools(t, "old.json", `[
	 {"name":"keep","description":"","inputSchema":{"type":"object"}},
	 {"name":"old_name","description":"d","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"a"}}}},
	 {"name":"gone","inputSchema":{"type":"object","properties":{"z":{}}}}]`)
	new := parseTools(t, "new.json", `[
	 {"name":"keep","inputSchema":{"type":"object"}},
	 {"name":"new_name","description":"d","inputSchema":{"properties":{"q":{"description":"b","type":"string"}},"type":"object"}},
	 {"name":"fresh","inputSchema":{"type":"object","properties":{"y":{}}}}]`)
	res := ToolSets(old, new, Options{})
	// A rename whose schema differs only informationally is still a rename,
	// and the informational change is reported under the old name.
	checkChanges(t, res.Changes,
		want{"tool-added", NonBreaking, "name"},
		want{"tool-removed", Breaking, "name"},
		want{"tool-description-changed", Informational, "description"}, // "" vs absent
		want{"tool-renamed", Breaking, "name"},
		want{"description-changed", Informational, "inputSchema.properties.q.description"},
	)
	if res.Summary != (Summary{Breaking: 2, NonBreaking: 1, Informational: 2}) {
		t.Errorf("summary %+v", res.Summary)
	}
	names := []string{}
	for _, c := range res.Changes {
		names = append(names, c.ToolName)
	}
	if names[0] != "fresh" || names[3] != "old_name" || names[4] != "old_name" {
		t.Errorf("tool names %v", names)
	}
	res = ToolSets(old, new, Options{IgnoreDescriptions: true})
	checkChanges(t, res.Changes, want{"tool-added", NonBreaking, "name"}, want{"tool-removed", Breaking, "name"}, want{"tool-renamed", Breaking, "name"})
}

func TestRenameNeedsEquivalentSchema(t *testing.T) {
	old := parseTools(t, "old.json", `{"name":"a","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}`)
	new := parseTools(t, "new.json", `{"name":"b","inputSchema":{"type":"object","properties":{"q":{"type":"string","maxLength":3}}}}`)
	checkChanges(t, ToolSets(old, new, Options{}).Changes, want{"tool-removed", Breaking, "name"}, want{"tool-added", NonBreaking, "name"})
	// A $defs refactor is no obstacle.
	refd := parseTools(t, "new.json", `{"name":"b","inputSchema":{"type":"object","$defs":{"S":{"type":"string"}},"properties":{"q":{"$ref":"#/$defs/S"}}}}`)
	checkChanges(t, ToolSets(old, refd, Options{}).Changes, want{"tool-renamed", Breaking, "name"})
}

func TestDuplicateNamesUseTheLast(t *testing.T) {
	old := parseTools(t, "old.json", `[{"name":"a","inputSchema":{"type":"object"}}]`)
	new := parseTools(t, "new.json", `[{"name":"a","inputSchema":{"type":"object"}},{"name":"a","inputSchema":{"type":"array"}}]`)
	checkChanges(t, ToolSets(old, new, Options{}).Changes, want{"type-changed", Breaking, "inputSchema.type"})
}

func TestEmptyResult(t *testing.T) {
	if res := ToolSets([]*tool.Tool{nil}, []*tool.Tool{nil, {Name: "bare"}}, Options{}); len(res.Changes) != 1 || res.Changes[0].Code != "tool-added" {
		t.Errorf("nil and bare tools: %s", describe(res.Changes))
	}
	res := ToolSets(nil, nil, Options{})
	if res.Changes == nil || len(res.Changes) != 0 || res.Summary != (Summary{}) {
		t.Errorf("empty: %+v", res)
	}
}
