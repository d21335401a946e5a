package cost

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tiktoken-go/tokenizer"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

var allTargets = []string{"openai", "anthropic", "gemini", "mcp", "anthropic-strict"}

// reference counts text with the library's public API, whole: the
// independent path every figure is compared with.
func reference(t *testing.T, text []byte) int {
	t.Helper()
	enc, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	n, err := enc.Count(string(text))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func load(t *testing.T, dir string) []*tool.Tool {
	t.Helper()
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	res := tool.Load([]string{dir}, tool.Options{Cwd: dir})
	if len(res.Tools) == 0 {
		t.Fatalf("%s: no tools (%d load errors)", dir, len(res.Errors))
	}
	return res.Tools
}

// Every figure equals the library's count of the file compile writes: the
// files of a real compile run (compile.Build, as `compile --allow-lossy`
// lays them out), counted whole by the library. Run on the bundled sets
// and on ../shared/realworld/tools when present (third-party data, read in
// place).
func TestFiguresMatchCompiledFiles(t *testing.T) {
	dirs := []string{
		filepath.Join("..", "..", "testdata", "refund-order", "v1"),
		filepath.Join("..", "..", "testdata", "refund-order", "v2"),
		filepath.Join("..", "..", "testdata", "realworld", "v1"),
		filepath.Join("..", "..", "testdata", "realworld", "v2"),
		filepath.Join("..", "..", "..", "shared", "realworld", "tools"),
	}
	for _, dir := range dirs {
		if _, err := os.Stat(dir); err != nil {
			t.Logf("%s: absent, skipped", dir)
			continue
		}
		tools := load(t, dir)
		plan, err := compile.Build(tools, allTargets, true)
		if err != nil {
			t.Logf("%s: %v (compared pair by pair instead)", dir, err)
		}
		files := map[string][]byte{}
		if plan != nil {
			for _, f := range plan.Files {
				files[f.Path] = f.Data
			}
		}
		set := Count(tools, allTargets, nil)
		compared, total := 0, 0
		for i, tl := range tools {
			for j, target := range allTargets {
				f := set.Tools[i][j]
				if f.Tool != tl.Name || f.Target != target || f.Exact != (target == "openai") {
					t.Fatalf("figure %+v for %s/%s", f, tl.Name, target)
				}
				data, ok := files[target+"/"+compile.FileBase(tl.Name)+".json"]
				if !ok {
					// Refused even with --allow-lossy: what compile would
					// send is still its rendering.
					data = compile.Encode(compile.Render(tl, target, nil))
				}
				if want := reference(t, data); f.Tokens != want {
					t.Errorf("%s: %s/%s: %d tokens, the library counts %d", dir, tl.Name, target, f.Tokens, want)
				}
				if f.Parts.NameDescription <= 0 || f.Parts.Structure <= 0 || f.Parts.total() != f.Tokens {
					t.Errorf("%s/%s: parts %+v", tl.Name, target, f.Parts)
				}
				compared++
				total += f.Tokens
			}
		}
		t.Logf("%s: %d tools, %d pairs compared, %d tokens in all", dir, len(tools), compared, total)
	}
}

// Pinned figures of the bundled example, each checked above against the
// library: a change in compile's output or the breakdown shows here.
func TestRefundOrderFigures(t *testing.T) {
	tools := load(t, filepath.Join("..", "..", "testdata", "refund-order", "v1"))
	set := Count(tools, []string{"openai", "anthropic", "gemini", "mcp"}, nil)
	var got []string
	for i := range tools {
		for _, f := range set.Tools[i] {
			got = append(got, f.Tool+"/"+f.Target+": "+itoa(f.Tokens)+" = "+itoa(f.Parts.NameDescription)+" + "+itoa(f.Parts.Parameters)+" + "+itoa(f.Parts.Structure))
		}
	}
	for _, tot := range set.Totals {
		got = append(got, "total/"+tot.Target+": "+itoa(tot.Tokens))
	}
	want := []string{
		"refund_order/openai: 216 = 22 + 38 + 156",
		"refund_order/anthropic: 169 = 22 + 38 + 109",
		"refund_order/gemini: 175 = 22 + 38 + 115",
		"refund_order/mcp: 169 = 22 + 38 + 109",
		"search_orders/openai: 313 = 21 + 11 + 281",
		"search_orders/anthropic: 222 = 21 + 11 + 190",
		"search_orders/gemini: 228 = 21 + 11 + 196",
		"search_orders/mcp: 222 = 21 + 11 + 190",
		"total/openai: 529",
		"total/anthropic: 391",
		"total/gemini: 403",
		"total/mcp: 391",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("figures:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Counting from the check's own findings (how a run that has checked the
// set already counts it) gives the figures counting alone gives.
func TestCountFromCheckFindings(t *testing.T) {
	for _, dir := range []string{
		filepath.Join("..", "..", "testdata", "realworld", "v1"),
		filepath.Join("..", "..", "..", "shared", "realworld", "tools"),
	} {
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		tools := load(t, dir)
		alone := Count(tools, defaultTargets, nil)
		res := check.Run(tools, defaultTargets)
		reused := Count(tools, defaultTargets, func(i int, target string) []provider.Diagnostic {
			for _, tr := range res.Tools[i].Targets {
				if tr.ID == target {
					return append([]provider.Diagnostic{}, tr.Diagnostics...)
				}
			}
			return []provider.Diagnostic{}
		})
		for i := range tools {
			for j := range defaultTargets {
				if alone.Tools[i][j] != reused.Tools[i][j] {
					t.Errorf("%s: %+v alone, %+v from the check", dir, alone.Tools[i][j], reused.Tools[i][j])
				}
			}
		}
	}
}
