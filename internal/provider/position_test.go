package provider

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/tool"
)

// The positioner agrees with tool.Source.Position for offsets visited in
// any order: forward, backward, repeated, out of range, inside a
// byte-order mark, across multi-byte characters, invalid UTF-8, CRLF line
// ends and long lines. Offsets are where findings point: the start or end
// of a JSON token, always at an ASCII byte (or the end of the data), where
// counting characters piecewise and in one go agree.
func TestPositionerAgreesWithSource(t *testing.T) {
	texts := []string{
		"",
		"{}",
		"\ufeff{\"a\": 1,\n \"é\": [\n\t\"😀\", 2]\n}\n",
		"{\r\n  \"k\": \"\xff\xfe bad\",\r\n  \"v\": \"ok\"\r\n}",
		"\n\n\n",
		"\ufeff",
		"\ufeff\n",
		strings.Repeat(`{"k":"vé",`, 300) + "\n" + strings.Repeat("x", 100),
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for ti, text := range texts {
		src := &tool.Source{Path: "x.json", Data: []byte(text)}
		for round := 0; round < 20; round++ {
			p := newPositioner(src.Data)
			offsets := make([]int32, 60)
			for i := range offsets {
				offsets[i] = int32(rng.IntN(len(text)+5)) - 2
				if round%2 == 0 && i > 0 { // mostly ascending, as findings come
					offsets[i] = min(offsets[i-1]+int32(rng.IntN(40)), int32(len(text)+2))
				}
			}
			for _, off := range offsets {
				for off > 0 && int(off) < len(text) && text[off] >= 0x80 {
					off++ // to the next token boundary
				}
				line, col := src.Position(off)
				if got := p.at(off); got != (position{line, col}) {
					t.Fatalf("text %d, offset %d: got %+v, Source says %d:%d", ti, off, got, line, col)
				}
			}
		}
	}
}
