package provider

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// utf16Compare is the reference: compare the UTF-16 encodings.
func utf16Compare(a, b string) int {
	x, y := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	return slices.Compare(x, y)
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

func TestCompareUTF16(t *testing.T) {
	words := []string{"", "a", "ab", "b", "$ref", "[", "Z", "z", "inputSchema", "inputSchema.$defs", "inputSchema.additionalProperties",
		"\uE000", "\uFFFD", "\uFFFF", "😀", "😁", "𐀀", "a😀", "a\uFFFF", "é", "ée", "\u00e9\U0001F600", "\u00e9\uF900"}
	for _, a := range words {
		for _, b := range words {
			if got, want := sign(CompareUTF16(a, b)), sign(utf16Compare(a, b)); got != want {
				t.Errorf("CompareUTF16(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
	// The one place byte order and UTF-16 order disagree.
	if CompareUTF16("😀", "\uFFFF") >= 0 || strings.Compare("😀", "\uFFFF") <= 0 {
		t.Error("a supplementary character sorts before U+FFFF in UTF-16")
	}
}

func TestUTF16LenAndBlank(t *testing.T) {
	for s, n := range map[string]int{"": 0, "abc": 3, "é": 1, "😀": 2, "a😀b": 4} {
		if got := UTF16Len(s); got != n {
			t.Errorf("UTF16Len(%q) = %d, want %d", s, got, n)
		}
	}
	for s, blank := range map[string]bool{"": true, " \t\n": true, "\u00a0\ufeff\u2003": true, "\u0085": false, " x ": false} {
		if IsBlank(s) != blank {
			t.Errorf("IsBlank(%q) != %v", s, blank)
		}
	}
}

func TestSortDiagnostics(t *testing.T) {
	ds := []Diagnostic{
		{Severity: SeverityInfo, Path: "a", Code: "x/1"},
		{Severity: SeverityWarning, Path: "name", Code: "x/1"},
		{Severity: SeverityError, Path: "inputSchema.properties", Code: "x/2", Message: "first"},
		{Severity: SeverityError, Path: "inputSchema.$defs", Code: "x/3"},
		{Severity: SeverityError, Path: "inputSchema.properties", Code: "x/2", Message: "second"},
		{Severity: SeverityError, Path: "description", Code: "x/9"},
		{Severity: SeverityError, Path: "inputSchema.properties", Code: "x/1"},
	}
	SortDiagnostics(ds)
	var got []string
	for _, d := range ds {
		got = append(got, d.Severity+" "+d.Path+" "+d.Code+d.Message)
	}
	want := []string{
		"error description x/9", "error inputSchema.$defs x/3", "error inputSchema.properties x/1",
		"error inputSchema.properties x/2first", "error inputSchema.properties x/2second",
		"warning name x/1", "info a x/1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q", got)
	}
}

func TestRuleCompile(t *testing.T) {
	for text, want := range map[string]Compile{
		"compilable: Drops `%s`.":              {true, false, "Drops `kw`."},
		"lossy: Refused unless x: y":           {true, true, "Refused unless x: y"},
		"not compilable: Refused: no %s here.": {false, false, "Refused: no kw here."},
	} {
		r := Rule{Compile: text}
		if got := r.CompileWith("kw"); got != want {
			t.Errorf("%q: got %+v, want %+v", text, got, want)
		}
	}
	for _, bad := range []string{"", "lossy", "maybe: x", "Lossy: x"} {
		if _, _, _, ok := (&Rule{Compile: bad}).Ability(); ok {
			t.Errorf("%q must not parse", bad)
		}
	}
	if (Compile{Supported: true}).IsLossy() || !(Compile{Supported: true, Lossy: true}).IsLossy() || !(Compile{}).IsLossy() {
		t.Error("IsLossy")
	}
}

func TestWalkOrder(t *testing.T) {
	v, err := jsonvalue.Parse([]byte(`{"items":{},"not":{},"anyOf":[{},true,{}],"properties":{"b":{},"10":{},"a":{"additionalProperties":{}},"2":{}},` +
		`"$defs":{"d":{}},"if":{},"patternProperties":{"x":{}},"prefixItems":[{}],"allOf":[{}],"oneOf":[{}],"additionalProperties":false}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	Walk(v, func(_ *jsonvalue.Value, at *Cursor) { got = append(got, at.Path()+" "+at.Pointer()) })
	want := []string{"inputSchema ", `inputSchema.properties["2"] /properties/2`, `inputSchema.properties["10"] /properties/10`,
		"inputSchema.properties.b /properties/b", "inputSchema.properties.a /properties/a",
		"inputSchema.properties.a.additionalProperties /properties/a/additionalProperties",
		"inputSchema.$defs.d /$defs/d", "inputSchema.prefixItems[0] /prefixItems/0", "inputSchema.anyOf[0] /anyOf/0",
		"inputSchema.anyOf[2] /anyOf/2", "inputSchema.oneOf[0] /oneOf/0", "inputSchema.allOf[0] /allOf/0",
		"inputSchema.items /items", "inputSchema.not /not"}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestArrayIndexKeys(t *testing.T) {
	for key, ok := range map[string]bool{"0": true, "7": true, "4294967294": true, "4294967295": false, "01": false, "": false, "1a": false, "-1": false} {
		if _, got := arrayIndex(key); got != ok {
			t.Errorf("arrayIndex(%q) = %v", key, got)
		}
	}
}

// The emitter's own locating agrees with tool.Locate, byte-order mark,
// escaped keys, multi-line values and missing paths included.
func TestLocateAgreesWithTool(t *testing.T) {
	text := "\ufeff{\"name\": \"t\",\n \"inputSchema\": {\"properties\": {\"a\\\"b\": {\"enum\": [\n1,\n2]}, \"é\": {}}}}"
	v, err := jsonvalue.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	tl := &tool.Tool{Name: "t", Value: v, Source: &tool.Source{Path: "x.json", Data: []byte(text)}}
	for _, path := range []string{"name", "inputSchema", `inputSchema.properties["a\"b"]`, `inputSchema.properties["a\"b"].enum`,
		`inputSchema.properties["a\"b"].enum[1]`, `inputSchema.properties["a\"b"].enum[7]`, `inputSchema.properties["é"].type`,
		"inputSchema.additionalProperties", "description"} {
		start, end := locateIn(v, path)
		got := span(tl.Source, start, end)
		if want, _ := tl.Locate(path); got != want {
			t.Errorf("%s: got %+v, want %+v", path, got, want)
		}
	}
}

func TestRequiredSet(t *testing.T) {
	for _, n := range []int{3, 100} {
		items := make([]jsonvalue.Value, 0, n+1)
		for i := 0; i < n; i++ {
			items = append(items, jsonvalue.NewString(strings.Repeat("k", i+1)))
		}
		items = append(items, jsonvalue.NewNumber("1"))
		arr := jsonvalue.NewArray(items...)
		r := NewRequiredSet(&arr)
		if !r.Has("k") || !r.Has(strings.Repeat("k", n)) || r.Has("1") || r.Has("") {
			t.Errorf("n=%d: wrong membership", n)
		}
	}
	if NewRequiredSet(nil).Has("a") {
		t.Error("nil required holds nothing")
	}
}

func TestNearKeyword(t *testing.T) {
	for kw, want := range map[string]string{
		"types": "type", "require": "required", "additionalproperties": "additionalProperties",
		"enums": "enum", "minlength": "minLength", "maxItem": "maxItems", "defs": "$defs",
		"desciption": "description", "mininum": "minimum", "fromat": "format",
		"type": "", "x-types": "", "id": "", "foo": "", "propertyName": "propertyNames",
		"itmes": "items", "readonly": "readOnly", "tags": "",
	} {
		if got := NearKeyword(kw); got != want {
			t.Errorf("NearKeyword(%q) = %q, want %q", kw, got, want)
		}
	}
}

// Finish orders findings as SortDiagnostics does (stable: exact ties keep
// production order) whatever the paths: sharing long prefixes or none,
// differing within or beyond the first eight bytes after the shared
// prefix, one a prefix of another, holding NUL or non-ASCII characters.
func TestFinishOrderIsSortDiagnostics(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	rules := []Rule{
		{Code: "x/a", Severity: SeverityError}, {Code: "x/b", Severity: SeverityError},
		{Code: "x/a", Severity: SeverityWarning}, {Code: "x/c", Severity: SeverityInfo},
		{Code: "x/é", Severity: SeverityWarning},
	}
	pieces := []string{"a", "b", ".", "[0]", "[10]", "properties", ".items", "\x00", "é", "😀", "ｚ", "[\"a b\"]"}
	tl := &tool.Tool{Name: "t"}
	for round := 0; round < 300; round++ {
		base := []string{"", "inputSchema", "inputSchema.properties.customer_address."}[round%3]
		ascii := round%4 != 0
		var paths []string
		distinct, findings := 6, 40
		if round%10 == 0 {
			distinct, findings = 80, 600 // deep partitions of the path sort
		}
		for k := 0; k < 1+rng.IntN(distinct); k++ {
			p := base
			for n := rng.IntN(5); n > 0; n-- {
				piece := pieces[rng.IntN(len(pieces))]
				if ascii && !isASCII(piece) {
					continue
				}
				p += piece
			}
			paths = append(paths, p)
		}
		e := NewEmitter(tl, "x")
		var want []Diagnostic
		for i := 0; i < 1+rng.IntN(findings); i++ {
			r := &rules[rng.IntN(len(rules))]
			path := paths[rng.IntN(len(paths))]
			msg := strconv.Itoa(i)
			e.Emit(r, path, msg, "")
			want = append(want, Diagnostic{Severity: r.Severity, Code: r.Code, Path: path, Message: msg})
		}
		SortDiagnostics(want)
		got := e.Finish()
		if len(got) != len(want) {
			t.Fatalf("round %d: %d findings, want %d", round, len(got), len(want))
		}
		for i := range got {
			if g, w := got[i], want[i]; g.Severity != w.Severity || g.Code != w.Code || g.Path != w.Path || g.Message != w.Message {
				t.Fatalf("round %d, finding %d: got %s %q %s #%s, want %s %q %s #%s", round, i, g.Severity, g.Path, g.Code, g.Message, w.Severity, w.Path, w.Code, w.Message)
			}
		}
	}
}

// The path sort gives the comparison sort's order whatever its partition
// budget (pathSortLimit): spent at once, part way, or never.
func TestPathSortAnyLimit(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	pieces := []string{"a", "b", "ab", ".", "[0]", "[10]", "\x00", "properties", "~"}
	for round := 0; round < 200; round++ {
		n := 1 + rng.IntN(300)
		paths := make([]string, n)
		for i := range paths {
			p := "inputSchema."
			for k := rng.IntN(6); k > 0; k-- {
				p += pieces[rng.IntN(len(pieces))]
			}
			paths[i] = p
		}
		codes := []string{"x/a", "x/b", "x/c"}
		code := make([]string, n)
		for i := range code {
			code[i] = codes[rng.IntN(len(codes))]
		}
		tie := func(a, b sortKey) int {
			if c := strings.Compare(code[a.index], code[b.index]); c != 0 {
				return c
			}
			return cmp.Compare(a.index, b.index)
		}
		want := make([]sortKey, n)
		for i := range want {
			want[i] = sortKey{index: int32(i)}
		}
		slices.SortFunc(want, func(a, b sortKey) int {
			if c := strings.Compare(paths[a.index], paths[b.index]); c != 0 {
				return c
			}
			return tie(a, b)
		})
		for _, limit := range []int{0, 1, 3, pathSortLimit(n)} {
			got := make([]sortKey, n)
			for i, k := range rng.Perm(n) {
				got[i] = sortKey{index: int32(k)}
			}
			pathSort{paths, tie}.sort(got, 0, limit)
			if !slices.Equal(got, want) {
				t.Fatalf("round %d, limit %d: path sort differs from the comparison sort", round, limit)
			}
		}
	}
}

// Paths sharing a long head (a property name of 8 KB, from a tool file)
// are sorted without a level per byte of it, and still in order.
func TestPathSortLongHeads(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	head := "inputSchema.properties." + strings.Repeat("x", 8<<10)
	suffixes := []string{"", ".a", ".b", ".a.b", "y", ".items", "[0]", "[1]"}
	n := 500
	paths := make([]string, n)
	for i := range paths {
		paths[i] = head + suffixes[rng.IntN(len(suffixes))] + suffixes[rng.IntN(len(suffixes))]
	}
	tie := func(a, b sortKey) int { return cmp.Compare(a.index, b.index) }
	want := make([]sortKey, n)
	got := make([]sortKey, n)
	for i := range want {
		want[i] = sortKey{index: int32(i)}
		got[i] = sortKey{index: int32(n - 1 - i)}
	}
	slices.SortFunc(want, func(a, b sortKey) int {
		if c := strings.Compare(paths[a.index], paths[b.index]); c != 0 {
			return c
		}
		return tie(a, b)
	})
	pathSort{paths, tie}.sort(got, 0, pathSortLimit(n))
	if !slices.Equal(got, want) {
		t.Fatal("path sort differs from the comparison sort")
	}
}

// TestKeptAsIs: the rows whose compile emits the thing unchanged.
func TestKeptAsIs(t *testing.T) {
	for compile, want := range map[string]bool{
		"compilable: Emits `default` unchanged.":                  true,
		"compilable: Preserved verbatim in `input_schema`.":       true,
		"compilable: Drops `default`.":                            false,
		"not compilable: `$schema` is emitted unchanged; x.":      false,
		"lossy: Drops `%s`; the constraint is no longer checked.": false,
	} {
		r := Rule{Compile: compile}
		if got := r.KeptAsIs(); got != want {
			t.Errorf("%q: KeptAsIs = %v, want %v", compile, got, want)
		}
	}
}
