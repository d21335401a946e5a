package tool

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkLoadNative loads one file of 2000 tools in each format: what
// reading a native file costs next to its canonical equivalent (the
// canonical view shares the native file's nodes; only Gemini's upper-case
// types are copied).
func BenchmarkLoadNative(b *testing.B) {
	const n = 2000
	schema := func(typ func(string) string) string {
		return fmt.Sprintf(`{"type": %q, "properties": {"city": {"type": %q, "description": "City name."}, "days": {"type": %q, "minimum": 1}}, "required": ["city"]}`,
			typ("object"), typ("string"), typ("integer"))
	}
	lower := func(s string) string { return s }
	upper := strings.ToUpper
	formats := map[string]func(i int) string{
		"canonical": func(i int) string {
			return fmt.Sprintf(`{"name": "tool_%d", "description": "d", "inputSchema": %s}`, i, schema(lower))
		},
		"openai-chat": func(i int) string {
			return fmt.Sprintf(`{"type": "function", "function": {"name": "tool_%d", "description": "d", "parameters": %s}}`, i, schema(lower))
		},
		"anthropic": func(i int) string {
			return fmt.Sprintf(`{"name": "tool_%d", "description": "d", "input_schema": %s}`, i, schema(lower))
		},
		"gemini": func(i int) string {
			return fmt.Sprintf(`{"functionDeclarations": [{"name": "tool_%d", "description": "d", "parameters": %s}]}`, i, schema(upper))
		},
	}
	for _, name := range []string{"canonical", "openai-chat", "anthropic", "gemini"} {
		b.Run(name, func(b *testing.B) {
			items := make([]string, n)
			for i := range items {
				items[i] = formats[name](i)
			}
			text := "[\n" + strings.Join(items, ",\n") + "\n]\n"
			path := filepath.Join(b.TempDir(), "tools.json")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				res := Load([]string{path}, Options{})
				if len(res.Errors) != 0 || len(res.Tools) != n {
					b.Fatalf("%d errors (%v), %d tools", len(res.Errors), res.Errors, len(res.Tools))
				}
			}
		})
	}
}
