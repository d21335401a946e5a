package rulesdoc

import (
	"fmt"
	"strconv"
	"strings"
)

// generate builds an example too large to show from one line: a
// generator name and its numbers.
//
//	properties N     one tool with N required string properties
//	optional N       one tool with N optional string properties
//	unions N         one tool with N required properties of type [string, null]
//	nested N         one tool whose schema nests N levels deep
//	enum N W         one tool with an enum of N values, each W characters long
//	tools N          a set of N small, clean tools
//	fanout T         a tool whose $refs fan out 2^30 ways to a leaf of type T
func generate(spec string) (string, error) {
	f := strings.Fields(spec)
	if len(f) < 2 {
		return "", fmt.Errorf("generator %q: want a name and a number", spec)
	}
	if f[0] == "fanout" {
		return fanout(f[1]), nil
	}
	var n []int
	for _, s := range f[1:] {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 || v > 100000 {
			return "", fmt.Errorf("generator %q: bad number %q", spec, s)
		}
		n = append(n, v)
	}
	switch {
	case f[0] == "properties" && len(n) == 1:
		return objectTool(n[0], `{"type":"string"}`, true), nil
	case f[0] == "optional" && len(n) == 1:
		return objectTool(n[0], `{"type":"string"}`, false), nil
	case f[0] == "unions" && len(n) == 1:
		return objectTool(n[0], `{"type":["string","null"]}`, true), nil
	case f[0] == "nested" && len(n) == 1:
		s := `{"type":"string"}`
		for i := 1; i < n[0]; i++ {
			s = `{"type":"object","properties":{"n":` + s + `},"required":["n"],"additionalProperties":false}`
		}
		return toolFile(s), nil
	case f[0] == "enum" && len(n) == 2:
		var b strings.Builder
		for i := 0; i < n[0]; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			v := "v" + strconv.Itoa(i)
			v += strings.Repeat("x", max(0, n[1]-len(v)))
			b.WriteString(`"` + v + `"`)
		}
		return toolFile(`{"type":"object","properties":{"p":{"type":"string","enum":[` + b.String() + `]}},"required":["p"],"additionalProperties":false}`), nil
	case f[0] == "tools" && len(n) == 1:
		var b strings.Builder
		b.WriteString(`{"tools":[`)
		for i := 0; i < n[0]; i++ {
			if i > 0 {
				b.WriteString(",\n")
			}
			fmt.Fprintf(&b, `{"name":"tool_%02d","description":"d","inputSchema":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}}`, i+1)
		}
		b.WriteString("]}\n")
		return b.String(), nil
	}
	return "", fmt.Errorf("unknown generator %q", spec)
}

func toolFile(schema string) string {
	return `{"name":"t","description":"d","inputSchema":` + schema + "}\n"
}

// objectTool has n properties p0..p(n-1) of schema prop, all required or
// none.
func objectTool(n int, prop string, required bool) string {
	var props, req strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			props.WriteByte(',')
			req.WriteByte(',')
		}
		fmt.Fprintf(&props, `"p%d":%s`, i, prop)
		fmt.Fprintf(&req, `"p%d"`, i)
	}
	r := ""
	if required {
		r = `"required":[` + req.String() + `],`
	}
	return toolFile(`{"type":"object","properties":{` + props.String() + `},` + r + `"additionalProperties":false}`)
}

// fanout is a chain of 30 definitions, each referring twice to the next.
func fanout(leaf string) string {
	var b strings.Builder
	b.WriteString(`{"type":"object","$defs":{`)
	for i := 0; i < 30; i++ {
		next := "#/$defs/D" + strconv.Itoa(i+1)
		b.WriteString(`"D` + strconv.Itoa(i) + `":{"properties":{"l":{"$ref":"` + next + `"},"r":{"$ref":"` + next + `"}}},`)
	}
	b.WriteString(`"D30":{"type":"` + leaf + `"}},"properties":{"root":{"$ref":"#/$defs/D0"}}}`)
	return toolFile(b.String())
}
