package jsonvalue_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/cputime"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// BenchmarkParse parses generated tools the way the loader does: in
// place, trees carved from one arena per batch. "pretty" and "minified"
// are one document of 2,000 tools (about as much JSON as 230 corpus
// files); "files" is the same amount of JSON as the corpus has it, 660
// pretty-printed documents of three tools, parsed one after another.
// cpu-ms/op is the process's user+system CPU (garbage collection
// included), steadier than the wall time on a shared machine.
func BenchmarkParse(b *testing.B) {
	for _, shape := range []struct {
		name string
		docs [][]byte
	}{
		{"pretty", [][]byte{corpus.OneFile(2000, corpus.BenchSeed, false)}},
		{"minified", [][]byte{corpus.OneFile(2000, corpus.BenchSeed, true)}},
		{"files", smallDocs(660, 3)},
	} {
		size := 0
		for _, d := range shape.docs {
			size += len(d)
		}
		b.Run(shape.name, func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			cpu := cputime.Process()
			for i := 0; i < b.N; i++ {
				var arena jsonvalue.Arena
				for _, d := range shape.docs {
					if _, err := arena.ParseInPlace(d); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}

// smallDocs returns n pretty-printed documents of tools tools each.
func smallDocs(n, tools int) [][]byte {
	docs := make([][]byte, n)
	for i := range docs {
		docs[i] = corpus.OneFile(tools, corpus.BenchSeed+int64(i), false)
	}
	return docs
}

// BenchmarkAppendQuote quotes the strings of one check-report diagnostic
// (taken from the corpus report), the loop a million-finding report
// spends much of its time in, plus text with escapes and non-ASCII.
func BenchmarkAppendQuote(b *testing.B) {
	for _, c := range []struct{ name, s string }{
		{"severity", "error"},
		{"code", "openai/strict-optional-property"},
		{"message", "`address_ticket` is optional, but OpenAI strict mode requires every property in `required`; add it there (compiling makes it required and nullable)."},
		{"path", "inputSchema.$defs.Address.properties.street.maxLength"},
		{"detail", "Drops `maxLength`; SchemaPort cannot promise OpenAI would have enforced it."},
		{"docsUrl", "https://developers.openai.com/api/docs/guides/structured-outputs"},
		{"escapes", "Property \"name\" of C:\\tools\\a.json:\n\tline one\n\tline two \"quoted\" \\ back"},
		{"unicode", "Число в диапазоне от 1 до 10 — «ровно» ✓, 日本語の説明文 🚀 and some ASCII after it."},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.s)))
			buf := make([]byte, 0, 4*len(c.s)+2)
			for i := 0; i < b.N; i++ {
				buf = jsonvalue.AppendQuote(buf[:0], c.s)
			}
		})
	}
}

// TestCountChildrenOnToolFiles is TestCountChildrenMatchesReference on
// generated tool files, pretty-printed and minified.
func TestCountChildrenOnToolFiles(t *testing.T) {
	for _, minified := range []bool{false, true} {
		for seed := int64(0); seed < 20; seed++ {
			d := corpus.OneFile(int(seed%7)+1, corpus.BenchSeed+seed, minified)
			got, _ := jsonvalue.CountChildren(d, nil, nil)
			if want := jsonvalue.CountChildrenReference(d); !slices.Equal(got, want) {
				t.Fatalf("seed %d minified %v: counts %v, want %v", seed, minified, got, want)
			}
			// Parsed again with the shape of the first parse: the same tree.
			want, shape, err := new(jsonvalue.Arena).ParseInPlaceShape(d)
			if err != nil {
				t.Fatal(err)
			}
			again, err := new(jsonvalue.Arena).ParseInPlaceWithShape(d, shape)
			if err != nil || !reflect.DeepEqual(again, want) {
				t.Fatalf("seed %d minified %v: parsed with its shape: %v, tree differs", seed, minified, err)
			}
		}
	}
}

// BenchmarkCountChildren is the parser's pre-pass alone over the same
// JSON as BenchmarkParse's "files": no allocation, so steadier than the
// whole parse on a shared machine.
func BenchmarkCountChildren(b *testing.B) {
	var docs [][]byte
	size := 0
	for i := 0; i < 660; i++ {
		d := corpus.OneFile(3, corpus.BenchSeed+int64(i), false)
		docs = append(docs, d)
		size += len(d)
	}
	b.SetBytes(int64(size))
	var counts, open []int32
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, d := range docs {
			counts, open = jsonvalue.CountChildren(d, counts[:0], open[:0])
		}
	}
}
