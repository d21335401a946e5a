package snapshot

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/safefile"
)

// Render is a tool's snapshot file: the canonical {name, description,
// inputSchema} in that order, keys inside the schema sorted, two-space
// indent, no HTML escaping, a trailing newline. The same tool always gives
// the same bytes, whatever order the server wrote its keys in.
func Render(t Tool) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("{\n  \"name\": ")
	if err := encode(&b, t.Name); err != nil {
		return nil, err
	}
	if t.Description != "" {
		b.WriteString(",\n  \"description\": ")
		if err := encode(&b, t.Description); err != nil {
			return nil, err
		}
	}
	b.WriteString(",\n  \"inputSchema\": ")
	schema, err := schemaValue(t.InputSchema)
	if err != nil {
		return nil, fmt.Errorf("tool %q: inputSchema cannot be written as JSON: %v", t.Name, err)
	}
	b.WriteString(jsonvalue.EncodeIndented(sortedKeysOf(schema), "  ", "  "))
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// schemaValue is the schema as an exact JSON value: the recorded text, or
// the SDK's value encoded.
func schemaValue(v any) (*jsonvalue.Value, error) {
	if jv, ok := v.(*jsonvalue.Value); ok {
		return jv, nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return jsonvalue.Parse(data)
}

// sortedKeysOf copies v with every object's keys in byte order, so the
// file does not depend on the order the server wrote them in.
func sortedKeysOf(v *jsonvalue.Value) *jsonvalue.Value {
	out := *v
	switch v.Kind {
	case jsonvalue.Array:
		out.Items = make([]jsonvalue.Value, len(v.Items))
		for i := range v.Items {
			out.Items[i] = *sortedKeysOf(&v.Items[i])
		}
	case jsonvalue.Object:
		out.Members = make([]jsonvalue.Member, len(v.Members))
		for i := range v.Members {
			out.Members[i] = v.Members[i]
			out.Members[i].Value = *sortedKeysOf(&v.Members[i].Value)
		}
		sort.SliceStable(out.Members, func(i, j int) bool { return out.Members[i].Key < out.Members[j].Key })
	}
	return &out
}

// encode writes v as indented JSON nested one level deep.
func encode(b *bytes.Buffer, v any) error {
	var one bytes.Buffer
	enc := json.NewEncoder(&one)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Write(bytes.TrimSuffix(one.Bytes(), []byte("\n")))
	return nil
}

// FileNames gives each tool its file name: the tool name when it is a
// safe, visible file name ([A-Za-z0-9_.-], not starting with a dot) that no
// other tool's name equals ignoring case (case-insensitive file systems);
// otherwise the name with unsafe characters replaced, followed by a short
// hash of the real name, so that two names never share a file.
func FileNames(tools []Tool) map[string]string {
	lower := map[string]int{}
	for _, t := range tools {
		lower[strings.ToLower(t.Name)]++
	}
	out := make(map[string]string, len(tools))
	for _, t := range tools {
		safe := sanitize(t.Name)
		if safe != t.Name || lower[strings.ToLower(t.Name)] > 1 {
			sum := sha256.Sum256([]byte(t.Name))
			safe += "-" + hex.EncodeToString(sum[:4])
		}
		out[t.Name] = safe + ".json"
	}
	return out
}

func sanitize(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if len(s) > 100 {
		s = s[:100]
	}
	if s == "" || s[0] == '.' {
		s = "_" + s
	}
	return s
}

// Change is one difference between a server's tools and a snapshot.
type Change struct {
	File string // the snapshot file, relative to the snapshot directory
	Tool string
	// Kind is "added" (listed, no file), "removed" (a file, not listed)
	// or "changed".
	Kind string
	// Excerpt shows the changed lines, committed file against the server.
	Excerpt string
}

// Result is what Write did.
type Result struct {
	Written, Unchanged, Removed []string // file names, sorted
}

// Write makes dir hold exactly the tools' files: new and changed files are
// written (through a temporary file, so a reader never sees half a file),
// unchanged ones are left alone, and the .json files of tools that are no
// longer listed are removed. A file that is a symbolic link is never
// written through or removed: it is an error.
func Write(dir string, tools []Tool) (*Result, error) {
	want, err := rendered(tools)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	have, err := existing(dir)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	for _, name := range sortedKeys(want) {
		path := filepath.Join(dir, name)
		if data, ok := have[name]; ok && bytes.Equal(data, want[name].data) {
			res.Unchanged = append(res.Unchanged, name)
			continue
		}
		if err := writeFile(path, want[name].data); err != nil {
			return nil, err
		}
		res.Written = append(res.Written, name)
	}
	for _, name := range sortedKeys(have) {
		if _, ok := want[name]; ok {
			continue
		}
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			return nil, err
		}
		res.Removed = append(res.Removed, name)
	}
	return res, nil
}

// Check compares the tools with the snapshot in dir, without writing.
func Check(dir string, tools []Tool) ([]Change, error) {
	want, err := rendered(tools)
	if err != nil {
		return nil, err
	}
	have, err := existing(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var changes []Change
	for _, name := range sortedKeys(want) {
		w := want[name]
		data, ok := have[name]
		switch {
		case !ok:
			changes = append(changes, Change{File: name, Tool: w.tool, Kind: "added", Excerpt: Excerpt(nil, w.data)})
		case !bytes.Equal(data, w.data):
			changes = append(changes, Change{File: name, Tool: w.tool, Kind: "changed", Excerpt: Excerpt(data, w.data)})
		}
	}
	for _, name := range sortedKeys(have) {
		if _, ok := want[name]; !ok {
			changes = append(changes, Change{File: name, Tool: toolName(have[name], name), Kind: "removed", Excerpt: Excerpt(have[name], nil)})
		}
	}
	return changes, nil
}

// toolName reads the name out of a committed file, for a removed tool.
func toolName(data []byte, file string) string {
	var t struct{ Name string }
	if json.Unmarshal(data, &t) == nil && t.Name != "" {
		return t.Name
	}
	return strings.TrimSuffix(file, ".json")
}

type renderedTool struct {
	tool string
	data []byte
}

func rendered(tools []Tool) (map[string]renderedTool, error) {
	names := FileNames(tools)
	out := make(map[string]renderedTool, len(tools))
	for _, t := range tools {
		data, err := Render(t)
		if err != nil {
			return nil, err
		}
		out[names[t.Name]] = renderedTool{tool: t.Name, data: data}
	}
	return out, nil
}

// existing reads the .json files directly in dir (a snapshot has no
// subdirectories). A link among them is an error.
func existing(dir string) (map[string][]byte, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".json") || e.IsDir() {
			continue
		}
		if e.Type()&fs.ModeSymlink != 0 {
			return nil, fmt.Errorf("%s is a symbolic link; a snapshot directory holds only regular files", filepath.Join(dir, name))
		}
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		out[name] = data
	}
	return out, nil
}

// writeFile replaces path through a temporary file (safefile: never
// through a link, never into a special file).
func writeFile(path string, data []byte) error {
	return safefile.Write("", path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
