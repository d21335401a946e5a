package cliargs

import (
	"reflect"
	"testing"
)

var specs = []Spec{{Name: "format"}, {Name: "path", Kind: Repeatable}, {Name: "ignore-descriptions", Kind: Flag}}

func TestParse(t *testing.T) {
	p, err := Parse([]string{"tools", "--format", "json", "more", "--format=text", "--path", "a", "--path=b", "--ignore-descriptions", "--", "--literal"}, specs)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Positionals, []string{"tools", "more", "--literal"}) {
		t.Errorf("positionals %v", p.Positionals)
	}
	if f, _ := p.Last("format"); f != "text" {
		t.Errorf("last format %q", f)
	}
	if !reflect.DeepEqual(p.Values["path"], []string{"a", "b"}) {
		t.Errorf("paths %v", p.Values["path"])
	}
	if !p.Flags["ignore-descriptions"] {
		t.Error("flag not set")
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string][]string{
		"Unknown option `--strict`.":                                 {"--strict"},
		"Unknown option `-x`.":                                       {"-x"},
		"Option `--format` needs a value.":                           {"--format"},
		"Option `--ignore-descriptions` takes no value (got `yes`).": {"--ignore-descriptions=yes"},
	}
	for want, args := range cases {
		_, err := Parse(args, specs)
		if err == nil || err.Error() != want {
			t.Errorf("%v: got %v, want %s", args, err, want)
		}
	}
	if _, err := Parse([]string{"--format", "--help"}, specs); err == nil {
		t.Error("a value that looks like an option must be refused")
	}
}

func TestHelpAndFormatScan(t *testing.T) {
	p, err := Parse([]string{"x", "-h"}, specs)
	if err != nil || !p.Help {
		t.Fatal("help not seen")
	}
	if !WantsJSON([]string{"--bogus", "--format=json"}) || WantsJSON([]string{"--format", "text"}) {
		t.Error("WantsJSON")
	}
}
