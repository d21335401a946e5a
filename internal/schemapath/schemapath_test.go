package schemapath

import (
	"reflect"
	"testing"
)

func TestKeyFormatting(t *testing.T) {
	cases := []struct{ base, key, want string }{
		{"inputSchema", "amount", "inputSchema.amount"},
		{"inputSchema.properties", "order id", `inputSchema.properties["order id"]`},
		{"inputSchema.properties", "2fa", `inputSchema.properties["2fa"]`},
		{"inputSchema.properties", "a-b", `inputSchema.properties["a-b"]`},
		{"inputSchema.properties", "", `inputSchema.properties[""]`},
		{"inputSchema.properties", "café", `inputSchema.properties["café"]`},
		{"inputSchema.properties", "10", `inputSchema.properties["10"]`},
		{"inputSchema.properties", `q"uote\`, `inputSchema.properties["q\"uote\\"]`},
		{"inputSchema.properties", "$ok", "inputSchema.properties.$ok"},
		{"inputSchema", "$defs", "inputSchema.$defs"},
		{"", "name", "name"},
		{"[1]", "name", "[1].name"},
		{"inputSchema.properties", "<b>&\u2028", "inputSchema.properties[\"<b>&\u2028\"]"},
	}
	for _, c := range cases {
		if got := Key(c.base, c.key); got != c.want {
			t.Errorf("Key(%q,%q) = %s, want %s", c.base, c.key, got, c.want)
		}
		if got := string(AppendKey([]byte("x"), c.base, c.key)); got != "x"+c.want {
			t.Errorf("AppendKey(%q,%q) = %s, want x%s", c.base, c.key, got, c.want)
		}
	}
	if got := Index("inputSchema.anyOf", 1); got != "inputSchema.anyOf[1]" {
		t.Errorf("Index = %s", got)
	}
	if got := string(AppendIndex(nil, "inputSchema.anyOf", 12)); got != "inputSchema.anyOf[12]" {
		t.Errorf("AppendIndex = %s", got)
	}
}

func TestParseRoundTrip(t *testing.T) {
	paths := []string{
		"inputSchema.properties.amount.minimum",
		`inputSchema.properties["order id"].anyOf[1].enum`,
		`inputSchema.properties["q\"uote\\"].pattern`,
		`tools[0].inputSchema.properties["a.b"]`,
		"[2].name",
		`inputSchema.properties["[x]"]`,
	}
	for _, p := range paths {
		segs, ok := Parse(p)
		if !ok {
			t.Errorf("Parse(%s) failed", p)
			continue
		}
		if got := Format(segs); got != p {
			t.Errorf("round trip %s -> %s", p, got)
		}
	}
	segs, _ := Parse(`inputSchema.properties["a.b"][3]`)
	want := []Segment{{Key: "inputSchema"}, {Key: "properties"}, {Key: "a.b"}, {Index: 3, IsIndex: true}}
	if !reflect.DeepEqual(segs, want) {
		t.Errorf("segments %#v", segs)
	}
	for _, bad := range []string{"a..b", `a["unterminated`, "a[x]", "a[1"} {
		if _, ok := Parse(bad); ok {
			t.Errorf("Parse(%q) should fail", bad)
		}
	}
}
