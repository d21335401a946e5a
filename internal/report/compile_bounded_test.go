package report

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// compile's report quotes property names in its transformations and
// warnings ("Made the optional property `<name>` …"): four names of 1 MB
// printed 12 MB of text. Each string from the tool file is cut and each
// path abbreviated, as in check's reports (the manifest keeps them whole).
func TestCompileTextCutsLongNames(t *testing.T) {
	long := strings.Repeat("n", 50000)
	text := `{"name": "t", "description": "d", "inputSchema": {"type": "object", "properties": {"` + long + `": {"type": "string"}, "x` + long + `": {"type": "object", "properties": {"a": {"type": "string"}}}}}}`
	v, err := jsonvalue.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	tl := &tool.Tool{Name: "t", Value: v, Source: &tool.Source{Path: "t.json", Data: []byte(text)}}
	for _, lossy := range []bool{true, false} {
		p, err := compile.Build([]*tool.Tool{tl}, []string{"openai", "gemini"}, lossy)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := CompileText(&b, p, "out", TextOptions{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "more characters]") {
			t.Errorf("allowLossy=%v: nothing was cut:\n%.2000s", lossy, b.String())
		}
		for _, line := range strings.Split(b.String(), "\n") {
			if n := utf8.RuneCountInString(line); n > MaxValueChars+100 {
				t.Fatalf("allowLossy=%v: a line of %d characters: %.150s…", lossy, n, line)
			}
		}
	}
}

// A compiled pair's warnings are listed like its transformations, at most
// MaxListedTransformations (10,000 optional properties, each a warning for
// OpenAI, printed 6 MB); the manifest keeps every one.
func TestCompileTextCapsWarnings(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"name": "t", "description": "d", "inputSchema": {"type": "object", "properties": {`)
	for i := range 300 {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`"p` + strconv.Itoa(i) + `": {"type": "string"}`)
	}
	b.WriteString(`}}}`)
	v, err := jsonvalue.Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	tl := &tool.Tool{Name: "t", Value: v, Source: &tool.Source{Path: "t.json", Data: []byte(b.String())}}
	p, err := compile.Build([]*tool.Tool{tl}, []string{"openai"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(p.Results[0][0].Diagnostics); n <= MaxListedTransformations {
		t.Fatalf("%d warnings: the test needs more", n)
	}
	var out bytes.Buffer
	if err := CompileText(&out, p, "out", TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "\n  Path: "); n != MaxListedTransformations {
		t.Errorf("%d warnings listed, want %d", n, MaxListedTransformations)
	}
	if want := strconv.Itoa(len(p.Results[0][0].Diagnostics)-MaxListedTransformations) + " more warnings, listed in manifest.json"; !strings.Contains(out.String(), want) {
		t.Errorf("the text does not say %q", want)
	}
}

// The text lists at most RunLimits.PerRun transformations, warnings and
// errors in a run (58,000 tools printed 321 MB); every pair is still
// there with its file and what it left out.
func TestCompileTextListsAtMostPerRunEntries(t *testing.T) {
	var tools []*tool.Tool
	for k := range 120 {
		var b strings.Builder
		name := "t" + strconv.Itoa(1000+k)
		b.WriteString(`{"name": "` + name + `", "description": "d", "inputSchema": {"type": "object", "properties": {`)
		for i := range 150 {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(`"p` + strconv.Itoa(i) + `": {"type": "string"}`)
		}
		b.WriteString(`}}}`)
		v, err := jsonvalue.Parse([]byte(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, &tool.Tool{Name: name, Value: v, Source: &tool.Source{Path: name + ".json", Data: []byte(b.String())}})
	}
	p, err := compile.Build(tools, []string{"openai"}, true)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := CompileText(&out, p, "out", TextOptions{}); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if n := strings.Count(text, "\n  • [") + strings.Count(text, "\n  Path: "); n != RunLimits.PerRun {
		t.Errorf("%d entries listed, want %d", n, RunLimits.PerRun)
	}
	if n := strings.Count(text, "✓ out/openai/"); n != len(tools) {
		t.Errorf("%d files named, want %d", n, len(tools))
	}
	if !strings.Contains(text, "… 150 more warnings, listed in manifest.json") {
		t.Errorf("a pair past the budget does not say what it left out")
	}
}
