package tool

import "bytes"

// SameText reports whether a and b are written with the same bytes in
// files of the same kind (both canonical, or both the same native
// format): then they load to equal values, and a memory compare of their
// text says so faster than a walk of both trees.
func SameText(a, b *Tool) bool {
	if a == nil || b == nil || a.Source == nil || b.Source == nil || a.Value == nil || b.Value == nil || (a.Native == nil) != (b.Native == nil) {
		return false
	}
	if a.Native != nil && *a.Native != *b.Native {
		return false
	}
	ra, ok1 := a.text()
	rb, ok2 := b.text()
	return ok1 && ok2 && bytes.Equal(ra, rb)
}

// text is the tool's own bytes in its file.
func (t *Tool) text() ([]byte, bool) {
	v := t.Value
	if v.Start < 0 || v.End <= v.Start || int(v.End) > len(t.Source.Data) {
		return nil, false
	}
	return t.Source.Data[v.Start:v.End], true
}
