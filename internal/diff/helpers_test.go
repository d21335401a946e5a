package diff

import (
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// parseTools builds tools from one file's text the way the loader does: a
// single tool, an array of tools, or {"tools": [...]}.
func parseTools(tb testing.TB, path, text string) []*tool.Tool {
	tb.Helper()
	data := []byte(text)
	v, err := jsonvalue.Parse(data)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	src := &tool.Source{Path: path, Abs: "/" + path, Data: data}
	wrap := func(tv *jsonvalue.Value, base string) *tool.Tool {
		name := ""
		if n := tv.Get("name"); n != nil {
			name = n.Text
		}
		return &tool.Tool{Name: name, Value: tv, Source: src, Base: base}
	}
	switch {
	case v.Kind == jsonvalue.Array:
		out := make([]*tool.Tool, len(v.Items))
		for i := range v.Items {
			out[i] = wrap(&v.Items[i], "["+itoa(i)+"]")
		}
		return out
	case v.Has("tools"):
		arr := v.Get("tools")
		out := make([]*tool.Tool, len(arr.Items))
		for i := range arr.Items {
			out[i] = wrap(&arr.Items[i], "tools["+itoa(i)+"]")
		}
		return out
	}
	return []*tool.Tool{wrap(v, "")}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// schemaTool builds a one-tool file around an inputSchema text.
func schemaTool(tb testing.TB, path, schema string) *tool.Tool {
	tb.Helper()
	return parseTools(tb, path, `{"name": "demo_tool", "inputSchema": `+schema+`}`)[0]
}

// diffSchemas compares two inputSchemas of a tool named demo_tool.
func diffSchemas(tb testing.TB, old, new string) []Change {
	tb.Helper()
	return Tools(schemaTool(tb, "old.json", old), schemaTool(tb, "new.json", new), Options{})
}

// want is the contract part of one expected change.
type want struct {
	code, class, path string
}

func checkChanges(tb testing.TB, got []Change, wants ...want) {
	tb.Helper()
	ok := len(got) == len(wants)
	for i := 0; ok && i < len(got); i++ {
		w := wants[i]
		ok = got[i].Code == w.code && got[i].Classification == w.class && got[i].Path == w.path
	}
	if !ok {
		tb.Errorf("changes differ\n got: %s\nwant: %v", describe(got), wants)
	}
}

func describe(cs []Change) string {
	s := ""
	for _, c := range cs {
		s += "\n  {" + c.Code + " " + c.Classification + " " + c.Path + "} before=" + enc(c.Before) + " after=" + enc(c.After)
	}
	return s
}

func enc(v *jsonvalue.Value) string {
	if v == nil {
		return "(absent)"
	}
	return jsonvalue.Encode(v, "")
}

// mayReject reports whether changes admit that the new schema may reject a
// call the old one accepted: a breaking change, or one the contract calls
// non-breaking although it narrows the accepted values (a newly declared
// optional property: callers could already send that name, but undeclared
// names are not part of the contract; see provesSubset). The tests that
// look for rejected calls skip such pairs.
func mayReject(changes []Change) bool {
	for _, c := range changes {
		if c.Classification == Breaking || !provesSubset(c.Code) {
			return true
		}
	}
	return false
}
