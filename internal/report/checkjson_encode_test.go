package report

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// AppendToolJSON is an append-based rewrite of the bytes.Buffer writer
// below (the one the check goldens were made with, kept here as the
// reference): the two must agree byte for byte on every tool, whatever
// its strings hold.

func TestAppendToolJSONMatchesReferenceOnCorpus(t *testing.T) {
	dir := t.TempDir()
	if _, err := corpus.Generate(dir, 120, 5); err != nil {
		t.Fatal(err)
	}
	loaded := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(loaded.Errors) > 0 {
		t.Fatalf("corpus did not load: %v", loaded.Errors)
	}
	res := check.Run(loaded.Tools, append(check.DefaultTargets(), "anthropic-strict"))
	diags := 0
	for i := range res.Tools {
		for _, tg := range res.Tools[i].Targets {
			diags += len(tg.Diagnostics)
		}
		compareToolJSON(t, &res.Tools[i])
	}
	if diags < 1000 {
		t.Fatalf("only %d diagnostics: the corpus no longer exercises the encoder", diags)
	}
}

// encoderInputs are strings a tool file can put into a diagnostic (names, paths,
// messages quoting property names, file names).
var encoderInputs = []string{
	"", "plain", `quote " inside`, `back\slash`, "new\nline", "tab\tcr\rff\fbs\b", "\x00\x01\x1f\x7f",
	"ünïcødé ✓ 🚀", "\u2028\u2029", "bad \xff utf8", "\xc3", "trunc \xe2\x82", "\xed\xa0\x80 surrogate",
	"</script><!-- & -->", "::error::x%0A", "`code` *md* [l](u)", strings.Repeat("é\"\\", 40),
}

func TestAppendToolJSONMatchesReferenceOnHostileStrings(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func() string {
		if rng.IntN(3) == 0 {
			return encoderInputs[rng.IntN(len(encoderInputs))] + encoderInputs[rng.IntN(len(encoderInputs))]
		}
		return encoderInputs[rng.IntN(len(encoderInputs))]
	}
	severities := []string{provider.SeverityError, provider.SeverityWarning, provider.SeverityInfo, pick()}
	for n := 0; n < 300; n++ {
		name := pick()
		tr := check.ToolResult{}
		if rng.IntN(4) > 0 {
			tr.Tool = &tool.Tool{Name: name, Source: &tool.Source{Path: pick()}}
		}
		for k := rng.IntN(4); k > 0; k-- {
			tg := check.TargetResult{ID: pick()}
			if rng.IntN(5) == 0 && len(tr.Targets) > 0 {
				tg.ID = tr.Targets[0].ID // a repeated id is written once
			}
			pid := pick()
			for m := rng.IntN(6); m > 0; m-- {
				d := provider.Diagnostic{
					ProviderID: pid, ToolName: name, Severity: severities[rng.IntN(len(severities))],
					Code: pick(), Message: pick(), Path: pick(), DocsURL: pick(), File: pick(),
					Compile: provider.Compile{Supported: rng.IntN(2) == 0, Lossy: rng.IntN(2) == 0, Detail: pick()},
				}
				d.Line, d.Column, d.EndLine, d.EndColumn = rng.IntN(1<<20), rng.IntN(300), rng.IntN(1<<20), rng.IntN(300)
				if rng.IntN(4) == 0 {
					d.ProviderID, d.ToolName = pick(), pick() // differs from the previous one's
				}
				if rng.IntN(4) == 0 {
					d.File = "" // the tool's file
				}
				tg.Diagnostics = append(tg.Diagnostics, d)
			}
			tr.Targets = append(tr.Targets, tg)
		}
		compareToolJSON(t, &tr)
	}
}

func compareToolJSON(t *testing.T, tr *check.ToolResult) {
	t.Helper()
	var want bytes.Buffer
	refWriteToolJSON(&want, tr)
	// Appended after existing bytes, into a buffer that must grow.
	got := AppendToolJSON([]byte("prefix"), tr)
	if string(got[:6]) != "prefix" || !bytes.Equal(got[6:], want.Bytes()) {
		i := firstDiff(got[6:], want.Bytes())
		t.Fatalf("tool %q: rendering differs at byte %d:\n got %q\nwant %q", tr.Tool.Name, i,
			got[6+max(0, i-80):min(len(got), 6+i+80)], want.Bytes()[max(0, i-80):min(want.Len(), i+80)])
	}
}

// The reference writer, as it was before the append-based rewrite.

func refWriteToolJSON(bw *bytes.Buffer, tr *check.ToolResult) {
	name, source := "", ""
	if tr.Tool != nil {
		name, source = tr.Tool.Name, tr.Tool.File()
	}
	bw.WriteString("\n    {\n")
	bw.WriteString("      \"name\": " + jsonvalue.Quote(name) + ",\n")
	bw.WriteString("      \"source\": " + jsonvalue.Quote(source) + ",\n")
	bw.WriteString("      \"targets\": {")
	targets := uniqueTargets(tr.Targets)
	for i, t := range targets {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n        " + jsonvalue.Quote(t.ID) + ": {\n")
		bw.WriteString("          \"diagnostics\": [")
		var s check.Summary
		for j := range t.Diagnostics {
			d := &t.Diagnostics[j]
			count(&s, d.Severity)
			if j > 0 {
				bw.WriteByte(',')
			}
			refWriteDiagnosticJSON(bw, d, diagnosticSpan(tr.Tool, d))
		}
		if len(t.Diagnostics) > 0 {
			bw.WriteString("\n          ")
		}
		bw.WriteString("],\n")
		bw.WriteString("          \"summary\": {\n")
		bw.WriteString("            \"error\": " + strconv.Itoa(s.Error) + ",\n")
		bw.WriteString("            \"warning\": " + strconv.Itoa(s.Warning) + ",\n")
		bw.WriteString("            \"info\": " + strconv.Itoa(s.Info) + "\n")
		bw.WriteString("          }\n        }")
	}
	if len(targets) > 0 {
		bw.WriteString("\n      ")
	}
	bw.WriteString("}\n    }")
}

func refWriteDiagnosticJSON(bw *bytes.Buffer, d *provider.Diagnostic, loc span) {
	const in = "              "
	str := func(key, value string) { bw.WriteString(in + `"` + key + `": ` + jsonvalue.Quote(value) + ",\n") }
	num := func(key string, value int, last bool) {
		bw.WriteString(in + `"` + key + `": ` + strconv.Itoa(value))
		if !last {
			bw.WriteByte(',')
		}
		bw.WriteByte('\n')
	}
	bw.WriteString("\n            {\n")
	str("providerId", d.ProviderID)
	str("toolName", d.ToolName)
	str("severity", d.Severity)
	str("code", d.Code)
	str("message", d.Message)
	str("path", d.Path)
	bw.WriteString(in + "\"compile\": {\n")
	bw.WriteString(in + "  \"supported\": " + strconv.FormatBool(d.Compile.Supported) + ",\n")
	bw.WriteString(in + "  \"lossy\": " + strconv.FormatBool(d.Compile.Lossy) + ",\n")
	bw.WriteString(in + "  \"detail\": " + jsonvalue.Quote(d.Compile.Detail))
	bw.WriteString("\n" + in + "},\n")
	if d.DocsURL != "" {
		str("docsUrl", d.DocsURL)
	}
	str("file", loc.file)
	num("line", loc.Line, false)
	num("column", loc.Column, false)
	num("endLine", loc.EndLine, false)
	num("endColumn", loc.EndColumn, true)
	bw.WriteString("            }")
}

// appendInt writes the numbers below 10,000 itself: every one of them,
// the edges around each width and the extremes must read as strconv's.
func TestAppendIntMatchesStrconv(t *testing.T) {
	check := func(n int) {
		t.Helper()
		got := appendInt([]byte("p"), n)
		if want := strconv.AppendInt([]byte("p"), int64(n), 10); string(got) != string(want) {
			t.Fatalf("appendInt(%d) = %q, want %q", n, got, want)
		}
	}
	for n := -1000; n <= 20000; n++ {
		check(n)
	}
	for _, n := range []int{99999, 100000, 1 << 31, -1 << 31, math.MaxInt, math.MinInt, math.MaxInt - 1, math.MinInt + 1} {
		check(n)
	}
}

// FuzzAppendToolJSON renders diagnostics made of the fuzzer's strings
// and numbers, some sharing their rule's strings (the fragments and the
// detail cache), and compares with the reference writer.
func FuzzAppendToolJSON(f *testing.F) {
	for _, s := range encoderInputs {
		f.Add(s, "openai/x", s, "inputSchema.a", s, "https://x", "a.json", 12, 345)
	}
	f.Fuzz(func(t *testing.T, sev, code, msg, path, detail, docs, file string, line, col int) {
		tr := check.ToolResult{Tool: &tool.Tool{Name: msg, Source: &tool.Source{Path: file}}}
		tg := check.TargetResult{ID: code}
		for k := range 4 {
			d := provider.Diagnostic{
				ProviderID: "openai", ToolName: msg, Severity: sev, Code: code, Message: msg + path, Path: path,
				Compile: provider.Compile{Supported: k%2 == 0, Lossy: k > 1, Detail: detail}, DocsURL: docs,
				File: file, Line: line + k, Column: col - k, EndLine: -line, EndColumn: col * k,
			}
			if k == 2 {
				d.Code, d.DocsURL, d.File = detail, "", "" // another rule; the tool's file
			}
			tg.Diagnostics = append(tg.Diagnostics, d)
		}
		tr.Targets = append(tr.Targets, tg)
		compareToolJSON(t, &tr)
	})
}

// plainStrings escapes exactly as jsonvalue.AppendEscaped through hits,
// misses and slot collisions, and remembers only strings that need no
// escape: a prefix of a remembered string (same address, shorter) and a
// string that needs escapes are escaped again each time.
func TestPlainStrings(t *testing.T) {
	var c plainStrings
	shared := "`name` is optional, but OpenAI strict mode requires every property in `required`"
	strs := []string{"", shared, shared[:6], shared[:1], "a\"b", "\xff", "é ✓", "tab\there", "\x00", shared}
	for i := range 400 {
		strs = append(strs, "detail "+strconv.Itoa(i), "quote\" "+strconv.Itoa(i))
	}
	for round := range 3 {
		for _, s := range strs {
			got := c.appendEscaped([]byte("p"), s)
			if want := jsonvalue.AppendEscaped([]byte("p"), s); string(got) != string(want) {
				t.Fatalf("round %d: %q escaped %q, want %q", round, s, got, want)
			}
		}
	}
	remembered := 0
	for _, e := range c.slots {
		if e.p == nil {
			continue
		}
		remembered++
		s := unsafe.String(e.p, e.n)
		if string(jsonvalue.AppendEscaped(nil, s)) != s {
			t.Fatalf("remembered %q, which needs escapes", s)
		}
	}
	if remembered == 0 {
		t.Fatal("remembered no string")
	}
	c.reset()
	for _, e := range c.slots {
		if e.p != nil {
			t.Fatal("reset kept a string")
		}
	}
}
