package textsafe

import (
	"bytes"
	"strings"
	"testing"
)

// What the runner would read as a command (actions/runner
// ActionCommand.TryParseV2 trims leading whitespace, TryParse finds `##[`
// anywhere) reaches the log broken; everything else passes byte for byte.
func TestSafeLogText(t *testing.T) {
	cases := map[string]string{
		"::error::x.json:1:2: error code msg\n":         ": :error::x.json:1:2: error code msg\n",
		"  ::warning::indented\n":                       "  : :warning::indented\n",
		"\u00a0\u3000::notice::unicode spaces\n":        "\u00a0\u3000: :notice::unicode spaces\n",
		"ok line\r::error::after a CR\n":                "ok line\r: :error::after a CR\n",
		"Tool: ##[error]x and ##[add-mask]y\n":          "Tool: # #[error]x and # #[add-mask]y\n",
		"a::error::b is not at the start\n":             "a::error::b is not at the start\n",
		"✓ plain\n  23 | \"name\": \"x\",\n":            "✓ plain\n  23 | \"name\": \"x\",\n",
		":single colon\n":                               ":single colon\n",
		"no newline at the end ::x":                     "no newline at the end ::x",
		"::":                                            ": :",
		"\u200b::error::zero width is not whitespace\n": "\u200b::error::zero width is not whitespace\n",
	}
	for in, want := range cases {
		if got := SafeLogText(in); got != want {
			t.Errorf("%q:\n got  %q\n want %q", in, got, want)
		}
		// The same through the writer, one byte at a time.
		var b bytes.Buffer
		w := NewLogWriter(&b)
		for i := 0; i < len(in); i++ {
			w.Write([]byte{in[i]})
		}
		w.Flush()
		if b.String() != want {
			t.Errorf("%q byte by byte:\n got  %q\n want %q", in, b.String(), want)
		}
	}
}

// A large clean output goes through unchanged, in few writes.
func TestLogWriterPassesCleanText(t *testing.T) {
	text := strings.Repeat("tools/a.json:1:2: error openai/x message [openai]\n", 10000)
	var b bytes.Buffer
	w := NewLogWriter(&b)
	w.Write([]byte(text[:1000]))
	w.Write([]byte(text[1000:]))
	w.Flush()
	if b.String() != text {
		t.Fatal("clean text changed")
	}
}

// A JSON document keeps its values: `##[` becomes the escape of the same
// string, wherever the writes split it.
func TestJSONLogWriter(t *testing.T) {
	in := "{\n  \"name\": \"##[error]x ##[add-mask]y\",\n  \"n\": 1\n}\n"
	want := "{\n  \"name\": \"##\\u005berror]x ##\\u005badd-mask]y\",\n  \"n\": 1\n}\n"
	var b bytes.Buffer
	w := NewJSONLogWriter(&b)
	for i := 0; i < len(in); i++ {
		w.Write([]byte{in[i]})
	}
	w.Flush()
	if b.String() != want {
		t.Errorf("got %q\nwant %q", b.String(), want)
	}
}
