package linediff

import (
	"reflect"
	"testing"
)

func TestLinesAndKeep(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\n"
	new := "a\nb\nC\nd\ne\nf\ng"
	got := Lines(old, new)
	want := []Line{{' ', "a"}, {' ', "b"}, {'-', "c"}, {'+', "C"}, {' ', "d"}, {' ', "e"}, {' ', "f"}, {'+', "g"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Lines = %q\nwant %q", got, want)
	}
	if k, want := Keep(got, 1), []bool{false, true, true, true, true, false, true, true}; !reflect.DeepEqual(k, want) {
		t.Errorf("Keep(1) = %v, want %v", k, want)
	}
	if k, want := Keep(got, 0), []bool{false, false, true, true, false, false, false, true}; !reflect.DeepEqual(k, want) {
		t.Errorf("Keep(0) = %v, want %v", k, want)
	}
	if got := Lines("", "x\n"); !reflect.DeepEqual(got, []Line{{'+', "x"}}) {
		t.Errorf("from nothing: %q", got)
	}
}
