package diff

import (
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool"
)

const oldFile = `{
  "name": "refund_order",
  "description": "Refunds an order",
  "inputSchema": {
    "type": "object",
    "properties": {
      "orderId": { "type": "string" },
      "gone": { "type": "string" },
      "method": { "type": "string", "enum": ["card", "credit"] }
    },
    "required": ["orderId"]
  }
}`

const newFile = `{
  "name": "refund_order",
  "inputSchema": {
    "type": "object",
    "properties": {
      "orderId": { "type": "string" },
      "method": { "type": "string", "enum": ["card"] },
      "currency": { "type": "string" }
    },
    "required": ["orderId", "currency", "method"]
  }
}`

func TestLocations(t *testing.T) {
	o := parseTools(t, "v1/refund.json", oldFile)[0]
	n := parseTools(t, "v2/refund.json", newFile)[0]
	got := Tools(o, n, Options{})
	byCode := map[string]Change{}
	for _, c := range got {
		byCode[c.Code] = c
	}
	loc := func(file string, line, col, endCol int) Location {
		return Location{File: file, Line: line, Column: col, EndLine: line, EndColumn: endCol}
	}
	checks := []struct {
		code     string
		old, new Location
	}{
		// Removed: old key; new is the nearest surviving ancestor.
		{"property-removed", loc("v1/refund.json", 8, 7, 13), loc("v2/refund.json", 5, 5, 17)},
		// Added: new key; nothing in the old file.
		{"required-property-added", Location{}, loc("v2/refund.json", 8, 7, 17)},
		// Enum value removed: the value in the old file, and the entry that
		// took its place in the new one (issue 9).
		{"enum-narrowed", loc("v1/refund.json", 9, 54, 62), loc("v2/refund.json", 7, 46, 52)},
		// Made required: the name inside the required list.
		{"property-made-required", Location{}, loc("v2/refund.json", 10, 41, 49)},
		// Description removed: the tool object is the surviving ancestor.
		{"tool-description-changed", loc("v1/refund.json", 3, 3, 16), Location{File: "v2/refund.json", Line: 1, Column: 1, EndLine: 12, EndColumn: 2}},
	}
	for _, ck := range checks {
		c, ok := byCode[ck.code]
		if !ok {
			t.Errorf("%s missing:%s", ck.code, describe(got))
			continue
		}
		if c.Old != ck.old || c.New != ck.new {
			t.Errorf("%s: old %+v new %+v, want old %+v new %+v", ck.code, c.Old, c.New, ck.old, ck.new)
		}
	}
}

func TestToolLevelLocations(t *testing.T) {
	old := parseTools(t, "old.json", `[{"name":"a","inputSchema":{"type":"object"}},{"name":"b","inputSchema":{"type":"object","properties":{"x":{}}}}]`)
	new := parseTools(t, "new.json", `[{"name":"c","inputSchema":{"type":"object"}}]`)
	res := ToolSets(old, new, Options{})
	checkChanges(t, res.Changes, want{"tool-renamed", Breaking, "name"}, want{"tool-removed", Breaking, "name"})
	renamed, removed := res.Changes[0], res.Changes[1]
	if renamed.Old.Column != 3 || renamed.New.Column != 3 || renamed.New.File != "new.json" {
		t.Errorf("rename located at %+v / %+v", renamed.Old, renamed.New)
	}
	if removed.New != (Location{}) || removed.Old.Column != 48 || removed.Old.File != "old.json" {
		t.Errorf("removed tool located at %+v / %+v", removed.Old, removed.New)
	}
	var nilTool *tool.Tool
	if Tools(nilTool, new[0], Options{}) != nil {
		t.Error("nil tool")
	}
}
