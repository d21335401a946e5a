package compile

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// fanOutTool is a tool whose $defs refer to the next one twice, levels
// deep: inlining it for Gemini drops a reference at each of 2^levels
// places, every one a lossy transformation.
func fanOutTool(t *testing.T, levels int) *tool.Tool {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"name": "fanout", "description": "d", "inputSchema": {"type": "object", "properties": {"root": {"$ref": "#/$defs/d0"}}, "$defs": {`)
	for i := range levels {
		fmt.Fprintf(&b, `"d%d": {"type": "object", "properties": {"a": {"$ref": "#/$defs/d%d"}, "b": {"$ref": "#/$defs/d%d"}}}, `, i, i+1, i+1)
	}
	fmt.Fprintf(&b, `"d%d": {"type": "string", "format": "uuid"}}}}`, levels)
	text := b.String()
	v, err := jsonvalue.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return &tool.Tool{Name: "fanout", Value: v, Source: &tool.Source{Path: "t.json", Data: []byte(text)}}
}

// A refusal names the transformations that weaken the schema, but not all
// of them: a $ref fan-out made a 4.4 MB message of one refusal (compile
// --format json printed it whole). The message lists the first few, each
// path abbreviated, and counts the rest, whatever the tool's size.
func TestLossyRefusalMessageIsBounded(t *testing.T) {
	var sizes []int
	for _, levels := range []int{8, 16} {
		r := Compile(fanOutTool(t, levels), "gemini", false)
		if r.OK || !r.LossyRefusal() {
			t.Fatalf("levels %d: want a lossy refusal, got OK=%v", levels, r.OK)
		}
		lossy := 0
		for _, tr := range r.Transformations {
			if tr.Lossy {
				lossy++
			}
		}
		var msg string
		for _, d := range r.Diagnostics {
			if d.Code == LossyRefusedCode {
				msg = d.Message
			}
		}
		if lossy <= maxListedLossy {
			t.Fatalf("levels %d: only %d lossy transformations; the test needs more", levels, lossy)
		}
		if want := fmt.Sprintf("and %d more", lossy-maxListedLossy); !strings.Contains(msg, want) {
			t.Errorf("levels %d: message does not say %q: %.300s", levels, want, msg)
		}
		sizes = append(sizes, len(msg))
	}
	// 2^8 and 2^16 places: the same few entries, paths a few levels longer.
	if sizes[1] > 4000 || sizes[1] > 2*sizes[0] {
		t.Errorf("message sizes %v: grow with the transformations", sizes)
	}
}
