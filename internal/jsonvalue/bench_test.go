package jsonvalue_test

import (
	"testing"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// BenchmarkParse parses one generated document of 2,000 tools (about as
// much JSON as 230 corpus files), pretty-printed and minified, the way the
// loader does: in place, trees carved from one arena per batch.
func BenchmarkParse(b *testing.B) {
	for _, shape := range []struct {
		name     string
		minified bool
	}{{"pretty", false}, {"minified", true}} {
		data := corpus.OneFile(2000, corpus.BenchSeed, shape.minified)
		b.Run(shape.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var arena jsonvalue.Arena
				if _, err := arena.ParseInPlace(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
