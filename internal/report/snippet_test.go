package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// A minified file puts every finding on one long line: each snippet shows a
// window around its own key, with the caret exactly under it.
func TestSnippetOnMinifiedLine(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"name":"wide","inputSchema":{"type":"object","properties":{`)
	const n = 400
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"prop_é%03d":{"type":"string"}`, i)
	}
	b.WriteString(`}}}`)
	src, v := sourceFrom(t, "wide.json", []byte(b.String()))
	tl := &tool.Tool{Name: "wide", Value: v, Source: src}
	var ds []provider.Diagnostic
	for _, i := range []int{0, 7, 200, n - 1} {
		ds = append(ds, diag(tl, "openai", "error", "openai/x", fmt.Sprintf("inputSchema.properties.prop_é%03d", i), "m", provider.Compile{}, ""))
	}
	res := finish(&check.Result{Tools: []check.ToolResult{{Tool: tl, Targets: []check.TargetResult{target("openai", "OpenAI", ds...)}}}})
	var out bytes.Buffer
	if err := CheckText(&out, res, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	found := 0
	for k, line := range lines {
		if !strings.HasPrefix(line, "  1 | ") || k+1 >= len(lines) {
			continue
		}
		caretLine := []rune(lines[k+1])
		text := []rune(line)
		at := -1
		for i, r := range caretLine {
			if r == '^' {
				at = i
				break
			}
		}
		if at < 0 || at >= len(text) || !strings.HasPrefix(string(text[at:]), `"prop_é`) {
			t.Errorf("caret not under a key:\n%s\n%s", line, lines[k+1])
		}
		if len(text) > snippetWidth+10 {
			t.Errorf("snippet not windowed: %d characters", len(text))
		}
		found++
	}
	if found != len(ds) {
		t.Fatalf("want %d snippets, got %d:\n%s", len(ds), found, out.String())
	}
}
