package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// IndentWriter gives json.Indent's bytes for the trimmed document, whatever the pieces the
// document arrives in: on the documents our renderers write (the golden
// files) and on awkward ones (empty containers, escapes, strings holding
// brackets, commas, colons and quotes, nesting, compact input).
func TestIndentWriterMatchesJSONIndent(t *testing.T) {
	docs := []string{
		`{}`, `[]`, `{"a":[]}`, `[{},[],{"b":{}}]`, ` { "a" : [ 1 , 2.5e3 , true , null ] } `,
		`{"s":"x\"y\\\\z,[]{}:\u2028é😀\n"}`, `"top-level string"`, `12`,
		`{"a":{"b":{"c":[[[{"d":"]"}]]]}},"e":"\\"}`,
	}
	for _, name := range []string{"check.json", "diff.json", "load-errors.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(data))
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, doc := range docs {
		for _, prefix := range []string{"", "  "} {
			var want bytes.Buffer
			if err := json.Indent(&want, bytes.TrimSpace([]byte(doc)), prefix, "  "); err != nil {
				t.Fatalf("%.40q: %v", doc, err)
			}
			for round := 0; round < 5; round++ {
				var got bytes.Buffer
				bw := bufio.NewWriter(&got)
				x := NewIndentWriter(bw, prefix, "  ")
				for rest := []byte(doc); len(rest) > 0; {
					n := min(len(rest), 1+rng.IntN(7))
					if round == 0 {
						n = len(rest)
					}
					x.Write(rest[:n])
					rest = rest[n:]
				}
				bw.Flush()
				if got.String() != want.String() {
					t.Fatalf("%.40q (prefix %q, round %d):\n%s\nwant\n%s", doc, prefix, round, got.String(), want.String())
				}
			}
		}
	}
}
