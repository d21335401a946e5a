package shortwords

import (
	"math/rand/v2"
	"testing"
)

// Of keeps every byte of a short string: strings of one length that
// differ in any one byte differ in their words.
func TestWordsHoldEveryByte(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 1; n <= Max; n++ {
		for range 200 {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(rng.IntN(256))
			}
			a0, b0 := Of(string(b))
			for i := range b {
				c := append([]byte(nil), b...)
				c[i] ^= byte(1 + rng.IntN(255))
				if a1, b1 := Of(string(c)); a1 == a0 && b1 == b0 {
					t.Fatalf("%q and %q have the same words", b, c)
				}
			}
		}
	}
}
