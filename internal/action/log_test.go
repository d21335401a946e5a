package action

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"
)

// TextFrom writes what Text writes for the same text, whether it comes in
// one piece or many, with or without a final newline; nothing for nothing.
// Under Actions only the random fence token may differ.
func TestTextFromWritesWhatTextWrites(t *testing.T) {
	token := regexp.MustCompile(`schemaport-[0-9a-f]{32}`)
	for _, commands := range []bool{false, true} {
		for _, text := range []string{"", "one line", "two\nlines\n", "::error::not a command\n##[error]x"} {
			for _, title := range []string{"", "Check"} {
				var want, got bytes.Buffer
				(&Log{W: &want, Commands: commands}).Text(title, text)
				err := (&Log{W: &got, Commands: commands}).TextFrom(title, func(w io.Writer) error {
					for _, piece := range strings.SplitAfter(text, "n") {
						io.WriteString(w, piece)
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				w, g := token.ReplaceAllString(want.String(), "T"), token.ReplaceAllString(got.String(), "T")
				if w != g {
					t.Errorf("commands=%v title=%q text=%q:\n%q\nwant\n%q", commands, title, text, g, w)
				}
			}
		}
	}
}
