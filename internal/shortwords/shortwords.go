// Package shortwords packs a short string into two machine words, for
// tables that look strings up by content without hashing or comparing
// their bytes one by one (the providers' keyword tables, the token
// counter's cache of short keys and values).
package shortwords

import (
	"encoding/binary"
	"unsafe"
)

// Max is the longest string whose words hold all of it.
const Max = 16

// Of returns the first and last 8 bytes of s (overlapping when it is
// shorter than 16), its first and last 4, or each byte, without reading
// past its end: with len(s), they hold every byte of a string of up to
// Max bytes, so two such strings of one length differ in their words
// when they differ at all.
func Of(s string) (a, b uint64) {
	n := len(s)
	p := unsafe.StringData(s)
	switch {
	case n >= 8:
		a = binary.LittleEndian.Uint64(unsafe.Slice(p, 8))
		b = binary.LittleEndian.Uint64(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(p), n-8)), 8))
	case n >= 4:
		a = uint64(binary.LittleEndian.Uint32(unsafe.Slice(p, 4)))
		b = uint64(binary.LittleEndian.Uint32(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(p), n-4)), 4)))
	case n > 0:
		a = uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16
	}
	return a, b
}
