package testfiles

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/corpus"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// PositionFixtures writes the files TestPositionsGolden runs on: four
// generated tools (internal/corpus: every provider finds something in
// them) with some words spelt in multi-byte characters, all in one file,
// pretty and minified; an edited copy of each for the diff; the pretty file
// with a byte-order mark and CRLF line ends; and a minified file whose
// tools break loading rules far into its one line.
func PositionFixtures(t testing.TB) string {
	t.Helper()
	gen := t.TempDir()
	if _, err := corpus.Generate(gen, 4, 7); err != nil {
		t.Fatal(err)
	}
	files, err := corpus.Files(gen)
	if err != nil {
		t.Fatal(err)
	}
	var tools []jsonvalue.Value
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.NewReplacer(
			"customer", "cüstomer", "city", "città", "note", "nöte😀", "price", "prix€",
			"status", "статус", "order", "注文order",
		).Replace(string(data))
		v, err := jsonvalue.Parse([]byte(text))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		switch {
		case v.Get("tools") != nil:
			tools = append(tools, v.Get("tools").Items...)
		case v.Kind == jsonvalue.Array:
			tools = append(tools, v.Items...)
		default:
			tools = append(tools, *v)
		}
	}
	all := jsonvalue.NewArray(tools...)
	pretty := jsonvalue.Encode(&all, "  ") + "\n"
	minified := jsonvalue.Encode(&all, "")
	edit := strings.NewReplacer(`"type": "integer"`, `"type": "string"`, `"type":"integer"`, `"type":"string"`,
		`"maxLength": 64`, `"maxLength": 32`, `"maxLength":64`, `"maxLength":32`)
	// Broken tools: a wrong-typed keyword and a dangling $ref; in another
	// file a duplicate key; each after many multi-byte characters on the
	// same line.
	head := minified[:len(minified)-1]
	broken := head + `,{"name":"zz_bad_é","description":"ünïcödé 😀😀","inputSchema":{"type":"object","properties":{"a":{"type":"string","minimum":"5"},"b":{"$ref":"#/$defs/Nope"}}}}]`
	dup := head + `,{"name":"zz_dup","inputSchema":{"type":"object","properties":{"ä":{"type":"string"},"ä":{"type":"number"}}}}]`
	out := t.TempDir()
	for name, text := range map[string]string{
		"pretty.json":          pretty,
		"minified.json":        minified,
		"pretty-edited.json":   edit.Replace(pretty),
		"minified-edited.json": edit.Replace(minified),
		"bom-crlf.json":        "\ufeff" + strings.ReplaceAll(pretty, "\n", "\r\n"),
		"broken-minified.json": broken,
		"dup-minified.json":    dup,
	} {
		if err := os.WriteFile(filepath.Join(out, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
