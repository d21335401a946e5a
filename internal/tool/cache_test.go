package tool

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool/casefiles"
)

// A load with a cache shares the tools of the files an earlier load read
// cleanly with the same bytes at the same display path and format, and
// gives exactly what a load without it gives: a changed file, a broken
// one, one whose forced format differs and one duplicated across files
// are loaded again and say what is wrong with them.
func TestCacheSharesIdenticalFilesOnly(t *testing.T) {
	dir := t.TempDir()
	same := `[` + fmt.Sprintf(okTool, "a") + `, ` + fmt.Sprintf(okTool, "b") + `]`
	casefiles.Write(t, dir, map[string]string{
		"base/tools/same.json":    same,
		"base/tools/changed.json": fmt.Sprintf(okTool, "c"),
		"base/tools/broken.json":  `{"name": `,
		"base/tools/dup.json":     fmt.Sprintf(okTool, "d"),
		"base/tools/native.json":  `[{"type": "function", "name": "n", "parameters": {"type": "object", "properties": {}}}]`,
		"head/tools/same.json":    same,
		"head/tools/changed.json": strings.Replace(fmt.Sprintf(okTool, "c"), `"properties":{}`, `"properties":{"x":{"type":"string"}}`, 1),
		"head/tools/broken.json":  `{"name": `,
		"head/tools/dup.json":     fmt.Sprintf(okTool, "d"),
		"head/tools/dup2.json":    fmt.Sprintf(okTool, "d"),
		"head/tools/native.json":  `[{"type": "function", "name": "n", "parameters": {"type": "object", "properties": {}}}]`,
	}, nil)
	render := func(r *Result) string {
		var b strings.Builder
		for _, e := range r.Errors {
			fmt.Fprintf(&b, "%s %s %s %+v\n", e.SourcePath, e.Path, e.Message, e.Span)
		}
		for _, tl := range r.Tools {
			fmt.Fprintf(&b, "%s %s %s %s %v\n", tl.Name, tl.File(), tl.Base, tl.Source.Data, tl.Native != nil)
		}
		return b.String()
	}
	headFormats := []FormatRule{{Path: "tools/native.json", Format: FormatOpenAIResponses}}
	cache := NewCache()
	base := Load([]string{"tools"}, Options{Cwd: filepath.Join(dir, "base"), Cache: cache})
	head := Load([]string{"tools"}, Options{Cwd: filepath.Join(dir, "head"), Cache: cache, Formats: headFormats})
	want := Load([]string{"tools"}, Options{Cwd: filepath.Join(dir, "head"), Formats: headFormats})
	if got, w := render(head), render(want); got != w {
		t.Fatalf("with the cache:\n%s\nwithout:\n%s", got, w)
	}
	if !reflect.DeepEqual(head.Errors, want.Errors) || len(head.Errors) == 0 {
		t.Fatalf("errors differ: %+v", head.Errors)
	}
	byName := func(r *Result) map[string][]*Tool {
		m := map[string][]*Tool{}
		for _, tl := range r.Tools {
			m[tl.Name] = append(m[tl.Name], tl)
		}
		return m
	}
	b, h := byName(base), byName(head)
	for name, shared := range map[string]bool{"a": true, "b": true, "c": false, "n": false} {
		if (b[name][0] == h[name][0]) != shared {
			t.Errorf("tool %s: shared %v, want %v", name, !shared, shared)
		}
	}
	if len(h["d"]) != 2 || h["d"][0] != b["d"][0] {
		t.Errorf("the identical file of a duplicated name is not shared: %v", h["d"])
	}
}
