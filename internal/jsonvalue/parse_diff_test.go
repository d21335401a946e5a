package jsonvalue

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The parser was rewritten for speed and memory; the previous jsontext-based
// parser (parse_reference_test.go) is the oracle. Both must accept and
// reject the same documents and build identical trees. Error offsets and
// wording may differ, with one deliberate difference: an escaped lone
// surrogate ("\ud800") is accepted as U+FFFD, as JSON.parse accepts it.

func sameTree(a, b *Value) bool {
	if a.Kind != b.Kind || a.Start != b.Start || a.End != b.End || a.Text != b.Text ||
		len(a.Items) != len(b.Items) || len(a.Members) != len(b.Members) {
		return false
	}
	for i := range a.Items {
		if !sameTree(&a.Items[i], &b.Items[i]) {
			return false
		}
	}
	for i := range a.Members {
		ma, mb := &a.Members[i], &b.Members[i]
		if ma.Key != mb.Key || ma.KeyStart != mb.KeyStart || ma.KeyEnd != mb.KeyEnd || !sameTree(&ma.Value, &mb.Value) {
			return false
		}
	}
	return true
}

func checkAgainstReference(t *testing.T, data []byte) {
	got, gerr := Parse(data)
	want, werr := referenceParse(data)
	if werr != nil && strings.Contains(werr.Error(), "surrogate") {
		return // the deliberate difference
	}
	if (gerr == nil) != (werr == nil) {
		t.Fatalf("%q: new err %v, reference err %v", data, gerr, werr)
	}
	if gerr != nil {
		var gd, wd *DuplicateKeyError
		if errors.As(gerr, &gd) != errors.As(werr, &wd) {
			t.Fatalf("%q: error kinds differ: %v vs %v", data, gerr, werr)
		}
		if gd != nil && *gd != *wd {
			t.Fatalf("%q: duplicate %+v vs %+v", data, *gd, *wd)
		}
		var se *SyntaxError
		if gd == nil && (!errors.As(gerr, &se) || se.Offset < 0 || se.Offset > int64(len(data))) {
			t.Fatalf("%q: bad syntax error %#v", data, gerr)
		}
		return
	}
	if !sameTree(got, want) {
		t.Fatalf("%q: trees differ:\n new %s\n ref %s", data, Encode(got, ""), Encode(want, ""))
	}
	// On a document it accepts, the pre-pass sized every slice exactly.
	counts, _ := countChildren(data, nil, nil)
	if want := childCounts(got, nil); !slices.Equal(counts, want) {
		t.Fatalf("%q: pre-pass counts %v, tree has %v", data, counts, want)
	}
	shared, err := ParseInPlace(append([]byte(nil), data...))
	if err != nil || !sameTree(shared, got) {
		t.Fatalf("%q: ParseInPlace differs from Parse (%v)", data, err)
	}
	var arena Arena
	for i := 0; i < 3; i++ { // several trees from one arena stay intact
		carved, err := arena.ParseInPlace(append([]byte(nil), data...))
		if err != nil || !sameTree(carved, got) || !sameTree(shared, got) {
			t.Fatalf("%q: Arena.ParseInPlace differs from Parse (%v)", data, err)
		}
	}
}

var parseSeeds = []string{
	``, ` `, `null`, `true`, `false`, `0`, `-0`, `1.5e-7`, `1E+5`, `18446744073709551615`, `1e400`,
	`"x"`, `"\u00e9\n\t\"\\\/\b\f\r"`, `"\ud83d\ude00"`, "\"a\xffb\"", "\"\xed\xa0\x80\"",
	`{"a":1,"b":[1,2,{"c":null}],"d":{}}`, `[]`, `{}`, `[[[]]]`, " \r\n\t{ \"k\" : [ true , null ] } ",
	"\xef\xbb\xbf{\"a\":1}", `{"a":1,"a":2}`, `{ not json`, `{"a":1,}`, `[1,]`, `{"a":1} x`, `[1,2`,
	`01`, `-`, `1.`, `.5`, `1e`, `tru`, `nulll`, `[1 2]`, `{"a" 1}`, `{"a":}`, `{,}`, `{1:2}`, `"\x"`,
	`"\u12"`, "\"a\x01\"", `// c`, `["a,b]",{"k\"}":[1,{}]},"\\",[]]`, `["0123456789abcde\",]x\\",1,"0123456789abcdef\\\\\"[\\"]`,
	`{"a":"}","b":"]","c":[",",{"d":"{[,"}]}`, `[1,2,"abc`, `[[1,2],[3,4,5],{"a":[],"b":{}}]`, `{'a':1}`, `{"a0":0,"a1":0,"a2":0,"a3":0,"a4":0,"a5":0,"a6":0,"a7":0,"a8":0,"a9":0,"b0":0,"b1":0,"b2":0,"b3":0,"b4":0,"b5":0,"b6":0,"a3":1}`,
}

func TestParseMatchesReference(t *testing.T) {
	for _, s := range parseSeeds {
		checkAgainstReference(t, []byte(s))
	}
}

func FuzzParseMatchesReference(f *testing.F) {
	for _, s := range parseSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkAgainstReference(t, data)
	})
}

func TestParseCopiesButParseInPlaceShares(t *testing.T) {
	data := []byte(`{"key_longer_than_common":"value","n":123456789}`)
	copied, _ := Parse(data)
	shared, _ := ParseInPlace(data)
	data[27] = 'V' // the V of "value"
	if copied.Get("key_longer_than_common").Text != "value" {
		t.Error("Parse must not share memory with its input")
	}
	if shared.Get("key_longer_than_common").Text != "Value" {
		t.Error("ParseInPlace should share memory with its input")
	}
}

func TestParseLoneSurrogateIsReplacementCharacter(t *testing.T) {
	for in, want := range map[string]string{`"\ud800"`: "\uFFFD", `"a\udc00b"`: "a\uFFFDb", `"\ud800\u0041"`: "\uFFFDA", `"\ud83d\ude00"`: "😀"} {
		v, err := Parse([]byte(in))
		if err != nil || v.Text != want {
			t.Errorf("%s: %q, %v; want %q", in, v.Text, err, want)
		}
	}
}

func TestParseFriendlyReasons(t *testing.T) {
	for in, want := range map[string]string{
		"{\"a\":1, // c\n}": "comments are not allowed in JSON",
		"{'a':1}":           "strings and keys must use double quotes",
		"[1,2,]":            "trailing comma before ']' (remove the comma)",
		"[\"abc\n]":         "line break inside a string (close the string with '\"', or write the line break as \\n)",
		"[\"a\tb\"]":        "control character U+0009 inside a string (write it as \\t)",
		"[\"a\x01b\"]":      "control character U+0001 inside a string (write it as \\u0001)",
	} {
		_, err := Parse([]byte(in))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Reason != want {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}

// The pre-pass counts (countChildren) only size the slices: whatever they
// say, a document parses to the same tree or the same error. A wrong count
// only happens in a document the parser rejects, so this forces it.
func TestParseDoesNotDependOnChildCounts(t *testing.T) {
	for _, s := range parseSeeds {
		data := []byte(s)
		want, werr := Parse(data)
		for _, count := range []int32{0, 1, 1000} {
			p := &parser{data: data, pos: BOMLength(data)}
			p.counts, _ = countChildren(data, nil, nil)
			for i := range p.counts {
				p.counts[i] = count
			}
			if count == 1 {
				p.counts = p.counts[:len(p.counts)/2] // and missing ones
			}
			p.skipSpace()
			got := new(Value)
			err := p.value(got, 0)
			if err == nil {
				p.skipSpace()
				if p.pos < len(data) {
					err = p.fail(p.pos, "unexpected content after the top-level value")
				}
			}
			if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
				t.Fatalf("%q with counts %d: err %v, want %v", s, count, err, werr)
			}
			if err == nil && !sameTree(got, want) {
				t.Fatalf("%q with counts %d: tree differs", s, count)
			}
		}
	}
}

// childCounts lists the children of v's containers in the order they open.
func childCounts(v *Value, counts []int32) []int32 {
	switch v.Kind {
	case Array:
		counts = append(counts, int32(len(v.Items)))
		for i := range v.Items {
			counts = childCounts(&v.Items[i], counts)
		}
	case Object:
		counts = append(counts, int32(len(v.Members)))
		for i := range v.Members {
			counts = childCounts(&v.Members[i].Value, counts)
		}
	}
	return counts
}

// parseErrorsPinned are the errors the parser gives for broken documents,
// offset and reason exactly, as the parser gave them before its string
// and whitespace scanning went word-at-a-time: the loader turns them into a
// file's line, column and message, so a faster parser must not change a
// single one. A duplicate key is written as
// "duplicate KEY first at OFFSET".
var parseErrorsPinned = []struct {
	in     string
	offset int64
	reason string
}{
	{"", 0, "unexpected end of JSON input"},
	{" ", 1, "unexpected end of JSON input"},
	{"{\"a\":1,\"a\":2}", 7, "duplicate a first at 1"},
	{"{ not json", 3, "invalid character 'o' in literal null (expecting 'u')"},
	{"{\"a\":1,}", 6, "trailing comma before '}' (remove the comma)"},
	{"[1,]", 2, "trailing comma before ']' (remove the comma)"},
	{"{\"a\":1} x", 8, "unexpected content after the top-level value"},
	{"[1,2", 4, "unexpected end of JSON input"},
	{"01", 1, "unexpected content after the top-level value"},
	{"-", 1, "unexpected end of JSON input"},
	{"1.", 2, "unexpected end of JSON input"},
	{".5", 0, "invalid character '.' at start of value"},
	{"1e", 2, "unexpected end of JSON input"},
	{"tru", 3, "unexpected end of JSON input"},
	{"nulll", 4, "unexpected content after the top-level value"},
	{"[1 2]", 3, "invalid character '2' after array element (expecting ',' or ']')"},
	{"{\"a\" 1}", 5, "invalid character '1' after object key (expecting ':')"},
	{"{\"a\":}", 5, "invalid character '}' at start of value"},
	{"{,}", 1, "trailing comma before '}' (remove the comma)"},
	{"{1:2}", 1, "object key must be a string"},
	{"\"\\x\"", 1, "invalid escape sequence `\\x` in string"},
	{"\"\\u12\"", 1, "invalid escape sequence `\\u12\"` in string"},
	{"\"a\x01\"", 2, "control character U+0001 inside a string (write it as \\u0001)"},
	{"// c", 0, "comments are not allowed in JSON"},
	{"[1,2,\"abc", 9, "unexpected end of JSON input"},
	{"{'a':1}", 1, "strings and keys must use double quotes"},
	{"{\"a0\":0,\"a1\":0,\"a2\":0,\"a3\":0,\"a4\":0,\"a5\":0,\"a6\":0,\"a7\":0,\"a8\":0,\"a9\":0,\"b0\":0,\"b1\":0,\"b2\":0,\"b3\":0,\"b4\":0,\"b5\":0,\"b6\":0,\"a3\":1}", 120, "duplicate a3 first at 22"},
	{"{\"a\":1,\n  \"b\": [1, 2,\n  ]}", 20, "trailing comma before ']' (remove the comma)"},
	{"[\"abc\n\"]", 5, "line break inside a string (close the string with '\"', or write the line break as \\n)"},
	{"{\"a\" : tru }", 10, "invalid character ' ' in literal true (expecting 'e')"},
	{"[nul]", 4, "invalid character ']' in literal null (expecting 'l')"},
	{"[1e+]", 4, "invalid character ']' in number (expecting digit)"},
	{"[-]", 2, "invalid character ']' in number (expecting digit)"},
	{"[0x1]", 2, "invalid character 'x' after array element (expecting ',' or ']')"},
	{"[1.e5]", 3, "invalid character 'e' in number (expecting digit)"},
	{"{\"a\":{\"b\":{\"c\":[1,2,{\"d\":\"\\q\"}]}}}", 26, "invalid escape sequence `\\q` in string"},
	{"{\"k\":\"\\ud800\\u12\"}", 12, "invalid escape sequence `\\u12\"}` in string"},
	{"[\"a\"\"b\"]", 4, "invalid character '\"' after array element (expecting ',' or ']')"},
	{"{\"a\":1 \"b\":2}", 7, "invalid character '\"' after object value (expecting ',' or '}')"},
	{"{\"a\"::1}", 5, "invalid character ':' at start of value"},
	{"{true:1}", 1, "object key must be a string"},
	{"{-1:2}", 1, "object key must be a string"},
	{"{[]:1}", 1, "object key must be a string"},
	{"{\"x\":1,,\"y\":2}", 7, "trailing comma before '}' (remove the comma)"},
	{"[,1]", 1, "invalid character ',' at start of value"},
	{"[1,,2]", 3, "invalid character ',' at start of value"},
	{"]", 0, "invalid character ']' at start of value"},
	{"}", 0, "invalid character '}' at start of value"},
	{"\ufeff", 3, "unexpected end of JSON input"},
	{"\ufeff  [1,]", 7, "trailing comma before ']' (remove the comma)"},
	{"[\"\xff\", 1 2]", 8, "invalid character '2' after array element (expecting ',' or ']')"},
	{"{\"é\": 1, \"é\": 2}", 10, "duplicate é first at 1"},
	{"\"unterminated", 13, "unexpected end of JSON input"},
	{"{\"a\":\"b\\", 8, "unexpected end of JSON input"},
	{"[1] [2]", 4, "unexpected content after the top-level value"},
	{"nan", 1, "invalid character 'a' in literal null (expecting 'u')"},
	{"[+1]", 1, "invalid character '+' at start of value"},
	{"[.5]", 1, "invalid character '.' at start of value"},
	{"[01]", 2, "invalid character '1' after array element (expecting ',' or ']')"},
	{"[1.]", 3, "invalid character ']' in number (expecting digit)"},
}

func TestParseErrorsArePinned(t *testing.T) {
	for _, c := range parseErrorsPinned {
		// With a shape too: another document's (a file changed between a
		// loader's passes), which must not change an error.
		_, shape, _ := new(Arena).ParseInPlaceShape([]byte(`{"a":[1,2,{"b":[]}],"c":{"d":1,"e":2}}`))
		for _, parse := range []func([]byte) (*Value, error){Parse, ParseInPlace, new(Arena).ParseInPlace, shapeParse(shape)} {
			_, err := parse([]byte(c.in))
			var se *SyntaxError
			var de *DuplicateKeyError
			var offset int64
			var reason string
			switch {
			case errors.As(err, &se):
				offset, reason = se.Offset, se.Reason
			case errors.As(err, &de):
				offset, reason = int64(de.SecondStart), fmt.Sprintf("duplicate %s first at %d", de.Key, de.FirstStart)
			default:
				t.Fatalf("%q: %v, want an error", c.in, err)
			}
			if offset != c.offset || reason != c.reason {
				t.Errorf("%q: %d %q, want %d %q", c.in, offset, reason, c.offset, c.reason)
			}
		}
	}
}
