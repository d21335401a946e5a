// Package initrepo writes a repository's starter schemaport.config.json
// and workflow (`schemaport-action init`): it finds the tool files in
// every format the loader reads, chooses the paths, targets and threshold
// that fit them, and, asked to, accepts today's findings for a while so
// that the first run is green.
package initrepo

import (
	"encoding/json"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/schemaport/schemaport-action/internal/config"
	"github.com/schemaport/schemaport-action/internal/safefile"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// skippedDirs are the directories the loader's walk never enters.
var skippedDirs = map[string]bool{"node_modules": true, "dist": true, "coverage": true}

// Discovery is what a walk of the repository found.
type Discovery struct {
	// ToolFiles are the files that load on their own with at least one
	// tool, relative to the root with `/` separators, sorted.
	ToolFiles []string
	// Formats are the formats of those files, by file.
	Formats map[string]tool.Format
	// Providers are the native providers met (openai, anthropic, gemini),
	// by file; a canonical or MCP file has none.
	Providers map[string]string
	// Other are the .json files a walk reads that are not tool files
	// (package.json, a broken tool file), sorted: a directory holding one
	// cannot be a `schemas` path, or check would fail to load it.
	Other []string
	// Compiled are the directories holding `schemaport-action compile`
	// output (a manifest.json): left out of the tools, and the first is
	// the config's `output`.
	Compiled []string
	// Unsafe are tool files whose names cannot go into a workflow file
	// (a control character, `${{`): left out, and named.
	Unsafe []string
}

// Discover walks root as the loader walks a directory (dot entries,
// node_modules, dist and coverage skipped, links not followed, .json
// files only) and sorts what it finds. formats are the config's.
func Discover(root string, formats []tool.FormatRule) (*Discovery, error) {
	d := &Discovery{Formats: map[string]tool.Format{}, Providers: map[string]string{}}
	var files []string
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		name := e.Name()
		if strings.HasPrefix(name, ".") || e.Type()&fs.ModeSymlink != 0 {
			if e.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if e.IsDir() {
			if skippedDirs[name] {
				return filepath.SkipDir
			}
			if isCompileOutput(path) {
				d.Compiled = append(d.Compiled, rel)
				return filepath.SkipDir
			}
			return nil
		}
		if e.Type().IsRegular() && strings.HasSuffix(name, ".json") {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, rel := range files {
		if rel == config.DefaultFile {
			d.Other = append(d.Other, rel)
			continue
		}
		res := tool.Load([]string{filepath.FromSlash(rel)}, tool.Options{Cwd: root, Root: root, Formats: formats})
		if len(res.Errors) > 0 || len(res.Tools) == 0 {
			d.Other = append(d.Other, rel)
			continue
		}
		if !safeName(rel) {
			d.Unsafe = append(d.Unsafe, rel)
			continue
		}
		d.ToolFiles = append(d.ToolFiles, rel)
		// The loader reads an MCP tools/list response as canonical tools.
		d.Formats[rel] = tool.FormatCanonical
		for _, t := range res.Tools {
			if t.Native != nil {
				d.Formats[rel] = t.Native.Format
				d.Providers[rel] = t.Native.Provider
			}
		}
	}
	slices.Sort(d.ToolFiles)
	slices.Sort(d.Other)
	slices.Sort(d.Compiled)
	return d, nil
}

// safeName: a path that goes into the workflow's `path:` block must not
// end the block (a line break) or open an expression (`${{`).
func safeName(rel string) bool {
	if strings.Contains(rel, "${{") || strings.TrimSpace(rel) != rel {
		return false
	}
	for _, r := range rel {
		if r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029' {
			return false
		}
	}
	return true
}

// isCompileOutput: dir has the manifest.json `compile` writes.
func isCompileOutput(dir string) bool {
	// Only a regular file, bounded: a committed link to /dev/zero or a
	// named pipe would otherwise be read forever.
	data, err := safefile.ReadRegular(filepath.Join(dir, "manifest.json"), 64<<20)
	if err != nil {
		return false
	}
	var m struct {
		SchemaPortVersion *string         `json:"schemaPortVersion"`
		Targets           []string        `json:"targets"`
		Tools             json.RawMessage `json:"tools"`
	}
	return json.Unmarshal(data, &m) == nil && m.SchemaPortVersion != nil && m.Targets != nil && m.Tools != nil
}

// Paths are the `schemas` for the tool files: for each file the highest
// directory below the root whose walk reads only tool files, else the
// file itself; each once, sorted.
func (d *Discovery) Paths() []string {
	// Directories whose walk would read a file that is not a tool file
	// (compiled output included: its manifest.json is not one).
	// The root never is one: init writes the config there, and the action
	// writes its SARIF and JSON report there.
	bad := map[string]bool{".": true}
	mark := func(dir string) {
		for ; ; dir = pathDir(dir) {
			bad[dir] = true
			if dir == "." {
				return
			}
		}
	}
	for _, f := range append(slices.Clone(d.Other), d.Unsafe...) {
		mark(pathDir(f))
	}
	for _, c := range d.Compiled {
		mark(c)
	}
	var out []string
	for _, f := range d.ToolFiles {
		chosen := f
		// From the root down: the first clean directory is the highest.
		parts := strings.Split(f, "/")
		for i := 0; i < len(parts); i++ {
			dir := strings.Join(parts[:i], "/")
			if dir == "" {
				dir = "."
			}
			if !bad[dir] {
				chosen = dir
				break
			}
		}
		if !slices.Contains(out, chosen) {
			out = append(out, chosen)
		}
	}
	slices.Sort(out)
	return out
}

func pathDir(p string) string {
	i := strings.LastIndex(p, "/")
	if i < 0 {
		return "."
	}
	return p[:i]
}
