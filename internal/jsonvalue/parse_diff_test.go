package jsonvalue

import (
	"errors"
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
