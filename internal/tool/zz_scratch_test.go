package tool

import (
	"fmt"
	"os"
	"path/filepath"
	"io/fs"
	"testing"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

func TestScratchCount(t *testing.T) {
	dir := t.TempDir()
	st, _ := corpus.Generate(dir, 10000, benchSeed)
	var vals, members, items, strBytes, strs, objs, arrs int
	var walk func(v *jsonvalue.Value)
	walk = func(v *jsonvalue.Value) {
		vals++
		switch v.Kind {
		case jsonvalue.String:
			strs++
			strBytes += len(v.Text)
		case jsonvalue.Number:
			strBytes += len(v.Text)
		case jsonvalue.Object:
			objs++
			for i := range v.Members {
				members++
				strBytes += len(v.Members[i].Key)
				walk(&v.Members[i].Value)
			}
		case jsonvalue.Array:
			arrs++
			for i := range v.Items {
				items++
				walk(&v.Items[i])
			}
		}
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if d.IsDir() { return nil }
		data, _ := os.ReadFile(p)
		v, _ := jsonvalue.Parse(data)
		walk(v)
		return nil
	})
	fmt.Println(st, "vals", vals, "members", members, "items", items, "strs", strs, "strBytes", strBytes, "objs", objs, "arrs", arrs)
}
