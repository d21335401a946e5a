package tool

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool/casefiles"
)

// SameText is true for a tool written with the same bytes, wherever it
// sits in its file, and false for the same tool spelled otherwise.
func TestSameText(t *testing.T) {
	dir := t.TempDir()
	a := fmt.Sprintf(okTool, "a")
	native := `{"type": "function", "name": "n", "parameters": {"type": "object", "properties": {}}}`
	casefiles.Write(t, dir, map[string]string{
		"one/tools.json":   `[` + a + `]`,
		"two/tools.json":   `[` + fmt.Sprintf(okTool, "z") + `,  ` + a + `]`,
		"three/tools.json": `[` + a[:len(a)-1] + ` }]`,
		"one/native.json":  `[` + native + `]`,
		"two/native.json":  `[` + native + `]`,
	}, nil)
	byName := func(sub string) map[string]*Tool {
		r := Load([]string{filepath.Join(dir, sub)}, Options{Cwd: dir})
		if len(r.Errors) != 0 {
			t.Fatalf("%s: %v", sub, r.Errors)
		}
		m := map[string]*Tool{}
		for _, tl := range r.Tools {
			m[tl.Name] = tl
		}
		return m
	}
	one, two, three := byName("one"), byName("two"), byName("three")
	for _, tc := range []struct {
		what string
		x, y *Tool
		want bool
	}{
		{"the same bytes elsewhere in another file", one["a"], two["a"], true},
		{"the same tool spelled with another space", one["a"], three["a"], false},
		{"another tool", one["a"], two["z"], false},
		{"the same native bytes", one["n"], two["n"], true},
		{"nil", one["a"], nil, false},
	} {
		if got := SameText(tc.x, tc.y); got != tc.want {
			t.Errorf("%s: SameText = %v, want %v", tc.what, got, tc.want)
		}
	}
}
