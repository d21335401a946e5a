package check

import (
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Odd tools the loader would reject still never make a target panic: the
// provider packages are called directly by tests and may be by others.
var oddTools = []string{
	`{}`,
	`{"name":"t"}`,
	`{"name":"t","inputSchema":"x"}`,
	`{"name":7,"description":null,"inputSchema":[]}`,
	`{"name":"t","inputSchema":{"type":7,"properties":[],"required":{},"enum":5,"items":[1,{"$ref":5}],"not":null,"anyOf":{}}}`,
	`{"name":"t","inputSchema":{"$ref":"#","properties":{"a":{"$ref":"#/properties/a"}},"$defs":{"x":{"$ref":"#/$defs/x"}}}}`,
	`{"name":"t","inputSchema":{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a","default":1}}}}`,
	`{"name":"t","inputSchema":{"properties":{"a":{"default":{"x":1},"examples":"no","$ref":"http://example.com/x"}},"x-mcp-header":[]}}`,
	`{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string","pattern":"(","default":"x"}}}}`,
	`{"name":"😀","description":"\u0000","inputSchema":{"type":["object","object"],"properties":{"\ud83d\ude00":{"minItems":-1,"maxLength":1.5,"default":"😀😀"}}}}`,
}

func TestOddToolsNeverPanic(t *testing.T) {
	targets := append(Targets(), Core())
	for _, text := range oddTools {
		v, err := jsonvalue.Parse([]byte(text))
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		name := ""
		if n := v.Get("name"); n != nil && n.Kind == jsonvalue.String {
			name = n.Text
		}
		tl := &tool.Tool{Name: name, Value: v, Source: &tool.Source{Path: "odd.json", Data: []byte(text)}}
		for _, target := range targets {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s panicked on %s: %v", target.ID, text, r)
					}
				}()
				target.Check(tl)
			}()
		}
	}
}

// FuzzTargets feeds arbitrary JSON tools to every target.
func FuzzTargets(f *testing.F) {
	for _, text := range oddTools {
		f.Add(text)
	}
	targets := append(Targets(), Core())
	f.Fuzz(func(t *testing.T, text string) {
		v, err := jsonvalue.Parse([]byte(text))
		if err != nil {
			return
		}
		tl := &tool.Tool{Value: v, Source: &tool.Source{Path: "fuzz.json", Data: []byte(text)}}
		for _, target := range targets {
			target.Check(tl)
		}
	})
}
