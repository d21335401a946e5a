package jsonvalue

import (
	"errors"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseKeepsOrderAndExactNumbers(t *testing.T) {
	v, err := Parse([]byte(`{"b": 18446744073709551615, "a": [1.50, -0, 1e400], "c": "x\u00e9\n"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Keys(); len(got) != 3 || got[0] != "b" || got[1] != "a" || got[2] != "c" {
		t.Fatalf("keys = %v", got)
	}
	if got := v.Get("b").Text; got != "18446744073709551615" {
		t.Fatalf("big number = %q", got)
	}
	if got := v.Get("a").Items[2].Text; got != "1e400" {
		t.Fatalf("1e400 = %q", got)
	}
	if got := v.Get("c").Text; got != "xé\n" {
		t.Fatalf("string = %q", got)
	}
	if got := Encode(v, ""); got != `{"b":18446744073709551615,"a":[1.50,-0,1e400],"c":"xé\n"}` {
		t.Fatalf("encode = %s", got)
	}
}

func TestParseSpans(t *testing.T) {
	data := []byte("{\n  \"k\": [true, null]\n}")
	v, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	m := v.Member("k")
	if string(data[m.KeyStart:m.KeyEnd]) != `"k"` {
		t.Fatalf("key span %q", data[m.KeyStart:m.KeyEnd])
	}
	if string(data[m.Value.Start:m.Value.End]) != "[true, null]" {
		t.Fatalf("value span %q", data[m.Value.Start:m.Value.End])
	}
	if string(data[m.Value.Items[1].Start:m.Value.Items[1].End]) != "null" {
		t.Fatal("null span")
	}
	if v.Start != 0 || int(v.End) != len(data) {
		t.Fatalf("root span %d..%d", v.Start, v.End)
	}
}

func TestParseBOM(t *testing.T) {
	v, err := Parse([]byte("\uFEFF{\"a\":1}"))
	if err != nil {
		t.Fatal(err)
	}
	if v.Start != 3 {
		t.Fatalf("start %d, want 3 (offsets count the BOM)", v.Start)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		in      string
		offset  int64
		wantDup bool
	}{
		{"", 0, false},
		{"{ not json", 3, false},
		{`{"a":1,}`, 6, false},
		{`{"a":1} x`, 8, false},
		{`[1,2`, 4, false},
		{`{"a":1,"a":2}`, 7, true},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.in))
		if err == nil {
			t.Errorf("%q: no error", c.in)
			continue
		}
		var dup *DuplicateKeyError
		var se *SyntaxError
		switch {
		case c.wantDup:
			if !errors.As(err, &dup) || dup.SecondStart != int32(c.offset) || dup.FirstStart != 1 {
				t.Errorf("%q: %#v", c.in, err)
			}
		case errors.As(err, &se):
			if se.Offset != c.offset {
				t.Errorf("%q: offset %d, want %d (%s)", c.in, se.Offset, c.offset, se.Reason)
			}
		default:
			t.Errorf("%q: unexpected error type %T", c.in, err)
		}
	}
}

func TestParseDuplicateKeyInLargeObject(t *testing.T) {
	in := `{"a0":0,"a1":0,"a2":0,"a3":0,"a4":0,"a5":0,"a6":0,"a7":0,"a8":0,"a9":0,"b0":0,"b1":0,"b2":0,"b3":0,"b4":0,"b5":0,"b6":0,"a3":1}`
	_, err := Parse([]byte(in))
	var dup *DuplicateKeyError
	if !errors.As(err, &dup) || dup.Key != "a3" {
		t.Fatalf("got %v", err)
	}
}

func TestParseDeepNestingIsAnErrorNotACrash(t *testing.T) {
	deep := make([]byte, 0, 40000)
	for i := 0; i < 20000; i++ {
		deep = append(deep, '[')
	}
	if _, err := Parse(deep); err == nil {
		t.Fatal("want an error")
	}
}

func TestCompareNumbers(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"1", "1.0", 0},
		{"1e2", "100", 0},
		{"-0", "0", 0},
		{"18446744073709551615", "18446744073709551614", 1},
		{"0.1", "0.10000000000000001", -1},
		{"-5", "-4", -1},
		{"1e400", "1e399", 1},
		{"-1e-400", "0", -1},
		{"12.5", "125e-1", 0},
	}
	for _, c := range cases {
		if got := CompareNumbers(c.a, c.b); got != c.want {
			t.Errorf("Compare(%s,%s) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := CompareNumbers(c.b, c.a); got != -c.want {
			t.Errorf("Compare(%s,%s) = %d, want %d", c.b, c.a, got, -c.want)
		}
	}
}

func TestIsMultiple(t *testing.T) {
	cases := []struct {
		x, m      string
		want, kno bool
	}{
		{"60", "30", true, true},
		{"30", "60", false, true},
		{"0.3", "0.1", true, true},
		{"1", "0.3", false, true},
		{"1e5000", "1", false, false},
	}
	for _, c := range cases {
		got, known := IsMultiple(c.x, c.m)
		if got != c.want || known != c.kno {
			t.Errorf("IsMultiple(%s,%s) = %v,%v", c.x, c.m, got, known)
		}
	}
}

func TestEqualAndCanonical(t *testing.T) {
	a, _ := Parse([]byte(`{"x":[1,{"b":2,"a":"s"}],"y":null}`))
	b, _ := Parse([]byte(`{"y":null,"x":[1.0,{"a":"s","b":2e0}]}`))
	c, _ := Parse([]byte(`{"y":null,"x":[{"a":"s","b":2},1]}`))
	if !Equal(a, b) || Canonical(a) != Canonical(b) {
		t.Fatalf("a and b should be equal: %s vs %s", Canonical(a), Canonical(b))
	}
	if Equal(a, c) || Canonical(a) == Canonical(c) {
		t.Fatal("array order matters")
	}
	if Equal(a, nil) || !Equal(nil, nil) {
		t.Fatal("nil handling")
	}
}

func TestQuoteLikeJSONStringify(t *testing.T) {
	cases := map[string]string{
		"a<b>&":              `"a<b>&"`,
		"q\"uote\\":          `"q\"uote\\"`,
		"\u2028\u2029":       "\"\u2028\u2029\"",
		"\x01\t":             `"\u0001\t"`,
		"café":               `"café"`,
		string([]byte{0xff}): `"\ufffd"`,
	}
	for in, want := range cases {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestDecimalString(t *testing.T) {
	cases := map[string]string{"100": "100", "1.50": "1.5", "0.0001": "0.0001", "1e21": "1e+21", "1e20": "100000000000000000000", "1e22": "1e+22", "1.5e-7": "1.5e-7", "-0.0": "0"}
	for in, want := range cases {
		d, ok := ParseDecimal(in)
		if !ok || d.String() != want {
			t.Errorf("%s -> %s, want %s", in, d.String(), want)
		}
	}
}

func TestFloorCeilRat(t *testing.T) {
	for _, tc := range []struct{ in, floor, ceil string }{
		{"7/2", "3", "4"}, {"-7/2", "-4", "-3"}, {"3", "3", "3"}, {"-3", "-3", "-3"}, {"0", "0", "0"}, {"-1/1000", "-1", "0"},
	} {
		r, _ := new(big.Rat).SetString(tc.in)
		if got := FloorRat(r).RatString(); got != tc.floor {
			t.Errorf("FloorRat(%s) = %s, want %s", tc.in, got, tc.floor)
		}
		if got := CeilRat(r).RatString(); got != tc.ceil {
			t.Errorf("CeilRat(%s) = %s, want %s", tc.in, got, tc.ceil)
		}
	}
}

// refQuote is the rune-by-rune writer Quote used before AppendQuote copied
// runs of plain bytes whole: the reference the fast path must equal.
func refQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case '"':
				b.WriteString(`\"`)
			case '\\':
				b.WriteString(`\\`)
			case '\b':
				b.WriteString(`\b`)
			case '\f':
				b.WriteString(`\f`)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			case '\t':
				b.WriteString(`\t`)
			default:
				if c < 0x20 {
					b.WriteString(`\u00`)
					b.WriteByte("0123456789abcdef"[c>>4])
					b.WriteByte("0123456789abcdef"[c&0xF])
				} else {
					b.WriteByte(c)
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString(`\ufffd`)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// quoteEdgeBytes are the bytes and characters at the edges of
// AppendQuote's eight-at-a-time test: each escape class, the plain bytes
// next to them (' ', '!', '#', '[', ']', DEL), valid and broken UTF-8.
var quoteEdgeBytes = []string{
	"\"", "\\", "\x00", "\x01", "\b", "\t", "\n", "\f", "\r", "\x1f", " ", "!", "#", "[", "]", "\x7f",
	"\x80", "\xbf", "\xc3", "é", "\xe2\x82", "€", "\u2028", "🚀", "\xf0\x9f\x9a", "\xff", "\xed\xa0\x80",
}

// TestAppendQuoteEveryOffset puts each edge byte, alone and in pairs, at
// every offset (every position within an eight-byte word, and at the
// very end) of plain strings up to 24 bytes long.
func TestAppendQuoteEveryOffset(t *testing.T) {
	const plain = "abcdefghijklmnopqrstuvwxyz"
	check := func(s string) {
		t.Helper()
		if got, want := string(AppendQuote(nil, s)), refQuote(s); got != want {
			t.Fatalf("AppendQuote(%q) = %s, want %s", s, got, want)
		}
	}
	for _, e := range quoteEdgeBytes {
		for n := 0; n <= 24; n++ {
			for at := 0; at <= n; at++ {
				check(plain[:at] + e + plain[at:n])
				for _, e2 := range quoteEdgeBytes {
					check(plain[:at] + e + plain[at:n] + e2)
					check(e2 + plain[:at] + e + plain[at:n])
				}
			}
		}
		// Every byte of a word special, and runs longer than a word.
		check(strings.Repeat(e, 17))
	}
	for c := 0; c < 256; c++ {
		for at := 0; at < 16; at++ {
			check(plain[:at] + string([]byte{byte(c)}) + plain[at:16])
		}
	}
}

func FuzzAppendQuote(f *testing.F) {
	for _, s := range []string{
		"", "plain", `quote " inside`, `back\slash`, "new\nline", "tab\tcr\rff\fbs\b", "\x00\x01\x1f\x7f",
		"ünïcødé ✓ 🚀", "\u2028\u2029", "bad \xff utf8", "\xc3", "trunc \xe2\x82", "\xed\xa0\x80 surrogate",
		"</script><!-- & -->", "::error::x%0A", strings.Repeat("é\"\\", 40),
	} {
		f.Add(s)
	}
	// Each edge byte at every position of a word and at the end.
	for _, e := range quoteEdgeBytes {
		for at := 0; at <= 16; at++ {
			f.Add(strings.Repeat("x", at) + e + strings.Repeat("y", 16-at))
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Appended after existing bytes, into a buffer that must grow.
		got := AppendQuote([]byte("prefix"), s)
		want := refQuote(s)
		if string(got[:6]) != "prefix" || string(got[6:]) != want {
			t.Fatalf("AppendQuote(%q) = %s, want %s", s, got[6:], want)
		}
		if q := Quote(s); q != want {
			t.Fatalf("Quote(%q) = %s, want %s", s, q, want)
		}
		if !utf8.ValidString(want) {
			t.Fatalf("quoting %q is not UTF-8", s)
		}
	})
}
