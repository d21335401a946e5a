package diff

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Properties over the generated benchmark corpus.

func genCorpus(tb testing.TB, n int, seed int64) string {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), "v1")
	if _, err := corpus.Generate(dir, n, seed); err != nil {
		tb.Fatal(err)
	}
	return dir
}

func loadDir(tb testing.TB, dir string) []*tool.Tool {
	tb.Helper()
	res := tool.Load([]string{dir}, tool.Options{Cwd: filepath.Dir(dir)})
	if len(res.Errors) > 0 {
		tb.Fatalf("%d load errors, first: %+v", len(res.Errors), res.Errors[0])
	}
	return res.Tools
}

// rewriteCorpus copies every file of src into dst after fn has changed the
// parsed document in place.
func rewriteCorpus(tb testing.TB, src, dst string, fn func(rel string, doc *jsonvalue.Value)) {
	tb.Helper()
	for _, path := range corpusFiles(tb, src) {
		_, doc := parseFile(tb, path)
		rel, _ := filepath.Rel(src, path)
		fn(rel, doc)
		out := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(out, []byte(jsonvalue.Encode(doc, "  ")+"\n"), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// corpusFiles lists the files under dir in path order.
func corpusFiles(tb testing.TB, dir string) []string {
	tb.Helper()
	files, err := corpus.Files(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return files
}

// parseFile reads and parses one corpus file.
func parseFile(tb testing.TB, path string) ([]byte, *jsonvalue.Value) {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	doc, err := jsonvalue.Parse(data)
	if err != nil {
		tb.Fatal(err)
	}
	return data, doc
}

// docTools returns the tool objects of a parsed file (the three shapes).
func docTools(doc *jsonvalue.Value) []*jsonvalue.Value {
	var list []*jsonvalue.Value
	switch {
	case doc.Kind == jsonvalue.Array:
		for i := range doc.Items {
			list = append(list, &doc.Items[i])
		}
	case doc.Has("tools"):
		arr := doc.Get("tools")
		for i := range arr.Items {
			list = append(list, &arr.Items[i])
		}
	default:
		list = append(list, doc)
	}
	return list
}

// reorder reverses every object's keys and every anyOf/oneOf/allOf list.
func reorder(v *jsonvalue.Value) {
	switch v.Kind {
	case jsonvalue.Object:
		for i, j := 0, len(v.Members)-1; i < j; i, j = i+1, j-1 {
			v.Members[i], v.Members[j] = v.Members[j], v.Members[i]
		}
		for i := range v.Members {
			m := &v.Members[i]
			if (m.Key == "anyOf" || m.Key == "oneOf" || m.Key == "allOf") && m.Value.Kind == jsonvalue.Array {
				it := m.Value.Items
				for a, b := 0, len(it)-1; a < b; a, b = a+1, b-1 {
					it[a], it[b] = it[b], it[a]
				}
			}
			reorder(&m.Value)
		}
	case jsonvalue.Array:
		for i := range v.Items {
			reorder(&v.Items[i])
		}
	}
}

// walkerChanges runs the schema walker directly, without the whole-tool
// equality shortcut, so equal inputs still exercise every family.
func walkerChanges(a, b *tool.Tool) []Change {
	c := newComparer(a.Name, newSide(a), newSide(b))
	c.compareRoots()
	return c.out
}

func TestCorpusSelfDiffIsEmpty(t *testing.T) {
	tools := loadDir(t, genCorpus(t, 400, 1))
	for _, tl := range tools {
		if got := walkerChanges(tl, tl); len(got) != 0 {
			t.Fatalf("%s against itself:%s", tl.Name, describe(got))
		}
	}
	if res := ToolSets(tools, tools, Options{}); len(res.Changes) != 0 {
		t.Fatalf("set against itself: %d changes", len(res.Changes))
	}
}

func TestCorpusReorderIsNoChange(t *testing.T) {
	dir := genCorpus(t, 300, 2)
	re := filepath.Join(filepath.Dir(dir), "reordered")
	rewriteCorpus(t, dir, re, func(_ string, doc *jsonvalue.Value) {
		for _, tv := range docTools(doc) {
			if s := tv.Get("inputSchema"); s != nil {
				reorder(s)
			}
		}
	})
	a, b := loadDir(t, dir), loadDir(t, re)
	if len(a) != len(b) {
		t.Fatalf("%d vs %d tools", len(a), len(b))
	}
	for i := range a {
		if got := walkerChanges(a[i], b[i]); len(got) != 0 {
			t.Fatalf("%s reordered:%s", a[i].Name, describe(got))
		}
	}
	if res := ToolSets(a, b, Options{}); len(res.Changes) != 0 {
		t.Fatalf("reordered set: %d changes:%s", len(res.Changes), describe(res.Changes[:1]))
	}
}

// editCorpus writes a copy of dir with about one tool in ten edited.
func editCorpus(tb testing.TB, dir string, seed uint64) string {
	out := filepath.Join(filepath.Dir(dir), "v2")
	rng := rand.New(rand.NewPCG(seed, 7))
	rewriteCorpus(tb, dir, out, func(_ string, doc *jsonvalue.Value) {
		for _, tv := range docTools(doc) {
			if rng.IntN(10) == 0 {
				editTool(tv, rng)
			}
		}
	})
	return out
}

// editTool makes one realistic edit.
func editTool(tv *jsonvalue.Value, rng *rand.Rand) {
	schema := tv.Get("inputSchema")
	props := schema.Get("properties")
	first := &props.Members[0]
	switch rng.IntN(8) {
	case 0:
		tv.Member("description").Value = jsonvalue.NewString("Reworded " + strconv.Itoa(rng.IntN(100)))
	case 1:
		req := schema.Member("required")
		kept := req.Value.Items[:0]
		for _, it := range req.Value.Items {
			if it.Text != first.Key {
				kept = append(kept, it)
			}
		}
		req.Value.Items = kept
		props.Members = props.Members[1:]
	case 2:
		props.Members = append(props.Members, jsonvalue.Member{Key: "added_field", Value: jsonvalue.NewObject(
			jsonvalue.Member{Key: "type", Value: jsonvalue.NewString("string")})})
	case 3:
		req := schema.Member("required")
		last := props.Members[len(props.Members)-1].Key
		for _, it := range req.Value.Items {
			if it.Text == last {
				return
			}
		}
		req.Value.Items = append(req.Value.Items, jsonvalue.NewString(last))
	case 4:
		if m := first.Value.Member("type"); m != nil && m.Value.Kind == jsonvalue.String {
			m.Value = jsonvalue.NewString("integer")
		} else {
			first.Value.Members = append(first.Value.Members, jsonvalue.Member{Key: "type", Value: jsonvalue.NewString("integer")})
		}
	case 5:
		money := schema.Get("$defs").Get("Money").Get("properties").Get("amount")
		money.Member("minimum").Value = jsonvalue.NewNumber("1")
	case 6:
		first.Value.Members = append(first.Value.Members, jsonvalue.Member{Key: "x-internal", Value: jsonvalue.NewBool(true)})
	default:
		for i := range props.Members {
			if e := props.Members[i].Value.Member("enum"); e != nil && len(e.Value.Items) > 1 {
				e.Value.Items = e.Value.Items[1:]
				return
			}
		}
		schema.Member("additionalProperties").Value = jsonvalue.NewBool(true)
	}
}

func render(res *Result) string {
	var b strings.Builder
	for _, c := range res.Changes {
		b.WriteString(c.ToolName + "|" + c.Classification + "|" + c.Code + "|" + c.Path + "|" + c.Message + "|" +
			enc(c.Before) + "|" + enc(c.After) + "|" + c.New.File + ":" + strconv.Itoa(c.New.Line) + ":" + strconv.Itoa(c.New.Column) +
			"|" + c.Old.File + ":" + strconv.Itoa(c.Old.Line) + "\n")
	}
	return b.String()
}

func TestCorpusDiffIsDeterministic(t *testing.T) {
	dir := genCorpus(t, 400, 3)
	a, b := loadDir(t, dir), loadDir(t, editCorpus(t, dir, 3))
	first := render(ToolSets(a, b, Options{}))
	if first == "" {
		t.Fatal("no changes found in the edited corpus")
	}
	for run := 0; run < 5; run++ {
		if got := render(ToolSets(loadDir(t, dir), b, Options{})); got != first {
			t.Fatalf("run %d differs", run)
		}
	}
	// Every change is located in the new file, and in the old one unless
	// the thing is new.
	for _, c := range ToolSets(a, b, Options{}).Changes {
		if c.New.Line == 0 || (c.Code != "optional-property-added" && c.Code != "tool-description-changed" &&
			c.Code != "extension-changed" && c.Code != "property-made-required" && c.Old.Line == 0) {
			t.Errorf("%s at %s: old %+v new %+v", c.Code, c.Path, c.Old, c.New)
		}
	}
}
