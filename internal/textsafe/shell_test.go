package textsafe

import (
	"os/exec"
	"reflect"
	"strings"
	"testing"
)

func TestShellQuote(t *testing.T) {
	cases := map[string]string{
		"tools":            "tools",
		"tools/a-b_c.json": "tools/a-b_c.json",
		"":                 "''",
		"#hash":            "'#hash'",
		"a: b":             "'a: b'",
		"q'uote":           `'q'\''uote'`,
		"*star":            "'*star'",
		"$(rm -rf x)":      "'$(rm -rf x)'",
		"ünï":              "'ünï'",
	}
	for in, want := range cases {
		if got := ShellQuote(in); got != want {
			t.Errorf("%q: got %s want %s", in, got, want)
		}
	}
	// What a shell makes of the joined words is the words.
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	words := []string{"#hash", "*star", "a: b", "ok", "q'uote", "$HOME", "`x`", "a\nb", ""}
	out, err := exec.Command(sh, "-c", `for w in `+ShellJoin(words)+`; do printf '%s\0' "$w"; done`).Output()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00"); !reflect.DeepEqual(got, words) {
		t.Errorf("the shell read %q", got)
	}
}
