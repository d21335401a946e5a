package report

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// TestBudgetSpentMessage pins what the diff prints, from the real engine,
// for a breaking change whose witness search ran out: the new schema
// forbids one value of the last of 200 properties, which no candidate
// call holds.
func TestBudgetSpentMessage(t *testing.T) {
	var props []string
	for i := 0; i < 200; i++ {
		props = append(props, `"p`+strconv.Itoa(1000 + i)[1:]+`":{"type":"integer"}`)
	}
	p := `"properties":{` + strings.Join(props, ",") + `}`
	side := func(name, schema string) []*tool.Tool {
		src, v := sourceFrom(t, name, []byte(`{"name":"bulk_update","inputSchema":`+schema+`}`))
		return []*tool.Tool{{Name: "bulk_update", Value: v, Source: src}}
	}
	old := side("v1/bulk.json", `{"type":"object",`+p+`}`)
	new := side("v2/bulk.json", `{"type":"object",`+p+`,"not":{"properties":{"p199":{"const":987654321}},"required":["p199"]}}`)
	res := diff.ToolSets(old, new, diff.Options{})
	const reason = "No example call found: none of the calls tried within the search budget is accepted by the old schema and rejected by the new one."
	var text, js bytes.Buffer
	if err := DiffText(&text, res, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := DiffJSON(&js, res, Omitted{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "\n  Path: inputSchema.not\n  At: v2/bulk.json:1:") || !strings.Contains(text.String(), "\n  "+reason+"\n") {
		t.Errorf("text output does not say the search ran out:\n%s", text.String())
	}
	if !strings.Contains(js.String(), `"witness": {`) || !strings.Contains(js.String(), `"reason": "`+reason+`"`) {
		t.Errorf("JSON output does not say the search ran out:\n%s", js.String())
	}
}
