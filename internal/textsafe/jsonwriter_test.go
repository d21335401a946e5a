package textsafe

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// A JSON document keeps its value byte for byte but for `##[`, written
// in whatever pieces it comes.
func TestJSONWriterEscapesLegacyCommands(t *testing.T) {
	doc := `{"description": "##[set-output name=result;]pass ### #[ ##", "n": 1, "tail": "##"}` + "\n"
	var want any
	if err := json.Unmarshal([]byte(doc), &want); err != nil {
		t.Fatal(err)
	}
	for size := 1; size <= len(doc); size++ {
		var out bytes.Buffer
		w := NewJSONWriter(&out)
		for i := 0; i < len(doc); i += size {
			w.Write([]byte(doc[i:min(len(doc), i+size)]))
		}
		w.Flush()
		if strings.Contains(out.String(), "##[") {
			t.Fatalf("pieces of %d: %s", size, out.String())
		}
		var got any
		if err := json.Unmarshal(out.Bytes(), &got); err != nil || !equalJSON(got, want) {
			t.Fatalf("pieces of %d: %s (%v)", size, out.String(), err)
		}
		if strings.Count(out.String(), "#") != strings.Count(doc, "#") {
			t.Fatalf("pieces of %d lost or added a #: %s", size, out.String())
		}
	}
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
